"""The mount register of a match: every mount each player rode, each excusal with its clause and
moment, and any later appearance of an excused mount (21.f(5)).

Mounts are followed by name through the events: `involved.players[].mount` is the mount a player
rides at that moment; `involved.mount` is the mount a 21.f situation concerns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Protocol

from review_app.model.event import Event, Rider
from review_app.rules.mounts import EXCUSING_CLAUSES, excusal_contradicted, mount_key


class MatchEvents(Protocol):
    """What the register reads of a match document (`model.document.MatchDocument`, which imports this module
    to derive its facts, so it is named by what it offers, not imported)."""

    @property
    def match_id(self) -> str: ...

    @property
    def records(self) -> tuple[Event, ...]: ...

    def records_in_order(self) -> Sequence[Event]: ...


@dataclass
class Sighting:
    event: str
    frame: int
    time_s: float
    period: int | None
    clock: str | None
    team: str | None
    number: int | None


@dataclass
class Excusal:
    mount: str
    clause: str  # the clause the mount was excused under (21.f(3) unsound counts as 21.f(1)(i))
    event: str
    frame: int
    time_s: float
    period: int | None
    clock: str | None
    team: str | None
    number: int | None
    returned: list[Sighting] = field(default_factory=list)  # appearances after the excusal


@dataclass
class MountRecord:
    mount: str
    riders: list[tuple[str, int]] = field(default_factory=list)
    sightings: list[Sighting] = field(default_factory=list)


@dataclass
class MountRegister:
    match: str
    mounts: dict[str, MountRecord]
    excusals: list[Excusal]
    unnamed_excusals: list[str]  # event ids where a mount was excused but not named
    # normalised mount name -> the frame a player was first seen riding it (kept with or without `records`)
    first_ridden: dict[str, int] = field(default_factory=dict)
    # normalised mount name -> its excusals, in the order of `excusals` (each 21.f(5) event looks up its mount's)
    excused_by_key: dict[str, list[Excusal]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "match": self.match,
            "mounts": [asdict(m) for m in self.mounts.values()],
            "excusals": [asdict(e) for e in self.excusals],
            "unnamed_excusals": list(self.unnamed_excusals),
        }


def _excused_under(event: Event) -> str | None:
    if not event.call.mount_excused:
        return None
    situation = event.situation
    if situation == "21.f(3)":
        return "21.f(1)(i)"  # an unsound fallen mount is changed under 21.f(1)(i)
    return situation if situation in EXCUSING_CLAUSES else None


def _sighting(event: Event, team: str | None, number: int | None) -> Sighting:
    """Where and when `event` is, as a sighting of a mount ridden by `team` `number` records it."""
    pos = event.position
    return Sighting(event=event.id, frame=pos.frame, time_s=pos.time_s, period=event.period,
                    clock=event.clock, team=team, number=number)


Riders = list[tuple[Rider, str]]  # each player of an event riding a named mount, with the mount's key


def _ridden_by(riders: Riders, key: str, otherwise: tuple[str | None, int | None] = (None, None),
               ) -> tuple[str | None, int | None]:
    """(team, number) of the first of `riders` on the mount of `key`, else `otherwise`."""
    for p, k in riders:
        if k == key:
            return p.team, p.number
    return otherwise


def mount_register(doc: MatchEvents, *, records: bool = True) -> MountRegister:
    """The register, in one pass over the events in footage order. Each excusal is filed under its mount's key, so
    an event is asked only about the mounts it shows. With `records` off only the excusals, their later appearances
    and when each mount was first ridden are followed (what the match checks need)."""
    register = MountRegister(doc.match_id, mounts={}, excusals=[], unnamed_excusals=[])
    for event in doc.records_in_order():
        involved = event.involved
        riders = [(p, mount_key(p.mount)) for p in involved.players if p.mount]
        for _player, key in riders:
            register.first_ridden.setdefault(key, event.position.frame)
        if records:
            _record_rides(register, event, riders)
        concerned = involved.mount or None  # the mount the event is about, if it names one
        concerned_key = mount_key(concerned) if concerned else None
        if register.excused_by_key:  # a mount can return only once one is excused
            _note_returns(register, event, riders, concerned_key)
        clause = _excused_under(event)
        if clause:
            _note_excusal(register, event, clause, riders, concerned, records)
    return register


def _record_rides(register: MountRegister, event: Event, riders: Riders) -> None:
    """Each mount ridden at `event`: its rider, if new to it, and a sighting."""
    for p, key in riders:
        team, number = p.team, p.number
        record = register.mounts.get(key)
        if record is None:
            record = register.mounts[key] = MountRecord(p.mount or "")
        if (team, number) not in record.riders:
            record.riders.append((team, number))
        record.sightings.append(_sighting(event, team, number))


def _note_returns(register: MountRegister, event: Event, riders: Riders, concerned_key: str | None) -> None:
    """A return, on each earlier excusal of a mount `event` shows: ridden there, or the mount it is about (an event
    about the mount that bears the excusal's own id is the excusal, not a return)."""
    excused = register.excused_by_key
    ridden = {key for _p, key in riders if key in excused}
    for key in ridden | {concerned_key} if concerned_key in excused else ridden:
        for excusal in excused[key]:
            if key in ridden or event.id != excusal.event:
                team, number = _ridden_by(riders, key)
                excusal.returned.append(_sighting(event, team, number))


def _note_excusal(register: MountRegister, event: Event, clause: str, riders: Riders, concerned: str | None,
                  records: bool) -> None:
    """The excusal `event` makes under `clause`, of the mount it is about (`concerned`), else of the first mount
    ridden there; an excusal that names no mount is listed by its event."""
    if concerned:
        name, key = concerned, mount_key(concerned)
    elif riders:
        name, key = riders[0][0].mount or "", riders[0][1]
    else:
        register.unnamed_excusals.append(event.id)
        return
    # The player is the one riding the excused mount, not whoever happens to be listed first.
    players = event.involved.players
    first = (players[0].team, players[0].number) if players else (None, None)
    team, number = _ridden_by(riders, key, first)
    pos = event.position
    excusal = Excusal(mount=name, clause=clause, event=event.id, frame=pos.frame, time_s=pos.time_s,
                      period=event.period, clock=event.clock, team=team, number=number)
    register.excusals.append(excusal)
    register.excused_by_key.setdefault(key, []).append(excusal)
    if records and key not in register.mounts:
        register.mounts[key] = MountRecord(name)


def _what_it_concerns(event: Event) -> tuple[str, int, str | None, str | None]:
    """What `derived_excusal` reads of an event: its id, its frame, the mount it concerns (the one it names, else the
    first player's named mount) and the reviewer's reading."""
    involved = event.involved
    name = involved.mount or next((p.mount for p in involved.players if p.mount), None)
    return event.id, event.position.frame, name, event.reading.excused_under


def derived_excusal(doc: MatchEvents, event: Event, register: MountRegister | None = None,
                    ) -> tuple[str | None, str]:
    """The clause the mount a 21.f(5) event concerns was excused under, as the match's own events show
    it, and where that came from:
    - ("21.f(3)"-style clause, "register"): an earlier event excused it (one whose facts contradict the
      excusal does not count: a sound fallen mount may return);
    - ("not_excused", "register"): the mount is in the register but no earlier event excused it;
    - (the reviewer's reading, "reading"): the register does not know the mount (its excusal may be
      before the footage); the reviewer's `reading.excused_under` stands in, and the report says so;
    - (None, "unknown"): neither.

    `event`: the event's record (or the tag form's draft as it would be saved); `register`: the match's register if
    the caller holds it, else made here."""
    event_id, frame, name, reading = _what_it_concerns(event)
    if not name:
        return (reading, "reading") if reading else (None, "unknown")
    register = register if register is not None else mount_register(doc, records=False)
    wanted = mount_key(name)
    if register.excused_by_key or not register.excusals:  # the excusals filed under the mount's key
        excusals: Iterable[Excusal] = register.excused_by_key.get(wanted, ())
    else:  # a register made by hand, without them
        excusals = [exc for exc in register.excusals if mount_key(exc.mount) == wanted]
    for exc in excusals:
        if exc.frame > frame or exc.event == event_id:
            continue
        origin = next((r for r in doc.records if r.id == exc.event), None)
        if origin is None or excusal_contradicted(origin.situation, origin.facts) is None:
            return exc.clause, "register"
    if register.first_ridden.get(wanted, frame) < frame:
        return "not_excused", "register"
    return (reading, "reading") if reading else (None, "unknown")
