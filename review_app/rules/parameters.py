"""Every number Rule 21 sets, as a named parameter with the clause that sets it and the rulebook
edition it comes from.

Numbers are data, formulas are code (as in OpenFisca): a rule reads `INJURY_RECOVERY.value`
and cites `INJURY_RECOVERY.clause`, so a change in the rulebook is a change here only. As in
OpenFisca's dated parameters, each value is kept with the edition that set it and the date that
edition takes effect; `value_on(day)` is the value in force on a day, `value` the newest.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date

from review_app.i18n import N_, Message


@dataclass(frozen=True, order=True)
class Edition:
    """A rulebook edition and the day it takes effect."""

    effective: date
    name: str

    def __str__(self) -> str:
        return self.name


# The packaged text names the 2026 rulebook but not the day it takes effect: the year's first day is assumed.
USPA_2026 = Edition(date(2026, 1, 1), "USPA 2026")
EDITIONS = (USPA_2026,)


class NotInForce(LookupError):
    """A parameter asked for on a day before any edition that sets it."""


# The day whose rulebook a judge is applying (set by `judging_on` around a judgement): every
# `Parameter.value` read meanwhile is the value in force that day, so a clause's judge reads
# `P.INJURY_RECOVERY.value` and gets the number of the edition that governs the match.
_JUDGING_DAY: ContextVar[date | None] = ContextVar("judging_day", default=None)
# Values set by editions registered after the module was built (a test edition, a later rulebook
# loaded as data): {parameter name: ((edition, value), ...)}.
_LATER: dict[str, tuple[tuple[Edition, float], ...]] = {}
# Each parameter's value by day, as `Parameter.value` found it: a judge reads a number for every event
# of a season, and finding it again (every edition's value sorted) cost more than some judges. Emptied
# whenever an edition's values change.
_ON_DAY: dict[tuple[str, date], float] = {}


class judging_on:  # noqa: N801  (used as a function: `with judging_on(day):`)
    """Judge by the rulebook in force on `day` inside the block. A class rather than a generator
    function: it is entered once per event judged, and a generator's context manager cost more than
    some judges."""

    __slots__ = ("day", "token")

    def __init__(self, day: date | None):
        self.day = day

    def __enter__(self) -> None:
        self.token = _JUDGING_DAY.set(self.day)

    def __exit__(self, *exc) -> None:
        _JUDGING_DAY.reset(self.token)


def judging_day() -> date | None:
    """The day being judged (`judging_on`), None outside a judgement."""
    return _JUDGING_DAY.get()


@dataclass(frozen=True)
class Parameter:
    name: str
    unit: str
    clause: str
    label: Message
    quote: str  # the English words of the rulebook that set it
    values: tuple[tuple[Edition, float], ...]  # each edition that set it, oldest first

    def __post_init__(self):
        if not self.values or [e for e, _ in self.values] != sorted(e for e, _ in self.values):
            raise ValueError(f"{self.name}: values must be given oldest edition first")

    @property
    def history(self) -> tuple[tuple[Edition, float], ...]:
        """Every edition's value, oldest first (those of editions registered later included)."""
        return tuple(sorted((*self.values, *_LATER.get(self.name, ())), key=lambda ev: ev[0]))

    @property
    def value(self) -> float:
        """The value in force on the day being judged (`judging_on`); outside a judgement, the newest."""
        day = _JUDGING_DAY.get()
        if day is None:
            return self.history[-1][1]
        try:
            return _ON_DAY[self.name, day]
        except KeyError:
            pass
        try:
            found = self.value_on(day)
        except NotInForce:  # a match before every edition held: judged by the earliest
            found = self.history[0][1]
        _ON_DAY[self.name, day] = found
        return found

    @property
    def edition(self) -> Edition:
        """The edition the current value comes from."""
        return self.history[-1][0]

    def value_on(self, day: date) -> float:
        """The value in force on `day`: the one set by the latest edition effective by then."""
        found = [v for e, v in self.history if e.effective <= day]
        if not found:
            raise NotInForce(f"{self.name} is set by no edition in force on {day.isoformat()}")
        return found[-1]

    def __str__(self) -> str:
        return f"{self.value:g} {self.unit} ({self.clause})"


def set_values(edition: Edition, values: dict[str, float]) -> None:
    """Record what a later edition sets (by parameter name); `clear_values(edition)` undoes it."""
    _ON_DAY.clear()
    for name, value in values.items():
        _LATER[name] = tuple(sorted((*(ev for ev in _LATER.get(name, ()) if ev[0] != edition), (edition, value)),
                                    key=lambda ev: ev[0]))


def clear_values(edition: Edition) -> None:
    _ON_DAY.clear()
    for name in list(_LATER):
        _LATER[name] = tuple(ev for ev in _LATER[name] if ev[0] != edition)
        if not _LATER[name]:
            del _LATER[name]


def _p(name: str, edition: Edition, value: float, unit: str, clause: str, label: str, quote: str) -> Parameter:
    return Parameter(name, unit, clause, Message(label), quote, ((edition, value),))


RULEBOOK_EDITION = "USPA Rulebook 2026, Rule 21"

SAFETY_PENALTY = _p(
    "SAFETY_PENALTY", USPA_2026, 6, "penalty number", "21.a",
    N_("Penalty awarded for a safety"),
    "call a Safety (Penalty 6)",
)
INJURY_RECOVERY = _p(
    "INJURY_RECOVERY", USPA_2026, 10 * 60, "seconds", "21.d",
    N_("Time an injured player has to recover"),
    "the player shall have 10 minutes within which to recover",
)
COURTESY_CHANGE = _p(
    "COURTESY_CHANGE", USPA_2026, 60, "seconds", "21.f(2)",
    N_("Time allowed for a courtesy change"),
    "One minute shall be allowed for players to change horses",
)
COURTESY_CHANGES_PER_PERIOD = _p(
    "COURTESY_CHANGES_PER_PERIOD", USPA_2026, 1, "changes", "21.f(2)",
    N_("Courtesy changes allowed per period"),
    "one courtesy horse change per period",
)
COURTESY_CHANGE_IDEAL_ELAPSED = _p(
    "COURTESY_CHANGE_IDEAL_ELAPSED", USPA_2026, 3 * 60, "seconds", "21.f(2)",
    N_("Ideal time elapsed in the period before a courtesy change"),
    "Ideally ... after three minutes have elapsed in the period",
)
COURTESY_UMPIRE_HORSES = _p(
    "COURTESY_UMPIRE_HORSES", USPA_2026, 2, "horses per umpire", "21.f(2)",
    N_("Horses teams provide each umpire when courtesy changes are allowed (4+ periods)"),
    "provide each Umpire two horses for any game lasting four periods or more",
)
COURTESY_UMPIRE_HORSES_MIN_PERIODS = _p(
    "COURTESY_UMPIRE_HORSES_MIN_PERIODS", USPA_2026, 4, "periods", "21.f(2)",
    N_("Game length from which umpires get two horses"),
    "any game lasting four periods or more",
)
MOUNT_CHANGE_TIMEOUT = _p(
    "MOUNT_CHANGE_TIMEOUT", USPA_2026, 5 * 60, "seconds", "21.f(4)",
    N_("Time a player has to change an injured or fatigued mount"),
    "The player shall have 5 minutes to change mounts",
)
FORFEITURE_EVIDENCE_WINDOW = _p(
    "FORFEITURE_EVIDENCE_WINDOW", USPA_2026, 24 * 3600, "seconds", "21.f(5)",
    N_("Window after the game for conclusive evidence of a returned excused mount"),
    "within 24 hours after a game",
)
TACK_PROVISION_MAX_HANDICAP = _p(
    "TACK_PROVISION_MAX_HANDICAP", USPA_2026, 6, "goals", "21.g",
    N_("Upper handicap level up to which the 5-minute tack provision may apply"),
    "an upper handicap level of 6 goals or less",
)
TACK_REPAIR = _p(
    "TACK_REPAIR", USPA_2026, 5 * 60, "seconds", "21.g",
    N_("Most time allowed to rectify broken tack or change mounts"),
    "a maximum of five (5) minutes to rectify the problem or change mounts",
)
TACK_CONTACT_DELAY = _p(
    "TACK_CONTACT_DELAY", USPA_2026, 5 * 60, "seconds", "21.g",
    N_("Delay of the restart when tack was broken by contact with another horse"),
    "the start of play will be delayed for five (5) minutes or until his or her return",
)
FINAL_HORN_CLOCK = _p(
    "FINAL_HORN_CLOCK", USPA_2026, 5, "seconds", "21.general.foul-at-horn",
    N_("Seconds put on the clock for a foul at the final horn"),
    "five seconds should be put on the clock and the penalty executed",
)

ALL = (
    SAFETY_PENALTY, INJURY_RECOVERY, COURTESY_CHANGE, COURTESY_CHANGES_PER_PERIOD,
    COURTESY_CHANGE_IDEAL_ELAPSED, COURTESY_UMPIRE_HORSES, COURTESY_UMPIRE_HORSES_MIN_PERIODS,
    MOUNT_CHANGE_TIMEOUT, FORFEITURE_EVIDENCE_WINDOW, TACK_PROVISION_MAX_HANDICAP, TACK_REPAIR,
    TACK_CONTACT_DELAY, FINAL_HORN_CLOCK,
)
