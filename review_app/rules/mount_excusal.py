"""Mounts changed and excused, and excused mounts returned: 21.f(3) mount falls, 21.f(4) player's
time-out for a mount, 21.f(5) returning an excused mount (forfeiture)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.calls import (
    ALREADY_STOPPED,
    duration,
    minutes,
    whistle_words,
)
from review_app.rules.case import MatchRecords
from review_app.rules.facts import AUTHORITIES_21F5, fact
from review_app.rules.match import (
    ERROR,
    INFO,
    MANDATORY,
    WARNING,
    EvidenceFacts,
    Finding,
    MatchCheck,
    MatchRecord,
    beyond_the_limit,
    each_time_allowed,
    who,
)
from review_app.rules.mounts import (
    EXCUSING_CLAUSES,
    MAY_NOT_RETURN,
    during_a_break,
    excusal_contradicted,
    stopped_at_once,
)
from review_app.rules.parameters import Parameters
from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    STOP_NOT_AT_ALL,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
)
from review_app.rules.vocabulary import Penalty, Restart, Whistle

# --- 21.f(3) mount falls ------------------------------------------------------------------------------------------
_f3 = Verdicts("21.f(3)")


def judge_mount_falls(case: Case, values: Parameters) -> Verdict:
    bad = stopped_at_once(_f3, case, N_("A mount fell"))
    if bad:
        return bad
    if case.facts.get("after_fall") == "remounted" and case.facts.get("trotted_and_examined") is False:
        return _f3.inconsistent(Message("The player remounted the fallen mount without it being trotted and examined "
                                        "for soundness: if the player wishes to remount, the Umpires ensure it is."))
    if not case.fact("mount_sound"):
        if case.facts.get("after_fall") == "remounted":
            # "If the mount is sound ... the player may remount but otherwise he must change mounts".
            return _f3.inconsistent(Message("The fallen mount was not sound, yet the player remounted it: otherwise "
                                            "than sound, the player must change mounts (21.f(3), under 21.f(1)(i))."),
                                    cites=("21.f(3)", "21.f(1)(i)"))
        if case.called("mount_excused") is not True:
            return _f3.inconsistent(Message("The fallen mount was not sound: the player must change under 21.f(1)(i) "
                                            "and the mount is excused."),
                                    cites=("21.f(3)", "21.f(1)(i)"), wrong=("mount_excused",))
        restart = case.call.get("restart")
        if restart is not None and restart not in (Restart.THROW_IN, Restart.THROW_IN_TOWARD_BOARDS):
            # "in accordance with subparagraph 21.f(1)(i)": "restarted with a throw-in when the player with the
            # injured mount has returned on another mount".
            return _f3.inconsistent(Message("The unsound mount is changed in accordance with 21.f(1)(i): play restarts "
                                            "with a throw-in when the player has returned on another mount; it "
                                            "restarted with this: {given}.", given=Message(Restart(restart).label)),
                                    cites=("21.f(3)", "21.f(1)(i)"), wrong=("restart",))
        return _f3.consistent(Message("Stopped at once; the unsound mount was changed and excused."))
    if case.call.get("mount_excused"):
        return _f3.inconsistent(Message("The mount trotted out sound; if the player elects to change, the mount may "
                                        "return to the game."), wrong=("mount_excused",))
    return _f3.consistent(Message("Stopped at once; the mount trotted out sound, so the player may remount or change "
                                  "and it may return."))


MOUNT_FALLS = Provision(
    id="21.f(3)",
    key_name=N_("Mount falls"), waits_for=("player_returned",),
    title=Message("Mount falls"),
    source=(Source("Mount Falls"),),
    facts=(fact("mount_sound"),
           fact("after_fall"),
           fact("trotted_and_examined"),
           ALREADY_STOPPED),
    stop=STOP_AT_ONCE,
    restart=Message("If unsound, as 21.f(1)(i): a throw-in when the player returns on another mount"),
    mount=Message("If unsound, excused under 21.f(1)(i); if sound, it may return"),
    penalty=None,
    judge=judge_mount_falls,
    parts=(parts.restart_on_return_after_an_unsound_fall,),
    summary=Message("Stop at once; the mount is trotted and examined; a sound mount may be remounted or return, an "
                    "unsound one is excused."),
)

# --- 21.f(4) player's time-out for a mount --------------------------------------------------------------------------
_f4 = Verdicts("21.f(4)")


def judge_mount_timeout(case: Case, values: Parameters) -> Verdict:
    if not case.fact("player_requested_timeout"):
        # Worked example: "If Blue changes as the game proceeds, the mount may be played later."
        if case.call.get("mount_excused"):
            return _f4.inconsistent(Message("A mount changed as the game proceeds, without a time-out, is not excused "
                                            "and may be played later."), wrong=("mount_excused",))
        return _f4.consistent(Message("Changed without a time-out: the mount may be played later."))
    whistle = case.called("whistle")
    # The Umpires' discretion is when to stop, "immediately or at a neutral play", not whether to.
    if whistle == Whistle.NONE and case.facts.get(ALREADY_STOPPED.name) is not True:
        return _f4.inconsistent(Message("A player asked for a time-out for the mount and play was not stopped; the "
                                        "Umpires stop the "
                                        "game immediately or at a neutral play, at their discretion."),
                                wrong=("whistle",))
    if case.has("teammates_changed_mounts") and case.fact("teammates_changed_mounts") \
            and case.called("penalty") == Penalty.NONE:
        return _f4.inconsistent(Message("Teammates changed mounts during the time-out: an appropriate penalty goes to "
                                        "the opposing team."), wrong=("penalty",))
    if case.fact("player_changed_mount"):
        if case.called("mount_excused") is not True:
            return _f4.inconsistent(Message("The mount changed in a player's time-out may not return to the game: it "
                                            "is excused."), wrong=("mount_excused",))
        allowed = case.called_or("time_allowed_s", 0)
        limit = values["MOUNT_CHANGE_TIMEOUT"].value
        if allowed > limit:
            return _f4.inconsistent(Message("The player has {limit} to change mounts; the time allowed was {allowed}.",
                                            limit=duration(limit), allowed=minutes(allowed)),
                                    wrong=("time_allowed_s",))
    elif case.call.get("mount_excused"):
        return _f4.inconsistent(Message("The mount was checked and remounted, not changed; it is not excused."),
                                wrong=("mount_excused",))
    if whistle == Whistle.NONE:
        return _f4.consistent(Message("The time-out was asked for while play was already stopped, and the mount "
                                      "handled as 21.f(4) says."))
    # Every obligation met; when to stop ("immediately or at a neutral play") is the Umpires' choice, named.
    return _f4.consistent(_time_out_handled(whistle_words(whistle)))


@functools.lru_cache(maxsize=32)
def _time_out_handled(umpire: Message) -> Message:
    """One sentence per whistle, made once: the same object, its hash kept, is then found at once among the texts
    already rendered for the report (`i18n.both`); a message is never changed once made."""
    return Message("The time-out was handled as 21.f(4) says; the Umpire {umpire}, and stopping immediately or at a "
                   "neutral play is at the Umpires' discretion.", umpire=umpire)


# --- the match checks of 21.f(4) ---------------------------------------------------------------------------------
def _timeout_allowance(record: MatchRecord, ev: Any, call: Any, allowed: float) -> list[Finding]:
    """21.f(4)'s five minutes are "to change mounts": a time-out only to check the mount has no such count."""
    if ev.facts.get("player_changed_mount") is not True:
        return []
    return beyond_the_limit(record, ev, call, allowed, record.values["MOUNT_CHANGE_TIMEOUT"])


def teammates_changing(record: MatchRecord) -> list[Finding]:
    """21.f(4): teammates changing mounts during a player's time-out for a mount: a penalty is due."""
    doc, out = record.doc, []
    for ev in doc.records_of({"21.f(4)"}):
        if not ev.facts.get("teammates_changed_mounts"):
            continue
        penalized = ev.call.penalty not in (None, Penalty.NONE)
        out.append(Finding(
            doc.match_id, "teammates_changed_during_timeout", "21.f(4)", INFO if penalized else ERROR, [ev.id],
            Message("Teammates changed mounts during a player's time-out for a mount: the opposing team was awarded "
                    "a penalty.") if penalized else
            Message("Teammates changed mounts during a player's time-out for a mount; an appropriate penalty is due to "
                    "the opposing team.")))
    return out


MOUNT_TIMEOUT = Provision(
    id="21.f(4)",
    key_name=N_("Time-out for mount"),
    title=Message("Player's time-out for an injured mount"),
    source=(Source("Player Time Out for Injured Mount"),),
    facts=(
        fact("player_requested_timeout"),
        fact("player_changed_mount"),
        fact("teammates_changed_mounts", required=False),  # only a teammate's change matters here, and rarely
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_DISCRETION,
    restart=Message("Play resumes; immediately after a penalty for teammates changing"),
    mount=MAY_NOT_RETURN,
    penalty=Message("Teammates changing mounts: an appropriate penalty to the opposing team"),
    judge=judge_mount_timeout,
    match_checks=(each_time_allowed("21.f(4)", _timeout_allowance), MatchCheck(teammates_changing, 5)),
    measures_time=True,
    parameters=("MOUNT_CHANGE_TIMEOUT",),
    summary=Message("Stop immediately or at a neutral play (when, not whether, is the Umpires' call); 5 minutes to "
                    "change; the "
                    "changed mount is excused; teammates may not change."),
)

# --- 21.f(5) returning an excused mount -------------------------------------------------------------------
_f5 = Verdicts("21.f(5)")


def judge_returned_mount(case: Case, values: Parameters) -> Verdict:
    under = case.fact("excused_under")
    penalty = case.called("penalty")
    if under not in EXCUSING_CLAUSES:
        if penalty == Penalty.FORFEITURE:
            return _f5.inconsistent(Message("The mount had not been excused under 21.f(1), 21.f(3) or 21.f(4): no "
                                            "forfeiture."), wrong=("penalty",))
        return _f5.consistent(Message("The mount had not been excused under 21.f(1), (3) or (4), so it may play."))
    if not case.fact("detected_during_game") and not case.fact("evidence_within_24_hours"):
        hours = values["FORFEITURE_EVIDENCE_WINDOW"].value / 3600
        if penalty == Penalty.FORFEITURE:
            return _f5.inconsistent(Message(
                "Forfeiture was exacted with no conclusive evidence recorded as presented within {hours:g} hours after "
                "the game; 21.f(5) grounds it only on such evidence.", hours=hours), wrong=("penalty",))
        # `evidence_within_24_hours` false covers no evidence at all as well as evidence too late: say only that.
        return _f5.consistent(Message(
            "No conclusive evidence is recorded as presented within {hours:g} hours after the game (none at all, or "
            "later); it cannot ground a forfeiture under 21.f(5).", hours=hours))
    if penalty != Penalty.FORFEITURE and _presented_to_someone_else(case):
        return _f5.consistent(Message("The evidence was presented to someone other than the Umpire(s), a Referee or "
                                      "the Host Tournament Committee: it cannot ground a forfeiture under 21.f(5)."))
    if penalty != Penalty.FORFEITURE:
        return _f5.inconsistent(Message(
            "A mount excused under {under} was returned to play: the penalty shall be forfeiture, and unlike other "
            "penalties it must be exacted, during or after the game.", under=under), mandatory=True,
            wrong=("penalty",))
    return _f5.consistent(Message("Forfeiture exacted for returning a mount excused under {under}.", under=under),
                          mandatory=True)


def _presented_to_someone_else(case: Case) -> bool:
    """Missed during the game, and the evidence presented to none of those 21.f(5) names (schema 2.1)."""
    return case.facts.get("detected_during_game") is False and case.facts.get("presented_to") == "other"


# --- the match check of 21.f(5) ---------------------------------------------------------------------------------
def returned_mounts(record: MatchRecord) -> list[Finding]:
    """21.f(5): an excused mount ridden again, by the match's mount register. The match's evidence case
    (`record.evidence`) settles the evidence's timing and a forfeiture decided after the game."""
    doc, reg, evidence = record.doc, record.register, record.evidence
    if not reg.excusals and not reg.unnamed_excusals:  # no mount excused: none can return (most matches)
        return []
    # As doc.event() finds them (the first of an id: reversed, it is written last), without a search each time.
    by_id = {ev.id: ev for ev in reversed(doc.records)}
    out = []
    for exc in reg.excusals:
        origin = by_id.get(exc.event)
        contrary = excusal_contradicted(origin.situation, origin.facts) if origin is not None else None
        for s in exc.returned:
            ev = by_id[s.event]  # the register names the match's own events
            if during_a_break(ev):
                # "returns a mount to play": a break is not play. Said, so the reviewer can look, never forfeiture.
                out.append(Finding(
                    doc.match_id, "excused_mount_seen_in_a_break", "21.f(5)", WARNING, [exc.event, s.event],
                    Message("Mount {mount} was excused under {clause} (event {event}) and is seen again during a break "
                            "in play (event {again}); forfeiture is for a mount returned to play, and a break is not "
                            "play: check whether it played afterwards.", mount=exc.mount, clause=exc.clause,
                            event=exc.event, again=s.event),
                    {"mount": exc.mount, "excused_under": exc.clause}))
                continue
            seen = {"mount": exc.mount, "clause": exc.clause, "event": exc.event, "again": s.event,
                    "rider": who(s.team, s.number, record.context)}
            severity, why, exacted, facts = _returned(ev, evidence, contrary, seen)
            post_game, in_time = facts.get("detected_during_game") is False, facts.get("evidence_within_24_hours")
            out.append(Finding(
                doc.match_id, "excused_mount_returned", "21.f(5)", severity, [exc.event, s.event], why,
                {"mount": exc.mount, "excused_under": exc.clause, "exacted": exacted,
                 "detected_during_game": not post_game, "evidence_within_24_hours": in_time,
                 "presented_to": facts.get("presented_to"),
                 "returned_at": {"frame": s.frame, "time_s": s.time_s}},
            ))
    for event_id in reg.unnamed_excusals:
        out.append(Finding(
            doc.match_id, "excused_mount_unnamed", "21.f(5)", WARNING, [event_id],
            Message("A mount was excused but not named; it cannot be followed for 21.f(5).")))
    return out


def decided_after_the_game(situation: str, facts: Mapping[str, Any]) -> bool:
    """Whether a call is one made after the game, not on the field: 21.f(5)'s "If, within 24 hours after a game, the
    Umpire(s), a Referee, or the Host Tournament Committee is presented with conclusive physical evidence ... and the
    violation was not detected during the game, the penalty shall be forfeiture". Its forfeiture is decided by
    whoever the evidence was presented to, never the Umpire's call in the game. `facts`: the event's, with what
    the match's evidence case settles over them."""
    return situation == "21.f(5)" and facts.get("detected_during_game") is False


def _returned(ev: Any, evidence: EvidenceFacts | None, contrary, seen: dict) -> tuple[str, Message, bool, dict]:
    """An excused mount seen in play again at event `ev`: the finding's severity and sentence, whether forfeiture
    was exacted, and the 21.f(5) facts they rest on (the event's, then the evidence case's)."""
    call = ev.call
    # A forfeiture decided by someone 21.f(5) does not name is not one exacted (READINGS 65): the event's
    # judge finds it wrong in `decided_by`, and the match finding agrees.
    unauthorised = call.penalty == Penalty.FORFEITURE and call.decided_by is not None \
        and call.decided_by not in AUTHORITIES_21F5
    exacted = (evidence is not None and evidence.forfeiture_exacted) \
        or (call.penalty == Penalty.FORFEITURE and not unauthorised)
    facts = ev.facts if ev.situation == "21.f(5)" else {}
    if evidence is not None:
        facts = {**facts, **evidence.facts()}
    # Missed on the day: forfeiture rests on conclusive evidence within 24 hours (21.f(5)).
    post_game = facts.get("detected_during_game") is False
    in_time = facts.get("evidence_within_24_hours")
    if contrary:
        severity, why = WARNING, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, "
            "ridden by {rider}), but the facts of event {event} say {contrary}: its clause does not excuse it, "
            "so no forfeiture follows from 21.f(5); review the excusal.", contrary=contrary, **seen)
    elif post_game and facts.get("presented_to") == "other" and not exacted:
        severity, why = INFO, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, ridden by {rider}), but the evidence was presented to someone other than the "
            "Umpire(s), a Referee or the Host Tournament Committee: it cannot ground a forfeiture.", **seen)
    elif post_game and in_time is False:
        severity, why = INFO, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, "
            "ridden by {rider}), but no conclusive evidence is recorded as presented within 24 hours after "
            "the game (none at all, or later): it cannot ground a forfeiture.", **seen)
    elif post_game and in_time is None and not exacted:
        severity, why = MANDATORY, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, "
            "ridden by {rider}). It was not detected during the game: presented as conclusive evidence within "
            "24 hours after the game, it means forfeiture, which must be exacted.", **seen)
    elif unauthorised and not exacted:
        severity, why = MANDATORY, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, ridden by {rider}): the penalty shall be forfeiture, which must be exacted; the "
            "forfeiture recorded was decided by {who}, not by the Umpire(s), a Referee or the Host Tournament "
            "Committee.", who=call.decided_by_name or call.decided_by, **seen)
    elif exacted:
        severity, why = INFO, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, "
            "ridden by {rider}): the penalty shall be forfeiture, which must be exacted — and was.", **seen)
    else:
        severity, why = MANDATORY, Message(
            "Mount {mount} was excused under {clause} (event {event}) and is seen in play again (event "
            "{again}, "
            "ridden by {rider}): the penalty shall be forfeiture, which must be exacted.", **seen)
    return severity, why, exacted, facts


def derive_excusal(event: Any, records: MatchRecords) -> dict[str, Any]:
    """21.f(5) turns on the clause the returning mount was excused under: a legal conclusion the match's own earlier
    events settle (the mount register), so the tool derives it rather than asks it. A reviewer who reads it otherwise
    records that as the event's `reading`, never as a fact."""
    clause = records.excusal_of(event)
    return {"excused_under": clause} if clause else {}


RETURNED_MOUNT = Provision(
    id="21.f(5)",
    key_name=N_("Excused mount back"),
    title=Message("Returning an excused mount: forfeiture"),
    source=(Source("If a player returns a mount to play after it has been excused"),),
    facts=(
        fact("excused_under"),
        fact("detected_during_game"),
        fact("evidence_within_24_hours"),
        fact("presented_to"),
        fact("presented_to_name"),
        fact("presented_by"),
        fact("presented_at"),
    ),
    stop=STOP_NOT_AT_ALL,
    restart=Message("None: the game is forfeited"),
    mount=MAY_NOT_RETURN,
    penalty=Message("Forfeiture, which must be exacted"),
    judge=judge_returned_mount,
    match_checks=(MatchCheck(returned_mounts, 1),),
    derives=("excused_under",), derive=derive_excusal,
    parts=(parts.evidence_presented_to_an_authority, parts.decided_by_an_authority),
    parameters=("FORFEITURE_EVIDENCE_WINDOW",),
    summary=Message("A mount excused under 21.f(1), (3) or (4) that plays again means forfeiture, mandatory, also on "
                    "conclusive evidence within 24 hours after the game."),
)


PROVISIONS = (MOUNT_FALLS, MOUNT_TIMEOUT, RETURNED_MOUNT)
