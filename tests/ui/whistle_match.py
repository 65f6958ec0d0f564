"""A two-minute 29.97 fps recording with eight referee's whistles over field noise, made here (not a
sample of the product's, nor its sound synthesiser): numbered frames, and a sound track of pink noise
with a warbled pea whistle at each stoppage, +6 dB over the noise, as a phone records a match."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import framecode
import numpy as np

from review_app.footage import VideoWriter

FPS = Fraction(30000, 1001)
SECONDS = 120.0
RATE = 48000
W, H = 320, 180
# when the eight stoppages' whistles start (seconds on the recording), off the frame grid
WHISTLES_S = (8.40, 21.70, 33.20, 47.90, 61.30, 76.50, 92.80, 108.10)
SNR_DB = 6.0


def pink_noise(n: int, rng: np.random.Generator) -> np.ndarray:
    """Noise whose power falls as 1/f (wind and crowd), unit RMS."""
    spectrum = rng.standard_normal(n // 2 + 1) + 1j * rng.standard_normal(n // 2 + 1)
    f = np.arange(n // 2 + 1, dtype=float)
    f[0] = 1.0
    noise = np.fft.irfft(spectrum / np.sqrt(f), n)
    return noise / np.sqrt(np.mean(noise ** 2))


def pea_whistle(rng: np.random.Generator, seconds: float = 0.9) -> np.ndarray:
    """A pea whistle's blast: a 3.1 kHz tone and its second harmonic, warbled 25 times a second by the
    pea, with a quick attack and release, unit RMS."""
    t = np.arange(int(seconds * RATE)) / RATE
    base = 3100 + rng.uniform(-80, 80)
    freq = base + 180 * np.sin(2 * np.pi * 25 * t)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    tone = np.sin(phase) + 0.35 * np.sin(2 * phase)
    envelope = np.minimum(1, np.minimum(t / 0.02, (seconds - t) / 0.05))
    out = tone * envelope
    return out / np.sqrt(np.mean(out ** 2))


def sound_track(seed: int = 37) -> np.ndarray:
    rng = np.random.default_rng(seed)
    noise = pink_noise(int(SECONDS * RATE), rng)
    out = noise.copy()
    gain = 10 ** (SNR_DB / 20)
    for start in WHISTLES_S:
        blast = pea_whistle(rng) * gain
        i = int(round(start * RATE))
        out[i:i + len(blast)] += blast
    return (out * (0.9 / np.max(np.abs(out)))).astype(np.float32)


def whistle_frames() -> list[int]:
    """The frame on screen when each whistle starts."""
    return [int(Fraction(s).limit_denominator(1000) * FPS) for s in WHISTLES_S]


def make(path: Path) -> Path:
    samples = sound_track()
    frames = int(SECONDS * FPS)
    with VideoWriter(path, W, H, fps=FPS, codec="h264", gop=30, bframes=2, audio_rate=RATE, audio_codec="aac") as w:
        done = 0
        for i in range(frames):
            w.write(framecode.draw(i, W, H), Fraction(i) / FPS)
            upto = len(samples) if i + 1 == frames else int(round((i + 1) / FPS * RATE))
            w.write_audio(samples[done:upto])
            done = upto
    return path


if __name__ == "__main__":
    import sys

    print(make(Path(sys.argv[1])), whistle_frames())
