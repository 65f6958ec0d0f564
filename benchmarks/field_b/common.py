"""Ground shared by the generator's parts: the sample rate, named random streams, levels and the air.

Every figure here is a physical law or a standard, cited in SPACE.md: ISO 9613-1 for the air's absorption,
IEC 61672-1 for A-weighting, the ideal-gas speed of sound.
"""

from __future__ import annotations

import functools
import math
import zlib

import numpy as np
from scipy import signal

SAMPLE_RATE = 48_000


def rng_for(seed: int, *names: object) -> np.random.Generator:
    """A random stream named by the clip's seed and a path of names, so that fixing one parameter of a clip
    (a sweep) leaves every other draw of that clip as it was."""
    words = [int(seed) & 0xFFFFFFFF] + [zlib.crc32(str(name).encode("utf-8")) for name in names]
    return np.random.default_rng(words)


def db_to_gain(db: float) -> float:
    return 10.0 ** (db / 20.0)


def a_weighting_db(freqs: np.ndarray) -> np.ndarray:
    """IEC 61672-1 A-weighting in dB at each frequency (0 dB at 1 kHz); -inf at 0 Hz."""
    f2 = np.asarray(freqs, dtype=np.float64) ** 2
    with np.errstate(divide="ignore"):
        ra = (12194.0**2 * f2**2) / (
            (f2 + 20.6**2) * np.sqrt((f2 + 107.7**2) * (f2 + 737.9**2)) * (f2 + 12194.0**2)
        )
        return 20.0 * np.log10(ra) + 2.0


def a_weighted_rms(signal: np.ndarray, sr: int = SAMPLE_RATE) -> float:
    """Root mean square of the A-weighted signal, by Parseval over its spectrum (no filter transient)."""
    x = np.asarray(signal, dtype=np.float64)
    if x.size == 0:
        return 0.0
    spectrum = np.fft.rfft(x)
    weights = 10.0 ** (a_weighting_db(np.fft.rfftfreq(x.size, 1.0 / sr)) / 20.0)
    power = np.abs(spectrum * weights) ** 2
    # one-sided spectrum: every bin but DC (and Nyquist, for an even length) stands for two
    power[1: (x.size + 1) // 2] *= 2.0
    return float(math.sqrt(power.sum() / x.size**2))


def speed_of_sound(temperature_c: float) -> float:
    """Speed of sound in dry air, m/s: 331.3 * sqrt(1 + T/273.15)."""
    return 331.3 * math.sqrt(1.0 + temperature_c / 273.15)


def air_absorption_db_per_m(freqs: np.ndarray, temperature_c: float, humidity_pct: float) -> np.ndarray:
    """ISO 9613-1:1993 pure-tone atmospheric absorption coefficient, dB per metre, at sea-level pressure."""
    f = np.asarray(freqs, dtype=np.float64)
    t = temperature_c + 273.15
    t0, t01 = 293.15, 273.16
    c_sat = -6.8346 * (t01 / t) ** 1.261 + 4.6151
    h = humidity_pct * 10.0**c_sat  # molar concentration of water vapour, %
    fr_o = 24.0 + 4.04e4 * h * (0.02 + h) / (0.391 + h)
    fr_n = (t / t0) ** -0.5 * (9.0 + 280.0 * h * math.exp(-4.170 * ((t / t0) ** (-1.0 / 3.0) - 1.0)))
    f2 = f**2
    return 8.686 * f2 * (
        1.84e-11 * (t / t0) ** 0.5
        + (t / t0) ** -2.5 * (
            0.01275 * math.exp(-2239.1 / t) / (fr_o + f2 / fr_o)
            + 0.1068 * math.exp(-3352.0 / t) / (fr_n + f2 / fr_n)
        )
    )


def smooth_random(rng: np.random.Generator, n: int, rate_hz: float, sr: int = SAMPLE_RATE) -> np.ndarray:
    """A slowly varying random curve of unit standard deviation, changing about `rate_hz` times a second
    (random knots, cubic interpolation)."""
    knots = max(4, int(math.ceil(n / sr * rate_hz)) + 4)
    values = rng.standard_normal(knots)
    # the spline at 64 points a knot, then straight lines between them to every sample
    m = min(n, (knots - 3) * 64 + 1)
    xs = np.linspace(0.0, knots - 3.0, m)
    base = np.minimum(np.floor(xs).astype(np.int64), knots - 4)
    frac = xs - base
    p0, p1, p2, p3 = values[base], values[base + 1], values[base + 2], values[base + 3]
    # Catmull-Rom spline through the knots
    coarse = 0.5 * (2 * p1 + (-p0 + p2) * frac + (2 * p0 - 5 * p1 + 4 * p2 - p3) * frac**2
                    + (-p0 + 3 * p1 - 3 * p2 + p3) * frac**3)
    curve = coarse if m == n else np.interp(np.linspace(0.0, m - 1.0, n), np.arange(m), coarse)
    std = float(curve.std())
    return curve / std if std > 0 else curve


def harmonic_tone(phase: np.ndarray, levels: list[tuple[int, float]], freq: np.ndarray,
                  sr: int = SAMPLE_RATE) -> np.ndarray:
    """Sum of sines k*phase at the given linear levels, each harmonic silenced where it would pass Nyquist."""
    out = np.zeros_like(phase)
    for k, level in levels:
        if level <= 0.0:
            continue
        below = (k * freq) < 0.45 * sr
        if not below.any():
            continue
        out += level * np.sin(k * phase) * below
    return out


def phase_of(freq: np.ndarray, sr: int = SAMPLE_RATE, start: float = 0.0) -> np.ndarray:
    """Instantaneous phase (radians) of a tone whose frequency in Hz is `freq` at every sample."""
    return start + 2.0 * np.pi * np.cumsum(freq) / sr


@functools.lru_cache(maxsize=256)
def butter_sos(order: int, low_hz: float, high_hz: float, sr: int) -> np.ndarray:
    """A Butterworth band-pass as second-order sections (low-/high-pass where an edge is 0 or Nyquist);
    designed once per band, as the beds ask for the same bands thousands of times."""
    nyq = sr / 2.0
    if low_hz <= 0:
        return signal.butter(order, min(high_hz, nyq * 0.99), "lowpass", fs=sr, output="sos")
    if high_hz >= nyq:
        return signal.butter(order, low_hz, "highpass", fs=sr, output="sos")
    return signal.butter(order, [low_hz, high_hz], "bandpass", fs=sr, output="sos")


def band_noise(rng: np.random.Generator, n: int, low_hz: float, high_hz: float, sr: int = SAMPLE_RATE,
               order: int = 4) -> np.ndarray:
    """White noise through a Butterworth band-pass (or low-/high-pass where an edge is 0 or Nyquist)."""
    return signal.sosfilt(butter_sos(order, float(low_hz), float(high_hz), sr), rng.standard_normal(n))


def fade_envelope(n: int, attack: int, release: int) -> np.ndarray:
    """Raised-cosine attack and release over a flat top, `n` samples long."""
    env = np.ones(n)
    attack = min(attack, n // 2)
    release = min(release, n - attack)
    if attack > 0:
        env[:attack] = 0.5 - 0.5 * np.cos(np.pi * np.arange(attack) / attack)
    if release > 0:
        env[n - release:] = 0.5 + 0.5 * np.cos(np.pi * (np.arange(release) + 1) / release)
    return env
