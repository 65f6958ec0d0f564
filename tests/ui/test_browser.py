"""End to end in real headless Chromium: `polo-review app` on a free port with temp copies of a
recording and its document. Step and play in the frame view, with the number shown checked against
the number drawn into each picture; the layout a reviewer judges from; tag an event, see it in the
report."""

from __future__ import annotations

import json
from pathlib import Path

import browser_app
import framecode
import pytest
from ui_fixtures import make_workspace

from review_app.footage import VideoWriter

CHROMIUM, ARGS = browser_app.CHROMIUM, browser_app.ARGS
FRAME = "[data-testid=polo-frame]"  # the picture on screen (in the frame view's shadow root)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def start_app(tmp_path: Path, ws: dict):
    return browser_app.start_app(["--footage", str(ws["footage"]), "--annotations", str(ws["annotations"]),
                                  "--data", str(ws["data"])], {"POLO_REVIEW_CACHE": str(tmp_path / "cache")},
                                 tmp_path / "server.log")


stop_app = browser_app.stop_app


@pytest.fixture
def app_on(tmp_path):
    """`app_on(video)`: the app on a workspace holding a copy of `video` as the match's footage (None: a small
    recording made for it); `tags=False`: the match without its tags."""
    running = []

    def start(video: Path | None, tags: bool = True) -> tuple[str, dict]:
        ws = make_workspace(tmp_path / f"ws{len(running)}", copy_from=video, tags=tags)
        proc, url = start_app(tmp_path, ws)
        running.append(proc)
        return url, ws

    yield start
    for proc in running:
        stop_app(proc)


@pytest.fixture
def browser(chromium):
    return chromium


def open_page(browser, url: str, width: int = 1500, height: int = 1000, reviewer: str | None = "Browser Coach"):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)  # a busy 2-core CI machine
    page.goto(url)
    if reviewer:
        browser_app.name_the_reviewer(page, reviewer)
    page.wait_for_selector(f"{FRAME}[data-polo-frame]")
    return page


def on_screen(page, frame: int) -> None:
    page.wait_for_selector(f"{FRAME}[data-polo-frame='{frame}']")


def painted(page) -> int:
    """The frame the frame view shows now."""
    return int(page.locator(FRAME).get_attribute("data-polo-frame"))


def go_to_frame(page, frame: int, label: str = "Go to frame") -> None:
    """Type the frame in the frame box (`label`: its label in the page's language) and wait until it is painted."""
    box = page.get_by_label(label)
    box.fill(str(frame))
    box.press("Enter")
    on_screen(page, frame)


# -- the number shown is the number drawn -------------------------------------------------------------

@pytest.fixture(scope="module")
def coded_video(tmp_path_factory) -> Path:
    """10 s of 1280x720 at 25 fps, each frame showing its own number as framecode's blocks; GOPs of
    25 with B-frames. Wider than a preview, so playing at 1x shows previews and pausing the full frame."""
    path = tmp_path_factory.mktemp("coded") / "coded.mp4"
    with VideoWriter(path, 1280, 720, fps=25, gop=25, bframes=2, crf=30) as out:
        for i in range(250):
            out.write(framecode.draw(i, 1280, 720))
    return path


# Started in the page, it samples on every animation frame until stopped: the picture's data-polo-frame,
# the number in the badge, and the number read back from the picture's pixels (framecode's 4x4 blocks).
SAMPLER = """() => {
  const host = [...document.querySelectorAll('[data-testid=stBidiComponentIsolated]')]
    .find((h) => h.shadowRoot && h.shadowRoot.querySelector('[data-testid=polo-frame]'));
  const picture = host.shadowRoot.querySelector('[data-testid=polo-frame]');
  const badge = host.shadowRoot.querySelector('[data-testid=polo-frame-number]');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const drawn = () => {
    const W = canvas.width = picture.naturalWidth, H = canvas.height = picture.naturalHeight, bits = [];
    ctx.drawImage(picture, 0, 0);  // the image the element shows now
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) {
      const x = Math.floor((c + 0.5) * W / 4), y = Math.floor((r + 0.5) * H / 4);
      const d = ctx.getImageData(x - 2, y - 2, 4, 4).data;
      let sum = 0;
      for (let k = 0; k < d.length; k += 4) sum += d[k] + d[k + 1] + d[k + 2];
      bits.push(sum / (d.length / 4 * 3) > 128);
    }
    if (!bits[0] || bits[15]) return null;
    let n = 0;
    for (let k = 1; k < 15; k++) if (bits[k]) n += 1 << (k - 1);
    return n;
  };
  window.__samples = [];
  window.__sampling = true;
  const tick = () => {
    const attr = picture.getAttribute('data-polo-frame');
    if (attr !== null) window.__samples.push([Number(attr), Number(badge.textContent), drawn()]);
    if (window.__sampling) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def sampled(page, act) -> list[tuple[int, int, int]]:
    """Every animation frame's (data-polo-frame, badge, drawn number) while `act()` runs."""
    page.evaluate(SAMPLER)
    act()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(window.__sampling = false)))")
    return [tuple(s) for s in page.evaluate("() => window.__samples")]


def assert_exact(samples: list[tuple[int, int, int]]) -> list[int]:
    wrong = [s for s in samples if not s[0] == s[1] == s[2]]
    assert not wrong, f"{len(wrong)} of {len(samples)} samples show another number than the picture's: {wrong[:5]}"
    return [s[0] for s in samples]


def test_the_number_shown_is_the_picture_on_screen_while_stepping_and_playing(app_on, browser, coded_video):
    url, _ = app_on(coded_video)
    page = open_page(browser, url)
    on_screen(page, 0)

    def step():
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        on_screen(page, 12)
        for _ in range(30):  # back across a keyframe (25), faster than frames arrive
            page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(20)
        on_screen(page, 0)
        page.keyboard.press("Shift+ArrowRight")
        on_screen(page, 25)

    frames = assert_exact(sampled(page, step))
    assert {0, 12, 25} <= set(frames) and len(set(frames)) >= 10

    def play(speed_keys: list[str], key: str, frames: int):
        """Play until `frames` more pictures were painted (however long a busy machine takes), then pause
        and wait for the paused picture to stay."""
        def run():
            from playwright.sync_api import expect

            for k in speed_keys:
                page.keyboard.press(k)
            page.keyboard.press(key)
            page.wait_for_function("(n) => new Set(window.__samples.map((s) => s[0])).size > n", arg=frames,
                                   timeout=180_000)
            page.keyboard.press("k")
            expect(page.locator(".info")).not_to_contain_text("×", timeout=60_000)  # "▶ 1×" while playing
            seen = page.evaluate("() => window.__samples.length")  # the full picture replaces the preview:
            page.wait_for_function("""(seen) => {  // the same picture on the last few animation frames
                const s = window.__samples.slice(seen);
                return s.length >= 5 && s.slice(-3).every((x) => x.join() === s[s.length - 1].join());
            }""", arg=seen, timeout=60_000)
        return run

    slow = assert_exact(sampled(page, play(["ArrowDown", "ArrowDown"], "l", 5)))  # 1x -> 0.5x -> 0.25x
    assert slow == sorted(slow) and len(set(slow)) >= 5  # forwards, frame after frame
    normal = assert_exact(sampled(page, play(["ArrowUp", "ArrowUp"], "l", 15)))  # back to 1x
    assert normal == sorted(normal) and len(set(normal)) >= 15
    back = assert_exact(sampled(page, play([], "j", 10)))  # backwards at 1x, across keyframes
    assert back == sorted(back, reverse=True) and len(set(back)) >= 10


# -- the layout a reviewer judges from ----------------------------------------------------------------

@pytest.fixture(scope="module")
def portrait_video(tmp_path_factory) -> Path:
    """A phone held upright: stored 320x180, shown 180x320 (rotation metadata)."""
    path = tmp_path_factory.mktemp("portrait") / "phone.mp4"
    with VideoWriter(path, 320, 180, fps=25, gop=25, rotation=90) as out:
        for i in range(50):
            out.write(framecode.draw(i, 320, 180))
    return path


@pytest.mark.parametrize("width,height", [(1280, 800), (1920, 1080)])
def test_the_frame_takes_the_width_and_stays_in_view_beside_the_tag_form(app_on, browser, small_video, width, height):
    url, _ = app_on(small_video)
    page = open_page(browser, url, width, height)
    box = page.locator(FRAME).bounding_box()
    assert box["width"] >= 0.65 * width, box
    page.keyboard.press("t")
    page.get_by_text("New tag e3 at frame 0").wait_for()
    after = page.locator(FRAME).bounding_box()
    assert after["width"] == box["width"] and 0 <= after["y"] and after["y"] + after["height"] <= height


def test_a_portrait_recording_fits_the_height_and_full_screen_keeps_the_number_and_the_keys(
        app_on, browser, portrait_video):
    url, _ = app_on(portrait_video)
    page = open_page(browser, url, 1280, 800)
    box = page.locator(FRAME).bounding_box()
    assert box["y"] + box["height"] <= 800  # the whole picture on screen, no scrolling to its feet
    shown = page.locator(FRAME).evaluate("(img) => [img.naturalWidth, img.naturalHeight]")
    assert shown == [180, 320]  # turned upright
    page.keyboard.press("f")
    page.wait_for_function("() => document.fullscreenElement !== null")
    page.keyboard.press("ArrowRight")
    on_screen(page, 1)
    assert page.locator("[data-testid=polo-frame-number]").inner_text() == "1"
    assert page.locator("[data-testid=polo-frame-number]").is_visible()


# -- a reviewer's session ---------------------------------------------------------------------------

def test_step_jump_tag_and_report_in_chromium(app_on, browser, small_video):
    url, ws = app_on(small_video)
    page = open_page(browser, url)
    on_screen(page, 0)
    page.keyboard.press("ArrowRight")
    on_screen(page, 1)
    page.keyboard.press("ArrowRight")
    on_screen(page, 2)
    page.keyboard.press("Shift+ArrowRight")
    on_screen(page, 27)
    page.get_by_label("Go to frame").fill("152")
    page.keyboard.press("Enter")
    on_screen(page, 152)
    page.keyboard.press("ArrowLeft")  # no click: after the jump the keys are the frame view's again
    on_screen(page, 151)
    for _ in range(8):  # faster than frames are drawn: every press counts
        page.keyboard.press("ArrowLeft")
    on_screen(page, 143)
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    on_screen(page, 151)

    page.keyboard.press("t")
    page.get_by_text("New tag e3 at frame 151").wait_for()
    page.get_by_label("Find the situation (clause or name)").fill("period ends")
    page.keyboard.press("Enter")
    page.get_by_role("listbox", name="The period's time had expired").get_by_text("Yes").click()
    browser_app.choose(page, "Whistle", "At once")  # not the frame view's whistle buttons
    browser_app.choose(page, "Restart", "Next period")
    page.get_by_label("Notes").fill("<img src=x onerror=alert(1)> horn")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved e3: Consistent").wait_for()

    saved = json.loads(ws["document"].read_text("utf-8"))
    e3 = next(e for e in saved["events"] if e["id"] == "e3")
    assert e3["position"]["frame"] == 151 and e3["situation"] == "21.j" and e3["reviewer"] == "Browser Coach"
    assert saved["revision"] == 1

    page.get_by_test_id("stExpandSidebarButton").click()  # folded away on the Review page, for the frame
    page.get_by_role("link", name="Report").click()
    page.get_by_text("Consistency report").wait_for()
    events = page.get_by_test_id("stMetric").filter(has_text="Events")
    events.get_by_text("3").wait_for()
    page.get_by_text("All events").click()
    page.get_by_test_id("stDataFrame").wait_for()
    assert page.locator("img[src='x']").count() == 0  # the note stays text
