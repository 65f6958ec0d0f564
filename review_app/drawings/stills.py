"""Stills of a tag's frames with its drawings, for the reports a coach sends: the frames it was drawn
on (each with what was drawn there), or its own frame when nothing was drawn. A still is a JPEG,
no wider than asked, ready to be placed in a self-contained HTML file as a data URL."""

from __future__ import annotations

import base64
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from review_app.drawings.render import draw_on
from review_app.drawings.shapes import Shape
from review_app.errors import PoloReviewError

log = logging.getLogger(__name__)

STILL_WIDTH = 640  # pixels: a report's still, wide enough to see the play, small enough to e-mail
JPEG_QUALITY = 85
MAX_STILLS = 4  # per tag: the frames drawn on, first ones first


@dataclass(frozen=True)
class Still:
    frame: int
    time_s: float
    drawings: int  # how many drawings it shows
    jpeg: bytes

    def data_url(self) -> str:
        return "data:image/jpeg;base64," + base64.b64encode(self.jpeg).decode("ascii")


def still_frames(drawings: Sequence[Shape], own_frame: int) -> list[int]:
    """The frames a tag's stills show: those drawn on, in order, else its own frame."""
    drawn = sorted({d.frame for d in drawings})
    return drawn[:MAX_STILLS] or [own_frame]


def encode(image, width: int = STILL_WIDTH) -> bytes:
    import cv2

    h, w = image.shape[:2]
    if w > width:
        image = cv2.resize(image, (width, round(h * width / w)), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise PoloReviewError("a still could not be encoded as JPEG")
    return data.tobytes()


def stills_of(footage, drawings: Sequence[Shape], own_frame: int, width: int = STILL_WIDTH, *,
              tag: str | None = None) -> list[Still]:
    """The stills of tag `tag` (its `drawings`, its own frame `own_frame`) from `footage` (an open `Footage`),
    drawings painted on; frames past the end are left out."""
    out = []
    for index in still_frames(drawings, own_frame):
        if not 0 <= index < footage.frame_count:
            log.info("tag %s: frame %s is not in the footage; no still", tag, index)
            continue
        frame = footage.frame(index)
        shapes = [d for d in drawings if d.frame == index]
        out.append(Still(index, frame.time_s, len(shapes), encode(draw_on(frame.image, shapes), width)))
    return out


class StillMaker:
    """Stills for tags of many matches, each footage opened once. `problems` holds, per match, the one line
    saying why it has no stills (no footage recorded, a file not found or unreadable)."""

    def __init__(self, roots=()):
        self.roots = tuple(roots)
        self._open: dict[str, object] = {}
        self.problems: dict[str, str] = {}

    def _footage(self, doc):
        from review_app.footage import Footage

        key = doc.match_id
        if key in self.problems:
            return None
        if key not in self._open:
            if not (doc.data.get("footage") or {}).get("path"):
                self.problems[key] = "no footage recorded for this match"
                return None
            try:
                path: Path = doc.footage_path(self.roots)
                self._open[key] = Footage(path)
            except PoloReviewError as exc:
                self.problems[key] = str(exc)
                return None
        return self._open[key]

    def stills(self, doc, drawings: Sequence[Shape], own_frame: int, width: int = STILL_WIDTH, *,
               tag: str | None = None) -> list[Still]:
        """The stills of tag `tag` of match `doc` (as `stills_of`), its footage opened once for every tag."""
        footage = self._footage(doc)
        if footage is None:
            return []
        try:
            return stills_of(footage, drawings, own_frame, width, tag=tag)
        except PoloReviewError as exc:
            self.problems[doc.match_id] = str(exc)
            return []

    def close(self) -> None:
        for footage in self._open.values():
            footage.close()
        self._open.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
