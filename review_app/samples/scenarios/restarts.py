"""How play restarts, shown after an edit at the end of a scenario: a title card saying how much later,
then the players lined up for the Umpire's throw-in, or placed for the penalty and the taker's hit. The
match document tags the restart's frame, so a sample records the whole call: incident, whistle, restart.

The edit shortens the wait (the clock is stopped through it), so the footage's seconds between whistle
and restart are not the time allowed: where the clause turns on that time, the document types it."""

from __future__ import annotations

import math
from dataclasses import replace

from review_app.samples.motion import Func, Keyframes, Then
from review_app.samples.scenarios.cast import follow_camera
from review_app.samples.scene import (
    ATTACK_HEADING,
    BLUE,
    RED,
    Ball,
    Camera,
    Caption,
    Clock,
    Later,
    Moment,
    OffMount,
    Point,
    Prop,
    Rider,
    Scenario,
    Umpire,
)

LINEUP_GAP = 3.6  # yards either side of the line of the throw-in
LINEUP_STEP = 6.5  # yards between riders in a line
CARD_S = 0.8  # how long the title card covers the edit (render.py draws it for as long)
READY_S = 1.1  # from the edit until the players are in place
THROW_S = 1.9  # from the edit until the ball is put in play
TAIL_S = 2.3  # play after the restart, until the clip ends


def throw_in(point: str) -> dict:
    """A call's restart as a throw-in between the lined-up teams at `point` (schema 2.1's kind, direction and
    point: `call.restart`, `call.restart_direction`, `call.restart_point`)."""
    return {"restart": "throw_in", "restart_direction": "between_teams", "restart_point": point}


class Spliced:
    """The ball of the clip until the edit at `at`, then the restart's."""

    def __init__(self, before: Ball | Spliced, at: float, after: Ball):
        self.before, self.at, self.after = before, at, after

    def visible(self, t: float) -> bool:
        return (self.before if t < self.at else self.after).visible(t)

    def pos(self, t: float) -> Point:
        return (self.before if t < self.at else self.after).pos(t)


def lineup(team: str, number: int, spot: Point, cut: float, ready: float, throw: float,
           start: Point | None = None) -> Keyframes:
    """Walk into the line for the throw-in (facing the umpire), wait, then go for the ball; from `start` at
    `cut` if given (play stopped in the same footage), else from just beside the line (after an edit)."""
    side = -1.0 if team == RED else 1.0  # each team on the side of the goal it defends
    x = spot[0] + side * LINEUP_GAP
    y = spot[1] - 6.0 + LINEUP_STEP * (number - 1)
    chase = (spot[0] + side * (2.0 + 3.0 * number), spot[1] + 10.0 + 5.0 * number)
    first = (x, y + 5.0) if start is None else start
    return Keyframes([(cut, *first), (ready, x, y), (throw + 0.25, x, y), (throw + 2.4, *chase)])


def _taker_path(spot: Point, heading: float, cut: float, throw: float, end: float) -> Keyframes:
    """The penalty taker's approach, so that the mallet meets the ball on `spot` at `throw` (the mallet
    meets it 2.3 yards ahead and 2.8 to the right of the mount, `Rider.ball_spot`)."""
    c, s = math.cos(heading), math.sin(heading)
    at = (spot[0] - 2.3 * c + 2.8 * s, spot[1] - 2.3 * s - 2.8 * c)
    run = 14.0  # yards of approach, at a canter
    return Keyframes([(cut, at[0] - run * c, at[1] - run * s), (throw, *at),
                      (end, at[0] + 1.6 * run * c, at[1] + 1.6 * run * s)])


def _penalty_place(team: str, number: int, spot: Point, awarded: str) -> Point:
    """Where a player waits for a hit from the spot (a penalty, a knock-in): the side taking it ahead of
    the ball and beside its line, the other side further on, at a distance."""
    toward_goal = math.cos(ATTACK_HEADING[awarded])  # +1: the awarded side attacks toward x = 300
    if team == awarded:
        return (spot[0] + toward_goal * (6.0 + 7.0 * number), spot[1] + (-1) ** number * (9.0 + 3.0 * number))
    return (spot[0] + toward_goal * (32.0 + 6.0 * number), spot[1] + (-1) ** number * (6.0 + 5.0 * number))


def resume(sc: Scenario, *, kind: str, spot: Point, card: str, caption: str, cue: str,
           taker: tuple[str, int] | None = None, period: int | None = None, clock_s: float | None = None,
           score: tuple[int, int] | None = None) -> Scenario:
    """`sc` with an edit at its end and the restart after it: `kind` "throw_in" (the Umpire throws in at
    `spot` between the lined-up teams), "penalty" or "knock_in" (`taker` hits from `spot`, the other
    players placed for it). `period`, `clock_s` and
    `score` are the game's after the edit (default: as the clip left them, the clock stopped)."""
    if sc.cut is not None or sc.later is not None:
        raise ValueError(f"{sc.id}: already has an edit")
    cut = sc.duration
    ready, throw, end = cut + READY_S, cut + THROW_S, cut + THROW_S + TAIL_S
    left = sc.clock.seconds_left(cut) if clock_s is None else clock_s
    later = Later(cut, sc.period if period is None else period,
                  Clock(start=left, stops=0.0, resumes=throw - cut), sc.score if score is None else score)

    if kind not in ("throw_in", "penalty", "knock_in"):
        raise ValueError(f"{sc.id}: no restart of kind {kind!r}")
    heading: float | None = None  # a hit from the spot goes toward the taker's goal; None: a throw-in
    if kind != "throw_in":
        if taker is None:
            raise ValueError(f"{sc.id}: a {kind} needs its taker")
        heading = ATTACK_HEADING[taker[0]]
    riders = [_resumed(r, _path_after(r, spot, taker, heading, cut, ready, throw, end), cut,
                       (r.team, r.number) == taker, throw)
              for r in sc.riders]
    umps = _umpires_after(sc.umpires, spot, heading, cut, ready, throw, end)
    ball = Spliced(sc.ball, cut, _ball_after(spot, umps[0], heading, cut, throw))
    before = sc.camera
    after_cam = follow_camera(Func(lambda t: (spot[0], spot[1] - 2.0)), before.at(cut)[2], sc.footage,
                              portrait=before.portrait, window=0.0)
    camera = Camera(lambda t: (before if t < cut else after_cam).at(t), portrait=before.portrait)

    return replace(
        sc, duration=end, riders=tuple(riders), umpires=tuple(umps), ball=ball, camera=camera,
        moments=sc.moments + (Moment("restart", throw, cue, note=caption),),
        captions=tuple(replace(c, end=min(c.end, cut)) for c in sc.captions if c.start < cut)
        + (Caption(ready, end, caption),),
        markers=tuple(replace(m, end=min(m.end, cut)) for m in sc.markers if m.start < cut),
        props=tuple(Prop(p.start, min(p.end, cut), p.path, p.kind) for p in sc.props if p.start < cut),
        cut=(cut, card), later=later)


def _path_after(r: Rider, spot: Point, taker: tuple[str, int] | None, heading: float | None, cut: float,
                ready: float, throw: float, end: float) -> Keyframes:
    """Where rider `r` goes after the edit: into the line for a throw-in (`heading` None); for a hit from the spot,
    the taker's approach, and everyone else to a place for the hit, drifting with the play."""
    if heading is None:
        return lineup(r.team, r.number, spot, cut, ready, throw)
    if (r.team, r.number) == taker:
        return _taker_path(spot, heading, cut, throw, end)
    x, y = _penalty_place(r.team, r.number, spot, taker[0])
    drift = 10.0 * math.cos(heading)
    return Keyframes([(cut, x - 0.4 * drift, y), (ready, x, y), (throw + 0.3, x, y), (end, x + drift, y)])


def _resumed(r: Rider, after: Keyframes, cut: float, takes: bool, throw: float) -> Rider:
    """Rider `r` going on along `after` from the edit at `cut`, swinging at `throw` if it `takes` the hit."""
    return replace(
        r, path=Then(r.path, cut, after), swings=r.swings + ((throw,) if takes else ()),
        # back in the saddle, helmet on, tack repaired: the wait is over when play restarts
        off_mount=tuple(o if o.end <= cut else OffMount(o.start, cut, o.path, o.lying_until)
                        for o in r.off_mount),
        helmet_back=cut if r.helmet_off is not None else r.helmet_back,
        girth_broken=None if r.girth_broken is None else (r.girth_broken[0], min(r.girth_broken[1], cut)),
        name_tag=tuple((a, min(b, cut)) for a, b in r.name_tag if a < cut))


def _umpires_after(umpires: tuple[Umpire, ...], spot: Point, heading: float | None, cut: float, ready: float,
                   throw: float, end: float) -> list[Umpire]:
    """The umpires after the edit, at their stations for the restart: for a throw-in the first one by the spot."""
    if heading is None:
        stations = ((spot[0], spot[1] - 16.0), (spot[0] + 21.0, spot[1] - 9.0))
    else:
        stations = ((spot[0] - 14.0 * math.cos(heading), spot[1] - 18.0),
                    (spot[0] + 30.0 * math.cos(heading), spot[1] + 20.0))
    umps = []
    for u, (x, y) in zip(umpires, stations, strict=True):
        path = Keyframes([(cut, x, y - 5.0), (ready, x, y), (throw + 0.5, x, y), (end, x + 4.0, y + 2.0)])
        umps.append(replace(u, path=Then(u.path, cut, path)))
    return umps


def _ball_after(spot: Point, thrower: Umpire, heading: float | None, cut: float, throw: float) -> Ball:
    """The ball after the edit: thrown in by `thrower` (`heading` None), else hit from the spot toward goal."""
    if heading is None:
        keys = [(cut, thrower), (throw, thrower), (throw + 0.8, (spot[0], spot[1] + 3.0)),
                (throw + 1.4, (spot[0] - 1.0, spot[1] + 4.0))]
    else:
        aim = (spot[0] + 38.0 * math.cos(heading), spot[1] + 0.25 * (80.0 - spot[1]))
        keys = [(cut, spot), (throw, spot), (throw + 1.6, aim, 0.6)]
    return Ball(keys)


__all__ = ["BLUE", "RED", "lineup", "resume", "throw_in"]
