"""A long recording (stream-copied, so cheap to make): the index stays exact deep into the file."""

from __future__ import annotations

import random

import framecode
import pytest

from review_app.footage import Footage, VideoWriter
from review_app.footage.writer import repeat_recording

GOP = 60  # frames per repeated block, 2 s at 30 fps
REPEATS = 600  # 20 minutes


@pytest.fixture(scope="module")
def twenty_minute_recording(tmp_path_factory):
    d = tmp_path_factory.mktemp("long")
    block = d / "block.mp4"
    with VideoWriter(block, 160, 96, fps=30, gop=GOP, bframes=3) as w:
        for i in range(GOP):
            w.write(framecode.draw(i, 160, 96))
    path = repeat_recording(block, d / "twenty_minutes.mp4", REPEATS)
    return path


@pytest.mark.slow
def test_frames_deep_in_a_long_recording(twenty_minute_recording):
    with Footage(twenty_minute_recording) as video:
        n = GOP * REPEATS
        assert video.info.frame_count == n
        assert video.info.duration_s == pytest.approx(n / 30)
        for i in random.Random(5).sample(range(n), 40):
            f = video.frame(i)
            assert framecode.read(f.image) == i % GOP
            assert f.time_s == pytest.approx(i / 30)
            assert video.frame_at(i / 30 + 0.01).index == i
        strip = video.filmstrip(count=50, height=32)
        assert len(strip) == 50
        assert all(t.index % GOP == 0 for t in strip)  # keyframes only
