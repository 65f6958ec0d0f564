"""What the case log admits: the rules every entry obeys, given the case before it.

One set of rules with two users. Every operation (`case`, `repair`) asks `refusal` of the entry it is
about to append and writes nothing it refuses; `verify` (and every read of the case) replays the log
through the same `refusal`, entry by entry. So a log the operations wrote always passes, and a log
that fails was written by something else: a second decision after the case was locked, frames marked
on evidence never received, a correction of an entry that does not come before it, a decision outside
the vocabulary of 21.f(5), an entry by nobody, an entry of a type the tool never writes.

These are the rules the log can judge by itself. What an operation checks against the match document
(the excusal is in the mount register) or the footage (the frame's time) is judged when the entry is
made; verify needs neither the document nor a decoder, and a changed original is its own check.

    state, problems = replay(entries)   # problems: the entries the tool could not have written
    why = refusal(fold(entries), entry)  # None: the tool may append `entry`
"""

from __future__ import annotations

import copy
import re
from datetime import datetime, timedelta

from review_app.evidence import grounds, window
from review_app.evidence.errors import EvidenceError
from review_app.evidence.log import Problem
from review_app.evidence.state import (
    ATTESTED,
    CORRECTION,
    DECISION,
    DECISIONS,
    ENTRY_TYPES,
    FORFEITURE,
    MARKED,
    OPENED,
    RECEIPT_KEYS,
    RECEIVED,
    RECEIVED_AGAIN,
    REPAIR,
    WORKING_COPY,
    CaseState,
    Evidence,
    apply,
)
from review_app.ground.roles import VERIFIED
from review_app.i18n import Message
from review_app.rules.mounts import EXCUSING_CLAUSES

MAX_NAME = 200
MAX_NOTE = 5000

_SHA = re.compile(r"^[0-9a-f]{64}$")
_EXT = re.compile(r"^[A-Za-z0-9]{1,16}$")
# The file a repair keeps the cut bytes in, relative to the case folder (see `repair`).
KEPT = re.compile(r"^repairs/case\.jsonl\.cut-[0-9]{8}T[0-9]{6}Z(-[0-9]{1,4})?$")


def person(value: object) -> str | None:
    """A person's name as the log keeps it (spaces collapsed), or None if it is no name."""
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())
    return name if name and len(name) <= MAX_NAME else None


def _is_person(value: object) -> bool:
    return isinstance(value, str) and person(value) == value


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _time(value: object) -> datetime | None:
    """A UTC time as the log keeps it (ending in Z), or None."""
    if not isinstance(value, str) or not value.endswith("Z"):
        return None
    try:
        return window.from_utc_text(value)
    except ValueError:
        return None


def _malformed(*fields: str) -> Message:
    return Message("its data is not what the tool writes for this type of entry (look at: {fields})",
                   fields=", ".join(fields))


def _missing(data: dict, keys: tuple[str, ...]) -> Message | None:
    absent = [k for k in keys if k not in data]
    return _malformed(*absent) if absent else None


# -- the rules of each type ------------------------------------------------------------------------------
def _opened(state: CaseState, entry: dict, data: dict) -> Message | None:
    if state.opened is not None:  # before it `refusal` admits nothing but the repair of a cut first line
        return Message("opens the case again: only the first entry opens a case")
    if why := _missing(data, ("match_id", "end_time_utc", "deadline_utc")):
        return why
    end, deadline = _time(data["end_time_utc"]), _time(data["deadline_utc"])
    recorded = data.get("window")
    if not isinstance(data["match_id"], str) or not data["match_id"] or end is None or deadline is None:
        return _malformed("match_id", "end_time_utc", "deadline_utc", "window")
    seconds = recorded.get("seconds") if isinstance(recorded, dict) else window.window_after(end).value
    if not _number(seconds):
        return _malformed("match_id", "end_time_utc", "deadline_utc", "window")
    if deadline != end + timedelta(seconds=seconds):
        hours = format(seconds / 3600, "g")
        return Message("its deadline {deadline} is not {hours} hours after the game's end {end}",
                       deadline=data["deadline_utc"], end=data["end_time_utc"], hours=hours)
    return None


def _known(state: CaseState, evidence: object) -> Evidence | Message:
    ev = state.evidence.get(evidence) if isinstance(evidence, str) else None
    if ev is None:
        return Message("names evidence {ev}, which was never received (no earlier receipt entry records it)",
                       ev=str(evidence))
    return ev


def _same_file(ev: Evidence, sha: object, what: str = "sha256") -> Message | None:
    if sha != ev.sha256:
        return Message("gives {ev} the SHA-256 {got} ({what}), but {ev} was received with {sha}",
                       ev=ev.id, got=str(sha)[:16] + "...", sha=ev.sha256[:16] + "...", what=what)
    return None


def _receipt(state: CaseState, entry: dict, data: dict) -> Message | None:
    """What a receipt says of its own timing follows from its receipt time and the case's window."""
    if why := _missing(data, RECEIPT_KEYS):
        return why
    received = _time(data["received_at"])
    if received is None or not _is_person(data["presented_by"]) or not _is_person(data["received_by"]):
        return _malformed("received_at", "presented_by", "received_by")
    if data.get("presented_to", grounds.PRESENTED_TO[0]) not in grounds.PRESENTED_TO:
        return _malformed("presented_to")
    if entry["by"] != data["received_by"]:
        return Message("is made by {by}, but it says {who} received the evidence (a receipt is made by whoever "
                       "received it)", by=entry["by"], who=data["received_by"])
    at = _time(entry["at"])
    if received > at + window.FUTURE_TOLERANCE:
        return Message("records a receipt at {received}, later than the entry itself ({at})",
                       received=data["received_at"], at=entry["at"])
    if why := _claim(state, entry, data, received, at):
        return why
    end = _time(state.opened.get("end_time_utc"))
    timing = window.timing(end, received)
    if data["in_time"] is not timing.in_time or data["margin_s"] != timing.margin_s:
        return Message("says the evidence was received {said} ({margin} s), but {received} against the deadline "
                       "{deadline} is {truth} ({actual} s)",
                       said=_in_time(data["in_time"]), margin=str(data["margin_s"]),
                       received=data["received_at"], deadline=window.utc_text(timing.deadline),
                       truth=_in_time(timing.in_time), actual=str(timing.margin_s))
    return None


def _claim(state: CaseState, entry: dict, data: dict, received: datetime, at: datetime) -> Message | None:
    """From log format 2 a receipt counts from its entry's own time (the server's clock): an earlier time someone
    states is kept as `claimed_at`, and counts only once an identified authority attests it (`_attested`)."""
    claimed, attested = data.get("claimed_at"), data.get("attested")
    if claimed is not None and ((when := _time(claimed)) is None or when >= at):
        return Message("its claimed receipt time {claimed} is not a time before the entry itself ({at})",
                       claimed=repr(claimed), at=entry["at"])
    if attested is not None:
        if claimed is None or data["received_at"] != claimed or not isinstance(attested, dict):
            return _malformed("attested", "claimed_at", "received_at")
        return _attestation(attested.get("as"), attested.get("identified"))
    if state.log_format >= 2 and received != at:
        return Message("counts the 24 hours from {received}, not from the time the receipt was recorded ({at}); an "
                       "earlier time is kept as a claim and counts only when attested", received=data["received_at"],
                       at=entry["at"])
    return None


def _attested(state: CaseState, entry: dict, data: dict) -> Message | None:
    """An Umpire, a Referee or a committee member, identified, attests a receipt's claimed earlier time."""
    keys = ("receipt", "evidence", "claimed_at", "as", "identified", "in_time", "margin_s")
    if why := _missing(data, keys):
        return why
    if why := _locked(state, Message("attests a receipt time")):
        return why
    found = state.receipt(data["receipt"]) if _int(data["receipt"]) else None
    if found is None or found[0].id != data["evidence"]:
        return Message("attests entry {n}, which is no receipt of {ev}", n=str(data["receipt"]),
                       ev=str(data["evidence"]))
    ev, r = found
    if r.get("attested"):
        return Message("attests entry {n} again (entry {by} attested it)", n=r["seq"], by=r["attested"]["seq"])
    if r.get("claimed_at") is None or data["claimed_at"] != r["claimed_at"]:
        return Message("attests a time {claimed} that entry {n} does not claim", claimed=str(data["claimed_at"]),
                       n=r["seq"])
    if why := _attestation(data["as"], data["identified"]):
        return why
    timing = window.timing(_time(state.opened.get("end_time_utc")), _time(data["claimed_at"]))
    if data["in_time"] is not timing.in_time or data["margin_s"] != timing.margin_s:
        return _malformed("in_time", "margin_s")
    return None


def _attestation(authority: object, identified: object) -> Message | None:
    if authority not in grounds.AUTHORITIES:
        return Message("attests as {who}, not one of the authorities 21.f(5) names (the Umpire(s), a Referee, or the "
                       "Host Tournament Committee)", who=repr(authority))
    if identified not in VERIFIED:
        return Message("attests without its person identified (a sign-in, a passphrase or the server's command "
                       "line)")
    return None


def _in_time(in_time: object) -> Message:
    return Message("in time") if in_time is True else Message("late")


def _received(state: CaseState, entry: dict, data: dict) -> Message | None:
    keys = ("evidence", "sha256", "size", "ext", "stored", "presented_name", "video", "deadline_utc")
    if why := _missing(data, keys):
        return why
    sha, ext = data["sha256"], data["ext"]
    if not (isinstance(sha, str) and _SHA.match(sha) and isinstance(ext, str) and _EXT.match(ext)
            and _int(data["size"]) and data["size"] >= 0 and isinstance(data["video"], dict)
            and _int(data["video"].get("frame_count")) and isinstance(data["presented_name"], str)):
        return _malformed("sha256", "ext", "size", "video", "presented_name")
    if str(data["stored"]).replace("\\", "/") != f"originals/{sha}.{ext}":
        return Message("says the original is kept at {stored}, not where the tool keeps it (originals/ under "
                       "its SHA-256)", stored=str(data["stored"]))
    known = state.by_sha(sha)
    if known is not None:
        return Message("receives as new a file already received as {ev} (the tool records it as received again)",
                       ev=known.id)
    expected = f"ev{len(state.evidence) + 1}"
    if data["evidence"] != expected:
        return Message("names the evidence it receives {ev}; the tool names it {expected}",
                       ev=str(data["evidence"]), expected=expected)
    if data["deadline_utc"] != state.opened.get("deadline_utc"):
        return _malformed("deadline_utc")
    return _receipt(state, entry, data)


def _received_again(state: CaseState, entry: dict, data: dict) -> Message | None:
    if why := _missing(data, ("evidence", "sha256")):
        return why
    ev = _known(state, data["evidence"])
    if isinstance(ev, Message):
        return ev
    if why := _same_file(ev, data["sha256"]):
        return why
    if "restored_original" in data and data["restored_original"] != ev.stored:
        return _malformed("restored_original")
    return _receipt(state, entry, data)


def _working_copy(state: CaseState, entry: dict, data: dict) -> Message | None:
    if why := _missing(data, ("evidence", "parent_sha256", "sha256", "path")):
        return why
    ev = _known(state, data["evidence"])
    if isinstance(ev, Message):
        return ev
    if why := _same_file(ev, data["parent_sha256"], "parent_sha256") or _same_file(ev, data["sha256"]):
        return why
    path = str(data["path"]).replace("\\", "/")
    if not path.startswith("working/") or "/" in path.removeprefix("working/") or ".." in path:
        return _malformed("path")
    return None


def _marks(state: CaseState, data: object) -> Message | None:
    """Marked frames, in a mark entry or a correction: of evidence received, frames it has, one mount."""
    if not isinstance(data, dict):
        return _malformed("marks")
    if why := _missing(data, ("evidence", "sha256", "frames", "mount")):
        return why
    ev = _known(state, data["evidence"])
    if isinstance(ev, Message):
        return ev
    if why := _same_file(ev, data["sha256"]):
        return why
    frames = data["frames"] if isinstance(data["frames"], list) else []
    numbers = [f.get("frame") for f in frames if isinstance(f, dict)]
    if not frames or len(numbers) != len(frames) or not all(_int(n) for n in numbers) \
            or numbers != sorted(set(numbers)) or not all(_number(f.get("time_s")) for f in frames):
        return Message("marks no frames, or frames not as the tool records them (frame numbers in increasing "
                       "order, each with its time)")
    count = ev.video.get("frame_count")
    outside = [n for n in numbers if n < 0 or (_int(count) and n >= count)]
    if outside:
        return Message("marks frame {frame} of {ev}, which has frames 0 to {last}", frame=outside[0], ev=ev.id,
                       last=count - 1 if _int(count) else "?")
    if not (isinstance(data["mount"], str) and data["mount"].strip()):
        return _malformed("mount")
    excusal, clause = data.get("excusal"), data.get("clause")
    if (excusal is None) != (clause is None) or (excusal is not None and (
            not isinstance(excusal, str) or clause not in EXCUSING_CLAUSES)):
        return _malformed("excusal", "clause")
    note = data.get("note")
    if note is not None and not (isinstance(note, str) and note.strip() == note and 0 < len(note) <= MAX_NOTE):
        return _malformed("note")
    return None


def _locked(state: CaseState, what: Message) -> Message | None:
    if state.locked:
        return Message("{what} after the case was decided and locked (entry {n}); after a decision the tool "
                       "appends only corrections", what=what, n=state.decisions[0].seq)
    return None


def _marked(state: CaseState, entry: dict, data: dict) -> Message | None:
    return _locked(state, Message("marks frames")) or _marks(state, data)


def _decision(state: CaseState, data: object) -> Message | None:
    """A decision (an entry's, or a correction's) as `grounds.check_decision` would let the tool record it."""
    if not isinstance(data, dict) or "decision" not in data:
        return _malformed("decision")
    decision = data["decision"]
    if decision not in DECISIONS:
        return Message("decides {decision}, which is not a decision of 21.f(5) (the tool records {choices})",
                       decision=repr(decision), choices=", ".join(DECISIONS))
    reason = data.get("reason")
    if reason is not None and not (isinstance(reason, str) and reason.strip() == reason and reason):
        return _malformed("reason")
    try:
        marks = grounds.check_decision(state, decision, reason)
    except EvidenceError as exc:
        return Message("records a decision the tool refuses on the case as it then stood: {why}", why=str(exc))
    given = data.get("grounds") or []
    if not isinstance(given, list):
        return _malformed("grounds")
    named = [g.get("mark_entry") for g in given if isinstance(g, dict)]
    if named != [m.seq for m in marks] or len(named) != len(given):
        return Message("rests on the marks of entries {named}, but the marks that could ground it then were those "
                       "of entries {expected}", named=", ".join(map(str, named)) or "none",
                       expected=", ".join(str(m.seq) for m in marks) or "none")
    for g, m in zip(given, marks, strict=True):
        if (g.get("evidence"), g.get("sha256"), g.get("frames"), g.get("excusal")) != (
                m.evidence, m.sha256, m.frames, m.excusal):
            return Message("its grounds do not say what entry {n} marked (evidence, hash, frames, excusal)", n=m.seq)
    if data.get("mandatory") is not (decision == FORFEITURE) or data.get("clause") != grounds.CLAUSE:
        return _malformed("mandatory", "clause")
    if data.get("authority", grounds.AUTHORITIES[0]) not in grounds.AUTHORITIES:
        return Message("records a decision as {who}, not one of the authorities 21.f(5) names (the Umpire(s), a "
                       "Referee, or the Host Tournament Committee)", who=repr(data.get("authority")))
    return None


def _decided(state: CaseState, entry: dict, data: dict) -> Message | None:
    if state.locked:
        return Message("a second decision: the case was decided and locked at entry {n}, and after a decision "
                       "the tool appends only corrections", n=state.decisions[0].seq)
    return _decision(state, data)


def _correction(state: CaseState, entry: dict, data: dict) -> Message | None:
    if why := _missing(data, ("corrects", "corrects_type", "reason", "withdraw")):
        return why
    n = data["corrects"]
    target = state.entry(n) if _int(n) else None
    if target is None:
        return Message("corrects entry {n}, which does not come before it (a correction names an earlier entry)",
                       n=str(n))
    if data["corrects_type"] != target["type"]:
        return Message("says entry {n} is a {said} entry; it is a {actual} entry", n=n,
                       said=str(data["corrects_type"]), actual=target["type"])
    reason = data["reason"]
    if not (isinstance(reason, str) and reason.strip() == reason and reason):
        return Message("a correction without its reason")
    if not isinstance(data["withdraw"], bool):
        return _malformed("withdraw")
    if data["withdraw"]:
        mark = next((m for m in state.marks if m.seq == n), None)
        if mark is None:
            return Message("withdraws the marks of entry {n}, which marked no frames", n=n)
        if mark.withdrawn_by is not None:
            return Message("withdraws the marks of entry {n}, already withdrawn by entry {by}", n=n,
                           by=mark.withdrawn_by)
    if data.get("marks") and (why := _marks(state, data["marks"])):
        return why
    if data.get("decision"):
        # Judged on the case as it stands once this correction is in (its withdrawal and marks), as `correct` does.
        provisional = copy.deepcopy(state)
        provisional.entries.append({**entry, "data": {**data, "decision": None}})
        apply(provisional, provisional.entries[-1])
        provisional.decisions = []
        if why := _decision(provisional, data["decision"]):
            return why
        if data["decision"].get("reason") != reason:
            return _malformed("decision")
    elif data["withdraw"] and state.decision and state.decision.decision == FORFEITURE and any(
            g.get("mark_entry") == n for g in state.decision.data.get("grounds") or []):
        return Message("withdraws the marks of entry {n}, which ground the forfeiture in force (entry {d}), "
                       "without giving the corrected decision", n=n, d=state.decision.seq)
    return None


def _repair(state: CaseState, entry: dict, data: dict) -> Message | None:
    if set(data) != {"after_entry", "cut_bytes", "cut_sha256", "kept_in"}:
        return _malformed("after_entry", "cut_bytes", "cut_sha256", "kept_in")
    if not (_int(data["cut_bytes"]) and data["cut_bytes"] > 0 and isinstance(data["cut_sha256"], str)
            and _SHA.match(data["cut_sha256"]) and isinstance(data["kept_in"], str) and KEPT.match(data["kept_in"])):
        return _malformed("cut_bytes", "cut_sha256", "kept_in")
    if data["after_entry"] != entry["seq"] - 1:
        return _malformed("after_entry")
    return None


RULES = {OPENED: _opened, RECEIVED: _received, RECEIVED_AGAIN: _received_again, WORKING_COPY: _working_copy,
         MARKED: _marked, DECISION: _decided, CORRECTION: _correction, REPAIR: _repair, ATTESTED: _attested}
assert set(RULES) == set(ENTRY_TYPES)


def refusal(state: CaseState, entry: dict) -> Message | None:
    """Why the tool would not append `entry` to the case folded into `state`; None if it would."""
    kind, data = entry.get("type"), entry.get("data")
    if kind not in RULES:
        return Message("not a type of entry the tool writes")
    if not _is_person(entry.get("by")):
        return Message("made by nobody: every entry names the person who made it")
    if _time(entry.get("at")) is None:
        return Message("its time {at} is not a UTC time such as 2026-06-15T12:30:00Z", at=repr(entry.get("at")))
    if not isinstance(data, dict):
        return _malformed("data")
    if kind not in (OPENED, REPAIR) and state.opened is None:
        return Message("comes before the case was opened (the first entry of a case opens it)")
    return RULES[kind](state, entry, data)


def replay(entries: list[dict]) -> tuple[CaseState, list[Problem]]:
    """Fold the entries one by one, asking `refusal` of each before it counts. An entry refused is
    reported (its number and type) and left out of the case, so each problem is the first entry a rule breaks
    on the case as the tool would have kept it."""
    state = CaseState()
    problems: list[Problem] = []
    for e in entries:
        why = refusal(state, e)
        state.entries.append(e)
        if why is None:
            apply(state, e)
        else:
            problems.append(Problem(e["seq"], why, kind=str(e.get("type"))))
    return state, problems
