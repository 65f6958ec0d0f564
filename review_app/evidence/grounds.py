"""What each decision of the committee needs, under 21.f(5), before it can be recorded.

- forfeiture: marked frames of evidence received within the window, linked to a mount the
  register shows excused under 21.f(1), 21.f(3) or 21.f(4). The rule text is recorded with it:
  21.f(5) makes the penalty mandatory ("must be exacted, whether during or after a game").
- not proven: the reason why.
- out of time: evidence was received, all of it after the deadline.
"""

from __future__ import annotations

from review_app.evidence.errors import EvidenceError
from review_app.evidence.state import DECISIONS, FORFEITURE, NOT_PROVEN, OUT_OF_TIME, CaseState, Mark
from review_app.evidence.window import duration_text
from review_app.ground.roles import person_key
from review_app.model.mounts import MountRegister
from review_app.rules import provision
from review_app.rules.facts import AUTHORITIES_21F5, PRESENTED_TO  # noqa: F401  (admit and case read it here)
from review_app.rules.mounts import EXCUSING_CLAUSES
from review_app.rules.parameters import newest

CLAUSE = "21.f(5)"
# Whom 21.f(5) names: the evidence is presented to them, and they decide (`vocabulary.Official` values).
AUTHORITIES = AUTHORITIES_21F5
# The words that name them, quoted where a decision or a presentation by anyone else is refused.
AUTHORITY_QUOTE = ('"If, within 24 hours after a game, the Umpire(s), a Referee, or the Host Tournament Committee is '
                   'presented with conclusive physical evidence ... the penalty shall be forfeiture"')
AUTHORITY_WORDS = {"umpire": "an Umpire", "referee": "a Referee", "committee": "the Host Tournament Committee",
                   "other": "someone else"}


def checked_authority(authority: str | None, by: str, match: dict) -> str:
    """The authority `by` decides as (umpire, referee or committee), or EvidenceError in one line quoting
    21.f(5). An Umpire must be the match document's ("the Umpire(s)"); "a Referee" is any Referee, named on the
    match or not (READINGS 65); no player of the match decides, and no one unnamed. (Whether a Referee or a
    committee member holds that role is the store's roles' to check, `EvidenceLog.allowed`.)"""
    given = " ".join((authority or "").split()).casefold()
    if given not in AUTHORITIES:
        said = f"as {authority!r}" if (authority or "").strip() else "without saying as whom (--as)"
        raise EvidenceError(f"decision refused: {by} decides {said}; 21.f(5) names only the Umpire(s), a Referee "
                            f"or the Host Tournament Committee: {AUTHORITY_QUOTE}; give --as umpire, referee or "
                            "committee")
    if not (by or "").strip():
        raise EvidenceError(f"decision refused: no one is named as deciding; 21.f(5): {AUTHORITY_QUOTE}")
    key = person_key(by)
    for team in match.get("teams") or []:
        for player in team.get("players") or []:
            if player.get("name") and person_key(player["name"]) == key:
                raise EvidenceError(f"decision refused: {by} plays for {team.get('name') or team['id']} in this match, "
                                    f"and a player is not one of the authorities of 21.f(5): {AUTHORITY_QUOTE}")
    if given == "umpire":
        umpires = [u for u in match.get("umpires") or [] if u]
        if key not in {person_key(u) for u in umpires}:
            named = ", ".join(umpires) or "none"
            raise EvidenceError(f"decision refused: {by} is not an Umpire of this match (the match document names: "
                                f"{named}); 21.f(5): {AUTHORITY_QUOTE}")
    return given


def rule_text() -> dict[str, str]:
    return dict(provision(CLAUSE).text)


def check_decision(state: CaseState, decision: str, reason: str | None) -> list[Mark]:
    """What the log alone says of a decision: EvidenceError if it cannot stand on the case as recorded,
    else the marks a forfeiture rests on (none for the other decisions). The operations ask it before
    they decide, and `admit` asks it of every decision in the log, so the two judge alike."""
    if decision not in DECISIONS:
        raise EvidenceError(f"unknown decision {decision!r}; choose {', '.join(DECISIONS)}")
    if decision == FORFEITURE:
        return forfeiture_marks(state)
    if decision == NOT_PROVEN and not reason:
        raise EvidenceError("a not-proven decision needs its reason (--reason TEXT)")
    if decision == OUT_OF_TIME:
        if not state.evidence:
            raise EvidenceError("out of time: no evidence has been received for this match")
        in_time = [e.id for e in state.evidence.values() if e.in_time]
        if in_time:
            raise EvidenceError(f"out of time refused: {', '.join(in_time)} {'was' if len(in_time) == 1 else 'were'} "
                                "received within the 24-hour window; "
                                "decide forfeiture or not-proven")
    return []


def decision_data(state: CaseState, register: MountRegister, decision: str, reason: str | None,
                  team_names: dict[str, str]) -> dict:
    """The data of a decision entry, or EvidenceError saying why the decision cannot stand."""
    reason = (reason or "").strip() or None
    marks = check_decision(state, decision, reason)
    grounds = forfeiture_grounds(state, register, marks) if decision == FORFEITURE else []
    teams = sorted({g["team"] for g in grounds if g.get("team")})
    window = newest()["FORFEITURE_EVIDENCE_WINDOW"]
    return {
        "decision": decision,
        "reason": reason,
        "clause": CLAUSE,
        "rule_text": rule_text(),
        "mandatory": decision == FORFEITURE,  # 21.f(5): this penalty must be exacted
        "grounds": grounds,
        "forfeiting_teams": [{"id": t, "name": team_names.get(t, t)} for t in teams],
        "window": {"seconds": window.value, "clause": window.clause},
        "deadline_utc": (state.opened or {}).get("deadline_utc"),
    }


def forfeiture_marks(state: CaseState) -> list[Mark]:
    """The marks in force that can ground a forfeiture: linked to an excusal, of evidence received in time."""
    marks = state.live_marks
    if not marks:
        raise EvidenceError("forfeiture refused: no marked frames show an excused mount being played; "
                            "mark them first (`polo-review evidence mark`)")
    linked = [m for m in marks if m.excusal]
    if not linked:
        mounts = ", ".join(sorted({repr(m.mount) for m in marks if m.mount})) or "the marked mount"
        clauses = ", ".join(EXCUSING_CLAUSES)
        raise EvidenceError(f"forfeiture refused: {mounts} was never excused under {clauses} in this "
                            "match, so playing it is no violation of 21.f(5)")
    in_time = [m for m in linked if state.evidence[m.evidence].in_time]
    to_authority = [m for m in in_time if state.evidence[m.evidence].presented_to in (None, *AUTHORITIES)]
    if in_time and not to_authority:
        ev = state.evidence[in_time[0].evidence]
        raise EvidenceError(f"forfeiture refused: {ev.id} was presented to {ev.received_by}, "
                            f"{AUTHORITY_WORDS['other']}; 21.f(5) grounds it on evidence presented to the Umpire(s), "
                            f"a Referee or the Host Tournament Committee: {AUTHORITY_QUOTE}")
    in_time = to_authority
    if not in_time:
        late = state.evidence[linked[0].evidence]
        raise EvidenceError(
            f"forfeiture refused: the marked evidence {late.id} was received {late.received_at}, "
            f"{duration_text(late.margin_s)} after the deadline; under 21.f(5) it cannot ground a forfeiture")
    return in_time


def forfeiture_grounds(state: CaseState, register: MountRegister, in_time: list[Mark] | None = None) -> list[dict]:
    """The grounds of a forfeiture: each mark of `forfeiture_marks` with the register's excusal it shows."""
    if in_time is None:
        in_time = forfeiture_marks(state)
    excused = {e.event: e for e in register.excusals}
    grounds = []
    for m in in_time:
        exc = excused.get(m.excusal)
        if exc is None:
            raise EvidenceError(f"forfeiture refused: excusal {m.excusal} (marked in entry {m.seq}) is no longer "
                                "in the match document's mount register")
        if " ".join((m.mount or "").split()).casefold() != " ".join(exc.mount.split()).casefold():
            raise EvidenceError(f"forfeiture refused: entry {m.seq} marked frames showing {m.mount!r} excused in "
                                f"{m.excusal}, but the match document now says {m.excusal} excused {exc.mount!r}; "
                                "withdraw the marks (`evidence correct --withdraw`) and mark again")
        ev = state.evidence[m.evidence]
        grounds.append({
            "mark_entry": m.seq, "evidence": ev.id, "sha256": ev.sha256, "received_at": ev.received_at,
            "receipt_entry": ev.earliest["seq"],
            "frames": m.frames, "excusal": exc.event, "mount": exc.mount, "clause": exc.clause,
            "team": exc.team, "number": exc.number, "excused_at": {"frame": exc.frame, "time_s": exc.time_s,
                                                                   "period": exc.period, "clock": exc.clock},
        })
    return grounds
