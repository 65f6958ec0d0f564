"""Two recordings of one match, each under its own wind and crowd, put in step by their sound to
within a frame; the confidence is given, and a low one is said."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sound_cases import write_video

from review_app import cli
from review_app.samples.sound_sets import two_recordings
from review_app.sound import Offset, Recording, offset_between

FRAME_S = 1 / 25


@pytest.mark.parametrize("seed, offset", [(1, 7.3), (2, -4.21), (3, 0.0137), (4, 11.04), (5, -9.5)])
def test_a_known_offset_is_recovered_within_a_frame(seed, offset):
    rate = 16000
    pair = two_recordings(rate, np.random.default_rng(seed), offset)
    found = offset_between(Recording(None, pair.a, rate, 0.0), Recording(None, pair.b, rate, 0.0))
    error = found.offset_s - pair.offset_s
    print(f"offset {pair.offset_s:+.4f} s: recovered {found.offset_s:+.4f} s, error {error * 1000:+.2f} ms, "
          f"confidence {found.confidence:.2f}")
    assert abs(error) <= FRAME_S
    assert not found.low_confidence


@pytest.fixture(scope="module")
def two_videos(sound_dir):
    """Camera A (AAC in MP4, its clock at 0) and camera B (Opus in WebM, its clock at 2 s), 4.37 s apart."""
    rate = 48000
    pair = two_recordings(rate, np.random.default_rng(21), 4.37)
    a = write_video(sound_dir / "camera-a.mp4", pair.a, rate)
    b = write_video(sound_dir / "camera-b.webm", pair.b, rate, video_codec="vp9", audio_codec="opus", start_s=2.0)
    return a, b, pair.offset_s


def test_sync_json_gives_the_offset_of_b_from_a_within_a_frame(two_videos, capsys):
    a, b, truth = two_videos
    assert cli.main(["sync", str(a), str(b), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["offset_s", "confidence", "uncertainty_s", "sound_travel_s"]
    assert out["uncertainty_s"] == 0.01 and out["sound_travel_s"] == pytest.approx(0.7988, abs=1e-4)  # 274 m
    # the other way round, the same offset with the opposite sign
    assert cli.main(["sync", str(b), str(a), "--json"]) == 0
    back = json.loads(capsys.readouterr().out)["offset_s"]
    print(f"offset {truth:+.4f} s: recovered {out['offset_s']:+.4f} s, error {(out['offset_s'] - truth) * 1000:+.2f} "
          f"ms, confidence {out['confidence']:.2f}; B to A {back:+.4f} s")
    assert abs(out["offset_s"] - truth) <= FRAME_S
    assert 0 <= out["confidence"] <= 1
    assert back == pytest.approx(-truth, abs=FRAME_S)


def test_sync_text_says_the_offset_in_words(two_videos, capsys):
    a, b, _ = two_videos
    assert cli.main(["sync", str(a), str(b), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("desfase: +4,37") and "confianza" in out and "baja" not in out  # a Spanish decimal comma
    assert "±0,010" in out and "±0,809" in out  # the sound's own, and with sound travel over 274 m


def test_sync_reports_the_sound_travel_over_the_cameras_distance(two_videos, capsys):
    a, b, _ = two_videos
    assert cli.main(["sync", str(a), str(b), "--distance", "68.6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sound_travel_s"] == pytest.approx(0.2, abs=1e-4)  # 68.6 / 343
    assert cli.main(["sync", str(a), str(b), "--distance", "68.6"]) == 0
    assert "±0.210 s, with up to 0.20 s of sound travel between cameras 68.6 m apart" in capsys.readouterr().out


def test_low_confidence_is_said_plainly(two_videos, capsys, monkeypatch):
    import review_app.sound as sound

    a, b, _ = two_videos
    monkeypatch.setattr(sound, "find_offset", lambda *_: Offset(4.37, 0.2, 20.0))
    assert cli.main(["sync", str(a), str(b)]) == 0
    assert "Low confidence (0.20): the offset may be wrong" in capsys.readouterr().out
    assert cli.main(["sync", str(a), str(b), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {"offset_s": 4.37, "confidence": 0.2, "uncertainty_s": 0.01, "sound_travel_s": 0.7988}
    assert "low confidence (0.20)" in err
