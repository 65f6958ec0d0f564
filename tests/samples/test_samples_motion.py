"""The pieces the sample clips are choreographed with: paths, the game clock, frame timing."""

from __future__ import annotations

import math

import pytest

from review_app.samples.motion import Halt, Keyframes, heading, velocity
from review_app.samples.render import PHONE_FPS_RANGE, Timing, timing
from review_app.samples.scene import Clock, Footage


def test_a_path_passes_through_its_keys_and_holds_still_outside_them():
    path = Keyframes([(0, 0, 0), (1, 10, 0), (2, 10, 10)])
    assert path.pos(1) == pytest.approx((10, 0))
    assert path.pos(-5) == (0, 0)
    assert path.pos(9) == (10, 10)


def test_two_keys_at_one_time_make_a_cut():
    path = Keyframes([(0, 0, 0), (1, 10, 0), (1, 100, 100), (2, 110, 100)])
    assert path.pos(0.999)[0] < 11
    assert path.pos(1.0) == pytest.approx((100, 100))


def test_a_repeated_key_is_a_halt_with_no_speed():
    path = Keyframes([(0, 0, 0), (1, 10, 0), (2, 10, 0), (3, 20, 0)])
    assert velocity(path, 1.5) == pytest.approx((0, 0), abs=1e-6)
    assert heading(path, 1.5) == pytest.approx(0.0)  # still facing the way it came


def test_after_the_whistle_riders_slow_to_a_stop():
    path = Halt(Keyframes([(0, 0, 0), (10, 100, 0)]), at=5.0, tau=0.5)
    stop = path.pos(60)[0]
    assert path.pos(5.0)[0] < path.pos(6.0)[0] < stop < path.pos(5.0)[0] + 15


def test_the_game_clock_counts_down_stops_at_the_whistle_and_can_be_reset():
    clock = Clock(start=65, stops=10.0, resumes=20.0, reset=None)
    assert clock.shown(0) == "1:05"
    assert clock.shown(0.5) == "1:05"  # a countdown shows the second still running
    assert clock.shown(15) == clock.shown(10) == "0:55"
    assert clock.shown(22) == "0:53"
    final = Clock(start=3, stops=3.0, reset=(5.0, 5.0))
    assert [final.shown(t) for t in (2.5, 3.0, 4.0, 6.0)] == ["0:01", "0:00", "0:00", "0:05"]


def test_constant_rate_frames_sit_on_the_25_fps_grid():
    tm = timing(Footage(), 2.0)
    assert len(tm) == 50
    assert tm.seconds(25) == pytest.approx(1.0)
    assert tm.frame_at(0.99) == 25 and tm.frame_at(1.0) == 25 and tm.frame_at(1.01) == 26


def test_phone_frames_jitter_between_28_and_31_fps_and_repeat_exactly():
    phone = Footage(vfr_seed=21, rotation=90)
    a, b = timing(phone, 4.0), timing(phone, 4.0)
    assert a == b
    gaps = [a.seconds(i + 1) - a.seconds(i) for i in range(len(a) - 1)]
    lo, hi = PHONE_FPS_RANGE
    assert all(1 / hi - 1e-4 <= g <= 1 / lo + 1e-4 for g in gaps)
    assert len({round(g, 5) for g in gaps}) > 10  # really irregular
    assert isinstance(a, Timing) and a.ticks[0] == 0


def test_every_moment_of_every_scenario_falls_inside_its_clip():
    from review_app.samples.render import locate_moments
    from review_app.samples.scenarios import BUILDERS, build

    for name in BUILDERS:
        sc = build(name)
        tm = timing(sc.footage, sc.duration)
        for m in locate_moments(sc, tm).values():
            assert 0 <= m.frame < len(tm), (name, m)
            assert m.time_s >= sc.moment(m.name).t - 1e-9
            assert math.isclose(m.time_s, tm.seconds(m.frame), abs_tol=1e-6)
