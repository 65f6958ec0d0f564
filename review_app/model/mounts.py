"""The mount register of a match: every mount each player rode, each excusal with its clause and
moment, and any later appearance of an excused mount (21.f(5)).

Mounts are followed by name through the events: `involved.players[].mount` is the mount a player
rides at that moment; `involved.mount` is the mount a 21.f situation concerns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Protocol

from review_app.rules.mounts import EXCUSING_CLAUSES, excusal_contradicted, mount_key


class MatchEvents(Protocol):
    """What the register reads of a match document (`model.document.MatchDocument`, which imports this module
    to derive its facts, so it is named by what it offers, not imported)."""

    @property
    def match_id(self) -> str: ...

    def events_in_order(self) -> Iterator[dict]: ...

    def event(self, event_id: str) -> dict | None: ...


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


_key = mount_key  # names compared as `rules.mounts.mount_key` folds them


def _excused_under(event: dict) -> str | None:
    call = event.get("call") or {}
    if not call.get("mount_excused"):
        return None
    situation = event["situation"]
    if situation == "21.f(3)":
        return "21.f(1)(i)"  # an unsound fallen mount is changed under 21.f(1)(i)
    return situation if situation in EXCUSING_CLAUSES else None


def _sighting(event: dict, pos: dict, team: str | None, number: int | None) -> Sighting:
    """Where an event is, as a sighting records it (made only for those: most events of a match neither
    excuse a mount nor show an excused one). By position, in the order of Sighting's fields: keywords
    gathered in a dict to be spread again cost twice as much."""
    return Sighting(event["id"], pos["frame"], pos["time_s"], event.get("period"), event.get("clock"), team, number)


_NOTHING: dict = {}  # an event's missing `involved`, read only


def _ridden_by(riders: list[tuple[dict, str]], key: str, otherwise: tuple) -> tuple:
    """(team, number) of the first rider here on the mount of `key`, else `otherwise`."""
    for p, k in riders:
        if k == key:
            return p["team"], p["number"]
    return otherwise


def mount_register(doc: MatchEvents, *, records: bool = True) -> MountRegister:
    """The register, in one pass over the events: each mount name is normalised once, and excusals are
    found by mount, so the work grows with the events, not events times excusals. With `records` off
    only the excusals and their later appearances are followed (what the match checks need)."""
    mounts: dict[str, MountRecord] = {}
    excusals: list[Excusal] = []
    excused: dict[str, list[Excusal]] = {}  # normalised mount name -> its excusals so far, in order
    unnamed: list[str] = []
    keys: dict[str, str] = {}  # each mount name as written -> its normalised form
    first_ridden: dict[str, int] = {}

    def key(name: str) -> str:
        k = keys.get(name)
        if k is None:
            k = keys[name] = _key(name)
        return k

    for event in doc.events_in_order():
        involved = event.get("involved") or _NOTHING
        players = involved.get("players") or ()
        # (player, key) of each player riding a named mount here: a plain loop, the name's key looked up in place,
        # the rider's team and number read only where a record, a sighting or an excusal needs them (every event of
        # every match checked passes here).
        riders = []
        for p in players:
            ridden = p.get("mount")
            if ridden:
                k = keys.get(ridden)
                if k is None:
                    k = keys[ridden] = _key(ridden)
                riders.append((p, k))
                if k not in first_ridden:
                    first_ridden[k] = event["position"]["frame"]
        if records:
            pos = event["position"]
            for p, k in riders:
                team, number = p["team"], p["number"]
                rec = mounts.get(k)
                if rec is None:
                    rec = mounts[k] = MountRecord(p["mount"])
                if (team, number) not in rec.riders:
                    rec.riders.append((team, number))
                rec.sightings.append(_sighting(event, pos, team, number))
        concerned = involved.get("mount")
        concerned_key = key(concerned) if concerned else None
        # A sighting of an already-excused mount, by rider or as the mount a later event is about. Most events
        # show none: asked of the riders' keys before any set is made of them, in a plain loop (an event has a
        # rider or two: a function or a generator in any() cost more than the answer).
        sighted = False
        if excused:
            if concerned_key in excused:
                sighted = True
            else:
                for rider in riders:
                    if rider[1] in excused:
                        sighted = True
                        break
        if sighted:
            pos = event["position"]
            seen_here = {k for _p, k in riders}
            for k in (seen_here | {concerned_key}) if concerned_key in excused else seen_here:
                for exc in excused.get(k, ()):
                    if k in seen_here or event["id"] != exc.event:
                        team, number = _ridden_by(riders, k, (None, None))
                        exc.returned.append(_sighting(event, pos, team, number))
        call = event.get("call")
        # Asked here before the call: most events excuse no mount, and are passed without a function call.
        clause = _excused_under(event) if call and call.get("mount_excused") else None
        if clause:
            name = concerned or (riders[0][0]["mount"] if riders else None)
            if not name:
                unnamed.append(event["id"])
                continue
            k = concerned_key if concerned else riders[0][1]
            # The player is the one riding the excused mount, not whoever happens to be listed first.
            team, number = _ridden_by(riders, k, (players[0].get("team"), players[0].get("number")) if players
                                      else (None, None))
            pos = event["position"]
            exc = Excusal(name, clause, event["id"], pos["frame"], pos["time_s"], event.get("period"),
                          event.get("clock"), team, number)
            excusals.append(exc)
            excused.setdefault(k, []).append(exc)
            if records and k not in mounts:
                mounts[k] = MountRecord(name)
    return MountRegister(doc.match_id, mounts, excusals, unnamed, first_ridden, excused)


def derived_excusal(doc: MatchEvents, event: dict, register: MountRegister | None = None,
                    ) -> tuple[str | None, str]:
    """The clause the mount a 21.f(5) event concerns was excused under, as the match's own events show
    it, and where that came from:
    - ("21.f(3)"-style clause, "register"): an earlier event excused it (one whose facts contradict the
      excusal does not count: a sound fallen mount may return);
    - ("not_excused", "register"): the mount is in the register but no earlier event excused it;
    - (the reviewer's reading, "reading"): the register does not know the mount (its excusal may be
      before the footage); the reviewer's `reading.excused_under` stands in, and the report says so;
    - (None, "unknown"): neither.

    `register`: the match's register if the caller holds it (the checker makes it once per match, not
    once per 21.f(5) event)."""
    involved = event.get("involved") or {}
    name = involved.get("mount")
    if not name:  # the first player's named mount (asked of every 21.f(5) event checked: a loop, not a generator)
        for p in involved.get("players") or ():
            name = p.get("mount")
            if name:
                break
    reading = (event.get("reading") or {}).get("excused_under")
    if not name:
        return (reading, "reading") if reading else (None, "unknown")
    frame = (event.get("position") or {}).get("frame", 0)
    register = register if register is not None else mount_register(doc, records=False)
    wanted = _key(name)  # normalised once, not once per excusal of the match
    if register.excused_by_key or not register.excusals:  # the mount's own excusals, not every one of the match
        excusals = register.excused_by_key.get(wanted, ())
    else:  # a register made by hand, without them
        excusals = [exc for exc in register.excusals if _key(exc.mount) == wanted]
    event_id = event["id"]
    for exc in excusals:
        if exc.frame > frame or exc.event == event_id:
            continue
        origin = doc.event(exc.event) or {}
        if excusal_contradicted(origin.get("situation", ""), origin.get("facts") or {}) is None:
            return exc.clause, "register"
    if register.first_ridden.get(wanted, frame) < frame:
        return "not_excused", "register"
    return (reading, "reading") if reading else (None, "unknown")
