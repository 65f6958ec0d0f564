"""Starting `polo-review app` on a free port for the browser tests, and a Chromium page to drive it
(Debian's /usr/bin/chromium through Playwright)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]


def until(check, what: str, seconds: float = 90, every: float = 0.05):
    """Wait (a busy 2-core machine) for `check()` to return something true; return it."""
    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(every)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_app(args: list[str], env: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    """`polo-review app ARGS` started and answering its health check: (the process, its address)."""
    port = free_port()
    exe = shutil.which("polo-review")
    cmd = ([exe] if exe else [sys.executable, "-m", "review_app"]) + ["app", "--port", str(port),
                                                                     "--address", "127.0.0.1", *args]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env={**os.environ, **env}, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_app(proc)
            raise RuntimeError("the app did not start: " + log.read_text(errors="replace"))
        time.sleep(0.3)


def stop_app(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)  # the app's own process group (start_new_session)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@contextlib.contextmanager
def running_app(args: list[str], env: dict[str, str], log: Path):
    """`polo-review app ARGS` until the block ends; yields its address."""
    proc, url = start_app(args, env, log)
    try:
        yield url
    finally:
        stop_app(proc)


@contextlib.contextmanager
def chromium_page(width: int = 1280, height: int = 1100):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.set_default_timeout(90_000)  # a busy 2-core CI machine
        try:
            yield page
        finally:
            browser.close()


def large_recording(small: Path, target: Path, mb: int = 1030) -> Path:
    """A playable recording larger than the upload limit: `small` followed by an MP4 'free' box (which
    players skip) written as a sparse file, so it costs no disk."""
    shutil.copyfile(small, target)
    size = mb * 2**20
    with open(target, "r+b") as fh:
        fh.seek(0, os.SEEK_END)
        fh.write(struct.pack(">I4sQ", 1, b"free", size))  # a 64-bit box size: header included
        fh.truncate(small.stat().st_size + size)
    return target


PASSPHRASE = "browser test passphrase"  # every account the browser tests make in their own workspace


def name_the_reviewer(page, name: str) -> None:
    """Sign `name` in through the sidebar (changes need a sign-in, issue 38): on a new workspace the first account
    (this machine needs no set-up code), else a new trainee account, or a sign-in where `name` has one already."""
    side = page.get_by_test_id("stSidebar")
    side.get_by_text("Reading needs no sign-in").wait_for()

    def visible(label: str):
        return side.get_by_label(label, exact=True).filter(visible=True)

    setup = side.get_by_role("button", name="Set up the coach account")
    trainee_tab = side.get_by_role("tab", name="New trainee")
    setup.or_(trainee_tab).first.wait_for()  # the form comes after the caption: wait for whichever it is
    if setup.count():
        visible("Name").fill(name)
        visible("Choose a passphrase (at least 8 characters)").fill(PASSPHRASE)
        visible("The passphrase again").fill(PASSPHRASE)
        setup.click()
    else:
        trainee_tab.click()
        visible("Name").fill(name)
        visible("Choose a passphrase (at least 8 characters)").fill(PASSPHRASE)
        visible("The passphrase again").fill(PASSPHRASE)
        side.get_by_role("button", name="Start my training record").click()
        taken = side.get_by_text("has a passphrase already")
        done = side.get_by_text(f"Signed in as {name}")
        done.or_(taken).first.wait_for()
        if taken.count():
            side.get_by_role("tab", name="Sign in").click()
            visible("Name").fill(name)
            visible("Passphrase").fill(PASSPHRASE)
            side.get_by_role("button", name="Sign in").filter(visible=True).click()
    side.get_by_text(f"Signed in as {name}").wait_for()


def settled(page) -> None:
    """Wait until the app's script has finished its run: Streamlit marks its root element with the run's
    state, and until the run ends a locator may find the elements of the page the user has just left."""
    page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for()


def choose(page, label: str, option: str) -> None:
    """Pick `option` in the select box labelled `label`, typing to filter as a user does. Two things can
    close the list under the click: the end of a run that replaces the box (so wait for the run first),
    and a scroll that lands after the click (Playwright scrolls to the box; the side panel is sticky, so
    the page may scroll to its end): so scroll first, let it land, and open the list again if it closed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box = page.get_by_label(label, exact=True)
    for attempt in range(3):
        settled(page)
        box.scroll_into_view_if_needed()
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        box.click()
        page.keyboard.type(option)
        try:
            page.get_by_role("option", name=option).first.click(timeout=15_000)
            return
        except PlaywrightTimeout:  # the list closed under the click: close what is left and open it again
            if attempt == 2:
                raise
            page.keyboard.press("Escape")


def nav(page, name: str) -> None:
    """Go to a page by the sidebar's link (opening the sidebar first where the Review page folded it away)."""
    link = page.get_by_test_id("stSidebarNavItems").get_by_role("link", name=name, exact=True)
    expand = page.get_by_test_id("stExpandSidebarButton")
    # A page that folds the sidebar away does so when its script's page config arrives, which can be
    # just after the link was seen: then the link slides out of the window and a click waits for ever.
    # So each try is short and looks again whether the sidebar must be opened first.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(5):
        try:
            if not link.is_visible() or expand.is_visible():
                expand.click(timeout=15_000)
            address = link.evaluate("(a) => a.href", timeout=15_000)
            link.click(timeout=15_000)
            break
        except PlaywrightTimeout:
            continue
    else:
        address = link.evaluate("(a) => a.href")
        link.click()
    # The address changes when the new page's run begins; wait for that run to end, so what the test
    # looks for next is on the new page, not the old one's elements still on the screen.
    page.wait_for_url(lambda url: url.split("?")[0].rstrip("/") == address.split("?")[0].rstrip("/"))
    settled(page)
