"""The match document: one JSON file per match in `annotations/`, in the format of
`schemas/annotation.schema.json`. Kept as the validated mapping it is on disk (so nothing a
newer field adds is dropped on save), with accessors for what the library needs."""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

import msgspec

from review_app.model.errors import DocumentError
from review_app.model.event import Event, decode_event, decode_events
from review_app.model.merge import MergeResult
from review_app.rules import DERIVED_FACTS, DERIVES_FACTS, Case, MatchContext, provision  # noqa: F401  (DERIVED_FACTS: the pages import it here)

# The one pattern of a match id (the schema's match.id says the same; a case folder is named by it).
MATCH_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"
MATCH_ID = re.compile(MATCH_ID_PATTERN)


def _record_order(event: Event) -> tuple[int, float]:
    return event.position.frame, event.position.time_s


@dataclass
class MatchDocument:
    data: dict
    path: Path | None = None
    # The revision the file had when this copy was read; a save checks it is still the same.
    loaded_revision: int = field(default=0)
    # That revision as read or written, its text or its UTF-8 bytes as read (`source` decodes them when asked: a
    # check reads a season and never asks): the base a save merges against when someone else saved meanwhile
    # (`model.merge`). None (a document made in memory): such a save conflicts.
    stored: str | bytes | None = field(default=None, repr=False, compare=False)
    # After a save that merged someone else's changes: what was merged, and ids my new tags took.
    merged: MergeResult | None = field(default=None, repr=False, compare=False)
    # Ids of tags this copy brings back (an undone delete): if another reviewer brought the same tag
    # back meanwhile, the save is a conflict, never a second copy of the tag.
    restored: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    # The store it was read from when that is not the folder of `path` (a database's URL): saved back there.
    origin: str | None = field(default=None, repr=False, compare=False)
    # The events' typed records, decoded on first use (`records`), and in footage order once asked for
    # (`records_in_order`): both kept until `forget_records`.
    _records: tuple[Event, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _records_in_order: tuple[Event, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def records(self) -> tuple[Event, ...]:
        """The events as their typed records (`model.event`), in the document's order, decoded once. Edits make
        a new document (`model.edits.Change.apply` changes a copy); code that changes `events` in place calls
        `forget_records` so the next read decodes again."""
        if self._records is None:
            self._records = decode_events(self.events)
        return self._records

    def forget_records(self) -> None:
        """Drop the kept records after changing `events` in place."""
        self._records = self._records_in_order = None

    def records_in_order(self) -> tuple[Event, ...]:
        """The records in footage order (frame, then time); events at one moment keep the document's order. The
        match's checks each read the events in this order: it is found once and kept with the records."""
        if self._records_in_order is None:
            self._records_in_order = tuple(sorted(self.records, key=_record_order))
        return self._records_in_order

    def records_of(self, situations: Collection[str]) -> list[Event]:
        """The records of these situations, in footage order: what a check of one clause reads."""
        return [e for e in self.records_in_order() if e.situation in situations]

    @property
    def source(self) -> str | None:
        """The text of the revision this copy was read at (`stored`), or None if not known."""
        if isinstance(self.stored, bytes):
            self.stored = self.stored.decode("utf-8")
        return self.stored

    @property
    def match(self) -> dict:
        return self.data["match"]

    @property
    def match_id(self) -> str:
        return self.match["id"]

    @property
    def revision(self) -> int:
        return int(self.data.get("revision", 0))

    @property
    def events(self) -> list[dict]:
        return self.data.setdefault("events", [])

    @property
    def footage(self) -> dict:
        return self.data["footage"]

    def footage_path(self, roots: Iterable[str | Path] = ()) -> Path:
        """The footage file, resolved against the folder holding the document.

        A path leading outside the project (the folder that holds the document's folder, as
        `annotations/` sits beside `sample_clips/`) or the footage `roots` a caller allows is
        refused: a shared document must not make the app read any file on the server."""
        base = self.path.parent.resolve() if self.path else Path.cwd()
        raw = self.footage["path"]
        path = (base / raw).resolve()
        allowed = [base.parent, *(Path(r).resolve() for r in roots)]
        if not any(path.is_relative_to(root) for root in allowed):
            raise DocumentError(f"footage.path {raw!r} leads outside the project ({base.parent})", path=self.path)
        return path

    def index_of(self, event_id: str) -> int | None:
        """Where the event `event_id` stands in `events` (the first of that id), found by its record; None when
        the match has no such event."""
        return next((n for n, e in enumerate(self.records) if e.id == event_id), None)

    def event(self, event_id: str) -> dict | None:
        """The event `event_id` as stored, the mapping an edit writes over (`model.edits`); readers read its record
        (`model.event.read_event`)."""
        at = self.index_of(event_id)
        return None if at is None else self.events[at]

    def team_ids(self) -> list[str]:
        return [t["id"] for t in self.match["teams"]]

    def team_names(self) -> dict[str, str]:
        """{team id: the team's name}, in the match's order."""
        return {t["id"]: t["name"] for t in self.match["teams"]}

    def context(self) -> MatchContext:
        ann = self.match.get("announcements") or {}
        try:
            day = date.fromisoformat(self.match.get("date") or "")
        except ValueError:
            day = None
        return MatchContext(
            periods=self.match.get("periods"),
            upper_handicap=self.match.get("upper_handicap"),
            courtesy_changes_announced=ann.get("courtesy_changes_allowed"),
            tack_provision_announced=ann.get("tack_provision_6_goal"),
            teams=tuple(self.team_ids()),
            day=day,
            team_names=tuple(self.team_names().items()),
        )

    def case(self, event: Event | dict, context: MatchContext | None = None, derived: dict | None = None) -> Case:
        """The event (its record; a saved event's dict is decoded) as its judge sees it; `context` is
        `self.context()`, given when judging many events; `derived`: facts the tool derives (the excusal clause
        from the mount register), which stand in for what a reviewer might have typed."""
        if isinstance(event, dict):
            event = decode_event(event)
        facts = event.facts
        if derived is None:
            derived = self.derived_facts(event) if event.situation in DERIVES_FACTS else None
        if derived:
            facts = {**facts, **derived}
        offender = event.involved.offender
        return Case(event.situation, facts, msgspec.to_builtins(event.call), event.period,
                    self.context() if context is None else context, event.position.time_s,
                    msgspec.to_builtins(event.moments), None if offender is None else msgspec.to_builtins(offender))

    def derived_facts(self, event: Event, register=None) -> dict:
        """Facts the tool derives rather than asks, as the event's provision declares them (`Provision.derives`,
        `derive`): 21.f(5)'s excusal clause, from the mount register (`register`: the match's, if the caller holds
        it; else made when asked). `event`: a record (a saved event's, or the tag form's draft as it would be
        saved)."""
        if event.situation not in DERIVES_FACTS:
            return {}
        derive = provision(event.situation).derive
        return derive(event, _MatchRecord(self, register)) if derive is not None else {}

    def events_in_order(self) -> Iterator[dict]:
        """Events in footage order (frame, then time), the order the match happened in; events at one moment keep
        the document's order (the sort is stable)."""
        records = self.records
        return iter(self.events[n] for n in sorted(range(len(records)), key=lambda n: _record_order(records[n])))

    def copy(self) -> MatchDocument:
        return MatchDocument(copy.deepcopy(self.data), self.path, self.loaded_revision, self.stored,
                             restored=self.restored, origin=self.origin)

    def base(self) -> dict | None:
        """The revision this copy was read at, as it was then (None if not known)."""
        if self.source is None:
            return None
        from review_app.model import jsontext
        from review_app.model.migrate import migrate

        return migrate(jsontext.loads(self.source))

    def renamed(self, event_id: str) -> str:
        """The id a new tag of mine was saved under (another reviewer may have taken its id meanwhile)."""
        return self.merged.renamed.get(event_id, event_id) if self.merged else event_id


class _MatchRecord:
    """The match's own record as a provision's `derive` asks it (`rules.case.MatchRecords`): the mount register,
    made only when a provision asks (`register`: the match's, if the caller holds it)."""

    def __init__(self, doc: MatchDocument, register=None):
        self.doc, self.register = doc, register

    def excusal_of(self, event) -> str | None:
        from review_app.model.mounts import derived_excusal  # the register is made only for the situations that derive

        clause, _source = derived_excusal(self.doc, event, self.register)
        return clause


def next_event_id(doc: MatchDocument) -> str:
    taken = {e.id for e in doc.records}
    n = len(taken) + 1
    while f"e{n}" in taken:
        n += 1
    return f"e{n}"


def recordings(doc: MatchDocument) -> list[dict]:
    """The match's recordings (`model.recordings` attaches them; `model.angles` aligns them)."""
    return list(doc.data.get("recordings") or [])


def utc_now_text() -> str:
    """The server's time now, as a document records when something was done (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
