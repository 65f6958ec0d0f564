"""The typed read model of a match's events: what every reader past the loader holds.

A document is loaded, migrated and validated as JSON (`model.io`, `model.migrate`, the schema) and merged as JSON
(`model.merge`); everything else reads an event as an `Event`, decoded from the validated dict by `decode_event`.
An edit of a saved tag is made on its record (`msgspec.structs.replace`: a drawing added, a window moved, a coded
tag completed) and written back as the record's builtins in the form the tag was stored in (`written`, put by
`model.edits.put_record`); a tag the form describes is built as the dict it is written as (`model.edits.build_event`).
The types follow the schema's event (`model.schema_build._events_schema`) field for field, so a field spelled
wrong is an attribute error found by the type checker, not a silent `None`; a field added to the schema is added
here, and `tests/model/test_event_types.py` decodes every event of the bundled annotations and fails on a field the
types do not know.

A match's records are decoded once: `MatchDocument.records` decodes the document's events on first use and keeps
them while its events are not changed. Edits never change a document someone reads: `model.edits.Change.apply`
changes a copy (`MatchDocument.copy`, which keeps no records), and code that changes `events` in place (an import
adding events to its own copy) calls `MatchDocument.forget_records`. A judge's `rules.Case` is made from a record
(`MatchDocument.case`): its call, moments and offender as the document writes them, so the judges in `rules/` read
`case.call`/`case.facts` as mappings by the names the provisions declare. The tag form's state is typed too
(`model.tag_draft`), and a coded tag checked before it is saved is decoded first (`checker.check_event`).

Facts stay a mapping: which facts an event has is the provision's (`rules.PROVISIONS[clause].facts`), so they are
read by the names the provision declares.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

import msgspec

# The moments of an event besides its incident (`position`), in the schema's order: the call's whistle, restart and
# neutral play, then the events a wait ends at (schema 2.1, `rules.timing.WAIT_MOMENTS`).
MOMENT_NAMES = ("whistle", "restart", "neutral_play", "player_returned", "mount_off_field", "player_off_field",
                "resumed_or_substituted")


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    """What every part of an event's record is: read-only, refusing a field the schema does not know, written back
    without the parts it does not hold.

    A record is a tree of values decoded from a document's JSON (text, numbers, true/false, and the facts as JSON
    values), and JSON text holds no references: no part of a record refers back to the record or to anything
    holding it. A record is therefore never part of a reference cycle, which is msgspec's condition for `gc=False`
    (the cycle collector has nothing to find in it, so it does not follow it). Nothing may be put into a record's
    facts but JSON values.

    (Each part says `frozen=True` again: the type checker asks it of every subclass of a frozen type.)"""


class Moment(Record, frozen=True):
    """A moment of the footage: its frame and its time in seconds from the footage's start."""

    frame: int
    time_s: float


class Window(Record, frozen=True):
    """The stretch of footage a tag covers, when the reviewer marked one."""

    start: Moment
    end: Moment


class Moments(Record, frozen=True):
    """The call's moments and the events a wait ends at; None where not tagged."""

    whistle: Moment | None = None
    restart: Moment | None = None
    neutral_play: Moment | None = None
    player_returned: Moment | None = None
    mount_off_field: Moment | None = None
    player_off_field: Moment | None = None
    resumed_or_substituted: Moment | None = None

    def tagged(self) -> Iterator[tuple[str, Moment]]:
        """(name, moment) for each moment tagged, in the schema's order."""
        for name in MOMENT_NAMES:
            moment = getattr(self, name)
            if moment is not None:
                yield name, moment


class Someone(Record, frozen=True):
    """A team, or one of its players by number: who offended, who got a card."""

    team: str
    number: int | None = None


class Rider(Record, frozen=True):
    """A player involved, with the mount ridden."""

    team: str
    number: int
    mount: str | None = None


class Involved(Record, frozen=True):
    players: tuple[Rider, ...] = ()
    umpire: str | None = None
    mount: str | None = None  # the mount the situation concerns (excused, or seen again)
    offender: Someone | None = None


class Call(Record, frozen=True):
    """The call as made (`rules.provision.CALL_FIELDS` names every part and its values)."""

    stopped_by: str | None = None
    whistle: str | None = None
    restart: str | None = None
    restart_direction: str | None = None
    restart_point: str | None = None
    penalty: str | None = None
    penalty_to: str | None = None
    card: str | None = None
    card_to: Someone | None = None
    penalty_timing: str | None = None
    time_allowed_s: int | float | None = None  # as written (30 stays 30, not 30.0): the call reads back as recorded
    mount_excused: bool | None = None
    mount_change_permitted: bool | None = None
    announcement: str | None = None
    decided_by: str | None = None
    decided_by_name: str | None = None
    extra_time_granted: bool | None = None
    play_waited_off_field: bool | None = None
    officials_agree: bool | None = None
    umpires_agree: bool | None = None
    referee_agrees: bool | None = None
    committee_agrees: bool | None = None
    best_interest_of_the_game: bool | None = None

    def given(self) -> dict[str, Any]:
        """The parts the call records, by name, as the document writes them (a card's player as a mapping)."""
        return {name: msgspec.to_builtins(value) for name, value in msgspec.structs.asdict(self).items()
                if value is not None}


class Drawing(Record, frozen=True):
    """A line, arrow, circle, stroke, text or the ball's line drawn on one of the tag's frames."""

    id: str
    kind: str
    frame: int
    points: tuple[tuple[float, float], ...]
    color: str | None = None
    text: str | None = None
    by: str | None = None
    at: str | None = None


class Reading(Record, frozen=True):
    """The reviewer's own reading where it differs from what the tool derives."""

    excused_under: str | None = None


class Event(Record, frozen=True):
    """One tag: the incident, its situation (a Rule 21 clause), the facts seen and the call as made."""

    id: str
    position: Moment
    situation: str
    facts: dict[str, Any]
    call: Call
    moments: Moments = msgspec.field(default_factory=Moments)
    window: Window | None = None
    period: int | None = None
    clock: str | None = None
    involved: Involved = msgspec.field(default_factory=Involved)
    reviewer: str | None = None
    angle: str | None = None
    drawings: tuple[Drawing, ...] = ()
    notes: str | None = None
    reading: Reading = msgspec.field(default_factory=Reading)
    not_recorded: tuple[str, ...] = ()

    @property
    def umpire(self) -> str | None:
        return self.involved.umpire


# The parts an event holds as an empty record when it does not record them (`Event.moments`, `involved`,
# `reading`): their builtins are `{}`, which the document does not write.
_EMPTY_PARTS = frozenset(f.name for f in msgspec.structs.fields(Event) if f.default_factory is not msgspec.NODEFAULT)


def written(record: Event, like: dict | None = None) -> dict:
    """The record as the document writes it: its builtins, without the parts it does not record.

    `like`: the event the record was made from, as stored (or as a tag was built), whose form an edit keeps: its
    key order (a part the edit adds comes last, a part it clears goes), and each part the edit left as it was
    written exactly as it was (an explicit null or empty part, 30 where the record reads 30.0), in a list the items
    the edit did not change (a tag's other drawings). So an edit made on the record writes the same dict an edit of
    the stored mapping wrote: what is saved, merged and exported does not change with how it was edited."""
    new = {name: _json(value) for name, value in msgspec.to_builtins(record).items()
           if value != {} or name not in _EMPTY_PARTS}
    if like is None:
        return new
    before, out = decode_event(like), {}
    for name, was in like.items():
        now, then = getattr(record, name), getattr(before, name)
        if now == then:  # left as it was: as it was written
            out[name] = copy.deepcopy(was)
        elif name in new and isinstance(now, tuple) and isinstance(was, list):
            out[name] = [_item_as_written(item, then, was, value) for item, value in zip(now, new[name], strict=True)]
        elif name in new:
            out[name] = new[name]
    out.update((name, value) for name, value in new.items() if name not in like)
    return out


def _item_as_written(item: Any, then: tuple, was: list, value: Any) -> Any:
    """An item of a list an edit changed (a tag's drawings): as it was written if it was there before the edit."""
    return next((copy.deepcopy(w) for t, w in zip(then, was, strict=True) if t == item), value)


def _json(value: Any) -> Any:
    """A record's builtins as JSON reads back: its tuples (players, drawings, points) as lists."""
    if isinstance(value, dict):
        return {name: _json(part) for name, part in value.items()}
    if isinstance(value, list | tuple):
        return [_json(part) for part in value]
    return value


def decode_event(event: dict) -> Event:
    """The event of a validated, migrated document as its typed record. A 2.0 document's keys that migration
    rewrites never reach here; a key the schema does not know is refused (the schema refuses it first)."""
    return msgspec.convert(event, type=Event, strict=True)


def decode_events(events: Iterable[dict]) -> tuple[Event, ...]:
    """The events of a validated, migrated document as their records, in its order (as `decode_event` each)."""
    return msgspec.convert(list(events), type=tuple[Event, ...], strict=True)


class KeepsRecords(Protocol):
    """What the readers below ask of a match document (`model.document.MatchDocument`, which imports this module:
    named by what it does, so the two do not import each other)."""

    @property
    def records(self) -> tuple[Event, ...]: ...

    def records_in_order(self) -> tuple[Event, ...]: ...


def read_events(doc: KeepsRecords) -> tuple[Event, ...]:
    """The match's events as saved (the document's order): its kept records (`MatchDocument.records`)."""
    return doc.records


def read_event(doc: KeepsRecords, event_id: str) -> Event | None:
    """The match's event `event_id` as its record (the first of that id, as `MatchDocument.event` finds it); None
    when the match has no such event."""
    return next((e for e in doc.records if e.id == event_id), None)


def read_events_in_order(doc: KeepsRecords) -> tuple[Event, ...]:
    """The match's events in footage order (`MatchDocument.records_in_order`)."""
    return doc.records_in_order()
