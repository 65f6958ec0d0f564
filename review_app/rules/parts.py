"""The parts of a call a judge's main reasoning does not read: who stopped play, who got the penalty
or the card, where play restarted and (21.a) with what, whether the whistle came before the neutral
play it should have waited for or long after the one it should have stopped at, and who decided. Each
check returns `Wrong(part, why)` or None, and reads only what the document records: an unrecorded part
is not judged (schema 1.0 documents record none of them). A part the judge itself reads (the whistle
of a clause that stops play at once, the time allowed, the penalty a clause sets) the judge names in
its own verdict (`Verdict.wrong`).

`COMMON_PARTS` hold for every clause of Rule 21; a provision lists its own in `Provision.parts`.
`judge_case` runs them all, whatever the judge concluded, so a part the rule leaves to discretion
(whether to stop) never hides one it fixes (where the restart is, who gets the penalty).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from review_app.i18n import N_, Message
from review_app.rules.case import Case
from review_app.rules.facts import AUTHORITIES_21F5, NO_SAFETY_DEFLECTIONS
from review_app.rules.parameters import Parameters
from review_app.rules.phrases import any_of
from review_app.rules.timing import AS_SOON_AS, AT_ONCE
from review_app.rules.vocabulary import Card, Direction, Official, Penalty, Point, Restart

# Who, as a sentence names them: "play was stopped by {the Referee}".
WHO = {
    Official.UMPIRE: N_("the Umpire"),
    Official.REFEREE: N_("the Referee"),
    Official.COMMITTEE: N_("the Host Tournament Committee"),
    Official.HORN: N_("the horn"),
    Official.OTHER: N_("someone other than the Umpire"),
}


def _who(value: str) -> Message:
    return Message(WHO.get(value, value))


@dataclass(frozen=True)
class Wrong:
    part: str  # the call's field: "penalty_to", "restart_place", "card_to", "stopped_by", "whistle", "decided_by"
    message: Message


def needs(field: str):
    """Marks a part's check as one that finds nothing while the call does not record `field`: `judge_case`
    skips it then, as it would find nothing; a test runs every check ungated over the whole test corpus to keep
    the marks true."""
    def mark(check):
        check.needs = field
        return check
    return mark


def gated(checks: tuple[Callable, ...]) -> tuple[tuple[Callable, str | None], ...]:
    """Each check with the call field it `needs`, if marked."""
    return tuple((check, getattr(check, "needs", None)) for check in checks)


def _awarded(case: Case) -> bool:
    return case.call.get("penalty") not in (None, Penalty.NONE)


# -- every clause --------------------------------------------------------------------------------
@needs("stopped_by")
def stopped_by_the_umpire(case: Case, values: Parameters) -> Wrong | None:
    """Rule 21: "The game is stopped only by the Umpire's whistle"."""
    who = case.call.get("stopped_by")
    if who is None or who == Official.UMPIRE:
        return None
    return Wrong("stopped_by", Message("Play was stopped by {who}; the game is stopped only by the Umpire's whistle "
                                       "(Rule 21).", who=_who(who)))


@needs("penalty_to")
def penalty_to_the_opponents(case: Case, values: Parameters) -> Wrong | None:
    """A penalty goes to the side the offence was against: 21.a's Safety to the attackers, 21.b's foul
    penalty to the fouled team, 21.f(4)'s "to the opposing team", the dead-ball foul's against the
    offender's side."""
    to, offender = case.call.get("penalty_to"), case.offending_team()
    if not _awarded(case) or to is None or offender is None or to != offender:
        return None
    other = case.opponents_of(offender)
    if other is None:
        return Wrong("penalty_to", Message(
            "The penalty was awarded to {team}, the side that committed the offence; it goes to its opponents.",
            team=to))
    return Wrong("penalty_to", Message(
        "The penalty was awarded to {team}, the side that committed the offence; it goes to its opponents, {other}.",
        team=to, other=other))


@needs("card_to")
def card_to_the_offender(case: Case, values: Parameters) -> Wrong | None:
    card, to, offender = case.call.get("card"), case.call.get("card_to"), case.offender
    if card in (None, Card.NONE) or not isinstance(to, dict) or not offender or not offender.get("team"):
        return None
    same_team = to.get("team") == offender.get("team")
    same_player = offender.get("number") is None or to.get("number") is None or to.get("number") == offender["number"]
    if same_team and same_player:
        return None
    return Wrong("card_to", Message(
        "The card was shown to {given}; it is for the player who committed the offence, {offender}.",
        given=_player(to, case), offender=_player(offender, case)))


def _player(ref: dict, case: Case) -> str:
    """A player (or a team) as the verdict names them: by the team's name."""
    team = case.match.team_name(str(ref.get("team")))
    return f"{team} #{ref['number']}" if ref.get("number") is not None else team


# A restart of this kind is taken at this point, whatever the clause: a penalty where the penalty
# awarded is taken, a knock-in from the end line (schema 2.1: `call.restart_point`; a 2.0 call's
# `restart_place` is read as the direction and point it meant, `vocabulary.split_restart`).
POINT_OF_KIND = {
    Restart.PENALTY: Point.PENALTY_SPOT,
    Restart.KNOCK_IN: Point.END_LINE,
}


@needs("restart_point")
def place_of_the_restart_kind(case: Case, values: Parameters) -> Wrong | None:
    want = POINT_OF_KIND.get(case.call.get("restart"))
    return _place(case, want)


def _place(case: Case, want: Point | None, why: Message | None = None) -> Wrong | None:
    """The restart's point (`call.restart_point`) against the one `want`ed; unrecorded, not judged."""
    given = case.call.get("restart_point")
    if want is None or given is None or given == want:
        return None
    places = {"given": Message(Point(given).label), "want": Message(want.label)}
    if why is None:
        return Wrong("restart_point", Message("Play restarted at this place: {given}; it should be: {want}.",
                                              **places))
    return Wrong("restart_point", Message("Play restarted at this place: {given}; {why}, so it should be: {want}.",
                                          why=why, **places))


def _direction(case: Case, want: Direction, why: Message) -> Wrong | None:
    """The restart's direction (`call.restart_direction`) against the one `want`ed; unrecorded, not judged."""
    given = case.call.get("restart_direction")
    if given is None or given == want:
        return None
    return Wrong("restart_direction", Message("The ball was put into play this way: {given}; {why}, so it should "
                                              "be: {want}.", given=Message(Direction(given).label), why=why,
                                              want=Message(want.label)))


# Each with the call field it needs (`needs`), as `judge_case` reads them.
COMMON_PARTS = gated((stopped_by_the_umpire, penalty_to_the_opponents, card_to_the_offender,
                      place_of_the_restart_kind))


# -- a clause's own ------------------------------------------------------------------------------
def safety_required(case: Case) -> bool | None:
    """21.a, from the facts: "If a player hits the ball across that player's own end line ... the Umpire shall
    stop the game and call a Safety (Penalty 6) unless the ball strikes another player, an opposing player's
    mallet, or another player's mount before crossing that end line". None while the facts do not say."""
    own_line, deflection = case.facts.get("last_hit_by_defender"), case.facts.get("deflection")
    if own_line is False:
        return False
    if own_line is None or deflection is None:
        return None
    return deflection not in NO_SAFETY_DEFLECTIONS


def _safety(case: Case) -> bool | None:
    """Whether the restart is a Safety's: what the facts require, else (facts unrecorded) what was called."""
    required = safety_required(case)
    if required is not None:
        return required
    penalty = case.call.get("penalty")
    return None if penalty is None else penalty == Penalty.PENALTY_6


SAFETY_TAKEN = N_("a Safety is taken as Penalty 6")
NO_SAFETY_KNOCK_IN = N_("with no Safety the ball is knocked in")
# The reasons the checks below give for a wrong part, each made once rather than for every event checked (a message
# is never changed once made; most calls are right, and the reason is not even used).
_SAFETY_TAKEN, _NO_SAFETY_KNOCK_IN = Message(SAFETY_TAKEN), Message(NO_SAFETY_KNOCK_IN)
_DEAD_WHERE_LODGED = Message("21.i: the ball is dead where it first lodged")
_AT_THE_POINT_OF_STOPPAGE = Message("21.l: at the point at which play was stopped")
_TOWARD_THE_BOARDS = Message("21.l: a throw-in toward the boards or sideline")


def safety_restart_place(case: Case, values: Parameters) -> Wrong | None:
    """21.a: a Safety is Penalty 6, taken where Penalty 6 is taken; no Safety, the ball is knocked in. Where the
    facts say whether it is a Safety, the place follows them, not the penalty called (a wrong penalty is the
    penalty's fault, not the place's)."""
    safety = _safety(case)
    if safety is None:
        return None
    return _place(case, Point.PENALTY_SPOT if safety else Point.END_LINE,
                  (_SAFETY_TAKEN if safety else _NO_SAFETY_KNOCK_IN))


def safety_restart_kind(case: Case, values: Parameters) -> Wrong | None:
    """21.a: "call a Safety (Penalty 6)": play restarts with the penalty (a hit); with no Safety, with a knock-in."""
    safety = _safety(case)
    if safety is None:
        return None
    want = (Restart.PENALTY, Restart.FREE_HIT) if safety else (Restart.KNOCK_IN,)
    return _restart(case, want, (_SAFETY_TAKEN if safety else _NO_SAFETY_KNOCK_IN))


def _restart(case: Case, want: tuple[Restart, ...], why: Message) -> Wrong | None:
    given = case.call.get("restart")
    if given is None or given in want:
        return None
    return Wrong("restart", Message("Play restarted with this: {given}; {why}, so it should be: {want}.",
                                    given=Message(Restart(given).label), why=why,
                                    want=any_of(Message(r.label) for r in want)))


def where_first_lodged(case: Case, values: Parameters) -> Wrong | None:
    """21.i: "the ball shall be considered dead at the point where it was first lodged": the point only; the
    direction of the throw-in (toward the boards, say) is not 21.i's."""
    return _place(case, Point.WHERE_FIRST_LODGED, _DEAD_WHERE_LODGED)


def _fair_play_possession_ruled_out(case: Case) -> bool:
    return case.facts.get("fair_play_possession_applies") is False


def inadvertent_whistle_place(case: Case, values: Parameters) -> Wrong | None:
    """21.l: "a throw-in toward the boards or sideline at the point at which play was stopped", unless 22.h
    applies: the point."""
    if not _fair_play_possession_ruled_out(case):
        return None
    return _place(case, Point.POINT_OF_STOPPAGE, _AT_THE_POINT_OF_STOPPAGE)


def inadvertent_whistle_direction(case: Case, values: Parameters) -> Wrong | None:
    """21.l: "a throw-in toward the boards or sideline at the point at which play was stopped": the direction."""
    if not _fair_play_possession_ruled_out(case):
        return None
    return _direction(case, Direction.TOWARD_BOARDS, _TOWARD_THE_BOARDS)


def _immediate(case: Case) -> bool:
    """The facts call for an immediate stop, whatever the neutral play: 21.e's player who may be injured, 21.g's
    equipment that may interfere or endanger at once, 21.c's unplayable ball."""
    return case.facts.get("may_be_injured_or_in_jeopardy") is True \
        or case.facts.get("may_interfere_or_endanger_immediately") is True \
        or case.facts.get("ball_state") == "unplayable"


def not_before_the_neutral_play(case: Case, values: Parameters) -> Wrong | None:
    """For a stop the rule puts at a neutral play: a whistle well before the tagged neutral play is early."""
    early = case.measured.early_s
    if early is None or _immediate(case):
        return None  # the facts call for an immediate stop: no whistle is too early
    return Wrong("whistle", Message(
        "The whistle came {early:.1f} s before the neutral play tagged; {clause} stops play when the play is neutral.",
        early=early, clause=case.situation))


def as_soon_as_the_play_is_neutral(case: Case, values: Parameters) -> Wrong | None:
    """For a stop the rule puts at the first neutral moment, a whistle well after the tagged neutral play is late:
    21.e "when the ball is in neutral territory (i.e., as soon as neither team will be deprived of an imminent
    opportunity to score a goal)"; 21.h "the play shall be stopped as soon as possible when the play is in a neutral
    position". (Not 21.g's "at some neutral play", nor 21.c's "not ... until", which set no latest moment.)"""
    late = case.measured.late_s
    if late is None or _immediate(case):
        return None  # an immediate stop is judged from the incident, not from the neutral play
    return Wrong("whistle", Message(
        "The whistle came {late:.1f} s after the neutral play tagged; {clause} stops play as soon as the play is "
        "neutral.", late=late, clause=case.situation))


def sole_discretion_of_the_umpire(case: Case, values: Parameters) -> Wrong | None:
    """21.c: "What is a chipped, broken, buried, or unplayable ball shall be within the sole discretion of the
    Umpire"."""
    who = case.call.get("decided_by")
    if who is None or who == Official.UMPIRE:
        return None
    return Wrong("decided_by", Message("The state of the ball was decided by {who}; 21.c leaves what is a chipped, "
                                       "broken, buried or unplayable ball to the sole discretion of the Umpire.",
                                       who=_who(who)))


def suspended_by_the_umpire(case: Case, values: Parameters) -> Wrong | None:
    """21.k: "The Umpire may suspend the game" (for another reason, with the Referee and Committee agreeing)."""
    who = case.call.get("decided_by")
    if who is None or who == Official.UMPIRE:
        return None
    return Wrong("decided_by", Message("The suspension was decided by {who}; 21.k gives the decision to the Umpire "
                                       "(with the Referee and the Host Tournament Committee for another reason).",
                                       who=_who(who)))


def _committee_or_umpires(case: Case, why: str) -> Wrong | None:
    """`why` (a message id with {who}) where the call's `decided_by` is neither the Committee nor the Umpire."""
    who = case.call.get("decided_by")
    if who is None or who in (Official.UMPIRE, Official.COMMITTEE):
        return None
    return Wrong("decided_by", Message(why, who=_who(who)))


def tack_provision_determined_by(case: Case, values: Parameters) -> Wrong | None:
    """21.g: the 6-goal provision is "determined by the Host Tournament Committee or the Umpires"."""
    return _committee_or_umpires(case, N_("The 6-goal provision was determined by {who}; 21.g leaves it to the Host "
                                          "Tournament Committee or the Umpires."))


def courtesy_change_allowed_by(case: Case, values: Parameters) -> Wrong | None:
    """21.f(2): courtesy changes are "determined by the Host Tournament Committee or the Umpires"."""
    return _committee_or_umpires(case, N_("The courtesy change was allowed by {who}; 21.f(2) leaves it to the Host "
                                          "Tournament Committee or the Umpires."))


def evidence_presented_to_an_authority(case: Case, values: Parameters) -> Wrong | None:
    """21.f(5): "If, within 24 hours after a game, the Umpire(s), a Referee, or the Host Tournament Committee is
    presented with conclusive physical evidence": evidence presented to anyone else grounds no forfeiture."""
    to = case.facts.get("presented_to")
    if to is None or to in AUTHORITIES_21F5 or case.facts.get("detected_during_game") is not False \
            or case.call.get("penalty") != Penalty.FORFEITURE:
        return None
    named = case.facts.get("presented_to_name")
    return Wrong("presented_to", Message(
        "The evidence was presented to {who}; 21.f(5) grounds a forfeiture on conclusive evidence presented to "
        "\"the Umpire(s), a Referee, or the Host Tournament Committee\".",
        who=named or _who(Official.OTHER)))


def decided_by_an_authority(case: Case, values: Parameters) -> Wrong | None:
    """21.f(5) names who is presented with the evidence and so who decides the forfeiture: "the Umpire(s), a
    Referee, or the Host Tournament Committee"."""
    who = case.call.get("decided_by")
    if who is None or who in AUTHORITIES_21F5:
        return None
    named = case.call.get("decided_by_name")
    return Wrong("decided_by", Message(
        "The decision was made by {who}; 21.f(5) leaves it to \"the Umpire(s), a Referee, or the Host Tournament "
        "Committee\".", who=named or _who(who)))


# -- when play restarts after a wait (schema 2.1: the moment the wait ends at) ------------------------------
# What ends the wait, as a sentence names it: "play restarted 40.0 s after {the mount was off the field}".
# Each wait's event, before it and after it, as whole phrases: Spanish puts "antes de que" with the subjunctive
# ("antes de que el jugador regresara") and "después de que" with the indicative of a past fact.
WAIT_EVENTS_BEFORE = {
    "player_returned": N_("before the player returned"),
    "mount_off_field": N_("before the mount was off the field"),
    "player_off_field": N_("before the player left the field"),
    "resumed_or_substituted": N_("before the player was able to resume or a substitute came on"),
}
WAIT_EVENTS_AFTER = {
    "player_returned": N_("after the player returned"),
    "mount_off_field": N_("after the mount was off the field"),
    "player_off_field": N_("after the player left the field"),
    "resumed_or_substituted": N_("after the player was able to resume or a substitute came on"),
}


def restart_at(case: Case, moment: str, rule: Message, *, early: bool = True, late: bool = True) -> Wrong | None:
    """Play restarts when `moment` happens (its clause's words, `rule`): a restart tagged more than AT_ONCE
    before it did not wait for it (`early`), one more than AS_SOON_AS after it waited for nothing (`late`).
    Not judged while either moment is untagged."""
    after = case.measured.after(moment)
    if after is None:
        return None
    if early and after < -AT_ONCE.seconds:
        return Wrong("moments.restart", Message("Play restarted {s:.1f} s {when}; {rule}.", s=-after,
                                                when=Message(WAIT_EVENTS_BEFORE[moment]), rule=rule))
    if late and after > AS_SOON_AS.seconds:
        return Wrong("moments.restart", Message("Play restarted {s:.1f} s {when}; {rule}.", s=after,
                                                when=Message(WAIT_EVENTS_AFTER[moment]), rule=rule))
    return None


# The rules these checks quote, made once (see `_SAFETY_TAKEN`).
_ON_RETURN = Message("21.f(1)(i): play is restarted with a throw-in when the player with the injured mount has "
                     "returned on another mount")
_WHEN_THE_MOUNT_IS_OFF = Message("21.f(1)(ii): play will resume as soon as the mount is off the field")
_WHEN_ABLE_OR_SUBSTITUTED = Message(
    "21.d: if, and when, during this interval the injured player is able to resume play or an eligible player "
    "is substituted, the Umpire shall continue the game")


def restart_on_return(case: Case, values: Parameters) -> Wrong | None:
    """21.f(1)(i): "Play will be restarted with a throw-in when the player with the injured mount has returned on
    another mount"."""
    return restart_at(case, "player_returned", _ON_RETURN)


def restart_on_return_after_an_unsound_fall(case: Case, values: Parameters) -> Wrong | None:
    """21.f(3): "otherwise he must change mounts in accordance with subparagraph 21.f(1)(i), above": a fallen mount
    not sound is changed as 21.f(1)(i) says, so play restarts when the player has returned on another mount."""
    if case.facts.get("mount_sound") is not False:
        return None
    return restart_at(case, "player_returned", _ON_RETURN)


def resume_when_the_mount_is_off(case: Case, values: Parameters) -> Wrong | None:
    """21.f(1)(ii): "Play will resume as soon as the mount is off the field"."""
    return restart_at(case, "mount_off_field", _WHEN_THE_MOUNT_IS_OFF)


def continue_when_able_or_substituted(case: Case, values: Parameters) -> Wrong | None:
    """21.d: "If, and when, during this interval the injured player is able to resume play or an eligible player
    is substituted, the Umpire shall continue the game". Before it, the game waits only within the 10 minutes."""
    stood = case.measured.stopped_for_s
    within = stood is None or stood < values["INJURY_RECOVERY"].value
    return restart_at(case, "resumed_or_substituted", _WHEN_ABLE_OR_SUBSTITUTED, early=within)
