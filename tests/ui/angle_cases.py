"""Two recordings of one match for the second-angle tests: camera A at 25 fps and camera B at 30 fps, each
picture numbered (framecode) and each sound track the same stretch of match under its own wind and crowd,
B's a known offset after A's (review_app.samples.sound_sets); a workspace whose match is reviewed on A
with B attached too."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import framecode
import numpy as np
from saving import save_back
from ui_fixtures import make_workspace

from review_app.footage import Footage, VideoWriter
from review_app.model import document_from_data
from review_app.model.migrate import migrate
from review_app.model.recordings import attach
from review_app.samples.sound_sets import two_recordings

RATE = 48000
A_FPS, B_FPS = 25, 30
OFFSET_S = 2.37  # an instant at t in A is at t + 2.37 in B


def write_numbered(path: Path, samples: np.ndarray | None, fps: int, seconds: float, size=(320, 180)) -> Path:
    """Numbered frames at `fps` for `seconds`, with `samples` (48 kHz) as the AAC sound track (None: none)."""
    w, h = size
    frames = int(round(seconds * fps))
    audio = {} if samples is None else {"audio_rate": RATE, "audio_codec": "aac"}
    with VideoWriter(path, w, h, fps=fps, gop=fps, bframes=2, **audio) as out:
        done = 0
        for i in range(frames):
            out.write(framecode.draw(i, w, h), Fraction(i, fps))
            if samples is not None:
                upto = len(samples) if i + 1 == frames else min(len(samples), int(round((i + 1) / fps * RATE)))
                out.write_audio(samples[done:upto])
                done = upto
    return path


def two_cameras(folder: Path, seed: int = 5) -> tuple[Path, Path]:
    """camera-a.mp4 (25 fps, 30 s) and camera-b.mp4 (30 fps, 25 s), made once per folder."""
    a, b = folder / "camera-a.mp4", folder / "camera-b.mp4"
    if not (a.exists() and b.exists()):
        pair = two_recordings(RATE, np.random.default_rng(seed), OFFSET_S)
        write_numbered(a, pair.a, A_FPS, len(pair.a) / RATE)
        write_numbered(b, pair.b, B_FPS, len(pair.b) / RATE, size=(288, 180))
    return a, b


def workspace_with_two_angles(root: Path, a: Path, b: Path) -> dict[str, Path]:
    """make_workspace's folders, its match reviewed on a copy of `a` with a copy of `b` attached too."""
    ws = make_workspace(root, copy_from=a)
    second = ws["footage"] / "angle.mp4"
    shutil.copy(b, second)
    ws["angle"] = second
    doc = document_from_data(migrate(json.loads(ws["document"].read_text("utf-8"))), ws["document"])
    for path, review_on in ((ws["video"], True), (second, False)):
        with Footage(path) as video:
            info = video.info
        doc = attach(doc, path, how="folder", sha256=info.sha256, size=info.file_size, name=path.name,
                     by="Set-up", info=info, review_on=review_on)
    save_back(doc)
    return ws
