"""The Review page's drawings: a shape from the frame view is saved on the picked tag with who drew it,
recoloured, relabelled and removed from the list beside the tags; bad shapes are one line, nothing lost;
a tag's edit in the form keeps its drawings."""

from __future__ import annotations

import json

from ui_fixtures import settle

from review_app.ui.review.drawings import REQUEST

ARROW = {"kind": "arrow", "points": [[0.2, 0.5], [0.8, 0.5]], "color": "#ff3b30"}


def on_disk(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def drawings(ws, tag: str) -> list[dict]:
    return next(e for e in on_disk(ws)["events"] if e["id"] == tag).get("drawings", [])


def send(at, value: dict):
    at.session_state[REQUEST] = value
    at.run()
    settle(at)
    assert not at.exception, at.exception
    return at


def test_a_shape_drawn_is_saved_on_the_picked_tag_and_can_be_edited_and_removed(app, workspace):
    assert app.session_state["review.tag_pick"] == "e1"
    send(app, {"op": "add", "tag": "e1", "frame": 50, "shape": ARROW})
    (d,) = drawings(workspace, "e1")
    assert (d["id"], d["kind"], d["frame"], d["by"], d["points"]) == ("d1", "arrow", 50, "Tester",
                                                                     [[0.2, 0.5], [0.8, 0.5]])
    panel = [e for e in app.expander if "Drawings on e1 (1)" in e.label]
    assert panel, [e.label for e in app.expander]
    app.selectbox(key="review.drawing.e1").set_value("d1")
    app.text_input(key="review.drawing.text.e1.d1").input("Línea de la bocha")
    app.selectbox(key="review.drawing.color.e1.d1").set_value("#00c2ff")
    app.button(key="review.drawing.save").click().run()
    assert not app.exception, app.exception
    (d,) = drawings(workspace, "e1")
    assert (d["text"], d["color"], d["by"]) == ("Línea de la bocha", "#00c2ff", "Tester")
    app.button(key="review.drawing.remove").click().run()
    assert drawings(workspace, "e1") == []
    send(app, {"op": "add", "tag": "e1", "frame": 50, "shape": ARROW})
    assert [d["id"] for d in drawings(workspace, "e1")] == ["d1"]
    send(app, {"op": "remove", "tag": "e1", "id": "d1", "frame": 50})
    assert drawings(workspace, "e1") == []


def test_a_bad_shape_is_one_line_and_nothing_is_lost(app, workspace):
    before = on_disk(workspace)
    send(app, {"op": "add", "tag": "e1", "frame": 50, "shape": {"kind": "star", "points": []}})
    assert any("no such kind of drawing" in e.value for e in app.error)
    assert on_disk(workspace) == before
    send(app, {"op": "add", "tag": "e9", "frame": 50, "shape": ARROW})
    assert any("no longer in this match" in w.value for w in app.warning)
    assert on_disk(workspace) == before


def test_editing_the_tag_in_the_form_keeps_its_drawings(app, workspace):
    send(app, {"op": "add", "tag": "e1", "frame": 50, "shape": ARROW})
    app.button(key="review.tag_edit").click().run()
    app.button(key="review.form.save").click().run()
    assert not app.exception, app.exception
    assert [d["id"] for d in drawings(workspace, "e1")] == ["d1"]


def test_the_layer_draws_on_the_tag_the_list_shows_picked_in_the_same_run(app, workspace):
    """A save (or a link) picks its tag for the next run. The drawing layer, drawn above the list, was given the
    tag picked before, so a shape drawn next went to another tag than the one the list showed picked."""
    from review_app.ui.review.drawings import LAYER_TAG

    assert app.session_state["review.tag_pick"] == "e1"
    app.session_state["review.tag_pick_next"] = "e2"  # as a save of e2 leaves it
    app.run()
    assert app.session_state["review.tag_pick"] == "e2"
    assert app.session_state[LAYER_TAG] == "e2"
    send(app, {"op": "add", "tag": app.session_state[LAYER_TAG], "frame": 125, "shape": ARROW})
    assert [d["frame"] for d in drawings(workspace, "e2")] == [125] and drawings(workspace, "e1") == []
