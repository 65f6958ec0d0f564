"""Tack and equipment: 21.g broken tack, and the paragraph on damaged or broken equipment."""

from __future__ import annotations

import functools
from typing import Any

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, missed_stop, whistle_words
from review_app.rules.facts import fact
from review_app.rules.labels import part_name
from review_app.rules.match import (
    ERROR,
    WARNING,
    Finding,
    MatchRecord,
    each_time_allowed,
)
from review_app.rules.neutral import NeutralPlayWords, judge_at_next_neutral_play
from review_app.rules.parameters import Parameters
from review_app.rules.phrases import Joined
from review_app.rules.provision import (
    STOP_AT_NEUTRAL_PLAY,
    STOP_AT_ONCE,
    Case,
    MissingFact,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
)
from review_app.rules.timing import AS_SOON_AS, AT_ONCE
from review_app.rules.vocabulary import Card, Penalty, Restart, Whistle

_g = Verdicts("21.g")
_ge = Verdicts("21.g.equipment")


def six_goal_provision_applies(case: Case, values: Parameters) -> bool:
    """21.g: the 5-minute allowance needs BOTH an upper handicap of 6 goals or less AND its communication to the
    teams before the game. Either known to fail settles it; otherwise what is unknown is named."""
    m = case.match
    if m.tack_provision_announced is False:
        return False
    if m.upper_handicap is not None and m.upper_handicap > values["TACK_PROVISION_MAX_HANDICAP"].value:
        return False
    missing = [name for name, value in (("match.announcements.tack_provision_6_goal", m.tack_provision_announced),
                                        ("match.upper_handicap", m.upper_handicap)) if value is None]
    if missing:
        raise MissingFact(*missing)
    return True


# 21.g: "tack which presents a danger to any player or horse such as a broken girth or broken martingale if the end
# trails on the ground, broken rein if single, broken or loose bit, broken curb chain or loose bandages or boots".
NAMED_DANGERS = ("girth", "bit", "curb_chain", "bandages_or_boots")
NAMED_IF = {"martingale": "martingale_end_trails", "rein": "rein_single"}


def named_as_danger(case: Case) -> bool:
    """The rule names this broken tack as tack which presents a danger (a girth; a martingale whose end trails; a
    single rein; ...): then it does, whatever else was recorded."""
    item = case.facts.get("item")
    return item in NAMED_DANGERS or (item in NAMED_IF and case.facts.get(NAMED_IF[item]) is True)


def presents_danger(case: Case) -> bool:
    """U12: tack the rule names as a danger presents one, whatever `presents_danger` records; the judge, the
    restart's timing and the match check all ask this, so they agree."""
    return named_as_danger(case) or case.facts.get("presents_danger") is True


def judge_broken_tack(case: Case, values: Parameters) -> Verdict:
    changed = case.has("player_changed_mount") and case.fact("player_changed_mount")
    if changed and case.call.get("mount_change_permitted") is True \
            and case.facts.get("change_quicker_than_repair") is False:
        # Worked example: "Permission may be granted if the change can be made more quickly than the repair".
        return _g.inconsistent(Message("Permission to change mounts rather than repair may be granted if the change "
                                       "can be made more quickly than the repair; it could not."),
                               wrong=("mount_change_permitted",))
    if changed and not case.called("mount_change_permitted"):
        # Worked example: changing horses in a tack time-out without permission violates 21.g.
        signalled = (case.called_or("whistle", Whistle.NONE) == Whistle.AT_ONCE
                     or case.called_or("card", Card.NONE) != Card.NONE)
        if signalled and case.called_or("penalty", Penalty.NONE) != Penalty.NONE:
            return _g.consistent(Message("Changing mounts without permission in a tack time-out was signalled as a "
                                         "dead-ball foul and penalized."),
                                 cites=("21.g", "21.b.dead-ball"))
        missing = ("card",) if not signalled else ()
        if case.called_or("penalty", Penalty.NONE) == Penalty.NONE:
            missing += ("penalty",)
        return _g.inconsistent(Message("The player changed mounts without permission: a violation of 21.g; the whistle "
                                       "or a yellow card "
                                       "should signal the dead-ball foul and the appropriate penalty be applied."),
                               cites=("21.g", "21.b.dead-ball"), wrong=missing)
    if not named_as_danger(case) and not case.fact("presents_danger"):
        return judge_damaged_equipment(case, values)
    late = missed_stop(case)
    if late:
        return _g.inconsistent(Message(
            "Tack presenting a danger stops the game immediately, wherever the ball is; the Umpire {umpire}.",
            umpire=whistle_words(late)), wrong=("whistle",))
    if case.has("player_rested_after_repair") and case.fact("player_rested_after_repair") \
            and case.called_or("restart", None) != Restart.LINEUP:
        return _g.inconsistent(Message("The repair was made: the Umpire should call for a lineup; a player is "
                                       "permitted only necessary time."), wrong=("restart",))
    # Worked example: "Play is resumed with a throw-in after repairs have been made" (a line-up is one), unless a
    # penalty was awarded (the dead-ball foul of an unpermitted change), which is then how play restarts.
    restarts = (Restart.THROW_IN, Restart.LINEUP)  # toward the boards or not: a throw-in
    if case.called_or("penalty", Penalty.NONE) != Penalty.NONE:
        restarts += (Restart.PENALTY, Restart.FREE_HIT)
    if case.called_or("restart", None) not in (None, *restarts):
        return _g.inconsistent(Message("Play is resumed with a throw-in after the repair or change; it restarted "
                                       "with this: {given}.", given=Message(Restart(case.called("restart")).label)),
                               wrong=("restart",))
    bad = time_beyond_allowance(case, values) or _player_did_not_leave(case, values)
    if bad:
        return bad
    if changed:
        # Every obligation met, with a choice the worked example leaves to the Umpires: consistent, naming it.
        return _g.consistent(Message("Dangerous tack stopped play at once, with no more time than the rule allows; "
                                     "permission to change mounts rather than repair may be granted if the change "
                                     "is quicker, and it was."))
    return _g.consistent(Message("Dangerous tack stopped play at once, with no more time than the rule allows."))


SIX_GOAL, CONTACT, OTHER_GAMES = "six_goal", "contact", "other_games"


def _player_did_not_leave(case: Case, values: Parameters) -> Verdict | None:
    """U11, all other games: "the player must leave the field of play", unless the Umpires allowed a quick repair on
    the ground. Tagged, the moment the player left decides (`restart_after_tack`); untagged, the facts: where the
    footage shows play stopped and restarted but not the player leaving, whether the player left is asked."""
    if case.measured.after("player_off_field") is not None or case.facts.get("put_right_quickly_on_the_ground"):
        return None
    try:
        if tack_branch(case, values) != OTHER_GAMES:
            return None
    except MissingFact:
        return None  # the time allowed's check names what tells the case
    left = case.facts.get("player_left_field")
    if left is None and case.measured.stopped_for_s is not None:
        case.fact("player_left_field")  # named as missing
    if left is False:
        return _g.inconsistent(Message("In all other games the player must leave the field of play (unless the tack "
                                       "is put right quickly on the ground); the player did not."))
    return None


def tack_branch(case: Case, values: Parameters) -> str:
    """Which of 21.g's three cases the dangerous tack falls in: the announced 6-goal provision ("a maximum of
    five (5) minutes to rectify the problem or change mounts"), tack broken by contact with another horse ("the
    start of play will be delayed for five (5) minutes or until his or her return, whichever occurs first"), or
    all other games ("the player must leave the field of play and play will be restarted as soon as the player
    has done so"). MissingFact names what is needed to tell."""
    if six_goal_provision_applies(case, values):
        return SIX_GOAL
    return CONTACT if case.fact("broken_by_contact_with_another_horse") else OTHER_GAMES


def tack_limit(case: Case, values: Parameters):
    """The time 21.g's case allows (the parameter), and the words for it; for all other games no number: play
    does not wait (None). One reading for the event's verdict and the match check (`_tack_allowance`)."""
    five = duration(values["TACK_REPAIR"].value)
    branch = tack_branch(case, values)
    if branch == SIX_GOAL:
        return values["TACK_REPAIR"], _six_goal_allowance(five)
    if branch == CONTACT:
        return values["TACK_CONTACT_DELAY"], _contact_allowance(five)
    return None, _NO_WAITING


# The words for each allowance, made once for each limit rather than for every event judged (the verdict's time
# allowed is asked of every 21.g call; the words are read only where it is beyond them). A message is never changed
# once made.
_NO_WAITING = Message("play does not wait: the player must leave the field and play restarts as soon as he or she "
                      "has done so")


@functools.lru_cache(maxsize=8)
def _six_goal_allowance(limit: Message | str) -> Message:
    return Message("the rule allows up to {limit} to rectify or change (6-goal provision)", limit=limit)


@functools.lru_cache(maxsize=8)
def _contact_allowance(limit: Message | str) -> Message:
    return Message("the rule allows a delay of {limit} or until the player returns, for tack broken by contact with "
                   "another horse", limit=limit)


def time_beyond_allowance(case: Case, values: Parameters) -> Verdict | None:
    """The time allowed, against the allowance of the branch of 21.g that applies (the announced 6-goal provision,
    contact with another horse, or play not waiting for the player off the field). The event's judge and the match
    check (`_tack_allowance`) both ask this, so they agree; a fact it needs and lacks is named
    (`MissingFact`)."""
    allowed = case.call.get("time_allowed_s")
    if not allowed:
        return None
    limit, why = tack_limit(case, values)
    if limit is not None:
        if allowed <= limit.value:
            return None
    # Time to leave the field, or a quick repair on the ground ("may allow ... if it can be done quickly"),
    # is no waiting for the player.
    elif not case.called("play_waited_off_field"):
        return None
    return _g.inconsistent(Message("The time allowed was {allowed}; {why}.", allowed=minutes(allowed), why=why),
                           wrong=("time_allowed_s",))


_AS_SOON_AS_OFF = Message("21.g: in all other games the player must leave the field of play and play will be "
                          "restarted as soon as the player has done so")  # made once (see `_NO_WAITING`)


def restart_after_tack(case: Case, values: Parameters) -> parts.Wrong | None:
    """When play restarts, measured from the moments (schema 2.1), in 21.g's case: for tack broken by contact
    with another horse "delayed for five (5) minutes or until his or her return, whichever occurs first" (a
    restart before both is early; one well after the return, late); in all other games "restarted as soon as
    the player has done so" (left the field). The 6-goal provision's maximum is the time allowed's check."""
    if not presents_danger(case):
        return None
    try:
        branch = tack_branch(case, values)
    except MissingFact:
        return None  # the verdict names what is missing
    if branch == OTHER_GAMES:
        return parts.restart_at(case, "player_off_field", _AS_SOON_AS_OFF)
    measured = case.measured
    stood, returned = measured.stopped_for_s, measured.return_after_whistle_s
    if branch != CONTACT or stood is None or returned is None:
        return None
    due = min(values["TACK_CONTACT_DELAY"].value, returned)
    rule = Message("21.g: for tack broken by contact with another horse the start of play is delayed for five (5) "
                   "minutes or until his or her return, whichever occurs first")
    if stood < due - AT_ONCE.seconds:
        return parts.Wrong("moments.restart", Message(
            "Play restarted {stood:.1f} s after the stoppage, before both the five minutes and the player's return "
            "({returned:.1f} s); {rule}.", stood=stood, returned=returned, rule=rule))
    if returned < values["TACK_CONTACT_DELAY"].value and stood > returned + AS_SOON_AS.seconds:
        return parts.restart_at(case, "player_returned", rule, early=False)
    return None


def _tack_allowance(record: MatchRecord, ev: Any, call: Any, allowed: float) -> list[Finding]:
    """21.g's allowance as the event's judge reads it (`tack.time_beyond_allowance`): five minutes under the announced
    6-goal provision or for tack broken by contact, else no waiting for the player off the field. What it needs and
    the document lacks makes a warning naming it, as for the other allowances: beyond the five minutes whichever
    case it is, and any time at all where only whether play waited for the player is unknown (all other games)."""
    doc, values = record.doc, record.values
    repair = values["TACK_REPAIR"]
    case = doc.case(ev, record.context)
    if ev.facts.get("presents_danger") is False and not presents_danger(case):
        return []  # the damaged-equipment paragraph's, which sets no time (tack the rule names is never that: U12)
    try:
        bad = time_beyond_allowance(case, values)
    except MissingFact as missing:
        return [Finding(doc.match_id, "time_allowance_exceeded", "21.g", WARNING, [ev.id], Message(
            "{allowed} allowed under 21.g; whether it is more than the rule allows depends on what is not recorded: "
            "{missing}.", allowed=minutes(allowed), missing=Joined((part_name(n) for n in missing.names), ", ")),
            {"allowed_s": allowed, "parameter": repair.name})] \
            if allowed > repair.value or "call.play_waited_off_field" in missing.names else []
    if bad is None:
        return []
    return [Finding(doc.match_id, "time_allowance_exceeded", "21.g", ERROR, [ev.id], bad.explanation,
                    {"allowed_s": allowed, "limit_s": repair.value, "parameter": repair.name})]


BROKEN_TACK = Provision(
    id="21.g",
    key_name=N_("Broken tack"), waits_for=("player_returned", "player_off_field"),
    title=Message("Broken tack"),
    source=(Source("Broken Tack or Equipment:"), Source("The game will be stopped immediately in the interest of "
                                                        "safety")),
    facts=(
        fact("item"),
        fact("presents_danger"),
        fact("broken_by_contact_with_another_horse"),
        fact("player_changed_mount", required=False),  # most tack is repaired, not changed
        fact("player_rested_after_repair"),
        fact("martingale_end_trails"),
        fact("rein_single"),
        fact("change_quicker_than_repair"),
        fact("player_left_field"),
        fact("put_right_quickly_on_the_ground"),
        fact("may_pose_risk"),
        fact("may_interfere_or_endanger_immediately"),
        fact("play_neutral_when_damaged"),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_ONCE,
    restart=Message("Throw-in after repairs; at 6 goals or less (announced) up to 5 minutes; otherwise as soon as the "
                    "player has left, or 5 minutes if broken by contact with another horse"),
    mount=Message("A change needs the Umpires' permission"),
    penalty=Message("Changing mounts without permission: dead-ball foul and penalty"),
    judge=judge_broken_tack,
    match_checks=(each_time_allowed("21.g", _tack_allowance),),
    measures_time=True,
    parts=(parts.tack_provision_determined_by, restart_after_tack),
    decisions=("play_waited_off_field",),
    parameters=("TACK_PROVISION_MAX_HANDICAP", "TACK_REPAIR", "TACK_CONTACT_DELAY"),
    summary=Message("Dangerous tack stops play at once; the time allowed depends on the announced 6-goal provision and "
                    "on "
                    "contact with another horse; changing mounts needs permission."),
)


def judge_damaged_equipment(case: Case, values: Parameters) -> Verdict:
    v = _ge
    if case.fact("item") == "mallet":
        # Worked example: a dropped mallet is replaced on the player's own time.
        # Time granted is what the call records; the time the ball stood out of play (measured whistle to restart)
        # is not time granted (`Provision.measures_time` is off here), so it is asked for, never measured.
        if case.called("time_allowed_s") > 0:
            return v.inconsistent(Message("Time should not be granted to retrieve a dropped mallet; the player "
                                          "procures a new one on his own time."), wrong=("time_allowed_s",))
        return v.consistent(Message("No time was granted for the dropped mallet."))
    whistle = case.called("whistle")
    umpire = whistle_words(whistle)
    if not case.fact("may_pose_risk"):
        # No risk: the paragraph binds nothing, and whether to stop at all is the Umpire's ("a great deal of
        # discretion as to whether or when to stop play"), played on or stopped alike (as 21.c's minor damage).
        if whistle == Whistle.NONE:
            return v.discretionary(Message("The equipment posed no risk, so play went on, within the Umpire's "
                                           "discretion."), WholeQuestion.STOPPING_WHERE_NOT_REQUIRED)
        return v.discretionary(Message("The equipment posed no risk; the Umpire {umpire}, within the Umpire's "
                                       "discretion.",
                                       umpire=umpire), WholeQuestion.STOPPING_WHERE_NOT_REQUIRED)
    if case.fact("may_interfere_or_endanger_immediately"):
        if whistle == Whistle.AT_ONCE:
            return v.consistent(Message("The damaged equipment could interfere or endanger at once: play stopped "
                                        "immediately."))
        return v.inconsistent(Message(
            "Equipment that may immediately interfere or endanger requires an immediate stop; the Umpire {umpire}.",
            umpire=umpire), wrong=("whistle",))
    return judge_at_next_neutral_play(case, v, "play_neutral_when_damaged", _RISKY_EQUIPMENT_WORDS)


_RISKY_EQUIPMENT_WORDS = NeutralPlayWords(
    waited=Message("The Umpire waited for a neutral play to stop for the damaged equipment."),
    not_stopped=Message("Damaged equipment posing a risk: play continues, but the whistle should sound at the next "
                        "neutral play."),
    already_neutral=Message("Play was already neutral, so stopping at once was stopping at a neutral play."),
    too_soon=Message("The equipment posed a risk but could not interfere at once: the Umpire shall wait for a "
                     "neutral play."),
)


DAMAGED_EQUIPMENT = Provision(
    id="21.g.equipment",
    key_name=N_("Broken equipment"),
    title=Message("Damaged or broken equipment"),
    source=(Source("If, in the Umpire’s opinion, damaged or broken equipment"),),
    facts=(
        fact("item"),
        fact("may_pose_risk"),
        fact("may_interfere_or_endanger_immediately"),
        fact("play_neutral_when_damaged"),
    ),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=Message("Not set by the paragraph"),
    mount=None,
    penalty=None,
    judge=judge_damaged_equipment,
    whole_questions=((WholeQuestion.STOPPING_WHERE_NOT_REQUIRED,
                      "the Umpire has a great deal of discretion as to whether or when to stop play"),),
    parts=(parts.not_before_the_neutral_play,),
    summary=Message("Risky equipment waits for a neutral play unless it may interfere or endanger at once; no time for "
                    "a dropped mallet."),
)

PROVISIONS = (BROKEN_TACK, DAMAGED_EQUIPMENT)
