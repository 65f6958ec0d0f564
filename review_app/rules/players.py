"""Players: 21.d injury to player, 21.e player falls off, 21.h lost helmet."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, whistle_words
from review_app.rules.facts import fact
from review_app.rules.match import (
    ERROR,
    WARNING,
    Finding,
    MatchCheck,
    MatchRecord,
    MatchView,
    beyond_the_limit,
    each_time_allowed,
    players_of,
    shared_numbers,
    who,
)
from review_app.rules.neutral import NeutralPlayWords, judge_at_next_neutral_play
from review_app.rules.parameters import Parameters
from review_app.rules.phrases import Joined
from review_app.rules.provision import (
    STOP_AT_NEUTRAL_PLAY,
    STOP_REQUIRED,
    Case,
    MissingFact,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
)
from review_app.rules.vocabulary import Whistle

# --- 21.d Injury to player ----------------------------------------------------------------------
_d = Verdicts("21.d")


def judge_injury(case: Case, values: Parameters) -> Verdict:
    if case.fact("recurrence_of_same_injury"):
        return _recurrence(case)
    # "the Umpire shall stop the game": a stop is owed, but 21.d sets no moment for it (Rule 21 says
    # "immediately" where it means it), and the closing words leave "whether or when to stop play" to the Umpire.
    whistle = case.called("whistle")
    if whistle == Whistle.NONE and case.facts.get(ALREADY_STOPPED.name) is not True:
        return _d.inconsistent(Message("If a player is injured the Umpire shall stop the game; the Umpire {umpire}.",
                                       umpire=whistle_words(whistle)), wrong=("whistle",))
    if case.has("resumed_play") and case.fact("resumed_play") and case.fact("unconscious"):
        return _d.inconsistent(Message("A player who has been rendered unconscious shall not resume play in any game "
                                       "that day."))
    allowed = case.called_or("time_allowed_s", None)
    limit = duration(values["INJURY_RECOVERY"].value)
    if case.facts.get("continued_when_able_or_substituted") is False:
        # U1, recorded as a fact where the moments are not tagged (tagged, `parts.continue_when_able_or_substituted`).
        return _d.inconsistent(Message("If, and when, during this interval the injured player is able to resume play "
                                       "or an eligible player is substituted, the Umpire shall continue the game; "
                                       "play did not continue then."))
    if allowed is not None and allowed > values["INJURY_RECOVERY"].value:
        granted, removal = case.call.get("extra_time_granted"), case.facts.get("removal_needed_more_time")
        if granted or removal:
            # Every obligation met, and a choice the rule gives the Umpires (to grant extra time): consistent,
            # naming the discretion.
            return _d.consistent(Message(
                "Time beyond {limit} was allowed, as extra time the Umpires may grant in their discretion or that "
                "removing the player from the field required.", limit=limit))
        # Neither recorded as granted: both must be known to be false.
        missing = [name for name, value in (("call.extra_time_granted", granted),
                                            ("removal_needed_more_time", removal)) if value is None]
        if missing:
            raise MissingFact(*missing)
        return _d.inconsistent(Message(
            "The game was continued after {allowed}; it shall continue not more than {limit} after the stoppage "
            "unless extra time was granted or removing the player needed it.", allowed=minutes(allowed), limit=limit),
            wrong=("time_allowed_s",))
    if whistle in (Whistle.DELAYED, Whistle.NEUTRAL_PLAY):
        return _d.consistent(_stopped_for_the_injured(limit, whistle_words(whistle)))
    return _d.consistent(Message("Play stopped for the injured player, with no more than the {limit} to recover.",
                                 limit=limit))


def _recurrence(case: Case) -> Verdict:
    """'There shall be no subsequent time-outs for a recurrence of the same injury.'"""
    allowed = case.called_or("time_allowed_s", None)
    if allowed is None and case.called("whistle") != Whistle.NONE:
        allowed = case.called("time_allowed_s")  # play stopped: was time given? named if not recorded
    if allowed and case.time_measured:
        # Play stood stopped that long, as the footage measures it; whether that was a time-out granted (forbidden)
        # or play waiting for a substitute is the reviewer's to record, as it is with no moments tagged: asked, so
        # adding the footage's moments never turns a question into a pass (READINGS 12).
        raise MissingFact("call.time_allowed_s")
    if allowed:
        return _d.inconsistent(Message("There shall be no subsequent time-outs for a recurrence of the same injury."),
                               wrong=("time_allowed_s",))
    return _d.consistent(Message("No time-out was given for the recurrence of the same injury."))


def _recovery_allowance(record: MatchRecord, ev: Any, call: Any, allowed: float) -> list[Finding]:
    """21.d's ten minutes, unless the Umpires granted extra time or removing the player needed more."""
    return beyond_the_limit(record, ev, call, allowed, record.values["INJURY_RECOVERY"],
                            ("extra_time_granted", "removal_needed_more_time"))


def injuries(record: MatchRecord) -> list[Finding]:
    """21.d: a player rendered unconscious in play again in the match, and a second time-out for the same injury."""
    doc, out = record.doc, []
    timeouts: dict[tuple, str] = {}
    unconscious: dict[tuple, str] = {}
    shared = shared_numbers(doc.match)
    for ev in doc.records_in_order():
        if not ev.involved.players:
            continue  # no player: nobody to find knocked out or hurt again (what follows needs one)
        facts = ev.facts
        if not unconscious and ev.situation != "21.d" and not facts.get("unconscious"):
            continue  # no one knocked out yet, no injury, no knock-out here (most events): nothing to look at
        # Once someone is knocked out every later event with a player passes here: each player is looked up as
        # (team, number) in place, not gathered in a list first (`_players`), which only 21.d and knock-outs need.
        for player in ev.involved.players if unconscious else ():  # no one knocked out yet: nobody to look for
            p = (player.team, player.number)
            if p in unconscious and unconscious[p] != ev.id:
                if p in shared:  # the roster has a substitute under this number: say so, never accuse
                    out.append(Finding(
                        doc.match_id, "unconscious_player_played", "21.d", WARNING, [unconscious[p], ev.id],
                        Message("{player} was rendered unconscious (event {event}) and the number is in play again "
                                "(event {again}); the roster gives it to more than one player, so it may be the "
                                "substitute: check who played. No player rendered unconscious may resume play in "
                                "any game that day.", player=who(*p, record.context), event=unconscious[p],
                                again=ev.id)))
                    continue
                out.append(Finding(
                    doc.match_id, "unconscious_player_played", "21.d", ERROR, [unconscious[p], ev.id],
                    Message("{player} was rendered unconscious (event {event}) and is in play again (event {again}); "
                            "no such player may resume play in any game that day.", player=who(*p, record.context),
                            event=unconscious[p], again=ev.id)))
        # 21.d's "no player who has been rendered unconscious shall be allowed to resume play" is not limited to
        # 21.d's events: a knock-out in a fall (21.e) is the common case.
        if facts.get("unconscious"):
            unconscious.setdefault(players_of(ev)[0], ev.id)
        if ev.situation != "21.d":
            continue
        call, players = ev.call, players_of(ev)
        injury = facts.get("injury")
        if not injury:
            continue
        key = (players[0], " ".join(injury.split()).casefold())
        # A time-out is time given to recover: a stoppage with none (a substitute at once) is not one. Play stopped
        # with no time recorded may be either (the event's judge asks for the time): a warning, not an error.
        allowed = call.time_allowed_s
        gave_time = allowed > 0 if allowed is not None else call.whistle not in (None, Whistle.NONE)
        if key in timeouts and gave_time and allowed is None:
            out.append(Finding(
                doc.match_id, "second_injury_timeout", "21.d", WARNING, [timeouts[key], ev.id],
                Message("Play stopped again for the same injury ({injury}) of {player}, and no time allowed is "
                        "recorded: there shall be no subsequent time-outs for a recurrence; record whether time was "
                        "given.", injury=injury, player=who(*players[0], record.context))))
        elif key in timeouts and gave_time:
            out.append(Finding(
                doc.match_id, "second_injury_timeout", "21.d", ERROR, [timeouts[key], ev.id],
                Message("A second time-out for the same injury ({injury}) of {player}; there shall be no subsequent "
                        "time-outs for a recurrence.", injury=injury, player=who(*players[0], record.context))))
        timeouts.setdefault(key, ev.id)
    return out


class PlayedThatDay:
    """21.d says 'in any game that day': named players followed across the day's documents.

    Documents are given one at a time (`add`) and only what the check needs is kept of each:
    every appearance of a named player, its name normalised once per roster entry. `findings()`
    then orders the appearances of the players knocked unconscious by day, match end and frame.
    A number the roster gives to two players of a team (a substitute) names neither for sure, so it
    is not followed across games; the match's own check warns about it (`injuries`)."""

    def __init__(self, person: Callable[[str], str]) -> None:
        self._person = person  # a roster name's person id, as the match document gives it (handed in by the checker)
        # Each match added: (date, end, match id, its appearances, whether anyone was knocked out in it), with
        # each appearance (frame, event id, (name, key), knocked out here), in the order met. A season's
        # appearances are kept to the end: the match's fields once, not in each (a tuple half the size).
        self._matches: list[tuple[str, str, str, list[tuple], bool]] = []

    def add(self, doc: MatchView) -> None:
        match = doc.match
        date, end = match["date"], match.get("end_time_utc") or ""
        # The person: by the roster's player id where it gives one (the same id in every match of the day),
        # else by the id the name makes (`person_id`, what migration gives a named player), so a roster with
        # ids and one with names only find the same person.
        keys = {(t["id"], p["number"]): (p.get("name") or p["id"], p.get("id") or self._person(p["name"]))
                for t in match["teams"] for p in t.get("players", []) if p.get("name") or p.get("id")}
        # A number the roster gives to several players (a substitute) names none of them for sure.
        for number in shared_numbers(match):
            keys.pop(number, None)
        if not keys:
            return
        seen: list[tuple] = []
        anyone_knocked_out = False
        for ev in doc.records_in_order():
            knocked_out = bool(ev.facts.get("unconscious"))  # under any clause (21.e's fall too)
            if knocked_out:
                anyone_knocked_out = True
            for p in ev.involved.players:
                named = keys.get((p.team, p.number))
                if named:
                    seen.append((ev.position.frame, ev.id, named, knocked_out))
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


INJURY = Provision(
    id="21.d",
    key_name=N_("Player injured"), first_window=3, waits_for=("resumed_or_substituted",),
    title=Message("Injury to player"),
    source=(Source("Injury to Player"),),
    facts=(
        fact("unconscious"),
        fact("recurrence_of_same_injury"),
        fact("removal_needed_more_time"),
        fact("resumed_play"),
        fact("continued_when_able_or_substituted"),
        fact("injury"),
        ALREADY_STOPPED,
    ),
    stop=STOP_REQUIRED,
    restart=Message("Play continues as soon as the player can resume or is substituted"),
    mount=None,
    penalty=None,
    judge=judge_injury,
    match_checks=(each_time_allowed("21.d", _recovery_allowance), MatchCheck(injuries, 4)),
    day_checks=(PlayedThatDay,),
    measures_time=True,
    parts=(parts.continue_when_able_or_substituted,),
    decisions=("extra_time_granted",),
    parameters=("INJURY_RECOVERY",),
    summary=Message("Play shall be stopped (21.d sets no timing); 10 minutes to recover unless extra time is granted; "
                    "no time-out for a recurrence; an unconscious player does not play again that day."),
)

@functools.lru_cache(maxsize=32)
def _stopped_for_the_injured(limit: Message | str, umpire: Message) -> Message:
    """One sentence per limit and whistle, made once: the same object, its hash kept, is then found at once among
    the texts already rendered for the report (`i18n.both`); a message is never changed once made."""
    return Message("Play stopped for the injured player, with no more than the {limit} to recover; the Umpire "
                   "{umpire}, and when to stop is the Umpire's discretion, since 21.d sets no timing.", limit=limit,
                   umpire=umpire)


@functools.lru_cache(maxsize=32)
def _no_team_deprived(umpire: Message) -> Message:
    """One sentence per whistle, made once (see `_stopped_for_the_injured`)."""
    return Message("The Umpire {umpire} with no team deprived of an imminent chance to score.", umpire=umpire)


# --- 21.e Player falls off -------------------------------------------------------------------------
_e = Verdicts("21.e")


def judge_player_falls(case: Case, values: Parameters) -> Verdict:
    whistle = case.called("whistle")
    umpire = whistle_words(whistle)
    if case.fact("may_be_injured_or_in_jeopardy"):
        if whistle == Whistle.AT_ONCE:
            return _e.consistent(Message("The player may have been injured or in jeopardy: play stopped immediately."))
        return _e.inconsistent(Message(
            "A fallen player who may be injured or in jeopardy requires an immediate stop; the Umpire {umpire}.",
            umpire=umpire), wrong=("whistle",))
    # "What constitutes a fall shall be left to the discretion of the Umpire": whether to stop for a doubtful
    # fall is the Umpire's, but once the Umpire stops for it, when ("in neutral territory") is fixed.
    doubtful = case.has("clear_fall") and not case.fact("clear_fall")
    fall_left = Message("What constitutes a fall is left to the Umpire's discretion.")
    if whistle == Whistle.NONE:
        if doubtful:
            return _e.discretionary(fall_left, WholeQuestion.WHAT_CONSTITUTES_A_FALL)
        return _e.inconsistent(Message("After a fall the Umpire shall stop the game when the ball is in neutral "
                                       "territory."), wrong=("whistle",))
    if whistle == Whistle.AT_ONCE and case.fact("imminent_scoring_opportunity"):
        return _e.inconsistent(
            Message("The whistle came at once and deprived a team of an imminent opportunity to score; with the player "
                    "not in "
                    "jeopardy, play stops when the ball is in neutral territory."), wrong=("whistle",))
    if doubtful:
        # Stopped for a doubtful fall: when it stops is bound ("when the ball is in neutral territory"), and met.
        return _e.consistent(Joined([_no_team_deprived(umpire), fall_left], sep=" "))
    return _e.consistent(_no_team_deprived(umpire))


PLAYER_FALLS = Provision(
    id="21.e",
    key_name=N_("Player falls"), first_window=4,
    title=Message("Player falls off"),
    source=(Source("Player Falls Off"),),
    facts=(
        fact("may_be_injured_or_in_jeopardy"),
        fact("imminent_scoring_opportunity"),
        fact("clear_fall"),
        # 21.d's "no player who has been rendered unconscious shall be allowed to resume play in any game that day"
        # holds for a knock-out in a fall; the match check follows it (`injuries`).
        fact("unconscious", required=False),
    ),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=Message("Not set by 21.e"),
    mount=None,
    penalty=None,
    judge=judge_player_falls,
    whole_questions=((WholeQuestion.WHAT_CONSTITUTES_A_FALL,
                      "What constitutes a fall shall be left to the discretion of the Umpire."),),
    parts=(parts.not_before_the_neutral_play, parts.as_soon_as_the_play_is_neutral),
    summary=Message("Stop when the ball is in neutral territory; immediately if the player may be injured or in "
                    "jeopardy."),
)

# --- 21.h Lost helmet -------------------------------------------------------------------------------
_h = Verdicts("21.h")


_LOST_HELMET_WORDS = NeutralPlayWords(
    waited=Message("Play was stopped when it reached a neutral position."),
    not_stopped=Message("If a helmet falls off, play shall be stopped as soon as possible at a neutral position."),
    already_neutral=Message("Play was already neutral, so stopping at once was as soon as possible."),
    too_soon=Message("For a lost helmet play is stopped when it is in a neutral position, not in the middle of an "
                     "attack."),
)


def judge_lost_helmet(case: Case, values: Parameters) -> Verdict:
    return judge_at_next_neutral_play(case, _h, "play_neutral_when_lost", _LOST_HELMET_WORDS)


LOST_HELMET = Provision(
    id="21.h",
    key_name=N_("Helmet off"), first_window=5,
    title=Message("Lost helmet"),
    source=(Source("Lost Helmet"),),
    facts=(fact("play_neutral_when_lost"),),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=Message("Not set by 21.h"),
    mount=None,
    penalty=None,
    judge=judge_lost_helmet,
    parts=(parts.not_before_the_neutral_play, parts.as_soon_as_the_play_is_neutral),
    summary=Message("Stop as soon as possible when play is in a neutral position."),
)

PROVISIONS = (INJURY, PLAYER_FALLS, LOST_HELMET)
