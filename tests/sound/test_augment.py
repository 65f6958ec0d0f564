"""The training augmentation of issue 36's fifth round (benchmarks/augment_sounds.py): what it lays is
what its labels say, within the ranges docs/sound.md gives for real whistles."""

from __future__ import annotations

import numpy as np

from benchmarks import augment_sounds as aug

RATE = 16000


def _loudest_hz(x: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    return float(np.fft.rfftfreq(len(x), 1.0 / RATE)[np.argmax(spectrum)])


def test_two_umpires_are_two_whistles_the_second_starting_over_the_first():
    rng = np.random.default_rng(3)
    for _ in range(50):
        sound, labels = aug.umpires_pair(RATE, rng)
        (k1, a1, b1), (k2, a2, b2) = labels
        assert k1 == k2 == "whistle" and a1 == 0.0
        assert aug.SECOND_AFTER_S[0] <= a2 <= aug.SECOND_AFTER_S[1]
        assert aug.BLAST_S[0] <= b1 - a1 <= aug.BLAST_S[1] and aug.BLAST_S[0] <= b2 - a2 <= aug.BLAST_S[1]
        assert len(sound) >= int(max(b1, b2) * RATE) and np.isfinite(sound).all()
        # the first blast sounds from its own start, before the second joins it
        assert np.abs(sound[int(a1 * RATE):int(min(b1, a2) * RATE)]).max() > 0


def test_a_stepped_electronic_whistle_is_one_whistle_of_tones_apart():
    rng = np.random.default_rng(4)
    seen = set()
    for _ in range(30):
        sound, labels = aug.stepped_whistle(RATE, rng)
        ((kind, start, end),) = labels
        assert kind == "whistle" and start == 0.0 and aug.BLAST_S[0] <= end <= aug.BLAST_S[1]
        hops = [_loudest_hz(sound[i:i + 512]) for i in range(0, len(sound) - 512, 400)]
        assert all(aug.WHISTLE_HZ[0] - 50 <= f <= aug.WHISTLE_HZ[1] + 50 for f in hops)
        seen.add(len({round(f / 100) for f in hops}) > 1)
    assert True in seen  # it does step


def test_overlaid_keeps_the_clip_s_labels_and_adds_whistles_clear_of_them():
    rng = np.random.default_rng(5)
    bed = rng.standard_normal(RATE * 30).astype(np.float32) * 0.01
    labels = [("whistle", 5.0, 6.0), ("horn", 15.0, 17.0)]
    x, out = aug.overlaid(bed, RATE, labels, rng)
    assert len(x) == len(bed) and set(labels) <= set(out)
    added = [s for s in out if s not in labels]
    assert added and all(kind == "whistle" for kind, _, _ in added)
    # each laid sound's first start (not a second umpire's, which starts over the first on purpose) is
    # CLEAR_S from every edge of the clip's own sounds: each labelled start stays one sound's
    firsts = [a for _, a, _ in added if not any(0 < a - s <= aug.SECOND_AFTER_S[1] for _, s, _ in added)]
    assert firsts and all(abs(e - a) >= aug.CLEAR_S for a in firsts for _, s, t in labels for e in (s, t))
