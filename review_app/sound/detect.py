"""Whistles and horns in a recording's sound.

What is a whistle, a horn or neither is heard by the learned listener (`listener`): every 10 ms of
the sound is described against the recording's own noise (`features`) and a small network trained on
generated match sound (`benchmarks/train_listener.py`) says how likely a whistle or a horn sounds or
starts there. Each blast is one whistle, from the start of its attack; a horn is one stretch. Times
are on the recording's timeline, then (`detect_sounds`) on the video's with the frame on screen.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass

from review_app.sound import listener
from review_app.sound.audio import Recording

log = logging.getLogger(__name__)

# Decoding a video's sound is about this share of the work of detecting its sounds (progress).
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


def find_sounds(recording: Recording, progress: Callable[[float], None] | None = None,
                weights: dict | None = None) -> list[Heard]:
    """Every whistle and horn in `recording`, in time order, on its timeline. `progress(fraction)`
    after each minute heard; `weights`: other networks than the shipped ones (`listener.load_weights`,
    for the benchmarks' cross-generator figures)."""
    return [Heard(kind, recording.start_s + a, recording.start_s + b)
            for kind, a, b in listener.listen(recording.samples, recording.rate, progress, weights)]


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
