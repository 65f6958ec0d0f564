"""Done-when of drawing and reels, in real headless Chromium: a coach draws an arrow on a tag's frame,
sees it in the HTML report's still, makes a reel of three tags with a slow-motion segment and plays it
in the page."""

from __future__ import annotations

import base64
import json
import re

import numpy as np
import pytest
from test_browser import ARGS, CHROMIUM, app_on, browser, on_screen, open_page  # noqa: F401  (fixtures)

from review_app.footage import VideoWriter

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
LAYER = "svg[data-testid=polo-drawings]"


@pytest.fixture(scope="module")
def field_video(tmp_path_factory):
    """12 s at 25 fps, 640x360: grass, a rider moving across, not one of the sample clips."""
    path = tmp_path_factory.mktemp("field") / "field.mp4"
    w, h = 640, 360
    with VideoWriter(path, w, h, fps=25, codec="h264") as out:
        for i in range(300):
            img = np.empty((h, w, 3), np.uint8)
            img[:] = (40, 120 + (i % 30), 50)  # BGR grass
            x = 40 + (i * 2) % (w - 80)
            img[150:230, x:x + 40] = (30, 60, 120)  # a horse
            img[190:196, x + 50:x + 56] = (255, 255, 255)  # the ball
            out.write(img)
    return path


def client_point(page, fx: float, fy: float) -> tuple[float, float]:
    """Where a point of the frame (fractions of its width and height) is on the page."""
    m = page.locator(LAYER).evaluate(
        "s => { const m = s.getScreenCTM(); const v = s.viewBox.baseVal; "
        "return [m.a, m.d, m.e, m.f, v.width, v.height]; }")
    a, d, e, f, w, h = m
    return a * fx * w + e, d * fy * h + f


def test_draw_an_arrow_see_it_in_the_report_and_play_a_reel_in_chromium(app_on, browser, field_video, tmp_path):  # noqa: F811
    url, ws = app_on(field_video)
    data = json.loads(ws["document"].read_text("utf-8"))
    data["events"].append({"id": "e3", "position": {"frame": 250, "time_s": 10.0}, "period": 2,
                           "situation": "21.j", "facts": {"period_time_expired": True},
                           "call": {"whistle": "at_once", "restart": "next_period"},
                           "involved": {"umpire": "Umpire One"}, "reviewer": "Coach"})
    data["events"][1]["notes"] = "Debió ser un throw-in: <b>not bold</b>"
    ws["document"].write_text(json.dumps(data), "utf-8")
    page = open_page(browser, url)

    # -- draw an arrow on tag e2's frame (e2 is an inconsistent call) ---------------------------------
    page.get_by_label("Tag", exact=True).click()
    page.get_by_role("option", name=re.compile(r"^e2 · 21\.l")).click()
    page.get_by_role("button", name="Jump to").click()
    on_screen(page, 125)
    page.wait_for_selector(f"{LAYER}[data-polo-tag=e2][data-polo-frame='125']")
    page.locator("button[data-tool=arrow]").click()
    x0, y0 = client_point(page, 0.25, 0.5)
    x1, y1 = client_point(page, 0.75, 0.5)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for k in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10)
    page.mouse.up()
    arrow = page.locator(f"{LAYER} [data-polo-drawing=d1][data-kind=arrow]")
    arrow.wait_for(state="attached")  # saved and sent back by the app, under its id
    saved = json.loads(ws["document"].read_text("utf-8"))
    (drawing,) = next(e for e in saved["events"] if e["id"] == "e2")["drawings"]
    assert drawing["kind"] == "arrow" and drawing["frame"] == 125 and drawing["by"] == "Browser Coach"
    (ax, ay), (bx, by) = drawing["points"]
    assert ax == pytest.approx(0.25, abs=0.01) and bx == pytest.approx(0.75, abs=0.01)
    assert ay == pytest.approx(0.5, abs=0.01) and by == pytest.approx(0.5, abs=0.01)
    # a line drawn, then erased with a click on it
    page.locator("button[data-tool=line]").click()
    lx0, ly0 = client_point(page, 0.3, 0.2)
    lx1, ly1 = client_point(page, 0.6, 0.3)
    page.mouse.move(lx0, ly0)
    page.mouse.down()
    page.mouse.move((lx0 + lx1) / 2, (ly0 + ly1) / 2)
    page.mouse.move(lx1, ly1)
    page.mouse.up()
    page.locator(f"{LAYER} [data-polo-drawing=d2][data-kind=line]").wait_for(state="attached")
    page.locator("button[data-tool=erase]").click()
    page.mouse.click((lx0 + lx1) / 2, (ly0 + ly1) / 2)
    page.wait_for_selector(f"{LAYER}[data-polo-count='1']")
    assert [d["id"] for d in next(e for e in json.loads(ws["document"].read_text("utf-8"))["events"]
                                  if e["id"] == "e2")["drawings"]] == ["d1"]
    page.keyboard.press("Escape")  # the tool put down: keys step again
    page.keyboard.press("ArrowRight")  # drawn on its frame only
    on_screen(page, 126)
    assert page.locator(f"{LAYER} [data-polo-drawing]").count() == 0
    page.keyboard.press("ArrowLeft")
    on_screen(page, 125)
    arrow.wait_for(state="attached")

    # -- the HTML report's still shows it ------------------------------------------------------------
    page.get_by_test_id("stExpandSidebarButton").click()
    page.get_by_role("link", name="Report").click()
    page.get_by_text("Consistency report").wait_for()
    with page.expect_download() as download:
        page.get_by_role("button", name="HTML").click()
    html_path = tmp_path / "report.html"
    download.value.save_as(html_path)
    html = html_path.read_text("utf-8")
    assert "Debió ser un throw-in: &lt;b&gt;not bold&lt;/b&gt;" in html and "Browser Coach" not in html.split(
        "Inconsistent calls")[0]
    still = re.search(r'<img src="data:image/jpeg;base64,([^"]+)" alt="[^"]*" data-frame="125" data-drawings="1">',
                      html)
    assert still, "no still of frame 125 with its drawing"
    import cv2

    picture = cv2.imdecode(np.frombuffer(base64.b64decode(still.group(1)), np.uint8), cv2.IMREAD_COLOR)
    h, w = picture.shape[:2]
    b, g, r = picture[h // 2, w // 2].tolist()  # the arrow's middle: the default yellow (#ffd400)
    assert r > 200 and g > 170 and b < 90, (b, g, r)
    report = browser.new_page()
    report.goto(html_path.as_uri())
    assert report.locator("img[data-frame='125']").evaluate("i => i.complete && i.naturalWidth") == w
    report.close()

    # -- a reel of the three tags, e2 in slow motion, played in the page ----------------------------------
    page.get_by_text("Tags in the reel, in this order").wait_for()
    assert page.get_by_test_id("stMultiSelect").filter(has_text="Tags in the reel").get_by_text(
        re.compile(r"test-match · e\d")).count() == 3
    page.get_by_label("Slow motion for").click()
    page.get_by_role("option", name=re.compile(r"test-match · e2")).click()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Make the reel").click()
    video = page.locator("video")
    video.wait_for(timeout=240_000)
    played = video.evaluate("""async v => {
        v.muted = true;
        await v.play();
        const t0 = v.currentTime;
        await new Promise(r => setTimeout(r, 1500));
        return {t0, t1: v.currentTime, ready: v.readyState, duration: v.duration, error: v.error && v.error.code};
    }""")
    assert played["error"] is None and played["ready"] >= 2, played
    assert played["t1"] > played["t0"] + 0.5, played
    # three cards (3.5 s); windows of 3 s either side, cut at the footage's ends: e1 0-5 s, e2 2-8 s at the
    # default 0.5 speed, e3 7-12 s; e2's drawn frame held 2 s
    assert played["duration"] == pytest.approx(3 * 3.5 + 5 + 6 / 0.5 + 5 + 2, abs=0.2), played
