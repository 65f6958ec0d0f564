"""An excused mount comes back (21.f(5)): in period 2 Blue 2 asks for a time-out for a tired
mount, Luna (21.f(4)); play is stopped at a neutral play, Blue 2 leads Luna off by the shortest
line to the boards and returns on Bruma, Luna is excused, and play restarts with a throw-in. In
period 4 Blue 2 is back in play on Luna and the Umpires do not notice: no whistle. The footage is
the committee's evidence."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import datetime, timedelta

from review_app.samples.motion import Func, Halt, Keyframes, Then
from review_app.samples.scenarios.cast import follow_camera, squad, umpires
from review_app.samples.scenarios.restarts import lineup, throw_in
from review_app.samples.scene import (
    BLUE,
    Ball,
    Camera,
    Caption,
    Clock,
    Later,
    Marker,
    Moment,
    OffMount,
    Rider,
    Scenario,
    Tagged,
    Umpire,
)

EXCUSED, SPARE = "Luna", "Bruma"
LUNA_COAT, BRUMA_COAT = (165, 170, 172), (30, 45, 75)  # grey, dark bay (BGR)
TIME_OUT_S = 120  # the time the change took, shortened in the footage (the clock is stopped)
LATER_PERIOD, LATER_CLOCK_S = 4, 2 * 60 + 10
EVIDENCE_WINDOW = timedelta(hours=24)


def evidence_deadline(end_utc: str) -> str:
    """When the 24-hour window of 21.f(5) for presenting evidence closes."""
    end = datetime.fromisoformat(end_utc)
    return (end + EVIDENCE_WINDOW).strftime("%Y-%m-%dT%H:%M:%SZ")


def _clock_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def excused_mount_returns() -> Scenario:
    # the game's end as the documents state it (imported here: documents imports the scenarios)
    from review_app.samples.documents import END_TIME_UTC

    period = 2
    asked, hit, neutral, whistle = 1.0, 1.6, 2.4, 2.6
    led, at_boards, mounted = 3.5, 4.6, 5.1
    # the throw-in: the players walk into the line from where they pulled up, the Umpire picks up the ball
    lining, pick, ready, throw = 5.8, 7.0, 8.2, 8.8
    cut = throw + 2.0  # the THROW-IN cue (1.8 s on screen) gone before the edit
    back, hit2, end = cut + 0.8, cut + 2.4, cut + 4.0
    rest = (146.0, 38.0)  # where the ball came to rest when play was stopped: the throw-in's spot

    # --- period 2: the time-out, Luna led off, Blue 2 back on Bruma ---------------------------------
    part1, spare, luna1, play1 = _period_two(period, asked, hit, whistle, led, at_boards, mounted, lining, ready,
                                             throw, cut, rest)
    b3 = next(r for r in part1 if (r.team, r.number) == (BLUE, 3))

    # --- period 4: Blue 2 back in play on Luna; no whistle ---------------------------------------------
    # the play in period 4, carried on from before the edit so that no one looks back across it
    play2 = Func(lambda t: ball.pos(t) if t >= cut else b2_late.ball_spot(t))
    part2 = _period_four(play2, cut, hit2, end)

    b2_early = next(r for r in part1 if (r.team, r.number) == (BLUE, 2))
    b2_late = next(r for r in part2 if (r.team, r.number) == (BLUE, 2))

    umps = _excused_umpires(play1, play2, whistle, lining, pick, ready, cut, rest)
    landing = (rest[0] - 1.0, rest[1] + 4.0)
    ball = Ball([(-3, b3), (hit, b3), (3.0, rest), (pick, rest), (pick, umps[0]), (throw, umps[0]),
                 (throw + 0.6, landing), (cut, landing), (cut, b2_late), (hit2, b2_late), (end, (140.0, 87.0))])

    camera = _excused_camera(ball, luna1, whistle, play2, cut)
    moments, captions = _excused_told(umps[0], asked, neutral, whistle, led, at_boards, mounted, ready, throw,
                                      cut, back, hit2, end)
    later = _clock_text(LATER_CLOCK_S)
    return Scenario(
        id="excused-mount-returns",
        title="Excused mount returns",
        rule="21.f(5)",
        period=period,
        duration=end,
        clock=Clock(start=4 * 60 + 5, stops=whistle, resumes=throw),
        riders=part1 + (spare,) + part2,
        umpires=umps,
        ball=ball,
        camera=camera,
        moments=moments,
        captions=captions,
        markers=(Marker(asked, whistle, b2_early, "Blue 2"), Marker(back, end, b2_late, "Blue 2")),
        score=(2, 3),
        cut=(cut, f"Period {LATER_PERIOD}, {later}"),
        later=Later(cut, LATER_PERIOD, Clock(start=LATER_CLOCK_S), (4, 5)),
        tagged=_excused_tags(period, END_TIME_UTC),
    )


def _period_four(play2, cut, hit2, end):
    """Period 4's riders, after the edit: Blue 2 back in play on Luna."""
    forever = (-math.inf, math.inf)
    luna2 = Keyframes([(cut - 4.6, 250, 104), (cut, 205, 96), (hit2, 181, 92.5), (end, 166, 90)])
    part2 = squad(LATER_PERIOD, play2, BLUE, None, {
        (BLUE, 2): {"mount": EXCUSED, "coat": LUNA_COAT, "path": luna2, "swings": (hit2,),
                    "name_tag": (forever,)},
    })
    return tuple(replace(r, shown=(cut, math.inf)) for r in part2)


def _excused_umpires(play1, play2, whistle, lining, pick, ready, cut, rest):
    """The umpires: in period 2 to their stations for the throw-in, in period 4 following the play."""
    def to_stations(path, k: int):
        """Umpire 1 rides to the ball, picks it up and takes it to the line; umpire 2 to the far side."""
        here = path.pos(lining)
        if k == 0:
            keys = [(lining, *here), (pick, rest[0] - 0.4, rest[1] - 1.8), (ready, rest[0], rest[1] - 16.0),
                    (cut, rest[0], rest[1] - 16.0)]
        else:
            keys = [(lining, *here), (ready, rest[0] + 21.0, rest[1] - 9.0), (cut, rest[0] + 21.0, rest[1] - 9.0)]
        return Then(path, lining, Keyframes(keys))

    return tuple(Umpire(a.name, Then(to_stations(a.path, k), cut, b.path), a.coat, a.whistle)
                 for k, (a, b) in enumerate(zip(umpires(play1, BLUE, whistle), umpires(play2, BLUE, None),
                                                strict=True)))


def _excused_camera(ball, luna1, whistle, play2, cut) -> Camera:
    """Before the edit the camera keeps the ball and Luna in frame, the change clear of the cues; after it, the play."""
    def framing1(t: float):
        (bx, by), (hx, hy) = ball.pos(min(t, whistle)), luna1.pos(min(t, 4.8))
        return (0.55 * bx + 0.45 * hx, 0.55 * by + 0.45 * hy)

    cam1 = follow_camera(Func(framing1), 5.0, window=1.2, lead=(-33.0, 0.0))  # the change clear of the cues
    cam2 = follow_camera(play2, 5.5, window=1.0, lead=(-8.0, 0.0))
    return Camera(lambda t: (cam1 if t < cut else cam2).at(t))


def _excused_told(umpire, asked, neutral, whistle, led, at_boards, mounted, ready, throw, cut, back, hit2, end):
    """What the clip shows happening (its moments, at the times the scene set) and says on screen."""
    moments = (
        Moment("timeout_asked", asked, "TIME-OUT ASKED", note=f"Blue 2 asks for a time-out for {EXCUSED}, tired"),
        Moment("neutral_play", neutral, "NEUTRAL PLAY", note="Ball loose at midfield: no imminent chance to score"),
        Moment("whistle", whistle, "WHISTLE", by=umpire),
        Moment("led_off", led, note=f"Blue 2 leads {EXCUSED} off by the shortest line to the boards"),
        Moment("mount_excused", at_boards, f"{EXCUSED.upper()} EXCUSED",
               note=f"{EXCUSED} is excused: she may not play again in the game"),
        Moment("remounted", mounted, note=f"Blue 2 returns on {SPARE}"),
        Moment("restart", throw, "THROW-IN", note="Play restarts with a throw-in where it was stopped"),
        Moment("excused_mount_in_play", back, "EXCUSED MOUNT IN PLAY",
               note=f"Period {LATER_PERIOD}: Blue 2 is back in play on {EXCUSED}"),
        Moment("no_whistle", hit2 + 0.2, "NO WHISTLE", note="Blue 2 hits on Luna; the Umpires do not notice"),
    )
    captions = (
        Caption(0.0, asked, f"Period 2: Blue 2 is riding {EXCUSED}"),
        Caption(asked, neutral, f"Blue 2 asks for a time-out: {EXCUSED} is tired"),
        Caption(neutral, whistle + 0.9, "The umpire stops play at a neutral play"),
        Caption(led, at_boards, f"Blue 2 leads {EXCUSED} off by the shortest line to the boards"),
        Caption(at_boards, mounted + 0.3, f"{EXCUSED} is excused: she may not play again in this game"),
        Caption(mounted + 0.3, ready, f"Blue 2 returns on {SPARE}"),
        Caption(ready, cut, "Play restarts with a throw-in where it was stopped"),
        Caption(back, hit2, f"Period {LATER_PERIOD}: Blue 2 is back in play on {EXCUSED}"),
        Caption(hit2, end, "No whistle: the umpires do not notice. For the committee: 21.f(5)"),
    )
    return moments, captions


def _excused_tags(period: int, end_utc: str) -> tuple[Tagged, ...]:
    """The expert's two tags: the time-out that excused Luna (21.f(4)), and her return in play (21.f(5))."""
    later = _clock_text(LATER_CLOCK_S)
    return (
    Tagged(
        "timeout_asked", "21.f(4)",
        facts={"player_requested_timeout": True, "player_changed_mount": True,
               "teammates_changed_mounts": False},
        call={"whistle": "neutral_play", **throw_in("point_of_stoppage"),
              "penalty": "none", "card": "none", "mount_excused": True, "time_allowed_s": TIME_OUT_S},
        players=((BLUE, 2),),
        mount_of=(BLUE, 2),
        moments={"neutral_play": "neutral_play", "player_returned": "remounted", "restart": "restart"},
        notes=f"Blue 2 asked for a time-out for {EXCUSED}, a tired mount. The Umpire let play run on to a "
              f"neutral play (the ball loose at midfield) and then stopped it. Blue 2 led {EXCUSED} off by the "
              f"shortest line to the boards and returned on {SPARE} in {_clock_text(TIME_OUT_S)} (5:00 "
              "allowed; shortened in the footage, the clock was stopped); no teammate changed; play "
              f"restarted with a throw-in. {EXCUSED} is excused under 21.f(4): she may not return to the "
              "game."),
    Tagged(
        "excused_mount_in_play", "21.f(5)",
        facts={"excused_under": "21.f(4)", "detected_during_game": False,
               "evidence_within_24_hours": None},
        call={"whistle": "none", "penalty": "none"},
        players=((BLUE, 2),),
        mount_of=(BLUE, 2),
        whistled=False,
        notes=f"Period {LATER_PERIOD}, clock {later} on: Blue 2 is back in play on {EXCUSED}, the mount "
              f"excused under 21.f(4) in period {period} (event e1). The Umpires missed it on the day: "
              "no whistle, no penalty. For the Host Tournament Committee under 21.f(5): if this footage "
              "is presented as conclusive evidence within 24 hours after the game (it ended "
              f"{end_utc}, so by {evidence_deadline(end_utc)}), the penalty is forfeiture, "
              "which must be exacted. evidence_within_24_hours is left open until the committee records "
              "when the evidence was presented.",
    ),
    )


def _period_two(period, asked, hit, whistle, led, at_boards, mounted, lining, ready, throw, cut, rest):
    """Period 2's riders, up to the edit: Blue 2 asks for the time-out and leads Luna off, Blue 3 plays the
    ball that is stopped, everyone lines up for the throw-in, and Blue 2 comes back on Bruma."""
    forever = (-math.inf, math.inf)
    blue3 = Keyframes([(-2, 198, 35), (0, 186, 33.5), (hit, 168, 32.5), (2.4, 161, 33.5), (3.4, 158, 34.5),
                       (cut, 157, 35)])
    luna1 = Keyframes([(-2, 198, 22), (0, 187, 20), (asked, 180, 19), (whistle, 168, 18), (3.2, 165, 17.5),
                       (led, 165, 17.5), (at_boards, 164, 3.5), (4.8, 164, 3.5), (5.4, 165, -5.0),
                       (cut, 184, -5.0)])
    # Blue 2 on foot at Luna's head, on her left, until she is handed over at the boards; then to Bruma,
    # saddled and waiting beyond the boards
    walk = Then(Func(lambda t: (luna1.pos(t)[0] - 2.4, luna1.pos(t)[1] - 1.2)), at_boards,
                Keyframes([(at_boards, 161.6, 2.3), (mounted, 158.0, -3.2)]))
    bruma = Keyframes([(-2, 156, -4.3), (-1, 158, -4.3), (5.2, 158, -4.3), (lining, 156, 4.0)])
    play1 = Func(lambda t: ball1.pos(min(t, whistle)))
    part1 = squad(period, play1, BLUE, whistle, {
        (BLUE, 2): {"mount": EXCUSED, "coat": LUNA_COAT, "path": luna1, "name_tag": (forever,),
                    "off_mount": (OffMount(led, at_boards, walk), OffMount(at_boards, math.inf, None))},
        (BLUE, 3): {"path": Halt(blue3, whistle, tau=0.7), "swings": (hit,)},
    })
    b3 = next(r for r in part1 if (r.team, r.number) == (BLUE, 3))
    ball1 = Ball([(-3, b3), (hit, b3), (3.0, rest)])  # the play until it stopped

    def lined_up(team: str, number: int, path):
        return Then(path, lining, lineup(team, number, rest, lining, ready, throw, start=path.pos(lining)))

    part1 = tuple(replace(r, shown=(-math.inf, cut),
                          path=r.path if r.mount == EXCUSED else lined_up(r.team, r.number, r.path))
                  for r in part1)
    spare = Rider(BLUE, 2, SPARE, lined_up(BLUE, 2, bruma), BRUMA_COAT, shown=(-math.inf, cut), name_tag=(forever,),
                  off_mount=(OffMount(-math.inf, at_boards, None), OffMount(at_boards, mounted, walk)))
    return part1, spare, luna1, play1
