"""`polo-review probe` and `polo-review frame` on every kind of footage."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import framecode
import pytest

from review_app import cli

ROOT = Path(__file__).resolve().parents[2]


def run(argv, capsys):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_probe_json(video, capsys):
    code, out, err = run(["probe", video.path, "--json"], capsys)
    assert code == 0, err
    info = json.loads(out)
    assert info["frame_count"] == video.frame_count
    assert (info["width"], info["height"], info["rotation"]) == (video.width, video.height, video.rotation)
    assert info["variable_frame_rate"] is video.variable_frame_rate
    assert len(info["sha256"]) == 64


def test_probe_table(video, capsys):
    code, out, err = run(["probe", video.path], capsys)
    assert code == 0 and err == ""
    assert f"frames       {video.frame_count}" in out


def test_frame_by_index_and_by_time(video, capsys, tmp_path):
    n = video.frame_count
    for i in sorted({0, 1, n // 2 + 1, n - 2, n - 1}):
        out_png = tmp_path / f"i{i}.png"
        code, out, err = run(["frame", video.path, "--index", i, "--out", out_png], capsys)
        assert code == 0, err
        image = cv2.imread(str(out_png))
        assert image.shape == (video.height, video.width, 3)
        assert framecode.read(image) == i
        # the same frame asked for by a time inside its display interval
        t = float(video.times[i]) + 0.001
        out_png = tmp_path / f"t{i}.png"
        code, out, err = run(["frame", video.path, "--at", t, "--out", out_png], capsys)
        assert code == 0, err
        assert framecode.read(cv2.imread(str(out_png))) == i
        assert out.startswith(f"frame {i} at ")


def test_frame_as_a_real_process(h264_bframes_video, tmp_path):
    out_png = tmp_path / "f.png"
    result = subprocess.run(
        [sys.executable, "-m", "review_app.cli", "frame", str(h264_bframes_video.path), "--at", "2.51",
         "--out", str(out_png)],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert framecode.read(cv2.imread(str(out_png))) == 75  # 2.51 s at 30 fps


@pytest.mark.parametrize("args", [["frame", "x.mp4", "--out", "f.png"],
                                  ["frame", "x.mp4", "--index", "1", "--at", "2", "--out", "f.png"]])
def test_frame_needs_exactly_one_of_index_or_time(args, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(args)
    assert exc.value.code == 2
