"""Three-way merge of match documents: what two reviewers changed, each from the revision they
started from, put together; only a true overlap is a conflict.

A save that meets a newer revision on disk merges `mine` (the reviewer's version) and `theirs`
(the saved one) against `base` (the revision the reviewer started from):
- a field changed on one side only takes that side's value; changed on both sides to the same
  value, that value; changed on both sides differently: an overlap;
- events are matched by id, and merged field by field (facts, call, position, notes...);
- an event deleted on one side and left alone on the other is deleted; deleted on one side and
  edited on the other: an overlap;
- two new events under the same id (both reviewers took the next free "e7") are both kept: the
  saved one keeps the id and mine gets the next free one (`MergeResult.renamed`);
- an event's facts belong to its situation: one side changing the situation while the other
  changes the facts is an overlap, never a mix of two clauses' facts;
- other lists (teams, umpires, players) are values: changed on both sides differently, an overlap.

Plain data in, plain data out: used by every store implementation, so the rules are the same on
files and in a database.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

_MISSING: Any = object()  # a key absent on one side (None is a value a field can hold)
_SKIP = ("revision",)  # set by the save itself


@dataclass
class MergeResult:
    data: dict
    overlaps: list[str] = field(default_factory=list)  # where both changed the same thing differently
    renamed: dict[str, str] = field(default_factory=dict)  # my new event id -> the id it was saved under

    @property
    def clean(self) -> bool:
        return not self.overlaps


def merge(base: dict, mine: dict, theirs: dict, *, prefer_mine: bool = False,
          restored: frozenset[str] = frozenset()) -> MergeResult:
    """Merge `mine` and `theirs`, both made from `base`. On an overlap the result holds theirs (or
    mine with `prefer_mine`, the reviewer's choice to make their change on the saved version) and
    the overlap is named, as `events[e3].notes` or `match.umpires`. `restored`: ids of events mine
    brings back (the undo of a delete): the same tag, never a new one, so if theirs has it too and
    differently, that is an overlap rather than two tags."""
    result = MergeResult({})
    keys = [k for k in theirs if k not in _SKIP] + [k for k in mine if k not in theirs and k not in _SKIP]
    for key in keys:
        if key == "events":
            value = _events(base.get("events") or [], mine.get("events") or [], theirs.get("events") or [],
                            result, prefer_mine, restored)
        else:
            value = _value(key, base.get(key, _MISSING), mine.get(key, _MISSING), theirs.get(key, _MISSING),
                           result, prefer_mine)
        if value is not _MISSING:
            result.data[key] = value
    return result


def _value(where: str, base, mine, theirs, result: MergeResult, prefer_mine: bool):
    if mine == theirs:
        return _copy(mine)
    if mine == base:
        return _copy(theirs)
    if theirs == base:
        return _copy(mine)
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return _dict(where, base if isinstance(base, dict) else {}, mine, theirs, result, prefer_mine)
    result.overlaps.append(where)
    return _copy(mine if prefer_mine else theirs)


def _dict(where: str, base: dict, mine: dict, theirs: dict, result: MergeResult, prefer_mine: bool) -> dict:
    out = {}
    for key in list(theirs) + [k for k in mine if k not in theirs]:
        value = _value(f"{where}.{key}", base.get(key, _MISSING), mine.get(key, _MISSING),
                       theirs.get(key, _MISSING), result, prefer_mine)
        if value is not _MISSING:
            out[key] = value
    return out


def _event(eid: str, base: dict, mine: dict, theirs: dict, result: MergeResult, prefer_mine: bool) -> dict:
    where = f"events[{eid}]"
    before, my_clause, their_clause = base.get("situation"), mine.get("situation"), theirs.get("situation")
    my_facts_changed = mine.get("facts") != base.get("facts")
    their_facts_changed = theirs.get("facts") != base.get("facts")
    # An event's facts are facts of its clause: a clause moved on one side while the other side
    # changed the facts (or moved it elsewhere) cannot be mixed field by field.
    tangled = (my_clause != before and their_facts_changed) or (their_clause != before and my_facts_changed) \
        or (my_clause != before and their_clause != before and my_clause != their_clause)
    same = my_clause == their_clause and mine.get("facts") == theirs.get("facts")
    if tangled and not same:
        result.overlaps.append(f"{where}.situation")
        chosen = mine if prefer_mine else theirs
        pinned = {k: chosen[k] for k in ("situation", "facts") if k in chosen}

        def pin(side: dict) -> dict:
            return {**{k: v for k, v in side.items() if k not in ("situation", "facts")}, **pinned}

        return _dict(where, base, pin(mine), pin(theirs), result, prefer_mine)
    return _value(where, base, mine, theirs, result, prefer_mine)


def _events(base: list, mine: list, theirs: list, result: MergeResult, prefer_mine: bool,
            restored: frozenset[str]) -> list:
    b, m, t = events_by_id(base), events_by_id(mine), events_by_id(theirs)
    taken = set(b) | set(m) | set(t)
    out: dict[str, dict] = {}  # in theirs' order; mine's new events go in after their neighbour in mine
    for eid, their in t.items():
        where = f"events[{eid}]"
        if eid in b and eid in m:
            out[eid] = _event(eid, b[eid], m[eid], their, result, prefer_mine)
        elif eid in b:  # I deleted it
            if their != b[eid]:  # ... and they edited it
                result.overlaps.append(where)
                if not prefer_mine:
                    out[eid] = copy.deepcopy(their)
            # else: deleted
        elif eid in m and eid in restored and m[eid] != their:  # I brought back a tag they brought back too
            result.overlaps.append(where)
            out[eid] = copy.deepcopy(m[eid] if prefer_mine else their)
        else:  # theirs alone, both added the very same event, or two new tags under one id (below)
            out[eid] = copy.deepcopy(their)
    previous: str | None = None
    for eid, my in m.items():
        new = None
        if eid in t:
            if eid not in b and eid not in restored and my != t[eid]:  # two new tags, one id: mine takes a fresh one
                fresh = _fresh_id(taken)
                taken.add(fresh)
                result.renamed[eid] = fresh
                new = {**copy.deepcopy(my), "id": fresh}
        elif eid in b:  # they deleted it
            if my != b[eid]:  # ... and I edited it
                result.overlaps.append(f"events[{eid}]")
                if prefer_mine:
                    new = copy.deepcopy(my)
        else:
            new = copy.deepcopy(my)  # mine alone: new
        if new is not None:
            out = _insert_after(out, previous, new)
        previous = new["id"] if new is not None else (eid if eid in out else previous)
    return list(out.values())


def events_by_id(events: list[dict]) -> dict[str, dict]:
    """A version's stored events by id, in its order: how two versions are compared, here and in a conflict's list
    of differences (`model.edits.differences`)."""
    return {e["id"]: e for e in events}


def _insert_after(events: dict[str, dict], previous: str | None, new: dict) -> dict[str, dict]:
    if previous is None or previous not in events:
        return {new["id"]: new, **events} if previous is None else {**events, new["id"]: new}
    out: dict[str, dict] = {}
    for eid, e in events.items():
        out[eid] = e
        if eid == previous:
            out[new["id"]] = new
    return out


def _fresh_id(taken: set[str]) -> str:
    n = len(taken) + 1
    while f"e{n}" in taken:
        n += 1
    return f"e{n}"


def _copy(value):
    return copy.deepcopy(value) if isinstance(value, (dict, list)) else value
