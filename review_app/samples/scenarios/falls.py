"""Scenarios about falls and the lost helmet: 21.h lost helmet, 21.e player falls off,
21.f(3) mount falls (called at once, and a questionable version called late)."""

from __future__ import annotations

from review_app.samples.motion import Func, Halt, Keyframes, smoothstep
from review_app.samples.scenarios.cast import follow_camera, squad, umpires
from review_app.samples.scenarios.restarts import resume, throw_in
from review_app.samples.scene import (
    BLUE,
    RED,
    Ball,
    Caption,
    Clock,
    Marker,
    Moment,
    OffMount,
    Prop,
    Scenario,
    Tagged,
)


def _in_from_boards(p: tuple[float, float]) -> tuple[float, float]:
    """The throw-in's spot for play stopped at `p`: far enough from the boards and end lines for both
    teams' lines to stand on the field."""
    return (min(max(p[0], 30.0), 270.0), min(max(p[1], 30.0), 130.0))


def lost_helmet() -> Scenario:
    """Red 2 loses a helmet in a ride-off while Blue attacks; play is held until Red 4's
    clearance leaves the ball in neutral territory, then the whistle (21.h)."""
    period, off, shot, save, neutral, whistle = 3, 1.0, 2.6, 3.7, 5.3, 5.6
    blue1 = Keyframes([(-2, 112, 81), (0, 90, 80), (shot, 58, 79), (4.2, 42, 81), (6.5, 34, 88), (9, 33, 90)])
    red4 = Keyframes([(-2, 20, 96), (0, 16, 92), (shot, 14, 85), (save, 19.5, 77), (5, 32, 86), (9, 45, 100)])
    red2 = Keyframes([(-2, 150, 58), (0, 130, 61), (off, 119, 62), (3.0, 98, 62), (5, 84, 63), (9, 80, 64)])
    blue3 = Keyframes([(-2, 151, 62), (0, 131, 64.5), (off, 120, 65.5), (3.0, 100, 67), (5, 88, 70),
                       (9, 84, 72)])
    riders = squad(period, Func(lambda t: ball.pos(t)), BLUE, whistle, {
        (BLUE, 1): {"path": Halt(blue1, whistle), "swings": (shot,)},
        (RED, 4): {"path": Halt(red4, whistle), "swings": (save,)},
        (RED, 2): {"path": Halt(red2, whistle), "helmet_off": off},
        (BLUE, 3): {"path": Halt(blue3, whistle)},
    })
    b1, r4, r2 = (next(r for r in riders if r.label == n) for n in ("Blue 1", "Red 4", "Red 2"))
    ball = Ball([(-3, b1), (shot, b1), (save, r4, 0.4), (7.4, (118.0, 148.0))])
    drop = red2.pos(off)
    helmet = Keyframes([(off, *drop), (off + 0.5, drop[0] - 2.5, drop[1] - 1.8)])
    umps = umpires(ball, BLUE, whistle)
    sc = Scenario(
        id="lost-helmet",
        title="Lost helmet",
        rule="21.h",
        period=period,
        duration=9.0,
        clock=Clock(start=5 * 60 + 40, stops=whistle),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(ball, 4.2, window=2.2),
        moments=(
            Moment("helmet_falls", off, "HELMET OFF", note="Red 2's helmet falls off in a ride-off"),
            Moment("shot", shot, note="Blue 1 shoots at Red's goal"),
            Moment("clearance", save, note="Red 4 clears toward the boards"),
            Moment("neutral_play", neutral, "NEUTRAL PLAY", note="Ball by the boards near midfield"),
            Moment("whistle", whistle, "WHISTLE", by=umps[1]),
        ),
        captions=(
            Caption(off, shot, "Red 2 loses his helmet; Blue is attacking: play on"),
            Caption(shot, save, "Blue 1 shoots"),
            Caption(save, neutral, "Red 4 clears the ball toward the boards"),
            Caption(neutral, whistle, "Neutral play"),
            Caption(whistle, 9.0, "Play stopped at a neutral play so Red 2 can replace the helmet"),
        ),
        markers=(Marker(off, off + 1.6, r2, "Red 2"),),
        props=(Prop(off, 99.0, helmet, "helmet"),),
        score=(4, 4),
        tagged=(_helmet_tag(),),
    )
    return resume(sc, kind="throw_in", spot=_in_from_boards(ball.pos(whistle)), card="Helmet replaced",
                  caption="Helmet back on: throw-in where play was stopped", cue="THROW-IN")


def _helmet_tag() -> Tagged:
    """The expert's tag: the whistle held for a neutral play, a throw-in once the helmet was back on."""
    return Tagged(
        "helmet_falls", "21.h",
        facts={"play_neutral_when_lost": False},
        call={"whistle": "neutral_play", **throw_in("point_of_stoppage"),
              "penalty": "none", "card": "none"},
        players=((RED, 2),),
        moments={"neutral_play": "neutral_play", "restart": "restart"},
        notes="Red 2's helmet fell off while Blue was attacking; the Umpire held the whistle until Red 4's "
              "clearance left the ball by the boards, a neutral play. Play restarted with a throw-in where "
              "it was stopped, once the helmet was back on.",
    )


def player_falls() -> Scenario:
    """Red 3 falls off in a ride-off away from the ball while Red attacks; the whistle waits
    for the ball to reach neutral territory (21.e); Red 3 gets up unhurt."""
    period, fall, shot, save, neutral, whistle = 1, 1.4, 3.0, 3.9, 5.2, 5.45
    red3 = Keyframes([(-2, 140, 123), (0, 160, 126), (fall, 175, 129), (3.0, 188, 132), (4.5, 193, 134),
                      (6.0, 194, 135)])
    rider3 = Keyframes([(fall, 175, 129), (1.8, 178.5, 132), (3.6, 178.5, 132), (6.5, 186, 134.5),
                        (9.0, 190, 136)])
    blue2 = Keyframes([(-2, 140, 117), (0, 160, 120), (fall, 175, 123.5), (3.0, 190, 119), (5, 203, 110),
                       (9, 210, 104)])
    red1 = Keyframes([(-2, 175, 72), (0, 198, 74), (shot, 236, 77), (5, 252, 71), (7, 256, 62), (9, 257, 60)])
    blue4 = Keyframes([(-2, 292, 86), (0, 288, 84.5), (shot, 278, 82.5), (save, 272, 82), (5, 262, 74),
                       (9, 255, 60)])
    riders = squad(period, Func(lambda t: ball.pos(t)), RED, whistle, {
        (RED, 3): {"path": red3, "off_mount": (OffMount(fall, 99.0, rider3, lying_until=3.6),)},
        (BLUE, 2): {"path": Halt(blue2, whistle)},
        (RED, 1): {"path": Halt(red1, whistle), "swings": (shot,)},
        (BLUE, 4): {"path": Halt(blue4, whistle), "swings": (save,)},
    })
    r1, b4, r3 = (next(r for r in riders if r.label == n) for n in ("Red 1", "Blue 4", "Red 3"))
    ball = Ball([(-3, r1), (shot, r1), (save, b4, 0.4), (7.2, (208.0, 26.0))])
    umps = umpires(ball, RED, whistle)

    def framing(t: float):
        (bx, by), (rx, ry) = ball.pos(t), rider3.pos(t) if t >= fall else r3.pos(t)
        return ((bx + rx) / 2, (by + ry) / 2)

    sc = Scenario(
        id="player-falls",
        title="Player falls off",
        rule="21.e",
        period=period,
        duration=9.0,
        clock=Clock(start=4 * 60 + 5, stops=whistle),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(Func(framing), 3.3, window=1.5),
        moments=(
            Moment("player_falls", fall, "PLAYER DOWN", note="Red 3 falls off in a ride-off, away from the ball"),
            Moment("shot", shot, note="Red 1 shoots at Blue's goal"),
            Moment("clearance", save, note="Blue 4 clears toward the boards"),
            Moment("neutral_play", neutral, "NEUTRAL PLAY", note="Ball in neutral territory"),
            Moment("whistle", whistle, "WHISTLE", by=umps[0]),
        ),
        captions=(
            Caption(fall, shot, "Red 3 falls off, away from the play; Red has a chance to score: play on"),
            Caption(shot, save, "Red 1 shoots"),
            Caption(save, neutral, "Blue 4 clears toward the boards"),
            Caption(neutral, whistle, "Ball in neutral territory"),
            Caption(whistle, 9.0, "Whistle: Red 3 is up and unhurt"),
        ),
        markers=(Marker(fall, 3.6, rider3, "Red 3"),),
        score=(1, 0),
        tagged=(_player_falls_tag(),),
    )
    return resume(sc, kind="throw_in", spot=_in_from_boards(ball.pos(whistle)), card="Red 3 remounted",
                  caption="Red 3 back in the saddle: throw-in where play was stopped", cue="THROW-IN")


def _player_falls_tag() -> Tagged:
    """The expert's tag: the whistle waited for neutral territory, Red 3 not in jeopardy."""
    return Tagged(
        "player_falls", "21.e",
        facts={"may_be_injured_or_in_jeopardy": False, "imminent_scoring_opportunity": True,
               "clear_fall": True},
        call={"whistle": "neutral_play", **throw_in("point_of_stoppage"),
              "penalty": "none", "card": "none"},
        players=((RED, 3),),
        moments={"neutral_play": "neutral_play", "restart": "restart"},
        notes="Red 3 fell off in a ride-off well away from the ball and was not in jeopardy; Red had an "
              "imminent chance to score, so the Umpire waited until the ball was in neutral territory. Red 3 "
              "remounted and play restarted with a throw-in where it was stopped.",
    )


def mount_falls(late: bool = False) -> Scenario:
    """Red 3's mount falls after a bump: the whistle should sound at once (21.f(3)); the mount
    gets up and is trotted out sound. With `late`, the umpire lets Blue's attack run on first
    (a questionable call, for review practice)."""
    period, bump, down, up = 4, 2.4, 2.5, 6.2
    whistle = 5.5 if late else 2.75
    red3 = Keyframes([(-2, 185, 58), (0, 172, 62), (bump, 152, 68.5), (2.9, 148, 70.5), (6.6, 148, 70.5),
                      (9.4, 136, 71.5), (10.5, 134, 71.6)])
    rider3 = Keyframes([(down, 151.2, 69.2), (2.9, 146, 74.5), (4.4, 146, 74.5), (6.0, 147.8, 73.2),
                        (6.6, 147.8, 73.2), (9.4, 135.8, 74), (10.5, 133.8, 74.1)])
    blue2 = Keyframes([(-2, 190, 71), (0, 176, 72), (bump, 154, 72), (3.2, 145, 77), (5, 132, 84),
                       (10.5, 120, 92)])
    blue1_keys = [(-2, 160, 86), (0, 140, 86), (bump, 112, 86), (3.6, 97, 84), (5.5, 74, 78), (10.5, 62, 76)]
    blue1 = Keyframes(blue1_keys)
    blue4 = Keyframes([(-2, 200, 104), (0, 188, 100), (4, 160, 96), (10.5, 140, 95)])
    riders = squad(period, Func(lambda t: ball.pos(t)), BLUE, whistle, {
        (RED, 3): {"path": red3, "mount_down": ((down, up),), "coat": (40, 88, 160),
                   "off_mount": (OffMount(down, 99.0, rider3, lying_until=4.4),)},
        (BLUE, 2): {"path": Halt(blue2, whistle)},
        (BLUE, 1): {"path": Halt(blue1, whistle), "swings": (3.6,) if late else ()},
        (BLUE, 4): {"path": Halt(blue4, whistle)},
    })
    b1, r3 = (next(r for r in riders if r.label == n) for n in ("Blue 1", "Red 3"))
    if late:
        ball = Ball([(-3, b1), (3.6, b1), (5.3, (0.0, 67.5), 0.3), (6.2, (-4.0, 66.5))])
    else:
        ball = Ball([(-3, b1), (20.0, b1)])
    umps = umpires(ball, BLUE, whistle)

    def framing(t: float):
        k = smoothstep((t - (whistle + 0.3)) / 1.5)
        (bx, by), (hx, hy) = ball.pos(min(t, whistle + 0.3)), red3.pos(t)
        mid = ((bx + hx) / 2, (by + hy) / 2)
        return (mid[0] + (hx - mid[0]) * k, mid[1] + (hy - mid[1]) * k)

    moments, captions = _falls_told(late, bump, down, up, whistle, umps[0])
    sc = Scenario(
        id="mount-falls-late-whistle" if late else "mount-falls",
        title="Mount falls (late whistle)" if late else "Mount falls",
        rule="21.f(3)",
        period=period,
        duration=10.5,
        clock=Clock(start=2 * 60 + 48, stops=whistle),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(Func(framing), 4.2 if late else 5.0, window=1.2),
        moments=moments,
        captions=captions,
        markers=(Marker(down, up, r3, "Red 3"),),
        score=(5, 6),
        tagged=(_falls_tag(late),),
    )
    if late:  # the shot went wide over Red's end line before the whistle: Red knocks in
        return resume(sc, kind="knock_in", spot=(1.0, 66.5), taker=(RED, 4), card="Red 3 remounted",
                      caption="Red 3 remounted the sound mount; the shot went wide: Red knocks in", cue="KNOCK-IN")
    return resume(sc, kind="throw_in", spot=_in_from_boards(ball.pos(whistle)), card="Red 3 remounted",
                  caption="Red 3 remounted the sound mount: throw-in where play was stopped", cue="THROW-IN")


def _falls_told(late: bool, bump: float, down: float, up: float, whistle: float, umpire):
    """What the mount-falls clip shows happening (its moments) and says on screen (its captions)."""
    moments = [
        Moment("bump", bump, note="Red 3 and Blue 2 collide"),
        Moment("mount_falls", down, "MOUNT DOWN", note="Red 3's mount falls: its body touches the ground"),
        Moment("whistle", whistle, "WHISTLE", by=umpire, blasts="repeated"),
        Moment("mount_up", up, note="The mount gets up"),
        Moment("trotted_sound", 9.4, "TROTTED OUT SOUND", note="Trotted and examined: sound, no sign of injury"),
    ]
    if late:
        moments.insert(2, Moment("ball_out", 5.3, note="Blue 1's shot goes wide over the end line"))
        captions = (
            Caption(bump, down, "Red 3 and Blue 2 collide"),
            Caption(down, 5.3, "Red 3's mount is down, but the umpire lets Blue's attack run on"),
            Caption(5.3, up, "The whistle comes only when the shot goes wide, 3 s after the fall"),
        )
    else:
        captions = (
            Caption(bump, down, "Red 3 and Blue 2 collide"),
            Caption(down, up, "Red 3's mount falls: whistle at once, wherever the ball is"),
        )
    captions += (Caption(6.6, 10.5, "The mount is trotted out: sound, no sign of injury; Red 3 may remount"),)
    return tuple(moments), captions


def _falls_tag(late: bool) -> Tagged:
    """The expert's tag of the fall: the call made, and what the notes say of it."""
    return Tagged(
        "mount_falls", "21.f(3)",
        facts={"mount_sound": True},
        call={"whistle": "delayed" if late else "at_once",
              **({"restart": "knock_in", "restart_point": "end_line"} if late else throw_in("point_of_stoppage")),
              "penalty": "none", "card": "none", "mount_excused": False},
        players=((RED, 3), (BLUE, 2)),
        mount_of=(RED, 3),
        moments={"restart": "restart"},
        notes=("QUESTIONABLE CALL (deliberate, for review practice): Red 3's mount went down after a bump, "
               "but the Umpire let Blue's attack run on and whistled only when the shot went wide. 21.f(3) "
               "asks for the whistle immediately. The mount trotted out sound; Red 3 remounted and, the shot "
               "having gone wide, Red knocked in."
               if late else
               "Red 3's mount fell after a bump with Blue 2 (its body touched the ground): whistle at once, "
               "wherever the ball was. The mount was trotted out and examined: sound, so Red 3 remounted and "
               "play restarted with a throw-in where it was stopped."),
    )
