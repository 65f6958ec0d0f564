"""Uploads in Chromium go through the app's own upload view (F8a of the security review, issue 38): the file is
streamed to the server's disk with its progress shown, then attached to the match (the Matches page) or received as
evidence (the Evidence page) as an upload always was; nothing of it is left beside the stored file."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
from browser_app import CHROMIUM, ROOT, choose, chromium_page, large_recording, name_the_reviewer, nav, running_app
from playwright.sync_api import expect
from ui_fixtures import document_data, make_video

from review_app.evidence import window
from review_app.model import load_document

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]

SHOTS = Path(os.environ.get("POLO_REVIEW_TEST_SHOTS", "")) if os.environ.get("POLO_REVIEW_TEST_SHOTS") else None


def shot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def a_match(ws: Path) -> Path:
    """A match that ended an hour ago with one recording, in a new workspace."""
    (ws / "footage").mkdir(parents=True)
    (ws / "matches").mkdir()
    make_video(ws / "footage" / "match.mp4", seconds=4, size=(320, 180))
    data = document_data("../footage/match.mp4")
    data["match"]["end_time_utc"] = window.utc_text(window.now_utc() - timedelta(hours=1))
    path = ws / "matches" / "test-match.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def upload_view(page, label: str):
    """The upload view's file field, by its label (inside the component's own shadow root)."""
    return page.get_by_label(label, exact=True)


def test_a_recording_and_a_piece_of_evidence_are_streamed_and_registered(tmp_path):
    ws = tmp_path / "ws"
    path = a_match(ws)
    clip = make_video(tmp_path / "phone clip.mp4", seconds=6, size=(640, 360))
    sha = hashlib.sha256(clip.read_bytes()).hexdigest()
    env = {"POLO_REVIEW_CACHE": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "home")}
    with running_app(["--workspace", str(ws)], env, tmp_path / "server.log") as url, chromium_page() as page:
        page.goto(f"{url}/matches")
        name_the_reviewer(page, "Ana Coach")
        page.get_by_role("tab", name="Footage").click()
        field = upload_view(page, "Recording (up to 1024 MB)")
        expect(field).to_be_enabled()  # the page has run again for the person signed in: its view may send
        field.set_input_files(clip)
        page.get_by_text(f"{clip.name} (").filter(has_text="is on the server").wait_for(timeout=120_000)
        shot(page, "matches-upload-ready.png")
        sent = [p for p in (ws / "footage" / "uploads").iterdir()]  # only sent: nothing is stored before the button
        assert [p.name.startswith(".upload-") and p.read_bytes() == clip.read_bytes() for p in sent] == [True]
        page.get_by_role("button", name="Upload and attach").click()
        page.get_by_text(f"{clip.name} is attached to Test Cup final").wait_for(timeout=120_000)
        shot(page, "matches-upload-attached.png")
        uploaded = load_document(path).data["recordings"][-1]
        assert uploaded["how"] == "upload" and uploaded["name"] == clip.name and uploaded["sha256"] == sha
        stored = ws / "footage" / "uploads" / f"{sha}.mp4"
        assert stored.read_bytes() == clip.read_bytes() and not stored.stat().st_mode & 0o222
        assert [p.name for p in (ws / "footage" / "uploads").iterdir() if p.name.startswith(".upload-")] == []

        nav(page, "Evidence")
        choose(page, "Match", "Test Cup final (test-match)")
        end = load_document(path).match["end_time_utc"]  # this match's deadline shown: the page is on it
        page.get_by_text(window.utc_text(window.parse_time(end, "UTC") + timedelta(hours=24))).wait_for()
        page.get_by_role("tab", name="Receive evidence").click()
        upload_view(page, "Video presented as evidence").set_input_files(clip)
        page.get_by_text(f"{clip.name} (").filter(has_text="is on the server").wait_for(timeout=120_000)
        page.get_by_label("Presented by").fill("Blue's team manager")
        shot(page, "evidence-upload-ready.png")
        page.get_by_role("button", name="Receive", exact=True).click()
        page.get_by_text("Received ev1").wait_for(timeout=120_000)
        shot(page, "evidence-received.png")
        entries = [json.loads(line) for line in (ws / "evidence" / "test-match" / "case.jsonl").read_text(
            "utf-8").splitlines()]
        assert entries[-1]["type"] == "evidence_received" and entries[-1]["by"] == "Ana Coach"
        received = entries[-1]["data"]
        assert received["sha256"] == sha and received["size"] == clip.stat().st_size
        assert received["presented_name"] == clip.name and received["received_by"] == "Ana Coach"
        # the receipt's time is the server's own, taken when Receive was pressed (not when the file was sent)
        assert received["received_at"] == entries[-1]["at"]
        original = ws / "evidence" / "test-match" / received["stored"]
        assert original.read_bytes() == clip.read_bytes()
        assert not [p for p in (ws / "evidence").iterdir() if p.name.startswith(".upload-")]
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in log, log


def test_the_upload_view_shows_its_progress_can_be_cancelled_and_refuses_a_file_over_the_limit(tmp_path):
    ws = tmp_path / "ws"
    a_match(ws)
    src = tmp_path / "long game.mp4"
    src.write_bytes(os.urandom(12 * 2**20))
    big = large_recording(ROOT / "sample_clips" / "safety.mp4", tmp_path / "whole day.mp4", mb=1030)  # sparse
    uploads = ws / "footage" / "uploads"
    env = {"POLO_REVIEW_CACHE": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "home")}
    with running_app(["--workspace", str(ws)], env, tmp_path / "server.log") as url, chromium_page() as page:
        page.goto(f"{url}/matches")
        page.get_by_role("tab", name="Footage").click()
        field = upload_view(page, "Recording (up to 1024 MB)")
        assert field.is_disabled()  # nobody signed in: the view sends nothing, and says why
        page.get_by_text("Sign in first (in the sidebar)").first.wait_for()
        name_the_reviewer(page, "Ana Coach")
        page.get_by_role("tab", name="Footage").click()
        # a slow network (512 KB/s up): the bytes sent are shown as they go
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1,
                                                      "uploadThroughput": 2**19})
        expect(field).to_be_enabled()  # the page has run again for the person signed in: its view may send
        field.set_input_files(src)
        sending = re.compile(rf"Sending {re.escape(src.name)}: (?!0\.00 )[0-9.]+ of 12\.0 MB \([0-9]+%\)")
        page.get_by_text(sending).wait_for()
        shot(page, "matches-upload-sending.png")
        page.get_by_role("button", name="Cancel").click()
        page.get_by_text(f"Sending {src.name} was cancelled; nothing of it is kept.").wait_for()
        deadline = time.monotonic() + 15
        while uploads.is_dir() and any(uploads.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not uploads.is_dir() or not any(uploads.iterdir())  # the partial file is gone
        page.get_by_role("button", name="Upload and attach").click()
        page.get_by_text("Choose a recording first.").wait_for()
        # over the limit: said at once, nothing sent
        field.set_input_files(big)
        page.get_by_text(f"{big.name} is 1031 MB; the limit is 1024 MB.").wait_for()  # 1030 MB and the clip's
        shot(page, "matches-upload-too-large.png")
        assert not uploads.is_dir() or not any(uploads.iterdir())
