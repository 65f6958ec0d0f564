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


def _parts(value: object):
    """Every value inside `value` (the fields of a record, the keys and values of a mapping, the items of a list or
    tuple), depth first."""
    if isinstance(value, msgspec.Struct):
        inner = [getattr(value, f) for f in value.__struct_fields__]
    elif isinstance(value, dict):
        inner = [*value, *value.values()]
    else:
        inner = list(value) if isinstance(value, list | tuple) else []
    for part in inner:
        yield part
        yield from _parts(part)


@pytest.mark.parametrize("path", sorted((ROOT / "annotations").glob("*.json")), ids=lambda p: p.name)
def test_a_record_is_a_tree_of_json_values_so_never_in_a_reference_cycle(path):
    # What `model.event.Record` says to be decoded without the cycle collector (`gc=False`): every part of a record
    # is a record or a JSON value, and no container is reached twice, the record least of all.
    allowed = (typed.Record, str, int, float, bool, type(None), dict, list, tuple)
    for event in typed.read_events(load_document(path)):
        seen: set[int] = {id(event)}
        for part in _parts(event):
            assert isinstance(part, allowed), type(part)
            if isinstance(part, (typed.Record, dict, list)) or (isinstance(part, tuple) and part):
                assert id(part) not in seen, f"{event.id}: {part!r} is reached twice"
                seen.add(id(part))


def test_every_part_of_a_record_is_read_as_a_record():
    assert all(issubclass(struct, typed.Record) for struct, _schema in PARTS)


def test_the_tag_forms_draft_holds_every_part_of_an_event_but_its_id_place_and_what_saving_derives():
    """An edit opens the tag form on `Draft.of(event)`: a part of the record the draft had no field for would be
    lost when the edit is saved. The id and the place are the form's own (`TagForm.id`, `frame`, `time_s`) and
    `not_recorded` is worked out again on saving (`model.edits.build_event`); every other part is the draft's, of
    the record's type."""
    from review_app.model.tag_draft import Draft

    event_fields = {f.name: f.type for f in msgspec.structs.fields(typed.Event)}
    draft_fields = {f.name: f.type for f in msgspec.structs.fields(Draft)}
    assert set(event_fields) - set(draft_fields) == {"id", "position", "not_recorded"}
    assert set(draft_fields) <= set(event_fields)
    assert {name: draft_fields[name] for name in draft_fields} == {name: event_fields[name] for name in draft_fields}
