"""The words of a call and of a verdict, each declared once: what a document records (whistle,
restart, penalty, card, penalty timing), when a provision says play must stop, what a verdict says,
and how serious a match finding is.

Each is a `StrEnum` whose values are the strings documents, the JSON schema and JSON output carry,
so `Whistle.AT_ONCE == "at_once"` and a member serialises as its value. Each member's `label` is a
message id (English; the Spanish is in the catalogue), translated where it is shown.
"""

from __future__ import annotations

from enum import StrEnum

from review_app.i18n import N_, InContext


class Labelled(StrEnum):
    """A value with its label: `AT_ONCE = "at_once", N_("At once")`."""

    label: str  # a message id (`InContext`: one translated in its context)

    def __new__(cls, value: str, label: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(m.value for m in cls)


class Whistle(Labelled):
    """What the call records about the whistle."""

    AT_ONCE = "at_once", N_("At once")
    DELAYED = "delayed", N_("Delayed")
    NEUTRAL_PLAY = "neutral_play", N_("At a neutral play")
    NONE = "none", N_("None")


class Restart(Labelled):
    THROW_IN = "throw_in", N_("Throw-in")
    THROW_IN_TOWARD_BOARDS = "throw_in_toward_boards", N_("Throw-in toward the boards")
    PENALTY = "penalty", N_("Penalty")
    FREE_HIT = "free_hit", N_("Free hit")
    KNOCK_IN = "knock_in", N_("Knock-in")
    FAIR_PLAY_POSSESSION = "fair_play_possession", N_("Fair play possession (22.h)")
    PLAY_RESUMED = "play_resumed", N_("Play resumed")
    LINEUP = "lineup", N_("Line-up")
    NEXT_PERIOD = "next_period", N_("Next period")
    NONE = "none", N_("None")


class Penalty(Labelled):
    NONE = "none", N_("None")
    PENALTY_1 = "penalty_1", N_("Penalty 1")
    PENALTY_2 = "penalty_2", N_("Penalty 2")
    PENALTY_3 = "penalty_3", N_("Penalty 3")
    PENALTY_4 = "penalty_4", N_("Penalty 4")
    PENALTY_5 = "penalty_5", N_("Penalty 5")
    PENALTY_6 = "penalty_6", N_("Penalty 6")
    APPROPRIATE = "appropriate_penalty", N_("Appropriate penalty")
    FORFEITURE = "forfeiture", N_("Forfeiture")

    @classmethod
    def numbered(cls, n: float) -> Penalty:
        """The penalty the rulebook numbers `n` ("Penalty 6")."""
        return cls(f"penalty_{n:g}")


class Card(Labelled):
    NONE = "none", InContext("card", "None")  # "tarjeta" is feminine: "Ninguna", where the others' is "Ninguno"
    YELLOW = "yellow", N_("Yellow")
    RED = "red", N_("Red")


class PenaltyTiming(Labelled):
    """When the penalty is taken."""

    IMMEDIATELY = "immediately", N_("Immediately")
    START_OF_NEXT_PERIOD = "start_of_next_period", N_("At the start of the next period")
    FIVE_SECONDS_ON_CLOCK = "five_seconds_on_clock", N_("With five seconds on the clock")


class Place(Labelled):
    """Where play restarts, as schema 2.0 recorded it in one value (`call.restart_place`); 2.1 records the
    direction and the point apart (`Direction`, `Point`, `split_restart`)."""

    POINT_OF_STOPPAGE = "point_of_stoppage", N_("Where play was stopped")
    TOWARD_BOARDS = "toward_boards", N_("Toward the boards or sideline, where play was stopped")
    WHERE_FIRST_LODGED = "where_first_lodged", N_("Where the ball first lodged")
    CENTRE = "centre", N_("Centre of the field")
    PENALTY_SPOT = "penalty_spot", N_("Where the penalty awarded is taken")
    END_LINE = "end_line", N_("The end line (knock-in)")
    OTHER = "other", N_("Elsewhere")


class Direction(Labelled):
    """Which way the ball is put into play (schema 2.1: `call.restart_direction`): 21.l's throw-in "toward the
    boards or sideline"."""

    TOWARD_BOARDS = "toward_boards", N_("Toward the boards or sideline")
    BETWEEN_TEAMS = "between_teams", N_("Between the teams, lined up")


class Point(Labelled):
    """Where on the field play restarts (schema 2.1: `call.restart_point`): 21.l's "at the point at which play
    was stopped", 21.i's "the point where it was first lodged", or where the restart's kind is taken."""

    POINT_OF_STOPPAGE = "point_of_stoppage", N_("Where play was stopped")
    WHERE_FIRST_LODGED = "where_first_lodged", N_("Where the ball first lodged")
    CENTRE = "centre", N_("Centre of the field")
    PENALTY_SPOT = "penalty_spot", N_("Where the penalty awarded is taken")
    END_LINE = "end_line", N_("The end line (knock-in)")
    OTHER = "other", N_("Elsewhere")


# Schema 2.0 recorded the restart's direction and point in one value (`call.restart_place`) and a throw-in
# toward the boards as a kind of its own; 2.1 records kind, direction and point apart. Each 2.0 value, as
# the parts it meant (a 2.0 place "toward the boards" was "toward the boards or sideline, where play was
# stopped": both parts).
PLACE_PARTS: dict[str, tuple[str | None, str | None]] = {
    Place.TOWARD_BOARDS: (Direction.TOWARD_BOARDS, Point.POINT_OF_STOPPAGE),
    **{p.value: (None, p.value) for p in Place if p != Place.TOWARD_BOARDS},
}


def split_restart(call: dict) -> dict:
    """The call with its restart as kind, direction and point (schema 2.1): 2.0's `restart_place` and its
    kind "throw-in toward the boards" become the parts they meant. A part the call records in the 2.1 way
    already is kept as it is. Returns `call` itself when there is nothing to split."""
    place, kind = call.get("restart_place"), call.get("restart")
    if "restart_place" not in call and kind != Restart.THROW_IN_TOWARD_BOARDS:
        return call
    out = {k: v for k, v in call.items() if k != "restart_place"}
    if place is not None and place not in PLACE_PARTS:
        out["restart_place"] = place  # not a 2.0 place: kept as it was, for validation to name
    direction, point = PLACE_PARTS.get(place, (None, None)) if place is not None else (None, None)
    if kind == Restart.THROW_IN_TOWARD_BOARDS:
        out["restart"] = Restart.THROW_IN.value
        direction = Direction.TOWARD_BOARDS.value
    if direction is not None and out.get("restart_direction") is None:
        out["restart_direction"] = str(direction)
    if point is not None and out.get("restart_point") is None:
        out["restart_point"] = str(point)
    return out


class Official(Labelled):
    """Who stopped play or decided (schema 2.0: `call.stopped_by`, `call.decided_by`)."""

    UMPIRE = "umpire", N_("Umpire")
    REFEREE = "referee", N_("Referee")
    COMMITTEE = "committee", N_("Host Tournament Committee")
    HORN = "horn", N_("The horn (timekeeper)")
    OTHER = "other", N_("Someone else")


class Stop(Labelled):
    """When a provision says play must stop."""

    AT_ONCE = "at_once", N_("At once")
    AT_NEUTRAL_PLAY = "neutral_play", N_("At the next neutral play")
    # "shall stop the game" with no word of when (21.a, 21.d, 21.i, 21.j): a stop is owed, its moment is not
    # fixed. Rule 21 writes "immediately" where it means it (21.e, 21.f(1), 21.f(3), 21.g).
    REQUIRED = "required", N_("Shall be stopped; the rule sets no timing")
    AT_DISCRETION = "discretion", N_("At the Umpire's discretion")
    NOT_AT_ALL = "not_at_all", N_("Play is not stopped for it")


class VerdictKind(Labelled):
    """What the rules make of a call."""

    CONSISTENT = "consistent", N_("Consistent")
    INCONSISTENT = "inconsistent", N_("Inconsistent")
    DISCRETIONARY = "discretionary", N_("Discretionary")
    INCOMPLETE = "incomplete", N_("Incomplete")


class Severity(Labelled):
    """How much a match finding weighs."""

    MANDATORY = "mandatory", N_("mandatory")
    ERROR = "error", N_("error")
    WARNING = "warning", N_("warning")
    INFO = "info", N_("for information")


# The values a call's recorded fields take, for labels: the first enum that names a value gives its label.
# Direction and Point before Place: a 2.1 part reads with its own words ("toward the boards or sideline").
CALL_VALUES: tuple[type[Labelled], ...] = (Whistle, Restart, Penalty, Card, PenaltyTiming, Direction, Point, Place,
                                           Official)
