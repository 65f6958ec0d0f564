"""Coding at the speed of play, end to end in headless Chromium: five tags coded with keys while the
footage plays (and it keeps playing), one completed from the "to complete" list on the tag form, a
window's edge dragged on the timeline, the timeline zoomed down to single frames; all of it found in
the saved document."""

from __future__ import annotations

import json

import pytest
from browser_app import choose, until
from test_browser import (  # noqa: F401
    CHROMIUM,
    app_on,
    browser,
    coded_video,
    on_screen,
    open_page,
    painted,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def saved(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def coded(ws) -> list[dict]:
    return [e for e in saved(ws)["events"] if e["id"] not in ("e1", "e2")]


def test_code_five_tags_while_playing_complete_one_and_drag_a_window_edge(app_on, browser, coded_video):  # noqa: F811
    url, ws = app_on(coded_video)  # 10 s at 25 fps
    page = open_page(browser, url)
    on_screen(page, 0)
    page.keyboard.press("ArrowDown")  # 0.5x: ten seconds of footage last the five presses
    page.keyboard.press("l")
    frames = []
    for key in "12345":  # each code a few frames after the one before, however slowly frames come
        last = frames[-1] if frames else painted(page)
        frames.append(until(lambda last=last: (f := painted(page)) >= last + 5 and f, "playback to move on"))
        page.keyboard.press(key)
        page.keyboard.press("Enter")  # no descriptor keys for this one: sent now (the next digit is a code again)
    # playback went on through the codes: later frames keep coming, and the tags reach the timeline meanwhile
    after = painted(page)
    until(lambda: painted(page) > after + 3, "playback to go on after the codes")
    page.get_by_test_id("polo-tag-e7").wait_for(state="attached")
    assert "▶" in page.locator(".info").inner_text()
    page.keyboard.press("k")

    tags = until(lambda: len(coded(ws)) == 5 and coded(ws), "five coded tags in the document")
    assert [t["situation"] for t in tags] == ["21.b", "21.c", "21.d", "21.e", "21.h"]  # keys 1-5 of the default window
    at = [t["position"]["frame"] for t in tags]
    assert at == sorted(at) and len(set(at)) == 5
    assert all(f0 <= f for f0, f in zip(frames, at, strict=True))  # each at the frame painted when pressed
    for t in tags:
        assert t["not_recorded"] == ["call"] and t["reviewer"] == "Browser Coach"
        w = t["window"]
        # the default lead and lag, 5 s each, within the recording's 250 frames
        assert w["start"]["frame"] == max(0, t["position"]["frame"] - 125)
        assert w["end"]["frame"] == min(249, t["position"]["frame"] + 125)

    # complete the first from the "to complete" list
    page.get_by_text("To complete (5)").wait_for()
    page.get_by_role("button", name="Complete").click()
    page.get_by_text(f"Edit tag e3 at frame {at[0]}").wait_for()
    on_screen(page, at[0])  # the view went to it
    choose(page, "Whistle", "At once")  # not the frame view's whistle buttons
    page.get_by_label("Notes").fill("coded while playing, completed later")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved e3:").wait_for()
    page.get_by_text("To complete (4)").wait_for()

    # drag the end of e4's window on the timeline, to the left
    edge = page.get_by_test_id("polo-window-e4-end")
    edge.scroll_into_view_if_needed()
    box = edge.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for n in range(1, 11):
        page.mouse.move(x - 12 * n, y)
    page.mouse.up()
    before = tags[1]["window"]
    moved = until(lambda: (w := next(e for e in saved(ws)["events"] if e["id"] == "e4")["window"]) != before and w,
                  "the dragged edge in the document")
    assert moved["start"] == before["start"] and moved["end"]["frame"] < before["end"]["frame"]
    page.get_by_test_id("polo-window-e4").wait_for()

    # zoom the timeline down to single frames: the ruler then counts frames
    zoom_in = page.locator(".tl-zoomIn")
    while zoom_in.is_enabled():
        zoom_in.click()
    assert page.locator(".tl-span").inner_text() == "12 frames shown"
    ticks = page.locator(".tl-tick").all_inner_texts()
    assert len(ticks) >= 6 and all(t.isdigit() for t in ticks)
    steps = {int(b) - int(a) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert steps <= {1, 2}  # a tick every frame or two

    # all of it, in the saved document
    doc = saved(ws)
    events = {e["id"]: e for e in doc["events"]}
    assert set(events) == {"e1", "e2", "e3", "e4", "e5", "e6", "e7"}
    # the restart as 21.b sets it, pre-filled on the form (no offender given: no team for the penalty)
    assert events["e3"]["call"] == {"whistle": "at_once", "restart": "penalty"}
    assert "call" not in events["e3"].get("not_recorded", [])
    assert events["e3"]["notes"] == "coded while playing, completed later"
    assert events["e3"]["window"] == tags[0]["window"]
    assert [e for e in ("e4", "e5", "e6", "e7") if events[e]["not_recorded"] == ["call"]] == ["e4", "e5", "e6", "e7"]
    assert events["e4"]["window"] == moved


def test_a_digit_with_nothing_to_choose_after_a_code_key_makes_no_second_tag(app_on, browser, coded_video):  # noqa: F811
    """21.d (key 3) has no fact chosen by a digit: a 2 pressed right after it is not the code key of 21.c; the view
    says there is nothing to choose and the one tag is sent (issue 40, the coach's walk)."""
    url, ws = app_on(coded_video)
    page = open_page(browser, url)
    on_screen(page, 0)
    page.keyboard.press("3")
    page.keyboard.press("2")
    hint = page.get_by_test_id("polo-code-hint")
    until(lambda: "Nothing to choose with 2" in hint.inner_text(), "the hint to say the 2 chose nothing")
    until(lambda: page.evaluate("() => { const c = window.__poloReviewActiveView.coding;"
                                " return c.open === null && c.pending.length === 0; }"), "the tag to be saved")
    tags = until(lambda: coded(ws) or None, "the coded tag in the document")
    assert [t["situation"] for t in tags] == ["21.d"]
    assert hint.is_hidden()  # the note went with the tag
