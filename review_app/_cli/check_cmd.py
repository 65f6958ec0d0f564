"""`polo-review check PATH... [--evidence CASES]` or `polo-review check --store LOCATION`
`[--format table|json|csv|html] [--out FILE]`: match documents checked against Rule 21, each match with its
21.f(5) evidence case (the store's, with --store; the cases under --evidence, for documents given by path)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from review_app.errors import PoloReviewError


def register(sub) -> None:
    p = sub.add_parser("check", help="check tagged calls against Rule 21",
                       description="Check match documents (files or folders) against Rule 21.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="match documents or folders of them (or --store)")
    p.add_argument("--store", metavar="LOCATION",
                   help="check every match this store keeps (a store folder or a postgresql:// URL), each with its "
                        "evidence case there, instead of PATHs")
    p.add_argument("--files", metavar="DIR",
                   help="with a database --store: the shared folder of its footage and evidence files "
                        "(default $POLO_REVIEW_FILES)")
    p.add_argument("--format", choices=("table", "json", "csv", "html"), default="table")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="language of the table's explanations")
    p.add_argument("--out", metavar="FILE", help="write the report here (atomically) instead of standard output")
    p.add_argument("--evidence", metavar="CASES", default=os.environ.get("POLO_REVIEW_EVIDENCE"),
                   help="with PATHs: the 21.f(5) evidence cases (a folder of cases, or a postgresql:// URL): a "
                        "match's case there settles the evidence's timing and a forfeiture decided after the game "
                        "(default: $POLO_REVIEW_EVIDENCE; with --store, the store's own cases are read)")
    p.add_argument("--no-stills", action="store_true",
                   help="HTML: leave out the stills of inconsistent calls (no footage is read)")
    p.set_defaults(func=run)


def run(args) -> int:
    from review_app.checker.formats import render, to_json_bytes
    from review_app.textsafe import for_terminal

    html = args.format == "html"  # the HTML report shows each event's notes and stills: the documents are kept
    result = _checked(args, keep_documents=html)
    for err in result.errors:
        print(for_terminal(f"polo-review: error: {err}"), file=sys.stderr)
    if result.errors and not result.matches and args.format != "json":
        return 2  # nothing could be read: the error lines say it all (no empty report of "0 documents")
    # JSON is written as the UTF-8 bytes it is made in; the other formats are text.
    if html:
        from review_app.reports.consistency import to_html

        data = to_html(result, stills=not args.no_stills)
    elif args.format == "json":
        data = to_json_bytes(result)
    else:
        data = render(result, args.format, args.lang)
    if args.out:
        from review_app.ground.files import atomic_write_bytes  # filelock and the store: only to write a file

        atomic_write_bytes(args.out, data if isinstance(data, bytes) else data.encode("utf-8"))
        print(f"wrote {args.out}: {len(result.events)} events, {len(result.findings)} findings", file=sys.stderr)
    elif isinstance(data, bytes):
        _write_bytes(data)
    else:
        # A table is read on a terminal; JSON escapes control characters itself, CSV is data.
        sys.stdout.write(for_terminal(data) if args.format == "table" else data)
    return 2 if result.errors else 0


def _checked(args, *, keep_documents: bool):
    """The check of the documents given: every match of --store with the store's cases, or PATHs with the
    cases of --evidence."""
    from review_app._cli.stores import evidence_of, store_at
    from review_app.checker import check_paths, check_scanned

    if args.store and args.paths:
        raise PoloReviewError("give PATHs or --store LOCATION, not both")
    if args.store:
        store = store_at(args.store, files=args.files)
        return check_scanned(store.matches.scan(), store.evidence, keep_documents=keep_documents)
    if not args.paths:
        raise PoloReviewError("say what to check: PATHs (match documents or folders) or --store LOCATION")
    for path in args.paths:
        if not Path(path).exists():
            raise PoloReviewError("no such file or folder", path=path)
    return check_paths(args.paths, evidence=evidence_of(args), keep_documents=keep_documents)


def _write_bytes(data: bytes) -> None:
    """Bytes to standard output: to its binary buffer, or decoded where it has none (a StringIO)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
        return
    sys.stdout.flush()  # anything written as text before goes first
    buffer.write(data)
    buffer.flush()
