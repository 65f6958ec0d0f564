"""The tag form's state, typed: the tag being made or edited, until it is saved.

The form opens on a saved tag (its record, `model.event.Event`) or on a new one (the clause and period it starts
with, the umpire last tagged). The parts it opens with are a `Draft`, read by attribute as a record is; what the
reviewer fills in is read back from the form and written through the edit side (`model.edits.build_event`) as
the dict the store saves. The tag's moments as the reviewer sets them (W, E, N ... on the frame view) are that
written form already ({name: {frame, time_s}}, as `rules.timing.measure` and `build_event` take them).
Plain module: no streamlit (the page keeps a `TagForm` in its session).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from review_app.model.document import MatchDocument
from review_app.model.event import Call, Drawing, Event, Involved, Moments, Reading, Window
from review_app.model.periods import period_at, period_starts

NEW, EDIT = "new", "edit"
FIRST_SITUATION = "21.b"  # a new tag's clause in a match with no tag before it


class Draft(msgspec.Struct, frozen=True, kw_only=True):
    """The parts of a tag as the form opens on it: a saved tag's own (`of`), or a new tag's clause and period."""

    situation: str = FIRST_SITUATION
    facts: dict[str, Any] = msgspec.field(default_factory=dict)
    call: Call = msgspec.field(default_factory=Call)
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

    @classmethod
    def of(cls, event: Event) -> Draft:
        """A saved tag's parts (its id and place are the form's: `TagForm.id`, `frame`, `time_s`)."""
        parts = {name: getattr(event, name) for name in cls.__struct_fields__}
        return cls(**{**parts, "facts": dict(event.facts)})  # the form's own facts: the record's stay as saved

    def readings(self) -> dict[str, str]:
        """The reviewer's own readings of derived facts, by fact name (only those given)."""
        return {name: value for name, value in msgspec.structs.asdict(self.reading).items() if value is not None}

    def written_moments(self) -> dict[str, dict]:
        """The tag's moments as the document writes them ({name: {frame, time_s}}, only those set)."""
        return {name: msgspec.to_builtins(moment) for name, moment in self.moments.tagged()}

    def written_window(self) -> dict | None:
        return None if self.window is None else msgspec.to_builtins(self.window)

    def written_drawings(self) -> list[dict] | None:
        return [msgspec.to_builtins(d) for d in self.drawings] or None


@dataclass
class TagForm:
    """The open tag form: which tag, where, on which base, and what is set on it so far."""

    mode: str  # NEW or EDIT
    id: str
    frame: int  # the incident (T, or the incident key), moved with the form
    time_s: float
    base: MatchDocument  # the match as the form opened: the revision its save is checked against
    tag: Draft
    saved: Event | None = None  # the tag as saved (an edit): what the tool derives of it reads it
    moments: dict[str, dict] | None = None  # the moments as set on the form; None until taken from the tag
    angle: str | None = None  # a new tag: the recording it is tagged on, when not the footage (an edit keeps its own)
    umpire: str | None = None  # a new tag: the umpire of the tag saved last, pre-filled
    whistle_heard: int | None = None  # the frame of the whistle pre-filled from the sound track, if any
    opened: int = 0  # this opening of the form (the browser's form starts anew with it)

    @property
    def made_on(self) -> str | None:
        """The recording the tag is made on, when not the footage."""
        return self.angle if self.mode == NEW else self.tag.angle

    def set_moment(self, moment: str, frame: int, time_s: float) -> None:
        """Set `moment` of the open tag to `frame` (the incident moves the tag)."""
        if moment == "incident":
            self.frame, self.time_s = frame, time_s
        else:
            self.taken_moments()[moment] = {"frame": frame, "time_s": time_s}

    def taken_moments(self) -> dict[str, dict]:
        """The moments as set on the form, taken from the tag's own the first time they are asked for."""
        if self.moments is None:
            self.moments = self.tag.written_moments()
        return self.moments

    def period_prefilled(self) -> tuple[int | None, str | None]:
        """The period and game clock the match's period starts give the tag (`model.periods`), each where the tag
        does not record its own: pre-filled on the form, said to be so and changeable."""
        where = period_at(period_starts(self.base), self.time_s)
        if where is None:
            return None, None
        return (None if self.tag.period else where.period), (None if self.tag.clock else where.clock or None)

    def derived_facts(self, situation: str) -> dict:
        """What the tool derives of the tag (21.f(5)'s excusal, from the mount register) were it of `situation`;
        nothing for a tag not yet saved (it follows the mount the situation concerns, once saved)."""
        if self.saved is None:
            return {}
        return self.base.derived_facts(msgspec.structs.replace(self.saved, situation=situation))
