"""`polo-review assess PATH... --umpire NAME`: an umpire's assessment over one match or a season, as
one self-contained HTML file or CSV, in English or Spanish (review_app.assessment)."""

from __future__ import annotations

import os
import sys


def register(sub) -> None:
    p = sub.add_parser("assess", help="an umpire's assessment report over a match or a season (HTML or CSV)",
                       description="The umpire's key incidents (call made, call the rule requires, correct or "
                                   "not, clear and obvious errors, required calls missed), counts by clause, the "
                                   "coach's development points and, over several matches, a trend.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="match documents or folders of them (a season)")
    p.add_argument("--umpire", metavar="NAME", help="the umpire assessed (without it: the umpires are listed)")
    p.add_argument("--reviewer", metavar="NAME", help="only this reviewer's tags (where several reviewers tagged the "
                                                      "same matches, an incident would count once per reviewer)")
    p.add_argument("--format", choices=("html", "csv"), default="html")
    p.add_argument("--lang", choices=("en", "es"), default="en")
    p.add_argument("--out", metavar="FILE", help="write here (atomically) instead of standard output")
    p.add_argument("--evidence", metavar="CASES", default=os.environ.get("POLO_REVIEW_EVIDENCE"),
                   help="the 21.f(5) evidence cases, a folder or a postgresql:// URL, as for `check` "
                        "(default: $POLO_REVIEW_EVIDENCE)")
    p.set_defaults(func=run)


def run(args) -> int:
    from review_app._cli.documents import read_documents
    from review_app._cli.stores import evidence_of
    from review_app.assessment.output import to_csv, to_html
    from review_app.assessment.report import assess, reviewers_of, umpires
    from review_app.errors import PoloReviewError
    from review_app.ground.files import atomic_write_text
    from review_app.textsafe import for_terminal

    docs, failed = read_documents(args.paths)
    known = umpires(docs)
    if not args.umpire or args.umpire not in known:
        said = f"no umpire {args.umpire!r} in these matches" if args.umpire else "name the umpire with --umpire"
        raise PoloReviewError(f"{said}; the umpires are: {', '.join(known) or '(none)'}")
    result = assess(docs, args.umpire, reviewer=args.reviewer, evidence=evidence_of(args))
    others = reviewers_of(docs, args.umpire)
    if args.reviewer is None and len(others) > 1:
        print(for_terminal(f"polo-review: warning: {', '.join(others)} all tagged {args.umpire}'s incidents; an "
                           "incident tagged by two counts twice (use --reviewer NAME)"), file=sys.stderr)
    teams = {d.match_id: d.team_names() for d in docs}
    text = to_html(result, args.lang, teams=teams) if args.format == "html" else to_csv(result, args.lang, teams=teams)
    if args.out:
        atomic_write_text(args.out, text)
        print(for_terminal(f"wrote {args.out}: {len(result.incidents)} incidents of {args.umpire} in "
                           f"{len(result.matches)} matches"), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 2 if failed else 0
