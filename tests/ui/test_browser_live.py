"""In real headless Chromium, while two simulated cameras send (25 and 30 fps, the second hearing each
whistle 0.4 s later): the live page's frame view follows the live edge as the recording grows, the last
whistle appears, W shows both angles at the whistle's frame (the second at the same instant by the
whistles' offset), and a review decision recorded on the page lands in the match document."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest
from test_browser import CHROMIUM, FRAME, start_app, stop_app
from ui_fixtures import make_workspace

from review_app.live.feed import LiveFeed
from review_app.live.session import LiveSession, whistle_offset
from review_app.live.simulate import Sender

LIVE_TESTS = str(Path(__file__).resolve().parents[1] / "live")  # the simulated cameras (live_cases.py)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
ROOT = "div.pv[data-polo-live-count]"
# the decision form's whistle box shows this text (as its text or its input's value)
# the main picture at the replayed whistle and the angle's at the frame mapped for it, in the same frame
BOTH_AT_WHISTLE = """(r) => {
  const w = r.dataset.poloReplay, k = r.dataset.poloReplayAngle;
  const main = r.querySelector("[data-testid=polo-frame]").getAttribute("data-polo-frame");
  const angle = r.querySelector("[data-testid=polo-angle-frame]").getAttribute("data-polo-angle-frame");
  return !!w && !!k && main === w && angle === k && {main: Number(main), angle: Number(angle)};
}"""
OFFERED = """(t) => { const f = document.querySelector("[data-testid=stForm]");
  return !!f && (f.innerText.includes(t) || [...f.querySelectorAll("input")].some((i) => i.value.includes(t))); }"""


def shown(page) -> int:
    return int(page.get_attribute(f"{FRAME}[data-polo-frame]", "data-polo-frame"))


def test_the_live_page_follows_the_edge_and_shows_the_last_whistle_on_both_angles(tmp_path, chromium):
    if LIVE_TESTS not in sys.path:
        sys.path.insert(0, LIVE_TESTS)
    from live_cases import blocks, free_port

    ws = make_workspace(tmp_path / "ws", video=False)
    made = blocks(tmp_path)
    ports = {"A": free_port(), "B": free_port()}
    session = LiveSession("test-match", ws["document"], ws["footage"],
                          [(n, f"udp://127.0.0.1:{p}") for n, p in ports.items()], read_timeout_s=1.0)
    proc, url = start_app(tmp_path, ws)
    senders = [Sender(made[n], f"udp://127.0.0.1:{ports[n]}?pkt_size=1316", loops=8) for n in ("A", "B")]
    try:
        session.start()
        threading.Thread(target=session.run, daemon=True).start()  # its state for the page, as the command does
        time.sleep(0.4)
        for s in senders:
            s.start()
        page = chromium.new_page(viewport={"width": 1500, "height": 1000})
        page.set_default_timeout(60_000)
        page.goto(f"{url}/live")
        page.get_by_label("Your name (recorded on every tag)").fill("Replay Official")
        page.get_by_role("button", name="Start reviewing").click()
        page.wait_for_selector(f"{FRAME}[data-polo-frame]")
        page.get_by_text("A: ● recording · B: ● recording").wait_for()
        # the drawing tools on screen read as words, as on the Review page, never as their ids
        tools = page.locator("[data-testid=polo-draw-tools] button.tool").all_inner_texts()
        assert "Line of the ball" in tools and "ball_line" not in tools, tools
        # following the live edge: the picture moves on by itself and stays near the newest frame
        first = shown(page)
        deadline = time.monotonic() + 20
        while shown(page) < first + 25 and time.monotonic() < deadline:
            time.sleep(0.2)
        later = shown(page)
        assert later >= first + 25
        recorded = int(page.get_attribute(ROOT, "data-polo-live-count"))
        assert recorded - 1 - later <= 2 * 25  # within two seconds of the newest frame recorded

        # the last whistle: heard, on the page, and W shows it on both angles
        page.wait_for_selector(f"{ROOT}:not([data-polo-last-whistle=''])")
        page.locator(FRAME).click()
        page.keyboard.press("w")
        page.wait_for_selector(f"{ROOT}[data-polo-replay]")
        whistle = int(page.get_attribute(ROOT, "data-polo-replay"))  # the last whistle when W was pressed
        # both pictures at the whistle at once (held so, before the slowed loop plays): the main one at the
        # whistle's frame, the angle's at the frame the page mapped for it
        root = page.locator(ROOT).element_handle()
        painted = page.wait_for_function(BOTH_AT_WHISTLE, arg=root).json_value()
        assert painted["main"] == whistle
        a, b = LiveFeed(session.folder / "A"), LiveFeed(session.folder / "B")
        heard = next(w for w in a.whistles() if w.frame == whistle)  # (another may have been blown since)
        assert 0 <= heard.start_s - a.time_of(whistle) < 1 / 25 + 1e-6
        found = whistle_offset(a, b)
        assert found is not None
        expected = b.frame_on_screen(a.time_of(whistle) + found[0])
        # the page's offset was measured a moment earlier, from fewer whistles (each start found to about 0.05 s)
        assert abs(painted["angle"] - expected) <= 2
        page.wait_for_function("(r) => r.querySelector('[data-testid=polo-frame]').getAttribute('data-polo-frame')"
                               f" !== '{whistle}'", arg=root)  # then the slowed loop plays on

        # a review decision against that whistle (the form offers the one under review first, even when
        # another has been blown since), with its reason, who and when
        page.wait_for_function(OFFERED, arg=f"(frame {whistle})")
        page.get_by_label("Reason").fill("Foul confirmed on the second angle")
        page.get_by_role("button", name="Record the review decision").click()
        page.get_by_text("Foul confirmed on the second angle").wait_for()
        saved = json.loads(ws["document"].read_text("utf-8"))["review_decisions"]
        assert saved[-1]["decision"] == "stands" and saved[-1]["by"] == "Replay Official"
        assert saved[-1]["whistle"]["frame"] == whistle
    finally:
        for s in senders:
            s.stop.set()
        session.stop.set()
        for r in session.recorders:
            r.join(10)
        stop_app(proc)
