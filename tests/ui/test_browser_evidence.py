"""The Evidence page in Chromium matches the Review page: the same frame view size, the drawing tools
labelled as the Review page labels them, and a clear path from "Mark frames" to a decision; on a
match where no mount was excused, the page says so where the frames are marked and where the
decision is made; no decision is chosen at first; a decision that cannot stand points to the tab that
puts it right, never to the command line."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import pytest
from browser_app import CHROMIUM, choose, chromium_page, name_the_reviewer, nav, running_app
from ui_fixtures import document_data, make_video

from review_app.evidence import EvidenceCase, window
from review_app.model import load_document
from review_app.store import open_evidence

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]

# A folder to keep the screenshots in (POLO_REVIEW_SHOTS=docs/screenshots makes the documentation's again).
SHOTS = Path(os.environ["POLO_REVIEW_SHOTS"]) if os.environ.get("POLO_REVIEW_SHOTS") else None


def match_with_evidence(ws, tmp_path):
    """A match that ended an hour ago, whose tags name a mount never excused, with one video received."""
    (ws / "footage").mkdir(parents=True)
    (ws / "matches").mkdir()
    make_video(ws / "footage" / "match.mp4", seconds=6, size=(640, 360))
    data = document_data("../footage/match.mp4")
    data["match"]["end_time_utc"] = window.utc_text(window.now_utc() - timedelta(hours=1))
    data["events"][0]["involved"]["players"] = [{"team": "A", "number": 3, "mount": "Chispa"}]
    path = ws / "matches" / "test-match.json"
    path.write_text(json.dumps(data), "utf-8")
    presented = make_video(tmp_path / "from-the-stands.mp4", seconds=4, size=(640, 360))
    EvidenceCase(load_document(path), open_evidence(ws / "evidence")).add(presented, "Blue's manager", "Committee")
    # Changes need a sign-in (issue 38): the committee member who decides holds the role, with a passphrase.
    from browser_app import PASSPHRASE

    from review_app.store.training import FileRoster
    from review_app.training.people import hashed

    roster = FileRoster(ws / "reviewers.json")  # a workspace keeps its roster beside its folders
    roster.set_roles("Ana Committee", {"committee"})
    roster.set_passphrase("Ana Committee", hashed(PASSPHRASE))


def picture_box(page) -> dict:
    """The picture's size on screen (the frame as object-fit: contain draws it in its box)."""
    picture = page.locator("[data-polo-frame]").first
    for _attempt in range(120):  # the view may be made again once the recording is indexed: ask afresh
        picture.wait_for()
        page.wait_for_timeout(500)  # the view sizes itself to the window once shown
        box = picture.evaluate("""(img) => { const r = img.getBoundingClientRect();
            if (!img.naturalWidth || !r.width) return null;
            const k = Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight);
            return {w: img.naturalWidth * k, h: img.naturalHeight * k}; }""")
        if box:
            return box
    raise AssertionError("the frame view shows no picture")


def shot(page, name: str) -> None:
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / name))


def test_the_evidence_page_matches_the_review_page_and_leads_to_a_decision(tmp_path):
    ws = tmp_path / "ws"
    match_with_evidence(ws, tmp_path)
    env = {"POLO_REVIEW_CACHE": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "home")}
    with running_app(["--workspace", str(ws)], env, tmp_path / "server.log") as url, chromium_page() as page:
        page.goto(url)
        name_the_reviewer(page, "Ana Committee")
        nav(page, "Evidence")  # the sidebar open, as a user leaves it after using its links
        choose(page, "Match", "Test Cup final (test-match)")
        page.get_by_role("tab", name="Mark frames").click()
        evidence = picture_box(page)
        tools = page.get_by_test_id("polo-draw-tools").first.inner_text().split()
        shot(page, "evidence-mark-frames.png")
        nav(page, "Review")  # the same sidebar, the same window: the Review page's view
        choose(page, "Match", "Test Cup final (test-match)")
        review = picture_box(page)
        review_tools = page.get_by_test_id("polo-draw-tools").first.inner_text().split()
        assert evidence["w"] >= 0.9 * review["w"] and evidence["h"] >= 0.9 * review["h"], (evidence, review)
        assert tools == review_tools and "ball_line" not in tools and "Line" in tools
        nav(page, "Evidence")
        choose(page, "Match", "Test Cup final (test-match)")
        page.get_by_role("tab", name="Mark frames").click()
        assert evidence["h"] > 300  # not the 427x240 of a view shrunk to the room under the page's top
        page.get_by_text("No mount was excused in this match (21.f(1), 21.f(3) or 21.f(4))").first.wait_for()

        # the frame on screen added, marked as showing the mount never excused: the page says what comes next
        page.get_by_role("button", name="Add this frame").last.click()
        page.get_by_text("Frames to mark: 0").wait_for()
        choose(page, "The frames show", "Chispa (never excused)")
        page.get_by_role("button", name="Mark these frames").click()
        page.get_by_text("frames marked. Next: the Decision tab.").wait_for()

        page.get_by_role("tab", name="Decision").click()
        radios = page.get_by_role("radiogroup", name="Decision")
        assert radios.get_by_role("radio", checked=True).count() == 0  # none chosen at first
        page.get_by_role("button", name="Record the decision").click()
        page.get_by_text("Choose a decision first.").wait_for()
        radios.get_by_text("Forfeiture").click()
        page.get_by_role("button", name="Record the decision").click()
        page.get_by_text("No mount was excused in this match, so there is no forfeiture to decide").wait_for()
        body = page.locator("body").inner_text()
        assert "polo-review evidence" not in body  # the tab, never the command line
        shot(page, "evidence-decision.png")
        radios.get_by_text("Not proven").click()
        page.get_by_label("Reason (required for not proven)").fill("The video shows Chispa, never excused.")
        page.get_by_role("button", name="Record the decision").click()
        page.get_by_text("Decision: Not proven, by Ana Committee").wait_for()
