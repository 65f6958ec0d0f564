"""Whole-match checks: what no single event shows, only the match as a sequence.

- an excused mount ridden again (21.f(5): forfeiture, mandatory), unless the event that excused it
  shows a mount its clause lets return (then the excusal is what to review), or it is seen only in a
  break in play (a warning: "returns a mount to play");
- time allowances exceeded (21.d, 21.f(2), 21.f(4), 21.g), as each event's judge reads them, and a courtesy
  change restarted before its minute;
- a second courtesy change in a period (21.f(2));
- a second time-out for the same injury (21.d);
- a player who lost consciousness (in an injury, a fall or any event) playing again that day (21.d);
- teammates changing mounts during a 21.f(4) time-out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from review_app.i18n import Message, both
from review_app.model.document import MatchDocument
from review_app.model.migrate import person_id
from review_app.model.mounts import MountRegister, mount_register
from review_app.rules import parameters as P
from review_app.rules import provision
from review_app.rules.calls import minutes
from review_app.rules.facts import AUTHORITIES_21F5
from review_app.rules.labels import CALL_FIELD_NAMES
from review_app.rules.mount_welfare import EARLY, courtesy_restart_timing
from review_app.rules.mounts import during_a_break, excusal_contradicted
from review_app.rules.phrases import LowerFirst, any_of
from review_app.rules.provision import CALL_FIELDS, MissingFact
from review_app.rules.tack import presents_danger, time_beyond_allowance
from review_app.rules.timing import AFTER_ONE_MINUTE
from review_app.rules.vocabulary import Penalty, Severity, Whistle

MANDATORY, ERROR, WARNING, INFO = Severity.MANDATORY, Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(slots=True)  # a season's check keeps thousands until its report is written
class Finding:
    match: str
    kind: str
    clause: str
    severity: str
    events: list[str]
    explanation: Message
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"match": self.match, "kind": self.kind, "clause": self.clause, "severity": self.severity,
                "events": list(self.events), "explanation": both(self.explanation), "details": dict(self.details)}


def _who(team, number) -> str:
    return f"{team} #{number}" if team else "?"


def returned_mounts(doc: MatchDocument, evidence=None, register: MountRegister | None = None) -> list[Finding]:
    """`evidence`: the match's 21.f(5) evidence case (`checker.evidence_facts.EvidenceView`), which settles
    the evidence's timing and a forfeiture decided after the game. `register`: the match's mount register
    if the caller holds it."""
    reg = register if register is not None else mount_register(doc, records=False)
    if not reg.excusals and not reg.unnamed_excusals:  # no mount excused: none can return (most matches)
        return []
    # As doc.event() finds them (the first of an id: reversed, it is written last), without a search each time.
    by_id: dict[str, dict] = {ev["id"]: ev for ev in reversed(doc.events)}
    out = []
    for exc in reg.excusals:
        origin = by_id.get(exc.event) or {}
        contrary = excusal_contradicted(origin.get("situation", ""), origin.get("facts") or {})
        for s in exc.returned:
            ev = by_id.get(s.event) or {}
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
                    "rider": _who(s.team, s.number)}
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


def _returned(ev: dict, evidence, contrary, seen: dict) -> tuple[str, Message, bool, dict]:
    """An excused mount seen in play again at event `ev`: the finding's severity and sentence, whether forfeiture
    was exacted, and the 21.f(5) facts they rest on (the event's, then the evidence case's)."""
    call = ev.get("call") or {}
    # A forfeiture decided by someone 21.f(5) does not name is not one exacted (READINGS 65): the event's
    # judge finds it wrong in `decided_by`, and the match finding agrees.
    unauthorised = call.get("penalty") == Penalty.FORFEITURE and call.get("decided_by") is not None \
        and call.get("decided_by") not in AUTHORITIES_21F5
    exacted = (evidence is not None and evidence.forfeiture_exacted) \
        or (call.get("penalty") == Penalty.FORFEITURE and not unauthorised)
    facts = (ev.get("facts") or {}) if ev.get("situation") == "21.f(5)" else {}
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
            "Committee.", who=call.get("decided_by_name") or call.get("decided_by"), **seen)
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


# Allowance for each clause, and the facts that lift it. 21.g's depends on which of its cases the tack is in
# (`rules.tack.time_beyond_allowance`, which the event's verdict asks too): `_tack_allowance`.
ALLOWANCES = {
    "21.d": (P.INJURY_RECOVERY, ("extra_time_granted", "removal_needed_more_time")),
    "21.f(2)": (P.COURTESY_CHANGE, ()),
    "21.f(4)": (P.MOUNT_CHANGE_TIMEOUT, ()),
}
# The clauses whose time allowed is judged: 21.g's as its cases read it (`_tack_allowance`), the others' by ALLOWANCES.
_WITH_ALLOWANCES = frozenset({"21.g", *ALLOWANCES})
# 21.f(4)'s five minutes are "to change mounts": a time-out only to check the mount has no such count.
COUNTS_WHEN = {"21.f(4)": "player_changed_mount"}


def _counts(ev: dict) -> bool:
    needed = COUNTS_WHEN.get(ev["situation"])
    return needed is None or (ev.get("facts") or {}).get(needed) is True


def time_allowances(doc: MatchDocument) -> list[Finding]:
    """Each time allowed beyond its clause's allowance."""
    out = []
    context = doc.context()
    for ev in doc.events_of(_WITH_ALLOWANCES):  # the other clauses set no allowance: their time allowed is not judged
        call = ev.get("call") or {}
        allowed = call.get("time_allowed_s")
        if allowed is not None:  # no time allowed recorded: no allowance to exceed (most events)
            out.extend(_allowance(doc, ev, call, allowed, context))
    return out


def _allowance(doc: MatchDocument, ev: dict, call: dict, allowed: float, context) -> list[Finding]:
    """The findings of one event's time allowed (`allowed`, from its `call`)."""
    if ev["situation"] == "21.g":
        return _tack_allowance(doc, ev, allowed, context)
    rule = ALLOWANCES.get(ev["situation"])
    if not rule or not _counts(ev):
        return []
    param, lifts = rule
    if ev["situation"] == "21.f(2)":
        return _courtesy_minute(doc, ev, allowed)
    # What lifts the limit: a decision of the officials (in the call) or a fact seen.
    recorded = {f: (call if f in CALL_FIELDS else ev.get("facts") or {}).get(f) for f in lifts}
    if allowed <= param.value or any(v is True for v in recorded.values()):
        return []
    # Exceeded unless a lifting fact nobody recorded applies: then a warning naming it, not an error.
    unknown = [LowerFirst(_lift_label(param.clause, f)) for f, v in recorded.items() if v is None]
    times = {"allowed": minutes(allowed), "clause": param.clause, "limit": minutes(param.value)}
    if unknown:
        why = Message("{allowed} allowed where {clause} allows {limit}; unless {lifts} (not recorded).",
                      lifts=any_of(unknown), **times)
    else:
        why = Message("{allowed} allowed where {clause} allows {limit}.", **times)
    return [Finding(
        doc.match_id, "time_allowance_exceeded", param.clause, WARNING if unknown else ERROR, [ev["id"]], why,
        {"allowed_s": allowed, "limit_s": param.value, "parameter": param.name})]


def _courtesy_minute(doc: MatchDocument, ev: dict, allowed: float) -> list[Finding]:
    """21.f(2) "after one minute has elapsed", as the event's judge reads it (`courtesy_restart_timing`): before the
    minute, or well after it with no unwarranted delay penalized."""
    when = courtesy_restart_timing(allowed, ev.get("facts") or {}, ev.get("call") or {})
    if when is None:
        return []
    times = {"allowed": minutes(allowed), "limit": minutes(P.COURTESY_CHANGE.value)}
    if when == EARLY:
        kind, why = "courtesy_restart_before_the_minute", Message(
            "Play restarted {allowed} after a courtesy change was allowed, before the minute ({limit}) had elapsed "
            "(21.f(2)).", **times)
    else:
        kind, why = "time_allowance_exceeded", Message(
            "Play restarted {allowed} after a courtesy change was allowed, well after the minute ({limit}), with no "
            "penalty for an unwarranted delay recorded (21.f(2)).", **times)
    return [Finding(doc.match_id, kind, "21.f(2)", ERROR, [ev["id"]], why,
                    {"allowed_s": allowed, "limit_s": P.COURTESY_CHANGE.value, "parameter": P.COURTESY_CHANGE.name,
                     "tolerance_s": AFTER_ONE_MINUTE.seconds})]


def _tack_allowance(doc: MatchDocument, ev: dict, allowed: float, context) -> list[Finding]:
    """21.g's allowance as the event's judge reads it (`tack.time_beyond_allowance`): five minutes under the announced
    6-goal provision or for tack broken by contact, else no waiting for the player off the field. What it needs and
    the document lacks makes a warning naming it, as for the other allowances: beyond the five minutes whichever
    case it is, and any time at all where only whether play waited for the player is unknown (all other games)."""
    case = doc.case(ev, context)
    if (ev.get("facts") or {}).get("presents_danger") is False and not presents_danger(case):
        return []  # the damaged-equipment paragraph's, which sets no time (tack the rule names is never that: U12)
    try:
        bad = time_beyond_allowance(case)
    except MissingFact as missing:
        return [Finding(doc.match_id, "time_allowance_exceeded", "21.g", WARNING, [ev["id"]], Message(
            "{allowed} allowed under 21.g; whether it is more than the rule allows depends on what is not recorded: "
            "{missing}.", allowed=minutes(allowed), missing=", ".join(missing.names)),
            {"allowed_s": allowed, "parameter": P.TACK_REPAIR.name})] \
            if allowed > P.TACK_REPAIR.value or "call.play_waited_off_field" in missing.names else []
    if bad is None:
        return []
    return [Finding(doc.match_id, "time_allowance_exceeded", "21.g", ERROR, [ev["id"]], bad.explanation,
                    {"allowed_s": allowed, "limit_s": P.TACK_REPAIR.value, "parameter": P.TACK_REPAIR.name})]


def _lift_label(clause: str, name: str) -> Message:
    fact = provision(clause).fact_named(name)
    return fact.label if fact is not None else Message(CALL_FIELD_NAMES[name])


_COURTESY_CHANGES, _MOUNT_TIMEOUTS = frozenset({"21.f(2)"}), frozenset({"21.f(4)"})


def courtesy_changes(doc: MatchDocument) -> list[Finding]:
    by_period = defaultdict(list)
    for ev in doc.events_of(_COURTESY_CHANGES):
        by_period[ev.get("period")].append(ev["id"])
    out = []
    limit = int(P.COURTESY_CHANGES_PER_PERIOD.value)
    for period, ids in by_period.items():
        if len(ids) > limit:
            out.append(Finding(
                doc.match_id, "second_courtesy_change", "21.f(2)", ERROR, ids,
                Message("{count} courtesy changes in period {period}; one per period is allowed.", count=len(ids),
                        period=period),
                {"period": period}))
    return out


def _players(ev) -> list[tuple[str, int]]:
    return [(p["team"], p["number"]) for p in (ev.get("involved") or {}).get("players", [])]


def shared_numbers(match: dict) -> set[tuple[str, int]]:
    """(team, number) the roster gives to more than one player: a substitute wearing the number of the player
    replaced. An event names a player by team and number, so who played under such a number cannot be told."""
    seen: set[tuple[str, int]] = set()
    shared: set[tuple[str, int]] = set()
    for team in match.get("teams") or []:
        for player in team.get("players") or []:
            key = (team["id"], player["number"])
            (shared if key in seen else seen).add(key)
    return shared


def injuries(doc: MatchDocument) -> list[Finding]:
    out = []
    timeouts: dict[tuple, str] = {}
    unconscious: dict[tuple, str] = {}
    shared = shared_numbers(doc.match)
    for ev in doc.events_in_order():
        involved = ev.get("involved")
        if not involved or not involved.get("players"):
            continue  # no player: nobody to find knocked out or hurt again (what follows needs one)
        facts = ev.get("facts") or {}
        if not unconscious and ev["situation"] != "21.d" and not facts.get("unconscious"):
            continue  # no one knocked out yet, no injury, no knock-out here (most events): nothing to look at
        # Once someone is knocked out every later event with a player passes here: each player is looked up as
        # (team, number) in place, not gathered in a list first (`_players`), which only 21.d and knock-outs need.
        for player in involved["players"] if unconscious else ():  # no one knocked out yet: nobody to look for
            p = (player["team"], player["number"])
            if p in unconscious and unconscious[p] != ev["id"]:
                if p in shared:  # the roster has a substitute under this number: say so, never accuse
                    out.append(Finding(
                        doc.match_id, "unconscious_player_played", "21.d", WARNING, [unconscious[p], ev["id"]],
                        Message("{player} was rendered unconscious (event {event}) and the number is in play again "
                                "(event {again}); the roster gives it to more than one player, so it may be the "
                                "substitute: check who played. No player rendered unconscious may resume play in "
                                "any game that day.", player=_who(*p), event=unconscious[p], again=ev["id"])))
                    continue
                out.append(Finding(
                    doc.match_id, "unconscious_player_played", "21.d", ERROR, [unconscious[p], ev["id"]],
                    Message("{player} was rendered unconscious (event {event}) and is in play again (event {again}); "
                            "no such player may resume play in any game that day.", player=_who(*p),
                            event=unconscious[p], again=ev["id"])))
        # 21.d's "no player who has been rendered unconscious shall be allowed to resume play" is not limited to
        # 21.d's events: a knock-out in a fall (21.e) is the common case.
        if facts.get("unconscious"):
            unconscious.setdefault(_players(ev)[0], ev["id"])
        if ev["situation"] != "21.d":
            continue
        call, players = ev.get("call") or {}, _players(ev)
        injury = facts.get("injury")
        if not injury:
            continue
        key = (players[0], " ".join(injury.split()).casefold())
        # A time-out is time given to recover: a stoppage with none (a substitute at once) is not one. Play stopped
        # with no time recorded may be either (the event's judge asks for the time): a warning, not an error.
        allowed = call.get("time_allowed_s")
        gave_time = allowed > 0 if allowed is not None else call.get("whistle") not in (None, Whistle.NONE)
        if key in timeouts and gave_time and allowed is None:
            out.append(Finding(
                doc.match_id, "second_injury_timeout", "21.d", WARNING, [timeouts[key], ev["id"]],
                Message("Play stopped again for the same injury ({injury}) of {player}, and no time allowed is "
                        "recorded: there shall be no subsequent time-outs for a recurrence; record whether time was "
                        "given.", injury=injury, player=_who(*players[0]))))
        elif key in timeouts and gave_time:
            out.append(Finding(
                doc.match_id, "second_injury_timeout", "21.d", ERROR, [timeouts[key], ev["id"]],
                Message("A second time-out for the same injury ({injury}) of {player}; there shall be no subsequent "
                        "time-outs for a recurrence.", injury=injury, player=_who(*players[0]))))
        timeouts.setdefault(key, ev["id"])
    return out


def teammates_changing(doc: MatchDocument) -> list[Finding]:
    out = []
    for ev in doc.events_of(_MOUNT_TIMEOUTS):
        if not (ev.get("facts") or {}).get("teammates_changed_mounts"):
            continue
        penalized = (ev.get("call") or {}).get("penalty") not in (None, Penalty.NONE)
        out.append(Finding(
            doc.match_id, "teammates_changed_during_timeout", "21.f(4)", INFO if penalized else ERROR, [ev["id"]],
            Message("Teammates changed mounts during a player's time-out for a mount: the opposing team was awarded "
                    "a penalty.") if penalized else
            Message("Teammates changed mounts during a player's time-out for a mount; an appropriate penalty is due to "
                    "the opposing team.")))
    return out


# The checks of one match besides `returned_mounts`, which reads the mount register and the evidence too, and
# `time_allowances`, which may share its findings by case.
MATCH_CHECKS = (courtesy_changes, injuries, teammates_changing)


def check_match(doc: MatchDocument, evidence=None, register: MountRegister | None = None) -> list[Finding]:
    """Every finding of one match; `register`: its mount register, if the caller made it already."""
    return [*returned_mounts(doc, evidence, register), *time_allowances(doc),
            *(f for check in MATCH_CHECKS for f in check(doc))]


@lru_cache(maxsize=4096)
def _person(name: str) -> str:
    """A roster name's person id, found once per name: the same names recur through a season's rosters."""
    return person_id(name)


class PlayedThatDay:
    """21.d says 'in any game that day': named players followed across the day's documents.

    Documents are given one at a time (`add`) and only what the check needs is kept of each:
    every appearance of a named player, its name normalised once per roster entry. `findings()`
    then orders the appearances of the players knocked unconscious by day, match end and frame.
    A number the roster gives to two players of a team (a substitute) names neither for sure, so it
    is not followed across games; the match's own check warns about it (`injuries`)."""

    def __init__(self) -> None:
        # Each match added: (date, end, match id, its appearances, whether anyone was knocked out in it), with
        # each appearance (frame, event id, (name, key), knocked out here), in the order met. A season's
        # appearances are kept to the end: the match's fields once, not in each (a tuple half the size).
        self._matches: list[tuple[str, str, str, list[tuple], bool]] = []

    def add(self, doc: MatchDocument) -> None:
        match = doc.match
        date, end = match["date"], match.get("end_time_utc") or ""
        # The person: by the roster's player id where it gives one (the same id in every match of the day),
        # else by the id the name makes (`person_id`, what migration gives a named player), so a roster with
        # ids and one with names only find the same person.
        keys = {(t["id"], p["number"]): (p.get("name") or p["id"], p.get("id") or _person(p["name"]))
                for t in match["teams"] for p in t.get("players", []) if p.get("name") or p.get("id")}
        # A number the roster gives to several players (a substitute) names none of them for sure.
        for number in shared_numbers(match):
            keys.pop(number, None)
        if not keys:
            return
        seen: list[tuple] = []
        anyone_knocked_out = False
        for ev in doc.events_in_order():
            knocked_out = bool((ev.get("facts") or {}).get("unconscious"))  # under any clause (21.e's fall too)
            if knocked_out:
                anyone_knocked_out = True
            for p in (ev.get("involved") or {}).get("players", ()):
                named = keys.get((p["team"], p["number"]))
                if named:
                    seen.append((ev["position"]["frame"], ev["id"], named, knocked_out))
        if seen:
            self._matches.append((date, end, doc.match_id, seen, anyone_knocked_out))

    def findings(self) -> list[Finding]:
        # Only a player knocked unconscious that day can be found playing again: the first knock-out of each
        # person each day, by match end and frame (a match with no end recorded, last).
        # Each appearance as (date, end, frame, match, event id, name, key, knocked out here), in the order met.
        knocked: dict[tuple[str, str], tuple] = {}
        knock_outs = [(date, end, frame, match, event_id, *named, True)
                      for date, end, match, seen, anyone_knocked_out in self._matches if anyone_knocked_out
                      for frame, event_id, named, knocked_out in seen if knocked_out]
        for x in sorted(knock_outs, key=lambda x: (x[0], x[1] or "~", x[2])):
            knocked.setdefault((x[0], x[6]), x)
        out = []
        days = {day for day, _key in knocked}  # a day with no one knocked out has no appearance to look at
        again = [(date, end, frame, match, event_id, *named, knocked_out)
                 for date, end, match, seen, _anyone in self._matches if date in days
                 for frame, event_id, named, knocked_out in seen if (date, named[1]) in knocked]
        for date, end, _frame, match, event_id, name, key, _knocked_out in sorted(again, key=lambda x: x[:4]):
            first = knocked[date, key]
            if first[3] == match:
                continue  # the same match is the match's own check (`injuries`)
            first_end, first_match, first_event = first[1], first[3], first[4]
            if end and first_end and end != first_end:
                if end < first_end:
                    continue  # a game that ended before the knock-out's
                out.append(Finding(
                    match, "unconscious_player_played_that_day", "21.d", ERROR, [event_id],
                    Message("{player} was rendered unconscious earlier that day (match {match}, event {event}) and "
                            "plays again; no such player may resume play in any game that day.", player=name,
                            match=first_match, event=first_event)))
            else:  # which game came first cannot be told (an end time missing, or the same): said, never left out
                out.append(Finding(
                    match, "unconscious_player_played_that_day", "21.d", WARNING, [event_id],
                    Message("{player} was rendered unconscious that day (match {match}, event {event}) and plays in "
                            "this game; the end times recorded (one missing, or both the same) cannot tell which "
                            "game came first. No such player may resume play in any game that day.", player=name,
                            match=first_match, event=first_event)))
        return out
