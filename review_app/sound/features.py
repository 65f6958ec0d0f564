"""What the learned listener (`review_app.sound.listener`) hears every 10 ms of a recording: a short
description of the spectrum around that moment, measured against the recording's own noise.

Per step (a 32 ms window every 10 ms at `audio.ANALYSIS_RATE`):

- the level of `BANDS` bands from 100 Hz to 7.9 kHz over their median (the ground's noise as this
  recording has it, so one model serves a quiet field and a windy one, a phone and a camera);
- in the whistle band, the three strongest tones standing out of the spectrum beside them: how far
  (tonality), at what pitch, how loud over the noise, and how far the strongest moved since the
  step before (a whistle holds its pitch; a bird's chirp or a mouth whistle glides);
- in the horn's range, the best series of harmonics (a horn's fundamental with its overtones), how
  far its fundamental moved since the step before, and how alike the tonal peaks over the horn's
  harmonics are to those 100, 300 and 600 ms before (a horn holds one pitch; music changes chord every
  note, a neigh falls and quavers);
- the rise of the whistle band's level since the steps before (a blast's attack).

Each step is then seen with its neighbours (`CONTEXT`: up to a quarter of a second either side), so
that a blast is told from the echo of the last one, and a chirp from a held tone, by what is around
it. Numpy only: the rules, the CLI and the live listener all use it.
"""

from __future__ import annotations

import numpy as np

WINDOW = 512  # 32 ms at 16 kHz: bins 31 Hz apart, a whistle's tone a few bins wide
HOP = 160  # 10 ms: a frame of video is 33-40 ms, so an onset to a step is within a third of one
BANDS = 40
BAND_HZ = (100.0, 7900.0)
WHISTLE_BAND_HZ = (1700.0, 5300.0)  # umpires' whistles sound 2.2-4.5 kHz; room for codecs' shifts
HORN_PITCH_HZ = (250.0, 700.0)  # air horns: a few hundred hertz
HORN_HARMONICS = 4
TONES = 3  # a pealess whistle sounds up to three chambers at once
TONE_APART_HZ = 120.0  # two tones nearer than this are one tone's spread
CLUSTER = 2  # bins either side counted as a tone (a pea's warble spreads it)
GUARD_BINS = 3
SIDE_BINS = 8
# The noise each band is measured over: its low level over the recording, or over this many seconds
# of it at a time, so a floor that changes over a match (wind rising, the crowd filling) is followed.
FLOOR_S = 20.0
# ... taken as this percentile, not the median: a horn or an end-of-period blast may sound through
# most of a short recording (the live listener hears 3 s at a time), and must not be its own floor.
FLOOR_PERCENTILE = 20
RISE_STEPS = (1, 3, 8)  # the whistle band's rise over 10, 30 and 80 ms
FLUX_BEFORE = (2, 3, 4)  # a bin's rise is over its highest 20-40 ms before (a window's own overlap skipped)
# The neighbours each step is seen with, in steps: denser near the step, where an onset is decided.
CONTEXT = (-25, -15, -10, -6, -4, -2, -1, 0, 1, 2, 4, 6, 10, 15, 25)
CLIP_DB = (-20.0, 60.0)
ENVELOPE_RATE = 1000  # the whistle band's loudness, a thousand times a second
ROLL_WINDOW = 128  # its beating measured over 128 ms about each step (bins 8 Hz apart)
ROLL_HZ = (15.0, 70.0)  # a pea interrupts the air 20-60 times a second
# A horn holds one pitch, so its harmonics stand where they stood: the tonal spectrum over the horn's
# harmonics (HOLD_HZ), peaks more than HOLD_OVER_DB out of what is beside them, against its own 100,
# 300 and 600 ms before. Music changes chord every note, a neigh falls and quavers, a voice glides.
HOLD_HZ = (250.0, 3000.0)
HOLD_OVER_DB = 3.0
HOLD_LAGS = (10, 30, 60)


def spectrogram(x: np.ndarray) -> np.ndarray:
    """Power spectra (steps x bins) of windows centred every HOP samples from sample 0."""
    padded = np.pad(x.astype(np.float32, copy=False), (WINDOW // 2, WINDOW // 2))
    frames = np.lib.stride_tricks.sliding_window_view(padded, WINDOW)[::HOP]
    spectrum = np.fft.rfft(frames * np.hanning(WINDOW).astype(np.float32), axis=1)
    return (spectrum.real ** 2 + spectrum.imag ** 2).astype(np.float32)


def _moving_sum(a: np.ndarray, half: int) -> np.ndarray:
    """Sum over bins k-half..k+half along the last axis (edges padded by repetition)."""
    width = 2 * half + 1
    c = np.cumsum(np.pad(a, ((0, 0), (half + 1, half)), mode="edge"), axis=1, dtype=np.float64)
    return (c[:, width:] - c[:, :-width]).astype(np.float32)


def _tonality(power: np.ndarray, log_power: np.ndarray, cluster: int) -> np.ndarray:
    """dB of each bin's cluster over the geometric mean of the spectrum beside it (past a guard)."""
    sums = _moving_sum(power, cluster)
    inner, outer = cluster + GUARD_BINS, cluster + GUARD_BINS + SIDE_BINS
    beside = (_moving_sum(log_power, outer) - _moving_sum(log_power, inner)) / (2 * (outer - inner))
    return 10 * np.log10(sums / (2 * cluster + 1) + 1e-20) - beside


def _floor(power: np.ndarray, steps: int) -> np.ndarray:
    """Each column's FLOOR_PERCENTILE over blocks of `steps` steps, held over each block (a whole
    recording shorter than two blocks is one block)."""
    n = len(power)
    if n < 2 * steps:
        return np.broadcast_to(np.percentile(power, FLOOR_PERCENTILE, axis=0), power.shape)
    out = np.empty_like(power)
    for a in range(0, n, steps):
        b = a + steps if a + 2 * steps <= n else n
        out[a:b] = np.percentile(power[a:b], FLOOR_PERCENTILE, axis=0)
        if b == n:
            break
    return out


def _band_edges(rate: int) -> np.ndarray:
    freqs = np.fft.rfftfreq(WINDOW, 1.0 / rate)
    edges = np.clip(np.searchsorted(freqs, np.geomspace(BAND_HZ[0], BAND_HZ[1], BANDS + 1)), 1, len(freqs) - 1)
    for i in range(1, len(edges)):  # the lowest bands are narrower than a bin: each gets one at least
        edges[i] = max(edges[i], edges[i - 1] + 1)
    return edges


def step_features(x: np.ndarray, rate: int, power: np.ndarray | None = None) -> np.ndarray:
    """(steps x per-step features) of mono samples `x` at `rate` (float32); `power`: their `spectrogram`, if the
    caller made it already."""
    power = spectrogram(x) if power is None else power
    n = len(power)
    if n == 0:
        return np.zeros((0, per_step_count()), np.float32)
    freqs = np.fft.rfftfreq(WINDOW, 1.0 / rate)
    floor_steps = max(1, int(FLOOR_S * rate / HOP))
    log_power = 10 * np.log10(power + 1e-20)
    sel = np.flatnonzero((freqs >= WHISTLE_BAND_HZ[0]) & (freqs < WHISTLE_BAND_HZ[1]))
    floor_db_all = 10 * np.log10(_floor(power, floor_steps) + 1e-20)  # every bin's, once: the band's and the overtone's
    tone_feats, moved, first_peak = _whistle_tones(power, log_power, floor_db_all, freqs, sel, rate)
    # a pea whistle's roll: the band's loudness beating at 15-70 Hz (a bird's held note, a mouth
    # whistle, a horn's harmonic do not); and the strongest tone's second harmonic (a pea's overtone)
    roll = _roll(x, rate, n)
    rows = np.arange(n)
    second = np.clip(2 * (sel[0] + first_peak), 0, power.shape[1] - 1)
    overtone = log_power[rows, second] - floor_db_all[rows, second]
    out = np.column_stack([_bands_db(power, rate, floor_steps), *tone_feats, moved,
                           *_horn_features(power, log_power, freqs, rate), *_attacks(power, log_power, sel), roll,
                           overtone]).astype(np.float32)
    return np.clip(out, CLIP_DB[0], CLIP_DB[1], out=out)


def _bands_db(power: np.ndarray, rate: int, floor_steps: int) -> np.ndarray:
    """Each band's level over its own floor (dB)."""
    n = len(power)
    edges = _band_edges(rate)
    csum = np.concatenate([np.zeros((n, 1), np.float64), np.cumsum(power, axis=1, dtype=np.float64)], axis=1)
    bands = (csum[:, edges[1:]] - csum[:, edges[:-1]]).astype(np.float32) + 1e-12
    return 10 * np.log10(bands / _floor(bands, floor_steps))


def _whistle_tones(power: np.ndarray, log_power: np.ndarray, floor_db_all: np.ndarray, freqs: np.ndarray,
                   sel: np.ndarray, rate: int) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """The whistle band's TONES strongest tones (tonality, place in the band, level over the floor), how far the
    strongest moved since the step before, and the strongest's bin in the band."""
    n = len(power)
    bin_hz = rate / WINDOW
    tonal = _tonality(power, log_power, CLUSTER)
    t_band = tonal[:, sel].copy()
    over = log_power[:, sel] - floor_db_all[:, sel]
    rows = np.arange(n)
    apart = max(1, int(round(TONE_APART_HZ / bin_hz)))
    tone_feats = []
    first_peak = None
    for _ in range(TONES):
        k = np.argmax(t_band, axis=1)
        if first_peak is None:
            first_peak = k
        lo_hz, span = WHISTLE_BAND_HZ[0], WHISTLE_BAND_HZ[1] - WHISTLE_BAND_HZ[0]
        tone_feats += [t_band[rows, k], (freqs[sel][k] - lo_hz) / span, over[rows, k]]
        for d in range(-apart, apart + 1):  # this tone's neighbourhood is not the next tone
            t_band[rows, np.clip(k + d, 0, len(sel) - 1)] = -50.0
    assert first_peak is not None  # TONES is at least one
    moved = np.abs(np.diff(first_peak, prepend=first_peak[:1])).astype(np.float32) * bin_hz / 100.0
    return tone_feats, np.minimum(moved, 5.0), first_peak


def _horn_features(power: np.ndarray, log_power: np.ndarray, freqs: np.ndarray, rate: int) -> list[np.ndarray]:
    """The horn's best series of harmonics: its strength, its pitch, the pitch's own tonality, how far the pitch
    moved, and how long the tonal peaks are held."""
    bin_hz = rate / WINDOW
    rows = np.arange(len(power))
    horn_t = np.maximum(_tonality(power, log_power, 1), 0.0)
    near = np.maximum(horn_t, np.maximum(np.roll(horn_t, 1, axis=1), np.roll(horn_t, -1, axis=1)))
    lo, hi = int(np.ceil(HORN_PITCH_HZ[0] / bin_hz)), int(HORN_PITCH_HZ[1] / bin_hz)
    series = np.stack([near[:, [h * k for h in range(1, HORN_HARMONICS + 1) if h * k < power.shape[1]]].mean(axis=1)
                       for k in range(lo, hi + 1)], axis=1)
    best = np.argmax(series, axis=1)
    # a horn holds its pitch (a neigh whinnies, a voice or a tune moves)
    horn_moved = np.minimum(np.abs(np.diff(best, prepend=best[:1])), 5).astype(np.float32)
    return [series[rows, best], (best + lo) * bin_hz / 1000.0, near[rows, best + lo], horn_moved,
            *_held(near, freqs)]


def _attacks(power: np.ndarray, log_power: np.ndarray, sel: np.ndarray) -> list[np.ndarray]:
    """The whistle band's rise over RISE_STEPS (a blast's attack), and a new tone in the band whatever sounds
    already (a second whistle over the first, a blast in the echo of the one before): each bin's rise over its own
    highest of the steps before."""
    n = len(power)
    w_level = 10 * np.log10(power[:, sel].sum(axis=1) + 1e-20)
    rises = [w_level - np.concatenate([np.full(r, w_level[0]), w_level[:-r]])[:n] for r in RISE_STEPS]
    band_db = log_power[:, sel]
    before = np.maximum.reduce([np.concatenate([np.repeat(band_db[:1], d, axis=0), band_db[:-d]])[:n]
                                for d in FLUX_BEFORE])
    flux = np.maximum(band_db - before, 0.0)
    return [*rises, flux.max(axis=1), np.sort(flux, axis=1)[:, -5:].mean(axis=1), flux.mean(axis=1)]


def _held(near: np.ndarray, freqs: np.ndarray) -> list[np.ndarray]:
    """Per step and HOLD_LAGS lag, the cosine (0-1, times ten) of the tonal peaks over HOLD_HZ (each
    bin's tonality as the highest of it and its neighbours: a horn's pitch sags a little) with the
    same HOLD_LAGS steps before; 0 where either has no peak."""
    sel = (freqs >= HOLD_HZ[0]) & (freqs <= HOLD_HZ[1])
    v = np.maximum(near[:, sel] - HOLD_OVER_DB, 0.0)
    norm = np.sqrt((v * v).sum(axis=1))
    out = []
    for lag in HOLD_LAGS:
        before = np.concatenate([np.repeat(v[:1], lag, axis=0), v[:-lag]])[: len(v)]
        nb = np.concatenate([np.repeat(norm[:1], lag), norm[:-lag]])[: len(v)]
        out.append(10.0 * (v * before).sum(axis=1) / (norm * nb + 1e-6))
    return out


def _roll(x: np.ndarray, rate: int, n: int) -> np.ndarray:
    """Per step, how much of the whistle band's loudness beats at ROLL_HZ: the power of its envelope
    (at 1 kHz, over ROLL_WINDOW ms about the step) in that range against its mean, in dB."""
    spectrum = np.fft.rfft(x.astype(np.float32, copy=False))
    f = np.fft.rfftfreq(len(x), 1.0 / rate)
    spectrum[(f < WHISTLE_BAND_HZ[0]) | (f > WHISTLE_BAND_HZ[1])] = 0
    envelope = np.abs(np.fft.ifft(np.concatenate([spectrum, np.zeros(len(x) - len(spectrum))]) * 2))
    per = rate // ENVELOPE_RATE
    env = envelope[: len(envelope) // per * per].reshape(-1, per).mean(axis=1)
    step = HOP // per
    padded = np.pad(env, (ROLL_WINDOW // 2, ROLL_WINDOW // 2 + step * n), mode="edge")
    frames = np.lib.stride_tricks.sliding_window_view(padded, ROLL_WINDOW)[::step][:n]
    spec = np.abs(np.fft.rfft(frames * np.hanning(ROLL_WINDOW), axis=1)) ** 2
    mf = np.fft.rfftfreq(ROLL_WINDOW, 1.0 / ENVELOPE_RATE)
    beat = spec[:, (mf >= ROLL_HZ[0]) & (mf <= ROLL_HZ[1])].sum(axis=1)
    return 10 * np.log10(beat / (spec[:, 0] + 1e-20) + 1e-6)


def per_step_count() -> int:
    return BANDS + 3 * TONES + 1 + 4 + len(HOLD_LAGS) + len(RISE_STEPS) + 3 + 2


def in_context(steps: np.ndarray) -> np.ndarray:
    """Each step's features beside its neighbours' (`CONTEXT`), edges repeated: (steps x
    len(CONTEXT) * per-step features)."""
    n = len(steps)
    reach = max(abs(c) for c in CONTEXT)
    padded = np.pad(steps, ((reach, reach), (0, 0)), mode="edge")
    return np.concatenate([padded[reach + c: reach + c + n] for c in CONTEXT], axis=1)
