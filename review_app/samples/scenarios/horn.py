"""A foul at the horn (Rule 21's closing provisions, the rulebook's own example): the horn
ends the period and a second later Red 1 crosses dangerously in front of Blue 4. Blue gets a
penalty, taken at the start of the next period, or after the final period with five seconds
put on the clock; Blue 4 takes it from where the foul was made."""

from __future__ import annotations

from review_app.samples.motion import Func, Halt, Keyframes
from review_app.samples.scenarios.cast import follow_camera, squad, umpires
from review_app.samples.scenarios.restarts import resume
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

PERIOD_S = 7 * 60 + 30  # a period's playing time: the next period's clock starts from it


def foul_at_horn(final: bool = False) -> Scenario:
    period = 6 if final else 3
    hit, horn, foul, whistle, reset = 5.0, 6.0, 7.0, 7.2, 8.6
    blue3 = Keyframes([(-2, 204, 74), (0, 192, 76), (hit, 170, 79), (7, 160, 76), (10, 156, 74)])
    blue4 = Keyframes([(-2, 214, 80), (0, 203, 80), (hit, 183, 81), (foul, 155, 82.5), (7.6, 151.5, 82.8),
                       (8.6, 150.5, 83), (10.5, 150, 83)])
    red1 = Keyframes([(-2, 156, 26), (0, 152, 36), (hit, 141, 64), (foul, 145.5, 82.5), (8.0, 148.5, 92),
                      (10.5, 151, 99)])
    riders = squad(period, Func(lambda t: ball.pos(t)), BLUE, whistle, {
        (BLUE, 3): {"path": Halt(blue3, whistle), "swings": (hit,)},
        (BLUE, 4): {"path": blue4},
        (RED, 1): {"path": Halt(red1, whistle + 0.3)},
    })
    b3, r1 = (next(r for r in riders if r.label == n) for n in ("Blue 3", "Red 1"))
    ball = Ball([(-3, b3), (hit, b3), (7.8, (126.0, 84.0))])
    umps = umpires(ball, BLUE, whistle)
    moments, captions = _horn_told(final, period, hit, horn, foul, whistle, reset, umps[1])
    spot = blue4.pos(foul)
    sc = Scenario(
        id="foul-at-horn-final" if final else "foul-at-horn",
        title="Foul at the horn (final period)" if final else "Foul at the horn",
        rule="21 (general)",
        period=period,
        duration=10.5,
        clock=Clock(start=6.0, stops=horn, reset=(reset, 5.0) if final else None),
        riders=riders,
        umpires=umps,
        ball=ball,
        camera=follow_camera(Func(lambda t: blue4.pos(t)), 5.0, window=1.5, lead=(-12.0, 0.0)),
        moments=moments,
        captions=captions,
        markers=(Marker(foul - 0.2, whistle + 1.2, r1, "Red 1"),),
        score=(6, 6) if final else (4, 3),
        tagged=_horn_tags(final, period),
    )
    if final:
        return resume(sc, kind="penalty", spot=spot, taker=(BLUE, 4), card="0:05 on the clock",
                      caption="Blue 4 takes the penalty with five seconds on the clock", cue="PENALTY")
    return resume(sc, kind="penalty", spot=spot, taker=(BLUE, 4), card=f"Period {period + 1}",
                  caption=f"Period {period + 1} begins with Blue 4's penalty", cue="PENALTY",
                  period=period + 1, clock_s=PERIOD_S)


def _horn_told(final: bool, period: int, hit: float, horn: float, foul: float, whistle: float, reset: float,
               umpire):
    """What the clip shows happening (its moments) and says on screen (its captions): after the final period the
    clock is reset to five seconds, after another the penalty waits for the next period."""
    if final:
        after = (Caption(whistle, reset, "Penalty to Blue"),
                 Caption(reset, 10.5, "After the final horn: 5 seconds on the clock, and the penalty is taken"))
        extra = (Moment("clock_reset", reset, "0:05 ON THE CLOCK", note="Five seconds put on the clock"),)
    else:
        after = (Caption(whistle, 10.5, f"Penalty to Blue, taken at the start of period {period + 1}"),)
        extra = (Moment("penalty_deferred", reset, f"PENALTY: START OF PERIOD {period + 1}"),)
    moments = (
        Moment("hit", hit, note="Blue 3 hits toward Red's goal; Blue 4 follows the line"),
        Moment("horn", horn, "HORN", note="The horn ends the period", horn=True),
        Moment("foul", foul, "FOUL", note="Red 1 crosses dangerously in front of Blue 4"),
        Moment("whistle", whistle, "WHISTLE", by=umpire, blasts="long"),
    ) + extra
    captions = (
        Caption(hit, horn, "Blue 3 hits; Blue 4 follows the line of the ball"),
        Caption(horn, foul, "Horn: the period is over"),
        Caption(foul, whistle + 1.0, "One second after the horn, Red 1 crosses dangerously in front of Blue 4"),
    ) + after
    return moments, captions


def _horn_tags(final: bool, period: int) -> tuple[Tagged, ...]:
    """The expert's two tags of the foul: under the horn provision, and as a dangerous foul called at once."""
    return (
        Tagged(
            "foul", "21.general.foul-at-horn",
            facts={"at_or_slightly_after_horn": True, "final_period": final},
            call={"whistle": "at_once", "restart": "penalty", "restart_point": "penalty_spot",
                  "penalty": "appropriate_penalty", "penalty_to": BLUE, "card": "none",
                  "penalty_timing": "five_seconds_on_clock" if final else "start_of_next_period"},
            players=((RED, 1), (BLUE, 4)),
            offender=(RED, 1),
            moments={"restart": "restart"},
            notes="The horn blew one second before Red 1 crossed dangerously in front of Blue 4. "
                  + ("After the final horn: five seconds put on the clock and the penalty taken by Blue 4."
                     if final else f"Penalty to Blue, taken by Blue 4 at the start of period {period + 1}.")),
        Tagged(
            "foul", "21.general.dangerous-fouls",
            facts={"involves_safety": True},
            call={"whistle": "at_once", "restart": "penalty", "restart_point": "penalty_spot",
                  "penalty": "appropriate_penalty", "penalty_to": BLUE, "card": "none"},
            players=((RED, 1), (BLUE, 4)),
            offender=(RED, 1),
            moments={"restart": "restart"},
            notes="A dangerous crossing endangers player and mount: called at the instant, not delayed."),
    )
