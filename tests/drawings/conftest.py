"""A small recording and a match document with three tags on it (one an inconsistent call), in a temp
project folder: annotations/ beside footage/, as the app and the commands lay it out."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from review_app.footage import VideoWriter

FPS = 25


def make_recording(path: Path, seconds: float = 8, size=(320, 180)) -> Path:
    w, h = size
    with VideoWriter(path, w, h, fps=FPS, codec="h264") as out:
        for i in range(int(seconds * FPS)):
            img = np.empty((h, w, 3), np.uint8)
            img[:] = (40, 110 + i % 40, 50)
            img[60:120, (i * 3) % (w - 30):(i * 3) % (w - 30) + 30] = (30, 60, 120)
            out.write(img)
    return path


def project_doc(events: list[dict]) -> dict:
    return {
        "schema_version": "2.0", "revision": 0,
        "match": {"id": "drawn-match", "name": "Copa Río", "date": "2026-03-01", "periods": 6,
                  "teams": [{"id": "A", "name": "Alpha"}, {"id": "B", "name": "Bravo"}],
                  "umpires": ["Umpire One"]},
        "footage": {"path": "../footage/match.mp4"},
        "events": events,
    }


EVENTS = [
    {"id": "e1", "position": {"frame": 25, "time_s": 1.0}, "period": 1, "situation": "21.j",
     "facts": {"period_time_expired": True}, "call": {"whistle": "at_once", "restart": "next_period"},
     "involved": {"umpire": "Umpire One"}, "reviewer": "Coach"},
    {"id": "e2", "position": {"frame": 100, "time_s": 4.0}, "period": 2, "situation": "21.l",
     "facts": {"fair_play_possession_applies": False}, "call": {"whistle": "at_once", "restart": "free_hit"},
     "involved": {"umpire": "Umpire One"}, "reviewer": "Coach", "notes": "Debió ser un throw-in <b>x</b>",
     "drawings": [{"id": "d1", "kind": "arrow", "frame": 100, "points": [[0.2, 0.5], [0.8, 0.5]],
                   "color": "#ff0000", "by": "Ana"}]},
    {"id": "e3", "position": {"frame": 175, "time_s": 7.0}, "period": 3, "situation": "21.j",
     "facts": {"period_time_expired": True}, "call": {"whistle": "at_once", "restart": "next_period"},
     "involved": {"umpire": "Umpire One"}, "reviewer": "Coach",
     "window": {"start": {"frame": 150, "time_s": 6.0}, "end": {"frame": 190, "time_s": 7.6}}},
]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("project")
    (root / "footage").mkdir()
    (root / "annotations").mkdir()
    make_recording(root / "footage" / "match.mp4")
    doc = root / "annotations" / "drawn-match.json"
    doc.write_text(json.dumps(project_doc(EVENTS), ensure_ascii=False), "utf-8")
    return {"root": root, "document": doc, "annotations": root / "annotations", "video": root / "footage" / "match.mp4"}
