"""Shift+N in headless Chromium: the next period starts on the frame painted (saved with the match, listed under
Period starts), N alone still the open tag's neutral-play moment; a tag made with T after it gets the period and
clock pre-filled on the form."""

from __future__ import annotations

import json

import pytest
from test_browser import (  # noqa: F401
    CHROMIUM,
    app_on,
    browser,
    go_to_frame,
    on_screen,
    open_page,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def test_shift_n_starts_a_period_on_the_painted_frame_and_t_gets_it(app_on, browser, small_video):  # noqa: F811
    url, ws = app_on(small_video)
    page = open_page(browser, url, width=1500, height=1100)
    on_screen(page, 0)
    go_to_frame(page, 30)
    page.keyboard.press("Shift+N")
    page.get_by_text("Period starts (1)").wait_for(timeout=60_000)
    starts = json.loads(ws["document"].read_text("utf-8"))["period_starts"]
    assert {k: v["frame"] for k, v in starts.items()} == {"1": 30}

    go_to_frame(page, 105)  # 3.0 s after the start at 25 fps
    page.keyboard.press("t")
    page.get_by_text("New tag e3 at frame 105").wait_for(timeout=60_000)
    caption = page.get_by_test_id("polo-tag-form-prefilled")
    assert "Period: 1" in caption.inner_text() and "Game clock (m:ss): 0:03" in caption.inner_text()
    page.locator("[data-polo-frame]").first.click()  # the keys the frame view's again (the form had them)
    page.keyboard.press("n")  # N alone: the new tag's neutral play, not a period start
    page.get_by_text("Neutral play: frame 105").first.wait_for(timeout=60_000)
    assert list(json.loads(ws["document"].read_text("utf-8"))["period_starts"]) == ["1"]
