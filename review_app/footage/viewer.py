"""A reviewer's view of one recording: the frame at a position as image bytes, stepping by
frames and seconds, the filmstrip, and short clips around a position.

One `FrameViewer` is kept per user session (the app holds it in session state), so the decoder
stays open and positioned between reruns: stepping forward one frame decodes one frame.
Stepping back needs a seek to the keyframe before; the frames decoded on the way are kept
(encoded) so the next steps back are free. Plain module: no streamlit.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from review_app.errors import PoloReviewError
from review_app.footage import Footage, export_clip

# JPEG at this quality is ~5 ms for a 1080p frame; lossless PNG is ~100 ms and four times
# the bytes, so PNG is offered on request for close inspection, JPEG is the default.
JPEG_QUALITY = 92
PNG_COMPRESSION = 1
CACHE_FRAMES = 48  # encoded frames kept (~0.5 MB each at 1080p)
# Frames before a back-step target that the seek decodes anyway; kept as pictures (6 MB each
# at 1080p) and encoded only if the reviewer steps back to them.
BACK_PREFETCH = 12

Progress = Callable[[str, float], None]


def encode(image: np.ndarray, fmt: str = "jpeg") -> bytes:
    import cv2

    if fmt == "png":
        ok, buf = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, PNG_COMPRESSION])
    else:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise PoloReviewError(f"could not encode the frame as {fmt}")
    return buf.tobytes()


def format_time(seconds: float, decimals: int = 2) -> str:
    """41.5 -> '0:41.50'; 3725 -> '1:02:05.00'."""
    seconds = max(0.0, float(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    sec = f"{s:0{3 + decimals if decimals else 2}.{decimals}f}"
    return f"{int(h)}:{int(m):02d}:{sec}" if h >= 1 else f"{int(m)}:{sec}"


_TIME = re.compile(r"^\s*(?:(\d+):)?(?:(\d+):)?(\d+(?:[.,]\d*)?)\s*s?\s*$")


def parse_time(text: str) -> float:
    """'41.2', '41,2 s', '0:41.2', '1:02:05' -> seconds (after a colon, minutes and seconds stay
    below 60; plain seconds may be any number). Raises PoloReviewError on anything else."""
    m = _TIME.match(text or "")
    if not m:
        raise PoloReviewError(f"{text!r} is not a time (write seconds like 41.2, or m:ss like 0:41.2)")
    a, b, c = m.groups()
    sec = float(c.replace(",", "."))
    if a is not None and (sec >= 60 or (b is not None and int(b) >= 60)):
        raise PoloReviewError(f"{text!r} is not a time (minutes and seconds after a colon go up to 59)")
    if a is not None and b is not None:
        total = int(a) * 3600 + int(b) * 60 + sec
    elif a is not None:
        total = int(a) * 60 + sec
    else:
        total = sec
    if not math.isfinite(total):
        raise PoloReviewError(f"{text!r} is not a time")
    return total


@dataclass(frozen=True)
class Strip:
    index: int
    time_s: float
    jpeg: bytes


class FrameViewer:
    """One open recording and the encoded frames recently shown from it."""

    def __init__(self, path: str | Path, progress: Progress | None = None):
        self.path = Path(path)
        self.footage = Footage(self.path, progress=progress)
        self.info = self.footage.info
        self._cache: OrderedDict[tuple[int, str], bytes] = OrderedDict()
        self._strip: dict[tuple[int, int], list[Strip]] = {}
        self._pictures: dict[int, np.ndarray] = {}  # decoded on a back-step run, not yet encoded
        self._last_decoded = -1

    @property
    def frame_count(self) -> int:
        return self.footage.frame_count

    def clamp(self, index: int) -> int:
        return max(0, min(int(index), self.frame_count - 1))

    def time_of(self, index: int) -> float:
        return self.footage.time_of(self.clamp(index))

    def index_at(self, seconds: float) -> int:
        """The frame on screen at `seconds`, clamped to the footage (0 before, last after)."""
        if seconds <= 0:
            return 0
        if seconds >= self.info.duration_s:
            return self.frame_count - 1
        return self.footage.index_at(seconds)

    def step(self, index: int, *, frames: int = 0, seconds: float = 0.0) -> int:
        """The position `frames` frames or `seconds` seconds from `index`, kept inside the footage."""
        index = self.clamp(index)
        if seconds:
            target = self.index_at(self.time_of(index) + seconds)
            if target == index and 0 < index < self.frame_count - 1:
                target += 1 if seconds > 0 else -1  # a step always moves
            return self.clamp(target)
        return self.clamp(index + frames)

    def image(self, index: int, fmt: str = "jpeg") -> bytes:
        """The exact frame `index`, encoded; recently shown frames come from the cache."""
        index = self.clamp(index)
        key = (index, fmt)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        picture = self._pictures.get(index)
        if picture is not None:
            return self._put(key, encode(picture, fmt))
        if index < self._last_decoded or index > self._last_decoded + 2 * self.info.fps + 1:
            data = self._decode_run(index, fmt)  # a seek: keep what the run decodes anyway
        else:
            data = self._put(key, encode(self.footage.frame(index).image, fmt))
        self._last_decoded = index
        return data

    def _decode_run(self, index: int, fmt: str) -> bytes:
        """Seek and decode up to `index`, keeping the last few frames before it."""
        keyframe = self.footage.keyframe_before(index)
        first = max(keyframe, index - BACK_PREFETCH) if index < self._last_decoded else index
        self._pictures = {}
        for frame in self.footage.frames(first, index + 1):
            self._pictures[frame.index] = frame.image
        return self._put((index, fmt), encode(self._pictures.pop(index), fmt))

    def _put(self, key: tuple[int, str], data: bytes) -> bytes:
        self._cache[key] = data
        self._cache.move_to_end(key)
        while len(self._cache) > CACHE_FRAMES:
            self._cache.popitem(last=False)
        return data

    def filmstrip(self, count: int = 12, height: int = 72, progress: Progress | None = None) -> list[Strip]:
        key = (count, height)
        if key not in self._strip:
            thumbs = self.footage.filmstrip(count=count, height=height, progress=progress)
            self._strip[key] = [Strip(t.index, t.time_s, encode(t.image, "jpeg")) for t in thumbs]
            self._last_decoded = -1  # the filmstrip moved the decoder
        return self._strip[key]

    def clip_around(self, index: int, cache: Path, *, before_s: float, after_s: float,
                    progress: Progress | None = None) -> Path:
        """An MP4 of the stretch around frame `index` (cached by file content and range)."""
        t = self.time_of(index)
        return self._clip(max(0.0, t - before_s), min(self.info.duration_s, t + after_s), cache, progress)

    def clip_until(self, index: int, cache: Path, *, before_s: float, progress: Progress | None = None) -> Path:
        """An MP4 from `before_s` before frame `index` up to and including that frame (training)."""
        index = self.clamp(index)
        end = self.time_of(index + 1) if index + 1 < self.frame_count else self.info.duration_s
        return self._clip(max(0.0, self.time_of(index) - before_s), end, cache, progress)

    def _clip(self, start: float, end: float, cache: Path, progress: Progress | None) -> Path:
        if end <= start:
            end = min(self.info.duration_s, start + 1.0 / max(self.info.fps, 1.0))
        tag = hashlib.sha256(f"{self.info.sha256}:{start:.4f}:{end:.4f}".encode()).hexdigest()[:24]
        out = cache / f"{tag}.mp4"
        if not out.exists():
            cache.mkdir(parents=True, exist_ok=True)
            export_clip(self.footage, out, start, end, overlay=True, progress=progress)
            self._last_decoded = -1
        return out

    def close(self) -> None:
        self.footage.close()
        self._cache.clear()
        self._pictures = {}
