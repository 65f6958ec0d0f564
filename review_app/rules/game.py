"""The game: the whistle alone stops play (the rule's opening and closing words), 21.j period ends,
21.k suspension, 21.l inadvertent whistle."""

from __future__ import annotations

from review_app.i18n import N_, Message
from review_app.rules import parts
from review_app.rules.facts import fact
from review_app.rules.parameters import Parameters
from review_app.rules.phrases import Joined
from review_app.rules.provision import (
    OFFICIALS_AGREEING,
    STOP_AT_DISCRETION,
    STOP_NOT_AT_ALL,
    STOP_REQUIRED,
    Case,
    MissingFact,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
)
from review_app.rules.vocabulary import Restart, Whistle

_w = Verdicts("21.general.whistle")


def judge_whistle_only(case: Case, values: Parameters) -> Verdict:
    if case.fact("stopped_without_whistle"):
        return _w.inconsistent(Message("Play and the clock were stopped without the Umpire's whistle; the game is "
                                       "stopped only by the whistle."))
    return _w.consistent(Message("Play was continuous until the Umpire's whistle."))


WHISTLE_ONLY = Provision(
    id="21.general.whistle",
    key_name=N_("Whistle stops play"), first_window=8,
    title=Message("Only the whistle stops play"),
    source=(Source("Play shall be continuous"),
            Source("The game is stopped only by the Umpire", en_to="Fouls involving safety", es_to="Los fouls que "
                                                                                                   "afectan")),
    facts=(fact("stopped_without_whistle"),),
    stop=STOP_AT_DISCRETION,
    restart=Message("Not applicable"),
    mount=None,
    penalty=None,
    judge=judge_whistle_only,
    summary=Message("Play and the clock run until the Umpire whistles; the Umpire has wide discretion whether and when "
                    "to stop."),
)

_j = Verdicts("21.j")


def judge_period_ends(case: Case, values: Parameters) -> Verdict:
    expired = case.fact("period_time_expired")
    whistle = case.called("whistle")
    if expired and whistle == Whistle.NONE:
        return _j.inconsistent(Message("The Umpire shall stop the game at the end of each period."), wrong=("whistle",))
    if not expired and whistle != Whistle.NONE:
        return _j.inconsistent(Message("The game was stopped as if the period had ended, but its time had not "
                                       "expired."), wrong=("whistle",))
    return _j.consistent(Message("The period ended with the Umpire stopping the game."))


PERIOD_ENDS = Provision(
    id="21.j", key_name=N_("Period ends"), title=Message("Period ends"), source=(Source("Period Ends"),),
    facts=(fact("period_time_expired"),),
    stop=STOP_REQUIRED, restart=Message("The next period"), mount=None, penalty=None,
    judge=judge_period_ends,
    summary=Message("The game is stopped at the end of each period."),
)

_k = Verdicts("21.k")
REASON_WORDS = {"darkness": N_("darkness"), "inclement_weather": N_("inclement weather")}


def judge_suspension(case: Case, values: Parameters) -> Verdict:
    reason = case.fact("reason")
    if reason == "other":
        bad = _officials_not_agreeing(case)
        if bad:
            return bad
    why = Message(REASON_WORDS.get(reason, N_(
        "a reason the Umpires, the Referee and the Host Tournament Committee believe in the best interest of the "
        "game")))
    if reason == "other":
        # A condition met ("which the Umpire(s), Referee and Host Tournament Committee believe"): consistent.
        return _k.consistent(Message("The Umpire may suspend the game for {why}, and each of them believed it so.",
                                     why=why))
    return _k.discretionary(Message("The Umpire may suspend the game for {why}.", why=why),
                            WholeQuestion.SUSPENDING_THE_GAME)


def _officials_not_agreeing(case: Case) -> Verdict | None:
    """21.k: "any other reason which the Umpire(s), Referee and Host Tournament Committee believe to be in the best
    interest of the game": each of them (schema 2.1: one field each), or all at once as 2.0 recorded it."""
    each = {name: case.call.get(name) for name, _who in OFFICIALS_AGREEING}
    if all(v is None for v in each.values()):
        together = case.call.get("officials_agree")
        if together is None:
            raise MissingFact(*(f"call.{name}" for name in each))
        if together:
            return None
        return _k.inconsistent(Message("A suspension for another reason needs the Umpires, the Referee and the Host "
                                       "Tournament Committee to believe it in the best interest of the game."),
                               wrong=("officials_agree",))
    against = [name for name, v in each.items() if v is False]
    if against:
        who = Joined((Message(w) for name, w in OFFICIALS_AGREEING if name in against), sep=", ")
        return _k.inconsistent(Message("A suspension for another reason needs the Umpires, the Referee and the Host "
                                       "Tournament Committee to believe it in the best interest of the game; {who} "
                                       "did not.", who=who), wrong=tuple(against))
    missing = [f"call.{name}" for name, v in each.items() if v is None]
    if missing:
        raise MissingFact(*missing)
    return None


SUSPENSION = Provision(
    id="21.k", key_name=N_("Game suspended"),
    title=Message("Suspension of game"), source=(Source("Suspension of Game"),),
    facts=(fact("reason"),),
    decisions=tuple(name for name, _who in OFFICIALS_AGREEING),
    former_decisions=("officials_agree",),
    stop=STOP_AT_DISCRETION, restart=Message("When the game is resumed"), mount=None, penalty=None,
    judge=judge_suspension,
    whole_questions=((WholeQuestion.SUSPENDING_THE_GAME, "The Umpire may suspend the game"),),
    parts=(parts.suspended_by_the_umpire,),
    summary=Message("The Umpire may suspend for darkness, inclement weather or another reason the officials agree on."),
)

_l = Verdicts("21.l")


def judge_inadvertent_whistle(case: Case, values: Parameters) -> Verdict:
    restart = case.called("restart")
    if case.fact("fair_play_possession_applies"):
        if restart != Restart.FAIR_PLAY_POSSESSION:
            return _l.inconsistent(Message("Rule 22.h (Fair Play Possession) applies, so play restarts under it, not "
                                           "with a throw-in."),
                                   cites=("21.l", "22.h"), wrong=("restart",))
        return _l.consistent(Message("Restarted under Rule 22.h, the exception 21.l names."),
                             cites=("21.l", "22.h"))
    if restart not in (Restart.THROW_IN_TOWARD_BOARDS, Restart.THROW_IN):
        return _l.inconsistent(Message("After an inadvertent whistle there shall be a throw-in toward the boards or "
                                       "sideline at the point play was stopped."), wrong=("restart",))
    if case.call.get("restart_direction") is None:
        # Say only what was recorded: the direction's check (`parts`) judges it where it is.
        return _l.consistent(Message("Throw-in at the point of the inadvertent whistle; its direction is not "
                                     "recorded."))
    return _l.consistent(Message("Throw-in toward the boards at the point of the inadvertent whistle."))


INADVERTENT_WHISTLE = Provision(
    id="21.l", key_name=N_("Stray whistle"), first_window=7,
    title=Message("Inadvertent whistle"), source=(Source("Inadvertent Whistle"),),
    facts=(fact("fair_play_possession_applies"),),
    stop=STOP_NOT_AT_ALL,
    restart=Message("Throw-in toward the boards or sideline where play stopped, unless Rule 22.h applies"),
    mount=None, penalty=None, judge=judge_inadvertent_whistle,
    parts=(parts.inadvertent_whistle_place, parts.inadvertent_whistle_direction),
    summary=Message("An inadvertent whistle is followed by a throw-in toward the boards where play stopped, except "
                    "under Rule 22.h."),
)

PROVISIONS = (WHISTLE_ONLY, PERIOD_ENDS, SUSPENSION, INADVERTENT_WHISTLE)
