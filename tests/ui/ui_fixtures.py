"""Small generated footage and match documents for the app's tests (deterministic, in temp dirs)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

from review_app.footage import VideoWriter

FPS = 25
APP = Path(__file__).resolve().parents[2] / "review_app" / "ui" / "app.py"


def make_app(reviewer: str | None = "Tester", lang: str | None = "en") -> AppTest:
    """The app through its entry point, with the sidebar's reviewer and language already set
    (`lang=None`: as a new session would, from the address)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    # A test without a browser runs no JavaScript: the Review page's tag form in the browser (form_view) never
    # answers there, so these tests fill in the full form, whose Save takes the same path (tags._save_tag).
    at.session_state["review.form.prefer_full"] = True
    if reviewer:
        at.session_state["app.reviewer"] = reviewer
    if lang:
        at.session_state["app.lang"] = lang
    return at


def settle(at: AppTest) -> AppTest:
    """Run again once the recording the Review page opened is indexed: the page waits a moment for
    that and otherwise shows the first frame alone, which a busy test machine may make it do."""
    viewer = at.session_state["review.viewer"] if "review.viewer" in at.session_state else None
    if viewer is not None and not viewer.ready:
        viewer.source.wait(60)
        at.run()
    # ... and once its sound is listened to (in the background too, its progress shown meanwhile)
    job = at.session_state["review.listening"] if "review.listening" in at.session_state else None
    if job is not None and not job.done:
        job.wait(120)
        at.run()
    return at


def make_video(path: Path, seconds: float = 8, fps: int = FPS, size=(320, 180)) -> Path:
    """A clip whose frames differ visibly: a bar moves across and the background shifts shade."""
    w, h = size
    with VideoWriter(path, w, h, fps=fps, codec="h264", gop=fps, bframes=2) as out:
        for i in range(int(seconds * fps)):
            img = np.full((h, w, 3), (40 + i % 60, 90, 30), np.uint8)
            x = (i * 4) % (w - 12)
            img[20:h - 20, x:x + 12] = (240, 240, 240)
            out.write(img)
    return path


def document_data(footage: str | None = "match.mp4", events: list[dict] | None = None) -> dict:
    data = {
        "schema_version": "1.0",
        "revision": 0,
        "match": {
            "id": "test-match", "name": "Test Cup final", "date": "2026-03-01", "periods": 6,
            "teams": [{"id": "A", "name": "Alpha", "players": [{"number": n} for n in (1, 2)] + [
                {"number": 3, "name": "Ana Alpha", "mounts": ["Lucero", "Morena"],
                 "mount_marks": {"Morena": "dark bay, star"}}, {"number": 4}]},
                      {"id": "B", "name": "Bravo", "players": [{"number": n} for n in range(1, 5)]}],
            "umpires": ["Umpire One", "Umpire Two"],
        },
        "events": events if events is not None else [
            {"id": "e1", "position": {"frame": 50, "time_s": 2.0}, "period": 1, "clock": "6:10",
             "situation": "21.j", "facts": {"period_time_expired": True},
             "call": {"whistle": "at_once", "restart": "next_period"},
             "involved": {"umpire": "Umpire One"}, "reviewer": "Coach"},
            {"id": "e2", "position": {"frame": 125, "time_s": 5.0}, "period": 2, "clock": "3:00",
             "situation": "21.l", "facts": {"fair_play_possession_applies": False},
             "call": {"whistle": "at_once", "restart": "free_hit"},
             "involved": {"umpire": "Umpire Two"}, "reviewer": "Coach"},
        ],
    }
    if footage:
        data["footage"] = {"path": footage}
    return data


def make_workspace(root: Path, *, video: bool = True, copy_from: Path | None = None,
                   seconds: float = 8, tags: bool = True) -> dict[str, Path]:
    """footage/match.mp4 (made, or copied from `copy_from`) and annotations/test-match.json pointing at it
    (`tags=False`: the match without its tags, for a test that tags the footage from the start)."""
    footage, annotations = root / "footage", root / "annotations"
    footage.mkdir(parents=True, exist_ok=True)
    annotations.mkdir(parents=True, exist_ok=True)
    if copy_from is not None:
        shutil.copy(copy_from, footage / "match.mp4")
    elif video:
        make_video(footage / "match.mp4", seconds)
    doc = annotations / "test-match.json"
    data = document_data("../footage/match.mp4" if video else None)
    if not tags:
        data["events"] = []
    doc.write_text(json.dumps(data, indent=2), "utf-8")
    return {"footage": footage, "annotations": annotations, "document": doc, "data": root / "data",
            "video": footage / "match.mp4"}
