"""What a drawing is, checked and cleaned. Plain module: no streamlit, no cv2.

The edits of a tag's drawings (`model.edits.add_drawing`, `update_drawing`, `remove_drawing`) are made on the
event's record, like every edit of a tag; what only reads drawings reads the record too (`model.event.Event`, its
`Drawing`s: a `Drawn` and its `Shape`s).

A drawing, as stored in the event's `drawings` (schema 2.0, optional):

    {"id": "d1", "kind": "arrow", "frame": 1234, "points": [[0.21, 0.40], [0.55, 0.38]],
     "color": "#ffd400", "text": null, "by": "Ana", "at": "2026-12-01T05:02:11Z"}

`points` are fractions of the frame's width (x) and height (y), 0 at the top left: the same drawing
fits the frame at any size it is shown or rendered at. Two points for a line, an arrow, the line of
the ball (from the ball towards where it travels) and a circle (centre, then a point on the circle);
one point for text (its top left); two or more for a freehand stroke.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol

from review_app.errors import PoloReviewError

KINDS = ("line", "arrow", "circle", "freehand", "text", "ball_line")
# how many points each kind takes: (fewest, most)
POINTS = {"line": (2, 2), "arrow": (2, 2), "circle": (2, 2), "ball_line": (2, 2), "text": (1, 1),
          "freehand": (2, 2000)}
MAX_DRAWINGS = 100  # on one tag: a bound, so a pasted document cannot fill every still with strokes
TEXT_MAX = 200
DEFAULT_COLOR = "#ffd400"  # yellow: seen on grass and on both teams' shirts
COLORS = ("#ffd400", "#ff3b30", "#ffffff", "#00c2ff", "#34c759", "#000000")
_COLOR = re.compile(r"^#[0-9a-f]{6}$")
ID_PATTERN = r"^d[0-9]{1,6}$"
# points closer than this (a fraction of the frame) add nothing to a freehand stroke: they are dropped
FREEHAND_STEP = 0.002


class DrawingError(PoloReviewError):
    """A drawing that cannot be stored, said in one line."""


# What the readers of drawings (stills, reels, the Review page's list) read of a drawing and of its tag: the typed
# records of `model.event` (`Drawing`, `Event`) are such. Described here rather than imported: the schema
# (`model.schema_build`) is made from this module's KINDS and POINTS, so the model stands on drawings, not the
# other way round.
class Shape(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def frame(self) -> int: ...
    @property
    def points(self) -> Sequence[Sequence[float]]: ...
    @property
    def color(self) -> str | None: ...
    @property
    def text(self) -> str | None: ...


class Drawn(Protocol):
    @property
    def drawings(self) -> Sequence[Shape]: ...


def _point(p, n: int) -> list[float]:
    try:
        x, y = (float(v) for v in p)
    except (TypeError, ValueError):
        raise DrawingError(f"point {n} of the drawing is not a pair of numbers: {p!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise DrawingError(f"point {n} of the drawing is not finite: {p!r}")
    # a drag that left the picture ends at its edge
    return [round(min(1.0, max(0.0, x)), 5), round(min(1.0, max(0.0, y)), 5)]


def _thin(points: list[list[float]]) -> list[list[float]]:
    out = [points[0]]
    for p in points[1:-1]:
        if math.dist(p, out[-1]) >= FREEHAND_STEP:
            out.append(p)
    if len(points) > 1:
        out.append(points[-1])
    return out


def clean(raw: dict, *, frame: int, by: str | None, now: datetime | None = None) -> dict:
    """A drawing as the browser sends it (kind, points, color, text), checked and made storable on `frame`,
    recording who drew it; DrawingError naming the problem otherwise."""
    if not isinstance(raw, dict):
        raise DrawingError("a drawing must be an object with kind and points")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise DrawingError(f"no such kind of drawing {kind!r}; one of {', '.join(KINDS)}")
    points = raw.get("points")
    if not isinstance(points, list):
        raise DrawingError("a drawing's points must be a list of [x, y] pairs")
    points = [_point(p, n) for n, p in enumerate(points, start=1)]
    if kind == "freehand" and points:
        points = _thin(points)
    fewest, most = POINTS[kind]
    if not fewest <= len(points) <= most:
        raise DrawingError(f"a {kind} takes {fewest}" + (f" to {most}" if most != fewest else "") +
                           f" points, not {len(points)}")
    if kind != "text" and kind != "freehand" and math.dist(points[0], points[1]) == 0:
        raise DrawingError(f"a {kind} needs two different points")
    color = str(raw.get("color") or DEFAULT_COLOR).lower()
    if not _COLOR.match(color):
        raise DrawingError(f"colour {color!r} must be written #rrggbb")
    text = raw.get("text")
    text = text.strip() if isinstance(text, str) else None
    if kind == "text" and not text:
        raise DrawingError("a text drawing needs its text")
    if text and len(text) > TEXT_MAX:
        raise DrawingError(f"a drawing's text is at most {TEXT_MAX} characters, not {len(text)}")
    if not isinstance(frame, int) or frame < 0:
        raise DrawingError(f"frame {frame!r} must be a frame number, 0 or more")
    out = {"kind": kind, "frame": frame, "points": points, "color": color}
    if text:
        out["text"] = text
    if by and by.strip():
        out["by"] = by.strip()
    out["at"] = f"{(now or datetime.now(UTC)):%Y-%m-%dT%H:%M:%SZ}"
    return out


def drawings_on(event: Drawn, frame: int | None = None) -> list[Shape]:
    """The event's drawings (on `frame`, if given), in the order they were drawn."""
    return [d for d in event.drawings if frame is None or d.frame == frame]
