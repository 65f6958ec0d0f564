"""The tag form in the browser (review_app/ui/review/form_view.js), in headless Chromium, on the two-minute 29.97 fps
recording with eight whistles (tests/ui/whistle_match.py, not a sample): T at a whistle opens it; the situation,
the facts and the call are filled from the keyboard alone ("foul", Enter, a digit for the foul's kind, O1 for the
offender, Tab, Enter); the app hears nothing until Save, one message on Save, and answers with the verdict. The
browser's situation search picks what the app's own search (rules.search.search_provisions) picks. Screenshots
with POLO_REVIEW_SHOTS=DIR."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import browser_app
import pytest
import whistle_match
from test_browser import (  # noqa: F401
    CHROMIUM,
    FRAME,
    browser,
    on_screen,
    start_app,
    stop_app,
)
from ui_fixtures import make_workspace

from review_app.checker import check_document
from review_app.model import load_document
from review_app.rules.search import search_provisions

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
SHOTS = os.environ.get("POLO_REVIEW_SHOTS")
FORM = "[data-testid='polo-tag-form']"
# what has the focus, inside the component's shadow root
FOCUSED = ("(document.activeElement.shadowRoot ? document.activeElement.shadowRoot.activeElement"
           " : document.activeElement)")
QUERIES = ["21.b", "foul", "Foul", "21f4", "21.f(1)(ii)", "casco", "lesion", "period ends", "broken tack", "helmet",
           "dead ball", "safety", "penalty", "21.g", "girth", "cincha", "falta", "21", "zzz", "  foul  ",
           "injured mount", "time-out", "Árbitro", "21.general"]


@pytest.fixture(scope="module")
def match_video(tmp_path_factory) -> Path:
    return whistle_match.make(tmp_path_factory.mktemp("whistles") / "match.mp4")


def shot(page, name: str, form: bool = False) -> None:
    """The page (or the tag form alone, whole, `form`) as a PNG in POLO_REVIEW_SHOTS."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        where = page.locator(FORM) if form else page
        where.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def sent_to_the_app(page) -> list:
    """Every message the page sends the app from now on (Streamlit's one websocket, /_stcore/stream)."""
    sent: list = []

    def on_socket(ws) -> None:
        if "/_stcore/stream" in ws.url:
            ws.on("framesent", lambda payload: sent.append(payload))

    page.on("websocket", on_socket)
    return sent


def test_a_tag_from_the_keyboard_in_one_round_trip(tmp_path, browser, match_video):  # noqa: F811
    ws = make_workspace(tmp_path / "ws", copy_from=match_video)
    data = json.loads(ws["document"].read_text("utf-8"))
    data["events"] = []
    ws["document"].write_text(json.dumps(data), "utf-8")
    whistle = whistle_match.whistle_frames()[1]
    proc, url = start_app(tmp_path, ws)
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.set_default_timeout(60_000)
        sent = sent_to_the_app(page)  # from the page's first message on
        page.goto(url)
        browser_app.name_the_reviewer(page, "Browser Coach")
        page.wait_for_selector(f"{FRAME}[data-polo-frame]")
        # the sound listened to: its progress (a fragment the page reruns on a timer) is over
        page.get_by_text("Whistles not yet reviewed (8 of 8)").wait_for(timeout=180_000)
        box = page.get_by_label("Go to frame")
        box.fill(str(whistle))
        box.press("Enter")
        on_screen(page, whistle)
        page.locator(FRAME).click()
        page.keyboard.press("t")
        page.get_by_text(f"New tag e1 at frame {whistle} ").wait_for()
        search = page.get_by_label("Find the situation (clause or name)")
        search.wait_for()
        shot(page, "0-opened")
        page.wait_for_function(f"() => {FOCUSED}.classList.contains('tf-search')", timeout=10_000)
        time.sleep(2.5)  # the frame view's settled position, told once focus left it, lands before counting
        before = len(sent)

        # the browser's search picks what the app's search picks
        situations = page.evaluate("() => window.__poloReviewTagForm.data.situations")
        for q in QUERIES:
            assert page.evaluate("([s, q]) => window.__poloReviewTagSearch(s, q)", [situations, q]) == \
                [p.id for p in search_provisions(q)], q

        keys = []

        def press(k: str) -> None:
            keys.append(k)
            page.keyboard.press(k)

        page.keyboard.type("foul")
        options = page.locator(f"{FORM} .tf-results [role=option]")
        assert options.first.inner_text().startswith("21.b — Foul")
        shot(page, "1-search-foul")
        press("Enter")
        assert "21.b — Foul called" in page.get_by_test_id("polo-tag-form-situation").inner_text()
        kinds = page.get_by_role("listbox", name="Kind of foul")
        assert kinds.evaluate("(e) => e === e.getRootNode().activeElement")
        press("2")  # the foul's kind, as the code key's descriptor 2
        press("o")
        press("1")  # O1: the offender is the first team
        shot(page, "2-form-with-its-key-hints", form=True)
        assert len(sent) == before, [re.findall(rb"[ -~]{6,}", bytes(m)) for m in sent[before:]]
        # nothing typed reached the frame view ("foul" holds L, play; the digits and O are its keys too)
        assert page.locator(FRAME).get_attribute("data-polo-frame") == str(whistle)
        assert page.evaluate("() => !window.__poloReviewActiveView.playing")
        prefilled = page.get_by_test_id("polo-tag-form-prefilled").inner_text()
        assert "Restart: Penalty" in prefilled and "Whistle: At once" in prefilled, prefilled
        press("Control+Enter")
        page.get_by_text("Saved e1:").wait_for()
        time.sleep(1.0)  # anything the page would send after the answer is counted too
        on_save = len(sent) - before
        verdict = page.get_by_text("Saved e1:").inner_text()
        page.get_by_text("Saved e1:").scroll_into_view_if_needed()
        shot(page, "3-verdict-after-save")
        assert on_save == 1, f"{on_save} messages to the app on Save"
        assert "Consistent" in verdict, verdict

        doc = load_document(ws["document"])
        (tag,) = doc.events
        teams = [t["id"] for t in doc.match["teams"]]
        assert tag["situation"] == "21.b" and tag["position"]["frame"] == whistle
        assert tag["involved"]["offender"] == {"team": teams[0]}
        assert tag["call"]["penalty_to"] == teams[1] and tag["call"]["whistle"] == "at_once"
        assert tag["reviewer"] == "Browser Coach"
        results, _findings = check_document(doc)
        assert results[0].verdict == "consistent"
        print(f"\nkeys: typed field 'foul' + {keys}: {1 + len(keys)} actions, 0 clicks; "
              f"messages to the app while filling: 0, on Save: {on_save}; load {os.getloadavg()}")
    finally:
        stop_app(proc)
