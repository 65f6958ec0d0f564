"""From a sound at its source to the samples a camera or phone keeps: travel across the field (delay, the air's
absorption of highs, a ground reflection, the surroundings' reverberation), then the microphone's path (clipping
at the converter, the phone's high-pass, automatic gain control, the low-pass before the codec).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import signal

from .common import SAMPLE_RATE, air_absorption_db_per_m, speed_of_sound


@dataclass
class Air:
    temperature_c: float = 20.0
    humidity_pct: float = 50.0

    @property
    def speed(self) -> float:
        return speed_of_sound(self.temperature_c)


@dataclass
class Room:
    """The field's surroundings: stands, pavilions, trees. Outdoors the tail is short and weak."""

    rt60_s: float = 0.4
    critical_distance_m: float = 80.0  # where the reverberant level would equal the direct one
    max_tail_ratio: float = 2.0  # open ground: the tail's energy never more than this times the direct sound's
    predelay_s: float = 0.02


@dataclass
class Chain:
    """The recording device's path after the microphone."""

    lowpass_hz: float = 16000.0
    highpass_hz: float = 0.0
    agc: bool = False
    agc_attack_s: float = 0.02
    agc_release_s: float = 1.0
    agc_max_gain_db: float = 24.0
    clip_db: float = 0.0  # how far the loudest moment is driven past full scale before the converter clips
    level_dbfs: float = -20.0  # RMS the mixture is brought to before clipping (and the AGC's target)


def travel(source: np.ndarray, distance_m: float, air: Air, *, source_height_m: float = 2.5,
           mic_height_m: float = 1.5, ground_gain: float = 0.5, sr: int = SAMPLE_RATE) -> np.ndarray:
    """The direct sound and its ground reflection, absorbed by the air over their path, not yet delayed by
    the travel time (the caller places the result at the arrival time). Spreading loss is left to the
    mix, which sets the level by the signal-to-noise ratio."""
    pad = int(0.01 * sr)
    x = np.concatenate([source, np.zeros(pad)])
    freqs = np.fft.rfftfreq(x.size, 1.0 / sr)
    absorption = 10.0 ** (-air_absorption_db_per_m(freqs, air.temperature_c, air.humidity_pct) * distance_m / 20)
    # the ground reflection's extra path: sqrt(r^2 + (hs + hm)^2) - sqrt(r^2 + (hs - hm)^2)
    extra = (np.hypot(distance_m, source_height_m + mic_height_m)
             - np.hypot(distance_m, source_height_m - mic_height_m))
    delay = extra / air.speed
    reflection = ground_gain * np.exp(-2j * np.pi * freqs * delay)
    return np.fft.irfft(np.fft.rfft(x) * absorption * (1.0 + reflection), n=x.size)


def room_response(rng: np.random.Generator, room: Room, distance_m: float, sr: int = SAMPLE_RATE) -> np.ndarray:
    """An impulse response: the direct impulse, then exponentially decaying noise whose highs die faster,
    at the level the distance gives against the critical distance."""
    n = int((room.predelay_s + room.rt60_s) * sr)
    k = np.arange(n - int(room.predelay_s * sr))
    tail_low = rng.standard_normal(k.size) * np.exp(-6.9 * k / (room.rt60_s * sr))
    tail_high = rng.standard_normal(k.size) * np.exp(-6.9 * k / (0.5 * room.rt60_s * sr))
    sos_low = signal.butter(2, 2000.0, "lowpass", fs=sr, output="sos")
    sos_high = signal.butter(2, 2000.0, "highpass", fs=sr, output="sos")
    tail = signal.sosfilt(sos_low, tail_low) + signal.sosfilt(sos_high, tail_high)
    # energy of the tail against the direct impulse's: (distance / critical distance)^2
    ratio = min((distance_m / room.critical_distance_m) ** 2, room.max_tail_ratio)
    tail *= np.sqrt(ratio) / (np.sqrt(np.sum(tail**2)) or 1.0)
    ir = np.zeros(n)
    ir[0] = 1.0
    ir[n - k.size:] += tail
    return ir


def reverberate(x: np.ndarray, ir: np.ndarray) -> np.ndarray:
    return signal.fftconvolve(x, ir)[: x.size + ir.size - 1]


def _agc_gain(x: np.ndarray, chain: Chain, sr: int) -> np.ndarray:
    """A phone's gain control: the level followed in 10 ms frames, the gain falling fast when it rises past the
    target and recovering slowly, bounded by the maximum gain; interpolated to every sample."""
    hop = int(0.01 * sr)
    frames = x[: x.size // hop * hop].reshape(-1, hop)
    level = np.sqrt(np.mean(frames**2, axis=1) + 1e-12)
    target = 10.0 ** (chain.level_dbfs / 20.0)
    wanted = np.minimum(target / level, 10.0 ** (chain.agc_max_gain_db / 20.0))
    down = np.exp(-0.01 / chain.agc_attack_s)
    up = np.exp(-0.01 / chain.agc_release_s)
    gains = np.empty_like(wanted)
    g = float(wanted[: max(1, int(1.0 / 0.01))].min())
    for i, w in enumerate(wanted):
        coeff = down if w < g else up
        g = coeff * g + (1.0 - coeff) * w
        gains[i] = g
    centres = (np.arange(gains.size) + 0.5) * hop
    return np.interp(np.arange(x.size), centres, gains)


def record(mix: np.ndarray, chain: Chain, sr: int = SAMPLE_RATE) -> np.ndarray:
    """The device's path: level set, clipping at the converter, high-pass, gain control, low-pass; float32."""
    rms = float(np.sqrt(np.mean(mix**2))) or 1.0
    x = mix * (10.0 ** (chain.level_dbfs / 20.0) / rms)
    if chain.clip_db > 0:
        x *= 10.0 ** (chain.clip_db / 20.0) / (np.max(np.abs(x)) or 1.0)
        x = np.clip(x, -1.0, 1.0)
    if chain.highpass_hz > 0:
        x = signal.sosfilt(signal.butter(2, chain.highpass_hz, "highpass", fs=sr, output="sos"), x)
    if chain.agc:
        x = x * _agc_gain(x, chain, sr)
    if chain.lowpass_hz < 0.5 * sr * 0.95:
        x = signal.sosfilt(signal.butter(8, chain.lowpass_hz, "lowpass", fs=sr, output="sos"), x)
    peak = float(np.max(np.abs(x)))
    if peak > 0.99 and chain.clip_db <= 0:  # never clipped where the spec asked for none: scale instead
        x *= 0.99 / peak
    return np.clip(x, -1.0, 1.0).astype(np.float32)
