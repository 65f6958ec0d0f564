"""The sounds of a polo ground, made from numbers: the Umpire's whistle (pea and pealess, in short,
long and repeated blasts), the horn that ends a period, hoofbeats, the crowd and the wind.

Every function draws its randomness from the generator it is given, so a seeded generator gives
the same samples on every run. The sample clips' sound track (`soundtrack`) puts the whistle and
the horn at the times their match documents record; the sound benchmark and tests mix the same
sounds at known times and levels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

# Cameras record at 48 kHz; the sample clips do too.
SAMPLE_RATE = 48000

WHISTLE_KINDS = ("pea", "pealess")
BLAST_PATTERNS = ("short", "long", "repeated")
HORN_KINDS = ("air", "dual")

# Blast lengths in seconds: a short call, a long one (a foul, the end of play), and the
# "tweet-tweet-tweet" of three short blasts with a breath between them.
SHORT_BLAST_S = 0.3
LONG_BLAST_S = 1.2
REPEATED_BLAST_S = 0.2
REPEATED_GAP_S = 0.15
REPEATED_COUNT = 3
# A whistle sounds within a few hundredths of a second of the breath.
WHISTLE_ATTACK_S = 0.012
WHISTLE_RELEASE_S = 0.03
# The pea rattles in the chamber some 25-40 times a second, warbling pitch and loudness.
PEA_TRILL_HZ = (25.0, 40.0)
PEA_PITCH_HZ = (3000.0, 3700.0)
PEA_WARBLE = 0.05  # the pitch swings this fraction either way
# A pealess whistle (Fox 40 style) sounds three chambers tuned a little apart: a steady chord.
PEALESS_PITCH_HZ = ((2600.0, 2800.0), (3050.0, 3250.0), (3450.0, 3700.0))
# Air horns sound around 350-480 Hz with a full series of harmonics falling as 1/n.
HORN_PITCH_HZ = (350.0, 480.0)
HORN_HARMONICS = 16
HORN_ATTACK_S = 0.04
HORN_RELEASE_S = 0.08
# Gallop: three beats and a moment in the air, about 140 strides a minute.
STRIDE_S = 0.43
GALLOP_BEATS = (0.0, 0.09, 0.18)


def _envelope(n: int, rate: int, attack_s: float, release_s: float) -> np.ndarray:
    """Raised-cosine rise and fall over n samples."""
    env = np.ones(n)
    a, r = min(n // 2, int(attack_s * rate)), min(n // 2, int(release_s * rate))
    if a:
        env[:a] = 0.5 - 0.5 * np.cos(np.pi * np.arange(a) / a)
    if r:
        env[n - r:] = 0.5 + 0.5 * np.cos(np.pi * np.arange(r) / r)
    return env


def shaped_noise(n: int, rate: int, rng: np.random.Generator, gain) -> np.ndarray:
    """White noise filtered in the frequency domain by `gain(freqs)` (amplitude), unit RMS."""
    if n <= 0:
        return np.zeros(0)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    spectrum *= gain(np.fft.rfftfreq(n, 1.0 / rate))
    out = np.fft.irfft(spectrum, n)
    rms = math.sqrt(float(np.mean(out ** 2))) or 1.0
    return out / rms


def _slow(n: int, rate: int, rng: np.random.Generator, hz: float) -> np.ndarray:
    """A smooth random curve around 0 (unit RMS) varying about `hz` times a second."""
    return shaped_noise(n, rate, rng, lambda f: np.exp(-((f / hz) ** 2)))


def _band(lo: float, hi: float, order: int = 4):
    """Amplitude response of a smooth band-pass from lo to hi Hz."""
    def gain(f):
        f = np.maximum(f, 1e-3)
        return 1.0 / np.sqrt((1 + (lo / f) ** (2 * order)) * (1 + (f / hi) ** (2 * order)))
    return gain


def blast_times(pattern: str) -> list[tuple[float, float]]:
    """(start, length) of each blast of a whistle pattern, from the first blast's start."""
    if pattern == "short":
        return [(0.0, SHORT_BLAST_S)]
    if pattern == "long":
        return [(0.0, LONG_BLAST_S)]
    if pattern == "repeated":
        step = REPEATED_BLAST_S + REPEATED_GAP_S
        return [(k * step, REPEATED_BLAST_S) for k in range(REPEATED_COUNT)]
    raise ValueError(f"blast pattern must be one of {BLAST_PATTERNS}, not {pattern!r}")


def _voice(kind: str, rng: np.random.Generator) -> tuple[float, ...]:
    """The pitches a whistle sounds: one for a pea whistle, with its trill rate; three chambers for
    a pealess one. Drawn once per whistle: every blast of a call comes from the same whistle."""
    if kind == "pea":
        return (rng.uniform(*PEA_PITCH_HZ), rng.uniform(*PEA_TRILL_HZ))
    if kind == "pealess":
        return tuple(rng.uniform(lo, hi) for lo, hi in PEALESS_PITCH_HZ)
    raise ValueError(f"whistle kind must be one of {WHISTLE_KINDS}, not {kind!r}")


def _blast(kind: str, voice: tuple[float, ...], seconds: float, rate: int, rng: np.random.Generator) -> np.ndarray:
    n = max(1, int(round(seconds * rate)))
    t = np.arange(n) / rate
    if kind == "pea":
        f0, trill = voice
        wobble = np.sin(2 * np.pi * trill * t + rng.uniform(0, 2 * np.pi))
        wobble += 0.3 * _slow(n, rate, rng, trill)  # the pea never rattles quite evenly
        freq = f0 * (1 + PEA_WARBLE * wobble)
        phase = 2 * np.pi * np.cumsum(freq) / rate
        tone = np.sin(phase) + 0.18 * np.sin(2 * phase + 0.4)
        tone *= 1 - 0.45 * (0.5 + 0.5 * wobble)  # the pea chokes the air as it passes the slot
        centre = f0
    else:
        tone = np.zeros(n)
        for f in voice:
            phase = 2 * np.pi * f * t + rng.uniform(0, 2 * np.pi)
            tone += np.sin(phase) + 0.12 * np.sin(2 * phase)
        tone /= len(voice)
        centre = float(np.mean(voice))
    breath = 0.08 * shaped_noise(n, rate, rng, _band(centre * 0.8, centre * 1.25))
    return (tone + breath) * _envelope(n, rate, WHISTLE_ATTACK_S, WHISTLE_RELEASE_S)


def whistle(rate: int, rng: np.random.Generator, kind: str = "pea", pattern: str = "short") -> np.ndarray:
    """One whistle call, starting at sample 0 with its first blast; peak amplitude about 1."""
    blasts = blast_times(pattern)
    voice = _voice(kind, rng)
    end = max(s + d for s, d in blasts)
    out = np.zeros(int(math.ceil(end * rate)) + 1)
    for start, seconds in blasts:
        b = _blast(kind, voice, seconds, rate, rng)
        i = int(round(start * rate))
        out[i:i + len(b)] += b[: len(out) - i]
    return out


def whistle_length(pattern: str) -> float:
    """Seconds from the first blast's start to the last blast's end."""
    return max(s + d for s, d in blast_times(pattern))


def horn(rate: int, rng: np.random.Generator, seconds: float = 1.0, kind: str = "air") -> np.ndarray:
    """The horn: a steady reed tone rich in harmonics (`dual`: two horns a third apart)."""
    if kind not in HORN_KINDS:
        raise ValueError(f"horn kind must be one of {HORN_KINDS}, not {kind!r}")
    n = max(1, int(round(seconds * rate)))
    t = np.arange(n) / rate
    pitches = [rng.uniform(*HORN_PITCH_HZ)]
    if kind == "dual":
        pitches.append(pitches[0] * 1.25)
    tone = np.zeros(n)
    for f0 in pitches:
        for k in range(1, HORN_HARMONICS + 1):
            if k * f0 < rate / 2:
                tone += np.sin(2 * np.pi * k * f0 * t + rng.uniform(0, 2 * np.pi)) / k
    tone /= np.max(np.abs(tone)) or 1.0
    return tone * _envelope(n, rate, HORN_ATTACK_S, HORN_RELEASE_S)


def wind(n: int, rate: int, rng: np.random.Generator) -> np.ndarray:
    """Wind on the microphone: a low rumble in gusts, with a breathier hiss above it (unit RMS)."""
    gusts = np.exp(0.8 * _slow(n, rate, rng, 0.4))
    rumble = shaped_noise(n, rate, rng, lambda f: 1.0 / (1 + (np.maximum(f, 5) / 120.0) ** 2))
    hiss = shaped_noise(n, rate, rng, _band(400.0, 4000.0, 1))
    out = gusts * (rumble + 0.25 * hiss)
    return out / (math.sqrt(float(np.mean(out ** 2))) or 1.0)


def crowd(n: int, rate: int, rng: np.random.Generator, voices: int = 12) -> np.ndarray:
    """A crowd: a murmur of many voices, a few nearer ones talking over it, now and then clapping
    (unit RMS)."""
    murmur = shaped_noise(n, rate, rng, _band(250.0, 3000.0, 2)) * np.exp(0.3 * _slow(n, rate, rng, 3.0))
    near = np.zeros(n)
    t = np.arange(n) / rate
    for _ in range(voices):
        f0 = rng.uniform(100.0, 260.0) * (1 + 0.08 * _slow(n, rate, rng, 2.0))
        cycles = np.cumsum(f0) / rate
        voice = 2 * (cycles % 1.0) - 1  # a sawtooth: every harmonic, falling as 1/n, as a voice's
        syllables = np.clip(_slow(n, rate, rng, 4.0) - 0.6, 0.0, None)  # speaking now and then
        near += voice * syllables * (0.5 + 0.5 * np.cos(2 * np.pi * rng.uniform(0.1, 0.3) * t))
    near = _formants(near, rate)
    near /= math.sqrt(float(np.mean(near ** 2))) or 1.0
    claps = np.zeros(n)
    for start in rng.uniform(0, n / rate, size=int(n / rate * 1.5)):
        i = int(start * rate)
        k = min(n - i, int(0.01 * rate))
        claps[i:i + k] += rng.standard_normal(k) * np.exp(-np.arange(k) / (0.002 * rate))
    out = murmur + 0.5 * near + 0.4 * claps
    return out / (math.sqrt(float(np.mean(out ** 2))) or 1.0)


def _formants(x: np.ndarray, rate: int) -> np.ndarray:
    """Voices' spectral shape: energy around 500 Hz and 1.5 kHz, falling above 3 kHz."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1.0 / rate)
    shape = (np.exp(-((f - 500) / 300) ** 2) + 0.5 * np.exp(-((f - 1500) / 500) ** 2)
             + 0.05 / (1 + (f / 3000) ** 4))
    return np.fft.irfft(spectrum * shape, len(x))


def hoofbeats(n: int, rate: int, rng: np.random.Generator, pace) -> np.ndarray:
    """A horse galloping, `pace(t)` (0 standing .. 1 flat out) setting how hard each beat lands."""
    out = np.zeros(n)
    beat_n = int(0.06 * rate)
    bt = np.arange(beat_n) / rate
    t = rng.uniform(0, STRIDE_S)
    while t < n / rate:
        strength = float(pace(t))
        if strength > 0.05:
            for offset in GALLOP_BEATS:
                i = int((t + offset) * rate)
                if i >= n:
                    break
                f = rng.uniform(70.0, 140.0)
                thump = np.sin(2 * np.pi * f * bt) * np.exp(-bt / 0.018)
                click = rng.standard_normal(beat_n) * np.exp(-bt / 0.003) * 0.4
                beat = strength * (thump + click)
                out[i:i + beat_n] += beat[: n - i]
        t += STRIDE_S * rng.uniform(0.95, 1.05)
    return out


@dataclass(frozen=True)
class Placed:
    """A whistle or a horn in a sound track: what, and when (seconds from the track's start)."""

    kind: str  # "whistle" | "horn"
    start_s: float
    end_s: float


def place(track: np.ndarray, sound: np.ndarray, start_s: float, rate: int, gain: float = 1.0) -> None:
    i = int(round(start_s * rate))
    if 0 <= i < len(track):
        track[i:i + len(sound)] += gain * sound[: len(track) - i]


def rms(x: np.ndarray) -> float:
    return math.sqrt(float(np.mean(np.square(x)))) if len(x) else 0.0

