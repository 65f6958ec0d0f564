"""Motion on the field: keyframed paths, paths that follow the play, and slowing to a halt.

Everything here is a pure function of time (seconds on the clip's timeline), so any frame can
be drawn on its own, in any order, and the same time always gives the same picture. Positions
are in yards on the field (x along the 300-yard length, y across the 160-yard width).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

Point = tuple[float, float]


class Motion(Protocol):
    def pos(self, t: float) -> Point: ...


def smoothstep(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3.0 - 2.0 * u)


def lerp(a: Point, b: Point, u: float) -> Point:
    return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)


class Keyframes:
    """A path through (t, x, y) keys, smooth in between (cubic Hermite, Catmull-Rom tangents).

    Two keys at the same time make a cut: the path jumps, as footage does across an edit.
    A key that repeats its neighbour's position is a halt (zero speed there), so riders pull up
    and move off again smoothly. Before the first key and after the last the path holds still.
    """

    def __init__(self, keys: Sequence[tuple[float, float, float]]):
        if not keys:
            raise ValueError("a path needs at least one key")
        keys = sorted(keys, key=lambda k: k[0])
        self._pieces: list[tuple[list[float], list[Point], list[Point]]] = []
        piece: list[tuple[float, float, float]] = []
        for key in keys:
            if piece and key[0] == piece[-1][0]:
                self._pieces.append(self._prepare(piece))
                piece = []
            piece.append(key)
        self._pieces.append(self._prepare(piece))
        self._starts = [p[0][0] for p in self._pieces]

    @staticmethod
    def _prepare(keys):
        ts = [float(k[0]) for k in keys]
        ps = [(float(k[1]), float(k[2])) for k in keys]
        ms: list[Point] = []
        for i, p in enumerate(ps):
            if i == 0 or i == len(ps) - 1 or p == ps[i - 1] or p == ps[i + 1]:
                ms.append((0.0, 0.0))
                continue
            dt = ts[i + 1] - ts[i - 1]
            ms.append(((ps[i + 1][0] - ps[i - 1][0]) / dt, (ps[i + 1][1] - ps[i - 1][1]) / dt))
        return ts, ps, ms

    def since(self, t: float) -> float:
        """When the stretch of path holding t began (the last cut), for looking back no further."""
        piece = max(0, bisect_right(self._starts, t) - 1)
        return self._starts[piece] if piece else -math.inf

    def pos(self, t: float) -> Point:
        piece = max(0, bisect_right(self._starts, t) - 1)
        ts, ps, ms = self._pieces[piece]
        if t <= ts[0]:
            return ps[0]
        if t >= ts[-1]:
            return ps[-1]
        i = bisect_right(ts, t) - 1
        h = ts[i + 1] - ts[i]
        u = (t - ts[i]) / h
        h00 = 2 * u**3 - 3 * u**2 + 1
        h10 = u**3 - 2 * u**2 + u
        h01 = -2 * u**3 + 3 * u**2
        h11 = u**3 - u**2
        (x0, y0), (x1, y1) = ps[i], ps[i + 1]
        (mx0, my0), (mx1, my1) = ms[i], ms[i + 1]
        return (
            h00 * x0 + h10 * h * mx0 + h01 * x1 + h11 * h * mx1,
            h00 * y0 + h10 * h * my0 + h01 * y1 + h11 * h * my1,
        )


@dataclass(frozen=True)
class Still:
    at: Point

    def pos(self, t: float) -> Point:
        return self.at


@dataclass(frozen=True)
class Follow:
    """A rider working off the play: the target's recent positions, averaged, plus a station.

    Averaging over a window smooths the ball's jumps into a horse's pace; the lag keeps the
    rider behind the play; a slow weave (fixed phase per rider) keeps the field from moving
    in lockstep.
    """

    target: Motion
    offset: Point
    lag: float = 0.6
    window: float = 2.0
    weave: float = 1.5
    phase: float = 0.0
    samples: int = 9

    def pos(self, t: float) -> Point:
        sx = sy = 0.0
        for k in range(self.samples):
            x, y = self.target.pos(t - self.lag - self.window * k / (self.samples - 1))
            sx += x
            sy += y
        n = self.samples
        wx = self.weave * math.sin(0.9 * t + self.phase)
        wy = self.weave * math.sin(0.7 * t + 2.1 * self.phase)
        return (sx / n + self.offset[0] + wx, sy / n + self.offset[1] + wy)


@dataclass(frozen=True)
class Halt:
    """After `at` (the whistle), carry on at the speed then and slow to a stop (time constant tau)."""

    motion: Motion
    at: float
    tau: float = 0.9

    def since(self, t: float) -> float:
        return since(self.motion, t)

    def pos(self, t: float) -> Point:
        if t <= self.at:
            return self.motion.pos(t)
        x, y = self.motion.pos(self.at)
        vx, vy = velocity(self.motion, self.at)
        k = self.tau * (1.0 - math.exp(-(t - self.at) / self.tau))
        return (x + vx * k, y + vy * k)


@dataclass(frozen=True)
class Then:
    """One motion until `at`, another from then on (a rider re-placed after a cut)."""

    first: Motion
    at: float
    second: Motion

    def since(self, t: float) -> float:
        return since(self.first, t) if t < self.at else max(self.at, since(self.second, t))

    def pos(self, t: float) -> Point:
        return self.first.pos(t) if t < self.at else self.second.pos(t)


@dataclass(frozen=True)
class Func:
    fn: Callable[[float], Point]

    def pos(self, t: float) -> Point:
        return self.fn(t)


def velocity(motion: Motion, t: float, dt: float = 0.04) -> Point:
    (x0, y0), (x1, y1) = motion.pos(t - dt), motion.pos(t)
    return ((x1 - x0) / dt, (y1 - y0) / dt)


def since(motion: Motion, t: float) -> float:
    fn = getattr(motion, "since", None)
    return fn(t) if fn else -math.inf


def heading(motion: Motion, t: float, default: float = 0.0) -> float:
    """Direction of travel in radians (0 = +x); when standing, the direction last travelled
    (never looking back across a cut) or, failing that, about to travel."""
    floor = since(motion, t)
    for back in (0.15, 0.4, 0.8, 1.5, 3.0, 6.0):
        if t - back < floor:
            break
        (x0, y0), (x1, y1) = motion.pos(t - back), motion.pos(t)
        if math.hypot(x1 - x0, y1 - y0) > 0.25:
            return math.atan2(y1 - y0, x1 - x0)
    for ahead in (0.4, 1.5, 6.0):
        (x0, y0), (x1, y1) = motion.pos(t), motion.pos(t + ahead)
        if math.hypot(x1 - x0, y1 - y0) > 0.25:
            return math.atan2(y1 - y0, x1 - x0)
    return default
