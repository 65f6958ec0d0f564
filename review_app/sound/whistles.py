"""Umpires' whistle blasts in a block of sound, each blast on its own, by tracking tones.

Why not averaged spectra and a merge rule: on a real ground the gaps between blasts are not quiet.
Birds, people whistling, the PA and hooves on hard ground sound short tones in the whistle band,
and a detector that scores the band as a whole and then joins stretches less than some gap apart
joins everything (issue 21: one "whistle" of 35 s swallowing seven). Here a blast is a stretch of
ONE tone, followed where it is in the time-frequency plane:

1. Tonality, every 5 ms: each bin's power (over 30 ms) against the spectrum beside it. Where it
   stands TONE_ON_DB over, the plane is marked; each connected patch of marks is a tone (a bird's
   chirp elsewhere in pitch is another patch, however close in time).
2. A tone's pitch is followed frame by frame; the frames near its median pitch are its core (a
   bird chirp touching it in the plane is not). Its level near that pitch is followed too, and the
   tone is cut where the level dips and comes back (a repeated blast: the gap between blasts is
   the whistle's own silence at its own pitch, whatever else sounds meanwhile).
3. A piece is an umpire's blast if it holds its pitch (a person's whistle, a bird's song, a voice
   and a neigh glide or quaver: GLIDE_MAX, WOBBLE_MAX), lasts MIN_BLAST_S to MAX_BLAST_S, and is no
   upper harmonic of a lower tone starting with it (a horn's or music's harmonics in the band:
   a new line below at pitch/k).
4. Tones starting together (a pealess whistle's two or three chambers, a pea's second harmonic) are
   one blast.

Every threshold below was read from the TUNING set of tests/sound/field_sounds.py (seeds 101-102),
never from its evaluation set; benchmarks/bench_sounds.py reports both.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

WINDOW = 512  # 32 ms at 16 kHz: bins 31 Hz apart, a whistle's tone a few bins wide
HOP = 80  # 5 ms: a blast's edges and the gap between blasts (0.1 s or more) are many steps
SMOOTH_STEPS = 6  # power averaged over 30 ms: noise's chance peaks even out, a 0.1 s gap stays
BAND_HZ = (2000.0, 5000.0)  # umpires' whistles sound 2.2-4.5 kHz
CLUSTER = 2  # bins either side counted as the tone (a pea's warble spreads it)
GUARD_BINS = 3
SIDE_BINS = 8
TONE_ON_DB = 9.0
MIN_BLAST_S = 0.07
MAX_BLAST_S = 4.0  # the longest blast: the end of a period is 2-3 s
CORE_PITCH = 0.07  # frames within this fraction of the tone's median pitch are its core
# The level near the pitch is cut where it falls DIP_DB under the loudest before and after for at
# least DIP_S: a pea's roll dips it for less than half a roll (under 25 ms); the breath between
# two blasts for longer.
LEVEL_BAND_HZ = 250.0
DIP_DB = 6.0
DIP_S = 0.035
# Holding pitch: the pitch's drift from the first third of the blast to the last, and its wander
# once a pea's roll (20-60 Hz) is averaged out over ROLL_S.
GLIDE_MAX = 0.05
WOBBLE_MAX = 0.02
ROLL_S = 0.05
# A new line below the tone at pitch/k (k >= 2) and at twice that, LINE_DB tonal and LINE_RISE_DB
# over the 100 ms before the tone: the tone is that line's harmonic.
LOW_BAND_HZ = (120.0, 1600.0)
LINE_DB = 8.0
LINE_RISE_DB = 5.0
TOGETHER_S = 0.04  # tones starting this close and overlapping are one blast
# ... of at most this many tones: a pealess whistle's three chambers (a pea's fundamental and second
# harmonic are two). More starting together is a harmonic sound's series: a horn's, music's.
MAX_TONES = 3


@dataclass(frozen=True)
class Blast:
    start: int  # samples, blurred by the spectra (refined afterwards)
    stop: int
    pitch_hz: float
    prev_stop: int  # where the last blast at about this pitch ended (the noise is measured after it)
    next_start: int  # where the next one at about this pitch starts (the end is searched before it)


def _spectrogram(x: np.ndarray) -> np.ndarray:
    padded = np.pad(x.astype(np.float32, copy=False), (WINDOW // 2, WINDOW // 2))
    frames = np.lib.stride_tricks.sliding_window_view(padded, WINDOW)[::HOP]
    spectrum = np.fft.rfft(frames * np.hanning(WINDOW).astype(np.float32), axis=1)
    return (spectrum.real ** 2 + spectrum.imag ** 2).astype(np.float32)


def _moving_sum(a: np.ndarray, half: int) -> np.ndarray:
    width = 2 * half + 1
    c = np.cumsum(np.pad(a, ((0, 0), (half + 1, half)), mode="edge"), axis=1, dtype=np.float64)
    return (c[:, width:] - c[:, :-width]).astype(np.float32)


def _tonality(power: np.ndarray, cluster: int) -> np.ndarray:
    """dB of each bin's cluster over the geometric mean of the spectrum beside it."""
    log_power = 10 * np.log10(power + 1e-20)
    sums = _moving_sum(power, cluster)
    inner, outer = cluster + GUARD_BINS, cluster + GUARD_BINS + SIDE_BINS
    beside = (_moving_sum(log_power, outer) - _moving_sum(log_power, inner)) / (2 * (outer - inner))
    return 10 * np.log10(sums / (2 * cluster + 1) + 1e-20) - beside


def _time_mean(a: np.ndarray, steps: int) -> np.ndarray:
    c = np.cumsum(np.pad(a, ((steps // 2 + 1, steps - steps // 2 - 1), (0, 0)), mode="edge"), axis=0,
                  dtype=np.float64)
    return np.maximum((c[steps:] - c[:-steps]) / steps, 0.0).astype(np.float32)[: len(a)]


def _mean1(a: np.ndarray, steps: int) -> np.ndarray:
    return _time_mean(a[:, None], max(1, steps))[:, 0]


def find_blasts(x: np.ndarray, rate: int) -> list[Blast]:
    """Every whistle blast in `x` (mono at `rate`), in time order, its edges to the 5 ms step."""
    raw = _spectrogram(x)
    power = _time_mean(raw, SMOOTH_STEPS)
    freqs = np.fft.rfftfreq(WINDOW, 1.0 / rate)
    bin_hz = rate / WINDOW
    band = np.flatnonzero((freqs >= BAND_HZ[0]) & (freqs < BAND_HZ[1]))
    tone = _tonality(power, CLUSTER)
    marks = tone[:, band] > TONE_ON_DB
    labels, _ = ndimage.label(marks, structure=np.ones((3, 3), bool))
    low = np.flatnonzero((freqs >= LOW_BAND_HZ[0]) & (freqs < LOW_BAND_HZ[1]))
    low_tone = _tonality(power, 1)
    level_raw = _time_mean(raw, 3)  # 15 ms: a blast's edges, a gap's silence
    min_steps = int(MIN_BLAST_S * rate / HOP)
    pieces: list[tuple[int, int, float]] = []
    for k, where in enumerate(ndimage.find_objects(labels), start=1):
        if where is None or where[0].stop - where[0].start < min_steps:
            continue
        t0 = where[0].start
        patch = labels[where] == k
        bins = band[where[1]]
        weight = np.where(patch, power[where[0], bins], 0.0)
        has = weight.sum(axis=1) > 0
        pitch = np.full(len(patch), np.nan)
        pitch[has] = (weight[has] * freqs[bins]).sum(axis=1) / weight[has].sum(axis=1)
        centre = float(np.nanmedian(pitch))
        core = np.abs(pitch - centre) <= CORE_PITCH * centre
        for a, b in _runs(_close(core, 3)):
            if b - a < min_steps:
                continue
            near = np.abs(freqs - centre) <= LEVEL_BAND_HZ
            level = 10 * np.log10(level_raw[t0 + a:t0 + b][:, near].sum(axis=1) + 1e-20)
            for pa, pb in _cut(level, int(DIP_S * rate / HOP)):
                if pb - pa < min_steps:
                    continue
                pa, pb = t0 + a + pa, t0 + a + pb
                if _holds_pitch(pitch[pa - t0:pb - t0], rate) and not _harmonic_of_lower(
                        low_tone, low, tone, freqs, centre, pa, bin_hz):
                    pieces.append((pa, pb, centre))
    return _together(pieces, rate)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def _close(mask: np.ndarray, gap: int) -> np.ndarray:
    """`mask` with holes of up to `gap` steps filled (a frame or two where a chirp took the peak)."""
    out = mask.copy()
    runs = _runs(~mask)
    for a, b in runs:
        if 0 < a and b < len(mask) and b - a <= gap:
            out[a:b] = True
    return out


def _cut(level: np.ndarray, hold: int) -> list[tuple[int, int]]:
    """Pieces of a tone between its dips: stretches where the level stays DIP_DB under the loudest
    before it and the loudest after it for at least `hold` steps."""
    before = np.maximum.accumulate(level)
    after = np.maximum.accumulate(level[::-1])[::-1]
    dip = (level < before - DIP_DB) & (level < after - DIP_DB)
    cuts = [(a, b) for a, b in _runs(dip) if b - a >= hold]
    pieces, start = [], 0
    for a, b in cuts:
        pieces.append((start, a))
        start = b
    pieces.append((start, len(level)))
    # a piece's own quiet ends (the tone fading under the marks' threshold) are trimmed away
    out = []
    for a, b in pieces:
        top = float(np.max(level[a:b])) if b > a else 0.0
        loud = np.flatnonzero(level[a:b] > top - 2 * DIP_DB)
        if len(loud):
            out.append((a + int(loud[0]), a + int(loud[-1]) + 1))
    return out


def _holds_pitch(pitch: np.ndarray, rate: int) -> bool:
    p = pitch[np.isfinite(pitch)]
    if len(p) < 3:
        return False
    centre = float(np.median(p))
    third = max(1, len(p) // 3)
    glide = abs(float(np.median(p[-third:])) - float(np.median(p[:third]))) / centre
    smooth = _mean1(p.astype(np.float32), int(ROLL_S * rate / HOP))
    edge = min(len(smooth) // 4, int(ROLL_S * rate / HOP) // 2)
    inner = smooth[edge:len(smooth) - edge] if len(smooth) > 2 * edge + 2 else smooth
    wobble = float(np.std(inner)) / centre
    return glide <= GLIDE_MAX and wobble <= WOBBLE_MAX


def _harmonic_of_lower(low_tone, low, tone, freqs, pitch, start, bin_hz) -> bool:
    """Whether the tone is one harmonic of a lower sound starting with it (a horn's, music's): a
    fundamental f0 = pitch/k (k >= 2) and its second harmonic both become tonal lines below as the
    tone starts, and the series goes on beside the tone in the band (pitch - f0 or pitch + f0 is
    tonal too). A pealess whistle's chambers may be spaced like harmonics, but nothing sounds at
    their spacing's own frequency."""
    steps = len(low_tone)
    if start < 8 or start + 3 >= steps:
        return False
    during = np.median(low_tone[start + 2:start + 12], axis=0)
    before = np.median(low_tone[max(0, start - 24):start - 4], axis=0)
    beside = np.median(tone[start + 2:start + 12], axis=0)

    def line(f, where, rise=True):
        b = int(round(f / bin_hz))
        if b < 1 or b + 2 > len(where):
            return False
        d = float(np.max(where[b - 1:b + 2]))
        return d > LINE_DB and (not rise or d - float(np.max(before[b - 1:b + 2])) > LINE_RISE_DB)

    k = 2
    while pitch / k >= LOW_BAND_HZ[0]:
        f0 = pitch / k
        if 2 * f0 < LOW_BAND_HZ[1] and line(f0, during) and line(2 * f0, during) and (
                line(pitch - f0, beside, rise=False) or line(pitch + f0, beside, rise=False)):
            return True
        k += 1
    return False


def _together(pieces: list[tuple[int, int, float]], rate: int) -> list[Blast]:
    """Pieces as blasts in time order; pieces starting together and overlapping are one blast."""
    pieces.sort()
    joined: list[list] = []
    for a, b, pitch in pieces:
        last = joined[-1] if joined else None
        if last is not None and a - last[0] <= TOGETHER_S * rate / HOP and a < last[1]:
            last[1] = max(last[1], b)
            last[3] += 1
        else:
            joined.append([a, b, pitch, 1])
    max_steps = MAX_BLAST_S * rate / HOP
    kept = [j[:3] for j in joined if j[1] - j[0] <= max_steps and j[3] <= MAX_TONES]
    out = []
    for i, (a, b, pitch) in enumerate(kept):
        same = [o for o in kept if o is not kept[i] and abs(o[2] - pitch) <= 0.15 * pitch]
        prev_stop = max([o[1] for o in same if o[1] <= a], default=-10 ** 9)
        next_start = min([o[0] for o in same if o[0] >= b], default=10 ** 12)
        out.append(Blast(a * HOP - WINDOW // 2, b * HOP + WINDOW // 2, pitch, prev_stop * HOP + WINDOW // 2,
                         next_start * HOP - WINDOW // 2))
    return out
