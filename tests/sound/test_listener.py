"""The learned listener's decoding (probabilities to whistles and horns) and its shipped weights."""

from __future__ import annotations

import field_sounds as fs
import numpy as np
import pytest

from review_app.sound import features, listener
from review_app.sound.audio import ANALYSIS_RATE


def probs(steps: int, whistle=(), starts=(), horn=(), horn_starts=()) -> np.ndarray:
    """(steps x 4) probabilities: 0.95 over each (a, b) step range of a sound, each start a peak of
    0.95 at its step with 0.5 either side; 0.02 elsewhere."""
    p = np.full((steps, 4), 0.02)
    for col, spans in ((0, whistle), (2, horn)):
        for a, b in spans:
            p[a:b, col] = 0.95
    for col, peaks in ((1, starts), (3, horn_starts)):
        for i in peaks:
            p[i - 1:i + 2, col] = (0.5, 0.95, 0.5)
    return p


def kinds(found):
    return [(f.kind, round(f.start_step), round(f.end_step)) for f in found]


def test_two_blasts_whose_gap_is_full_of_sound_are_two_whistles_neither_spanning_the_gap():
    # the whistle probability never falls (an echo fills the gap), but each blast has its start: the
    # first ends where the second starts
    found = listener.decode(probs(300, whistle=[(50, 150)], starts=[50, 100]))
    assert kinds(found) == [("whistle", 50, 100), ("whistle", 100, 150)]


def test_a_start_with_no_held_tone_after_it_is_no_whistle():
    assert listener.decode(probs(200, whistle=[(50, 54)], starts=[50])) == []


def test_a_blast_ends_where_its_tone_does():
    (found,) = listener.decode(probs(400, whistle=[(100, 361)], starts=[100]))
    assert round(found.end_step) == 361


def test_a_horn_is_one_stretch_over_short_gaps_and_a_short_one_is_no_horn():
    gap = int(listener.HORN_GAP_S / listener.STEP_S) - 5
    found = listener.decode(probs(600, horn=[(100, 200), (200 + gap, 300), (450, 480)], horn_starts=[100]))
    assert kinds(found) == [("horn", 100, 300)]


def test_a_horn_after_flickers_of_music_is_a_horn():
    # music flickers over horn_off before the horn, close enough to be joined to it: the stretch as a
    # whole averages under horn_mean, but the horn from its own start is a horn
    flickers = [(a, a + 3) for a in range(40, 190, 20)]
    found = listener.decode(probs(600, horn=[*flickers, (200, 330)], horn_starts=[200]))
    assert kinds(found) == [("horn", 200, 330)]


def _blasts(*blasts, seconds=3.0):
    """Ground noise with whistles (voice, start s, length s) about 10 dB over it."""
    rng = np.random.default_rng(5)
    x = fs.ground(int(seconds * ANALYSIS_RATE), ANALYSIS_RATE, rng)
    level = np.sqrt(np.mean(x ** 2))
    for voice, at, length in blasts:
        b = voice.blast(length, ANALYSIS_RATE, rng)
        i = int(at * ANALYSIS_RATE)
        x[i:i + len(b)] += b * 3 * level / np.sqrt(np.mean(b ** 2))
    return (0.5 * x / np.max(np.abs(x))).astype(np.float32)


def test_two_umpires_overlapping_each_whistle_ends_where_its_own_tone_does():
    # the second umpire blows at another pitch while the first still sounds: the first is not ended
    # by the second's start, and the second does not run on over the first's end (issue 21)
    first, second = fs.WhistleVoice("pea", (2600.0,), 30.0), fs.WhistleVoice("pealess", (3700.0, 4000.0))
    x = _blasts((first, 0.5, 1.0), (second, 0.9, 0.4))
    found = sorted(s for s in listener.listen(x, ANALYSIS_RATE) if s[0] == "whistle")
    assert [round(s[1], 1) for s in found] == [0.5, 0.9], found
    assert found[0][2] == pytest.approx(1.5, abs=0.06)
    assert found[1][2] == pytest.approx(1.3, abs=0.06)


def test_the_shipped_weights_fit_the_features():
    rng = np.random.default_rng(1)
    x = (0.01 * rng.standard_normal(ANALYSIS_RATE * 3)).astype(np.float32)
    p = listener.probabilities(x, ANALYSIS_RATE)
    assert p.shape == (len(x) // features.HOP + 1, len(listener.LABELS))
    assert np.all((p >= 0) & (p <= 1))


@pytest.mark.parametrize("seconds", [0.5, 70.0])
def test_listening_in_blocks_finds_a_whistle_wherever_it_falls(seconds):
    """A blast in a long recording is heard once, in whichever block it falls (a minute at a time)."""
    rng = np.random.default_rng(2)
    x = fs.ground(int((seconds + 3) * ANALYSIS_RATE), ANALYSIS_RATE, rng)
    blast = fs.WhistleVoice("pea", (3200.0,), 35.0).blast(0.4, ANALYSIS_RATE, rng)
    at = int(seconds * ANALYSIS_RATE)
    x[at:at + len(blast)] += blast * 3 * np.sqrt(np.mean(x ** 2) / np.mean(blast ** 2))  # about 10 dB over the ground
    found = [s for s in listener.listen((0.5 * x / np.max(np.abs(x))).astype(np.float32), ANALYSIS_RATE)
             if s[0] == "whistle"]
    assert len(found) == 1, found
    assert found[0][1] == pytest.approx(seconds, abs=0.04)


def test_the_training_tuning_and_evaluation_sets_are_apart():
    """No seed in two sets, and a condition the evaluation set alone has (issue 21)."""
    training = set(fs.TRAINING_SEEDS) | set(fs.PA_TRAINING_SEEDS) | set(fs.FOCUS_TRAINING_SEEDS)
    assert not training & set(fs.TUNING_SEEDS)
    assert not training & set(fs.EVALUATION_SEEDS)
    assert not set(fs.TUNING_SEEDS) & set(fs.EVALUATION_SEEDS)
    assert not set(fs.DEVELOPMENT_SEEDS) & (training | set(fs.TUNING_SEEDS) | set(fs.EVALUATION_SEEDS))
    # each development condition's own seeds are the development set's, and the sets hand them out
    assert set().union(*fs.DEVELOPMENT.values()) == set(fs.DEVELOPMENT_SEEDS)
    for name, (conditions, seeds) in fs.SETS.items():
        assert all(set(fs.set_seeds(name, c)) <= set(seeds) and fs.set_seeds(name, c) for c in conditions)
    # the evaluation seeds seen while the detector was made and the fresh ones are one set, split in two
    assert not set(fs.SEEN_EVALUATION_SEEDS) & set(fs.FRESH_EVALUATION_SEEDS)
    assert set(fs.EVALUATION_SEEDS) == set(fs.SEEN_EVALUATION_SEEDS) | set(fs.FRESH_EVALUATION_SEEDS)
    assert set(fs.FOCUS_CONDITIONS) <= set(fs.TUNING_CONDITIONS)
    assert fs.EVALUATION_ONLY and not set(fs.EVALUATION_ONLY) & set(fs.TUNING_CONDITIONS)
    assert set(fs.EVALUATION_ONLY) <= set(fs.EVALUATION_CONDITIONS)
