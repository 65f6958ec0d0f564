"""Period starts on the Review page, through the app's entry point: Shift+N (as the frame view hands it over: the
frame painted when the key was pressed) saves "the next period starts here" with the match; the expander lists the
starts; a tag made with T and one made with a code key get their period and clock pre-filled from them, the form
saying so and the reviewer free to change them."""

from __future__ import annotations

import json

from saving import save_back

from review_app.model import load_document
from review_app.model.periods import with_start_here
from review_app.ui.review import periods
from review_app.ui.review.periods import REQUEST


def on_disk(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def press_shift_n(at, frame: int):
    """What the view's Shift+N hands the page (review.frame's action callback, `periods.start_here`)."""
    at.session_state[REQUEST] = frame
    at.run()
    assert not at.exception, at.exception


def test_shift_n_sets_each_period_start_and_every_new_tag_gets_its_period_and_clock(app, workspace):
    press_shift_n(app, 25)  # 1.0 s at 25 fps
    press_shift_n(app, 100)  # 4.0 s
    starts = on_disk(workspace)["period_starts"]
    assert {k: (v["frame"], v["time_s"], v["set_by"]) for k, v in starts.items()} == \
        {"1": (25, 1.0, "Tester"), "2": (100, 4.0, "Tester")}
    assert any(e.label.startswith("Period starts (2)") for e in app.expander)

    # T on frame 150 (6.0 s): period 2, 2 s after its start, said to be pre-filled
    app.text_input(key="review.jump_frame_value").input("150").run()
    app.button(key="review.tag").click().run()
    assert not app.exception, app.exception
    assert any("Pre-filled from the period starts" in c.value and "Period: 2" in c.value and "Game clock: 0:02"
               in c.value for c in app.caption), [c.value for c in app.caption]
    period = next(n for n in app.number_input if n.label == "Period")
    clock = next(t for t in app.text_input if t.label == "Game clock (m:ss)")
    assert (period.value, clock.value) == (2, "0:02")
    clock.input("0:05")  # changeable: the reviewer's value is kept (sent with Save, as in a form)
    app.button(key="review.form.save").click().run()
    assert not app.exception, app.exception
    saved = max(on_disk(workspace)["events"], key=lambda e: e["position"]["frame"])
    assert saved["position"]["frame"] == 150 and (saved["period"], saved["clock"]) == (2, "0:05")

    # a code key paused on frame 60 (2.4 s): period 1, 1.4 s in
    app.session_state["review.edits"] = {"view": "v1", "items": [{"seq": 1, "kind": "code", "key": "1", "frame": 60}]}
    app.run()
    assert not app.exception, app.exception
    coded = next(e for e in on_disk(workspace)["events"] if e["position"]["frame"] == 60)
    assert (coded["period"], coded["clock"]) == (1, "0:01")


def test_pressed_again_on_a_start_it_is_set_again_not_doubled(app, workspace):
    press_shift_n(app, 50)
    press_shift_n(app, 50)
    assert {k: v["frame"] for k, v in on_disk(workspace)["period_starts"].items()} == {"1": 50}
    assert any(e.label.startswith("Period starts (1)") for e in app.expander)


def test_a_start_someone_else_saved_meanwhile_stays_and_the_page_says_so(app, workspace, monkeypatch):
    """Two reviewers set period 1's start at once: the start saved first stays, and the page that came second says
    so in one line (the Review page's one way to save a change: review.pick.save_change)."""
    def raced(doc, frame, time_s, by=None):
        other, _period = with_start_here(load_document(workspace["document"]), 40, 1.6, "Other")
        save_back(other)  # the other reviewer's save lands between this page's read and its write
        return with_start_here(doc, frame, time_s, by)

    monkeypatch.setattr(periods, "with_start_here", raced)
    press_shift_n(app, 25)
    assert {k: (v["frame"], v["set_by"]) for k, v in on_disk(workspace)["period_starts"].items()} == \
        {"1": (40, "Other")}
    assert any("Someone else changed the period starts meanwhile" in e.value for e in app.error), \
        [e.value for e in app.error]
