"""What a scenario is made of: riders on mounts, umpires, the ball, the clock, and the moments
that matter (whistle, horn), each a plain description that the renderer turns into frames.

Everything is a function of the clip's time in seconds, so frames can be drawn in any order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from review_app.samples.motion import Motion, Point, heading, lerp

RED, BLUE = "red", "blue"
# Red defends the end line at x = 0 and attacks toward x = 300; Blue the other way.
ATTACK_HEADING = {RED: 0.0, BLUE: math.pi}


def _offset(origin: Point, angle: float, fwd: float, right: float) -> Point:
    # "right" is the rider's right hand: +90 degrees from the heading, y pointing down-field
    c, s = math.cos(angle), math.sin(angle)
    return (origin[0] + fwd * c - right * s, origin[1] + fwd * s + right * c)


@dataclass(frozen=True)
class OffMount:
    """A stretch of time the rider is out of the saddle, on foot or on the ground; with no
    `path` the player is not with the mount at all (a spare waiting, an excused mount led away)."""

    start: float
    end: float
    path: Motion | None
    lying_until: float = -math.inf  # lying on the ground until then, standing after


@dataclass(frozen=True, eq=False)
class Rider:
    """A numbered player on a named mount. `path` is the mount's path. A player who changes
    mounts in the clip is one Rider per mount, each `shown` for its own stretch of the clip."""

    team: str
    number: int
    mount: str
    path: Motion
    coat: tuple[int, int, int] = (40, 75, 120)  # BGR
    swings: tuple[float, ...] = ()  # moments the mallet meets the ball
    helmet_off: float | None = None
    helmet_back: float | None = None  # the helmet replaced (after an edit)
    off_mount: tuple[OffMount, ...] = ()
    mount_down: tuple[tuple[float, float], ...] = ()  # the mount's body on the ground
    girth_broken: tuple[float, float] | None = None  # saddle slipping, until repaired
    shown: tuple[float, float] = (-math.inf, math.inf)  # on the picture from, until
    name_tag: tuple[tuple[float, float], ...] = ()  # the mount's name drawn beside it, from, until

    @property
    def label(self) -> str:
        return f"{self.team.capitalize()} {self.number}"

    def on_screen(self, t: float) -> bool:
        return self.shown[0] <= t < self.shown[1]

    def tagged(self, t: float) -> bool:
        return any(a <= t < b for a, b in self.name_tag)

    def heading(self, t: float) -> float:
        return heading(self.path, t, ATTACK_HEADING[self.team])

    def pos(self, t: float) -> Point:
        return self.path.pos(t)

    def ball_spot(self, t: float) -> Point:
        """Where this rider's mallet meets the ball: ahead and to the right of the mount."""
        return _offset(self.pos(t), self.heading(t), 2.3, 2.8)

    def dismounted(self, t: float) -> OffMount | None:
        return next((o for o in self.off_mount if o.start <= t < o.end), None)

    def with_player(self, t: float) -> bool:
        """On the picture with its player: ridden, or led by the player on foot."""
        off = self.dismounted(t)
        return self.on_screen(t) and (off is None or off.path is not None)

    def bareheaded(self, t: float) -> bool:
        return self.helmet_off is not None and self.helmet_off <= t < (self.helmet_back or math.inf)

    def is_down(self, t: float) -> bool:
        return any(a <= t < b for a, b in self.mount_down)


@dataclass(frozen=True, eq=False)
class Umpire:
    name: str
    path: Motion
    coat: tuple[int, int, int] = (60, 90, 110)
    whistle: str = "pea"  # the whistle's kind, as the sound track plays it: "pea" | "pealess"

    def heading(self, t: float) -> float:
        return heading(self.path, t, 0.0)

    def pos(self, t: float) -> Point:
        return self.path.pos(t)

    def ball_spot(self, t: float) -> Point:
        return _offset(self.pos(t), self.heading(t), 0.4, 1.8)


@dataclass(frozen=True)
class Stuck:
    """The ball held against a mount (lodged): `fwd`/`right` yards from the mount's centre."""

    rider: Rider
    fwd: float = 0.6
    right: float = -1.4

    def spot(self, t: float) -> Point:
        return _offset(self.rider.pos(t), self.rider.heading(t), self.fwd, self.right)


Where = Point | Rider | Umpire | Stuck


def _where(w: Where, t: float) -> Point:
    if isinstance(w, (Rider, Umpire)):
        return w.ball_spot(t)
    if isinstance(w, Stuck):
        return w.spot(t)
    return (float(w[0]), float(w[1]))


class Ball:
    """The ball's journey as keys (time, where[, roll]). Between two keys on the same rider it is
    dribbled along; between different places it is struck and travels there, slowing as it goes
    (`roll` of the arriving key: 1 = comes to rest there, 0 = steady speed, the default 1);
    two keys at one time make a cut. `hidden` spans are when it is in a pocket or off screen."""

    def __init__(self, keys: list[tuple], hidden: tuple[tuple[float, float], ...] = ()):
        self.keys = sorted(((k[0], k[1], k[2] if len(k) > 2 else 1.0) for k in keys), key=lambda k: k[0])
        self.hidden = hidden
        self._memo: dict[float, Point] = {}

    def visible(self, t: float) -> bool:
        return not any(a <= t < b for a, b in self.hidden)

    def pos(self, t: float) -> Point:
        hit = self._memo.get(t)
        if hit is None:
            hit = self._memo[t] = self._pos(t)
        return hit

    def _pos(self, t: float) -> Point:
        keys = self.keys
        if t <= keys[0][0]:
            return _where(keys[0][1], t)
        for (t0, w0, _), (t1, w1, roll) in pairwise(keys):
            if t0 <= t < t1:
                if w0 is w1 and not isinstance(w0, tuple):
                    return _where(w0, t)  # carried
                u = (t - t0) / (t1 - t0)
                return lerp(_where(w0, t0), _where(w1, t1), u + roll * u * (1.0 - u))
        return _where(keys[-1][1], t)


@dataclass(frozen=True)
class Moment:
    """A key moment: recorded with its frame and time in the clip; `cue` is shown on screen."""

    name: str
    t: float
    cue: str | None = None  # "WHISTLE", "HORN", ...
    by: Umpire | None = None  # the umpire who blows the whistle
    note: str = ""
    blasts: str = "short"  # how the whistle is blown: "short", "long" or "repeated" (with `by`)
    horn: bool = False  # the horn sounds here (the end of a period)


@dataclass(frozen=True)
class Caption:
    """A line of text along the bottom of the picture, from `start` to `end`."""

    start: float
    end: float
    text: str


@dataclass(frozen=True)
class Marker:
    """A ring (or a cross) on the field to point at something: a lodged ball, a spot."""

    start: float
    end: float
    where: Any  # Point or anything with .pos(t)
    label: str = ""
    shape: str = "ring"  # "ring" | "cross"
    color: tuple[int, int, int] = (0, 215, 255)


@dataclass(frozen=True)
class Prop:
    """Something lying on the field: a fallen helmet."""

    start: float
    end: float
    path: Motion
    kind: str = "helmet"


@dataclass(frozen=True)
class Clock:
    """The game clock: counts down from `start` (seconds left in the period at t = 0); it stops at
    `stops` (the whistle or the horn), runs again from `resumes` (the throw-in), and `reset` =
    (time, seconds) puts time back on it (five seconds for a penalty after the final horn)."""

    start: float
    stops: float | None = None
    resumes: float | None = None
    reset: tuple[float, float] | None = None

    def seconds_left(self, t: float) -> float:
        if self.reset and t >= self.reset[0]:
            return self.reset[1]
        running = t if self.stops is None else min(t, self.stops)
        if self.resumes is not None and t > self.resumes:
            running += t - self.resumes
        return max(0.0, self.start - running)

    def shown(self, t: float) -> str:
        left = math.ceil(round(self.seconds_left(t), 6))  # a countdown shows 0:01 until it expires
        return f"{left // 60}:{left % 60:02d}"


@dataclass(frozen=True)
class Camera:
    """Where the camera looks: `fn(t)` gives (centre x, centre y, pixels per yard)."""

    fn: Any
    portrait: bool = False  # held upright: the field's length runs up the picture

    def at(self, t: float) -> tuple[float, float, float]:
        return self.fn(t)


@dataclass(frozen=True)
class Footage:
    """How the clip is encoded: constant 25 fps, or a phone's variable rate with rotation."""

    width: int = 854
    height: int = 480
    fps: float = 25.0
    vfr_seed: int | None = None  # seed of the per-frame rate jitter (28-31 fps) for a phone
    rotation: int = 0  # clockwise degrees a player turns the stored picture


@dataclass(frozen=True)
class Tagged:
    """The expert's account of one situation in the clip, as its match document records it:
    tagged at the frame of `moment`, with the clause, the facts and the call that was made."""

    moment: str
    situation: str
    facts: Mapping[str, Any]
    call: Mapping[str, Any]
    players: tuple[tuple[str, int], ...] = ()
    mount_of: tuple[str, int] | None = None  # whose mount the situation concerns
    notes: str = ""
    whistled: bool = True  # False: no whistle answered it (missed); no umpire, no whistle timing
    # The call's other moments the document tags, each the scenario moment it is at: {"restart": "restart",
    # "neutral_play": "neutral_play"} (the whistle's is tagged from `whistled`).
    moments: Mapping[str, str] = field(default_factory=dict)
    offender: tuple[str, int] | None = None  # who committed the foul or the offence


@dataclass(frozen=True)
class Later:
    """Footage from later in the game, from the edit at `at` on: another period, its own clock
    (timed from the edit) and the score then."""

    at: float
    period: int
    clock: Clock
    score: tuple[int, int]


@dataclass(frozen=True)
class Scenario:
    id: str  # also the clip's file stem
    title: str
    rule: str  # clause shown in the caption, e.g. "21.a"
    period: int
    duration: float
    clock: Clock
    riders: tuple[Rider, ...]
    umpires: tuple[Umpire, ...]
    ball: Ball
    camera: Camera
    moments: tuple[Moment, ...]
    captions: tuple[Caption, ...] = ()
    markers: tuple[Marker, ...] = ()
    props: tuple[Prop, ...] = ()
    score: tuple[int, int] = (0, 0)  # red, blue
    periods: int = 6
    footage: Footage = field(default_factory=Footage)
    cut: tuple[float, str] | None = None  # (time, title card) for an edit in the footage
    tagged: tuple[Tagged, ...] = ()  # the expert's account, for the match document
    later: Later | None = None  # after the cut, a later moment of the game
    upper_handicap: float = 6
    announcements: Mapping[str, bool] = field(default_factory=lambda: {
        "courtesy_changes_allowed": False, "tack_provision_6_goal": False})

    def moment(self, name: str) -> Moment:
        return next(m for m in self.moments if m.name == name)

    def rider(self, team: str, number: int, t: float | None = None) -> Rider:
        """The player's rider (at time t, when the player changes mounts in the clip)."""
        return next(r for r in self.riders if r.team == team and r.number == number
                    and (t is None or r.with_player(t)))

    def _later(self, t: float) -> Later | None:
        return self.later if self.later is not None and t >= self.later.at else None

    def period_at(self, t: float) -> int:
        later = self._later(t)
        return later.period if later else self.period

    def clock_at(self, t: float) -> str:
        later = self._later(t)
        return later.clock.shown(t - later.at) if later else self.clock.shown(t)

    def score_at(self, t: float) -> tuple[int, int]:
        later = self._later(t)
        return later.score if later else self.score
