"""In real headless Chromium: with a 21.f(1)(ii) tag open, the M key sets the moment the mount was off the
field to the frame on screen, as W and E set the whistle and the restart, and the saved tag holds it."""

from __future__ import annotations

import json

import pytest
from test_browser import CHROMIUM, on_screen, open_page, start_app, stop_app
from ui_fixtures import make_workspace

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def _step(page, frames: int, at: int) -> int:
    for _ in range(frames):
        page.keyboard.press("ArrowRight")
    on_screen(page, at + frames)
    return at + frames


def _without_tags(tmp_path) -> dict:
    """A workspace whose match has no tag yet."""
    ws = make_workspace(tmp_path / "ws")
    data = json.loads(ws["document"].read_text("utf-8"))
    data["events"] = []
    ws["document"].write_text(json.dumps(data), "utf-8")
    return ws


def test_the_mount_off_the_field_set_with_its_key(tmp_path, chromium):
    ws = _without_tags(tmp_path)
    proc, url = start_app(tmp_path, ws)
    try:
        page = open_page(chromium, url)
        on_screen(page, 0)
        frame = _step(page, 5, 0)
        page.keyboard.press("t")
        page.get_by_text(f"New tag e1 at frame {frame}").wait_for()
        page.get_by_label("Find the situation (clause or name)").fill("21.f(1)(ii)")
        page.keyboard.press("Enter")
        page.get_by_role("button", name="Mount off the field: not set").wait_for()
        assert page.get_by_role("button", name="Player off the field: not set").count() == 0  # 21.g's, not this
        page.locator("[data-polo-frame]").first.click()  # the keys go to the frame view again
        whistle = _step(page, 2, frame)
        page.keyboard.press("w")
        page.get_by_role("button", name=f"Whistle: frame {whistle}").wait_for()
        off = _step(page, 10, whistle)
        page.keyboard.press("m")
        page.get_by_role("button", name=f"Mount off the field: frame {off}").wait_for()
        restart = _step(page, 5, off)
        page.keyboard.press("e")
        page.get_by_role("button", name=f"Restart: frame {restart}").wait_for()
        page.get_by_text("restart 0.2 s after: mount off the field").wait_for()
        page.get_by_role("button", name="Save").click()
        page.get_by_text("Saved e1").wait_for()
        (e1,) = json.loads(ws["document"].read_text("utf-8"))["events"]
        assert e1["situation"] == "21.f(1)(ii)"
        assert {k: v["frame"] for k, v in e1["moments"].items()} == {"whistle": whistle, "mount_off_field": off,
                                                                     "restart": restart}
    finally:
        stop_app(proc)


def test_a_waits_label_is_whole_on_its_button(tmp_path, chromium):
    """The walk at 1500x1000: a 21.d tag's "Player able to resume, or substitute on: not set" read "Player able to
    resume, or s…", two moment buttons to a row of the side column. Each moment's label is whole."""
    ws = _without_tags(tmp_path)
    proc, url = start_app(tmp_path, ws)
    try:
        page = open_page(chromium, url, width=1500, height=1000)
        on_screen(page, 0)
        page.keyboard.press("t")
        page.get_by_text("New tag e1 at frame 0").wait_for()
        page.get_by_label("Find the situation (clause or name)").fill("21.d")
        page.keyboard.press("Enter")
        wait = page.get_by_role("button", name="Player able to resume, or substitute on: not set")
        wait.wait_for()
        for name in ("Player able to resume, or substitute on: not set", "Neutral play: not set", "Whistle: not set"):
            cut = page.get_by_role("button", name=name).evaluate(
                "(b) => [b, ...b.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1)"
                ".map((e) => [e.tagName, e.scrollWidth, e.clientWidth])")
            assert not cut, (name, cut)
    finally:
        stop_app(proc)
