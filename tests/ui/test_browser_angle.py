"""In real headless Chromium: a coach opens a match filmed by two cameras (25 and 30 fps, the second 2.37 s
behind), shows the second angle beside the footage, steps the footage and sees the second picture follow at
the same instant, nudges the offset by one frame and sees the second picture move by exactly one, finds the
offset from the sound, and finds both saved in the match document."""

from __future__ import annotations

import json

import pytest
from angle_cases import A_FPS, B_FPS, OFFSET_S, two_cameras, workspace_with_two_angles
from browser_app import choose
from test_browser import CHROMIUM, FRAME, on_screen, open_page, start_app, stop_app

from review_app.footage import Footage
from review_app.model.angles import angle_frame

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]
ANGLE = "[data-testid=polo-angle-frame]"  # the second picture (in the frame view's shadow root)


def angle_on_screen(page) -> int:
    return int(page.get_attribute(f"{ANGLE}[data-polo-angle-frame]", "data-polo-angle-frame"))


def wait_angle(page, frame: int) -> None:
    page.wait_for_selector(f"{ANGLE}[data-polo-angle-frame='{frame}']")


def test_two_angles_side_by_side_nudged_by_a_frame_and_synced_by_sound(tmp_path, chromium):
    a, b = two_cameras(tmp_path / "cameras")
    ws = workspace_with_two_angles(tmp_path / "ws", a, b)
    with Footage(ws["angle"]) as video:
        angle_sha, times, duration = video.info.sha256, video.times(), video.info.duration_s
    with Footage(ws["video"]) as video:
        at_30 = video.time_of(30)

    def expected(offset_s: float) -> int:  # the second camera's frame at the footage's frame 30
        return angle_frame(at_30, offset_s, times, duration)

    proc, url = start_app(tmp_path, ws)
    try:
        page = open_page(chromium, url)
        on_screen(page, 0)
        page.get_by_text("Second angle", exact=True).click()  # the expander, not the keys help that names it
        choose(page, "Show beside the footage", "angle.mp4")
        wait_angle(page, 0)  # no offset yet: both from their starts
        page.get_by_text("Offset not set: both angles are shown as if they started together").wait_for()
        # side by side: the two pictures share one row
        main_box, angle_box = page.locator(FRAME).bounding_box(), page.locator(ANGLE).bounding_box()
        assert angle_box["x"] >= main_box["x"] + main_box["width"] - 1 and abs(angle_box["y"] - main_box["y"]) < 2

        page.locator(FRAME).click()  # the keys go to the view
        for _ in range(30):
            page.keyboard.press("ArrowRight")
        on_screen(page, 30)
        wait_angle(page, 30 * B_FPS // A_FPS)  # 1.2 s into each: frame 36 of the 30 fps camera
        before = angle_on_screen(page)

        page.keyboard.press("]")  # one frame later, saved with the match
        wait_angle(page, before + 1)
        on_screen(page, 30)  # the footage stays where it was
        stored = json.loads(ws["document"].read_text("utf-8"))["offsets"][angle_sha]
        assert stored["how"] == "nudged" and stored["set_by"] == "Browser Coach"
        assert expected(stored["seconds"]) == before + 1
        page.keyboard.press("[")
        wait_angle(page, before)

        page.get_by_role("button", name="Find offset from sound").click()
        page.get_by_text("Offset found from the sound and saved").wait_for()
        stored = json.loads(ws["document"].read_text("utf-8"))["offsets"][angle_sha]
        assert stored["how"] == "sound" and abs(stored["seconds"] - OFFSET_S) <= 1 / A_FPS
        # the footage's 1.2 s is the second camera's 1.2 + 2.37 s: its frame 107
        assert expected(stored["seconds"]) == 107
        wait_angle(page, 107)
    finally:
        stop_app(proc)
