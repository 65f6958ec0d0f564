"""A feed as recorded so far, read from its log: the frame index that grows with the recording (every
closed segment's frames, their times from the log), frames decoded from the segment holding them, the gaps
and the whistles heard. Thread-safe; one per feed folder in a server process (`open_feed`).

Frame numbers and times count from the feed's first frame, as for any file (review_app.footage): frame k
here is frame k of the file `finish` makes from the segments after the game.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from review_app.footage import frames as frame_images
from review_app.footage.errors import FootageError, FrameOutOfRange
from review_app.live import segments

OPEN_SEGMENTS = 4  # segments kept open for decoding (the live edge, and a replay a few seconds back)


@dataclass(frozen=True)
class Whistle:
    start_s: float  # on the feed's timeline (from its first frame)
    end_s: float
    frame: int  # the frame on screen when it starts
    heard_wall: float


@dataclass(frozen=True)
class Gap:
    from_s: float
    to_s: float
    frame: int  # the first frame after the gap


class LiveFeed:
    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.name = self.folder.name
        self._lock = threading.Lock()
        self._log: segments.FeedLog | None = None
        self._times = np.zeros(0)  # recording seconds of every frame, by index
        self._starts: list[int] = []  # first frame index of each segment
        self._open: OrderedDict[int, object] = OrderedDict()
        self.width = self.height = 0
        self.refresh()

    def refresh(self) -> bool:
        """Reads what the recorder logged since; True when frames were added."""
        with self._lock:
            before = len(self._log.segments) if self._log else 0
            self._log = segments.read(self.folder, self._log)
            added = self._log.segments[before:]
            if not added:
                return False
            parts = [self._times]
            for entry in added:
                self._starts.append(len(self._times) + sum(len(p) for p in parts[1:]))
                tb = Fraction(*entry["time_base"])
                parts.append(np.asarray(entry["pts"], dtype=np.int64) * float(tb))
            self._times = np.concatenate(parts)
            return True

    # -- the index ------------------------------------------------------------------------------
    @property
    def frame_count(self) -> int:
        return len(self._times)

    @property
    def first_s(self) -> float:
        return float(self._times[0]) if len(self._times) else 0.0

    @property
    def duration_s(self) -> float:
        return float(self._log.segments[-1]["end_s"]) - self.first_s if self.frame_count else 0.0

    @property
    def segment_count(self) -> int:
        return len(self._log.segments)

    def times(self) -> np.ndarray:
        """Every frame's time from the first frame (seconds)."""
        return self._times - self.first_s

    def time_of(self, index: int) -> float:
        return float(self._times[index] - self.first_s)

    def frame_on_screen(self, seconds: float) -> int:
        """The frame shown `seconds` after the first (clamped to what is recorded)."""
        i = int(np.searchsorted(self._times - self.first_s, seconds + 1e-6, side="right")) - 1
        return max(0, min(i, self.frame_count - 1))

    def whistles(self) -> list[Whistle]:
        """Whistles heard whose start is recorded already (the page can go there)."""
        if not self.frame_count:
            return []
        last = self._times[-1]
        return [Whistle(w["start_s"] - self.first_s, w["end_s"] - self.first_s,
                        self.frame_on_screen(w["start_s"] - self.first_s), w.get("heard_wall", 0.0))
                for w in self._log.whistles if w["start_s"] <= last]

    def gaps(self) -> list[Gap]:
        return [Gap(g["from_s"] - self.first_s, g["to_s"] - self.first_s,
                    min(self.frame_count - 1, self.frame_on_screen(g["to_s"] - self.first_s + 1e-4)))
                for g in self._log.gaps if self.frame_count]

    def segment_files(self) -> list[Path]:
        return [self.folder / s["file"] for s in self._log.segments]

    # -- pictures ---------------------------------------------------------------------------------
    def _footage(self, number: int):
        from review_app.footage.footage import Footage

        footage = self._open.get(number)
        if footage is None:
            footage = Footage(self.folder / self._log.segments[number]["file"])
            self._open[number] = footage
            while len(self._open) > OPEN_SEGMENTS:
                self._open.popitem(last=False)[1].close()
        self._open.move_to_end(number)
        return footage

    def picture(self, index: int):
        """Frame `index` (BGR), decoded from its segment."""
        with self._lock:
            if not 0 <= index < self.frame_count:
                raise FrameOutOfRange(f"frame {index} is not recorded (yet): {self.frame_count} frames so far",
                                      path=self.folder)
            number = bisect.bisect_right(self._starts, index) - 1
            footage = self._footage(number)
            local = index - self._starts[number]
            if local >= footage.frame_count:
                raise FootageError(f"frame {index} cannot be decoded from its segment", path=self.folder)
            image = footage.frame(local).image
            if not self.width:
                self.height, self.width = image.shape[:2]
            return image

    def image(self, index: int, fmt: str = "jpeg", token: str = "") -> bytes:
        key = (token or str(self.folder), index, fmt)
        data = frame_images.CACHE.get(key)
        if data is None:
            data = frame_images.encode(self.picture(index), fmt)
            frame_images.CACHE.put(key, data)
        return data

    def size(self) -> tuple[int, int]:
        if not self.width and self.frame_count:
            self.picture(0)
        return self.width, self.height

    def close(self) -> None:
        with self._lock:
            for footage in self._open.values():
                footage.close()
            self._open.clear()
