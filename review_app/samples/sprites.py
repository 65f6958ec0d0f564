"""Mounts, riders, umpires, the ball and props, drawn from above with anti-aliasing.

Figures are larger than life (a mount is drawn 5 yards long) so that numbers read at broadcast
zoom; their positions are true field yards.
"""

from __future__ import annotations

import math
from itertools import pairwise

import cv2
import numpy as np

from review_app.samples.field import AA, SHIFT, View
from review_app.samples.motion import Point, smoothstep
from review_app.samples.scene import BLUE, RED, Marker, Prop, Rider, Umpire, _offset

TEAM_COLOR = {RED: (40, 40, 198), BLUE: (192, 101, 21)}  # #c62828, #1565c0 as BGR
HELMET = (70, 45, 30)
HAIR = (40, 70, 110)
SADDLE = (30, 50, 85)
SHADOW = (38, 92, 40)
WHITE = (250, 250, 250)
BLACK = (20, 20, 20)
MALLET = (130, 200, 230)

HORSE_HALF_LENGTH, HORSE_HALF_WIDTH = 2.8, 1.2
RIDER_RADIUS = 1.45
MALLET_LENGTH = 3.4


def _ellipse(img, view: View, centre: Point, half_along: float, half_across: float, angle: float,
             color, thickness: int = -1) -> None:
    axes = (view.length(half_along), view.length(half_across))
    cv2.ellipse(img, view.fixed(centre), axes, view.angle(angle), 0, 360, color, thickness, AA, SHIFT)


def _circle(img, view: View, centre: Point, radius: float, color, thickness: int = -1) -> None:
    cv2.circle(img, view.fixed(centre), view.length(radius), color, thickness, AA, SHIFT)


def _seg(img, view: View, a: Point, b: Point, color, px: int) -> None:
    cv2.line(img, view.fixed(a), view.fixed(b), color, max(1, px), AA, SHIFT)


def _label(img, view: View, centre: Point, text: str, color=WHITE, k: float = 1.0) -> None:
    scale = max(0.28, 0.072 * view.scale * k)
    thick = 2 if scale >= 0.5 else 1
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    u, v = view.px(centre)
    cv2.putText(img, text, (int(round(u - w / 2)), int(round(v + h / 2))),
                cv2.FONT_HERSHEY_SIMPLEX, scale, color, thick, AA)


def _horse(img, view: View, p: Point, angle: float, coat, down: bool) -> None:
    k = view.figure
    half_length, half_width = HORSE_HALF_LENGTH * k, HORSE_HALF_WIDTH * k
    dark = tuple(max(0, c - 35) for c in coat)
    if down:  # lying on its side: the barrel seen broadside, legs out, head on the ground
        for f in (-1.6, -0.9, 0.9, 1.6):
            root = _offset(p, angle, f * k, 0.9 * k)
            _seg(img, view, root, _offset(root, angle, 0.3 * f * k, 1.9 * k), dark, int(0.4 * k * view.scale))
        _ellipse(img, view, _offset(p, angle, 0.4 * k, 0.5 * k), half_length, 1.8 * k, angle, SHADOW)
        _ellipse(img, view, p, half_length, 1.7 * k, angle, coat)
        _ellipse(img, view, _offset(p, angle, 3.3 * k, -0.9 * k), 1.1 * k, 0.55 * k, angle - 0.5, coat)
        _ellipse(img, view, _offset(p, angle, 0, -1.1 * k), 1.9 * k, 0.3 * k, angle, dark)  # spine
        return
    _ellipse(img, view, _offset(p, angle, -0.5 * k, 0.6 * k), half_length, half_width + 0.1 * k, angle, SHADOW)
    tail = _offset(p, angle, -half_length + 0.2 * k, 0)
    _seg(img, view, tail, _offset(p, angle, -half_length - 0.9 * k, 0), (25, 35, 45), int(0.3 * k * view.scale))
    _ellipse(img, view, p, half_length, half_width, angle, coat)
    _ellipse(img, view, _offset(p, angle, half_length + 0.55 * k, 0), 1.0 * k, 0.42 * k, angle, coat)
    _seg(img, view, _offset(p, angle, 1.2 * k, 0), _offset(p, angle, half_length + 0.2 * k, 0), dark,
         int(0.25 * k * view.scale))  # mane


def _mallet_pose(swings: tuple[float, ...], t: float) -> tuple[float, float]:
    """Angle (radians right of the heading) and drawn length fraction of the mallet at t."""
    rest = (math.radians(150), 0.55)
    keys = None
    for s in swings:
        if s - 0.7 <= t <= s + 0.7:
            keys = [(s - 0.7, *rest), (s - 0.28, math.radians(185), 0.95), (s, math.radians(40), 0.75),
                    (s + 0.22, math.radians(-15), 0.75), (s + 0.7, *rest)]
            break
    if keys is None:
        return rest
    for (t0, a0, l0), (t1, a1, l1) in pairwise(keys):
        if t0 <= t <= t1:
            u = smoothstep((t - t0) / (t1 - t0))
            return a0 + (a1 - a0) * u, l0 + (l1 - l0) * u
    return rest


def _player(img, view: View, q: Point, angle: float, team, number: int, helmet, k: float) -> None:
    radius = RIDER_RADIUS * k
    _circle(img, view, q, radius, team)
    _circle(img, view, q, radius, WHITE, 1)
    _circle(img, view, _offset(q, angle, radius * 0.8, 0), radius * 0.42, helmet)
    _label(img, view, _offset(q, angle, -0.25 * k, 0), str(number), k=k)


def _name_tag(img, view: View, p: Point, text: str) -> None:
    """The mount's name below the horse on the picture (clear of a marker ring), dark-edged to read on any ground."""
    scale = 0.4
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    u, v = view.px(p)
    org = (int(round(u - w / 2)), int(round(v + (HORSE_HALF_LENGTH + 2.6) * view.scale * view.figure + h)))
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, BLACK, 3, AA)
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, WHITE, 1, AA)


def draw_rider(img: np.ndarray, view: View, r: Rider, t: float) -> None:
    if not r.on_screen(t):
        return
    p, angle = r.pos(t), r.heading(t)
    if not view.visible(p):
        return
    k = view.figure
    down = r.is_down(t)
    off = r.dismounted(t)
    _horse(img, view, p, angle, r.coat, down)
    if r.tagged(t):
        _name_tag(img, view, p, r.mount)
    team = TEAM_COLOR[r.team]
    helmet = HAIR if r.bareheaded(t) else HELMET
    if off is not None:
        if not down:
            _ellipse(img, view, p, 0.8 * k, 0.7 * k, angle, SADDLE)
        if off.path is None:  # the player is elsewhere: a saddled mount on its own
            return
        q = off.path.pos(t)
        if t < off.lying_until:  # on the ground, flat out across the line of travel
            across = angle + math.pi / 2
            _ellipse(img, view, q, RIDER_RADIUS * 1.45 * k, RIDER_RADIUS * 0.7 * k, across, team)
            _ellipse(img, view, q, RIDER_RADIUS * 1.45 * k, RIDER_RADIUS * 0.7 * k, across, WHITE, 1)
            _circle(img, view, _offset(q, across, RIDER_RADIUS * 1.45 * k, 0), 0.6 * k, helmet)
            _label(img, view, q, str(r.number), k=k)
        else:
            _player(img, view, q, angle, team, r.number, helmet, 0.85 * k)
        return
    if down:
        return
    slip = 0.0
    if r.girth_broken and r.girth_broken[0] <= t < r.girth_broken[1]:
        age = t - r.girth_broken[0]
        slip = (-1.1 * smoothstep(age / 0.6) - 0.25 * math.sin(13.0 * age) * smoothstep(age / 0.3)) * k
    seat = _offset(p, angle, 0.2 * k, slip)
    if slip:
        _ellipse(img, view, _offset(p, angle, 0.1 * k, slip * 0.8), 1.0 * k, 0.8 * k, angle + 0.35, SADDLE)
    a, frac = _mallet_pose(r.swings, t)
    shoulder = _offset(seat, angle, 0.2 * k, RIDER_RADIUS * 0.8 * k)
    head = _offset(shoulder, angle + a, MALLET_LENGTH * frac * k, 0)
    _seg(img, view, shoulder, head, MALLET, int(0.28 * k * view.scale))
    _seg(img, view, _offset(head, angle + a, 0, -0.5 * k), _offset(head, angle + a, 0, 0.5 * k), (30, 60, 90),
         int(0.45 * k * view.scale))
    _player(img, view, seat, angle, team, r.number, helmet, k)


def draw_umpire(img: np.ndarray, view: View, u: Umpire, t: float, whistle_age: float | None) -> None:
    p, angle = u.pos(t), u.heading(t)
    if not view.visible(p):
        return
    k = view.figure
    radius = RIDER_RADIUS * k
    _horse(img, view, p, angle, u.coat, False)
    seat = _offset(p, angle, 0.2 * k, 0)
    _circle(img, view, seat, radius, WHITE)
    # the striped shirt: black chords across the shoulders
    for c in (-0.55, 0.0, 0.55):
        half = math.sqrt(max(0.0, 1 - c * c)) * radius * 0.95
        a = _offset(seat, angle, -half, c * radius)
        b = _offset(seat, angle, half, c * radius)
        _seg(img, view, a, b, BLACK, int(0.32 * k * view.scale))
    _circle(img, view, seat, radius, BLACK, 1)
    _circle(img, view, _offset(seat, angle, radius * 0.8, 0), radius * 0.42, BLACK)
    if whistle_age is not None and 0 <= whistle_age < 1.0:
        _circle(img, view, seat, radius * (1.6 + 3.5 * whistle_age), (0, 230, 255), 2)


def draw_ball(img: np.ndarray, view: View, p: Point) -> None:
    r = max(3.0 / view.scale, 0.55 * view.figure)
    _circle(img, view, (p[0] + 0.25, p[1] + 0.3), r, SHADOW)
    _circle(img, view, p, r, WHITE)
    _circle(img, view, p, r, (150, 150, 150), 1)


def draw_prop(img: np.ndarray, view: View, prop: Prop, t: float) -> None:
    if not prop.start <= t < prop.end:
        return
    p, k = prop.path.pos(t), view.figure
    _ellipse(img, view, p, 1.0 * k, 0.85 * k, 0.4, HELMET)
    _ellipse(img, view, p, 1.0 * k, 0.85 * k, 0.4, WHITE, 1)
    _ellipse(img, view, _offset(p, 0.4, 0.9 * k, 0), 0.35 * k, 0.7 * k, 0.4, BLACK)  # the peak


def draw_marker(img: np.ndarray, view: View, m: Marker, t: float) -> None:
    if not m.start <= t < m.end:
        return
    p = m.where.pos(t) if hasattr(m.where, "pos") else m.where
    if m.shape == "cross":
        d = 1.6 * view.figure
        _seg(img, view, (p[0] - d, p[1] - d), (p[0] + d, p[1] + d), m.color, 2)
        _seg(img, view, (p[0] - d, p[1] + d), (p[0] + d, p[1] - d), m.color, 2)
    else:
        pulse = 0.4 * math.sin(6.0 * (t - m.start))
        _circle(img, view, p, (4.2 + pulse) * view.figure, m.color, 2)
    if m.label:
        u, v = view.px(p)
        scale = 0.45
        w = cv2.getTextSize(m.label, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)[0][0]
        org = (int(round(u - w / 2)), int(round(v - 6.0 * view.scale * view.figure)))
        cv2.putText(img, m.label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, BLACK, 3, AA)
        cv2.putText(img, m.label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, m.color, 1, AA)
