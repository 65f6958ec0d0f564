"""One contract, every kind of footage: each frame asked for, by index or by time, is the right one."""

from __future__ import annotations

import hashlib
import random

import framecode
import pytest

from review_app.footage import Footage, FrameOutOfRange


def assert_is_frame(case, frame, index):
    assert frame.index == index
    assert framecode.read(frame.image) == index, f"{case.kind}: asked for frame {index}"
    assert frame.image.shape == (case.height, case.width, 3)
    assert frame.time_s == pytest.approx(float(case.times[index]), abs=case.time_tolerance)


@pytest.fixture
def footage(video):
    with Footage(video.path) as f:
        yield f


def test_info_describes_the_file(video, footage):
    info = footage.info
    assert info.frame_count == video.frame_count
    assert (info.width, info.height, info.rotation) == (video.width, video.height, video.rotation)
    assert info.codec == video.codec
    assert info.variable_frame_rate is video.variable_frame_rate
    assert info.start_offset_s == pytest.approx(video.start_offset_s, abs=0.01)
    assert info.file_size == video.path.stat().st_size
    assert info.sha256 == hashlib.sha256(video.path.read_bytes()).hexdigest()
    assert not info.truncated
    if video.end is not None:
        assert info.duration_s == pytest.approx(float(video.end), abs=2 * video.time_tolerance + 1e-9)
        assert info.fps == pytest.approx(video.frame_count / float(video.end), rel=1e-3)


def test_every_frame_in_order_without_seeking_again(video, footage):
    for i in range(video.frame_count):
        assert_is_frame(video, footage.frame(i), i)
    assert footage._decoder.seeks == 1


def test_every_frame_in_random_order(video, footage):
    order = list(range(video.frame_count))
    random.Random(video.kind).shuffle(order)
    for i in order:
        assert_is_frame(video, footage.frame(i), i)


def test_every_frame_backwards(video, footage):
    for i in reversed(range(video.frame_count)):
        assert_is_frame(video, footage.frame(i), i)


def test_every_frame_by_its_time(video, footage):
    # Lookups go by the time stored in the file; it must be the expected one (to within
    # the container's clock: WebM/MKV round 1/30 s to whole milliseconds).
    times = [footage.time_of(i) for i in range(video.frame_count)]
    assert times == pytest.approx([float(t) for t in video.times], abs=video.time_tolerance)
    end = footage.info.duration_s
    for i, t in enumerate(times):
        assert footage.index_at(t) == i
        # still on screen just before the next frame; not yet shown just before its own time
        nxt = times[i + 1] if i + 1 < len(times) else end
        assert footage.index_at((t + nxt) / 2) == i
        assert footage.index_at(nxt - 1e-5) == i
        if i:
            assert footage.index_at(t - 1e-5) == i - 1
    assert footage.index_at(end) == video.frame_count - 1
    order = list(range(video.frame_count))
    random.Random(1).shuffle(order)
    for i in order:
        assert_is_frame(video, footage.frame_at(times[i] + 1e-4), i)


def test_a_frame_time_round_trips(video, footage):
    for i in (0, video.frame_count // 3, video.frame_count - 1):
        f = footage.frame(i)
        assert footage.frame_at(f.time_s).index == i


def test_random_frame_decodes_only_from_its_keyframe(video, footage):
    idx = footage._index
    for i in random.Random(7).sample(range(video.frame_count), 12):
        footage._decoder.close()  # force a fresh seek
        before = footage._decoder.packets_fed
        assert_is_frame(video, footage.frame(i), i)
        fed = footage._decoder.packets_fed - before
        least = int(idx.decode_position[i]) - idx.start_packet(i) + 1
        # plus the decoder's reordering delay (B-frames) and its frame threads
        assert least <= fed <= least + 8, f"frame {i}: fed {fed} packets, least {least}"


def test_stepping_after_a_random_frame_does_not_seek(video, footage):
    start = video.frame_count // 2
    footage.frame(start)
    seeks = footage._decoder.seeks
    for i in range(start + 1, min(start + 25, video.frame_count)):
        assert_is_frame(video, footage.frame(i), i)
    assert footage._decoder.seeks == seeks


def test_past_the_end_and_before_the_start(video, footage):
    with pytest.raises(FrameOutOfRange):
        footage.frame(video.frame_count)
    with pytest.raises(FrameOutOfRange):
        footage.frame(-1)
    with pytest.raises(FrameOutOfRange):
        footage.frame_at(-0.001)
    with pytest.raises(FrameOutOfRange):
        footage.frame_at(footage.info.duration_s + 0.05)


def test_filmstrip_is_keyframes_spread_over_the_footage(video, footage):
    strip = footage.filmstrip(count=6, height=48)
    idx = footage._index
    keyframes = {idx.frame_of_pts(int(p)) for p in idx.key_pts}
    assert strip and len(strip) <= 6
    assert [t.index for t in strip] == sorted({t.index for t in strip})
    for thumb in strip:
        assert thumb.index in keyframes
        assert thumb.image.shape[0] == 48
        assert thumb.image.shape[1] == pytest.approx(48 * video.width / video.height, abs=2)
        assert framecode.read(thumb.image) == thumb.index
        assert thumb.time_s == pytest.approx(float(video.times[thumb.index]), abs=video.time_tolerance)
    # frames are still exact after the filmstrip moved the reader around
    assert_is_frame(video, footage.frame(video.frame_count - 1), video.frame_count - 1)
