"""A reviewer's view of one recording: frames by index (from the recording's shared
`frames.FrameSource`), times and positions, the filmstrip, and short clips around a position.

A session keeps one `FrameViewer`; the decoder, the index and the encoded frames belong to the
source, which every session viewing the same file shares. Plain module: no streamlit.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.footage import export_clip, frames
from review_app.footage.footage import Footage, FootageInfo

Progress = Callable[[str, float], None]


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
    """One recording as a reviewer sees it. `wait=False` returns at once, with the first frame
    (`image(0)`) available and the index still being built: see `ready`, `progress`, `error`."""

    def __init__(self, path: str | Path, progress: Progress | None = None, *, wait: bool = True):
        self.path = Path(path)
        self._strip: dict[tuple[int, int], list[Strip]] = {}
        source = self.source  # a file that is no video fails here
        if wait:
            source.wait(progress=progress)
            if source.error is not None:
                raise source.error

    @property
    def source(self) -> frames.FrameSource:
        """The recording's shared source (opened again if the registry closed it meanwhile)."""
        return frames.open_source(self.path)

    @property
    def ready(self) -> bool:
        return self.source.ready

    @property
    def error(self) -> PoloReviewError | None:
        return self.source.error

    @property
    def progress(self) -> tuple[str, float]:
        return self.source.progress

    @property
    def footage(self) -> Footage:
        return self.source.footage

    @property
    def info(self) -> FootageInfo:
        return self.footage.info

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

    def image(self, index: int, fmt: str = "jpeg") -> bytes:
        """The exact frame `index` (clamped to the footage), encoded; frames recently asked for come
        from the cache."""
        source = self.source
        return source.image(self.clamp(index) if source.ready else index, fmt)

    def filmstrip(self, count: int = 12, height: int = 72, progress: Progress | None = None) -> list[Strip]:
        key = (count, height)
        if key not in self._strip:
            with self.source.decoding() as footage:
                thumbs = footage.filmstrip(count=count, height=height, progress=progress)
            self._strip[key] = [Strip(t.index, t.time_s, frames.encode(t.image, "jpeg")) for t in thumbs]
        return self._strip[key]

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
            with self.source.decoding() as footage:
                export_clip(footage, out, start, end, overlay=True, progress=progress)
        return out
