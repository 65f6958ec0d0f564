"""The offset between two recordings of one match, from their sound.

Two cameras hear the same whistles, horns, hoofbeats and cheers, each under its own wind and its
own nearby crowd. The offset is found in two steps:

1. Coarse, over every possible offset: each recording becomes a curve of onsets (how much each of
   a dozen frequency bands grew from one 10 ms step to the next), and the two curves are
   cross-correlated (by FFT). The best offset is the highest correlation; the confidence is how
   far it stands above the best offset elsewhere (more than `DISTINCT_S` away).
2. Fine, to the sample: generalised cross-correlation with phase transform (GCC-PHAT) of the
   samples themselves, in windows spread over the overlap, aligned by the coarse offset and
   summed, searched within a few coarse steps of it and interpolated between samples.

offset_s = (time of an event in B) - (time of the same event in A), each on its video's timeline;
so B's frame for A's time t is the one at t + offset_s.
"""

from __future__ import annotations

import logging
import math
import os
from dataclasses import dataclass

import numpy as np
from scipy.signal import fftconvolve

from review_app.i18n import Message
from review_app.sound.audio import ANALYSIS_RATE, Recording
from review_app.sound.errors import NoOverlap, TooShort

log = logging.getLogger(__name__)

# Coarse step: onsets every 10 ms (a quarter of a 25 fps frame) from 32 ms spectra.
WINDOW = 512
HOP = 160
BANDS = 12
BAND_RANGE_HZ = (150.0, 7000.0)  # log-spaced bands over the range the sound of a match fills
BLOCK_S = 60.0  # spectra are made a minute at a time, so two hours never sit in memory at once
# Less sound than this in either recording, or less overlap at the offset found, is too little
# to tell the match's own sounds from chance: a few seconds hold several strides and a call or two.
MIN_SOUND_S = 5.0
MIN_OVERLAP_S = 5.0
# The runner-up offset is looked for at least this far from the best (past a gallop's stride,
# 0.43 s, so the hoofbeats' own rhythm does not count against the answer).
DISTINCT_S = 0.5
# Confidence = (best - runner-up) / best score. Measured on generated 25-30 s pairs
# (samples/sound_sets.py): one event sequence under each recording's own noise at up to 1.3 times
# the shared sound scored 0.44-0.9 (right to the millisecond); a recording against an unrelated one
# or against noise alone, 0.01-0.25. Under NO_OVERLAP the recordings are taken not to overlap (or
# to be too noisy to tell); under LOW the offset is given, and said to be uncertain.
NO_OVERLAP_CONFIDENCE = 0.3
LOW_CONFIDENCE = 0.5
# Fine step: GCC-PHAT over windows of 2^16 samples (4 s at 16 kHz), at most this many spread
# over the overlap (a two-hour overlap costs as much as five minutes), on the band where both
# recordings carry the match rather than the rumble of their own wind.
FINE_WINDOW = 1 << 16
FINE_WINDOWS = 32
FINE_BAND_HZ = (300.0, 7000.0)
FINE_SEARCH_STEPS = 3  # the fine offset is searched within this many coarse steps of the coarse one
TIME_DECIMALS = 4
# The uncertainty `sync` reports. The sound's offset itself: one coarse step (10 ms at the analysis rate),
# the fine search's own reach; on the same sound it is exact, but two cameras hear it through their own air,
# microphone and codec. The pictures' offset from it: a camera farther from a whistle hears it later by the
# difference of the two distances over the speed of sound, at most the cameras' distance apart (the triangle
# inequality); two cameras of one match stand at most a polo field's length apart, 300 yards (274 m), which
# sound crosses in 0.80 s at 343 m/s (air at 20 °C). `sync --distance` narrows it when the distance is known.
MEASUREMENT_S = HOP / ANALYSIS_RATE
CAMERA_DISTANCE_MAX_M = 274.0
SPEED_OF_SOUND_M_S = 343.0


def sound_travel_s(distance_m: float = CAMERA_DISTANCE_MAX_M) -> float:
    """The most two cameras `distance_m` apart can hear one sound apart (seconds)."""
    return max(0.0, distance_m) / SPEED_OF_SOUND_M_S


@dataclass(frozen=True)
class Offset:
    """B's time minus A's for the same sound, and how sure that is (0..1)."""

    offset_s: float
    confidence: float
    overlap_s: float  # how much of the two recordings' sound overlaps at this offset

    @property
    def low_confidence(self) -> bool:
        return self.confidence < LOW_CONFIDENCE

    def to_dict(self) -> dict:
        return {"offset_s": self.offset_s, "confidence": self.confidence}



def _band_edges(rate: int) -> np.ndarray:
    freqs = np.fft.rfftfreq(WINDOW, 1.0 / rate)
    edges_hz = np.geomspace(BAND_RANGE_HZ[0], min(BAND_RANGE_HZ[1], rate / 2 * 0.95), BANDS + 1)
    return np.searchsorted(freqs, edges_hz)


def onset_curves(x: np.ndarray, rate: int) -> np.ndarray:
    """Steps x BANDS: how much each band's log energy rose since the step before (never below 0),
    each band scaled to zero mean and unit variance."""
    edges = _band_edges(rate)
    window = np.hanning(WINDOW).astype(np.float32)
    block = int(BLOCK_S * rate) // HOP * HOP
    energies = []
    for start in range(0, len(x), block):
        part = x[start:start + block + WINDOW]
        if len(part) < WINDOW:
            part = np.pad(part, (0, WINDOW - len(part)))
        frames = np.lib.stride_tricks.sliding_window_view(part, WINDOW)[::HOP][: block // HOP]
        spec = np.fft.rfft(frames * window, axis=1)
        power = spec.real ** 2 + spec.imag ** 2
        c = np.cumsum(np.pad(power, ((0, 0), (1, 0))), axis=1)
        energies.append(c[:, edges[1:]] - c[:, edges[:-1]])
    log_e = np.log(np.concatenate(energies) + 1e-10)
    rise = np.maximum(np.diff(log_e, axis=0, prepend=log_e[:1]), 0.0)
    rise -= rise.mean(axis=0)
    std = rise.std(axis=0)
    return (rise / np.where(std > 0, std, 1.0)).astype(np.float32)


def _correlate(fa: np.ndarray, fb: np.ndarray) -> np.ndarray:
    """c[k] = sum over t and bands of fa[t] * fb[t + k - (len(fa) - 1)], for every overlap: each
    band's full cross-correlation (SciPy's FFT convolution of A reversed with B), summed."""
    return fftconvolve(fa[::-1].astype(np.float64), fb.astype(np.float64), axes=0).sum(axis=1)


def _coarse(a: Recording, b: Recording) -> tuple[int, float, float]:
    """(lag in steps, correlation, confidence): B's step t + lag is A's step t."""
    fa, fb = onset_curves(a.samples, a.rate), onset_curves(b.samples, b.rate)
    corr = _correlate(fa, fb)
    lags = np.arange(len(corr)) - (len(fa) - 1)
    overlap = np.minimum(len(fa), len(fb) - lags) - np.maximum(0, -lags)
    steps_per_s = a.rate / HOP
    usable = overlap >= MIN_OVERLAP_S * steps_per_s
    if not usable.any():
        raise TooShort(Message("the recordings are too short to sync (at least {seconds:g} s of sound "
                               "overlapping is needed)", seconds=MIN_OVERLAP_S))
    # Each step of the curves has unit variance: over an overlap of n steps and B bands, chance
    # alone sums to about sqrt(n * B). Scored in those units, a short overlap's lucky match does not
    # beat a long overlap's real one.
    score = np.where(usable, corr / np.sqrt(np.maximum(overlap, 1) * fa.shape[1]), -np.inf)
    best = int(np.argmax(score))
    away = np.abs(lags - lags[best]) > DISTINCT_S * steps_per_s
    peak = float(score[best])
    runner_up = float(np.max(score[away & usable])) if (away & usable).any() else 0.0
    confidence = max(0.0, (peak - max(runner_up, 0.0)) / peak) if peak > 0 else 0.0
    return int(lags[best]), peak, confidence


def _fine(a: Recording, b: Recording, shift: int) -> float:
    """Samples to add to `shift` (B's sample i + shift is A's sample i), by GCC-PHAT around it."""
    rate = a.rate
    first, stop = max(0, -shift), min(len(a.samples), len(b.samples) - shift)
    span = stop - first
    if span < FINE_WINDOW // 4:
        return 0.0
    size = min(FINE_WINDOW, span)
    count = max(1, min(FINE_WINDOWS, span // size))
    starts = np.linspace(first, stop - size, count).astype(int)
    freqs = np.fft.rfftfreq(size, 1.0 / rate)
    keep = (freqs >= FINE_BAND_HZ[0]) & (freqs <= FINE_BAND_HZ[1])
    window = np.hanning(size)
    cross = np.zeros(len(freqs), complex)
    for s in starts:
        fa = np.fft.rfft(a.samples[s:s + size] * window)
        fb = np.fft.rfft(b.samples[s + shift:s + shift + size] * window)
        g = np.conj(fa) * fb
        cross += np.where(keep, g / (np.abs(g) + 1e-12), 0)
    r = np.fft.irfft(cross, size)
    reach = FINE_SEARCH_STEPS * HOP
    around = np.concatenate([r[-reach:], r[:reach + 1]])  # lags -reach..reach
    k = int(np.argmax(around))
    frac = 0.0
    if 0 < k < len(around) - 1:  # a parabola through the peak and its neighbours
        y0, y1, y2 = around[k - 1], around[k], around[k + 1]
        denom = y0 - 2 * y1 + y2
        frac = 0.5 * (y0 - y2) / denom if denom else 0.0
    return k - reach + frac


def offset_between(a: Recording, b: Recording) -> Offset:
    """The offset of recording `b` from recording `a` (same rate), with its confidence."""
    if a.rate != b.rate:
        raise ValueError(f"recordings at different rates ({a.rate}, {b.rate}); decode both at one rate")
    for r in (a, b):
        if r.duration_s < MIN_SOUND_S:
            raise TooShort(Message("its sound is too short to sync: {seconds:.1f} s (at least {least:g} s)",
                                   seconds=r.duration_s, least=MIN_SOUND_S), path=r.path)
    lag, peak, confidence = _coarse(a, b)
    log.debug("coarse lag %d steps, correlation %.3f, confidence %.3f", lag, peak, confidence)
    if confidence < NO_OVERLAP_CONFIDENCE:
        raise NoOverlap(Message("{a} and {b} share no sound that can be matched: the recordings do not seem "
                                "to overlap, or are too noisy to tell (confidence {confidence:.2f})",
                                a=str(a.path), b=str(b.path), confidence=confidence))
    shift = lag * HOP
    shift_total = shift + _fine(a, b, shift)
    offset = b.start_s - a.start_s + shift_total / a.rate
    overlap = (min(len(a.samples), len(b.samples) - shift_total) - max(0.0, -shift_total)) / a.rate
    return Offset(float(round(offset, TIME_DECIMALS)), round(float(confidence), 3), round(float(max(0.0, overlap)), 3))


def find_offset(path_a: str | os.PathLike, path_b: str | os.PathLike) -> Offset:
    """The offset between two videos' sound, each on its own video's timeline."""
    from review_app.footage import Footage
    from review_app.sound.audio import decode_sound

    recordings = []
    for path in (path_a, path_b):
        with Footage(path) as video:
            zero = video.info.start_offset_s
        recordings.append(decode_sound(path, zero_s=zero))
    found = offset_between(*recordings)
    if not math.isfinite(found.offset_s):
        raise NoOverlap(Message("no offset could be found between the two recordings"), path=path_b)
    return found
