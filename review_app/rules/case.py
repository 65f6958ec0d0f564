"""The case a judge reads: one tagged moment, its facts, its call and the match around it, and the
fact a judge asks for that the reviewer did not record (`MissingFact`).

Its own module, below both `provision` (the judges) and `parts` (the checks of a call's parts), which
each read a case: so the two import it and not each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from review_app.rules.timing import Measured, measure


class MissingFact(Exception):
    def __init__(self, name: str, *more: str):
        super().__init__(name, *more)
        self.name = name
        self.names = (name, *more)


@dataclass(frozen=True)
class MatchContext:
    """What a case needs to know of its match."""

    periods: int | None = None
    upper_handicap: float | None = None
    courtesy_changes_announced: bool | None = None
    tack_provision_announced: bool | None = None
    teams: tuple[str, ...] = ()  # the match's team ids
    day: date | None = None  # the match's date: the rulebook edition in force on it judges it
    team_names: tuple[tuple[str, str], ...] = ()  # (team id, the team's name): what a sentence names a team by

    def team_name(self, team: str) -> str:
        """The name of the team `team` (an id) for a sentence: ids are the record's, names the users'."""
        return dict(self.team_names).get(team) or team


# Nothing changes a case once made; a copy with a change is made by `provision._with` (which keeps the timing
# measured) or `dataclasses.replace`.
@dataclass
class Case:
    """One tagged moment as a judge sees it: the facts, the call and the match around it."""

    situation: str
    facts: Mapping[str, Any]
    call: Mapping[str, Any]
    period: int | None = None
    match: MatchContext = field(default_factory=MatchContext)
    incident_s: float | None = None  # the incident's moment (the event's position)
    moments: Mapping[str, Any] = field(default_factory=dict)  # whistle, restart, neutral_play: {frame, time_s}
    offender: Mapping[str, Any] | None = None  # {"team", "number"}: who committed the foul or caused the stop
    # The call's time allowed was measured on the footage (whistle to restart), not typed: play stopped that long,
    # which is not necessarily time granted (a recurrence's substitution, a ball out over the boards).
    time_measured: bool = False

    @property
    def measured(self) -> Measured:
        # Measured once per case: the judge, the parts' checks and the verdict all read it.
        found = self.__dict__.get("_measured")
        if found is None:
            self.__dict__["_measured"] = found = measure(self.incident_s, self.moments)
        return found

    def offending_team(self) -> str | None:
        return (self.offender or {}).get("team")

    def opponents_of(self, team: str) -> str | None:
        others = [t for t in self.match.teams if t != team]
        return others[0] if len(others) == 1 else None

    def fact(self, name: str) -> Any:
        value = self.facts.get(name)
        if value is None:
            raise MissingFact(name)
        return value

    def has(self, name: str) -> bool:
        return self.facts.get(name) is not None

    def require(self, *names: str) -> None:
        """Ask for several facts at once, naming every one that is missing."""
        missing = [n for n in names if not self.has(n)]
        if missing:
            raise MissingFact(*missing)

    def called(self, name: str) -> Any:
        value = self.call.get(name)
        if value is None:
            raise MissingFact(f"call.{name}")
        return value

    def called_or(self, name: str, default: Any) -> Any:
        value = self.call.get(name)
        return default if value is None else value


class MatchRecords(Protocol):
    """What a match's own record settles and a provision may derive a fact from (`Provision.derive`), as the
    match document answers it: the rules ask, the model holds the record."""

    def excusal_of(self, event: Any) -> str | None:
        """The clause the mount an event concerns was excused under, as the match's earlier events show it (or
        the reviewer's reading where the record does not know the mount); None if neither says. `event`: an
        event's record (`model.event.Event`)."""
        ...
