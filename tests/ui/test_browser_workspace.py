"""With the default options (`polo-review app`, nothing else), a session of tagging on the demo,
uploading footage to a match and training writes only into the workspace: `git status` in the checkout
is the same after as before, and no tracked file changed."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from browser_app import CHROMIUM, ROOT, choose, chromium_page, name_the_reviewer, nav, running_app

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
    pytest.mark.skipif(not shutil.which("git") or not (ROOT / ".git").exists(), reason="not a git checkout"),
]


def git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


def tracked() -> dict[str, tuple[int, int]]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    out = {}
    for name in filter(None, names):
        path = ROOT / name.decode()
        if path.is_file():
            st = path.stat()
            out[str(path)] = (st.st_size, st.st_mtime_ns, st.st_mode)
    return out


def answer_whatever_is_asked(page) -> None:
    search = page.get_by_label("Find the situation (clause or name)", exact=True)  # the tag form's search
    search.fill("21.a")
    search.press("Enter")  # the search picks its best match in the select beside it (no filter of its own)
    situation = page.get_by_role("combobox", name="What is the situation?", exact=True)
    for _attempt in range(120):
        if situation.input_value().startswith("21.a — Ball hit across end line"):
            break
        page.wait_for_timeout(500)
    else:
        raise AssertionError(f"the search did not pick 21.a: {situation.input_value()!r}")
    from playwright.sync_api import TimeoutError as Timeout

    for field in ("Whistle", "Restart", "Penalty"):
        box = page.get_by_role("combobox", name=field, exact=True)
        if not box.count():
            continue
        # A scroll that lands after the click closes the list again (see test_browser.choose): scroll first,
        # let it land, and open the list again until the answer shows.
        for _attempt in range(3):
            box.scroll_into_view_if_needed()
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            box.click()
            try:
                page.get_by_role("option").nth(1).click(timeout=5_000)  # the first answer after "(choose)"
            except Timeout:
                continue
            shown = page.get_by_test_id("stSelectbox").filter(has=page.get_by_text(field, exact=True))
            if "(choose)" not in shown.first.inner_text():
                break
    page.get_by_role("button", name="Check my answer").click()


def test_a_session_with_the_default_options_leaves_the_checkout_as_it_was(tmp_path):
    before_status, before = git_status(), tracked()
    home = tmp_path / "home"
    small = tmp_path / "phone-clip.mp4"
    small.write_bytes((ROOT / "sample_clips" / "lost-helmet.mp4").read_bytes())
    env = {"XDG_DATA_HOME": str(home), "POLO_REVIEW_CACHE": str(tmp_path / "cache"), "POLO_REVIEW_WORKSPACE": "",
           "POLO_REVIEW_ANNOTATIONS": "", "POLO_REVIEW_FOOTAGE": "", "POLO_REVIEW_DATA": "",
           "POLO_REVIEW_EVIDENCE": ""}
    ws = home / "polo-review"
    with running_app([], env, tmp_path / "server.log") as url, chromium_page() as page:
        page.goto(url)
        name_the_reviewer(page, "Ana Coach")
        # tag on a demo match: it is copied into the workspace first, and the page says so
        choose(page, "Match", "Demo (read-only) · Sample: Safety (Rule 21.a) (sample-safety)")
        page.get_by_text("A demo match: read-only.").wait_for()
        page.get_by_role("button", name="Tag here").click()
        page.get_by_text("This is your own copy of the demo match").wait_for()
        page.get_by_role("button", name="Save").click()
        page.get_by_text("Saved e2").wait_for()
        assert (ws / "matches" / "sample-safety.json").is_file()
        # upload a recording to that match
        nav(page, "Matches")
        page.get_by_role("tab", name="Footage").click()
        # the app's own upload view (issue 38: streamed to disk, never held in memory), in its shadow root
        page.get_by_label("Recording (up to 1024 MB)", exact=True).set_input_files(small)
        page.get_by_text("phone-clip.mp4 (").filter(has_text="is on the server").wait_for()
        page.get_by_role("button", name="Upload and attach").click()
        page.get_by_text("phone-clip.mp4 is attached to Sample: Safety").wait_for()
        # train on the demo's examples
        nav(page, "Training")  # signed in once, in the sidebar, for every page (issue 38): the quiz opens
        page.get_by_role("button", name="Check my answer").wait_for()
        answer_whatever_is_asked(page)
        page.get_by_text("What the rulebook says:").wait_for()
        assert (ws / "training-scores.json").is_file() and (ws / "reviewers.json").is_file()
    assert list((ws / "footage" / "uploads").glob("*.mp4"))
    assert git_status() == before_status
    assert tracked() == before
