"""The polo field seen from above, to scale: 300 x 160 yards between boards and end lines,
goal posts 8 yards apart, the 30, 40 and 60-yard lines from each end and the centre marks.

`View` maps field yards to pixels for one frame (anti-aliased drawing at 1/16 pixel precision);
`draw_field` paints the ground for that view.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from review_app.samples.motion import Point

LENGTH = 300.0  # yards, end line to end line
WIDTH = 160.0  # yards, board to board
GOAL_WIDTH = 8.0  # yards between the posts
YARD_LINES = (30.0, 40.0, 60.0)  # marked from each end line
RUNOFF = 30.0  # safety zone beyond each end line
BOARD = 1.2  # drawn thickness of the boards, yards

FIGURE_MIN_SCALE = 5.0  # pixels per yard below which figures stop shrinking
SHIFT = 4  # cv2 fixed-point bits: coordinates in 1/16 pixel for smooth, sub-pixel motion
ONE = 1 << SHIFT
AA = cv2.LINE_AA

GRASS = ((62, 138, 58), (56, 128, 52))  # BGR mowing stripes
RUNOFF_GRASS = (58, 122, 66)
SURROUND = (52, 78, 74)
LINE = (235, 240, 240)
BOARDS = (40, 92, 150)
BOARD_EDGE = (24, 58, 100)


class View:
    """Field yards -> picture pixels for one frame: centre (cx, cy), `scale` pixels per yard,
    landscape (the field's length across) or portrait (its length up the picture)."""

    def __init__(self, width: int, height: int, cx: float, cy: float, scale: float,
                 portrait: bool = False, top: int = 0):
        self.width, self.height = width, height
        self.cx, self.cy, self.scale = cx, cy, scale
        self.portrait = portrait
        self.ox = width / 2.0
        self.oy = top + (height - top) / 2.0

    def px(self, p: Point) -> tuple[float, float]:
        dx, dy = (p[0] - self.cx) * self.scale, (p[1] - self.cy) * self.scale
        if self.portrait:  # turned a quarter counter-clockwise: +x runs up the picture
            return self.ox + dy, self.oy - dx
        return self.ox + dx, self.oy + dy

    def fixed(self, p: Point) -> tuple[int, int]:
        u, v = self.px(p)
        return int(round(u * ONE)), int(round(v * ONE))

    def angle(self, radians: float) -> float:
        """A field heading as the degrees cv2.ellipse wants on this picture."""
        return math.degrees(radians) - (90.0 if self.portrait else 0.0)

    @property
    def figure(self) -> float:
        """How much larger than at broadcast zoom to draw figures, so numbers stay readable
        when the camera pulls back (positions stay true; only the figures grow)."""
        return max(1.0, FIGURE_MIN_SCALE / self.scale)

    def length(self, yards: float) -> int:
        return max(1, int(round(yards * self.scale * ONE)))

    def visible(self, p: Point, margin: float = 40.0) -> bool:
        u, v = self.px(p)
        return -margin <= u <= self.width + margin and -margin <= v <= self.height + margin


def _poly(img, view: View, corners, color) -> None:
    pts = np.array([view.fixed(c) for c in corners], dtype=np.int32)
    cv2.fillConvexPoly(img, pts, color, AA, SHIFT)


def _line(img, view: View, a: Point, b: Point, color, yards: float = 0.35) -> None:
    thick = max(1, int(round(yards * view.scale)))
    cv2.line(img, view.fixed(a), view.fixed(b), color, thick, AA, SHIFT)


def _dashed(img, view: View, x: float, color, dash: float = 4.0, gap: float = 4.0) -> None:
    y = 0.0
    while y < WIDTH:
        _line(img, view, (x, y), (x, min(WIDTH, y + dash)), color, 0.25)
        y += dash + gap


def _text(img, view: View, p: Point, text: str, scale: float, color) -> None:
    u, v = view.px(p)
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    cv2.putText(img, text, (int(round(u - w / 2)), int(round(v + h / 2))),
                cv2.FONT_HERSHEY_SIMPLEX, scale, color, 1, AA)


def draw_field(img: np.ndarray, view: View) -> None:
    img[:] = SURROUND
    _poly(img, view, [(-RUNOFF, 0), (LENGTH + RUNOFF, 0), (LENGTH + RUNOFF, WIDTH), (-RUNOFF, WIDTH)],
          RUNOFF_GRASS)
    stripe = 15.0
    for i in range(int(LENGTH / stripe)):
        x0 = i * stripe
        _poly(img, view, [(x0, 0), (x0 + stripe, 0), (x0 + stripe, WIDTH), (x0, WIDTH)], GRASS[i % 2])

    dim = (190, 205, 200)
    for d in YARD_LINES:
        for x in (d, LENGTH - d):
            _dashed(img, view, x, dim)
            for y in (0.0, WIDTH):  # solid marks at the boards, as painted
                _line(img, view, (x, y), (x, y + (5.0 if y == 0 else -5.0)), LINE)
            _text(img, view, (x, WIDTH - 9.0), f"{int(d)}", max(0.3, 0.11 * view.scale), LINE)
    # centre: the half-way marks at each board and the centre spot
    mid = (LENGTH / 2, WIDTH / 2)
    for y in (0.0, WIDTH):
        _line(img, view, (mid[0], y), (mid[0], y + (6.0 if y == 0 else -6.0)), LINE)
    _line(img, view, (mid[0] - 2.5, mid[1]), (mid[0] + 2.5, mid[1]), LINE)
    _line(img, view, (mid[0], mid[1] - 2.5), (mid[0], mid[1] + 2.5), LINE)

    for x in (0.0, LENGTH):  # end lines
        _line(img, view, (x, 0), (x, WIDTH), LINE, 0.45)
    for y0 in (-BOARD, WIDTH):  # boards along both sides
        corners = [(0, y0), (LENGTH, y0), (LENGTH, y0 + BOARD), (0, y0 + BOARD)]
        _poly(img, view, corners, BOARDS)
        edge = y0 if y0 < 0 else y0 + BOARD
        _line(img, view, (0, edge), (LENGTH, edge), BOARD_EDGE, 0.25)

    r = max(2, int(round(0.7 * view.scale)))
    for x, team, color in ((0.0, "RED", (40, 40, 198)), (LENGTH, "BLUE", (192, 101, 21))):
        for y in (WIDTH / 2 - GOAL_WIDTH / 2, WIDTH / 2 + GOAL_WIDTH / 2):
            c = view.fixed((x, y))
            cv2.circle(img, c, r * ONE, (250, 250, 250), -1, AA, SHIFT)
            cv2.circle(img, c, r * ONE, color, max(1, r // 2), AA, SHIFT)
        label_x = -9.0 if x == 0 else LENGTH + 9.0
        _text(img, view, (label_x, WIDTH / 2), f"{team} GOAL", max(0.3, 0.1 * view.scale), LINE)
