"""`polo-review evidence add|status|mark|decide|correct`: the case's entries, from receiving a video to the
decision (21.f(5)); every step an entry in the hash-chained case log."""

from __future__ import annotations

import json
import sys

from review_app._cli.evidence.common import case_of, common_options, edge, mark_options
from review_app.ground.roles import COMMAND_LINE


def register(evsub) -> None:
    common = common_options()
    for add_parser in (_add_parser, _attest_parser, _status_parser, _mark_parser, _decide_parser, _correct_parser):
        add_parser(evsub, common)


def _add_parser(evsub, common) -> None:
    p = evsub.add_parser("add", parents=[common],
                         help="receive a video: store it read-only by hash, record the receipt")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("file", metavar="FILE", help="the video presented")
    p.add_argument("--from", dest="presented_by", required=True, metavar="NAME", help="who presented it")
    p.add_argument("--received-by", required=True, metavar="NAME", help="who received it (umpire, referee, committee)")
    p.add_argument("--presented-to", choices=("umpire", "referee", "committee", "other"),
                   help="21.f(5): whom it was presented to (the --received-by person is an Umpire, the Referee, the "
                        "Host Tournament Committee, or someone else)")
    p.add_argument("--received-at", metavar="TIME",
                   help="when it was received, ISO 8601 with offset or Z (default: now), "
                        "e.g. 2026-06-15T09:30:00-03:00")
    p.add_argument("--tz", metavar="ZONE",
                   help="IANA zone for a --received-at given without offset, e.g. America/New_York")
    p.add_argument("--attest-as", choices=("umpire", "referee", "committee"), metavar="AUTHORITY",
                   help="the --received-by person, an Umpire, the Referee or a committee member, attests the "
                        "earlier --received-at time: without it the 24 hours count from now, the time recorded")
    p.set_defaults(func=edge(cmd_add))


def _attest_parser(evsub, common) -> None:
    p = evsub.add_parser("attest", parents=[common],
                         help="attest a receipt's claimed earlier time, so the 24 hours count from it")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--entry", type=int, required=True, metavar="N", help="the receipt's log entry")
    p.add_argument("--by", required=True, metavar="NAME")
    p.add_argument("--as", dest="authority", required=True, choices=("umpire", "referee", "committee"),
                   help="as whom --by attests (21.f(5): the Umpire(s), a Referee, the Host Tournament Committee)")
    p.set_defaults(func=edge(cmd_attest))


def _status_parser(evsub, common) -> None:
    p = evsub.add_parser("status", parents=[common], help="deadline, time left, evidence, marks and decision")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=edge(cmd_status))


def _mark_parser(evsub, common) -> None:
    p = evsub.add_parser("mark", parents=[common], help="mark the frames that show the excused mount being played")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("evidence_id", metavar="EVIDENCE_ID", help="e.g. ev1 (see `evidence status`)")
    mark_options(p, required=True)
    p.add_argument("--by", required=True, metavar="NAME")
    p.set_defaults(func=edge(cmd_mark))


def _decide_parser(evsub, common) -> None:
    p = evsub.add_parser("decide", parents=[common], help="record the decision; the case is locked after it")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--decision", required=True, choices=("forfeiture", "not-proven", "out-of-time"))
    p.add_argument("--by", required=True, metavar="NAME")
    p.add_argument("--as", dest="authority", metavar="AUTHORITY",
                   help="as whom --by decides: umpire, referee or committee, the authorities 21.f(5) names "
                        "(anyone else is refused)")
    p.add_argument("--reason", metavar="TEXT", help="required for not-proven")
    p.set_defaults(func=edge(cmd_decide))


def _correct_parser(evsub, common) -> None:
    p = evsub.add_parser("correct", parents=[common], help="append a correction of an entry (never an edit)")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--entry", type=int, required=True, metavar="N", help="the log entry corrected")
    p.add_argument("--by", required=True, metavar="NAME")
    p.add_argument("--reason", required=True, metavar="TEXT")
    p.add_argument("--decision", choices=("forfeiture", "not-proven", "out-of-time"), help="the corrected decision")
    p.add_argument("--as", dest="authority", metavar="AUTHORITY",
                   help="with --decision: as whom --by decides (umpire, referee or committee)")
    p.add_argument("--withdraw", action="store_true", help="withdraw the marks made by entry N")
    p.add_argument("--evidence", dest="evidence_id", metavar="EVIDENCE_ID", help="add marks of this evidence")
    mark_options(p, required=False)
    p.set_defaults(func=edge(cmd_correct))


# -- evidence -------------------------------------------------------------------------------------------
def cmd_add(args) -> int:
    from review_app.evidence import EvidenceError, window

    if args.tz and not args.received_at:
        raise EvidenceError("--tz says which zone a --received-at time is in; without --received-at the receipt "
                            "is now, so give both or neither")
    case = case_of(args)
    received = window.parse_time(args.received_at, args.tz) if args.received_at else None
    attest = (args.attest_as, COMMAND_LINE) if args.attest_as else None
    ev, duplicate = case.add(args.file, args.presented_by, args.received_by, received,
                             presented_to=args.presented_to, attest=attest)
    now = window.now_utc()
    receipt = ev.receipts[-1]
    if duplicate:
        print(f"already received as {ev.id} (sha256 {ev.sha256}); this presentation is recorded against it "
              f"(entry {receipt['seq']})")
        restored = case.state().entry(receipt["seq"])["data"].get("restored_original")
        if restored:
            print(f"the stored original {restored} was missing; these bytes have its hash and were stored in its place")
    else:
        print(f"received {ev.id}: sha256 {ev.sha256}, {ev.size} bytes, "
              f"stored read-only as {case.folder.path / ev.stored}")
    to = f" ({receipt['presented_to']})" if receipt.get("presented_to") else ""
    print(f"received at {receipt['received_at']} from {receipt['presented_by']} by {receipt['received_by']}{to}")
    print(_times_line(receipt))
    deadline, end = case.deadline(), case.game_end()
    if receipt["in_time"]:
        taken = window.from_utc_text(receipt["received_at"])
        before_end = (f"; that is {window.duration_text((end - taken).total_seconds())}"
                      " before the game's recorded end" if taken < end else "")
        print(f"in time: {window.duration_text(receipt['margin_s'])} before the deadline {window.utc_text(deadline)} "
              f"(21.f(5)){before_end}; now {window.time_left(deadline, now)}")
    else:
        print(f"LATE: {window.duration_text(receipt['margin_s'])} after the deadline {window.utc_text(deadline)}; "
              "recorded, but under 21.f(5) it cannot ground a forfeiture")
    if duplicate and (ev.earliest["seq"] == receipt["seq"] or ev.in_time != receipt["in_time"]):
        first = ev.earliest
        print(f"{ev.id} counts as presented {first['received_at']} (entry {first['seq']}), its earliest presentation "
              f"on record: {'in time' if ev.in_time else 'late'}")
    state = case.state()
    if state.decision:
        d = state.decision
        print(f"note: the case is decided ({d.decision}, entry {d.seq}); "
              "this receipt is recorded and changes no decision")
    return 0


def _times_line(receipt: dict) -> str:
    """Both times of a receipt: the one the server recorded, and the earlier one claimed (attested or not)."""
    line = f"recorded {receipt['recorded']} (the server's clock)"
    if receipt.get("claimed_at"):
        a = receipt.get("attested")
        line += (f"; claimed received {receipt['claimed_at']}, attested by {a['by']} as {a['as']} (entry {a['seq']}): "
                 "the 24 hours count from the claim" if a else
                 f"; claimed received {receipt['claimed_at']}, NOT attested: the 24 hours count from the time "
                 f"recorded (`polo-review evidence attest --entry {receipt['seq']}`)")
    return line


def cmd_attest(args) -> int:
    from review_app.evidence import window

    case = case_of(args)
    entry = case.attest_receipt(args.entry, args.by, args.authority, COMMAND_LINE)
    d = entry["data"]
    state = "in time" if d["in_time"] else "LATE"
    print(f"entry {entry['seq']}: {entry['by']} as {d['as']} attests that the receipt of entry {d['receipt']} "
          f"({d['evidence']}) was made at {d['claimed_at']}; judged from it: {state} "
          f"({window.duration_text(d['margin_s'])} {'before' if d['in_time'] else 'after'} the deadline)")
    return 0


def _status_dict(case) -> dict:
    from review_app.evidence import window

    state = case.state()
    deadline, now = case.deadline(), window.now_utc()
    limit = window.window_after(case.game_end())
    return {
        "match": case.doc.match_id, "game_end_utc": window.utc_text(case.game_end()),
        "deadline_utc": window.utc_text(deadline),
        "now_utc": window.utc_text(now), "seconds_left": int((deadline - now).total_seconds()),
        "window": {"seconds": limit.value, "clause": limit.clause, "quote": limit.quote},
        "evidence": [{"id": e.id, "sha256": e.sha256, "received_at": e.received_at, "presented_by": e.presented_by,
                      "received_by": e.received_by, "presented_to": e.presented_to, "in_time": e.in_time,
                      "margin_s": e.margin_s, "video": e.video,
                      "recorded_at": e.recorded, "claimed_at": e.claimed_at, "attested": e.attested,
                      "receipts": e.receipts, "earliest_receipt": e.earliest,
                      "stored": str(case.folder.path / e.stored)}
                     for e in state.evidence.values()],
        "marks": [{"entry": m.seq, "evidence": m.evidence, "frames": m.frames, "excusal": m.excusal, "mount": m.mount,
                   "clause": m.clause, "by": m.by, "at": m.at, "note": m.note, "withdrawn_by": m.withdrawn_by}
                  for m in state.marks],
        "decision": ({"entry": state.decision.seq, "by": state.decision.by, "at": state.decision.at,
                      **state.decision.data} if state.decision else None),
        "locked": state.locked,
        "corrections": state.corrections,
        "log": {"entries": len(state.entries), "head": state.head, "path": str(case.log.path)},
        "opened_with_end_time_utc": (state.opened or {}).get("end_time_utc"),
    }


def cmd_status(args) -> int:
    from review_app.evidence import window

    case = case_of(args)
    s = _status_dict(case)
    if args.json:
        print(json.dumps(s, indent=2, ensure_ascii=False))
        return 0
    deadline = window.from_utc_text(s["deadline_utc"])
    print(f"match {s['match']}: game ended {s['game_end_utc']}")
    opened = s["opened_with_end_time_utc"]
    if opened and opened != s["game_end_utc"]:
        print(f"polo-review: warning: the case was opened with the game's end at {opened}; the receipts were "
              "judged against that", file=sys.stderr)
    print(f"deadline {s['deadline_utc']} ({s['window']['clause']}: {s['window']['quote']}); "
          f"{window.time_left(deadline, window.from_utc_text(s['now_utc']))}")
    if not s["evidence"]:
        print("evidence: none received")
    for e in s["evidence"]:
        when = (f"in time, {window.duration_text(e['margin_s'])} before the deadline" if e["in_time"]
                else f"LATE by {window.duration_text(e['margin_s'])}: cannot ground a forfeiture")
        to = f" ({e['presented_to']})" if e.get("presented_to") else ""
        if e.get("presented_to") == "other":
            when += "; presented to someone else (21.f(5)): cannot ground a forfeiture"
        print(f"  {e['id']}  received {e['received_at']} from {e['presented_by']} by {e['received_by']}{to}  {when}")
        print(f"       {_times_line(e['earliest_receipt'])}")
        print(f"       sha256 {e['sha256']}  {e['video']['frame_count']} frames, {e['video']['duration_s']:.3f} s")
        if len(e["receipts"]) > 1:  # every presentation, with the entry that recorded it and when
            for r in e["receipts"]:
                print(f"       presented {r['received_at']} by {r['presented_by']} to {r['received_by']}: "
                      f"{'in time' if r['in_time'] else 'late'} (entry {r['seq']}, recorded {r['recorded']})")
    for m in s["marks"]:
        frames = ", ".join(f"{f['frame']} ({f['time_s']:.3f} s)" for f in m["frames"])
        about = (f"excusal {m['excusal']}: {m['mount']} ({m['clause']})" if m["excusal"]
                 else f"{m['mount']} (never excused)")
        gone = f"  [withdrawn by entry {m['withdrawn_by']}]" if m["withdrawn_by"] else ""
        print(f"  mark #{m['entry']}  {m['evidence']} frames {frames} -> {about}, by {m['by']}{gone}")
    d = s["decision"]
    if d:
        extra = f": {d['reason']}" if d.get("reason") else ""
        authority = f" as {d['authority']}" if d.get("authority") else ""
        print(f"decision: {d['decision']} ({d['clause']}) by {d['by']}{authority} at {d['at']} (entry {d['entry']})"
              f"{extra}; case locked")
    else:
        print("decision: none yet")
    for c in s["corrections"]:
        print(f"  correction #{c['seq']} of entry {c['corrects']} by {c['by']}: {c['reason']}")
    print(f"log: {s['log']['entries']} entries, head {s['log']['head']}")
    return 0


def cmd_mark(args) -> int:
    case = case_of(args)
    m = case.mark(args.evidence_id, args.frames, args.by, excusal=args.excusal, mount=args.mount, note=args.note)
    frames = ", ".join(f"{f['frame']} at {f['time_s']:.3f} s" for f in m.frames)
    about = (f"excusal {m.excusal} ({m.mount}, {m.clause})" if m.excusal
             else f"{m.mount}, which was never excused in this match: these marks cannot ground a forfeiture")
    print(f"entry {m.seq}: marked {m.evidence} frames {frames} -> {about}")
    return 0


def cmd_decide(args) -> int:
    case = case_of(args)
    d = case.decide(args.decision, args.by, args.reason, authority=args.authority)
    print(f"entry {d.seq}: decision {d.decision} ({d.data['clause']}) by {d.by} as {d.data['authority']} at {d.at}; "
          "the case is now locked")
    if d.data.get("mandatory"):
        teams = ", ".join(t["name"] for t in d.data["forfeiting_teams"])
        print(f"forfeiture by {teams}: under 21.f(5) this penalty must be exacted")
    return 0


def cmd_correct(args) -> int:
    case = case_of(args)
    entry = case.correct(args.entry, args.by, args.reason, decision=args.decision, withdraw=args.withdraw,
                         evidence_id=args.evidence_id, frames=args.frames, excusal=args.excusal, mount=args.mount,
                         note=args.note, authority=args.authority)
    d = entry["data"]
    what = [f"withdraws the marks of entry {d['corrects']}"] if d.get("withdraw") else []
    if d.get("marks"):
        what.append(f"adds marks of {d['marks']['evidence']}")
    if d.get("decision"):
        what.append(f"corrected decision {d['decision']['decision']}")
    print(f"entry {entry['seq']}: correction of entry {d['corrects']} by {entry['by']}"
          + (f" ({'; '.join(what)})" if what else ""))
    return 0
