"""Broken tack: Red 1's girth breaks in a hard turn, in traffic (21.g, the rulebook's own
example): whistle at once wherever the ball is; after repairs, a throw-in."""

from __future__ import annotations

from review_app.samples.motion import Func, Halt, Keyframes, Then
from review_app.samples.scenarios.cast import follow_camera, squad, umpires
from review_app.samples.scenarios.restarts import lineup, throw_in
from review_app.samples.scene import (
    BLUE,
    RED,
    Ball,
    Caption,
    Clock,
    Marker,
    Moment,
    Scenario,
    Tagged,
)

REPAIR_S = 150  # the time the repairs took, cut from the footage


def broken_girth() -> Scenario:
    period, throw_from = 2, 1.0
    breaks, whistle, cut, ready, throw = 2.0, 2.25, 4.3, 5.3, 6.2
    red1 = Keyframes([(-2, 204, 74), (0, 184, 67), (1.2, 172, 60), (breaks, 168, 52), (2.6, 170.5, 45.5),
                      (3.5, 174, 42), (4.29, 175, 41.5)])
    blue3 = Keyframes([(-2, 206, 68), (0, 186, 62), (throw_from, 176, 58.5), (breaks, 172.5, 50),
                       (2.7, 176, 45), (4.29, 180, 43)])
    red2 = Keyframes([(-2, 212, 80), (0, 192, 75), (1.2, 180, 68), (breaks, 175.5, 60.5), (3, 179, 56),
                      (4.29, 181, 55)])
    blue4 = Keyframes([(-2, 214, 58), (0, 196, 54), (1.2, 186, 52), (breaks, 181, 46), (3, 182, 40),
                       (4.29, 183, 39)])
    scripted = {(RED, 1): red1, (BLUE, 3): blue3, (RED, 2): red2, (BLUE, 4): blue4}
    play = Func(lambda t: ball.pos(min(t, whistle)))
    riders = squad(period, play, BLUE, whistle, {
        key: {"path": Halt(path, whistle, tau=0.7)} for key, path in scripted.items()})
    spot = (150.0, 68.0)  # where the ball was when play stopped, near enough: the throw-in's line
    riders = _lined_up(riders, spot, breaks, throw_from, cut, ready, throw)
    b3, r1 = (next(r for r in riders if r.label == n) for n in ("Blue 3", "Red 1"))
    umps = _girth_umpires(play, whistle, spot, cut, ready)
    ball = Ball([(-3, b3), (throw_from, b3), (4.0, (128.0, 74.0)), (cut, umps[0]), (throw, umps[0]),
                 (7.0, (spot[0], spot[1] + 3.0)), (7.6, (spot[0] - 1.0, spot[1] + 4.0))])

    def framing(t: float):
        if t >= cut:
            return (spot[0], spot[1] - 2.0)
        (rx, ry), (bx, by) = red1.pos(min(t, 3.0)), ball.pos(min(t, 3.0))
        return (0.7 * rx + 0.3 * bx, 0.7 * ry + 0.3 * by)

    return Scenario(
        id="broken-girth",
        title="Broken girth in traffic",
        rule="21.g",
        period=period,
        duration=8.5,
        clock=Clock(start=60 + 55, stops=whistle, resumes=throw),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(Func(framing), 5.0, window=0.6),
        moments=(
            Moment("girth_breaks", breaks, "GIRTH BROKEN", note="Red 1's girth breaks in a hard turn, in traffic"),
            Moment("whistle", whistle, "WHISTLE", by=umps[0], blasts="repeated"),
            Moment("player_back", ready, note="Red 1 back in the line, the girth put right"),
            Moment("throw_in", throw, "THROW-IN", note="Throw-in after repairs"),
        ),
        captions=(
            Caption(0.0, breaks, "Red 1 turns hard in traffic"),
            Caption(breaks, whistle, "Red 1's girth breaks: in danger of falling, no control of the mount"),
            Caption(whistle, cut, "Whistle at once, wherever the ball is"),
            Caption(ready, 8.5, "Repairs made: play resumes with a throw-in"),
        ),
        markers=(Marker(breaks, cut, r1, "Red 1"),),
        score=(2, 2),
        cut=(cut, f"After repairs ({REPAIR_S // 60}:{REPAIR_S % 60:02d})"),
        announcements={"courtesy_changes_allowed": False, "tack_provision_6_goal": True},
        tagged=(_girth_tag(),),
    )


def _lined_up(riders, spot, breaks: float, throw_from: float, cut: float, ready: float, throw: float) -> tuple:
    """The riders after the edit, lined up for the throw-in: Blue 3 swings at `throw_from`, Red 1's girth is
    broken from `breaks` until the edit (his mount's coat told apart)."""
    moved = []
    for r in riders:
        path = Then(r.path, cut, lineup(r.team, r.number, spot, cut, ready, throw))
        extra = {"swings": (throw_from,)} if (r.team, r.number) == (BLUE, 3) else {}
        if (r.team, r.number) == (RED, 1):
            extra = {"girth_broken": (breaks, cut), "coat": (50, 105, 175)}
        moved.append(type(r)(**{**r.__dict__, "path": path, **extra}))
    return tuple(moved)


def _girth_umpires(play, whistle: float, spot, cut: float, ready: float) -> tuple:
    """The umpires following the play, then after the edit at their stations for the throw-in at `spot`."""
    ump_paths = (
        Keyframes([(cut, spot[0], spot[1] - 21), (ready, spot[0], spot[1] - 16), (8.5, spot[0], spot[1] - 16)]),
        Keyframes([(cut, spot[0] + 24, spot[1] - 4), (ready, spot[0] + 21, spot[1] - 9),
                   (8.5, spot[0] + 21, spot[1] - 9)]),
    )
    base = umpires(play, BLUE, whistle)
    return tuple(type(u)(u.name, Then(u.path, cut, p), u.coat, u.whistle) for u, p in zip(base, ump_paths, strict=True))


def _girth_tag() -> Tagged:
    """The expert's tag of the broken girth: a danger, so the whistle at once; repaired within the time."""
    return Tagged(
        "girth_breaks", "21.g",
        facts={"item": "girth", "presents_danger": True, "broken_by_contact_with_another_horse": False,
               "player_changed_mount": False, "player_rested_after_repair": False},
        call={"whistle": "at_once", **throw_in("point_of_stoppage"),
              "penalty": "none", "card": "none", "time_allowed_s": REPAIR_S},
        players=((RED, 1),),
        mount_of=(RED, 1),
        moments={"player_returned": "player_back", "restart": "throw_in"},
        notes="Red 1's girth broke in a hard turn in traffic: in danger of falling, no control of the mount. "
              "Whistle at once regardless of the ball; repairs took 2:30 (6-goal provision announced, "
              "5 minutes at most); play resumed with a throw-in.",
    )
