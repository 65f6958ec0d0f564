"""Scenarios about the ball: a Safety (21.a) and a lodged ball (21.i)."""

from __future__ import annotations

from review_app.samples.motion import Func, Halt, Keyframes
from review_app.samples.scenarios.cast import follow_camera, squad, umpires
from review_app.samples.scenarios.restarts import resume, throw_in
from review_app.samples.scene import (
    BLUE,
    RED,
    Ball,
    Caption,
    Clock,
    Footage,
    Marker,
    Moment,
    Scenario,
    Stuck,
    Tagged,
)


def safety() -> Scenario:
    """Red 1 shoots for goal; the ball glances off Blue 4's mallet and over Blue's own end line; Red 1
    takes the Penalty 6 from 60 yards out, opposite where the ball crossed."""
    period, touch, crossed, whistle = 2, 5.2, 5.72, 5.96
    red1 = Keyframes([(-2, 150, 70), (0, 176, 72), (3.6, 228, 76), (5.0, 247, 80), (7.0, 266, 84),
                      (9.0, 272, 85)])
    blue4 = Keyframes([(-2, 212, 50), (0, 232, 55), (3.6, 262, 63), (touch, 285.5, 68.5), (6.6, 298, 72),
                       (9.0, 303, 73)])
    riders = squad(period, red1, RED, whistle, {
        (RED, 1): {"path": Halt(red1, whistle), "swings": (3.6,)},
        (BLUE, 4): {"path": Halt(blue4, whistle), "swings": (touch,)},
    })
    r1, b4 = (next(r for r in riders if r.label == n) for n in ("Red 1", "Blue 4"))
    ball = Ball([(-3, r1), (3.6, r1), (touch, b4, 0.5), (crossed, (300.0, 69.6), 0.2), (7.0, (306.5, 68.4))])
    umps = umpires(ball, RED, whistle)
    sc = Scenario(
        id="safety",
        title="Safety",
        rule="21.a",
        period=period,
        duration=9.0,
        clock=Clock(start=3 * 60 + 22, stops=whistle),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(ball, 6.0),
        moments=(
            Moment("shot", 3.6, note="Red 1 shoots for goal"),
            Moment("touch", touch, note="The ball touches Blue 4's mallet"),
            Moment("ball_crosses_end_line", crossed, note="The ball crosses Blue's own end line, wide"),
            Moment("whistle", whistle, "WHISTLE", by=umps[0], blasts="long"),
            Moment("call", 7.0, "SAFETY: PENALTY 6"),
        ),
        captions=(
            Caption(0.0, 3.6, "Red 1 carries the ball toward Blue's goal"),
            Caption(3.6, touch, "Red 1 shoots"),
            Caption(touch, 7.0, "The ball touches Blue 4's mallet and goes over Blue's own end line"),
            Caption(7.0, 9.0, "Safety: Penalty 6 to Red"),
        ),
        markers=(Marker(touch, 7.0, b4, "Blue 4"),),
        score=(3, 2),
        tagged=(Tagged(
            "ball_crosses_end_line", "21.a",
            facts={"last_hit_by_defender": True, "deflection": "none"},
            call={"whistle": "at_once", "restart": "penalty", "restart_point": "penalty_spot",
                  "penalty": "penalty_6", "penalty_to": RED, "card": "none"},
            players=((BLUE, 4), (RED, 1)),
            offender=(BLUE, 4),
            moments={"restart": "restart"},
            notes="Red 1's shot touched Blue 4's mallet (a touch is a hit) and went straight over Blue's own "
                  "end line, wide of the posts: a Safety, Penalty 6 to Red, taken by Red 1 60 yards out, "
                  "opposite where the ball crossed."),),
    )
    return resume(sc, kind="penalty", spot=(300.0 - SAFETY_YARDS, 69.6), taker=(RED, 1), card="Penalty 6",
                  caption="Red 1 takes the Penalty 6, 60 yards out", cue="PENALTY 6")


# Where Penalty 6 is taken from: the sample's picture of it (the penalties are Rule 22's, not 21's).
SAFETY_YARDS = 60.0
PHONE = Footage(width=854, height=480, vfr_seed=21, rotation=90)


def lodged_ball() -> Scenario:
    """Blue 1's hit lodges against Red 2's mount and is carried off; it cannot be dropped, so
    the whistle; the ball is dead where it first lodged (21.i). Filmed upright on a phone:
    variable frame rate, stored sideways with rotation metadata."""
    period, hit, lodged, whistle, fetched, placed = 5, 1.5, 1.85, 3.1, 4.0, 5.0
    blue1 = Keyframes([(-2, 190, 86), (0, 172, 85), (hit, 161, 84), (3, 150, 84), (5, 144, 86), (8, 142, 87)])
    red2 = Keyframes([(-2, 124, 77), (0, 137, 79), (lodged, 150, 81), (whistle, 163, 84.5), (4.5, 170, 87),
                      (8, 172, 88)])
    riders = squad(period, Func(lambda t: ball.pos(min(t, whistle))), BLUE, whistle, {
        (BLUE, 1): {"path": Halt(blue1, whistle), "swings": (hit,)},
        (RED, 2): {"path": Halt(red2, whistle)},
    })
    b1, r2 = (next(r for r in riders if r.label == n) for n in ("Blue 1", "Red 2"))
    stuck = Stuck(r2)
    first = stuck.spot(lodged)
    ball = Ball([(-3, b1), (hit, b1), (lodged, stuck, 0.3), (fetched, stuck), (fetched, first), (9.0, first)],
                hidden=((fetched, placed),))
    umps = umpires(ball, BLUE, whistle)
    sc = Scenario(
        id="lodged-ball",
        title="Lodged ball",
        rule="21.i",
        period=period,
        duration=8.0,
        clock=Clock(start=6 * 60 + 10, stops=whistle),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(Func(lambda t: ball.pos(min(t, whistle))), 5.5, PHONE, portrait=True, window=1.0,
                             shake=0.35),
        moments=(
            Moment("hit", hit, note="Blue 1 hits"),
            Moment("ball_lodges", lodged, "BALL LODGED", note="The ball lodges against Red 2's mount"),
            Moment("whistle", whistle, "WHISTLE", by=umps[0]),
            Moment("ball_placed", placed, "DEAD WHERE FIRST LODGED", note="The ball is placed where it first lodged"),
        ),
        captions=(
            Caption(hit, lodged, "Blue 1 hits"),
            Caption(lodged, whistle, "The ball lodges against Red 2's mount and is carried along"),
            Caption(whistle, placed, "It cannot be dropped: whistle"),
            Caption(placed, 8.0, "The ball is dead where it first lodged"),
        ),
        markers=(Marker(lodged, whistle + 0.6, Func(stuck.spot)),
                 Marker(whistle, 8.0, first, "first lodged", "cross")),
        score=(7, 6),
        footage=PHONE,
        tagged=(Tagged(
            "ball_lodges", "21.i",
            facts={"cannot_be_dropped_immediately": True, "dead_at_point_first_lodged": True},
            call={"whistle": "at_once", **throw_in("where_first_lodged"),
                  "penalty": "none", "card": "none"},
            players=((RED, 2), (BLUE, 1)),
            mount_of=(RED, 2),
            moments={"restart": "restart"},
            notes="Blue 1's hit lodged against Red 2's mount and was carried along; it could not be dropped, so "
                  "the Umpire stopped play and the ball was dead where it first lodged. Phone footage: variable "
                  "frame rate, so use the frame index, not time x fps."),),
    )
    return resume(sc, kind="throw_in", spot=first, card="Throw-in where it first lodged",
                  caption="Throw-in where the ball first lodged", cue="THROW-IN")
