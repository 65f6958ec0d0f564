"""What a whole-match check reads and what it finds: the checks of what no single event shows, only the match
as a sequence (an excused mount ridden again, a second courtesy change in a period, a time allowance exceeded).

Each check sits beside its provision, in its clause module, and is declared on it (`Provision.match_checks`);
`checker.sequence` runs them all over each match, by precedence. A check is handed a `MatchRecord`: the
match document as the rules read it (`MatchView`), the match's mount register and its 21.f(5) evidence case, each
named by what it offers (the model and the checker hold them; the rules import neither).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from review_app.i18n import Message, both
from review_app.rules.calls import minutes
from review_app.rules.case import Case, MatchContext
from review_app.rules.facts import FACTS
from review_app.rules.labels import CALL_FIELD_NAMES
from review_app.rules.parameters import Parameter, Parameters
from review_app.rules.phrases import LowerFirst, any_of
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.vocabulary import Severity

MANDATORY, ERROR, WARNING, INFO = Severity.MANDATORY, Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(slots=True)  # a season's check keeps thousands until its report is written
class Finding:
    match: str
    kind: str
    clause: str
    severity: str
    events: list[str]
    explanation: Message
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"match": self.match, "kind": self.kind, "clause": self.clause, "severity": self.severity,
                "events": list(self.events), "explanation": both(self.explanation), "details": dict(self.details)}


class MatchView(Protocol):
    """The match document as a match check reads it (`model.document.MatchDocument`)."""

    @property
    def match_id(self) -> str: ...

    @property
    def match(self) -> dict: ...

    @property
    def events(self) -> list[dict]: ...

    def events_in_order(self) -> Iterator[dict]: ...

    # The events' typed records (`model.event.Event`: the rules read them, the model defines them).
    @property
    def records(self) -> Sequence[Any]: ...

    def records_in_order(self) -> Sequence[Any]: ...

    def records_of(self, situations: Collection[str]) -> Sequence[Any]: ...

    def context(self) -> MatchContext: ...

    def case(self, event: Any, context: MatchContext | None = None, derived: dict | None = None) -> Case: ...


class Seen(Protocol):
    """A mount seen ridden after its excusal (`model.mounts.Sighting`)."""

    event: str
    frame: int
    time_s: float
    team: str | None
    number: int | None


class Excused(Protocol):
    """A mount excused at an event, and where it was seen ridden afterwards (`model.mounts.Excusal`)."""

    mount: str
    clause: str
    event: str
    returned: list[Any]  # of `Seen`


class Register(Protocol):
    """The match's mount register (`model.mounts.MountRegister`): who rode which mount, and the excusals."""

    excusals: list[Any]  # of `Excused`
    unnamed_excusals: list[str]


class EvidenceFacts(Protocol):
    """The match's 21.f(5) evidence case as the check reads it (`checker.evidence_facts.EvidenceView`)."""

    @property
    def forfeiture_exacted(self) -> bool: ...

    def facts(self) -> dict: ...


@dataclass(frozen=True)
class MatchRecord:
    """What every match check is handed: the match and its context (what each of its cases is judged in), its mount
    register, the numbers of the edition in force on its day, and its evidence case (None: none)."""

    doc: MatchView
    context: MatchContext
    register: Register
    values: Parameters  # the numbers of the edition in force on the match's day
    evidence: EvidenceFacts | None = None


@dataclass(frozen=True)
class MatchCheck:
    """One whole-match check of a provision (`Provision.match_checks`) and its precedence. Where the findings of
    several checks fall on one event, the event stands under the clause of the first one found (`checker.run.
    apply_findings`), and the checks run by precedence (the registry's order among equals): the forfeiture an
    excused mount brings first (1), then each time allowed (2), a second courtesy change (3), a player rendered
    unconscious or a second time-out (4), teammates changing during a time-out (5). A new check takes the place its
    finding should have among these."""

    run: Callable[[MatchRecord], list[Finding]]
    precedence: int


def who(team: str | None, number: int | None, context: MatchContext | None = None) -> str:
    """A player as a finding's sentence names one: the team's name (`context`: the match's) and number. A finding's
    `details` keep the team's id."""
    if not team:
        return "?"
    return f"{context.team_name(team) if context else team} #{number}"


def players_of(event: Any) -> list[tuple[str, int]]:
    """(team, number) of each player an event's record involves."""
    return [(p.team, p.number) for p in event.involved.players]


def shared_numbers(match: dict) -> set[tuple[str, int]]:
    """(team, number) the roster gives to more than one player: a substitute wearing the number of the player
    replaced. An event names a player by team and number, so who played under such a number cannot be told."""
    seen: set[tuple[str, int]] = set()
    shared: set[tuple[str, int]] = set()
    for team in match.get("teams") or []:
        for player in team.get("players") or []:
            key = (team["id"], player["number"])
            (shared if key in seen else seen).add(key)
    return shared


TIME_ALLOWED = 2  # the precedence of the checks of each time allowed (`MatchCheck`)


def each_time_allowed(clause: str, judge: Callable[[MatchRecord, Any, Any, float], list[Finding]]) -> MatchCheck:
    """A match check judging the time allowed of each event of `clause` that records one (`call.time_allowed_s`),
    by `judge(record, event, call, allowed)` (the event's record and its call); an event with none has no
    allowance to exceed (most events)."""
    situations = frozenset({clause})

    def time_allowed(record: MatchRecord) -> list[Finding]:
        out: list[Finding] = []
        for ev in record.doc.records_of(situations):
            call = ev.call
            allowed = call.time_allowed_s
            if allowed is not None:
                out.extend(judge(record, ev, call, allowed))
        return out

    return MatchCheck(time_allowed, TIME_ALLOWED)


def beyond_the_limit(record: MatchRecord, ev: Any, call: Any, allowed: float, limit: Parameter,
                     lifts: tuple[str, ...] = ()) -> list[Finding]:
    """The time `allowed` at event `ev` against its clause's `limit`, which any of `lifts` lifts: a decision of the
    officials (in the call) or a fact seen. Beyond it, an error; unless a lifting fact nobody recorded applies,
    then a warning naming it."""
    recorded = {f: getattr(call, f) if f in CALL_FIELDS else ev.facts.get(f) for f in lifts}
    if allowed <= limit.value or any(v is True for v in recorded.values()):
        return []
    unknown = [LowerFirst(_lift_label(f)) for f, v in recorded.items() if v is None]
    times = {"allowed": minutes(allowed), "clause": limit.clause, "limit": minutes(limit.value)}
    if unknown:
        why = Message("{allowed} allowed where {clause} allows {limit}; unless {lifts} (not recorded).",
                      lifts=any_of(unknown), **times)
    else:
        why = Message("{allowed} allowed where {clause} allows {limit}.", **times)
    return [Finding(
        record.doc.match_id, "time_allowance_exceeded", limit.clause, WARNING if unknown else ERROR, [ev.id], why,
        {"allowed_s": allowed, "limit_s": limit.value, "parameter": limit.name})]


def _lift_label(name: str) -> Message:
    fact = FACTS.get(name)
    return fact.label if fact is not None else Message(CALL_FIELD_NAMES[name])
