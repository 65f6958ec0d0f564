"""A frame's time as documents keep it, `round(t_i, 6)`, gives back frame i on footage whose frames do not
start on whole microseconds: 29.97 fps on a 90 kHz clock (H.264 and HEVC) and a phone's variable rate.
Every frame of each clip, through the index, through `polo-review frame --at` (reading the picture's own
number), and through a constant rate where no footage is at hand."""

from __future__ import annotations

from fractions import Fraction

import cv2
import framecode
import pytest
from ntsc_clips import hevc_available, make_clip

from review_app import cli
from review_app.exchange.timebase import ConstantRate
from review_app.footage import Footage
from review_app.footage.clip import _frame_range

KINDS = ["ntsc", "phone_vfr", pytest.param("ntsc_hevc", marks=pytest.mark.skipif(
    not hevc_available(), reason="no HEVC encoder (libx265) in this PyAV"))]


@pytest.fixture(scope="module", params=KINDS)
def clip(request, tmp_path_factory):
    return make_clip(request.param, tmp_path_factory.mktemp("ntsc"))


def test_every_frames_stored_time_gives_that_frame(clip):
    with Footage(clip.path) as video:
        assert video.frame_count == clip.frame_count
        stored = [round(video.time_of(i), 6) for i in range(video.frame_count)]
        # the clips are the case the rounding bites: about one frame in three is stored before it starts
        assert sum(s < float(Fraction(t, 90000)) for s, t in zip(stored, clip.ticks, strict=True)) > 30
        assert [video.index_at(s) for s in stored] == list(range(video.frame_count))
        # and a time half a frame in still gives the frame (the slack reaches no neighbour)
        mids = [(clip.seconds(i) + clip.seconds(i + 1)) / 2 for i in range(video.frame_count - 1)]
        assert [video.index_at(t) for t in mids] == list(range(video.frame_count - 1))


def test_polo_review_frame_at_the_stored_time_shows_that_frame(clip, tmp_path, capsys):
    png = tmp_path / "f.png"
    for i in range(clip.frame_count):
        at = round(clip.seconds(i), 6)
        assert cli.main(["frame", str(clip.path), "--at", repr(at), "--out", str(png)]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"frame {i} at "), (i, at, out)
        assert framecode.read(cv2.imread(str(png))) == i, (i, at)


def test_a_constant_rate_gives_every_frame_back_from_its_stored_time():
    ntsc = ConstantRate(30000 / 1001)
    assert ntsc.frame_of(0.066733) == 2  # frame 2 is at 2002/30000 s = 0.0667333... s
    assert all(ntsc.frame_of(ntsc.time_of(i)) == i for i in range(200_000))  # 1 h 51 min of footage
    for fps in (24000 / 1001, 25, 30, 50, 60000 / 1001, 120):
        rate = ConstantRate(fps)
        assert all(rate.frame_of(round(i / fps, 6)) == i for i in range(20_000)), fps


def test_a_clip_ending_at_a_frames_stored_time_leaves_that_frame_out(clip):
    with Footage(clip.path) as video:
        for i in (3, 40, 100):
            start, end = round(video.time_of(i), 6), round(video.time_of(i + 10), 6)
            assert _frame_range(video, start, end) == (i, i + 9)
        assert _frame_range(video, 0.0, video.info.duration_s) == (0, video.frame_count - 1)



def test_a_reel_segment_starts_on_its_windows_first_frame(clip):
    from review_app.model.event import Call, Event, Moment, Window
    from review_app.reels.reel import _source_times, window_of

    with Footage(clip.path) as video:
        for i in range(video.frame_count - 5):
            first, last = (Moment(frame=n, time_s=round(video.time_of(n), 6)) for n in (i, i + 4))
            event = Event(id="e", position=first, situation="21.b", facts={}, call=Call(),
                          window=Window(start=first, end=last))
            start, end = window_of(event, video.info.duration_s)
            assert video.frame_on_screen(_source_times(start, end, None)[0]) == i


def test_the_time_polo_review_frame_prints_typed_back_gives_that_frame(clip, tmp_path, capsys):
    """The time shown for a frame (to the millisecond) is the first whole millisecond inside it, so a reviewer who
    types it back gets the same frame; rounded to the nearest, about half a 29.97 clip's frames came back one early
    (found walking issue 39: 'Frame 1010 · 0:33.700', and 33.700 gave frame 1009)."""
    png = tmp_path / "f.png"
    for i in range(0, clip.frame_count, 7):
        assert cli.main(["frame", str(clip.path), "--index", str(i), "--out", str(png)]) == 0
        shown = capsys.readouterr().out.split(" at ")[1].split(" s")[0]
        assert cli.main(["frame", str(clip.path), "--at", shown, "--out", str(png)]) == 0
        assert capsys.readouterr().out.startswith(f"frame {i} at {shown} s"), (i, shown)
