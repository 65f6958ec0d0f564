"""What a whistle's tones do at a step of a blast (issue 36, fourth round), read from the whistle
band's levels every 10 ms (`listener._band_db`), not from the networks:

- a new tone that rises while the tone sounding before it holds is another whistle: a second umpire's
  blown over the first's (each blast its own whistle, docs/sound.md "The space of real whistles");
- a new tone that takes over, with no gap, from one that stops is the same whistle going on: an
  electronic whistle stepping through its tones in turn ("steady or stepped tones"). Blasts of one
  whistle are apart by a gap of 0.05 s or more and sound at the same pitch, so neither is taken for
  the other.

Numpy only; the listener (`listener.listen`) joins and splits its whistles by what this says.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# What sounded just before a step (60 ms, ending 20 ms before it) and just after it (80 ms, from 20 ms
# after it), in steps of 10 ms: each window holds a pea's roll (15-50 Hz) at least once, so a warbling
# tone's level is its held level, and the 40 ms between them is a whistle's attack or a step's change.
BEFORE = (-8, -2)
AFTER = (2, 10)
# A bin has risen where its level rose this much: the rise the listener asks of a whistle's own tone
# (listener.OWN_RISE_DB), well over the step-to-step spread of a noise bed's median.
RISE_DB = 8.0
# A new tone is this many bins (4 x 31 Hz = 125 Hz) or more from any bin sounding before it: a pea's
# roll and a window's skirts stay within this of the tone sounding (listener.OWN_APART_BINS).
APART_BINS = 4
# What sounds before a step is the tone: the bins within this of the loudest (a pealess whistle's
# chambers are within a few dB of each other; the bed's loudest bins, tens of dB under a tone that
# stands out, are not the tone) ...
TONE_SPREAD_DB = 12.0
# ... and a new tone is one within this of it: a second umpire is farther away, up to 250 m against
# 10 m at the nearest, but its blast is heard at all only within some 20 dB of the nearer one's.
NEW_BELOW_DB = 20.0
# A stepped whistle's tones are alike in loudness (one loudspeaker, pressed once): at a seam the tone
# that stops and the one that takes over are within this of each other.
STEP_LEVEL_DB = 10.0
# Through a seam the band's loudest bin stays within this of the quieter tone's level (a window over
# both tones halves each, -6 dB; a gap between blasts falls to a tail tens of dB down in 0.05 s, or
# 10-20 dB down in a room as live as RT60 1 s, the tail starting at the reverberant level).
GAP_DROP_DB = 8.0
# What sounded before a step has stopped where each of its bins is this far under its level before
# (over three steps): a tone that stops falls to the bed, tens of dB, but in a room its tail falls
# slowly after the first few dB (6 dB missed the stops of an electronic whistle's tones at RT60 0.5 s
# on tuning clips made for it, and heard its steps as second umpires); a pea's roll moves a bin's
# median less ...
KEEPS_DB = 4.0
# ... looked for this many steps after the step (a second umpire's blast over the first's may begin
# any time in it; the first's held on past this is plainly another whistle) ...
STOP_LOOK = 20
# ... and it gave way to the new tone if it stopped within this of its rise: an electronic whistle's
# tones change at once (a 32 ms window sees both for 3 steps; a room's tail, RT60 up to 1 s, takes
# another 20 ms to fall 6 dB under it). A second umpire's blast that starts this near the first's end
# is taken for a step of one whistle.
TOGETHER_STEPS = 5
# An electronic whistle's tone holds its pitch within this many bins (2 x 31 Hz: a window's own
# spread); a pea's roll of 2 % or more at 2 kHz moves it farther.
STEADY_BINS = 2
# The bed a whistle sounds over: each bin's median over the BED_S before the step looked at (a field's
# bed comes and goes, a crowd's roar and hooves: a low quantile took its quiet moments for the bed and
# the bed's loud bins for tones).
BED_S = 1.0
BED_QUANTILE = 50.0
STEP_S = 0.01  # features.HOP at audio.ANALYSIS_RATE


@dataclass(frozen=True)
class Change:
    """A new tone rising at a step: its bins, how far its loudest bin rose (dB), the step where what
    sounded before it stopped for good (None: it held on for STOP_LOOK steps, or sounds again after
    the step), and whether the two are alike in loudness (STEP_LEVEL_DB)."""

    new: np.ndarray
    rise: float
    stop: int | None
    alike: bool
    level: float  # the quieter of the two tones' held levels (dB)


def bed_before(band: np.ndarray, t: int) -> np.ndarray:
    """Each whistle-band bin's bed level before step t (BED_S, BED_QUANTILE)."""
    lo = max(0, t - int(round(BED_S / STEP_S)))
    if t - lo < 5:
        return np.full(band.shape[1], -np.inf) if t <= lo else band[lo:t].min(axis=0)
    return np.percentile(band[lo:t], BED_QUANTILE, axis=0)


def widened(bins: np.ndarray, by: int) -> np.ndarray:
    return np.convolve(bins.astype(float), np.ones(2 * by + 1), mode="same") > 0


def change_at(band: np.ndarray, bed: np.ndarray, t: int) -> Change | None:
    """The new tone rising at step t over `bed`, apart from everything sounding just before it; None
    where none rose, or nothing sounded before it. What sounded is each bin's loudest step before t
    (a pea's roll visits the ends of its swing within BEFORE, so its whole swing is one tone); what
    rose, its median after."""
    if t + BEFORE[0] < 0 or t + AFTER[1] > len(band):
        return None
    before = band[t + BEFORE[0]:t + BEFORE[1]]
    peak, held = before.max(axis=0), np.median(before, axis=0)
    after = np.median(band[t + AFTER[0]:t + AFTER[1]], axis=0)
    loudest = float(held.max())
    sounding = (peak >= bed + RISE_DB) & (peak >= loudest - TONE_SPREAD_DB)
    if not sounding.any():
        return None
    new = (after - peak >= RISE_DB) & (after >= bed + RISE_DB) & (after >= loudest - NEW_BELOW_DB) \
        & ~widened(sounding, APART_BINS)
    if not new.any():
        return None
    tone = sounding & (held >= bed + RISE_DB)  # the bins of what sounded, each followed on its own
    # what sounds after the step, loudest: the new tone where the tone before stopped for good (a blast
    # after a gap filled by the last one's tail is that tone again, the tail far under it)
    was, now = float(held[sounding].max()), float(after.max())
    stop = _stops(band, tone, held, t) if np.all(after[tone] < held[tone] - KEEPS_DB) else None
    return Change(new, float((after - peak)[new].max()), stop, abs(now - was) <= STEP_LEVEL_DB, min(was, now))


def rising(band: np.ndarray, bed: np.ndarray, lo: int, hi: int, alike: bool = False) -> np.ndarray:
    """For each step t in lo..hi, whether `change_at(band, bed, t)` finds a new tone (the same test,
    for all those steps at once: most steps of a whistle have none, and are passed over); with
    `alike`, only one alike in loudness with what sounded (`Change.alike`)."""
    lo, hi = max(lo, -BEFORE[0]), min(hi, len(band) - AFTER[1] + 1)
    if hi <= lo:
        return np.zeros(0, bool)
    view = np.lib.stride_tricks.sliding_window_view
    before = view(band[lo + BEFORE[0]:hi + BEFORE[1] - 1], BEFORE[1] - BEFORE[0], axis=0)
    peak, held = before.max(axis=-1), np.median(before, axis=-1)
    after = np.median(view(band[lo + AFTER[0]:hi + AFTER[1] - 1], AFTER[1] - AFTER[0], axis=0), axis=-1)
    loudest = held.max(axis=1, keepdims=True)
    sounding = (peak >= bed + RISE_DB) & (peak >= loudest - TONE_SPREAD_DB)
    near = sounding.copy()
    for d in range(1, APART_BINS + 1):  # sounding widened by APART_BINS either side
        near[:, d:] |= sounding[:, :-d]
        near[:, :-d] |= sounding[:, d:]
    new = (after - peak >= RISE_DB) & (after >= bed + RISE_DB) & (after >= loudest - NEW_BELOW_DB) & ~near
    out = new.any(axis=1) & sounding.any(axis=1)
    if alike:
        was = np.where(sounding, held, -np.inf).max(axis=1)
        out &= np.abs(after.max(axis=1) - was) <= STEP_LEVEL_DB
    return out


def _stops(band: np.ndarray, tone: np.ndarray, held: np.ndarray, t: int) -> int | None:
    """The first step from t + BEFORE[1] where every bin of `tone` is KEEPS_DB under its `held` level
    (over three steps: a pea's roll dips for one), within STOP_LOOK steps; None if it holds on."""
    lo, hi = t + BEFORE[1], min(len(band), t + STOP_LOOK + 3)
    if not tone.any() or hi - lo < 3:
        return None
    levels = np.median(np.lib.stride_tricks.sliding_window_view(band[lo:hi, tone], 3, axis=0), axis=-1)
    quiet = np.flatnonzero(np.all(levels < held[tone] - KEEPS_DB, axis=1))
    return lo + int(quiet[0]) if len(quiet) else None


def together(c: Change, at: float) -> bool:
    """Whether what sounded stopped within TOGETHER_STEPS of the new tone's rise at step `at`: a step
    of one whistle, not a second whistle over it."""
    return c.stop is not None and abs(c.stop - at) <= TOGETHER_STEPS


def no_gap(band: np.ndarray, c: Change, t: int, half: int) -> bool:
    """Whether a tone as loud as the quieter of the two (within GAP_DROP_DB) sounds at every step within
    `half` of step t: one tone takes over from the other with no gap. Between two blasts there is a gap
    of 0.05 s or more, where only a room's tail sounds, falling (docs/sound.md)."""
    lo, hi = max(0, t - half), min(len(band), t + half + 1)
    return bool(np.all(band[lo:hi].max(axis=1) >= c.level - GAP_DROP_DB))


def steady(band: np.ndarray, t: int) -> bool:
    """Whether the loudest tone holds its pitch (within STEADY_BINS) just before and just after step t:
    an electronic whistle's tones do ("no breath, no roll"); a pea whistle's roll and a pealess
    whistle's beating chambers move it."""
    def held(lo: int, hi: int) -> bool:
        top = np.argmax(band[max(0, lo):hi], axis=1)
        return len(top) > 0 and int(np.ptp(top)) <= STEADY_BINS

    return held(t + BEFORE[0], t + BEFORE[1]) and held(t + AFTER[0], t + AFTER[1])


def onset(band: np.ndarray, bins: np.ndarray, t: int) -> float:
    """Where the tone in `bins` that rose about step t crosses half its rise (in dB), between steps."""
    track = band[:, bins].max(axis=1)
    lo, hi = max(0, t + BEFORE[0]), min(len(band), t + AFTER[1])
    low, high = float(np.median(track[lo:t + BEFORE[1]])), float(np.median(track[t + AFTER[0]:hi]))
    half = 0.5 * (low + high)
    for s in range(max(1, t + BEFORE[1]), min(len(track), t + AFTER[0] + 1)):
        if track[s] >= half:
            a, b = float(track[s - 1]), float(track[s])
            return s - 1 + (half - a) / (b - a) if b > a else float(s)
    return float(t)
