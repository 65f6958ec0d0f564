"""The Review page's side table of tags in a 1500x1000 Chromium window (the walk found its columns cut off with
no way to read them): every column fits the panel, the longest clause id whole; what it leaves out (period,
clock, frame, reviewer, notes) is on the tag picked under it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401
    CHROMIUM,
    app_on,
    browser,
    open_page,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = os.environ.get("POLO_REVIEW_SHOTS")


def test_the_side_tables_columns_fit_at_1500_by_1000(app_on, browser):  # noqa: F811
    url, ws = app_on(None)
    doc = json.loads(ws["document"].read_text("utf-8"))
    extra = json.loads(json.dumps(doc["events"][1]))
    extra.update(id="e3", situation="21.general.dangerous-fouls", position={"frame": 180, "time_s": 7.2},
                 reviewer="Mariana Etcheverry", notes="far side, after the bump", facts={})
    extra["involved"]["umpire"] = "Carlos Medina"
    doc["events"].append(extra)
    ws["document"].write_text(json.dumps(doc), "utf-8")
    page = open_page(browser, url, width=1500, height=1000)
    page.get_by_text("Tags (3)").wait_for()
    side = page.locator(".st-key-review-side")
    grid = side.locator(".dvn-scroller")
    grid.wait_for()
    wide, shown = grid.evaluate("(g) => [g.scrollWidth, g.clientWidth]")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        side.screenshot(path=str(Path(SHOTS) / "side-table-1500x1000.png"))
    assert wide <= shown + 1, (wide, shown)  # no column past the panel's edge
    # the rest of the tag picked, on its line under the list
    page.get_by_text("Period 1 · 6:10 · frame 50 (0:02.00) · umpire Umpire One · tagged by Coach").wait_for()
