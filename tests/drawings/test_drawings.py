"""Drawings on a tag's frame: stored in fractions of the frame, checked, edited, removed, validated by the
schema (2.0 documents without them stay valid), and painted onto a picture with Unicode text."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
import numpy as np
import pytest
from match_docs import base_document, event

from review_app.drawings import DrawingError, clean, drawings_on
from review_app.drawings.render import draw_on
from review_app.model import DocumentError, validate
from review_app.model.edits import add_drawing, build_event, remove_drawing, update_drawing
from review_app.model.event import Drawing, decode_event, written

NOW = datetime(2026, 12, 1, 5, 0, tzinfo=UTC)
ARROW = {"kind": "arrow", "points": [[0.1, 0.5], [0.9, 0.5]], "color": "#FF0000"}


def tag() -> dict:
    return event("e1", 100, "21.b", {}, {})


def painted_as(raw: dict, frame: int = 0) -> list[Drawing]:
    """A drawing cleaned as the Review page stores it, read back as a reader holds it."""
    return [msgspec.convert({"id": "d1", **clean(raw, frame=frame, by="Ana")}, type=Drawing)]


def test_a_drawing_is_cleaned_to_fractions_with_its_author():
    d = clean({**ARROW, "points": [[-0.2, 0.5], [1.3, 0.5]]}, frame=100, by=" Ana ", now=NOW)
    assert d == {"kind": "arrow", "frame": 100, "points": [[0.0, 0.5], [1.0, 0.5]], "color": "#ff0000",
                 "by": "Ana", "at": "2026-12-01T05:00:00Z"}


@pytest.mark.parametrize("raw, says", [
    ({"kind": "star", "points": [[0, 0], [1, 1]]}, "no such kind"),
    ({"kind": "line", "points": [[0, 0]]}, "takes 2 points, not 1"),
    ({"kind": "line", "points": [[0.3, 0.3], [0.3, 0.3]]}, "two different points"),
    ({"kind": "circle", "points": [[0, "x"], [1, 1]]}, "point 1"),
    ({"kind": "line", "points": [[0, float("nan")], [1, 1]]}, "not finite"),
    ({"kind": "text", "points": [[0.5, 0.5]], "text": "  "}, "needs its text"),
    ({"kind": "line", "points": [[0, 0], [1, 1]], "color": "red"}, "#rrggbb"),
    ({"kind": "text", "points": [[0.5, 0.5]], "text": "x" * 201}, "at most 200"),
])
def test_bad_drawings_are_refused_in_one_line(raw, says):
    with pytest.raises(DrawingError, match=says) as err:
        clean(raw, frame=1, by="Ana")
    assert "\n" not in str(err.value)


def test_freehand_points_too_close_together_are_dropped_but_the_ends_kept():
    pts = [[0.1 + i * 0.0001, 0.2] for i in range(50)] + [[0.5, 0.6]]
    d = clean({"kind": "freehand", "points": pts}, frame=3, by="Ana")
    assert d["points"][0] == [0.1, 0.2] and d["points"][-1] == [0.5, 0.6]
    assert len(d["points"]) < len(pts)


def test_add_edit_remove_keep_ids_and_record_who_changed_it():
    e, first = add_drawing(decode_event(tag()), clean(ARROW, frame=100, by="Ana", now=NOW))
    e, second = add_drawing(e, clean({"kind": "text", "points": [[0.2, 0.2]], "text": "Línea"}, frame=101, by="Ana"))
    assert (first, second) == ("d1", "d2")
    assert [d.id for d in drawings_on(e, 100)] == ["d1"]
    e2 = update_drawing(e, "d2", by="Bruno", text="Línea de la bocha", color="#00c2ff")
    changed = drawings_on(e2, 101)[0]
    assert (changed.text, changed.color, changed.by) == ("Línea de la bocha", "#00c2ff", "Bruno")
    assert drawings_on(e, 101)[0].text == "Línea"  # edits make new records
    with pytest.raises(DrawingError):
        update_drawing(e2, "d2", text="")
    e3 = remove_drawing(remove_drawing(e2, "d1"), "d2")
    assert e3.drawings == () and "drawings" not in written(e3, written(e2))  # no empty list written
    with pytest.raises(DrawingError, match="no drawing d9"):
        remove_drawing(e2, "d9")
    e4, again = add_drawing(remove_drawing(e2, "d1"), clean(ARROW, frame=100, by="Ana"))
    assert again == "d3" and [d.id for d in e4.drawings] == ["d2", "d3"]  # a new id, never a taken one


def test_the_schema_takes_drawings_and_documents_without_them_stay_valid():
    doc = base_document()
    doc["schema_version"] = "2.0"
    doc["events"] = [tag()]
    validate(doc)  # no drawings: a 2.0 document as before
    drawn, _id = add_drawing(decode_event(tag()), clean(ARROW, frame=100, by="Ana", now=NOW))
    doc["events"][0] = written(drawn, tag())
    validate(doc)
    doc["events"][0]["drawings"][0]["points"][0] = [1.5, 0.2]
    with pytest.raises(DocumentError, match="drawings"):
        validate(doc)


def test_the_tag_form_keeps_a_tags_drawings():
    drawings = [{"id": "d1", **clean(ARROW, frame=100, by="Ana")}]
    e = build_event(event_id="e1", frame=100, time_s=4.0, situation="21.b", facts={}, call={}, drawings=drawings)
    assert e["drawings"] == drawings


def black(w: int, h: int) -> np.ndarray:
    return np.zeros((h, w, 3), np.uint8)


def test_an_arrow_is_painted_where_its_fractions_say_at_any_size():
    d = painted_as(ARROW)
    for w, h in ((320, 180), (1280, 720)):
        out = draw_on(black(w, h), d)
        row = out[h // 2]
        assert row[int(w * 0.3)].tolist() == pytest.approx([0, 0, 255], abs=40)  # BGR red on the line
        assert out[h // 5, w // 2].tolist() == [0, 0, 0]  # off the line: untouched
        assert out[h // 2, int(w * 0.05)].tolist() == [0, 0, 0]  # before its start
    small = draw_on(black(320, 180), d)
    big = draw_on(black(1280, 720), d)
    import cv2

    shrunk = cv2.resize(big, (320, 180), interpolation=cv2.INTER_AREA)
    assert np.abs(shrunk.astype(int) - small.astype(int)).mean() < 4  # the same drawing, scaled


def test_the_input_picture_is_not_changed():
    img = black(64, 36)
    draw_on(img, painted_as(ARROW))
    assert not img.any()


def test_text_is_drawn_with_its_accents():
    def painted(text):
        return draw_on(black(640, 360), painted_as({"kind": "text", "points": [[0.1, 0.3]], "text": text}))

    accented, plain, asked = painted("Línea"), painted("Linea"), painted("L?nea")
    assert accented.any()
    assert not np.array_equal(accented, plain)  # the accent is there
    assert not np.array_equal(accented, asked)  # and it is not a question mark


@pytest.mark.parametrize("kind, points", [
    ("circle", [[0.5, 0.5], [0.6, 0.5]]), ("line", [[0.1, 0.1], [0.9, 0.9]]),
    ("freehand", [[0.1, 0.1], [0.2, 0.3], [0.4, 0.2]]), ("ball_line", [[0.4, 0.5], [0.5, 0.5]])])
def test_each_kind_paints(kind, points):
    out = draw_on(black(320, 180), painted_as({"kind": kind, "points": points}))
    assert out.any()
    if kind == "ball_line":  # extended to both edges of the picture, past the two points given
        assert out[90, :20].any() and out[90, -20:].any()
    if kind == "circle":  # a ring: the centre stays clear
        assert not out[90, 160].any() and out[90, 160 + 32].any()
