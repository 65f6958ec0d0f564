"""Regenerating a sample is deterministic, and encodes as real footage does. One short clip
is rendered here (not the whole set, which `polo-review samples` makes)."""

from __future__ import annotations

import av
import numpy as np
import pytest

from review_app.samples.render import render_clip, render_frame
from review_app.samples.scenarios import build

FRAMES = 30


@pytest.fixture(scope="module")
def two_renders(tmp_path_factory):
    sc = build("safety")
    return [render_clip(sc, tmp_path_factory.mktemp(f"run{k}"), limit_frames=FRAMES) for k in (1, 2)]


def test_rendering_the_same_scenario_twice_gives_the_same_bytes(two_renders):
    a, b = two_renders
    assert a.sha256 == b.sha256
    assert a.path.read_bytes() == b.path.read_bytes()
    with av.open(str(a.path)) as container:  # the sound track (seeded noise, AAC) included
        assert container.streams.audio[0].codec_context.name == "aac"


def test_the_clip_is_browser_playable_h264_with_b_frames_and_a_two_second_gop(two_renders):
    clip = two_renders[0]
    with av.open(str(clip.path)) as container:
        stream = container.streams.video[0]
        assert stream.codec_context.name == "h264"
        assert stream.codec_context.pix_fmt == "yuv420p"
        packets = [p for p in container.demux(stream) if p.size]
    assert len(packets) == FRAMES == clip.frame_count
    keys = [i for i, p in enumerate(packets) if p.is_keyframe]
    assert keys == [0]  # 30 frames < one 50-frame GOP
    decode_order = [p.pts for p in packets]
    assert decode_order != sorted(decode_order)  # B-frames reorder


def test_a_frame_is_a_pure_function_of_its_time():
    sc = build("broken-girth")
    first = render_frame(sc, 2.3, 57)
    render_frame(sc, 6.5, 162)  # drawing another frame in between changes nothing
    assert np.array_equal(first, render_frame(sc, 2.3, 57))
    assert first.shape == (480, 854, 3) and first.dtype == np.uint8


def test_the_phone_clip_is_drawn_upright_and_stored_sideways():
    sc = build("lodged-ball")
    assert render_frame(sc, 1.0, 30).shape == (854, 480, 3)
    assert sc.footage.rotation == 90 and sc.footage.vfr_seed is not None
