"""An edit made on a tag's record writes the dict an edit of the stored mapping wrote (`model.event.written`)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from review_app.drawings import clean
from review_app.model.coding import At, window_change
from review_app.model.edits import add_drawing, put_record, remove_drawing
from review_app.model.event import decode_event, read_event, written
from review_app.model.io import load_document

BUNDLED = sorted((Path(__file__).parents[2] / "annotations").glob("*.json"))


def text(value) -> str:
    return json.dumps(value, ensure_ascii=False)  # key order counts


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_event_is_written_back_exactly_as_stored(path):
    doc = load_document(path)
    assert doc.events
    for stored, record in zip(doc.events, doc.records, strict=True):
        assert text(written(record, stored)) == text(stored)
        # a part changed on the record is written where the stored dict has it (last where it had none), the rest
        # as stored: what an edit of the stored mapping wrote
        changed = msgspec.structs.replace(record, notes="Seen again from the far side.")
        assert text(written(changed, stored)) == text({**stored, "notes": "Seen again from the far side."})
        fresh = written(record)  # as a new tag: the same record, in the record's order, no part not recorded
        assert decode_event(fresh) == record and set(fresh) <= set(stored)
        assert all(v is not None for v in fresh.values())


def test_a_moved_window_keeps_the_stored_order_and_what_it_did_not_change():
    doc = load_document(BUNDLED[0])
    stored = doc.events[0]
    reordered = {k: stored[k] for k in reversed(list(stored))} | {"clock": None}
    doc.data["events"][0] = reordered
    doc.forget_records()
    change = window_change(doc, reordered["id"], At(30, 1.2), At(10, 0.4))
    assert list(change.event) == [*reordered, *(["window"] if "window" not in reordered else [])]
    assert change.event["clock"] is None  # an explicit null the edit did not touch stays
    assert change.event["window"] == {"start": {"frame": 10, "time_s": 0.4}, "end": {"frame": 30, "time_s": 1.2}}
    assert {k: v for k, v in change.event.items() if k != "window"} == \
        {k: v for k, v in reordered.items() if k != "window"}


def test_drawings_added_and_removed_on_the_record_write_the_others_as_stored():
    doc = load_document(BUNDLED[0])
    eid = doc.events[0]["id"]
    first, _ = add_drawing(read_event(doc, eid), clean({"kind": "text", "points": [[0.5, 0.5]], "text": "a"},
                                                        frame=3, by="Ana"))
    doc = put_record(doc, first).apply(doc)
    hand = {**{k: v for k, v in reversed(list(doc.event(eid)["drawings"][0].items()))}, "by": None}
    doc.event(eid)["drawings"][0] = hand  # as a hand-written document might hold it
    doc.forget_records()
    second, did = add_drawing(read_event(doc, eid), clean({"kind": "line", "points": [[0, 0], [1, 1]]}, frame=4,
                                                          by="Bruno"))
    put = put_record(doc, second)
    assert did == "d2" and text(put.event["drawings"][0]) == text(hand)
    assert list(put.event["drawings"][1]) == ["id", "kind", "frame", "points", "color", "by", "at"]
    gone = put_record(doc, remove_drawing(read_event(doc, eid), "d1"))
    assert "drawings" not in gone.event and list(gone.event) == [k for k in doc.event(eid) if k != "drawings"]
