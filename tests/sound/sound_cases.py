"""Recordings with sound, made in code: small numbered pictures and a sound track of match noise
(wind, crowd, hoofbeats) with whistles and horns at known times, encoded as phones and cameras
encode them (AAC, Opus, PCM at their usual rates)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import framecode
import numpy as np

from review_app.footage.writer import VideoWriter
from review_app.samples import sound, sound_sets

W, H, FPS = 64, 48, 25


@dataclass(frozen=True)
class Event:
    kind: str  # "whistle" | "horn"
    start_s: float  # on the video's timeline
    timbre: str  # whistle kind or horn kind
    pattern: str = "short"  # whistle blasts; for a horn, unused
    seconds: float = 1.5  # a horn's length


# Times chosen off the frame grid (25 fps), every timbre and pattern once.
EVENTS = (
    Event("whistle", 3.013, "pea", "short"),
    Event("whistle", 7.37, "pealess", "long"),
    Event("horn", 11.21, "dual", seconds=1.5),
    Event("whistle", 15.5, "pea", "repeated"),
    Event("horn", 18.03, "air", seconds=1.0),
    Event("whistle", 21.047, "pealess", "repeated"),
)
SECONDS = 25.0


@dataclass(frozen=True)
class Case:
    name: str
    suffix: str
    video_codec: str
    audio_codec: str
    rate: int
    start_s: float = 0.0  # the container clock at the first frame (and the first sample)


# What phones and cameras write: AAC in MP4 at 44.1 kHz (phones), Opus in WebM at 48 kHz (Android,
# browsers), 16-bit PCM in MOV at 48 kHz (cameras), AAC in MPEG-TS (camcorders: the clock starts
# at 1.4 s, not 0).
CASES = (
    Case("aac-mp4-44k", ".mp4", "h264", "aac", 44100),
    Case("opus-webm-48k", ".webm", "vp9", "opus", 48000),
    Case("pcm-mov-48k", ".mov", "h264", "pcm", 48000),
    Case("aac-ts-48k", ".ts", "h264", "aac", 48000, start_s=3.5),
)


def track(rate: int, events=EVENTS, seconds: float = SECONDS, snr_db: float = 3.0, seed: int = 7) -> np.ndarray:
    """Match noise with `events` each `snr_db` over the noise under it; peak 0.9."""
    rng = np.random.default_rng(seed)
    n = int(round(seconds * rate))
    bed = sound_sets.noise_bed(n, rate, rng)
    out = bed.copy()
    for e in events:
        if e.kind == "whistle":
            s = sound.whistle(rate, rng, e.timbre, e.pattern)
        else:
            s = sound.horn(rate, rng, e.seconds, e.timbre)
        i = int(round(e.start_s * rate))
        gain = sound.rms(bed[i:i + len(s)]) * 10 ** (snr_db / 20) / sound.rms(s)
        sound.place(out, s, e.start_s, rate, gain)
    return out * (0.9 / np.max(np.abs(out)))


def write_video(path: Path, samples: np.ndarray | None, rate: int = 48000, *, video_codec: str = "h264",
                audio_codec: str = "aac", seconds: float | None = None, start_s: float = 0.0) -> Path:
    """Numbered frames at 25 fps with `samples` as the sound track (None: no sound track), both
    starting at `start_s` on the container's clock."""
    if seconds is None:
        seconds = len(samples) / rate
    frames = int(round(seconds * FPS))
    audio = {} if samples is None else {"audio_rate": rate, "audio_codec": audio_codec, "audio_start_s": start_s}
    with VideoWriter(path, W, H, fps=FPS, codec=video_codec, gop=FPS, bframes=0 if video_codec == "vp9" else 2,
                     time_base=Fraction(1, 90000),  # an MPEG clock tick: any start time is exact
                     **audio) as w:
        done = 0
        for i in range(frames):
            w.write(framecode.draw(i, W, H), Fraction(start_s).limit_denominator(1000) + Fraction(i, FPS))
            if samples is not None:
                upto = len(samples) if i + 1 == frames else int(round((i + 1) / FPS * rate))
                w.write_audio(samples[done:upto])
                done = upto
    return path
