"""Whistles and horns in a recording's sound.

A whistle is a narrow tone between 1.8 and 5 kHz (a pea whistle warbles around one pitch, a pealess
one sounds a steady chord of three); a horn is a steady tone of a few hundred hertz with its
harmonics. Wind, crowd and hoofbeats are broad, or (a voice) glide in pitch. So the short-time
spectrum, averaged over 0.4 s, is scored every 10 ms by how far its strongest narrow cluster of
frequencies stands above the spectrum beside it ("tonality"), in the whistle band and in the horn
band; stretches that stand out make a sound. Blasts less than `BLAST_GAP_S` apart are one whistle
(a repeated pattern). Averaging blurs where a sound starts, so each start (and end) is then found
to the millisecond on the tone's own frequencies: where its level first rises clear of the noise
before it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass

import numpy as np

from review_app.sound.audio import Recording
from review_app.sound.whistles import find_blasts

log = logging.getLogger(__name__)

# Short-time spectrum: 32 ms windows (bins 31 Hz apart: a tone is a few bins) every 10 ms; the
# scores are averaged over 0.4 s anyway, and the edges are found to the sample afterwards.
WINDOW = 512
HOP = 160
# Spectra are averaged over 0.4 s before scoring: noise's chance peaks and a voice's gliding
# harmonics even out while a held tone stays where it is. Measured on the benchmark's noise
# (wind, crowd, hoofbeats): the loudest noise-only score fell from 11 dB (40 ms) to 6 dB.
SMOOTH_S = 0.4
WHISTLE_BAND_HZ = (1800.0, 5000.0)
# A horn's fundamental: above the crowd's voices (100-260 Hz), up to the highest air horns.
# (Up to 700 Hz first; on the field tuning set the crowd's babble scored as "horns" of 650-690 Hz
# again and again, and no horn there or in review_app.samples sounds above 600 Hz.)
HORN_PITCH_HZ = (280.0, 640.0)
# A horn is scored on its first harmonics together (their tonality averaged): where the crowd
# drowns one, the others still show. Four halved the loudest noise-only score (3.8 dB) against
# the fundamental alone, while a horn as loud as the noise still scores 5 dB or more.
HORN_HARMONICS = 4
# Bins either side of the peak counted as the tone: a pea's warble spreads it over about ±170 Hz.
WHISTLE_CLUSTER = 5
HORN_CLUSTER = 1  # a horn's lines hold still
# The level a tone is measured against: the spectrum beside it, SIDE_BINS wide each side, after
# GUARD_BINS left for the tone's own spread (a window's skirt).
GUARD_BINS = 3
SIDE_BINS = 8
# Tonality (dB over the spectrum beside it) a stretch must reach to count, and the lower level
# that carries it on. Over three minutes of the benchmark's noise (other seeds than its own),
# noise alone stayed under 6 dB in the whistle band and 3.8 dB on the horn's harmonics.
WHISTLE_ON_DB = 8.0
WHISTLE_OFF_DB = 6.0
# The horn's score is taken over the recording's own floor (the median over HORN_FLOOR_S): read from
# the tuning set of tests/sound/field_sounds.py, where the ground's noise swings 1-1.5 dB about
# its median and a horn at 0 dB SNR stands 2-5 dB over it.
HORN_FLOOR_S = 12.0
HORN_LEAST_DB = 4.5  # the score a horn must reach whatever the floor (the first calibration's ON)
HORN_ON_DB = 2.0
HORN_OFF_DB = 1.0
# A horn's strongest harmonic below 1.5 kHz outweighs its upper ones in the whistle band by far
# more than this (per bin); a whistle over a horn must come within this of it to be heard.
HORN_OVER_WHISTLE_DB = 6.0
# Shortest whistle (a sharp "pip" is a tenth of a second) and shortest horn, as measured once
# their edges are found.
MIN_BLAST_S = 0.08
MIN_HORN_S = 0.6  # a horn that ends a period is held; a shout in the crowd is shorter
# A blast found by the tone tracker (whistles.py) is blurred by its 32 ms windows and 30 ms
# averaging only: its edges are searched this far either side.
WHISTLE_BLUR_S = 0.06
# The noise before a blast starts this long after the blast before it at its pitch ended, and is
# at least MIN_NOISE_S long (the shortest gap between blasts is 0.1 s).
AFTER_BLAST_S = 0.02
MIN_NOISE_S = 0.03
# Whistles whose found starts are this close are one (two of its tones; under reverberation a
# pealess whistle's chambers cross the tracker's threshold up to some 60 ms apart on the tuning
# set). Two umpires blowing within this of each other are heard as one whistle.
SAME_ONSET_S = 0.1
# A "whistle" starting this close to a horn's start (before, after) is the horn's harmonics.
HORN_ONSET_S = (0.05, 0.25)
# A "whistle" starting while a horn sounds (or HORN_NEAR_S before its found start) is the
# horn's harmonic if its pitch is, within HARMONIC_OFF, the 2nd to HARMONIC_MOST-th harmonic of a
# line of HARMONIC_LINE_HZ sounding with its octave (HARMONIC_PROMINENCE_DB over its surroundings),
# measured over at most HARMONIC_SPAN_S. Tuning set at 0 and 10 dB: the horns' harmonics taken for
# whistles sat within 0.0008 of one (5th-8th), the umpires' whistles under horns 0.0007-0.016 off,
# those within 0.0012 on a 10th or 11th harmonic (a whistle at 4 kHz falls near one of a horn's
# close upper harmonics by chance; low ones are far apart). One starting after the horn has ended is
# no harmonic of it: the first benchmark's whistle 0.2 s after a horn fell on a line's harmonic by
# chance (review_app.samples' foul-at-horn clip).
HORN_NEAR_S = 0.3
HARMONIC_OFF = 0.0012
HARMONIC_MOST = 8
HARMONIC_LINE_HZ = (250.0, 720.0)
HARMONIC_PROMINENCE_DB = 10.0
HARMONIC_SPAN_S = 0.6
HARMONIC_SEARCH = 0.015  # the tone's own peak, searched this far from the tracker's pitch
# A horn heard in pieces (a gust over it, two horns beating) is one horn across gaps this short.
HORN_GAP_S = 0.3
# Edges: the tone's level near its pitch (EDGE_BAND_HZ either side: a pea's warble is wide, a
# horn's lines narrow; a horn's first harmonics together), over 2 ms, is compared with the noise
# in the NOISE_BEFORE_S before the stretch and with the tone's own level (its 95th percentile: near
# its top, through a pea's rattle). A start is where it first rises EDGE_FRACTION of the way (in dB)
# from the noise to the tone, and over the noise's own peaks (their 95th percentile), and stays up for most of
# EDGE_HOLD_S (a gust lifts the noise for longer than a blast's first instant); an end is where it
# last falls below.
EDGE_BAND_HZ = {"whistle": 250.0, "horn": 100.0}
# A whistle's level over 2 ms; a horn's over 10 ms: its harmonics, several in each band, beat
# against the crowd's voices and one another, and a horn's start is wanted within a frame (40 ms),
# not a millisecond (tuning set: at 0 dB SNR the 2 ms level never held over the noise's peaks).
EDGE_SMOOTH_S = {"whistle": 0.002, "horn": 0.01}
NOISE_BEFORE_S = 0.5
EDGE_FRACTION = {"whistle": 0.5, "horn": 0.35}  # a horn swells in over some 40 ms; its start is early in that
NOISE_PEAK_PERCENTILE = 95
TONE_PERCENTILE = 95
EDGE_HOLD_S = {"whistle": 0.05, "horn": 0.15}  # a horn is held: its start must hold longer
HELD_SHARE = 0.75
EDGE_MIN_RISE_DB = 3.0  # a tone rising less than this over the noise before it is no sound
EDGE_SLACK_S = 0.05  # searched this far beyond the averaging's blur
# Long recordings are analysed in blocks of this many seconds (with a margin either side), so
# memory stays bounded for a two-hour match.
BLOCK_S = 60.0
BLOCK_MARGIN_S = 2.0
# The share of detect_sounds' progress taken by decoding (measured: about a fifth of the time).
DECODE_SHARE = 0.2
TIME_DECIMALS = 4  # times are given to 0.1 ms: finer than any sample rate a camera records


@dataclass(frozen=True)
class Sound:
    """A whistle or a horn: when it starts and ends on the video's timeline, and the frame on
    screen when it starts."""

    kind: str  # "whistle" | "horn"
    start_s: float
    end_s: float
    start_frame: int

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Heard:
    """A sound found in a recording, on the recording's timeline, before frames are attached."""

    kind: str
    start_s: float
    end_s: float
    pitch_hz: float  # the tone's strongest frequency, where its onset is measured


def _spectrogram(x: np.ndarray) -> np.ndarray:
    """Power spectra (steps x bins) of windows centred every HOP samples from sample 0."""
    padded = np.pad(x.astype(np.float32, copy=False), (WINDOW // 2, WINDOW // 2))
    frames = np.lib.stride_tricks.sliding_window_view(padded, WINDOW)[::HOP]
    spectrum = np.fft.rfft(frames * np.hanning(WINDOW).astype(np.float32), axis=1)
    return (spectrum.real ** 2 + spectrum.imag ** 2).astype(np.float32)


def _smooth(power: np.ndarray, steps: int) -> np.ndarray:
    """Mean over `steps` steps centred on each (float64 sums: float32 ones lose the quiet bins)."""
    c = np.cumsum(np.pad(power, ((steps // 2 + 1, steps - steps // 2 - 1), (0, 0)), mode="edge"),
                  axis=0, dtype=np.float64)
    return np.maximum((c[steps:] - c[:-steps]) / steps, 0.0).astype(np.float32)[: len(power)]


def _moving_sum(a: np.ndarray, half: int) -> np.ndarray:
    """Sum over bins k-half..k+half along the last axis (edges padded by repetition)."""
    width = 2 * half + 1
    c = np.cumsum(np.pad(a, ((0, 0), (half + 1, half)), mode="edge"), axis=1, dtype=np.float64)
    return (c[:, width:] - c[:, :-width]).astype(np.float32)


def _ratio_db(power: np.ndarray, log_power: np.ndarray, cluster: int) -> tuple[np.ndarray, np.ndarray]:
    """(tonality dB, cluster power) for every step and bin: the power of 2*cluster+1 bins around it
    against the spectrum beside them (the geometric mean of the bins from cluster+GUARD_BINS to
    cluster+GUARD_BINS+SIDE_BINS away either side), so that neither the tone itself nor wind's
    slope to the low end counts as the floor."""
    sums = _moving_sum(power, cluster)
    inner, outer = cluster + GUARD_BINS, cluster + GUARD_BINS + SIDE_BINS
    beside = (_moving_sum(log_power, outer) - _moving_sum(log_power, inner)) / (2 * (outer - inner))
    return 10 * np.log10(sums / (2 * cluster + 1) + 1e-20) - beside, sums


def _whistle_score(power: np.ndarray, log_power: np.ndarray, rate: int):
    """Per step: (tonality dB, cluster power, pitch Hz) of the strongest tone in the whistle band."""
    ratio, sums = _ratio_db(power, log_power, WHISTLE_CLUSTER)
    freqs = np.fft.rfftfreq(WINDOW, 1.0 / rate)
    sel = np.flatnonzero((freqs >= WHISTLE_BAND_HZ[0]) & (freqs < WHISTLE_BAND_HZ[1]))
    peak = sel[np.argmax(ratio[:, sel], axis=1)]
    rows = np.arange(len(power))
    return ratio[rows, peak], sums[rows, peak], freqs[peak]


def _horn_score(power: np.ndarray, log_power: np.ndarray, rate: int):
    """Per step: (tonality dB averaged over HORN_HARMONICS harmonics, fundamental's cluster power,
    fundamental Hz) of the best harmonic series with its fundamental in HORN_PITCH_HZ."""
    ratio, sums = _ratio_db(power, log_power, HORN_CLUSTER)
    ratio = np.maximum(ratio, 0.0)  # a harmonic lost in noise adds nothing, takes nothing away
    # each bin's best within one bin either side: harmonics of a fundamental between bins drift
    near = np.maximum(ratio, np.maximum(np.roll(ratio, 1, axis=1), np.roll(ratio, -1, axis=1)))
    bin_hz = rate / WINDOW
    first, last = int(np.ceil(HORN_PITCH_HZ[0] / bin_hz)), int(HORN_PITCH_HZ[1] / bin_hz)
    bins = power.shape[1]
    best = np.zeros(len(power), np.float32)
    best_bin = np.full(len(power), first)
    for k in range(first, last + 1):
        # only harmonics under the whistle band: a whistle there is no horn's harmonic (a pea at
        # 2.5 kHz is the fourth of a 630 Hz "horn" that does not sound)
        harmonics = [h * k for h in range(1, HORN_HARMONICS + 1)
                     if h * k < bins - 1 and (h == 1 or h * k * bin_hz < WHISTLE_BAND_HZ[0])]
        score = near[:, harmonics].mean(axis=1)
        better = score > best
        best[better], best_bin[better] = score[better], k
    rows = np.arange(len(power))
    return best, sums[rows, best_bin], best_bin * bin_hz


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(start, stop) of each run of True."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def _hysteresis(score: np.ndarray, on: float, off: float, allowed: np.ndarray) -> list[tuple[int, int]]:
    """Runs where the score stays over `off` and somewhere reaches `on`."""
    return [(a, b) for a, b in _runs((score > off) & allowed) if np.max(score[a:b]) > on]


def _find(x: np.ndarray, rate: int) -> list[tuple[str, int, int, float]]:
    """("horn", first step, end step, pitch) of each stretch of horn in one block of samples; the
    steps are where the averaged score crosses, blurred by the averaging. (Whistles are found blast
    by blast by `whistles.find_blasts`.)"""
    power = _smooth(_spectrogram(x), max(1, int(round(SMOOTH_S * rate / HOP))))
    log_power = 10 * np.log10(power + 1e-20)
    _, cw, _ = _whistle_score(power, log_power, rate)
    th, ch, fh = _horn_score(power, log_power, rate)
    per_bin = (2 * WHISTLE_CLUSTER + 1) / (2 * HORN_CLUSTER + 1)  # compare the clusters bin for bin
    horn_like = (th > HORN_OFF_DB) & (ch * per_bin > cw * 10 ** (HORN_OVER_WHISTLE_DB / 10))
    # against the recording's own floor: a crowd's voices are harmonic series too, and how high they
    # score depends on the crowd (the first benchmark's stayed under 3.8 dB, the field material's
    # babble reaches 5); a horn stands above whatever the floor is
    # ... and over the absolute level the first benchmark's noise never reached (a quiet recording's
    # floor is low, and its chance peaks stand above it)
    above = np.minimum(th - _floor(th, int(HORN_FLOOR_S * rate / HOP)), th - (HORN_LEAST_DB - HORN_ON_DB))
    return [("horn", a, b, float(fh[a + int(np.argmax(th[a:b]))]))
            for a, b in _hysteresis(above, HORN_ON_DB, HORN_OFF_DB, horn_like)]



def _floor(score: np.ndarray, steps: int) -> np.ndarray:
    """The running median of `score` over `steps` (taken every tenth step, then held): the level
    the noise scores at, which a horn of a few seconds hardly moves."""
    from scipy.ndimage import median_filter

    coarse = score[::10]
    med = median_filter(coarse, size=max(3, steps // 10), mode="nearest")
    return np.repeat(med, 10)[: len(score)]


def _level(x: np.ndarray, rate: int, pitches: list[float], width: float, smooth_s: float) -> np.ndarray:
    """The level (dB) of `x` within `width` Hz of any of `pitches`, sample by sample (over `smooth_s`)."""
    spectrum = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1.0 / rate)
    spectrum[np.min([np.abs(freqs - f) for f in pitches], axis=0) > width] = 0
    narrow = np.fft.irfft(spectrum, len(x))
    k = max(1, int(smooth_s * rate))
    c = np.cumsum(np.concatenate([np.zeros(k), 2 * narrow ** 2]))
    return 10 * np.log10((c[k:] - c[:-k]) / k + 1e-20)


def _edges(x: np.ndarray, rate: int, first: int, stop: int, pitch: float, kind: str, *,
           blur_s: float = SMOOTH_S / 2 + EDGE_SLACK_S, noise_from: int = 0,
           search_to: int | None = None) -> tuple[int, int] | None:
    """The samples where the tone found between samples `first` and `stop` (blurred by `blur_s`)
    starts and ends, or None if it never rises clear of the noise before it. The noise is measured
    from `noise_from` at the earliest (after the blast before at this pitch) and the end searched
    up to `search_to` (before the next one)."""
    blur = int(blur_s * rate)
    before = int(NOISE_BEFORE_S * rate)
    lo = max(0, noise_from, first - blur - before)
    hi = min(len(x), stop + blur, len(x) if search_to is None else max(search_to, stop))
    from_, to = max(0, first - blur - lo), max(0, min(stop, hi) - lo)
    if kind == "whistle":
        level = _level(x[lo:hi], rate, [pitch], EDGE_BAND_HZ[kind], EDGE_SMOOTH_S[kind])
    else:
        # the horn's series as scored, or the one an octave down: where wind masks a low horn's
        # fundamental, its second harmonic scores as the series' first
        levels = [_level(x[lo:hi], rate, [h * f for h in range(1, HORN_HARMONICS + 1)], EDGE_BAND_HZ[kind],
                         EDGE_SMOOTH_S[kind]) for f in (pitch, pitch / 2) if f >= HORN_PITCH_HZ[0] / 2]
        level = max(levels, key=lambda v: float(np.percentile(v[from_:to], TONE_PERCENTILE))
                    - float(np.percentile(v[max(0, from_ - before):from_], NOISE_PEAK_PERCENTILE))
                    if to > from_ and from_ > 0 else 0.0)
    noise_part = level[max(0, from_ - before):from_]
    tone_part = level[from_:to]
    if not len(tone_part):
        return None
    noise = float(np.median(noise_part)) if len(noise_part) else float(np.percentile(tone_part, 10))
    loud = float(np.percentile(tone_part, TONE_PERCENTILE))
    if loud - noise < EDGE_MIN_RISE_DB:
        return None
    noise_peak = float(np.percentile(noise_part, NOISE_PEAK_PERCENTILE)) if len(noise_part) else noise
    threshold = max(noise + EDGE_FRACTION[kind] * (loud - noise), min(noise_peak, loud - EDGE_MIN_RISE_DB))
    up = level[from_:] > threshold
    hold = int(EDGE_HOLD_S[kind] * rate)
    # a start: up now and for most of the next EDGE_HOLD_S (a pea's rattle may dip it for an
    # instant); an end: up now and for most of the last EDGE_HOLD_S
    counts = np.convolve(up.astype(np.float32), np.ones(hold, np.float32), mode="full") / hold
    ahead, behind = counts[hold - 1:], counts[: len(up)]  # share up in the next / the last EDGE_HOLD_S
    starts = np.flatnonzero(up & (ahead > HELD_SHARE))
    if not len(starts):
        return None
    start = int(starts[0])
    ends = np.flatnonzero(up & (behind > HELD_SHARE))
    ends = ends[ends >= start]
    end = int(ends[-1]) + 1 if len(ends) else start + 1
    return lo + from_ + start, lo + from_ + end


def _calls(found: list[Heard]) -> list[Heard]:
    """Pieces of a horn joined into one horn, and horns too short to be one left out. Whistle
    blasts stay apart: each blast is one whistle (a repeated call's blasts are grouped where the
    tags are matched, `matching.calls`)."""
    out: list[Heard] = []
    for h in sorted(found, key=lambda h: h.start_s):
        last = next((o for o in reversed(out) if o.kind == h.kind), None)
        if last is not None and h.kind == "horn" and h.start_s - last.end_s <= HORN_GAP_S:
            out[out.index(last)] = Heard(h.kind, last.start_s, max(last.end_s, h.end_s), last.pitch_hz)
        else:
            out.append(h)
    return [h for h in out if h.kind != "horn" or h.end_s - h.start_s >= MIN_HORN_S]


def find_sounds(recording: Recording, progress: Callable[[float], None] | None = None) -> list[Heard]:
    """Every whistle and horn in `recording`, in time order, on its timeline. `progress(fraction)`
    after each block (a two-hour match is some 120 of them)."""
    x, rate = recording.samples, recording.rate
    block, margin = int(BLOCK_S * rate), int(BLOCK_MARGIN_S * rate)
    found: list[Heard] = []
    start = 0
    while start < len(x):
        lo, hi = max(0, start - margin), min(len(x), start + block + margin)
        for kind, a, b, pitch in _find(x[lo:hi], rate):
            first, stop = lo + a * HOP, lo + b * HOP
            if not (start <= first < start + block):
                continue  # another block's (its margin only made the edges whole)
            edges = _edges(x, rate, first, stop, pitch, kind)
            if edges is not None:
                found.append(Heard(kind, recording.start_s + edges[0] / rate, recording.start_s + edges[1] / rate,
                                   pitch))
        ended: list[tuple[int, float]] = []  # (end sample, pitch) of the blasts found so far
        for blast in find_blasts(x[lo:hi], rate):
            first = lo + blast.start
            if not (start <= first < start + block):
                continue
            # the noise before a blast is measured after the last one at its pitch has ended (its
            # release and echo are not the noise this one rises from)
            after = max([e for e, p in ended if abs(p - blast.pitch_hz) <= 0.15 * blast.pitch_hz and e < first],
                        default=0) + int(AFTER_BLAST_S * rate)
            edges = _edges(x, rate, first, lo + blast.stop, blast.pitch_hz, "whistle", blur_s=WHISTLE_BLUR_S,
                           noise_from=max(lo + blast.prev_stop, min(after, first - int(WHISTLE_BLUR_S * rate)
                                                                    - int(MIN_NOISE_S * rate))),
                           search_to=lo + blast.next_start)
            if edges is None or (edges[1] - edges[0]) / rate < MIN_BLAST_S:
                continue
            ended.append((edges[1], blast.pitch_hz))
            found.append(Heard("whistle", recording.start_s + edges[0] / rate, recording.start_s + edges[1] / rate,
                               blast.pitch_hz))
        start += block
        if progress is not None:
            progress(min(1.0, start / max(1, len(x))))
    return _off_horns(_calls(_one_onset(found)), x, rate, recording.start_s)


def _one_onset(found: list[Heard]) -> list[Heard]:
    """Whistles found twice (two tones of one whistle, a pea's fundamental and an overtone, told
    apart by the tracker but starting together once their edges are found) as one."""
    out: list[Heard] = []
    for h in sorted(found, key=lambda h: (h.kind, h.start_s)):
        last = out[-1] if out else None
        if last is not None and h.kind == last.kind == "whistle" and h.start_s - last.start_s <= SAME_ONSET_S \
                and h.start_s < last.end_s:
            out[-1] = Heard("whistle", last.start_s, max(last.end_s, h.end_s), last.pitch_hz)
        else:
            out.append(h)
    return out


def _off_horns(found: list[Heard], x: np.ndarray, rate: int, zero_s: float) -> list[Heard]:
    """Without the "whistles" that are a horn's: its upper harmonics reach the whistle band and, weaker,
    rise through the tracker's threshold a little after the horn's start, or anywhere in it where
    distance, a gust or the codec lets one through on its own. An umpire's whistle under a horn starts
    on its own, later, and sits at its own pitch."""
    horns = [h for h in found if h.kind == "horn"]
    out = []
    for h in found:
        if h.kind == "whistle" and horns:
            if any(o.start_s - HORN_ONSET_S[0] <= h.start_s <= o.start_s + HORN_ONSET_S[1] for o in horns):
                continue
            if any(o.start_s - HORN_NEAR_S <= h.start_s < o.end_s for o in horns) and \
                    _on_a_series(x, rate, h.start_s - zero_s, h.end_s - zero_s, h.pitch_hz):
                continue
        out.append(h)
    return out


def _on_a_series(x: np.ndarray, rate: int, start_s: float, end_s: float, pitch: float) -> bool:
    """Whether the tone at about `pitch` between the two times falls, to HARMONIC_OFF of its pitch, on
    a low harmonic (2nd to HARMONIC_MOST-th) of a line in the horn's range that sounds with its octave:
    a horn's series. Measured on one spectrum of the whole span (1 Hz bins once padded: the codecs'
    and the tracker's few hertz do not matter)."""
    from scipy.signal import find_peaks

    seg = x[max(0, int(start_s * rate)):max(0, int(min(end_s, start_s + HARMONIC_SPAN_S) * rate))]
    if len(seg) < rate // 20:
        return False
    n = max(len(seg), rate)
    db = 10 * np.log10(np.abs(np.fft.rfft(seg.astype(np.float64) * np.hanning(len(seg)), n)) ** 2 + 1e-20)
    f = np.fft.rfftfreq(n, 1.0 / rate)
    near = np.flatnonzero(np.abs(f - pitch) <= HARMONIC_SEARCH * pitch)
    tone = f[near[np.argmax(db[near])]]
    low = np.flatnonzero((f >= HARMONIC_LINE_HZ[0]) & (f <= 2.05 * HARMONIC_LINE_HZ[1]))
    peaks, _ = find_peaks(db[low], prominence=HARMONIC_PROMINENCE_DB, distance=20)
    lines = f[low[peaks]]
    for line in lines[lines <= HARMONIC_LINE_HZ[1]]:
        k = round(tone / line)
        if 2 <= k <= HARMONIC_MOST and abs(tone - k * line) <= HARMONIC_OFF * tone and \
                np.any(np.abs(lines - 2 * line) <= 0.005 * line):
            return True
    return False


def detect_sounds(path: str | os.PathLike, progress: Callable[[float], None] | None = None) -> list[Sound]:
    """The whistles and horns in a video's sound, with the frame on screen at each one's start.
    Raises VideoOpenFailure for a file that is not a video, NoSound for one without sound.
    `progress(fraction)`: decoding is the first fifth, listening the rest."""
    from review_app.footage import Footage
    from review_app.sound.audio import decode_sound

    with Footage(path) as video:
        recording = decode_sound(path, zero_s=video.info.start_offset_s)
        if progress is not None:
            progress(DECODE_SHARE)
        heard = find_sounds(recording, None if progress is None else
                            (lambda f: progress(DECODE_SHARE + (1 - DECODE_SHARE) * f)))
        out = []
        for h in heard:
            start = round(h.start_s, TIME_DECIMALS)
            frame = video.frame_on_screen(start)
            if not 0 <= frame < video.frame_count:
                log.info("%s: a %s at %.3f s lies outside the video's frames; left out", path, h.kind, start)
                continue
            out.append(Sound(h.kind, start, round(h.end_s, TIME_DECIMALS), frame))
    return out
