"""A whistle's tones step by step (`review_app.sound.tones`, issue 36): a new tone over one that holds is
another whistle, a tone that takes over from one that stops with no gap is the same whistle going on,
and a gap between blasts is a gap. On whistle-band levels made here (dB per 10 ms step and bin)."""

from __future__ import annotations

import numpy as np

from review_app.sound import tones

BED_DB, TONE_DB = -20.0, 20.0
STEPS, BINS = 200, 100


def band(*parts: tuple[int, int, int]) -> np.ndarray:
    """A bed with a steady tone in bin b from step a to step z for each (b, a, z)."""
    rng = np.random.default_rng(5)
    out = BED_DB + rng.normal(0.0, 1.5, (STEPS, BINS))
    for b, a, z in parts:
        out[a:z, b] = TONE_DB
    return out


def bed(levels: np.ndarray) -> np.ndarray:
    return tones.bed_before(levels, 30)


def test_a_new_tone_over_one_that_holds_is_not_a_step():
    levels = band((30, 30, 190), (60, 100, 190))  # a second umpire from step 100, the first holding on
    change = tones.change_at(levels, bed(levels), 100)
    assert change is not None and np.flatnonzero(change.new).tolist() == [60]
    assert change.stop is None and not tones.together(change, tones.onset(levels, change.new, 100))


def test_a_tone_that_takes_over_from_one_that_stops_is_a_step():
    levels = band((30, 30, 100), (42, 100, 190))  # one tone gives way to the next at step 100
    change = tones.change_at(levels, bed(levels), 100)
    at = tones.onset(levels, change.new, 100)
    assert abs(at - 99.5) <= 1 and tones.together(change, at) and change.alike
    assert tones.no_gap(levels, change, 100, 3) and tones.steady(levels, 100)


def test_a_gap_between_blasts_is_a_gap():
    levels = band((30, 30, 97), (42, 103, 190))  # 60 ms of bed between them
    change = tones.change_at(levels, bed(levels), 100)
    assert change is not None and not tones.no_gap(levels, change, 100, 3)


def test_the_same_tone_again_is_no_new_tone():
    levels = band((30, 30, 95), (30, 100, 190), (31, 100, 190))  # a blast again at its own pitch
    assert tones.change_at(levels, bed(levels), 100) is None


def test_a_rolling_tone_is_not_steady():
    levels = band((30, 30, 190))
    for step in range(30, 190):  # a pea's roll: the tone moves 3 bins up and down every few steps
        levels[step, 30] = BED_DB
        levels[step, 30 + 3 * ((step // 3) % 2)] = TONE_DB
    assert not tones.steady(levels, 100)


def test_rising_finds_the_steps_change_at_finds():
    levels = band((30, 30, 100), (42, 100, 150), (70, 120, 190), (30, 160, 170))
    floor = bed(levels)
    rises = tones.rising(levels, floor, 20, 180)
    assert rises.tolist() == [tones.change_at(levels, floor, t) is not None for t in range(20, 180)]
    assert rises.any()
    alike = tones.rising(levels, floor, 20, 180, alike=True)
    assert alike.tolist() == [(c := tones.change_at(levels, floor, t)) is not None and c.alike for t in range(20, 180)]
