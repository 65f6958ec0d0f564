"""`polo-review evidence pack|copy`: what leaves the case, the evidence pack (bilingual HTML report and
clips) and working copies of an original."""

from __future__ import annotations

import sys

from review_app._cli.evidence.common import case_of, common_options, edge


def register(evsub) -> None:
    common = common_options()
    p = evsub.add_parser("pack", parents=[common], help="write the evidence pack: bilingual HTML report and clips")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--out", required=True, metavar="DIR")
    p.add_argument("--margin", type=float, default=1.0, metavar="S",
                   help="seconds of play either side of a marked frame")
    p.set_defaults(func=edge(cmd_pack))

    p = evsub.add_parser("copy", parents=[common],
                         help="make a working copy of an original (recorded with its parent's hash)")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("evidence_id", metavar="EVIDENCE_ID")
    p.add_argument("--by", required=True, metavar="NAME")
    p.set_defaults(func=edge(cmd_copy))


def cmd_pack(args) -> int:
    from review_app.reports.evidence_pack import build_pack

    case = case_of(args)
    pack = build_pack(case, args.out, margin=args.margin)
    print(f"wrote {pack.html} ({len(pack.clips)} clips, manifest {pack.manifest.name})")
    print(f"integrity: {pack.verify.summary()}")
    if not pack.verify.intact:
        print("polo-review: warning: the case fails verification; the pack says so", file=sys.stderr)
    return 0


def cmd_copy(args) -> int:
    case = case_of(args)
    out = case.working_copy(args.evidence_id, args.by)
    print(f"working copy of {args.evidence_id}: {out} (derived from the original; the original is untouched)")
    return 0
