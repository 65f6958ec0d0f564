"""In real headless Chromium: the addresses a coach types. /review (the Review page's name in the menu) opens
the Review page, a link's match and frame kept, where it was Streamlit's "Page not found"; / and the other
pages' addresses and the Report page's links to a frame open as before; an address that names no page still
says so (the test can tell)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

import pytest
from test_browser import CHROMIUM, FRAME, start_app, stop_app
from ui_fixtures import make_workspace

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
NOT_FOUND = "Page not found"
SHOTS = os.environ.get("POLO_REVIEW_SHOTS")  # where to keep the pages' pictures (as test_browser_tag_form)


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name))


def review_shown(page, frame: int | None = None) -> None:
    """The Review page: its frame view with a picture on screen (at `frame`), its menu entry the current one."""
    at = f"[data-polo-frame='{frame}']" if frame is not None else "[data-polo-frame]"
    page.wait_for_selector(f"{FRAME}{at}")
    current = page.get_by_test_id("stSidebarNav").locator("a[aria-current=page]")
    assert current.inner_text().split()[-1] == "Review"  # after its icon's name


def test_review_opens_at_the_address_a_coach_types_and_the_others_still_do(tmp_path, small_video, chromium):
    ws = make_workspace(tmp_path / "ws", copy_from=small_video)
    proc, url = start_app(tmp_path, ws)
    page = chromium.new_page(viewport={"width": 1500, "height": 1000})
    page.set_default_timeout(60_000)  # a busy 2-core machine
    try:
        # a link to a match's frame, as the Report page's are, at /review
        page.goto(f"{url}/review?match=test-match&frame=120")
        review_shown(page, 120)  # the match the link names, at its frame (opened at frame 0 without the link)
        shot(page, "review-address-link.png")
        assert page.get_by_label("Match", exact=True).input_value() == "Test Cup final (test-match)"
        assert page.get_by_text(NOT_FOUND).count() == 0
        assert urlparse(page.url).path == "/"  # taken to the Review page's own address
        page.goto(f"{url}/review")
        review_shown(page)
        assert page.get_by_text(NOT_FOUND).count() == 0
        shot(page, "review-address.png")

        page.goto(f"{url}/")
        review_shown(page)
        assert page.get_by_text(NOT_FOUND).count() == 0
        page.goto(f"{url}/matches")
        page.get_by_test_id("stSidebarNav").locator("a[aria-current=page]", has_text="Matches").wait_for()
        assert page.get_by_text(NOT_FOUND).count() == 0 and urlparse(page.url).path == "/matches"

        # the Report page's link to a tag's frame (the Review page's script is both pages') opens it there
        page.goto(f"{url}/report")
        page.get_by_role("button", name="Open frame 125").click()
        review_shown(page, 125)
        assert urlparse(page.url).path == "/"

        page.goto(f"{url}/no-such-page")  # what /review gave before
        page.get_by_role("dialog").get_by_text(NOT_FOUND).wait_for()
        shot(page, "no-such-page.png")
    except Exception:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)  # beside the app's log (server.log)
        raise
    finally:
        page.close()
        stop_app(proc)
