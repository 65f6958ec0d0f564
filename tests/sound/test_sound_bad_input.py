"""Bad input to `sounds` and `sync` gets one line naming the file and the problem, exit status 2,
never a traceback: no sound, silence, too little sound, recordings that do not overlap, no video."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sound_cases import track, write_video

from review_app.samples.sound_sets import noise_bed

ROOT = Path(__file__).resolve().parents[2]


def polo_review(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "review_app", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def one_line(result: subprocess.CompletedProcess, *words: str) -> str:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def files(sound_dir):
    rate = 48000
    out = {
        "mute": write_video(sound_dir / "mute.mp4", None, seconds=3.0),
        "silent": write_video(sound_dir / "silent.mp4", np.zeros(3 * rate, np.float32), rate),
        "short_a": write_video(sound_dir / "short-a.mp4", track(rate, (), seconds=3.0, seed=1), rate),
        "short_b": write_video(sound_dir / "short-b.mp4", track(rate, (), seconds=3.0, seed=2), rate),
        "match_a": write_video(sound_dir / "match-a.mp4", track(rate, seconds=25.0, seed=3), rate),
        "other": write_video(sound_dir / "other.mp4",
                             0.3 * noise_bed(25 * rate, rate, np.random.default_rng(4)).astype(np.float32), rate),
        "text": sound_dir / "notes.mp4",
    }
    out["text"].write_text("Chukker 3: whistle at 2:14, penalty 3.\n" * 20)
    return out


def test_a_recording_without_sound(files):
    one_line(polo_review("sounds", files["mute"]), str(files["mute"]), "has no sound track")
    one_line(polo_review("sync", files["match_a"], files["mute"]), str(files["mute"]), "has no sound track")


def test_a_silent_sound_track(files):
    one_line(polo_review("sounds", files["silent"]), str(files["silent"]), "silent")


def test_sound_too_short_to_sync(files):
    one_line(polo_review("sync", files["short_a"], files["short_b"]), str(files["short_a"]), "too short to sync")


def test_recordings_that_do_not_overlap(files):
    line = one_line(polo_review("sync", files["match_a"], files["other"]), "do not seem to overlap")
    assert str(files["match_a"]) in line and str(files["other"]) in line


def test_a_file_that_is_not_a_video(files):
    one_line(polo_review("sounds", files["text"]), str(files["text"]), "not a video")
    one_line(polo_review("sync", files["text"], files["match_a"]), str(files["text"]), "not a video")


def test_the_line_is_in_the_readers_language(files):
    one_line(polo_review("sounds", files["mute"], "--lang", "es"), "no tiene pista de sonido")
