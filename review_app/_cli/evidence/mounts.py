"""`polo-review mounts MATCH`: the mount register of a match (21.f(5))."""

from __future__ import annotations

import json

from review_app._cli.evidence.common import annotations_option, edge, table, where_matches


def register(sub) -> None:
    p = sub.add_parser("mounts", parents=[annotations_option()], help="the mount register of a match (21.f(5))",
                       description="Every mount each player rode, each excusal with its clause and moment, and "
                                   "any later appearance of an excused mount.")
    p.add_argument("match", metavar="MATCH", help="match document path, or match id")
    p.add_argument("--json", action="store_true", help="print the register as JSON")
    p.set_defaults(func=edge(cmd_mounts))


# -- mounts -------------------------------------------------------------------------------------------
def cmd_mounts(args) -> int:
    from review_app._cli.documents import match_named
    from review_app.model.mounts import mount_register
    from review_app.textsafe import for_terminal

    doc = match_named(args.match, where_matches(args))
    reg = mount_register(doc)
    if args.json:
        print(json.dumps(reg.to_dict(), indent=2, ensure_ascii=False))
        return 0
    say = lambda text: print(for_terminal(text))  # names are typed by people: no terminal controls
    say(f"mount register of match {doc.match_id} ({doc.path})")
    names = doc.team_names()  # the register keeps team ids (as --json gives them); the table names each team
    rows = [["MOUNT", "RIDDEN BY", "SEEN IN EVENTS"]]
    for m in reg.mounts.values():
        rows.append([m.mount, ", ".join(f"{names.get(t) or t} #{n}" for t, n in m.riders) or "-",
                     ", ".join(s.event for s in m.sightings) or "-"])
    say("mounts\n" + table(rows) if len(rows) > 1 else "mounts: none named")
    rows = [["EVENT", "MOUNT", "CLAUSE", "PLAYER", "PERIOD", "CLOCK", "FRAME", "TIME", "SEEN AGAIN"]]
    for e in reg.excusals:
        seen = ", ".join(f"{s.event} (frame {s.frame}, {names.get(s.team) or s.team or '?'} #{s.number or '?'})"
                         for s in e.returned)
        rows.append([e.event, e.mount, e.clause, f"{names.get(e.team) or e.team} #{e.number}" if e.team else "-",
                     str(e.period or "-"),
                     e.clock or "-", str(e.frame), f"{e.time_s:.3f}", seen or "-"])
    say("excusals\n" + table(rows) if len(rows) > 1 else "excusals: none")
    if reg.unnamed_excusals:
        say(f"excused but not named (cannot be followed): {', '.join(reg.unnamed_excusals)}")
    return 0
