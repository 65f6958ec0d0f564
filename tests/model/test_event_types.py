"""The typed read model (`model.event`) follows the schema's event field for field, and decodes every event the
project writes."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from review_app.model import event as typed
from review_app.model.io import load_document
from review_app.model.schema_build import build

ROOT = Path(__file__).resolve().parents[2]


def _fields(struct: type[msgspec.Struct]) -> set[str]:
    return {f.name for f in msgspec.structs.fields(struct)}


def _properties(schema: dict) -> set[str]:
    if "anyOf" in schema:  # an optional object: {the object} or null
        schema = next(s for s in schema["anyOf"] if s.get("type") == "object")
    return set(schema["properties"])


EVENT = build()["properties"]["events"]["items"]
PARTS = [
    (typed.Event, EVENT),
    (typed.Moments, EVENT["properties"]["moments"]),
    (typed.Window, EVENT["properties"]["window"]),
    (typed.Moment, EVENT["properties"]["position"]),
    (typed.Call, EVENT["properties"]["call"]),
    (typed.Someone, EVENT["properties"]["call"]["properties"]["card_to"]),
    (typed.Someone, EVENT["properties"]["involved"]["properties"]["offender"]),
    (typed.Involved, EVENT["properties"]["involved"]),
    (typed.Rider, EVENT["properties"]["involved"]["properties"]["players"]["items"]),
    (typed.Reading, EVENT["properties"]["reading"]),
    (typed.Drawing, EVENT["properties"]["drawings"]["items"]),
]


@pytest.mark.parametrize(("struct", "schema"), PARTS, ids=lambda p: getattr(p, "__name__", ""))
def test_each_type_has_exactly_the_schemas_fields(struct, schema):
    assert _fields(struct) == _properties(schema)


def test_the_required_fields_are_the_ones_without_a_default():
    required = {f.name for f in msgspec.structs.fields(typed.Event) if f.required}
    assert required == set(EVENT["required"])


def test_the_moment_names_are_the_schemas_in_its_order():
    assert typed.MOMENT_NAMES == tuple(EVENT["properties"]["moments"]["properties"])


@pytest.mark.parametrize("path", sorted((ROOT / "annotations").glob("*.json")), ids=lambda p: p.name)
def test_every_bundled_event_decodes_and_says_what_its_dict_says(path):
    doc = load_document(path)
    for raw, event in zip(doc.events, typed.read_events(doc), strict=True):
        assert event.id == raw["id"]
        assert event.situation == raw["situation"]
        assert event.position.frame == raw["position"]["frame"]
        assert event.facts == raw["facts"]
        assert event.call.given() == {k: v for k, v in raw["call"].items() if v is not None}
        assert dict(event.moments.tagged()) == {
            k: typed.Moment(frame=v["frame"], time_s=v["time_s"]) for k, v in (raw.get("moments") or {}).items() if v}
        assert event.umpire == (raw.get("involved") or {}).get("umpire")


def test_a_field_the_types_do_not_know_is_refused():
    with pytest.raises(msgspec.ValidationError, match="unknown field"):
        typed.decode_event({"id": "e1", "position": {"frame": 1, "time_s": 0.04}, "situation": "21.b",
                            "facts": {}, "call": {"penalty_too": "penalty_3"}})


def test_a_read_event_cannot_be_changed_in_place():
    event = typed.decode_event({"id": "e1", "position": {"frame": 1, "time_s": 0.04}, "situation": "21.b",
                                "facts": {}, "call": {}})
    with pytest.raises(AttributeError):
        event.situation = "21.c"  # type: ignore[misc]
