"""An event's result holds only the values it reports (`checker.run.EventResult`, which says so to be left out of the
cycle collector): nothing reached from a result is a result."""

from __future__ import annotations

import gc
from pathlib import Path

import msgspec

from review_app.checker import check_paths
from review_app.checker.run import EventResult

ROOT = Path(__file__).resolve().parents[2]


def _reached(value: object, seen: set[int]):
    """Everything `value` refers to, each once: a Struct's fields, else what the object itself names
    (`gc.get_referents`: a message's parameters, a mapping's keys and values)."""
    inner = ([getattr(value, f) for f in value.__struct_fields__] if isinstance(value, msgspec.Struct)
             else gc.get_referents(value))
    for part in inner:
        if isinstance(part, type) or id(part) in seen:
            continue
        seen.add(id(part))
        yield part
        yield from _reached(part, seen)


def test_no_result_of_the_bundled_annotations_reaches_a_result():
    result = check_paths([ROOT / "annotations"])
    assert result.events and result.findings  # findings rewrite some results' explanations: those are walked too
    for event in result.events:
        assert not any(isinstance(part, EventResult) for part in _reached(event, {id(event)})), event.event
