"""Every kind of bad input gets one clear line naming the file and the problem, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import framecode
import numpy as np
import pytest

from review_app import cli
from review_app.footage import (
    DecodeError,
    Footage,
    FootageError,
    FrameOutOfRange,
    VideoOpenFailure,
)

ROOT = Path(__file__).resolve().parents[2]


# -- files that are not (whole) videos, named by content ---------------------------------
@pytest.fixture(scope="session")
def bad_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("bad")


@pytest.fixture(scope="session")
def empty_file(bad_dir):
    p = bad_dir / "empty.mp4"
    p.write_bytes(b"")
    return p


@pytest.fixture(scope="session")
def text_file_named_mp4(bad_dir):
    p = bad_dir / "notes.mp4"
    p.write_text("Chukker 3: foul on the line of the ball, penalty 3 awarded.\n" * 20)
    return p


@pytest.fixture(scope="session")
def png_image_named_mp4(bad_dir):
    p = bad_dir / "still.mp4"
    p.write_bytes(cv2.imencode(".png", framecode.draw(7, 160, 96))[1].tobytes())
    return p


@pytest.fixture(scope="session")
def random_bytes_mp4(bad_dir):
    p = bad_dir / "noise.mp4"
    p.write_bytes(np.random.default_rng(2024).bytes(64_000))
    return p


@pytest.fixture(scope="session")
def unfinished_mp4_without_moov(bad_dir):
    """A camera that lost power: MP4 data written, the index ('moov') never was."""
    import av

    whole = bad_dir / "whole_moov_at_end.mp4"
    with av.open(str(whole), "w") as c:  # no +faststart: moov goes at the end
        s = c.add_stream("libx264", rate=30)
        s.width, s.height, s.pix_fmt = 160, 96, "yuv420p"
        for i in range(60):
            c.mux(s.encode(av.VideoFrame.from_ndarray(framecode.draw(i, 160, 96), format="bgr24")))
        c.mux(s.encode(None))
    data = whole.read_bytes()
    p = bad_dir / "power_cut.mp4"
    p.write_bytes(data[: len(data) // 2])
    return p


@pytest.fixture(scope="session")
def truncated_faststart_mp4(bad_dir, h264_faststart_bytes):
    """Index first, then the data cut off at 60%: the first frames are there, the rest not."""
    p = bad_dir / "cut_short.mp4"
    p.write_bytes(h264_faststart_bytes[: len(h264_faststart_bytes) * 6 // 10])
    return p


@pytest.fixture(scope="session")
def zeroed_second_half_mp4(bad_dir, h264_faststart_bytes):
    """Complete index, but the picture data overwritten with zeros from 40% on."""
    data = bytearray(h264_faststart_bytes)
    at = data.find(b"mdat") - 4
    size = int.from_bytes(data[at : at + 4], "big")
    cut = at + 8 + (size - 8) * 4 // 10
    data[cut : at + size] = bytes(at + size - cut)
    p = bad_dir / "zeroed.mp4"
    p.write_bytes(bytes(data))
    return p


@pytest.fixture(scope="session")
def absurd_dimensions_y4m(bad_dir):
    p = bad_dir / "huge.y4m"
    p.write_bytes(b"YUV4MPEG2 W20000 H20 F30:1 Ip A1:1 C420jpeg\nFRAME\n" + bytes(1000))
    return p


@pytest.fixture(scope="session")
def impossible_dimensions_y4m(bad_dir):
    p = bad_dir / "impossible.y4m"
    p.write_bytes(b"YUV4MPEG2 W60000 H60000 F30:1 Ip A1:1 C420jpeg\nFRAME\n" + bytes(1000))
    return p


@pytest.fixture(scope="session")
def audio_only_mp4(bad_dir):
    import av

    p = bad_dir / "commentary.mp4"
    with av.open(str(p), "w") as c:
        s = c.add_stream("aac", rate=44100)
        for i in range(10):
            f = av.AudioFrame.from_ndarray(np.zeros((1, 1024), np.float32), format="fltp", layout="mono")
            f.sample_rate, f.pts = 44100, i * 1024
            c.mux(s.encode(f))
        c.mux(s.encode(None))
    return p


@pytest.fixture(scope="session")
def missing_path(bad_dir):
    return bad_dir / "no_such_match.mp4"


@pytest.fixture(scope="session")
def a_directory(bad_dir):
    d = bad_dir / "match_folder.mp4"
    d.mkdir(exist_ok=True)
    return d


UNOPENABLE = [
    ("empty_file", "is empty (0 bytes)"),
    ("text_file_named_mp4", "is a text file, not a video"),
    ("png_image_named_mp4", "is a PNG image, not a video"),
    ("random_bytes_mp4", "is not a video"),
    ("unfinished_mp4_without_moov", "truncated"),
    ("absurd_dimensions_y4m", "absurd dimensions 20000x20"),
    ("impossible_dimensions_y4m", "is not a video"),
    ("audio_only_mp4", "has no video stream"),
    ("missing_path", "no such file"),
    ("a_directory", "is a directory"),
]


def run_cli(argv, capsys):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fixture, message", UNOPENABLE)
def test_unopenable_file_raises_clear_error(fixture, message, request):
    path = request.getfixturevalue(fixture)
    with pytest.raises(VideoOpenFailure) as exc:
        Footage(path)
    assert str(exc.value) == f"{path}: {exc.value.args[0].split(': ', 1)[1]}"
    assert str(path) in str(exc.value) and message in str(exc.value)


@pytest.mark.parametrize("fixture, message", UNOPENABLE)
@pytest.mark.parametrize("command", [["probe"], ["frame", "--index", "0", "--out", "x.png"]])
def test_unopenable_file_on_the_command_line(fixture, message, command, request, capsys, tmp_path):
    path = request.getfixturevalue(fixture)
    argv = [command[0], path, *[tmp_path / a if a.endswith(".png") else a for a in command[1:]]]
    code, _out, err = run_cli(argv, capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"polo-review: error: {path}: ")
    assert message in lines[0]


def test_a_truncated_recording_is_exact_to_its_last_counted_frame_on_one_core(truncated_faststart_mp4, monkeypatch,
                                                                               tmp_path):
    """Decoded without frame threads (FFmpeg on one core), the cut-off tail gives back a P-frame whose B-frame, shown
    just before it, was cut off: counted, it took that frame's number (frame 63 showed frame 64's picture). Whatever
    the decoder's threads, every frame counted shows its own picture."""
    from review_app.footage import decoder

    def one_thread(stream):
        if not stream.codec_context.is_open:
            stream.codec_context.thread_count = 1

    monkeypatch.setattr(decoder, "configure", one_thread)
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path))  # indexed afresh, as on the machine that decodes so
    with Footage(truncated_faststart_mp4) as video:
        n = video.frame_count
        assert 0 < n < video.info.header_frame_count
        assert [framecode.read(video.frame(i).image) for i in range(n)] == list(range(n))
        with pytest.raises(DecodeError, match=f"decoding stopped at frame {n} of 150"):
            video.frame(n)


def test_truncated_recording_opens_and_says_where_decoding_stops(truncated_faststart_mp4, capsys, tmp_path):
    with Footage(truncated_faststart_mp4) as video:
        assert video.info.truncated
        n, claimed = video.frame_count, video.info.header_frame_count
        assert 0 < n < claimed == 150
        for i in range(n):  # what is there is exact
            assert framecode.read(video.frame(i).image) == i
        with pytest.raises(DecodeError, match=f"decoding stopped at frame {n} of 150"):
            video.frame(100)
        with pytest.raises(FrameOutOfRange):
            video.frame(150)
    code, _out, err = run_cli(["frame", truncated_faststart_mp4, "--index", 100, "--out", tmp_path / "f.png"], capsys)
    assert code == 2
    assert err.strip() == (f"polo-review: error: {truncated_faststart_mp4}: decoding stopped at frame {n} "
                           "of 150 (the recording is truncated)")
    code, _out, err = run_cli(["probe", truncated_faststart_mp4], capsys)
    assert code == 0 and "warning" in err and "truncated recording" in err


def test_damaged_data_says_where_decoding_stops(zeroed_second_half_mp4, capsys, tmp_path):
    with Footage(zeroed_second_half_mp4) as video:
        assert framecode.read(video.frame(5).image) == 5
        with pytest.raises(DecodeError, match=r"decoding stopped at frame \d+ of 150 \(the data is damaged\)"):
            video.frame(149)
    code, _out, err = run_cli(["frame", zeroed_second_half_mp4, "--index", 149, "--out", tmp_path / "f.png"], capsys)
    assert code == 2 and "decoding stopped at frame" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "request_args, message",
    [
        (["--index", "150"], "frame 150 is past the end: the footage has 150 frames (0..149)"),
        (["--index", "-1"], "frame index -1 is negative"),
        (["--at", "-0.5"], "time -0.5 s is negative"),
        (["--at", "99"], "time 99 s is past the end of the footage (5.000 s long)"),
        (["--at", "nan"], "time nan is not a finite number"),
    ],
)
def test_frame_requests_out_of_range(h264_bframes_video, request_args, message, capsys, tmp_path):
    code, _out, err = run_cli(["frame", h264_bframes_video.path, *request_args, "--out", tmp_path / "f.png"], capsys)
    assert code == 2
    assert err.strip().startswith(f"polo-review: error: {h264_bframes_video.path}: {message}")
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "f.png").exists()


def test_api_rejects_non_integer_index(h264_bframes_video):
    with Footage(h264_bframes_video.path) as video:
        with pytest.raises(FrameOutOfRange, match="not a whole number"):
            video.frame(2.5)
        with pytest.raises(FrameOutOfRange, match="not a number"):
            video.frame_at("soon")


def test_frame_output_must_be_an_image(h264_bframes_video, capsys, tmp_path):
    code, _out, err = run_cli(["frame", h264_bframes_video.path, "--index", 1, "--out", tmp_path / "f.txt"], capsys)
    assert code == 2 and "output must be an image" in err


def test_real_process_exit_status_and_no_traceback(random_bytes_mp4, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "review_app.cli", "frame", str(random_bytes_mp4), "--index", "3",
         "--out", str(tmp_path / "f.png")],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (f"polo-review: error: {random_bytes_mp4}: "
                                     "is not a video FFmpeg can read (unrecognised or damaged data)")


def test_footage_errors_are_project_errors():
    from review_app.errors import PoloReviewError

    assert issubclass(FootageError, PoloReviewError)
    for cls in (VideoOpenFailure, FrameOutOfRange, DecodeError):
        assert issubclass(cls, FootageError)
