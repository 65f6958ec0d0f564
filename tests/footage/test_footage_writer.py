"""VideoWriter: byte-identical regeneration, browser-friendly MP4, clear misuse errors."""

from __future__ import annotations

from fractions import Fraction

import framecode
import numpy as np
import pytest

from review_app.footage import Footage, VideoWriter


def write(path, codec, n=24, **kw):
    with VideoWriter(path, 64, 48, fps=kw.pop("fps", 25), codec=codec, **kw) as w:
        for i in range(n):
            w.write(framecode.draw(i, 64, 48), kw.get("times", [None] * n)[i] if "times" in kw else None)
    return path.read_bytes()


@pytest.mark.parametrize(
    "name, codec, kw",
    [
        ("a.mp4", "h264", {"bframes": 3, "gop": 12}),
        ("b.mp4", "hevc", {}),
        ("c.webm", "vp9", {}),
        ("d.avi", "mjpeg", {}),
        ("e.mp4", "h264", {"rotation": 90}),
        ("f.mkv", "h264", {"time_base": Fraction(1, 1000)}),
    ],
)
def test_regenerating_gives_identical_bytes(tmp_path, name, codec, kw):
    first = write(tmp_path / name, codec, **dict(kw))
    second = write(tmp_path / name, codec, **dict(kw))
    assert first == second


FRESH_PROCESS = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import framecode
from review_app.footage import VideoWriter
with VideoWriter(sys.argv[3], 64, 48, fps=25, codec=sys.argv[4], bframes=3, gop=12) as w:
    for i in range(24):
        w.write(framecode.draw(i, 64, 48))
"""


@pytest.mark.parametrize("name, codec", [("h.mp4", "h264"), ("v.webm", "vp9")])
def test_another_process_writes_the_same_bytes(tmp_path, name, codec):
    """Sample clips are regenerated in other processes; encoder state must not leak in."""
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parents[1]  # where framecode is
    ours = write(tmp_path / name, codec, bframes=3, gop=12)
    theirs = tmp_path / f"fresh_{name}"
    subprocess.run([sys.executable, "-c", FRESH_PROCESS, str(tests), str(tests.parent), str(theirs), codec],
                   check=True, timeout=60)
    assert theirs.read_bytes() == ours


def test_mp4_is_faststart(tmp_path):
    data = write(tmp_path / "a.mp4", "h264")
    assert 0 < data.find(b"moov") < data.find(b"mdat")


def test_explicit_timestamps_give_variable_frame_rate(tmp_path):
    times = [0, 0.04, 0.05, 0.2, 0.21, 0.3]
    path = tmp_path / "vfr.mp4"
    with VideoWriter(path, 64, 48, fps=25, time_base=Fraction(1, 1000)) as w:
        for i, t in enumerate(times):
            w.write(framecode.draw(i, 64, 48), pts_seconds=t)
    with Footage(path) as v:
        assert [v.time_of(i) for i in range(6)] == pytest.approx(times)
        assert v.info.variable_frame_rate


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"width": 63}, "even dimensions"),
        ({"codec": "av1"}, "codec must be one of"),
        ({"rotation": 45}, "multiple of 90"),
        ({"fps": 0}, "fps must be positive"),
        ({"width": 100000}, "out of range"),
    ],
)
def test_bad_settings(tmp_path, kwargs, message):
    args = {"path": tmp_path / "x.mp4", "width": 64, "height": 48, "fps": 25, **kwargs}
    with pytest.raises(ValueError, match=message):
        VideoWriter(**args)


def test_bad_frames(tmp_path):
    with VideoWriter(tmp_path / "x.mp4", 64, 48, fps=25, time_base=Fraction(1, 100)) as w:
        with pytest.raises(ValueError, match="frame must be uint8 48x64x3"):
            w.write(np.zeros((48, 64), np.uint8))
        w.write(framecode.draw(0, 64, 48), 0.5)
        with pytest.raises(ValueError, match="is not after the previous"):
            w.write(framecode.draw(1, 64, 48), 0.5)
