"""Whistles told apart where the gaps between them are full of other sound (issue 21): short clips of
the field generator's material (tests/sound/field_sounds.py, seeds of neither the tuning nor the
evaluation set), at 0 dB SNR. Each blast is one whistle; birds, people whistling and horns between
and over them neither join blasts nor count as whistles."""

from __future__ import annotations

import field_sounds as fs
import numpy as np
import pytest

from review_app.sound import Recording, find_sounds

RATE = 16000
FRAME_S = 1 / 25


def _level(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(x))))


def scene(seed: int, seconds: float, calls, others=()):
    """Ground noise with `calls` [(start s, samples)] at 0 dB over the noise under them and `others`
    [(start s, samples)] at the noise's level."""
    rng = np.random.default_rng(seed)
    bed = fs.ground(int(seconds * RATE), RATE, rng)
    mix = bed.copy()
    for start, samples in calls:
        i = int(start * RATE)
        mix[i:i + len(samples)] += samples * _level(bed[i:i + len(samples)]) / _level(samples)
    for start, samples in others:
        i = int(start * RATE)
        mix[i:i + len(samples)] += samples * _level(bed) / _level(samples)
    return Recording(None, (0.9 * mix / np.max(np.abs(mix))).astype(np.float32), RATE, 0.0)


def whistles(recording):
    return [h for h in find_sounds(recording) if h.kind == "whistle"]


def test_birds_between_two_blasts_give_two_whistles():
    rng = np.random.default_rng(5)
    voice = fs.WhistleVoice("pea", (3100.0,), 35.0)
    double, truth = fs._pattern(voice, [0.3, 0.3], [0.25], RATE, rng)
    birds = [(1.0 + 0.55 * k, fs.bird(RATE, rng)) for k in range(6)]
    heard = whistles(scene(11, 5.0, [(2.0, double)], birds))
    assert len(heard) == 2, heard
    for h, t in zip(heard, truth, strict=True):
        assert abs(h.start_s - (2.0 + t.start_s)) <= FRAME_S, (h, t)
    assert heard[0].end_s < heard[1].start_s  # neither spans the gap


def test_people_whistling_around_a_call_are_not_whistles():
    rng = np.random.default_rng(6)
    voice = fs.WhistleVoice("pealess", (2700.0, 3150.0, 3600.0))
    call, _ = fs._pattern(voice, [0.4], [], RATE, rng)
    crowd = [(0.5, fs.mouth_whistle(RATE, rng)), (3.0, fs.mouth_whistle(RATE, rng))]
    heard = whistles(scene(12, 5.0, [(2.0, call)], crowd))
    assert [round(h.start_s, 1) for h in heard] == [2.0], heard


def test_two_umpires_overlapping_are_two_whistles():
    rng = np.random.default_rng(7)
    a, _ = fs._pattern(fs.WhistleVoice("pea", (2600.0,), 30.0), [0.9], [], RATE, rng)
    b, _ = fs._pattern(fs.WhistleVoice("pealess", (3500.0, 3900.0)), [0.6], [], RATE, rng)
    heard = whistles(scene(13, 4.0, [(1.0, a), (1.3, b)]))
    assert len(heard) == 2, heard
    assert abs(heard[0].start_s - 1.0) <= FRAME_S and abs(heard[1].start_s - 1.3) <= FRAME_S


def test_an_end_of_period_blast_is_one_whistle_as_long_as_it_sounds():
    rng = np.random.default_rng(8)
    long, _ = fs._pattern(fs.WhistleVoice("pea", (3300.0,), 45.0), [2.6], [], RATE, rng)
    birds = [(0.8 + 0.7 * k, fs.bird(RATE, rng)) for k in range(5)]
    heard = whistles(scene(14, 5.0, [(1.2, long)], birds))
    assert len(heard) == 1, heard
    assert heard[0].start_s == pytest.approx(1.2, abs=FRAME_S)
    assert heard[0].end_s - heard[0].start_s == pytest.approx(2.6, abs=0.1)


def test_a_whistle_under_a_horn_is_heard_and_the_horn_too():
    rng = np.random.default_rng(9)
    horn = fs.horn(2.5, RATE, rng, dual=False)
    call, _ = fs._pattern(fs.WhistleVoice("pea", (3400.0,), 40.0), [0.5], [], RATE, rng)
    heard = find_sounds(scene(15, 5.0, [(1.0, horn), (2.0, call)]))
    assert [h.kind for h in heard] == ["horn", "whistle"], heard
    assert heard[1].start_s == pytest.approx(2.0, abs=FRAME_S)


@pytest.mark.parametrize("condition", ["multi_blast", "birds"])
def test_a_short_clip_of_the_field_material(condition):
    """An evaluation-like clip (a seed of neither set): every blast found to the frame, none
    joined to the next."""
    import scipy.signal

    clip = fs.make_clip(condition, 501, 0.0, seconds=12.0)
    rec = Recording(None, scipy.signal.resample_poly(clip.samples, RATE, clip.rate).astype(np.float32), RATE, 0.0)
    heard = whistles(rec)
    truth = [t for t in clip.truth if t.kind == "whistle"]
    found = [t for t in truth if any(abs(h.start_s - t.start_s) <= 1 / clip.fps for h in heard)]
    assert len(found) >= 0.9 * len(truth), (truth, heard)
    assert len(heard) <= len(truth) + 1, (truth, heard)
    for h in heard:
        inside = [t for t in truth if h.start_s - 0.1 <= t.start_s < h.end_s - 0.02]
        assert not any(b.start_s >= a.end_s for a in inside for b in inside), (h, inside)
