"""Drawings painted onto a picture, for report stills, reels and the evidence pack.

Pillow draws them: its FreeType text writes any Unicode (accents, ñ), where OpenCV's Hershey fonts
write ASCII only. The strokes are drawn at twice the size and scaled down, for smooth edges.
Sizes follow the picture's shorter side, so a still and a full-size frame look alike."""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from review_app.drawings.shapes import Shape

log = logging.getLogger(__name__)

SUPERSAMPLE = 2
STROKE = 0.006  # the width of a stroke, as a fraction of the picture's shorter side
MIN_STROKE_PX = 3.0  # and never thinner than this: a small still still shows it
TEXT_SIZE = 0.05  # the height of a drawing's text, likewise
ARROW_HEAD = 5.0  # the length of an arrow's head, in stroke widths
ARROW_ANGLE = math.radians(28)
DASH = 4.0  # the line of the ball: dashes and gaps this many stroke widths long

# Fonts with Latin accents, looked for in the usual places; Pillow's own scalable font otherwise.
_FONT_FILES = {
    False: ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf"),
    True: ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf"),
}
_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation", "/usr/share/fonts/TTF",
              "/usr/share/fonts/dejavu", "/Library/Fonts", "C:/Windows/Fonts")


@functools.cache
def _font_file(bold: bool) -> str | None:
    for folder in _FONT_DIRS:
        for name in _FONT_FILES[bold]:
            path = Path(folder) / name
            if path.is_file():
                return str(path)
    return None


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A scalable font of `size` pixels that writes accented Latin text."""
    size = max(6, int(size))
    path = _font_file(bold)
    if path:
        try:
            return ImageFont.truetype(path, size)
        except OSError as exc:  # a damaged font file: Pillow's own is still there
            log.debug("font %s not usable (%s): Pillow's own font instead", path, exc)
    return ImageFont.load_default(size)


def rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _arrow_head(draw: ImageDraw.ImageDraw, a, b, width: float, fill) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    length = ARROW_HEAD * width
    left = (b[0] - length * math.cos(angle - ARROW_ANGLE), b[1] - length * math.sin(angle - ARROW_ANGLE))
    right = (b[0] - length * math.cos(angle + ARROW_ANGLE), b[1] - length * math.sin(angle + ARROW_ANGLE))
    draw.polygon([b, left, right], fill=fill)


def _to_edges(a, b, w: int, h: int):
    """The line through a and b, extended to the picture's edges (the ball keeps its line)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ts = []
    for t in ((-a[0]) / dx if dx else None, (w - a[0]) / dx if dx else None,
              (-a[1]) / dy if dy else None, (h - a[1]) / dy if dy else None):
        if t is not None:
            x, y = a[0] + t * dx, a[1] + t * dy
            if -1 <= x <= w + 1 and -1 <= y <= h + 1:
                ts.append(t)
    if len(ts) < 2:
        return a, b
    lo, hi = min(ts), max(ts)
    return (a[0] + lo * dx, a[1] + lo * dy), (a[0] + hi * dx, a[1] + hi * dy)


def _dashed(draw: ImageDraw.ImageDraw, a, b, width: float, fill) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    step = DASH * width
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    s = 0.0
    while s < length:
        e = min(length, s + step)
        draw.line([(a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)], fill=fill, width=round(width))
        s += 2 * step


def _shape(draw: ImageDraw.ImageDraw, d: Shape, w: int, h: int, width: float, text_px: int) -> None:
    pts = [(x * w, y * h) for x, y in d.points]
    fill = (*rgb(d.color or "#ffd400"), 255)
    kind = d.kind
    lw = round(width)
    if kind in ("line", "arrow"):
        a, b = pts
        draw.line([a, b], fill=fill, width=lw)
        if kind == "arrow":
            _arrow_head(draw, a, b, width, fill)
    elif kind == "circle":
        (cx, cy), edge = pts
        r = math.dist((cx, cy), edge)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=fill, width=lw)
    elif kind == "freehand":
        draw.line(pts, fill=fill, width=lw, joint="curve")
        for x, y in (pts[0], pts[-1]):  # round ends
            draw.ellipse([x - width / 2, y - width / 2, x + width / 2, y + width / 2], fill=fill)
    elif kind == "ball_line":
        a, b = pts
        start, end = _to_edges(a, b, w, h)
        _dashed(draw, start, end, width, fill)
        _arrow_head(draw, a, b, width * 1.2, fill)
        r = width * 1.6  # the ball where the line starts
        draw.ellipse([a[0] - r, a[1] - r, a[0] + r, a[1] + r], fill=(255, 255, 255, 255), outline=fill,
                     width=max(1, lw // 2))
    if d.text:
        at = pts[0] if kind == "text" else pts[-1]
        draw.text((at[0], at[1]), d.text, font=font(text_px, bold=True), fill=fill,
                  stroke_width=max(1, text_px // 12), stroke_fill=(0, 0, 0, 255),
                  anchor="la" if kind == "text" else "ld")


def draw_on(image: np.ndarray, drawings: Iterable[Shape]) -> np.ndarray:
    """`image` (BGR, H x W x 3 uint8) with `drawings` painted on it; a new array (the input is kept)."""
    drawings = tuple(drawings)
    if not drawings:
        return image.copy()
    h, w = image.shape[:2]
    k = SUPERSAMPLE
    overlay = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    width = max(MIN_STROKE_PX, min(w, h) * STROKE) * k
    text_px = max(10, round(min(w, h) * TEXT_SIZE)) * k
    for d in drawings:
        try:
            _shape(draw, d, w * k, h * k, width, text_px)
        except (TypeError, ValueError) as exc:  # a stored drawing the schema let through oddly (a bad colour)
            log.warning("drawing %s not painted: %s", d.id, exc)
    overlay = overlay.resize((w, h), Image.Resampling.LANCZOS)
    base = Image.fromarray(np.ascontiguousarray(image[:, :, ::-1])).convert("RGBA")
    base.alpha_composite(overlay)
    return np.ascontiguousarray(np.asarray(base.convert("RGB"))[:, :, ::-1])
