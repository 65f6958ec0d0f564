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
- the rise of the whistle band's level since the steps before (a blast's attack), and any new tone;
- the strongest tone's harmonic structure: its second and third harmonics and what stands at half
  and a third of its pitch, each against the tone (a whistle's pitch is its lowest tone, its
  overtones anywhere from -6 dB to absent; a horn's or a voice's tone in the band is a harmonic of
  a louder fundamental under it). Nothing here is a pea's roll or asks for an overtone: a steady
  electronic tone and a whistle whose overtones distance took are whistles too (issue 36).

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
HORN_PITCH_HZ = (150.0, 700.0)  # air horns and klaxons: 150-600 Hz fundamentals (docs/sound.md)
HORN_HARMONICS = 4
TONES = 3  # a pealess whistle sounds up to three chambers at once
TONE_APART_HZ = 120.0  # two tones nearer than this are one tone's spread
CLUSTER = 2  # bins either side counted as a tone (a pea's warble spreads it)
GUARD_BINS = 3
QUIETEST = 1e-8  # -80 dB
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
CONTEXT = (-25, -15, -8, -4, -2, -1, 0, 1, 2, 4, 8, 15, 25)
CLIP_DB = (-20.0, 60.0)
# The strongest tone's harmonic structure: its overtones (2f, 3f) and what lies under it (f/2, f/3),
# each against the tone itself. A whistle's pitch is its lowest tone, its overtones anywhere from -6 dB
# to absent (distance, a phone, a codec lose them); a horn's, a voice's or a neigh's tone in the band
# is a harmonic of a louder fundamental under it.
OVERTONES = (2, 3)
UNDERTONES = (2, 3)
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
    """dB of each bin's cluster over the spectrum beside it (past a guard), on the side where that is
    louder: a tone stands out of the spectrum on both sides of it, while the edge of a low-pass (a
    phone's, a codec's) stands out of one side only and is no tone."""
    sums = _moving_sum(power, cluster)
    inner, outer = cluster + GUARD_BINS, cluster + GUARD_BINS + SIDE_BINS
    padded = np.pad(log_power, ((0, 0), (outer, outer + 1)), mode="edge")
    c = np.concatenate([np.zeros((len(log_power), 1)), np.cumsum(padded, axis=1, dtype=np.float64)], axis=1)
    nb = log_power.shape[1]  # bin k's sides: padded bins k..k+outer-inner and k+outer+inner+1..k+2*outer+1
    below = (c[:, outer - inner:outer - inner + nb] - c[:, :nb]) / (outer - inner)
    above = (c[:, 2 * outer + 1:2 * outer + 1 + nb] - c[:, outer + inner + 1:outer + inner + 1 + nb]) / (outer - inner)
    return (10 * np.log10(sums / (2 * cluster + 1) + 1e-20) - np.maximum(below, above)).astype(np.float32)


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
    # what is QUIETEST under the mean of the sound at hand (the block being listened to) is silence: a brick-wall
    # low-pass or digital silence
    # leaves bins near zero, whose chance flicker would otherwise read as tens of dB
    power = power + QUIETEST * float(power.mean())
    log_power = 10 * np.log10(power + 1e-20)
    sel = np.flatnonzero((freqs >= WHISTLE_BAND_HZ[0]) & (freqs < WHISTLE_BAND_HZ[1]))
    floor_db_all = 10 * np.log10(_floor(power, floor_steps) + 1e-20)  # every bin's, once: the band's and the overtone's
    tonal = _tonality(power, log_power, CLUSTER)
    tone_feats, moved, first_peak = _whistle_tones(tonal, log_power, floor_db_all, freqs, sel, rate)
    structure = _structure(log_power, floor_db_all, tonal, sel[0] + first_peak)
    out = np.column_stack([_bands_db(power, rate, floor_steps), *tone_feats, moved,
                           *_horn_features(power, log_power, freqs, rate), *_attacks(power, log_power, sel),
                           *structure]).astype(np.float32)
    return np.clip(out, CLIP_DB[0], CLIP_DB[1], out=out)


def _bands_db(power: np.ndarray, rate: int, floor_steps: int) -> np.ndarray:
    """Each band's level over its own floor (dB)."""
    n = len(power)
    edges = _band_edges(rate)
    csum = np.concatenate([np.zeros((n, 1), np.float64), np.cumsum(power, axis=1, dtype=np.float64)], axis=1)
    bands = (csum[:, edges[1:]] - csum[:, edges[:-1]]).astype(np.float32) + 1e-12
    return 10 * np.log10(bands / _floor(bands, floor_steps))


def _whistle_tones(tonal: np.ndarray, log_power: np.ndarray, floor_db_all: np.ndarray, freqs: np.ndarray,
                   sel: np.ndarray, rate: int) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """The whistle band's TONES strongest tones by `tonal` (tonality, place in the band, level over the floor),
    how far the strongest moved since the step before, and the strongest's bin in the band."""
    n = len(tonal)
    bin_hz = rate / WINDOW
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


def _structure(log_power: np.ndarray, floor_db: np.ndarray, tonal: np.ndarray, k: np.ndarray) -> list[np.ndarray]:
    """Per step, the harmonic structure of the tone at bin `k`: the level over the floor at each of
    its OVERTONES and UNDERTONES (the loudest bin within one either side) against the tone's own, and
    the tonality at each undertone (a fundamental under the band, of which this tone is a harmonic).
    An overtone past the spectrum's top is absent (CLIP_DB's least)."""
    rows = np.arange(len(k))
    top = log_power.shape[1] - 1
    over = log_power - floor_db
    own = over[rows, k]
    out = []
    for h in OVERTONES:
        at = h * k
        near = np.max([over[rows, np.clip(at + d, 0, top)] for d in (-1, 0, 1)], axis=0)
        out.append(np.where(at + 1 <= top, near - own, CLIP_DB[0]))
    for h in UNDERTONES:
        at = np.round(k / h).astype(int)
        out.append(np.max([over[rows, at + d] for d in (-1, 0, 1)], axis=0) - own)
        out.append(np.max([tonal[rows, at + d] for d in (-1, 0, 1)], axis=0))
    return out


def per_step_count() -> int:
    return BANDS + 3 * TONES + 1 + 4 + len(HOLD_LAGS) + len(RISE_STEPS) + 3 + len(OVERTONES) + 2 * len(UNDERTONES)


def in_context(steps: np.ndarray) -> np.ndarray:
    """Each step's features beside its neighbours' (`CONTEXT`), edges repeated: (steps x
    len(CONTEXT) * per-step features)."""
    n = len(steps)
    reach = max(abs(c) for c in CONTEXT)
    padded = np.pad(steps, ((reach, reach), (0, 0)), mode="edge")
    return np.concatenate([padded[reach + c: reach + c + n] for c in CONTEXT], axis=1)
