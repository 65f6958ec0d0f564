"""A recording's sound, decoded with PyAV (the footage layer's library) to mono float samples at one
fixed rate, placed on the video's timeline.

Phones and cameras record AAC, Opus or PCM at 8-48 kHz, mono or stereo; everything is mixed down
and resampled by FFmpeg's resampler to `ANALYSIS_RATE`, so the detector and the sync see one kind
of signal whatever the source.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from review_app.i18n import Message
from review_app.sound.errors import NoSound

log = logging.getLogger(__name__)

# 16 kHz keeps everything up to 8 kHz: a whistle's tone (2-4.5 kHz) and the horn's harmonics,
# at a third of the work of 48 kHz.
ANALYSIS_RATE = 16000
# Below this peak level (about -90 dBFS, under the last bit of 16-bit PCM) a track holds no sound.
SILENCE_PEAK = 3e-5


@dataclass(frozen=True)
class Recording:
    """Mono samples at `rate`; samples[0] sounds at `start_s` on the video's timeline."""

    path: Path
    samples: np.ndarray  # float32, -1..1
    rate: int
    start_s: float
    codec: str = ""
    source_rate: int = 0

    @property
    def duration_s(self) -> float:
        return len(self.samples) / self.rate

    @property
    def end_s(self) -> float:
        return self.start_s + self.duration_s


def decode_sound(path: str | os.PathLike, *, zero_s: float = 0.0, rate: int = ANALYSIS_RATE) -> Recording:
    """The first sound track of `path`, mono at `rate`. `zero_s` is the container time that counts as
    0 on the timeline (a video's first frame: `Footage.info.start_offset_s`)."""
    import av

    path = Path(path)
    try:
        container = av.open(str(path), metadata_errors="ignore")
    except (av.error.FFmpegError, OSError, UnicodeDecodeError, ValueError):
        raise NoSound(Message("is not a recording FFmpeg can read"), path=path) from None
    with container:
        if not container.streams.audio:
            raise NoSound(Message("has no sound track"), path=path)
        stream = container.streams.audio[0]
        codec = stream.codec_context.name
        source_rate = stream.codec_context.sample_rate or 0
        resampler = av.AudioResampler(format="flt", layout="mono", rate=rate)
        chunks: list[np.ndarray] = []
        first_s = None
        try:
            for frame in container.decode(stream):
                if first_s is None and frame.pts is not None and frame.time_base is not None:
                    first_s = float(frame.pts * frame.time_base)
                for out in resampler.resample(frame):
                    chunks.append(out.to_ndarray().reshape(-1))
        except av.error.FFmpegError as exc:  # damaged or cut-off data: keep the sound before it
            log.warning("%s: sound decoding stopped early (%s); using the %d chunks before it", path, exc, len(chunks))
        for out in resampler.resample(None):
            chunks.append(out.to_ndarray().reshape(-1))
    samples = np.concatenate(chunks).astype(np.float32, copy=False) if chunks else np.zeros(0, np.float32)
    if not len(samples):
        raise NoSound(Message("its sound track holds no sound that can be decoded"), path=path)
    if float(np.max(np.abs(samples))) < SILENCE_PEAK:
        raise NoSound(Message("its sound track is silent"), path=path)
    start = (first_s if first_s is not None else 0.0) - zero_s
    return Recording(path, samples, rate, start, codec, source_rate)
