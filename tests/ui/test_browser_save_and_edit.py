"""After Save the verdict is on screen (the Save button is at the foot of a long form, the verdict at
the top of the panel: the panel is scrolled to it), and Edit goes to the tag's frame, as Jump to does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_app import CHROMIUM, chromium_page, name_the_reviewer, running_app
from browser_app import choose as pick
from ui_fixtures import make_workspace

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = Path(os.environ["POLO_REVIEW_SHOTS"]) if os.environ.get("POLO_REVIEW_SHOTS") else None


def in_view(locator) -> bool:
    """Whether the element is wholly inside the window and inside every panel around it that scrolls."""
    return locator.evaluate("""(el) => {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > window.innerHeight || r.height === 0) return false;
        for (let n = el.parentElement; n; n = n.parentElement) {
            const o = getComputedStyle(n).overflowY;
            if (o === "auto" || o === "scroll") {
                const p = n.getBoundingClientRect();
                if (r.top < p.top - 1 || r.top > p.bottom) return false;
            }
        }
        return true; }""")


def test_save_shows_the_verdict_and_edit_goes_to_the_tags_frame(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    args = ["--footage", str(ws["footage"]), "--annotations", str(ws["annotations"]), "--data", str(ws["data"])]
    with running_app(args, {"POLO_REVIEW_CACHE": str(tmp_path / "cache")}, tmp_path / "server.log") as url, \
            chromium_page(1280, 800) as page:
        page.goto(url)
        name_the_reviewer(page, "Ana Coach")
        page.locator("[data-polo-frame='0']").first.wait_for()
        pick(page, "Tag", "e2 · 21.l · f125")
        page.get_by_role("button", name="Edit").click()
        page.get_by_text("Edit tag e2 at frame 125").wait_for()
        page.locator("[data-polo-frame='125']").first.wait_for()  # the view went to the tag's frame
        save = page.get_by_role("button", name="Save", exact=True)
        save.scroll_into_view_if_needed()
        save.click()
        verdict = page.locator(".st-key-review-verdict")
        verdict.get_by_text("Saved e2").wait_for()
        page.wait_for_timeout(500)
        if SHOTS is not None:
            page.screenshot(path=str(SHOTS / "review-saved-verdict.png"))
        assert in_view(verdict.get_by_text("Saved e2"))
