"""Whistles and horns found in what phones and cameras record: every whistle type and blast pattern
and both horns, under wind, crowd and hoofbeats, in AAC, Opus and PCM; at the time the video
shows them, with the frame the footage layer shows at that time."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sound_cases import CASES, EVENTS, FPS, track, write_video

from review_app import cli
from review_app.footage import Footage
from review_app.samples import sound, sound_sets
from review_app.sound import Recording, detect_sounds, find_sounds, matching

# A whistle starts within half a frame at 25 fps; a horn swells in over some 40 ms, so within a frame.
ONSET_TOLERANCE_S = {"whistle": 0.02, "horn": 0.04}


def blasts(events=EVENTS):
    """(kind, start) of every sound the detector gives for `events`: each blast of a repeated call
    is a whistle of its own."""
    out = []
    for e in events:
        offsets = [s for s, _ in sound.blast_times(e.pattern)] if e.kind == "whistle" else [0.0]
        out += [(e.kind, e.start_s + s) for s in offsets]
    return out


@pytest.fixture(scope="session", params=CASES, ids=lambda c: c.name)
def recording(request, sound_dir):
    case = request.param
    path = sound_dir / f"events-{case.name}{case.suffix}"
    write_video(path, track(case.rate), case.rate, video_codec=case.video_codec, audio_codec=case.audio_codec,
                start_s=case.start_s)
    return case, path


def test_every_whistle_and_horn_is_found_at_its_time_and_frame(recording):
    case, path = recording
    sounds = detect_sounds(path)
    expected = blasts()
    assert [s.kind for s in sounds] == [k for k, _ in expected], sounds
    with Footage(path) as video:
        assert video.info.start_offset_s >= case.start_s  # a camcorder's clock: still 0 on the video's timeline
        for s, (kind, start) in zip(sounds, expected, strict=True):
            assert abs(s.start_s - start) <= ONSET_TOLERANCE_S[kind], (s, start)
            assert s.end_s > s.start_s
            assert s.start_frame == video.index_at(s.start_s)
            assert abs(s.start_frame - video.index_at(start)) <= 1


def test_each_blast_of_a_repeated_call_is_a_whistle_and_the_call_one_stoppage(recording):
    _, path = recording
    heard = detect_sounds(path)
    for e in (e for e in EVENTS if e.pattern == "repeated"):
        call = [s for s in matching.whistles(heard) if e.start_s - 0.05 <= s.start_s <= e.start_s + 1.0]
        assert len(call) == sound.REPEATED_COUNT, call
        for s in call:  # each no longer than its blast: none spans the gap to the next
            assert s.end_s - s.start_s == pytest.approx(sound.REPEATED_BLAST_S, abs=0.06)
        assert any(c == call for c in matching.calls(heard))


def test_noise_alone_has_no_whistle_or_horn():
    rate = 16000
    for seed in (11, 12):
        bed = sound_sets.noise_bed(60 * rate, rate, np.random.default_rng(seed))
        assert find_sounds(Recording(None, (0.3 * bed).astype(np.float32), rate, 0.0)) == []


def test_sounds_json_is_exactly_the_documented_form(recording, capsys):
    _, path = recording
    assert cli.main(["sounds", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["sounds"]
    for item in out["sounds"]:
        assert list(item) == ["kind", "start_s", "end_s", "start_frame"]
        assert item["kind"] in ("whistle", "horn")
        assert isinstance(item["start_frame"], int)
        assert isinstance(item["start_s"], float) and isinstance(item["end_s"], float)
    assert [i["start_frame"] for i in out["sounds"]] == [s.start_frame for s in detect_sounds(path)]


def test_sounds_table_in_spanish(sound_dir, capsys):
    path = sound_dir / f"events-{CASES[0].name}{CASES[0].suffix}"
    if not path.exists():
        write_video(path, track(CASES[0].rate), CASES[0].rate)
    assert cli.main(["sounds", str(path), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "silbato" in out and "bocina" in out and "fotograma" in out
    assert out.strip().endswith("8 silbatos, 2 bocinas")  # each blast of the two repeated calls


def test_onsets_hold_on_a_whistle_every_frame_apart(sound_dir):
    """The onset error is a fraction of a frame wherever the whistle falls between frames."""
    rate = 48000
    starts = [2.0 + k * 1.5 + k / (FPS * 7) for k in range(7)]  # seven phases across a frame
    events = [type(EVENTS[0])("whistle", t, "pea" if k % 2 else "pealess", "short") for k, t in enumerate(starts)]
    path = write_video(sound_dir / "phases.mp4", track(rate, events, seconds=13.0, snr_db=6.0, seed=3), rate)
    found = detect_sounds(path)
    assert len(found) == len(starts)
    errors = [abs(s.start_s - t) * FPS for s, t in zip(found, starts, strict=True)]
    print(f"onset error in frames: median {np.median(errors):.2f}, max {max(errors):.2f}")
    assert max(errors) < 0.5
