"""Injured, distressed and tired mounts: 21.f(1)(i) visibly injured or distressed, 21.f(1)(ii) not
visibly injured, and 21.f(2) the courtesy change."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.calls import (
    ALREADY_STOPPED,
    duration,
    minutes,
)
from review_app.rules.facts import fact
from review_app.rules.match import (
    ERROR,
    Finding,
    MatchCheck,
    MatchRecord,
    each_time_allowed,
)
from review_app.rules.mounts import (
    ALL_MAY_CHANGE,
    MAY_NOT_RETURN,
    UNWARRANTED_DELAY,
    WELFARE,
    delay_penalized,
    recorded_excused,
    stopped_at_once,
)
from review_app.rules.parameters import Parameters
from review_app.rules.phrases import Joined, UpperFirst
from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
    incomplete,
)
from review_app.rules.timing import AFTER_ONE_MINUTE
from review_app.rules.vocabulary import Penalty, Restart

# --- 21.f(1)(i) visibly injured or distressed ---------------------------------------------------------
_f1i = Verdicts("21.f(1)(i)")


def judge_visibly_injured(case: Case, values: Parameters) -> Verdict:
    if not case.fact("visibly_injured_or_distressed"):
        return _f1i.inconsistent(Message("The mount was not visibly injured: that case is 21.f(1)(ii), not "
                                         "21.f(1)(i)."))
    bad = stopped_at_once(_f1i, case, N_("A visibly injured or distressed mount"))
    bad = bad or recorded_excused(_f1i, case)
    if bad:
        return bad
    announcement = case.call.get("announcement")
    if announcement is not None and ALL_MAY_CHANGE not in announcement.upper():
        return _f1i.inconsistent(Message('The Umpires should announce "ALL MAY CHANGE".'), wrong=("announcement",))
    if case.facts.get("mount_led_off") is False:
        return _f1i.inconsistent(Message("The mount in question must be led off the field or taken off by horse "
                                         "ambulance; it was not."))
    restarts = (Restart.THROW_IN, Restart.THROW_IN_TOWARD_BOARDS)
    if case.facts.get(UNWARRANTED_DELAY.name) and case.called_or("penalty", Penalty.NONE) != Penalty.NONE:
        # "Any unwarranted delay on his or her part will be penalized": the penalty is then how play restarts.
        restarts += (Restart.PENALTY, Restart.FREE_HIT)
    if case.called("restart") not in restarts:
        return _f1i.inconsistent(Message("Play restarts with a throw-in when the player has returned on another "
                                         "mount."), wrong=("restart",))
    bad = delay_penalized(_f1i, case)
    if bad:
        return bad
    return _f1i.consistent(Message("Play stopped, the mount excused and a throw-in on the player's return on another "
                                   "mount."))


VISIBLY_INJURED = Provision(
    id="21.f(1)(i)",
    key_name=N_("Mount injured"), waits_for=("player_returned",),
    title=Message("Mount visibly injured or distressed"),
    source=(WELFARE, Source("The Umpires determine that the mount is visibly injured")),
    facts=(fact("visibly_injured_or_distressed"),
           fact("mount_led_off"),
           ALREADY_STOPPED, UNWARRANTED_DELAY),
    stop=STOP_AT_ONCE,
    restart=Message("Throw-in when the player returns on another mount"),
    mount=MAY_NOT_RETURN,
    penalty=Message("Any unwarranted delay by the player is penalized"),
    judge=judge_visibly_injured,
    parts=(parts.restart_on_return,),
    summary=Message('Stop at once (unless play is already stopped), announce "ALL MAY CHANGE", lead the mount off, '
                    'throw-in on return; the mount is excused; an unwarranted delay is penalized.'),
)

# --- 21.f(1)(ii) not visibly injured ---------------------------------------------------------------------
_f1ii = Verdicts("21.f(1)(ii)")


def judge_not_visibly_injured(case: Case, values: Parameters) -> Verdict:
    if case.fact("visibly_injured_or_distressed"):
        return _f1ii.inconsistent(Message("The mount was visibly injured or distressed: that case is 21.f(1)(i)."))
    # The opening words of 21.f(1) govern both cases: "in which case they should stop play immediately".
    bad = stopped_at_once(_f1ii, case,
                          N_("A player informed the Umpires that the mount was injured or distressed"))
    if bad:
        return bad
    if not case.fact("player_changed_mount"):
        # Only the mount changed is excused ("The excused mount may not play again"): one kept is not.
        if case.call.get("mount_excused"):
            return _f1ii.inconsistent(Message("The mount was not changed, so it is not excused: it may play on."),
                                      wrong=("mount_excused",))
        return _f1ii.discretionary(Message("The Umpires may, not must, instruct the player to change a mount that is "
                                           "not visibly injured."), WholeQuestion.INSTRUCTING_A_CHANGE)
    if case.facts.get("led_off_by_shortest_line") is False:
        return _f1ii.inconsistent(Message("The Umpires may instruct the player to change by leading the horse off the "
                                          "field by the shortest line to the side of the field; it was not led off "
                                          "that way."))
    if case.fact("teammates_changed_mounts"):
        return _f1ii.inconsistent(Message("No other player on the team may change mounts when one mount is changed "
                                          "under 21.f(1)(ii)."))
    bad = recorded_excused(_f1ii, case)
    if bad:
        return bad
    return _f1ii.consistent(Message("The player changed as the Umpires instructed and the mount was excused; play "
                                    "resumes as soon "
                                    "as it is off the field."))


NOT_VISIBLY_INJURED = Provision(
    id="21.f(1)(ii)",
    key_name=N_("Mount unsound"), waits_for=("mount_off_field",),
    title=Message("Mount not visibly injured"),
    source=(WELFARE, Source("The Umpires determine that the mount is not visibly injured")),
    facts=(
        fact("visibly_injured_or_distressed"),
        fact("player_changed_mount"),
        fact("teammates_changed_mounts"),
        fact("led_off_by_shortest_line"),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_ONCE,
    restart=Message("Play resumes as soon as the mount is off the field"),
    mount=MAY_NOT_RETURN,
    penalty=None,
    judge=judge_not_visibly_injured,
    whole_questions=((WholeQuestion.INSTRUCTING_A_CHANGE, "the Umpires may instruct the player to change"),),
    parts=(parts.resume_when_the_mount_is_off,),
    summary=Message("Stop at once when a player reports the mount (unless play is already stopped); the Umpires may "
                    "have the "
                    "player lead it off by the shortest line; no teammate may change; the mount is excused."),
)

# --- 21.f(2) courtesy change ----------------------------------------------------------------------------------
_f2 = Verdicts("21.f(2)")
COURTESY_RESTARTS = (Restart.THROW_IN, Restart.PENALTY, Restart.FREE_HIT, Restart.KNOCK_IN)
# "Ideally ... by announcing “ALL MAY CHANGE – COURTESY CHANGE, ONE MINUTE.”": the words that make it a courtesy change.
COURTESY_ANNOUNCEMENT = "COURTESY CHANGE"


EARLY, LATE = "early", "late"


def courtesy_restart_timing(allowed: float, facts: Mapping, call: Mapping, values: Parameters) -> str | None:
    """21.f(2) "Play will be restarted ... after one minute has elapsed": EARLY before the minute, LATE well after
    it (more than `timing.AFTER_ONE_MINUTE` past it) unless a penalty was awarded for the delay ("Any
    unwarranted delay by either team will be penalized"), else None. The event's judge and the match check
    (`_courtesy_minute`) both ask this, so they agree."""
    if allowed < values["COURTESY_CHANGE"].value:
        return EARLY
    if allowed <= values["COURTESY_CHANGE"].value + AFTER_ONE_MINUTE.seconds:
        return None
    if facts.get(UNWARRANTED_DELAY.name) is False:
        # "Any unwarranted delay by either team will be penalized": only an unwarranted one. The reviewer recorded
        # that the later restart was no such delay; the tool's tolerance does not overrule that fact (READINGS 22).
        return None
    # A penalty on a late courtesy restart is the delay's, unless the facts say there was no unwarranted delay.
    penalized = facts.get(UNWARRANTED_DELAY.name) is not False and call.get("penalty") not in (None, Penalty.NONE)
    return None if penalized else LATE


def judge_courtesy_change(case: Case, values: Parameters) -> Verdict:
    announced = case.match.courtesy_changes_announced
    if announced is None:
        return incomplete("21.f(2)", ["match.announcements.courtesy_changes_allowed"])
    if not announced:
        return _f2.inconsistent(Message("A courtesy change must be determined and communicated to the teams before the "
                                        "game begins."))
    if not case.fact("ball_out_of_play_or_neutral"):
        return _f2.inconsistent(Message("A courtesy change is allowed only when the ball is out of play or at a "
                                        "neutral play."))
    if case.facts.get("offered_to_all_players") is False:
        return _f2.inconsistent(Message("The courtesy change is one per period for all players on both teams; it was "
                                        "not open to all of them."))
    minute = duration(values["COURTESY_CHANGE"].value)
    allowed = case.called("time_allowed_s")
    when = courtesy_restart_timing(allowed, case.facts, case.call, values)
    if when == EARLY:
        return _f2.inconsistent(UpperFirst(Message(
            "{limit} shall be allowed for a courtesy change, play restarting after it has elapsed; play restarted "
            "after {allowed}, before the minute had elapsed.", limit=minute, allowed=minutes(allowed))),
            wrong=("time_allowed_s",))
    if when == LATE:
        return _f2.inconsistent(Message(
            "Play restarted {allowed} after the courtesy change was allowed, well after {limit} had elapsed (this "
            "tool allows {tolerance:g} s to set up the restart), and no penalty for an unwarranted delay was "
            "recorded: any unwarranted delay by either team will be penalized.", allowed=minutes(allowed),
            limit=minute, tolerance=AFTER_ONE_MINUTE.seconds), wrong=("time_allowed_s",))
    restart = case.called("restart")
    if restart not in COURTESY_RESTARTS:
        return _f2.inconsistent(Message(
            "After {limit} play restarts with a throw-in, penalty, free hit or knock-in, as the case may be.",
            limit=minute), wrong=("restart",))
    due = case.facts.get("restart_as_the_case_may_be")
    given = Restart.THROW_IN if restart == Restart.THROW_IN_TOWARD_BOARDS else restart
    if due is not None and given != due and not (given in (Restart.PENALTY, Restart.FREE_HIT)
                                                  and case.facts.get(UNWARRANTED_DELAY.name) is True):
        # "as the case may be": as play stood when it stopped (a team's delay penalized restarts with its penalty).
        return _f2.inconsistent(Message(
            "Play restarts with a throw-in, penalty, free hit or knock-in, as the case may be: as play stood, it was "
            "due to restart with this: {due}; it restarted with this: {given}.", due=Message(Restart(due).label),
            given=Message(Restart(restart).label)), wrong=("restart",))
    if case.call.get("mount_excused"):
        return _f2.inconsistent(Message("A courtesy change does not excuse the mount; 21.f(5) names only 21.f(1), (3) "
                                        "and (4)."), wrong=("mount_excused",))
    bad = delay_penalized(_f2, case)
    if bad:
        return bad
    # Allowing it was the Umpires' choice; what the rule binds once allowed, the call met: consistent, with the
    # advice ("Ideally ...") and the teams' duty as notes, never faults.
    return _f2.consistent(Joined([_courtesy_change_announced(minute), *_courtesy_notes(case, values)], sep=" "))


def _courtesy_notes(case: Case, values: Parameters) -> list[Message]:
    notes = []
    announcement = case.call.get("announcement")
    if announcement is not None and COURTESY_ANNOUNCEMENT not in " ".join(announcement.upper().split()):
        notes.append(Message('Ideally the Umpires announce "ALL MAY CHANGE – COURTESY CHANGE, ONE MINUTE", and the '
                             'announcement recorded does not say so.'))
    elapsed = case.facts.get("elapsed_in_period_s")
    if elapsed is not None and elapsed < values["COURTESY_CHANGE_IDEAL_ELAPSED"].value:
        notes.append(Message("It was allowed before {ideal} had elapsed in the period; ideally it comes after.",
                             ideal=duration(values["COURTESY_CHANGE_IDEAL_ELAPSED"].value)))
    return notes + _teams_horses(case, values)


def _teams_horses(case: Case, values: Parameters) -> list[Message]:
    """U7: "the teams shall be required to provide each Umpire two horses": the teams' duty, not the Umpires', so a
    note on the Umpires' call, never a fault in it (READINGS U7)."""
    if case.facts.get("each_umpire_had_two_horses") is False and case.match.periods is not None \
            and case.match.periods >= values["COURTESY_UMPIRE_HORSES_MIN_PERIODS"].value:
        return [Message(
            "With courtesy changes allowed, the teams shall be required to provide each Umpire {horses:g} horses for "
            "any game lasting {periods:g} periods or more; this game has {played}, and they did not: a duty of the "
            "teams, not a fault in the Umpires' call.",
            horses=values["COURTESY_UMPIRE_HORSES"].value, periods=values["COURTESY_UMPIRE_HORSES_MIN_PERIODS"].value,
            played=case.match.periods)]
    return []


@functools.lru_cache(maxsize=32)
def _courtesy_change_announced(limit: Message | str) -> Message:
    """One sentence per limit, made once: the same object, its hash kept, is then found at once among the texts
    already rendered for the report (`i18n.both`); a message is never changed once made."""
    return Message("A courtesy change announced before the game, at a neutral play, with {limit} to change.",
                   limit=limit)


# --- the match checks of 21.f(2) ------------------------------------------------------------------------------
def _courtesy_minute(record: MatchRecord, ev: Any, call: Any, allowed: float) -> list[Finding]:
    """21.f(2) "after one minute has elapsed", as the event's judge reads it (`courtesy_restart_timing`): before the
    minute, or well after it with no unwarranted delay penalized."""
    doc, minute = record.doc, record.values["COURTESY_CHANGE"]
    when = courtesy_restart_timing(allowed, ev.facts, call.given(), record.values)
    if when is None:
        return []
    times = {"allowed": minutes(allowed), "limit": minutes(minute.value)}
    if when == EARLY:
        kind, why = "courtesy_restart_before_the_minute", Message(
            "Play restarted {allowed} after a courtesy change was allowed, before the minute ({limit}) had elapsed "
            "(21.f(2)).", **times)
    else:
        kind, why = "time_allowance_exceeded", Message(
            "Play restarted {allowed} after a courtesy change was allowed, well after the minute ({limit}), with no "
            "penalty for an unwarranted delay recorded (21.f(2)).", **times)
    return [Finding(doc.match_id, kind, "21.f(2)", ERROR, [ev.id], why,
                    {"allowed_s": allowed, "limit_s": minute.value, "parameter": minute.name,
                     "tolerance_s": AFTER_ONE_MINUTE.seconds})]


def courtesy_changes(record: MatchRecord) -> list[Finding]:
    """21.f(2): "one courtesy horse change per period"."""
    doc, by_period = record.doc, defaultdict(list)
    for ev in doc.records_of({"21.f(2)"}):
        by_period[ev.period].append(ev.id)
    out = []
    limit = int(record.values["COURTESY_CHANGES_PER_PERIOD"].value)
    for period, ids in by_period.items():
        if len(ids) > limit:
            out.append(Finding(
                doc.match_id, "second_courtesy_change", "21.f(2)", ERROR, ids,
                Message("{count} courtesy changes in period {period}; one per period is allowed.", count=len(ids),
                        period=period),
                {"period": period}))
    return out


COURTESY_CHANGE = Provision(
    id="21.f(2)",
    key_name=N_("Courtesy change"),
    title=Message("Courtesy change"),
    source=(Source("The Host Tournament Committee or Umpires have the authority"),),
    facts=(
        fact("ball_out_of_play_or_neutral"),
        fact("elapsed_in_period_s"),
        fact("offered_to_all_players"),
        fact("each_umpire_had_two_horses"),
        fact("restart_as_the_case_may_be"),
        UNWARRANTED_DELAY,
    ),
    stop=STOP_AT_DISCRETION,
    restart=Message("Throw-in, penalty, free hit or knock-in after one minute"),
    mount=Message("Not excused: the mount may return"),
    penalty=Message("Any unwarranted delay by either team is penalized"),
    judge=judge_courtesy_change,
    match_checks=(each_time_allowed("21.f(2)", _courtesy_minute), MatchCheck(courtesy_changes, 3)),
    measures_time=True,
    parts=(parts.not_before_the_neutral_play, parts.courtesy_change_allowed_by),
    parameters=("COURTESY_CHANGE", "COURTESY_CHANGES_PER_PERIOD", "COURTESY_CHANGE_IDEAL_ELAPSED",
                "COURTESY_UMPIRE_HORSES", "COURTESY_UMPIRE_HORSES_MIN_PERIODS"),
    summary=Message("Only if announced before the game: one courtesy change per period, ball out of play or neutral; "
                    "play restarts after one minute has elapsed, not before; a later restart is an unwarranted delay, "
                    "penalized."),
)


PROVISIONS = (VISIBLY_INJURED, NOT_VISIBLY_INJURED, COURTESY_CHANGE)
