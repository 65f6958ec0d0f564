"""On-screen graphics: the scenario caption, score, period and game clock; cues such as
WHISTLE and HORN at their moments; running captions; a small time code in the corner."""

from __future__ import annotations

import cv2
import numpy as np

from review_app.samples.field import AA

FONT = cv2.FONT_HERSHEY_SIMPLEX
BOLD = cv2.FONT_HERSHEY_DUPLEX
CUE_SECONDS = 1.8
CUE_COLORS = {  # box colour (BGR) by cue word; anything else is white
    "WHISTLE": (0, 215, 255),
    "HORN": (0, 140, 255),
}


def bar_height(width: int, height: int) -> int:
    return 56 if height > width else 32


def _shade(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, alpha: float = 0.6) -> None:
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 > x0 and y1 > y0:
        roi = img[y0:y1, x0:x1]
        roi[:] = (roi.astype(np.uint16) * int(round((1 - alpha) * 256)) >> 8).astype(np.uint8)


def _put(img, text, org, scale, color, thick=1, font=FONT) -> None:
    cv2.putText(img, text, org, font, scale, color, thick, AA)


def _width(text, scale, thick=1, font=FONT) -> int:
    return cv2.getTextSize(text, font, scale, thick)[0][0]


def draw_bar(img, caption: str, score: tuple[int, int], period: int, periods: int, clock: str) -> None:
    h, w = img.shape[:2]
    bh = bar_height(w, h)
    _shade(img, 0, 0, w, bh, 0.62)
    board = f"PERIOD {period}/{periods}"  # the 2026 rulebook's word
    red, blue = f"RED {score[0]}", f"BLUE {score[1]}"
    if h > w:  # portrait: caption on the first row, scoreboard on the second
        _put(img, caption, (8, 21), 0.5, (255, 255, 255))
        y = 47
    else:
        _put(img, caption, (10, 21), 0.5, (255, 255, 255))
        y = 22
    x = w - 10 - _width(clock, 0.65, 2, BOLD)
    _put(img, clock, (x, y), 0.65, (255, 255, 255), 2, BOLD)
    x -= 14 + _width(board, 0.45)
    _put(img, board, (x, y - 1), 0.45, (210, 210, 210))
    x -= 14 + _width(blue, 0.45, 1)
    _put(img, blue, (x, y - 1), 0.45, (235, 170, 90))
    x -= 8 + _width(red, 0.45, 1)
    _put(img, red, (x, y - 1), 0.45, (90, 90, 240))


def draw_cue(img, word: str, age: float, row: int = 0) -> None:
    """A cue word in a box under the bar, popping in and holding for CUE_SECONDS; a second
    row (smaller) keeps the cue before it in view."""
    if not 0 <= age < CUE_SECONDS:
        return
    h, w = img.shape[:2]
    scale = (1.1 if row == 0 else 0.6) * (0.7 + 0.3 * min(1.0, age / 0.15))
    thick = 2
    while _width(word, scale, thick, BOLD) > w - 60:
        scale *= 0.9
    (tw, th), base = cv2.getTextSize(word, BOLD, scale, thick)
    cx, top = w // 2, bar_height(w, h) + 12 + 62 * row
    box = CUE_COLORS.get(word, (245, 245, 245))
    x0, y0 = cx - tw // 2 - 12, top
    x1, y1 = cx + tw // 2 + 12, top + th + base + 14
    cv2.rectangle(img, (x0, y0), (x1, y1), box, -1, AA)
    cv2.rectangle(img, (x0, y0), (x1, y1), (20, 20, 20), 2, AA)
    _put(img, word, (cx - tw // 2, top + th + 7), scale, (20, 20, 20), thick, BOLD)


def draw_captions(img, lines: list[str]) -> None:
    h, w = img.shape[:2]
    y = h - 12
    for text in reversed(lines):
        scale = 0.5
        while _width(text, scale) > w - 30 and scale > 0.3:
            scale -= 0.02
        tw = _width(text, scale)
        _shade(img, (w - tw) // 2 - 8, y - 18, (w + tw) // 2 + 8, y + 7, 0.6)
        _put(img, text, ((w - tw) // 2, y), scale, (255, 255, 255))
        y -= 28


def draw_timecode(img, t: float, index: int) -> None:
    h, w = img.shape[:2]
    text = f"{t:7.3f}s #{index}"
    _put(img, text, (w - 8 - _width(text, 0.35), h - 4), 0.35, (200, 200, 200))


def draw_card(img, text: str) -> None:
    """A title card over the picture across an edit ("After repairs")."""
    h, w = img.shape[:2]
    _shade(img, 0, 0, w, h, 0.7)
    tw = _width(text, 0.9, 2, BOLD)
    _put(img, text, ((w - tw) // 2, h // 2), 0.9, (255, 255, 255), 2, BOLD)
