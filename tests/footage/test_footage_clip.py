"""Clip export: the right frames, original timing, browser codecs, overlay, clear errors."""

from __future__ import annotations

import framecode
import pytest
from footage_cases import make_case

from review_app import cli
from review_app.footage import Footage, FootageError, FrameOutOfRange, export_clip

CLIP_CASES = ["h264_bframes_long_gop", "variable_frame_rate", "rotated_90", "vp9_webm", "start_offset_mpegts"]


@pytest.fixture(params=CLIP_CASES)
def clip_source(request, footage_dir):
    return make_case(request.param, footage_dir)


@pytest.mark.parametrize("ext, codec", [(".mp4", "h264"), (".webm", "vp9")])
def test_clip_holds_exactly_the_frames_shown_between_start_and_end(clip_source, ext, codec, tmp_path):
    times = [float(t) for t in clip_source.times]
    first, last = len(times) // 4, len(times) // 2
    start = times[first] + 0.001  # mid-frame: the frame already on screen is included
    end = times[last + 1] - 0.001
    seen = []
    clip = export_clip(clip_source.path, tmp_path / f"c{ext}", start, end, progress=lambda s, f: seen.append((s, f)))
    assert (clip.first_frame, clip.last_frame, clip.frame_count) == (first, last, last - first + 1)
    assert seen[-1] == ("export", 1.0)
    with Footage(clip.path) as out:
        assert out.info.codec == codec
        assert out.info.frame_count == clip.frame_count
        assert (out.info.width, out.info.height, out.info.rotation) == (clip_source.width, clip_source.height, 0)
        for k in range(out.frame_count):
            f = out.frame(k)
            assert framecode.read(f.image) == first + k
            # timing kept, variable rate included (WebM's clock is 1 ms)
            assert f.time_s == pytest.approx(times[first + k] - times[first], abs=1.1e-3)


def test_overlay_and_caption_are_burnt_in(h264_bframes_video, tmp_path):
    plain = export_clip(h264_bframes_video.path, tmp_path / "plain.mp4", 1.0, 1.5)
    marked = export_clip(h264_bframes_video.path, tmp_path / "marked.mp4", 1.0, 1.5, overlay=True,
                         caption="Foul 3: crossing the line")
    with Footage(plain.path) as a, Footage(marked.path) as b:
        assert a.frame_count == b.frame_count
        x, y = a.frame(3).image, b.frame(3).image
        h = x.shape[0]
        band = abs(x[h // 2 :, : x.shape[1] // 2].astype(int) - y[h // 2 :, : x.shape[1] // 2].astype(int))
        assert band.mean() > 10  # text and darkening in the bottom-left
        assert abs(x[:10, -40:].astype(int) - y[:10, -40:].astype(int)).mean() < 8  # elsewhere untouched


def test_clip_from_the_command_line(h264_bframes_video, tmp_path, capsys):
    out = tmp_path / "foul.webm"
    code = cli.main(["clip", str(h264_bframes_video.path), "--start", "1", "--end", "2", "--out", str(out),
                     "--overlay", "--caption", "Foul 3"])
    stdout, err = capsys.readouterr()
    assert code == 0, err
    assert "frames 30..59 (30 frames" in stdout
    with Footage(out) as clip:
        assert clip.frame_count == 30 and clip.info.codec == "vp9"


@pytest.mark.parametrize(
    "start, end, out_name, error, message",
    [
        (2.0, 1.0, "c.mp4", FrameOutOfRange, "is not after its start"),
        (1.0, 99.0, "c.mp4", FrameOutOfRange, "past the end of the footage"),
        (-1.0, 1.0, "c.mp4", FrameOutOfRange, "negative"),
        (1.0, 2.0, "c.avi", FootageError, "clip must be .mp4"),
    ],
)
def test_bad_clip_requests(h264_bframes_video, tmp_path, start, end, out_name, error, message, capsys):
    with pytest.raises(error, match=message):
        export_clip(h264_bframes_video.path, tmp_path / out_name, start, end)
    code = cli.main(["clip", str(h264_bframes_video.path), "--start", str(start), "--end", str(end),
                     "--out", str(tmp_path / out_name)])
    assert code == 2 and message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no partial file left behind


def test_clip_never_overwrites_its_source(h264_bframes_video, tmp_path):
    import shutil

    src = tmp_path / "match.mp4"
    shutil.copy(h264_bframes_video.path, src)
    before = src.read_bytes()
    with pytest.raises(FootageError, match="refusing to overwrite"):
        export_clip(src, src, 0, 1)
    assert src.read_bytes() == before
