"""End to end in real headless Chromium: `polo-review app` on a free port with temp copies of a
small recording and its document; step frames with the keyboard, tag an event, see it in the report."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from ui_fixtures import make_workspace

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path, small_video):
    ws = make_workspace(tmp_path, copy_from=small_video)
    port = free_port()
    exe = shutil.which("polo-review")
    cmd = [exe] if exe else [sys.executable, "-m", "review_app"]
    cmd += ["app", "--port", str(port), "--address", "127.0.0.1", "--footage", str(ws["footage"]),
            "--annotations", str(ws["annotations"]), "--data", str(ws["data"])]
    env = {**os.environ, "POLO_REVIEW_CACHE": str(tmp_path / "cache")}
    with open(tmp_path / "server.log", "wb") as log:
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the app did not start: " + (tmp_path / "server.log").read_text(errors="replace"))
            time.sleep(0.3)
        yield url, ws
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # the app's own process group (start_new_session)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pg = browser.new_page(viewport={"width": 1500, "height": 1300})
        pg.set_default_timeout(60_000)  # a busy 2-core CI machine
        yield pg
        browser.close()


def test_step_tag_and_report_in_chromium(server, page):
    url, ws = server
    page.goto(url)
    page.get_by_text("Frame 0 of 199").wait_for()
    page.get_by_label("Your name (recorded on every tag)").fill("Browser Coach")
    page.get_by_role("button", name="Start reviewing").click()
    page.get_by_text("Reviewer: Browser Coach").wait_for()

    page.mouse.click(1450, 1250)  # focus the page, not a field: shortcuts only act outside text fields
    page.keyboard.press("ArrowRight")
    page.get_by_text("Frame 1 of 199").wait_for()
    page.keyboard.press("ArrowRight")
    page.get_by_text("Frame 2 of 199").wait_for()
    page.keyboard.press("Shift+ArrowRight")
    page.get_by_text("Frame 27 of 199").wait_for()
    page.keyboard.press("l")
    page.get_by_text("Frame 152 of 199").wait_for()
    page.keyboard.press("ArrowLeft")
    page.get_by_text("Frame 151 of 199").wait_for()
    page.get_by_role("button", name="+1 f").click()
    page.get_by_text("Frame 152 of 199").wait_for()
    for _ in range(8):  # faster than frames are drawn: every press counts, the connection holds
        page.keyboard.press("ArrowLeft")
    page.get_by_text("Frame 144 of 199").wait_for()
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    page.get_by_text("Frame 152 of 199").wait_for()

    page.keyboard.press("t")
    page.get_by_text("New tag e3 at frame 152").wait_for()
    page.get_by_label("Find the situation (clause or name)").fill("period ends")
    page.keyboard.press("Enter")
    page.get_by_role("radiogroup", name="The period's time had expired").get_by_text("Yes").click()
    page.get_by_label("Whistle").click()
    page.get_by_role("option", name="At once").click()
    page.get_by_label("Restart", exact=True).click()
    page.get_by_role("option", name="Next period").click()
    page.get_by_label("Notes").fill("<img src=x onerror=alert(1)> horn")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved e3: Consistent").wait_for()

    saved = json.loads(ws["document"].read_text("utf-8"))
    e3 = next(e for e in saved["events"] if e["id"] == "e3")
    assert e3["position"]["frame"] == 152 and e3["situation"] == "21.j" and e3["reviewer"] == "Browser Coach"
    assert saved["revision"] == 1

    page.get_by_role("link", name="Report").click()
    page.get_by_text("Consistency report").wait_for()
    events = page.get_by_test_id("stMetric").filter(has_text="Events")
    events.get_by_text("3").wait_for()
    page.get_by_text("All events").click()
    page.get_by_test_id("stDataFrame").wait_for()
    assert page.locator("img[src='x']").count() == 0  # the note stays text
