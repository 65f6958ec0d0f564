"""In real headless Chromium, while two simulated cameras send (25 and 30 fps, the second hearing each
whistle 0.4 s later): the live page's frame view follows the live edge as the recording grows, the last
whistle appears, W shows both angles at the whistle's frame (the second at the same instant by the
recorder's arrival clock, live_sync: the sound's 0.4 s lies within its travel), and a review decision recorded on
the page lands in the match document."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest
from browser_app import choose, name_the_reviewer
from test_browser import CHROMIUM, FRAME, start_app, stop_app
from ui_fixtures import make_workspace

from review_app.live.feed import LiveFeed, read_marks
from review_app.live.session import REACTION_S, LiveSession, angle_frame_at, heard_on_either, live_sync
from review_app.live.simulate import Sender

LIVE_TESTS = str(Path(__file__).resolve().parents[1] / "live")  # the simulated cameras (live_cases.py)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
ROOT = "div.pv[data-polo-live-count]"
# the main picture at the replayed whistle and the angle's at the frame mapped for it, in the same frame
BOTH_AT_WHISTLE = """(r) => {
  const w = r.dataset.poloReplay, k = r.dataset.poloReplayAngle;
  const main = r.querySelector("[data-testid=polo-frame]").getAttribute("data-polo-frame");
  const angle = r.querySelector("[data-testid=polo-angle-frame]").getAttribute("data-polo-angle-frame");
  return !!w && !!k && main === w && angle === k && {main: Number(main), angle: Number(angle)};
}"""
FOLLOWING = """([r, from]) => {
  const f = Number(r.querySelector("[data-testid=polo-frame]").getAttribute("data-polo-frame"));
  return f >= from && Number(r.dataset.poloLiveCount) - 1 - f <= 2 * 25;
}"""
# the decision form (not the name's), offering text `t` (as its text or an input's value)
OFFERED = """(t) => { const f = [...document.querySelectorAll("[data-testid=stForm]")]
    .find((f) => f.querySelector("textarea[aria-label=Reason]"));
  return !!f && (f.innerText.includes(t) || [...f.querySelectorAll("input")].some((i) => i.value.includes(t))); }"""
EMPTIED = """() => [...document.querySelectorAll("textarea[aria-label=Reason]")].every((t) => t.value === "")"""


def recorded(page, reason: str):
    """The decision recorded with `reason`, as listed under the form (not the text typed in the form)."""
    return page.locator("[data-testid=stMarkdownContainer]").get_by_text(reason)


def keep_screen(page, tmp_path) -> None:
    """On a failure, the page as it was, beside the app's log (server.log) in the test's folder."""
    if page is not None:
        page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)


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
    # a minute of sending: the page, W, the decision and M (marked while the cameras still send) fit in it
    senders = [Sender(made[n], f"udp://127.0.0.1:{ports[n]}?pkt_size=1316", loops=20) for n in ("A", "B")]
    page = None
    try:
        session.start()
        threading.Thread(target=session.run, daemon=True).start()  # its state for the page, as the command does
        time.sleep(0.4)
        for s in senders:
            s.start()
        page = chromium.new_page(viewport={"width": 1500, "height": 1000})
        page.set_default_timeout(60_000)
        page.goto(f"{url}/live")
        name_the_reviewer(page, "Replay Official")
        page.wait_for_selector(f"{FRAME}[data-polo-frame]")
        page.get_by_text("A: ● recording · B: ● recording").wait_for()
        # the drawing tools on screen read as words, as on the Review page, never as their ids
        tools = page.locator("[data-testid=polo-draw-tools] button.tool").all_inner_texts()
        assert "Line of the ball" in tools and "ball_line" not in tools, tools
        # following the live edge: the picture moves on by itself (a second on at least) and comes within two
        # seconds of the newest frame recorded (waited for: on a busy machine the pictures arrive late)
        page.wait_for_function(FOLLOWING, arg=[page.locator(ROOT).element_handle(), shown(page) + 25])

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
        # (another may have been blown since; heard on either camera)
        sync = live_sync(a, b)
        heard = next(w for w in heard_on_either(a, b, sync.offset_s) if w.frame == whistle)
        assert 0 <= heard.start_s - a.time_of(whistle) < 1 / 25 + 1e-6
        # the pictures in step by the recorder's arrival clock (the sound, 0.4 s later on B, within its travel)
        assert sync.sound_s is not None and sync.whistles >= 1  # a whistle both heard: the sound's offset known
        assert sync.offset_s == sync.clock_s
        expected = angle_frame_at(b, heard.start_s, sync.offset_s)  # as the page maps the whistle's instant
        # the page's offset was measured a moment earlier (the arrival lag as measured then)
        assert abs(painted["angle"] - expected) <= 2
        page.wait_for_function("(r) => r.querySelector('[data-testid=polo-frame]').getAttribute('data-polo-frame')"
                               f" !== '{whistle}'", arg=root)  # then the slowed loop plays on

        # a review decision against that whistle (the form offers the one under review first, even when
        # another has been blown since), with its reason, who and when
        page.wait_for_function(OFFERED, arg=f"(frame {whistle})")
        page.get_by_label("Reason").fill("Foul confirmed on the second angle")
        page.get_by_role("button", name="Record the review decision").click()
        recorded(page, "Foul confirmed on the second angle").wait_for()
        saved = json.loads(ws["document"].read_text("utf-8"))["review_decisions"]
        assert saved[-1]["decision"] == "stands" and saved[-1]["by"] == "Replay Official"
        assert saved[-1]["whistle"]["frame"] == whistle
        assert saved[-1]["reason"] == "Foul confirmed on the second angle"
        page.wait_for_function(EMPTIED)  # recorded: the form is empty for the next decision

        # M: a whistle the official heard, marked at the press less the reaction time (0.5 s), on every camera,
        # and W shows it on both angles as a heard one
        page.locator(FRAME).click()
        page.keyboard.press("End")
        page.keyboard.press("m")
        pressed = float(page.wait_for_selector(f"{ROOT}[data-polo-marked]").get_attribute("data-polo-marked"))
        page.get_by_text("Whistle marked 0.5 s before M was pressed").wait_for()
        marks = read_marks(session.folder)
        assert len(marks) == 1 and marks[0]["by"] == "Replay Official" and marks[0]["reaction_s"] == REACTION_S
        # the press's instant on the server's clock (the page's set by it), less the reaction time
        assert abs(marks[0]["at_s"] - (pressed - session.zero_wall - REACTION_S)) < 0.05
        deadline = time.monotonic() + 30  # its frame recorded once its segment closes
        while not [w for w in LiveFeed(session.folder / "A").whistles() if w.marked] and time.monotonic() < deadline:
            time.sleep(0.2)
        mark = next(w for w in LiveFeed(session.folder / "A").whistles() if w.marked)
        page.wait_for_selector(f"{ROOT}[data-polo-last-whistle='{mark.frame}']")
        page.locator(FRAME).click()
        page.keyboard.press("w")
        page.wait_for_selector(f"{ROOT}[data-polo-replay='{mark.frame}']")
        painted = page.wait_for_function(BOTH_AT_WHISTLE, arg=page.locator(ROOT).element_handle()).json_value()
        assert painted["main"] == mark.frame
    except Exception:
        keep_screen(page, tmp_path)
        raise
    finally:
        for s in senders:
            s.stop.set()
        session.stop.set()
        for r in session.recorders:
            r.join(10)
        stop_app(proc)


def test_a_typed_reason_and_the_chosen_whistle_stay_until_the_decision_is_recorded(tmp_path, chromium):
    """A refused decision (no name given yet) keeps what was typed and chosen in the form, through the
    page's next run (the name given) and a new whistle heard meanwhile; the decision then recorded is the
    one typed, against the whistle chosen, and only then the form empties."""
    import framecode
    from test_live_page import _recorded_feed

    from review_app.ground.files import atomic_write_json
    from review_app.live import segments
    from review_app.live.feed import LiveFeed
    from review_app.live.simulate import make_block

    ws = make_workspace(tmp_path / "ws", video=False)
    block = make_block(tmp_path / "a.ts", width=160, height=90, fps=25, seconds=2.0, whistles_s=(0.5, 1.0),
                       picture=framecode.draw)
    live = ws["footage"] / "live" / "test-match"
    _recorded_feed(live / "A", block, whistle_s=0.5)
    first = LiveFeed(live / "A").first_s
    segments.append(live / "A", {"whistle": {"start_s": first + 1.0, "end_s": first + 1.3, "heard_wall": 0.0}})
    atomic_write_json(live / "session.json", {"match_id": "test-match", "document": str(ws["document"]),
                                              "cameras": ["A"], "zero_wall": 1.0, "state": "stopped",
                                              "updated_wall": 1.0, "feeds": []})
    older = LiveFeed(live / "A").whistles()[0]
    proc, url = start_app(tmp_path, ws)
    page = None
    try:
        page = chromium.new_page(viewport={"width": 1500, "height": 1000})
        page.set_default_timeout(60_000)
        page.goto(f"{url}/live")  # no name given yet
        page.get_by_text("Whistles heard: 2;").wait_for()
        reason = page.get_by_label("Reason")
        chosen = f"(frame {older.frame})"
        choose(page, "Whistle", f"Whistle at 0:00.50 {chosen}")
        reason.fill("Second angle shows the hook")
        page.get_by_role("button", name="Record the review decision").click()
        page.get_by_text("Sign in first (in the sidebar)").wait_for()  # a decision is someone's (issue 38)
        # refused: what was typed and chosen is still in the form, to record once the name is given
        assert reason.input_value() == "Second angle shows the hook"
        page.wait_for_function(OFFERED, arg=chosen)

        # a new whistle is heard, and the page runs again (the name given): the form still holds both
        segments.append(live / "A", {"whistle": {"start_s": first + 1.5, "end_s": first + 1.8, "heard_wall": 0.0}})
        page.get_by_text("Whistles heard: 3;").wait_for()
        name_the_reviewer(page, "Replay Official")
        assert reason.input_value() == "Second angle shows the hook"
        page.wait_for_function(OFFERED, arg=chosen)

        page.get_by_role("button", name="Record the review decision").click()
        recorded(page, "Second angle shows the hook").wait_for()
        saved = json.loads(ws["document"].read_text("utf-8"))["review_decisions"]
        assert [(d["whistle"]["frame"], d["reason"], d["by"]) for d in saved] == [
            (older.frame, "Second angle shows the hook", "Replay Official")]
        # recorded: the form is empty for the next decision
        page.wait_for_function(EMPTIED)
    except Exception:
        keep_screen(page, tmp_path)
        raise
    finally:
        stop_app(proc)
