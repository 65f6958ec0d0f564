"""`polo-review evidence verify|repair`: re-hash a case's originals and its log's chain, and repair what
an interrupted write left."""

from __future__ import annotations

import json

from review_app._cli.evidence.common import ALSO, case_folder, common_options, edge


def register(evsub) -> None:
    common = common_options()
    p = evsub.add_parser("verify", parents=[common], help="re-hash the originals and the log's chain")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--head", metavar="HASH",
                   help="a head hash kept outside the store (pack, printout, e-mail): detects a log cut or rewritten")
    p.add_argument("--against", metavar="FILE",
                   help="an earlier copy of the case log (e.g. PACK/case.jsonl): names the first entry changed since")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=edge(cmd_verify))

    p = evsub.add_parser("repair", parents=[common],
                         help="set aside a last line cut by an interrupted append, and record the repair",
                         description="When a crash or a kill interrupted an append, the case log ends in a cut line "
                                     "and nothing more is recorded. This keeps the cut bytes in a read-only file of "
                                     "the case folder (repairs/), puts the log back to its last complete entry and "
                                     "appends a repair entry saying so. Any other damage is refused and left as "
                                     "found for `evidence verify`.")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--by", required=True, metavar="NAME", help="who is repairing it")
    p.set_defaults(func=edge(cmd_repair))


def cmd_verify(args) -> int:
    from review_app.evidence import EvidenceError, verify_case
    from review_app.evidence.log import CUT
    from review_app.textsafe import for_terminal

    folder = case_folder(args)
    match_id = folder.match_id
    report = verify_case(folder, head=args.head, against=args.against)
    if report.empty and not args.head and args.against is None:
        raise EvidenceError(f"no case of match {match_id} in the evidence store {folder.root}: no log and no "
                            "originals (is --store right? if a case was recorded there, it has been removed)")
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(report.summary())
        if [p.message for p in report.problems] == [CUT]:
            print(f"  an interrupted append left it: `polo-review evidence repair {match_id} --by NAME` sets the cut "
                  "line aside and records that it did")
        more = report.problems[1:]
        for p in more[:ALSO]:
            print(f"  also: {p}")
        if len(more) > ALSO:
            print(f"  ... and {len(more) - ALSO} more problems (--json lists them all)")
        for w in report.warnings:
            print(f"  warning: {for_terminal(w)}")  # a repair's warning names the person who made it
        for line in report.receipt_lines():  # the server's time of each receipt, and any time it claims
            print(f"  received: {for_terminal(line)}")
        for line in report.decider_lines():  # who decided, and how the tool knew it was them
            print(f"  decided: {for_terminal(line)}")
        if report.note():
            print(f"  {report.note()}")
    return 0 if report.intact else 1


def cmd_repair(args) -> int:
    from review_app.evidence import verify_case
    from review_app.evidence.repair import repair_log
    from review_app.textsafe import for_terminal

    folder = case_folder(args)
    done = repair_log(folder, args.by)
    e, d = done.entry, done.entry["data"]
    print(f"entry {e['seq']}: repair by {for_terminal(e['by'])} at {e['at']}: {d['cut_bytes']} bytes of an "
          f"interrupted append cut after entry {d['after_entry']}, kept read-only in {done.kept} "
          f"(sha256 {d['cut_sha256']})")
    for p in done.unrecorded:
        print(f"note: {p.relative_to(folder.path)} is stored but recorded by no entry: the interrupted append may "
              "have been its receipt; receive that file again (`polo-review evidence add`) to record it")
    print(f"integrity: {verify_case(folder).summary()}")
    return 0
