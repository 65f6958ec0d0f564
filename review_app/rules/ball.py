"""The ball: 21.a safety, 21.c damaged or buried ball, 21.i lodged ball."""

from __future__ import annotations

import functools

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.calls import whistle_words
from review_app.rules.facts import NO_SAFETY_DEFLECTIONS, fact
from review_app.rules.parameters import Parameters
from review_app.rules.provision import (
    STOP_REQUIRED,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
)
from review_app.rules.vocabulary import Penalty, Whistle

# --- 21.a Ball hit across end line (Safety) -------------------------------------------------
# Which deflections make a Safety and which do not: `facts.SAFETY_DEFLECTIONS`, `facts.NO_SAFETY_DEFLECTIONS`.
# What the ball glanced off or struck, as a sentence says it (the Spanish as the rulebook puts it:
# "golpee a otro jugador, el taco de un jugador contrario o el caballo de otro jugador").
DEFLECTION_WORDS = {
    "own_mount": N_("the player's own mount"),
    "goal_post": N_("a goal post"),
    "side_boards": N_("the side boards"),
    "teammates_mallet": N_("a teammate's mallet"),
    "another_player": N_("another player"),
    "opposing_mallet": N_("an opposing player's mallet"),
    "another_players_mount": N_("another player's mount"),
}


def safety_call(values: Parameters) -> Penalty:
    """21.a's "call a Safety (Penalty 6)": the penalty the edition's number names."""
    return Penalty.numbered(values["SAFETY_PENALTY"].value)


_a = Verdicts("21.a")


def judge_safety(case: Case, values: Parameters) -> Verdict:
    own_line = case.fact("last_hit_by_defender")  # a mere touch of the mallet is a hit (21.a)
    safety = safety_call(values)
    safety_called = case.called("penalty") == safety
    if not own_line:
        if safety_called:
            return _a.inconsistent(
                Message("A Safety was called, but the ball was last hit by the attacking side; a Safety is only for a "
                        "player who hits the ball across his or her own end line."), wrong=("penalty",))
        return _a.consistent(Message("No Safety: the ball went over the end line off the attacking side."))
    deflection = case.fact("deflection")
    if deflection in NO_SAFETY_DEFLECTIONS:
        what = Message(DEFLECTION_WORDS[deflection])
        if safety_called:
            return _a.inconsistent(Message(
                "A Safety was called, but the ball struck {what} before crossing the end line, which makes it no "
                "Safety.",
                what=what), wrong=("penalty",))
        return _a.consistent(_no_safety_struck(deflection))
    # "the Umpire shall stop the game and call a Safety (Penalty 6)": both the stop and the penalty are fixed.
    not_stopped = case.called_or("whistle", None) == Whistle.NONE
    if not safety_called:
        how = Message("directly") if deflection == "none" else Message(
            "after glancing off {what}", what=Message(DEFLECTION_WORDS[deflection]))
        return _a.inconsistent(Message(
            "The defender hit the ball across his or her own end line (a mere touch of the mallet counts), {how}: "
            "the Umpire shall stop the game and call a Safety ({penalty}).", how=how, penalty=Message(safety.label)),
            wrong=("penalty", "whistle") if not_stopped else ("penalty",))
    if not_stopped:
        return _a.inconsistent(Message(
            "A Safety ({penalty}) was called but play was not stopped: the Umpire shall stop the game and call the "
            "Safety.", penalty=Message(safety.label)), wrong=("whistle",))
    return _a.consistent(_correctly_called(safety))


@functools.lru_cache(maxsize=4)
def _correctly_called(safety: Penalty) -> Message:
    """The sentence is the same for every call it fits: made once for each penalty (a message is never changed once
    made)."""
    return Message("Safety ({penalty}) correctly called: the defender's hit crossed his or her own end line.",
                   penalty=Message(safety.label))


@functools.lru_cache(maxsize=32)
def _no_safety_struck(deflection: str) -> Message:
    """One sentence per deflection, made once (see `_correctly_called`)."""
    return Message("No Safety: the ball struck {what} before crossing the end line.",
                   what=Message(DEFLECTION_WORDS[deflection]))


SAFETY = Provision(
    id="21.a",
    key_name=N_("Safety"), first_window=10,
    title=Message("Ball hit across end line (Safety)"),
    source=(Source("Ball Hit Across End Line"),),
    facts=(
        fact("last_hit_by_defender"),
        fact("deflection"),
    ),
    stop=STOP_REQUIRED,
    restart=Message("Penalty 6 if a Safety; otherwise a knock-in"),
    mount=None,
    penalty=Message("Safety: Penalty 6"),
    judge=judge_safety,
    parts=(parts.safety_restart_place, parts.safety_restart_kind),
    parameters=("SAFETY_PENALTY",),
    summary=Message("Requires Penalty 6 when the defending side's hit (a touch counts) crosses its own end line, "
                    "directly "
                    "or off its own mount, a goal post or the boards; forbids it after another player, an opponent's "
                    "mallet or another player's mount."),
)

# --- 21.c Damaged, buried ball -----------------------------------------------------------------
_c = Verdicts("21.c")


def judge_damaged_ball(case: Case, values: Parameters):
    state = case.fact("ball_state")
    whistle = case.called("whistle")
    umpire = whistle_words(whistle)
    if state == "unplayable":
        # What is unplayable is the Umpire's sole discretion; once the ball is, the stop is required.
        if whistle == Whistle.NONE:
            return _c.inconsistent(
                Message("The ball was unplayable (chipped, broken or trodden in): the Umpire shall stop the game. What "
                        "is "
                        "unplayable is the Umpire's sole discretion, but once it is, stopping is not optional."),
                wrong=("whistle",))
        return _c.consistent(Message(
            "The Umpire {umpire} for an unplayable ball, as 21.c requires (what is unplayable is his or her sole "
            "discretion).", umpire=umpire))
    # Minor damage: not before neither team is favoured; the largest piece is played on otherwise.
    if whistle == Whistle.NONE:
        played = case.facts.get("played_after_break")
        if played not in (None, "largest_piece"):
            # "In the case of a broken ball, the largest piece shall be played unless the Umpire stops the game."
            return _c.inconsistent(Message(
                "Play went on without a stop, and what was played was not the largest piece: in the case of a broken "
                "ball, the largest piece shall be played unless the Umpire stops the game."))
        return _c.discretionary(
            Message("Play went on with a minorly damaged ball (the largest piece is played); the Umpire's discretion."),
            WholeQuestion.STOPPING_WHERE_NOT_REQUIRED)
    if whistle != Whistle.NEUTRAL_PLAY and not case.fact("neither_team_favored"):
        return _c.inconsistent(Message(
            "The ball was only minorly damaged and the Umpire {umpire}: the Umpire should not stop the game until the "
            "ball is in such a position that neither team is favored.", umpire=umpire), wrong=("whistle",))
    return _c.consistent(Message(
        "The Umpire {umpire} when neither team was favored, as 21.c asks for a minorly damaged ball.", umpire=umpire))


DAMAGED_BALL = Provision(
    id="21.c",
    key_name=N_("Damaged ball"), first_window=2,
    title=Message("Damaged or buried ball"),
    source=(Source("Damaged, Buried Ball"),),
    facts=(
        fact("ball_state"),
        fact("neither_team_favored"),
        fact("played_after_break"),
    ),
    # "the Umpire shall stop the game" for an unplayable ball, with no timing (READINGS entry 53); a minorly
    # damaged ball's stop is the Umpire's (`whole_questions`), not the label of the provision.
    stop=STOP_REQUIRED,
    restart=Message("Not set by 21.c; the largest piece is played unless play is stopped"),
    mount=None,
    penalty=None,
    judge=judge_damaged_ball,
    whole_questions=((WholeQuestion.STOPPING_WHERE_NOT_REQUIRED,
                      "the largest piece shall be played unless the Umpire stops the game"),),
    parts=(parts.not_before_the_neutral_play, parts.sole_discretion_of_the_umpire),
    summary=Message("An unplayable ball must stop the game (what is unplayable is the Umpire's call); a minorly "
                    "damaged "
                    "ball is not stopped until neither team is favored."),
)

# --- 21.i Lodged ball -------------------------------------------------------------------------------
_i = Verdicts("21.i")


def judge_lodged_ball(case: Case, values: Parameters):
    if not case.fact("cannot_be_dropped_immediately"):
        if case.called("whistle") == Whistle.NONE:
            return _i.consistent(Message("The ball came loose at once, so play went on."))
        return _i.inconsistent(Message("The ball could be dropped immediately; 21.i stops the game only when it "
                                       "cannot."), wrong=("whistle",))
    if case.called("whistle") == Whistle.NONE:
        return _i.inconsistent(Message("The ball was lodged and could not be dropped immediately: the Umpire shall "
                                       "stop the game."), wrong=("whistle",))
    if case.has("dead_at_point_first_lodged") and not case.fact("dead_at_point_first_lodged"):
        return _i.inconsistent(Message("The ball shall be considered dead at the point where it was first lodged."),
                               wrong=("restart_point",))
    return _i.consistent(Message("Play stopped for a lodged ball, dead where it first lodged."))


LODGED_BALL = Provision(
    id="21.i",
    key_name=N_("Lodged ball"), first_window=6,
    title=Message("Lodged ball"),
    source=(Source("Lodged Ball"),),
    facts=(
        fact("cannot_be_dropped_immediately"),
        fact("dead_at_point_first_lodged"),
    ),
    stop=STOP_REQUIRED,
    restart=Message("Ball dead at the point where it was first lodged"),
    mount=None,
    penalty=None,
    judge=judge_lodged_ball,
    parts=(parts.where_first_lodged,),
    summary=Message("Requires a stoppage when the ball cannot be dropped at once, with the ball dead where it first "
                    "lodged."),
)

PROVISIONS = (SAFETY, DAMAGED_BALL, LODGED_BALL)
