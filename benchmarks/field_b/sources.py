"""The sounds the truth counts: an Umpire's whistle (pea, pealess, electronic) and the end-of-period horn.

Each is drawn as a dataclass of parameters (what the truth records), then synthesised from it at the source,
before any travel or recording. Ranges and their sources: SPACE.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .common import (
    SAMPLE_RATE,
    band_noise,
    db_to_gain,
    fade_envelope,
    harmonic_tone,
    phase_of,
    smooth_random,
)

ABSENT = float("-inf")  # a harmonic level meaning "not there at all"

WHISTLE_TYPES = ("pea", "pealess", "electronic")
F0_RANGE_HZ = (2000.0, 4500.0)
FM_DEPTH_MAX = 0.10
FM_RATE_RANGE_HZ = (15.0, 50.0)
AM_DEPTH_MAX = 0.5
HARMONIC_RANGE_DB = (-40.0, -6.0)  # drawn levels; "absent" is drawn apart
DURATION_RANGE_S = (0.1, 3.0)
HORN_F0_RANGE_HZ = (150.0, 600.0)
HORN_DURATION_RANGE_S = (0.5, 3.0)


@dataclass
class WhistleSound:
    """One blast of one whistle, as blown."""

    whistle_type: str
    f0_hz: float
    duration_s: float
    h2_db: float = ABSENT
    h3_db: float = ABSENT
    fm_depth: float = 0.0  # peak deviation as a fraction of f0
    fm_rate_hz: float = 0.0
    am_depth: float = 0.0  # amplitude dips to (1 - am_depth)
    chamber_ratios: list[float] = field(default_factory=lambda: [1.0])  # pealess: each chamber's f / f0
    chamber_levels_db: list[float] = field(default_factory=lambda: [0.0])
    step_ratios: list[float] = field(default_factory=list)  # electronic, stepped: the tones cycled through
    step_s: float = 0.0
    attack_s: float = 0.02
    release_s: float = 0.05
    glide: float = 0.0  # blown whistles start this fraction flat and rise as the pressure builds
    breath_db: float = ABSENT  # breath noise relative to the tone


@dataclass
class HornSound:
    """One end-of-period horn, as sounded."""

    f0_hz: float
    duration_s: float
    rich: bool  # an air horn's many harmonics, or an electric horn's few
    slope_db_per_octave: float
    tone_ratios: list[float] = field(default_factory=lambda: [1.0])  # dual-tone horns
    attack_s: float = 0.04
    release_s: float = 0.1
    droop: float = 0.0  # the pitch falls this fraction over the release as the air runs out


def _harmonic_level(rng: np.random.Generator, fixed: float | None) -> float:
    if fixed is not None:
        return fixed
    if rng.random() < 0.25:
        return ABSENT
    return float(rng.uniform(*HARMONIC_RANGE_DB))


def draw_whistle(rng: np.random.Generator, whistle_type: str, *, f0_hz: float | None = None,
                 duration_s: float | None = None, h2_db: float | None = None, h3_db: float | None = None,
                 fm_depth: float | None = None, fm_rate_hz: float | None = None,
                 am_depth: float | None = None, chambers: int | None = None,
                 chamber_spread: str | None = None) -> WhistleSound:
    """Draw a whistle blast of the given type, each parameter from its whole range unless fixed."""
    f0 = f0_hz if f0_hz is not None else float(rng.uniform(*F0_RANGE_HZ))
    dur = duration_s if duration_s is not None else float(np.exp(rng.uniform(np.log(0.15), np.log(2.5))))
    sound = WhistleSound(whistle_type, f0, dur, _harmonic_level(rng, h2_db), _harmonic_level(rng, h3_db))
    if sound.h3_db != ABSENT and sound.h2_db != ABSENT and h3_db is None:
        sound.h3_db = min(sound.h3_db, sound.h2_db + 6.0)
    if whistle_type == "electronic":
        sound.attack_s, sound.release_s = float(rng.uniform(0.002, 0.01)), float(rng.uniform(0.003, 0.02))
        if rng.random() < 0.5:
            sound.step_ratios = [1.0] + [float(r) for r in rng.uniform(1.08, 1.35, size=int(rng.integers(1, 3)))]
            sound.step_s = float(rng.uniform(0.04, 0.2))
        return sound
    sound.attack_s, sound.release_s = float(rng.uniform(0.01, 0.06)), float(rng.uniform(0.03, 0.12))
    sound.glide = float(rng.uniform(0.01, 0.05))
    sound.breath_db = float(rng.uniform(-32.0, -16.0))
    if whistle_type == "pea":
        sound.fm_depth = fm_depth if fm_depth is not None else float(rng.uniform(0.005, FM_DEPTH_MAX))
        sound.fm_rate_hz = fm_rate_hz if fm_rate_hz is not None else float(rng.uniform(*FM_RATE_RANGE_HZ))
        sound.am_depth = am_depth if am_depth is not None else float(rng.uniform(0.0, AM_DEPTH_MAX))
        return sound
    n = chambers if chambers is not None else int(rng.integers(1, 4))
    spread = chamber_spread if chamber_spread is not None else ("close" if rng.random() < 0.5 else "wide")
    ratios = [1.0]
    for _ in range(n - 1):
        if spread == "close":  # within 5-60 Hz of the first: the chambers beat
            ratios.append(1.0 + float(rng.choice([-1, 1]) * rng.uniform(5.0, 60.0)) / f0)
        else:  # up to half an octave apart
            ratios.append(float(2.0 ** rng.uniform(1.0 / 24.0, 0.5)))
    sound.chamber_ratios = ratios
    sound.chamber_levels_db = [0.0] + [float(rng.uniform(-6.0, 0.0)) for _ in range(n - 1)]
    return sound


def _levels(sound: WhistleSound) -> list[tuple[int, float]]:
    levels = [(1, 1.0)]
    for k, level_db in ((2, sound.h2_db), (3, sound.h3_db)):
        if level_db != ABSENT:
            levels.append((k, db_to_gain(level_db)))
    return levels


def _blowing_curves(rng: np.random.Generator, sound: WhistleSound, n: int, sr: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The envelope and the pitch factor a player's breath gives a blast: a quick rise, the pitch following
    the pressure up, a slow wobble of about a decibel, and the release."""
    env = fade_envelope(n, int(sound.attack_s * sr), int(sound.release_s * sr))
    wobble = smooth_random(rng, n, 4.0, sr)
    if sound.whistle_type == "electronic":
        return env, np.ones(n)
    env = env * db_to_gain(1.0) ** (0.6 * wobble)
    rise = np.minimum(1.0, np.arange(n) / max(1.0, 2.0 * sound.attack_s * sr))
    pitch = (1.0 - sound.glide * (1.0 - rise)) * (1.0 + 0.002 * wobble)
    return env, pitch


def synth_whistle(rng: np.random.Generator, sound: WhistleSound, sr: int = SAMPLE_RATE) -> np.ndarray:
    """The blast at its source, peak about 1."""
    n = max(2, int(round(sound.duration_s * sr)))
    env, pitch = _blowing_curves(rng, sound, n, sr)
    t = np.arange(n) / sr
    if sound.whistle_type == "pea":
        # the pea's turn: rate drifting a few per cent, a little second harmonic in its shape
        rate = sound.fm_rate_hz * (1.0 + 0.04 * smooth_random(rng, n, 3.0, sr))
        turn = phase_of(rate, sr, float(rng.uniform(0, 2 * np.pi)))
        wave = np.sin(turn) + 0.25 * np.sin(2 * turn + 1.0)
        wave /= np.max(np.abs(wave)) or 1.0
        freq = sound.f0_hz * pitch * (1.0 + sound.fm_depth * wave)
        am = 1.0 - sound.am_depth * (0.5 + 0.5 * np.sin(turn + float(rng.uniform(0, np.pi))))
        tone = am * harmonic_tone(phase_of(freq, sr), _levels(sound), freq, sr)
    elif sound.whistle_type == "pealess":
        tone = np.zeros(n)
        for ratio, level_db in zip(sound.chamber_ratios, sound.chamber_levels_db, strict=True):
            freq = sound.f0_hz * ratio * pitch * (1.0 + 0.001 * smooth_random(rng, n, 8.0, sr))
            tone += db_to_gain(level_db) * harmonic_tone(phase_of(freq, sr, float(rng.uniform(0, 6.3))),
                                                         _levels(sound), freq, sr)
    else:
        freq = np.full(n, sound.f0_hz)
        if sound.step_ratios:
            step = (t // sound.step_s).astype(np.int64) % len(sound.step_ratios)
            freq = sound.f0_hz * np.asarray(sound.step_ratios)[step]
        tone = harmonic_tone(phase_of(freq, sr), _levels(sound), freq, sr)
    tone /= np.max(np.abs(tone)) or 1.0
    out = env * tone
    if sound.breath_db != ABSENT:
        hiss = band_noise(rng, n, sound.f0_hz * 0.7, min(sound.f0_hz * 1.4, sr * 0.45), sr, order=2)
        hiss += 0.5 * band_noise(rng, n, 1000.0, sr / 2.0, sr, order=2)
        hiss /= np.sqrt(np.mean(hiss**2)) or 1.0
        out += env * db_to_gain(sound.breath_db) * hiss * math.sqrt(0.5)
    return out


def draw_horn(rng: np.random.Generator, *, f0_hz: float | None = None, duration_s: float | None = None,
              rich: bool | None = None) -> HornSound:
    f0 = f0_hz if f0_hz is not None else float(np.exp(rng.uniform(np.log(HORN_F0_RANGE_HZ[0]),
                                                                  np.log(HORN_F0_RANGE_HZ[1]))))
    dur = duration_s if duration_s is not None else float(rng.uniform(*HORN_DURATION_RANGE_S))
    is_rich = bool(rng.random() < 0.6) if rich is None else rich
    slope = float(rng.uniform(2.0, 6.0)) if is_rich else float(rng.uniform(12.0, 24.0))
    horn = HornSound(f0, dur, is_rich, slope)
    if rng.random() < 0.3:  # dual-tone horns sound about a third apart
        horn.tone_ratios = [1.0, float(rng.uniform(1.18, 1.27))]
    horn.attack_s, horn.release_s = float(rng.uniform(0.02, 0.1)), float(rng.uniform(0.05, 0.25))
    horn.droop = float(rng.uniform(0.0, 0.05))
    return horn


def synth_horn(rng: np.random.Generator, horn: HornSound, sr: int = SAMPLE_RATE) -> np.ndarray:
    """The horn at its source, peak about 1: a harmonic series falling `slope` dB per octave, a little
    roughness, the pitch drooping over the release."""
    n = max(2, int(round(horn.duration_s * sr)))
    release = int(horn.release_s * sr)
    env = fade_envelope(n, int(horn.attack_s * sr), release)
    pitch = np.ones(n)
    pitch[n - release:] -= horn.droop * np.linspace(0.0, 1.0, release)
    pitch *= 1.0 + 0.003 * smooth_random(rng, n, 6.0, sr)
    out = np.zeros(n)
    for ratio in horn.tone_ratios:
        freq = horn.f0_hz * ratio * pitch
        top = int(0.45 * sr / (horn.f0_hz * ratio))
        levels = [(k, db_to_gain(-horn.slope_db_per_octave * math.log2(k))) for k in range(1, max(2, top))]
        out += harmonic_tone(phase_of(freq, sr, float(rng.uniform(0, 6.3))), levels, freq, sr)
    out *= 1.0 + 0.05 * smooth_random(rng, n, 40.0, sr)  # the reed's roughness
    out /= np.max(np.abs(out)) or 1.0
    return env * out
