"""`polo-review check PATH... [--format table|json|csv|html] [--out FILE]`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from review_app.errors import PoloReviewError


def register(sub) -> None:
    p = sub.add_parser("check", help="check tagged calls against Rule 21",
                       description="Check match documents (files or folders) against Rule 21.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="match documents or folders of them")
    p.add_argument("--format", choices=("table", "json", "csv", "html"), default="table")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="language of the table's explanations")
    p.add_argument("--out", metavar="FILE", help="write the report here (atomically) instead of standard output")
    p.add_argument("--evidence", metavar="DIR", default=os.environ.get("POLO_REVIEW_EVIDENCE"),
                   help="the 21.f(5) evidence store: a match's case there settles the evidence's timing and a "
                        "forfeiture decided after the game (default: $POLO_REVIEW_EVIDENCE)")
    p.set_defaults(func=run)


def run(args) -> int:
    from review_app.checker import check_paths
    from review_app.checker.formats import render
    from review_app.store.files import atomic_write_text
    from review_app.textsafe import for_terminal

    for path in args.paths:
        if not Path(path).exists():
            raise PoloReviewError("no such file or folder", path=path)
    result = check_paths(args.paths, evidence_root=args.evidence)
    for err in result.errors:
        print(for_terminal(f"polo-review: error: {err}"), file=sys.stderr)
    text = render(result, args.format, args.lang)
    if args.out:
        atomic_write_text(args.out, text)
        print(f"wrote {args.out}: {len(result.events)} events, {len(result.findings)} findings", file=sys.stderr)
    else:
        # A table is read on a terminal; JSON escapes control characters itself, CSV is data.
        sys.stdout.write(for_terminal(text) if args.format == "table" else text)
    return 2 if result.errors else 0
