"""The mount register of a match: every mount each player rode, each excusal with its clause and
moment, and any later appearance of an excused mount (21.f(5)).

Mounts are followed by name through the events: `involved.players[].mount` is the mount a player
rides at that moment; `involved.mount` is the mount a 21.f situation concerns.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from review_app.model.document import MatchDocument
from review_app.rules.mounts import EXCUSING_CLAUSES


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

    def to_dict(self) -> dict:
        return {
            "match": self.match,
            "mounts": [asdict(m) for m in self.mounts.values()],
            "excusals": [asdict(e) for e in self.excusals],
            "unnamed_excusals": list(self.unnamed_excusals),
        }


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _excused_under(event: dict) -> str | None:
    call = event.get("call") or {}
    if not call.get("mount_excused"):
        return None
    situation = event["situation"]
    if situation == "21.f(3)":
        return "21.f(1)(i)"  # an unsound fallen mount is changed under 21.f(1)(i)
    return situation if situation in EXCUSING_CLAUSES else None


def mount_register(doc: MatchDocument) -> MountRegister:
    mounts: dict[str, MountRecord] = {}
    excusals: list[Excusal] = []
    unnamed: list[str] = []
    for event in doc.events_in_order():
        pos, involved = event["position"], event.get("involved") or {}
        base = dict(event=event["id"], frame=pos["frame"], time_s=pos["time_s"], period=event.get("period"),
                    clock=event.get("clock"))
        seen_here: set[str] = set()
        riders = [(p.get("mount"), p["team"], p["number"]) for p in involved.get("players", []) if p.get("mount")]
        for name, team, number in riders:
            rec = mounts.setdefault(_key(name), MountRecord(name))
            if (team, number) not in rec.riders:
                rec.riders.append((team, number))
            rec.sightings.append(Sighting(team=team, number=number, **base))
            seen_here.add(_key(name))
        concerned = involved.get("mount")
        # A sighting of an already-excused mount, by rider or as the mount a later event is about.
        for exc in excusals:
            k = _key(exc.mount)
            if k in seen_here or (concerned and _key(concerned) == k and event["id"] != exc.event):
                rider = next(((t, n) for m, t, n in riders if _key(m) == k), (None, None))
                exc.returned.append(Sighting(team=rider[0], number=rider[1], **base))
        clause = _excused_under(event)
        if clause:
            name = concerned or (riders[0][0] if riders else None)
            if not name:
                unnamed.append(event["id"])
                continue
            # The player is the one riding the excused mount, not whoever happens to be listed first.
            players = involved.get("players") or []
            rider = next((p for p in players if p.get("mount") and _key(p["mount"]) == _key(name)),
                         players[0] if players else {})
            excusals.append(Excusal(mount=name, clause=clause, team=rider.get("team"), number=rider.get("number"),
                                    **base))
            mounts.setdefault(_key(name), MountRecord(name))
    return MountRegister(doc.match_id, mounts, excusals, unnamed)


def derived_excusal(doc: MatchDocument, event: dict) -> tuple[str | None, str]:
    """The clause the mount a 21.f(5) event concerns was excused under, as the match's own events show
    it, and where that came from:
    - ("21.f(3)"-style clause, "register"): an earlier event excused it (one whose facts contradict the
      excusal does not count: a sound fallen mount may return);
    - ("not_excused", "register"): the mount is in the register but no earlier event excused it;
    - (the reviewer's reading, "reading"): the register does not know the mount (its excusal may be
      before the footage); the reviewer's `reading.excused_under` stands in, and the report says so;
    - (None, "unknown"): neither."""
    from review_app.rules.mounts import excusal_contradicted

    involved = event.get("involved") or {}
    name = involved.get("mount") or next((p.get("mount") for p in involved.get("players") or [] if p.get("mount")),
                                         None)
    reading = (event.get("reading") or {}).get("excused_under")
    if not name:
        return (reading, "reading") if reading else (None, "unknown")
    frame = (event.get("position") or {}).get("frame", 0)
    register = mount_register(doc)
    for exc in register.excusals:
        if _key(exc.mount) != _key(name) or exc.event == event["id"] or exc.frame > frame:
            continue
        origin = doc.event(exc.event) or {}
        if excusal_contradicted(origin.get("situation", ""), origin.get("facts") or {}) is None:
            return exc.clause, "register"
    if _key(name) in register.mounts and any(s.frame < frame for s in register.mounts[_key(name)].sightings):
        return "not_excused", "register"
    return (reading, "reading") if reading else (None, "unknown")
