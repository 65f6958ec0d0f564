"""`polo-review agreement PATH... [--tolerance S]`: agreement between the reviewers who tagged the same
matches (review_app.panels.agreement): raw agreement, Cohen's kappa, Krippendorff's alpha."""

from __future__ import annotations

import math
import sys


def register(sub) -> None:
    p = sub.add_parser("agreement", help="agreement between reviewers on a match or a season",
                       description="Match the reviewers' tags by time (within --tolerance seconds; a tag no other "
                                   "reviewer matched counts as a disagreement on the situation) and give raw "
                                   "agreement, Cohen's kappa (two reviewers) and Krippendorff's alpha (nominal) "
                                   "for the situation and each part of the call, overall and per situation.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="match documents or folders of them")
    p.add_argument("--tolerance", type=float, default=None, metavar="S",
                   help="seconds within which two reviewers' tags are the same incident (default 2)")
    p.add_argument("--reviewer", action="append", metavar="NAME", help="compare only these (repeat the option)")
    p.add_argument("--format", choices=("table", "csv", "units-csv"), default="table",
                   help="table, the statistics as CSV, or each matched unit as CSV")
    p.add_argument("--out", metavar="FILE", help="write here (atomically) instead of standard output")
    p.set_defaults(func=run)


def _num(value) -> str:
    return "—" if value is None else f"{value:.3f}"


def table(result) -> str:
    from review_app.panels.agreement import ALL

    lines = [f"{len(result.matches)} matches ({len(result.compared_matches)} reviewed by two or more), reviewers: "
             f"{', '.join(result.reviewers) or '(none)'}; "
             f"tags matched within {result.tolerance_s:g} s: {len(result.compared_units)} incidents compared, "
             f"{result.matched_units} tagged by two or more, {result.complete_units} by all"]
    for who in result.reviewers:
        lines.append(f"  {who}: {result.tags(who)} tags, {result.unmatched(who)} matched by no one else")
    if result.untagged_by:
        lines.append(f"  {len(result.untagged_by)} tags name no reviewer and are not compared")
    lines.append("")
    lines.append(f"{'scope':<26} {'field':<16} {'units':>5} {'raw':>6} {'kappa':>6} {'alpha':>6}")
    for r in result.rows:
        if r.scope != ALL and r.units == 0:
            continue
        lines.append(f"{r.scope:<26} {r.field:<16} {r.units:>5} {_num(r.raw):>6} {_num(r.kappa):>6} "
                     f"{_num(r.alpha):>6}")
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from review_app._cli.documents import read_documents
    from review_app.errors import PoloReviewError
    from review_app.ground.files import atomic_write_text
    from review_app.panels.agreement import DEFAULT_TOLERANCE_S, agreement, to_csv, units_csv
    from review_app.textsafe import for_terminal

    tolerance = DEFAULT_TOLERANCE_S if args.tolerance is None else args.tolerance
    if not math.isfinite(tolerance) or tolerance < 0:
        raise PoloReviewError(f"--tolerance {args.tolerance}: give seconds, 0 or more")
    docs, failed = read_documents(args.paths)
    result = agreement(docs, tolerance, args.reviewer)
    text = {"csv": to_csv, "units-csv": units_csv}.get(args.format, table)(result)
    if args.out:
        atomic_write_text(args.out, text)
        print(for_terminal(f"wrote {args.out}"), file=sys.stderr)
    else:
        sys.stdout.write(for_terminal(text) if args.format == "table" else text)
    return 2 if failed else 0
