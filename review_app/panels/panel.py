"""Panel review: a coach opens an incident (a tag and its window) to a panel of reviewers; each
records the facts and the call they would make, blind to the others until they submit; the panel's
outcome is the majority per field, unanimous or split (3–2), and its verdict stands beside the
original reviewer's.

The panel lives in the match document under `panels.<event id>`, each member's entry under their own
name, so members submitting at the same time merge (`model.merge`) rather than conflict. An entry,
once submitted, is final: after it the member sees the others'. The blindness is the app's: the
document itself holds every entry (a reviewer who opens the JSON file sees them).

    doc = open_panel(doc, "e3", by="Coach", members=["Ana", "Ben", "Carla"], now=now)
    doc = submit(doc, "e3", "Ana", situation="21.b", facts={...}, call={...}, now=now)
    result = outcome(panel_of(doc, "e3"))              # majority per field
    side = verdicts(doc, "e3")                         # the panel's verdict beside the reviewer's

Plain module: no streamlit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec

from review_app.errors import PoloReviewError
from review_app.i18n import N_, Message
from review_app.model import MatchDocument
from review_app.model.edits import clean_call, clean_facts
from review_app.model.event import Event, read_event
from review_app.rules import Case, Verdict, is_clause, judge, provision
from review_app.rules.provision import CALL_FIELDS

SITUATION = "situation"
UNANIMOUS, SPLIT, NO_MAJORITY = N_("unanimous"), N_("split {counts}"), N_("no majority ({counts})")


class PanelError(PoloReviewError):
    """A panel action the panel's state does not allow (not a member, already submitted, closed ...)."""


class PanelEntry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A member's entry (the schema's `panels.<event>.entries.<member>`): the situation, facts and call they would
    make. Facts and call stay mappings, by the names the provision and `CALL_FIELDS` declare (as an `Event`'s facts)."""

    situation: str
    facts: dict[str, Any]
    call: dict[str, Any]
    submitted_at: str | None = None
    notes: str | None = None


def entries_of(panel: dict) -> dict[str, PanelEntry]:
    """A panel's entries as saved (validated with the document), each as its typed record, by member."""
    return msgspec.convert(panel.get("entries") or {}, dict[str, PanelEntry])


def _stamp(now: datetime) -> str:
    return now.astimezone().isoformat(timespec="seconds")


def panels(doc: MatchDocument) -> dict[str, dict]:
    return doc.data.get("panels") or {}


def panel_of(doc: MatchDocument, event_id: str) -> dict | None:
    return panels(doc).get(event_id)


def _names(names) -> list[str]:
    return list(dict.fromkeys(" ".join(str(n).split()) for n in names if str(n).strip()))


def open_panel(doc: MatchDocument, event_id: str, *, by: str, members, now: datetime) -> MatchDocument:
    """A copy of `doc` with the incident `event_id` opened to `members` by `by` (the coach)."""
    if doc.event(event_id) is None:
        raise PanelError(f"no tag {event_id!r} in match {doc.match_id}")
    if panel_of(doc, event_id) is not None:
        raise PanelError(f"tag {event_id} is already open to a panel")
    members, by = _names(members), " ".join(str(by or "").split())
    if not by:
        raise PanelError("a panel is opened by someone: give your name")
    if not members:
        raise PanelError("a panel needs at least one member")
    out = doc.copy()
    out.data.setdefault("panels", {})[event_id] = {"opened_by": by, "opened_at": _stamp(now), "members": members,
                                                  "entries": {}}
    return out


def submit(doc: MatchDocument, event_id: str, member: str, *, situation: str, facts: dict, call: dict,
           now: datetime, notes: str | None = None) -> MatchDocument:
    """A copy of `doc` with `member`'s entry: final once submitted."""
    panel = panel_of(doc, event_id)
    if panel is None:
        raise PanelError(f"tag {event_id} is not open to a panel")
    if panel.get("closed_at"):
        raise PanelError(f"the panel on tag {event_id} is closed")
    if member not in panel["members"]:
        raise PanelError(f"{member} is not on the panel of tag {event_id}")
    if member in (panel.get("entries") or {}):
        raise PanelError(f"{member} has already submitted on tag {event_id}; an entry is final")
    if not is_clause(situation):
        raise PanelError(f"unknown clause {situation!r}")
    entry = PanelEntry(situation=situation, facts=clean_facts(provision(situation), facts), call=clean_call(call),
                       submitted_at=_stamp(now), notes=(notes or "").strip() or None)
    out = doc.copy()
    out.data["panels"][event_id].setdefault("entries", {})[member] = msgspec.to_builtins(entry)
    return out


def close_panel(doc: MatchDocument, event_id: str, *, by: str, now: datetime) -> MatchDocument:
    """A copy of `doc` with the panel closed (by the coach who opened it): no more entries, all shown."""
    panel = panel_of(doc, event_id)
    if panel is None:
        raise PanelError(f"tag {event_id} is not open to a panel")
    if by != panel["opened_by"]:
        raise PanelError(f"only {panel['opened_by']}, who opened the panel, closes it")
    out = doc.copy()
    out.data["panels"][event_id].update(closed_by=by, closed_at=_stamp(now))
    return out


def as_entry(event: Event) -> PanelEntry:
    """The original tag as a member's entry (situation, facts, call, notes), to be shown beside the members'
    entries."""
    return PanelEntry(situation=event.situation, facts=dict(event.facts), call=event.call.given(),
                      notes=event.notes or None)


def waiting_for(panel: dict) -> list[str]:
    entries = panel.get("entries") or {}
    return [m for m in panel["members"] if m not in entries]


def visible_entries(panel: dict, viewer: str | None) -> dict[str, PanelEntry]:
    """The entries `viewer` may see: all, once they have submitted, once everyone has or the panel is
    closed; until then none (a member sees the others only after their own entry is in)."""
    entries = entries_of(panel)
    if panel.get("closed_at") or not waiting_for(panel) or (viewer is not None and viewer in entries):
        return entries
    return {}


# -- outcome -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FieldOutcome:
    name: str  # "situation", a fact's name, or a part of the call
    value: object  # the majority's value; None if no majority (or the majority recorded nothing)
    counts: tuple[tuple[object, int], ...]  # (value, members) most first; None: not recorded
    majority: bool

    @property
    def unanimous(self) -> bool:
        return len(self.counts) == 1

    @property
    def tally(self) -> str:
        """'3–2', '2–1–1': members per value, most first."""
        return "–".join(str(n) for _, n in self.counts)

    def words(self) -> Message:
        if self.unanimous:
            return Message(UNANIMOUS)
        return Message(SPLIT if self.majority else NO_MAJORITY, counts=self.tally)


@dataclass
class Outcome:
    submitted: int
    members: int
    situation: FieldOutcome | None
    facts: list[FieldOutcome] = field(default_factory=list)
    call: list[FieldOutcome] = field(default_factory=list)

    def decided_call(self) -> dict:
        return {f.name: f.value for f in self.call if f.majority and f.value is not None}

    def decided_facts(self) -> dict:
        return {f.name: f.value for f in self.facts if f.majority and f.value is not None}


def _key(value) -> object:
    return tuple(sorted(value.items())) if isinstance(value, dict) else value


def _field(name: str, values: list) -> FieldOutcome:
    counted = Counter(_key(v) for v in values)
    back = {_key(v): v for v in values}
    ranked = sorted(counted.items(), key=lambda kv: (-kv[1], str(kv[0])))
    top, n = ranked[0]
    majority = n * 2 > len(values)
    return FieldOutcome(name, back[top] if majority else None, tuple((back[k], c) for k, c in ranked), majority)


def outcome(panel: dict) -> Outcome:
    """The majority per field of the entries submitted: the situation; the facts, among the members who
    chose the majority's situation (facts belong to their clause); each part of the call anyone recorded.
    A member who left a field empty counts as recording nothing for it."""
    entries = list(entries_of(panel).values())
    result = Outcome(len(entries), len(panel["members"]), None)
    if not entries:
        return result
    result.situation = _field(SITUATION, [e.situation for e in entries])
    if result.situation.majority:
        same = [e for e in entries if e.situation == result.situation.value]
        for fact in provision(result.situation.value).facts:
            if any(fact.name in e.facts for e in same):
                result.facts.append(_field(fact.name, [e.facts.get(fact.name) for e in same]))
    for part in CALL_FIELDS:
        if any(part in e.call for e in entries):
            result.call.append(_field(part, [e.call.get(part) for e in entries]))
    return result


@dataclass
class SideBySide:
    """The original reviewer's verdict on the umpire's call, and the panel's: the umpire's call judged on
    the panel's situation and facts. `panel_call`: the rules on the call the panel would make."""

    original: Verdict
    panel: Verdict | None  # None: no majority on the situation
    panel_call: Verdict | None
    differences: list[tuple[str, object, object]]  # (part, the umpire's, the panel's) where they differ
    outcome: Outcome


def verdicts(doc: MatchDocument, event_id: str) -> SideBySide:
    event = read_event(doc, event_id)
    panel = panel_of(doc, event_id)
    if event is None or panel is None:
        raise PanelError(f"no panel on tag {event_id!r} in match {doc.match_id}")
    from review_app.checker.run import check_event

    original = check_event(doc, event)
    original_verdict = Verdict(original.verdict, original.clause, original.explanation, tuple(original.missing),
                               original.mandatory, tuple(original.cites), tuple(original.wrong))
    result = outcome(panel)
    if result.situation is None or not result.situation.majority:
        return SideBySide(original_verdict, None, None, [], result)
    base = doc.case(event)
    situation, facts = result.situation.value, result.decided_facts()
    umpire_call = dict(base.call)
    on_panel_facts = Case(situation=situation, facts=facts, call=umpire_call, period=base.period, match=base.match,
                          incident_s=base.incident_s, moments=base.moments, offender=base.offender)
    panel_call = Case(situation=situation, facts=facts, call=result.decided_call(), period=base.period,
                      match=base.match, incident_s=None, moments={}, offender=base.offender)
    decided = result.decided_call()
    differences = [(part, umpire_call.get(part), decided[part]) for part in decided
                   if umpire_call.get(part) != decided[part]]
    return SideBySide(original_verdict, judge(on_panel_facts), judge(panel_call), differences, result)
