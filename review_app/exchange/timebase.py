"""Seconds to frames and back for one match's footage, so an imported window or moment lands on the
frame the reviewer meant.

Where the footage file is at hand its frame index is used (exact on variable-rate phone video);
else the frame rate the match document records; else the one the user gives (`--fps`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.exchange.errors import ExchangeError
from review_app.footage.index import latest_instant
from review_app.model import MatchDocument

log = logging.getLogger(__name__)

# Where nothing says the rate (an export of a match without footage), a frame is taken as 1/25 s:
# PAL, the most common rate of match footage; used only to pad an instant to one frame.
FALLBACK_FPS = 25.0


@dataclass(frozen=True)
class ConstantRate:
    fps: float
    frame_count: int | None = None  # the footage's frames, where known: times past them are refused

    @property
    def end_s(self) -> float | None:
        """When the footage's last frame is gone; None where its length is not known."""
        return self.frame_count / self.fps if self.frame_count else None

    def frame_of(self, seconds: float) -> int:
        """The frame on screen at `seconds` (a frame's own time, rounded to the microsecond, gives that frame)."""
        return max(0, math.floor(latest_instant(seconds) * self.fps))

    def time_of(self, frame: int) -> float:
        return round(frame / self.fps, 6)

    def end_of(self, seconds: float) -> float:
        """When the frame on screen at `seconds` leaves the screen (the next frame's time)."""
        return (self.frame_of(seconds) + 1) / self.fps


class FootageTimes:
    """The footage's own frame index: the frame on screen at a time, the time of a frame."""

    def __init__(self, footage):
        self._footage = footage

    def frame_of(self, seconds: float) -> int:
        return self._footage.frame_on_screen(max(0.0, seconds))

    def time_of(self, frame: int) -> float:
        return round(self._footage.time_of(min(frame, self._footage.frame_count - 1)), 6)

    def end_of(self, seconds: float) -> float:
        """When the frame on screen at `seconds` leaves the screen: the next frame's own time."""
        following = self.frame_of(seconds) + 1
        if following >= self._footage.frame_count:
            return self._footage.info.duration_s
        return self._footage.time_of(following)

    @property
    def frame_count(self) -> int:
        return self._footage.frame_count

    @property
    def end_s(self) -> float:
        return self._footage.info.duration_s


def _valid_fps(fps) -> bool:
    return isinstance(fps, (int, float)) and math.isfinite(fps) and 0 < fps <= 1000


def for_export(doc: MatchDocument, roots: Iterable[str | Path] = ()):
    """Where each frame ends, for a format that writes an instant as one frame long (EAF): the footage's own
    index where the footage is at hand (exact on variable-rate video), else the document's rate, else the
    fallback. `roots`: the folders the caller allows footage in besides the project (as for `for_import`)."""
    try:
        return for_import(doc, roots=roots)
    except ExchangeError:
        return ConstantRate(FALLBACK_FPS)


def _recorded_frames(doc: MatchDocument) -> int | None:
    count = (doc.data.get("footage") or {}).get("frame_count")
    return count if isinstance(count, int) and not isinstance(count, bool) and count > 0 else None


def for_import(doc: MatchDocument, fps: float | None = None, *, use_footage: bool = True,
               roots: Iterable[str | Path] = ()):
    """The timebase to place imported times on frames: `fps` if given, else the footage's index, else
    the document's recorded rate; ExchangeError if none is known. Its `end_s` is the footage's length
    where the footage or the document tells it (a time past it is refused, never clamped). `roots` are the
    folders besides the project where the caller allows the footage to be (`MatchDocument.footage_path`):
    the workspace's footage folder and the recordings registered where they lie
    (`model.recordings.allowed_roots`)."""
    if fps is not None:
        if not _valid_fps(fps):
            raise ExchangeError(f"--fps {fps}: give the footage's frame rate, more than 0 and at most 1000")
        return ConstantRate(float(fps), _recorded_frames(doc))
    if use_footage and (doc.data.get("footage") or {}).get("path"):
        try:
            path = doc.footage_path(roots)
        except PoloReviewError as exc:
            log.info("footage of %s not used for timing: %s", doc.match_id, exc)
        else:
            if path.is_file():
                from review_app.footage import Footage

                try:
                    return FootageTimes(Footage(path))
                except PoloReviewError as exc:  # unreadable footage: the recorded rate below
                    log.warning("footage %s not used for timing: %s", path, exc)
    recorded = (doc.data.get("footage") or {}).get("fps")
    if _valid_fps(recorded):
        return ConstantRate(float(recorded), _recorded_frames(doc))
    raise ExchangeError(f"match {doc.match_id}: no frame rate recorded and no footage at hand to place "
                        "times on frames; give --fps", path=doc.path)
