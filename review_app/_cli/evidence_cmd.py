"""`polo-review mounts MATCH` and `polo-review evidence add|status|mark|decide|correct|verify|repair|pack|copy`:
the mount register and the post-game evidence process of 21.f(5), over review_app.evidence.

MATCH is a match document's path, or a match id looked up in the annotations folder.
"""

from __future__ import annotations

import argparse
import json
import sys

ALSO = 5  # problems listed after the first; a deleted entry makes every later one a problem too


def _annotations() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--annotations", metavar="DIR", help="where match ids are looked up (default ./annotations)")
    return p


def _edge(func):
    """The store's file system refusing (permissions, a full disk) is the user's to fix: one line."""
    import functools

    @functools.wraps(func)
    def run(args) -> int:
        from review_app.errors import PoloReviewError

        try:
            return func(args)
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            raise PoloReviewError(exc.strerror or str(exc), path=exc.filename) from None

    return run


def _one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """A wrong or missing argument is one line on stderr and exit 2, like every other user error here."""
    name = parser.prog.removeprefix("polo-review ")

    def error(message: str):
        parser.exit(2, f"polo-review: error: {name}: {message} (see {parser.prog} --help)\n")

    parser.error = error
    return parser


def _common() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False, parents=[_annotations()])
    p.add_argument("--store", metavar="LOCATION",
                   help="evidence store: a folder, or a postgresql:// URL (then MATCH ids are looked up there too; "
                        "default: the store $POLO_REVIEW_STORE names, else $POLO_REVIEW_EVIDENCE, else "
                        "./evidence_store)")
    return p


def register(sub) -> None:
    common = _common()
    p = sub.add_parser("mounts", parents=[_annotations()], help="the mount register of a match (21.f(5))",
                       description="Every mount each player rode, each excusal with its clause and moment, and "
                                   "any later appearance of an excused mount.")
    p.add_argument("match", metavar="MATCH", help="match document path, or match id")
    p.add_argument("--json", action="store_true", help="print the register as JSON")
    p.set_defaults(func=_edge(cmd_mounts))

    ev = sub.add_parser("evidence", help="post-game evidence and forfeiture (21.f(5))",
                        description="Receive, review and decide post-game evidence of a returned excused mount; "
                                    "every step is an entry in a hash-chained case log.")
    evsub = ev.add_subparsers(dest="evidence_command", metavar="SUBCOMMAND", required=True)

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
    p.set_defaults(func=_edge(cmd_add))

    p = evsub.add_parser("status", parents=[common], help="deadline, time left, evidence, marks and decision")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_edge(cmd_status))

    p = evsub.add_parser("mark", parents=[common], help="mark the frames that show the excused mount being played")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("evidence_id", metavar="EVIDENCE_ID", help="e.g. ev1 (see `evidence status`)")
    _mark_options(p, required=True)
    p.add_argument("--by", required=True, metavar="NAME")
    p.set_defaults(func=_edge(cmd_mark))

    p = evsub.add_parser("decide", parents=[common], help="record the decision; the case is locked after it")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--decision", required=True, choices=("forfeiture", "not-proven", "out-of-time"))
    p.add_argument("--by", required=True, metavar="NAME")
    p.add_argument("--as", dest="authority", metavar="AUTHORITY",
                   help="as whom --by decides: umpire, referee or committee, the authorities 21.f(5) names "
                        "(anyone else is refused)")
    p.add_argument("--reason", metavar="TEXT", help="required for not-proven")
    p.set_defaults(func=_edge(cmd_decide))

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
    _mark_options(p, required=False)
    p.set_defaults(func=_edge(cmd_correct))

    p = evsub.add_parser("verify", parents=[common], help="re-hash the originals and the log's chain")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--head", metavar="HASH",
                   help="a head hash kept outside the store (pack, printout, e-mail): detects a log cut or rewritten")
    p.add_argument("--against", metavar="FILE",
                   help="an earlier copy of the case log (e.g. PACK/case.jsonl): names the first entry changed since")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_edge(cmd_verify))

    p = evsub.add_parser("repair", parents=[common],
                         help="set aside a last line cut by an interrupted append, and record the repair",
                         description="When a crash or a kill interrupted an append, the case log ends in a cut line "
                                     "and nothing more is recorded. This keeps the cut bytes in a read-only file of "
                                     "the case folder (repairs/), puts the log back to its last complete entry and "
                                     "appends a repair entry saying so. Any other damage is refused and left as "
                                     "found for `evidence verify`.")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--by", required=True, metavar="NAME", help="who is repairing it")
    p.set_defaults(func=_edge(cmd_repair))

    p = evsub.add_parser("pack", parents=[common], help="write the evidence pack: bilingual HTML report and clips")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("--out", required=True, metavar="DIR")
    p.add_argument("--margin", type=float, default=1.0, metavar="S",
                   help="seconds of play either side of a marked frame")
    p.set_defaults(func=_edge(cmd_pack))

    p = evsub.add_parser("copy", parents=[common],
                         help="make a working copy of an original (recorded with its parent's hash)")
    p.add_argument("match", metavar="MATCH")
    p.add_argument("evidence_id", metavar="EVIDENCE_ID")
    p.add_argument("--by", required=True, metavar="NAME")
    p.set_defaults(func=_edge(cmd_copy))

    for parser in (sub.choices["mounts"], ev, *evsub.choices.values()):
        _one_line_errors(parser)


def _mark_options(p, required: bool) -> None:
    p.add_argument("--frame", dest="frames", type=int, action="append", required=required, metavar="N",
                   help="a frame number (0-based); repeat for more")
    what = p.add_mutually_exclusive_group(required=required)
    what.add_argument("--excusal", metavar="EVENT_ID", help="the excusal in the mount register the frames show")
    what.add_argument("--mount", metavar="NAME", help="the mount the frames show, by name")
    p.add_argument("--note", metavar="TEXT")


def _database(args) -> str | None:
    """The database the evidence is kept in, if it is one: --store URL, else a $POLO_REVIEW_STORE URL."""
    from review_app.store import configured, is_database

    where = getattr(args, "store", None) or configured()
    return where if where and is_database(where) else None


def _where_matches(args):
    """Where MATCH ids are looked up: the database's documents when the store is one, else --annotations."""
    from review_app.store import open_store

    url = _database(args)
    if url and not getattr(args, "annotations", None):
        return open_store(url).matches
    return args.annotations


def _case(args):
    from review_app._cli.documents import match_named
    from review_app.evidence import EvidenceCase
    from review_app.store import open_evidence

    return EvidenceCase(match_named(args.match, _where_matches(args)), open_evidence(args.store))


def _table(rows: list[list[str]], indent: str = "  ") -> str:
    if not rows:
        return ""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows)


# -- mounts -------------------------------------------------------------------------------------------
def cmd_mounts(args) -> int:
    from review_app._cli.documents import match_named
    from review_app.model.mounts import mount_register
    from review_app.textsafe import for_terminal

    doc = match_named(args.match, _where_matches(args))
    reg = mount_register(doc)
    if args.json:
        print(json.dumps(reg.to_dict(), indent=2, ensure_ascii=False))
        return 0
    say = lambda text: print(for_terminal(text))  # names are typed by people: no terminal controls
    say(f"mount register of match {doc.match_id} ({doc.path})")
    rows = [["MOUNT", "RIDDEN BY", "SEEN IN EVENTS"]]
    for m in reg.mounts.values():
        rows.append([m.mount, ", ".join(f"{t} #{n}" for t, n in m.riders) or "-",
                     ", ".join(s.event for s in m.sightings) or "-"])
    say("mounts\n" + _table(rows) if len(rows) > 1 else "mounts: none named")
    rows = [["EVENT", "MOUNT", "CLAUSE", "PLAYER", "PERIOD", "CLOCK", "FRAME", "TIME", "SEEN AGAIN"]]
    for e in reg.excusals:
        seen = ", ".join(f"{s.event} (frame {s.frame}, {s.team or '?'} #{s.number or '?'})" for s in e.returned)
        rows.append([e.event, e.mount, e.clause, f"{e.team} #{e.number}" if e.team else "-", str(e.period or "-"),
                     e.clock or "-", str(e.frame), f"{e.time_s:.3f}", seen or "-"])
    say("excusals\n" + _table(rows) if len(rows) > 1 else "excusals: none")
    if reg.unnamed_excusals:
        say(f"excused but not named (cannot be followed): {', '.join(reg.unnamed_excusals)}")
    return 0


# -- evidence -------------------------------------------------------------------------------------------
def cmd_add(args) -> int:
    from review_app.evidence import EvidenceError, window

    if args.tz and not args.received_at:
        raise EvidenceError("--tz says which zone a --received-at time is in; without --received-at the receipt "
                            "is now, so give both or neither")
    case = _case(args)
    received = window.parse_time(args.received_at, args.tz) if args.received_at else None
    ev, duplicate = case.add(args.file, args.presented_by, args.received_by, received,
                             presented_to=args.presented_to)
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


def _status_dict(case) -> dict:
    from review_app.evidence import window

    state = case.state()
    deadline, now = case.deadline(), window.now_utc()
    return {
        "match": case.doc.match_id, "game_end_utc": window.utc_text(case.game_end()),
        "deadline_utc": window.utc_text(deadline),
        "now_utc": window.utc_text(now), "seconds_left": int((deadline - now).total_seconds()),
        "window": {"seconds": window.WINDOW.value, "clause": window.WINDOW.clause},
        "evidence": [{"id": e.id, "sha256": e.sha256, "received_at": e.received_at, "presented_by": e.presented_by,
                      "received_by": e.received_by, "presented_to": e.presented_to, "in_time": e.in_time,
                      "margin_s": e.margin_s, "video": e.video,
                      "receipts": e.receipts, "stored": str(case.folder.path / e.stored)}
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

    case = _case(args)
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
    print(f"deadline {s['deadline_utc']} ({window.WINDOW.clause}: {window.WINDOW.quote}); "
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
    case = _case(args)
    m = case.mark(args.evidence_id, args.frames, args.by, excusal=args.excusal, mount=args.mount, note=args.note)
    frames = ", ".join(f"{f['frame']} at {f['time_s']:.3f} s" for f in m.frames)
    about = (f"excusal {m.excusal} ({m.mount}, {m.clause})" if m.excusal
             else f"{m.mount}, which was never excused in this match: these marks cannot ground a forfeiture")
    print(f"entry {m.seq}: marked {m.evidence} frames {frames} -> {about}")
    return 0


def cmd_decide(args) -> int:
    case = _case(args)
    d = case.decide(args.decision, args.by, args.reason, authority=args.authority)
    print(f"entry {d.seq}: decision {d.decision} ({d.data['clause']}) by {d.by} as {d.data['authority']} at {d.at}; "
          "the case is now locked")
    if d.data.get("mandatory"):
        teams = ", ".join(t["name"] for t in d.data["forfeiting_teams"])
        print(f"forfeiture by {teams}: under 21.f(5) this penalty must be exacted")
    return 0


def cmd_correct(args) -> int:
    case = _case(args)
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


def _folder(args):
    """The case folder of MATCH: found through its match document, or by the id its folder carries."""
    from pathlib import Path

    from review_app._cli.documents import match_named
    from review_app.errors import PoloReviewError
    from review_app.evidence import store_root
    from review_app.model.document import MATCH_ID
    from review_app.store import open_evidence

    try:
        match_id = match_named(args.match, _where_matches(args)).match_id
    except PoloReviewError:
        # A case can be checked (or repaired) without its match document, by the id its folder carries (a match
        # id as the schema allows it: a plain folder name, never a path).
        if not MATCH_ID.match(args.match) or Path(args.match).suffix.lower() == ".json":
            raise
        if _database(args):
            if args.match not in open_evidence(args.store).cases():
                raise
        elif not (store_root(args.store) / args.match).is_dir():
            raise
        match_id = args.match
    return open_evidence(args.store).case(match_id)


def cmd_verify(args) -> int:
    from review_app.evidence import EvidenceError, verify_case
    from review_app.evidence.log import CUT
    from review_app.textsafe import for_terminal

    folder = _folder(args)
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
        for line in report.decider_lines():  # who decided, and how the tool knew it was them
            print(f"  decided: {for_terminal(line)}")
        if report.note():
            print(f"  {report.note()}")
    return 0 if report.intact else 1


def cmd_repair(args) -> int:
    from review_app.evidence import verify_case
    from review_app.evidence.repair import repair_log
    from review_app.textsafe import for_terminal

    folder = _folder(args)
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


def cmd_pack(args) -> int:
    from review_app.reports.evidence_pack import build_pack

    case = _case(args)
    pack = build_pack(case, args.out, margin=args.margin)
    print(f"wrote {pack.html} ({len(pack.clips)} clips, manifest {pack.manifest.name})")
    print(f"integrity: {pack.verify.summary()}")
    if not pack.verify.intact:
        print("polo-review: warning: the case fails verification; the pack says so", file=sys.stderr)
    return 0


def cmd_copy(args) -> int:
    case = _case(args)
    out = case.working_copy(args.evidence_id, args.by)
    print(f"working copy of {args.evidence_id}: {out} (derived from the original; the original is untouched)")
    return 0
