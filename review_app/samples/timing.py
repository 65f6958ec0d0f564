"""When each frame of a sample clip is shown, and at which frame each key moment falls: what the picture
(`render`), the sound (`soundtrack`) and the documents (`documents`) of a sample agree on."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from review_app.samples.scene import Footage, Scenario

PHONE_TIME_BASE = Fraction(1, 90000)  # the tick phones write into MP4
PHONE_FPS_RANGE = (28.0, 31.0)


@dataclass(frozen=True)
class Timing:
    """The presentation time of every frame, as integer ticks of `time_base`."""

    ticks: tuple[int, ...]
    time_base: Fraction

    def seconds(self, index: int) -> float:
        return float(self.ticks[index] * self.time_base)

    def __len__(self) -> int:
        return len(self.ticks)

    def frame_at(self, t: float) -> int:
        """The first frame shown at or after time t (the frame a moment first appears in)."""
        for i in range(len(self.ticks)):
            if self.seconds(i) >= t - 1e-9:
                return i
        return len(self.ticks) - 1


def timing(footage: Footage, duration: float) -> Timing:
    if footage.vfr_seed is None:
        fps = Fraction(footage.fps).limit_denominator(1001)
        count = int(round(duration * fps))
        return Timing(tuple(range(count)), 1 / fps)
    # Phone: each frame interval from a seeded generator (random.Random's sequence for an integer
    # seed is stable across Python versions), then rounded to the container's tick.
    rng = random.Random(footage.vfr_seed)
    lo, hi = PHONE_FPS_RANGE
    ticks, t = [], 0.0
    while t < duration:
        tick = int(round(t / PHONE_TIME_BASE))
        if not ticks or tick > ticks[-1]:
            ticks.append(tick)
        t += 1.0 / (lo + (hi - lo) * rng.random())
    return Timing(tuple(ticks), PHONE_TIME_BASE)


@dataclass(frozen=True)
class MomentAt:
    name: str
    frame: int
    time_s: float
    clock: str
    period: int


def locate_moments(sc: Scenario, tm: Timing) -> dict[str, MomentAt]:
    out = {}
    for m in sc.moments:
        i = tm.frame_at(m.t)
        t = tm.seconds(i)
        out[m.name] = MomentAt(m.name, i, round(t, 6), sc.clock_at(t), sc.period_at(t))
    return out
