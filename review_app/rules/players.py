"""Players: 21.d injury to player, 21.e player falls off, 21.h lost helmet."""

from __future__ import annotations

import functools

from review_app.i18n import N_, Message
from review_app.rules import parameters as P
from review_app.rules import parts
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, whistle_words
from review_app.rules.facts import fact
from review_app.rules.neutral import NeutralPlayWords, judge_at_next_neutral_play
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
RECOVERY = P.INJURY_RECOVERY


def judge_injury(case: Case) -> Verdict:
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
    limit = duration(RECOVERY.value)
    if case.facts.get("continued_when_able_or_substituted") is False:
        # U1, recorded as a fact where the moments are not tagged (tagged, `parts.continue_when_able_or_substituted`).
        return _d.inconsistent(Message("If, and when, during this interval the injured player is able to resume play "
                                       "or an eligible player is substituted, the Umpire shall continue the game; "
                                       "play did not continue then."))
    if allowed is not None and allowed > RECOVERY.value:
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
    measures_time=True,
    parts=(parts.continue_when_able_or_substituted,),
    decisions=("extra_time_granted",),
    parameters=(P.INJURY_RECOVERY,),
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


def judge_player_falls(case: Case) -> Verdict:
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
        # holds for a knock-out in a fall; the match check follows it (`checker.sequence.injuries`).
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


def judge_lost_helmet(case: Case) -> Verdict:
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
