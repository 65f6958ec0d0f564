"""Editing a match's events: building an event from what the tag form
holds, adding, changing and deleting events with undo, and comparing two versions of a match
when a save meets someone else's. Every change is saved at once in the match store the caller
hands in (`store.base.MatchStore.save`), which refuses to overwrite a revision someone else saved
meanwhile. Plain module: no streamlit, and no store opened here.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec

from review_app.drawings.shapes import MAX_DRAWINGS, DrawingError, clean
from review_app.i18n import N_
from review_app.model import (  # noqa: F401
    MatchDocument,
    RevisionConflict,
)
from review_app.model.event import Drawing, Event, written
from review_app.model.merge import events_by_id
from review_app.rules import Provision, is_clause, provision
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.timing import WAIT_MOMENTS

_CLOCK = re.compile(r"^[0-9]{1,2}:[0-5][0-9]$")


def clean_facts(p: Provision, values: dict[str, Any]) -> dict[str, Any]:
    """Only the facts this clause turns on; empty text counts as not recorded."""
    out = {}
    for f in p.facts:
        v = values.get(f.name)
        if isinstance(v, str):
            v = v.strip() or None
        if v is not None:
            out[f.name] = v
    return out


def clean_call(values: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for name in CALL_FIELDS:
        v = values.get(name)
        if isinstance(v, str):
            v = v.strip() or None
        if v is not None:
            out[name] = v
    return out


def clean_players(rows: list[dict]) -> list[dict]:
    players = []
    for row in rows:
        if not row.get("team") or not row.get("number"):
            continue
        player = {"team": row["team"], "number": int(row["number"])}
        mount = (row.get("mount") or "").strip()
        if mount:
            player["mount"] = mount
        players.append(player)
    return players


class TagError(ValueError):
    """A form value the schema would refuse, said in the reviewer's words."""


def build_event(*, event_id: str, frame: int, time_s: float, situation: str, facts: dict, call: dict,
                period: int | None = None, clock: str | None = None, players: list[dict] | None = None,
                umpire: str | None = None, mount: str | None = None, reviewer: str | None = None,
                notes: str | None = None, moments: dict | None = None, offender: dict | None = None,
                reading: dict | None = None, window: dict | None = None,
                drawings: list[dict] | None = None, angle: str | None = None, marked: Sequence[str] = ()) -> dict:
    """The event as the tag form describes it (schema 2.1). `moments`: whistle, restart, neutral_play and the
    events a wait ends at (`MOMENTS`), each {frame, time_s} or None; `offender`: {team[, number]}; `reading`:
    the reviewer's own reading kept from before (never asked again); `angle`: the SHA-256 of the recording the
    tag was made on when it is not the footage (model.angles). What the call makes relevant and the record lacks
    is listed in `not_recorded`, after the parts the caller `marked` still to do (a coded tag's call: listed first
    whether or not the call is yet relevant)."""
    from review_app.model.migrate import unrecorded_parts

    p = provision(situation)
    clock = (clock or "").strip() or None
    if clock is not None and not _CLOCK.match(clock):
        raise TagError(f"clock {clock!r} must be minutes:seconds, like 6:30")
    event: dict[str, Any] = {
        "id": event_id,
        "position": {"frame": int(frame), "time_s": round(float(time_s), 6)},
        "situation": p.id,
        "facts": clean_facts(p, facts),
        "call": clean_call(call),
    }
    if period:
        event["period"] = int(period)
    if clock:
        event["clock"] = clock
    involved = _involved(players, umpire, mount, offender)
    if involved:
        event["involved"] = involved
    kept = {k: {"frame": int(v["frame"]), "time_s": round(float(v["time_s"]), 6)}
            for k, v in (moments or {}).items() if k in MOMENTS and v}
    if kept:
        event["moments"] = kept
    reviewer = (reviewer or "").strip()
    if reviewer:
        event["reviewer"] = reviewer
    if angle:
        event["angle"] = angle
    notes = (notes or "").strip()
    if notes:
        event["notes"] = notes
    if reading:
        event["reading"] = dict(reading)
    if window:
        event["window"] = copy.deepcopy(window)
    if drawings:  # drawn on the frame view, kept through the form's edits (review_app.drawings)
        event["drawings"] = copy.deepcopy(drawings)
    missing = [*marked, *[part for part in unrecorded_parts(event) if part not in marked]]
    if missing:
        event["not_recorded"] = missing
    return event


def _involved(players: list[dict] | None, umpire: str | None, mount: str | None, offender: dict | None) -> dict:
    """Who an event involves, as the tag form gives them: the players, the umpire, the mount, the offender."""
    involved: dict[str, Any] = {}
    kept_players = clean_players(players) if players else []
    if kept_players:
        involved["players"] = kept_players
    umpire, mount = (umpire or "").strip(), (mount or "").strip()
    if umpire:
        involved["umpire"] = umpire
    if mount:
        involved["mount"] = mount
    if offender and offender.get("team"):
        involved["offender"] = {k: v for k, v in offender.items() if k in ("team", "number") and v is not None}
    return involved


# The moments a tag records beside the incident (its position), in the order the form asks for them: the
# whistle, the restart and the neutral play, then (schema 2.1) the events a wait ends at.
MOMENTS = ("whistle", "restart", "neutral_play", *WAIT_MOMENTS)
# Each with its key in the frame view, which carries the frame painted when the key is pressed:
# (moment, label, key); the incident is the tag's own frame, set by T. The keys of the waits: A back on
# Another mount, M the Mount off the field, X the player eXits the field, S able to reSume or a Substitute on.
MOMENT_KEYS = (
    ("incident", N_("Incident"), None),
    ("whistle", N_("Whistle"), "W"),
    ("restart", N_("Restart"), "E"),
    ("neutral_play", N_("Neutral play"), "N"),
    ("player_returned", N_("Player back on another mount"), "A"),
    ("mount_off_field", N_("Mount off the field"), "M"),
    ("player_off_field", N_("Player off the field"), "X"),
    ("resumed_or_substituted", N_("Player able to resume, or substitute on"), "S"),
)
def moments_for(situation: str | None, moments: dict | None = None) -> tuple[tuple, ...]:
    """The moment keys a tag of `situation` is offered: the incident, whistle, restart and neutral play, the
    waits its clause ends at (`Provision.waits_for`), and any other already set."""
    set_already = moments or {}
    waits = provision(situation).waits_for if situation and is_clause(situation) else ()
    return tuple(m for m in MOMENT_KEYS if m[0] not in WAIT_MOMENTS or m[0] in waits or set_already.get(m[0]))


# -- a tag's drawings, edited on its record (review_app.drawings says what a drawing is) --------------

def add_drawing(event: Event, drawing: dict) -> tuple[Event, str]:
    """`event` with the drawing (cleaned: `drawings.clean`) added under a new id, and that id."""
    if len(event.drawings) >= MAX_DRAWINGS:
        raise DrawingError(f"tag {event.id} has {MAX_DRAWINGS} drawings already; remove one first")
    taken = {d.id for d in event.drawings}
    n = len(taken) + 1
    while f"d{n}" in taken:
        n += 1
    added = msgspec.convert({"id": f"d{n}", **drawing}, Drawing)
    return msgspec.structs.replace(event, drawings=(*event.drawings, added)), added.id


def _drawing_at(event: Event, drawing_id: str) -> int:
    at = next((n for n, d in enumerate(event.drawings) if d.id == drawing_id), None)
    if at is None:
        raise DrawingError(f"tag {event.id} has no drawing {drawing_id}")
    return at


def update_drawing(event: Event, drawing_id: str, *, by: str | None = None, now: datetime | None = None,
                   **changes) -> Event:
    """`event` with drawing `drawing_id` changed (color, text, points, kind), checked again as a whole; the one who
    changed it is recorded as its author."""
    n = _drawing_at(event, drawing_id)
    old = event.drawings[n]
    merged = {**msgspec.to_builtins(old), "points": [list(p) for p in old.points],
              **{k: v for k, v in changes.items() if k in ("kind", "points", "color", "text")}}
    new = msgspec.convert({"id": drawing_id, **clean(merged, frame=old.frame, by=by or old.by, now=now)}, Drawing)
    return msgspec.structs.replace(event, drawings=(*event.drawings[:n], new, *event.drawings[n + 1:]))


def remove_drawing(event: Event, drawing_id: str) -> Event:
    """`event` without drawing `drawing_id` (a tag left without drawings writes none)."""
    n = _drawing_at(event, drawing_id)
    return msgspec.structs.replace(event, drawings=(*event.drawings[:n], *event.drawings[n + 1:]))


# -- changes: each is a small operation that can be replayed on a newer version ------------

@dataclass
class Change:
    """One change a reviewer makes: put an event (add or replace by id) or delete one."""

    kind: str  # "put" | "delete"
    event_id: str
    event: dict | None = None  # the new event for "put"
    index: int | None = None  # where a deleted event stood (to undo in place)
    previous: dict | None = field(default=None, repr=False)  # the event before the change

    def put_event(self) -> dict:
        """A copy of the event a "put" puts (a put is always made with one)."""
        if self.event is None:
            raise ValueError(f"a put of {self.event_id} without its event")
        return copy.deepcopy(self.event)

    def apply(self, doc: MatchDocument) -> MatchDocument:
        """A copy of `doc` with the change made (keeps `doc.loaded_revision`)."""
        at = doc.index_of(self.event_id)
        out = doc.copy()  # keeps no records: they are decoded from its events when read
        events = out.events
        if self.kind == "put":
            if at is None and self.index is not None:  # an undone delete goes back where it stood
                events.insert(min(self.index, len(events)), self.put_event())
                out.restored = out.restored | {self.event_id}
            elif at is None:
                events.append(self.put_event())
            else:
                events[at] = self.put_event()
        elif self.kind == "delete":
            if at is not None:
                events.pop(at)
        else:
            raise ValueError(self.kind)
        return out


def put_event(doc: MatchDocument, event: dict) -> Change:
    """Put a tag as the form built it (`build_event`: the mapping written, under its id)."""
    return Change("put", event["id"], copy.deepcopy(event), previous=copy.deepcopy(doc.event(event["id"])))


def put_record(doc: MatchDocument, record: Event) -> Change:
    """Put an edit of a match's event, made on its record (`msgspec.structs.replace`): written as the record's
    builtins in the form the event is stored in (`model.event.written`)."""
    stored = doc.event(record.id)
    return Change("put", record.id, written(record, stored), previous=copy.deepcopy(stored))


def delete_event(doc: MatchDocument, event_id: str) -> Change:
    at = doc.index_of(event_id)
    if at is None:
        raise KeyError(event_id)
    return Change("delete", event_id, index=at, previous=copy.deepcopy(doc.events[at]))


def undo_of(change: Change) -> Change:
    """The change that puts things back: re-insert a deleted event, restore an edited one."""
    if change.kind == "delete":
        return Change("put", change.event_id, copy.deepcopy(change.previous), index=change.index)
    if change.previous is None:
        return Change("delete", change.event_id)
    return Change("put", change.event_id, copy.deepcopy(change.previous))


def commit(doc: MatchDocument, change: Change, matches) -> MatchDocument:
    """Apply `change` to `doc` (one copy of the document) and save it in `matches`, the match store it was
    read from (`store.base.MatchStore`); RevisionConflict if the stored revision moved on."""
    return matches.save(change.apply(doc))


def replay(path, change: Change, *, matches, mine: dict | None = None, base: dict | None = None,
           ) -> tuple[MatchDocument, Change]:
    """After a conflict, the reviewer chose to make their change on top of the saved version.

    With the conflict's `mine` and `base`: the three-way merge again, my value kept where we both
    changed the same thing, everything else of theirs kept. Without them: the change made on the
    saved version. A new tag whose id the other reviewer has taken meanwhile (both added "e3")
    gets the next free id: making my change must never replace someone else's tag. Returns the
    saved document and the change as made."""
    from review_app.model import next_event_id
    from review_app.model.merge import merge

    theirs = matches.load(str(path))  # from the store it is kept in
    restores = change.kind == "put" and change.index is not None
    if mine is not None and base is not None:
        result = merge(base, mine, theirs.data, prefer_mine=True,
                       restored=frozenset({change.event_id}) if restores else frozenset())
        resolved = MatchDocument(result.data, theirs.path, theirs.loaded_revision, theirs.stored)
        saved = matches.save(resolved)
        made = change
        if change.event_id in result.renamed:
            made = Change("put", result.renamed[change.event_id],
                          {**change.put_event(), "id": result.renamed[change.event_id]})
        return saved, made
    if change.kind == "put" and change.previous is None and change.index is None \
            and theirs.event(change.event_id) is not None:
        fresh = next_event_id(theirs)
        change = Change("put", fresh, {**change.put_event(), "id": fresh})
    return commit(theirs, change, matches), change


# -- conflicts ---------------------------------------------------------------------------

@dataclass
class Difference:
    what: str  # an event id, or "match" / "footage" for the document's header
    mine: Any
    theirs: Any


def differences(mine: dict, theirs: dict) -> list[Difference]:
    """What differs between two versions of a match document, event by event."""
    out = []
    for part in ("match", "footage"):
        if mine.get(part) != theirs.get(part):
            out.append(Difference(part, mine.get(part), theirs.get(part)))
    a, b = events_by_id(mine.get("events", [])), events_by_id(theirs.get("events", []))
    for eid in list(a) + [k for k in b if k not in a]:
        if a.get(eid) != b.get(eid):
            out.append(Difference(eid, a.get(eid), b.get(eid)))
    return out


def overlapping_parts(overlaps: list[str]) -> set[str]:
    """The parts of a document (event ids, "match", "footage") that the overlaps of a conflict fall in:
    'events[e3].notes' -> 'e3', 'match.umpires' -> 'match'."""
    parts = set()
    for where in overlaps:
        if where.startswith("events["):
            parts.add(where[len("events["):].split("]", 1)[0])
        elif where.split(".", 1)[0] in ("match", "footage"):
            parts.add(where.split(".", 1)[0])
    return parts


def changed_fields(mine: Any, theirs: Any, prefix: str = "") -> list[str]:
    """Dotted names of the fields that differ (facts.x, call.y, notes...)."""
    if not isinstance(mine, dict) or not isinstance(theirs, dict):
        return [prefix.rstrip(".") or "(all)"] if mine != theirs else []
    out = []
    for key in list(mine) + [k for k in theirs if k not in mine]:
        a, b = mine.get(key), theirs.get(key)
        if a != b:
            out += changed_fields(a, b, f"{prefix}{key}.") if isinstance(a, dict) and isinstance(b, dict) else \
                [f"{prefix}{key}"]
    return out


def pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) if value is not None else "—"
