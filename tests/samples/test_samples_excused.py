"""The excused-mount sample (21.f(5)): Luna is excused in a player's time-out in period 2 and is
back in play in period 4, unnoticed. The document tells the committee what it needs, and the
picture shows the mount's name where the committee will look."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

from review_app.samples.field import View
from review_app.samples.hud import bar_height
from review_app.samples.render import render_frame, timing
from review_app.samples.scenarios import build
from review_app.samples.scene import BLUE

ROOT = Path(__file__).resolve().parents[2]
NAME = "excused-mount-returns"


def _doc() -> dict:
    return json.loads((ROOT / "annotations" / f"sample-{NAME}.json").read_text("utf-8"))


def test_the_clip_is_about_fifteen_seconds_at_854x480_and_25_fps():
    sc = build(NAME)
    assert (sc.footage.width, sc.footage.height, sc.footage.fps, sc.footage.vfr_seed) == (854, 480, 25.0, None)
    assert 13.0 <= sc.duration <= 16.0  # the time-out, its throw-in, and the later play
    doc = _doc()
    assert doc["footage"]["fps"] == 25.0 and doc["footage"]["frame_count"] == len(timing(sc.footage, sc.duration))


def test_the_time_out_excuses_luna_and_the_later_frame_shows_her_back_in_play():
    doc = _doc()
    assert doc["match"]["end_time_utc"]
    first, later = doc["events"]
    blue2_on_luna = [{"team": "blue", "number": 2, "mount": "Luna"}]

    assert first["situation"] == "21.f(4)" and first["period"] == 2
    assert first["facts"]["player_requested_timeout"] is True and first["facts"]["player_changed_mount"] is True
    call = first["call"]
    assert (call["whistle"], call["mount_excused"], call["restart"]) == ("neutral_play", True, "throw_in")
    assert 0 < call["time_allowed_s"] <= 300
    assert first["involved"]["players"] == blue2_on_luna and first["involved"]["mount"] == "Luna"
    assert first["involved"]["umpire"]

    assert later["situation"] == "21.f(5)" and later["period"] == 4
    assert later["position"]["frame"] > first["position"]["frame"]
    assert later["facts"]["excused_under"] == "21.f(4)" and later["facts"]["detected_during_game"] is False
    assert later["facts"].get("evidence_within_24_hours") is None
    assert later["call"] == {"whistle": "none", "penalty": "none"}
    assert later["involved"]["players"] == blue2_on_luna and later["involved"]["mount"] == "Luna"
    assert later["involved"]["umpire"] is None  # nobody whistled: no whistle timing in its notes either
    assert "Whistle at frame" not in later["notes"]
    assert "missed" in later["notes"] and "Committee" in later["notes"]


def test_the_notes_give_the_end_of_the_24_hour_window_from_the_game_end():
    doc = _doc()
    end = datetime.fromisoformat(doc["match"]["end_time_utc"])
    deadline = (end + timedelta(hours=24)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert deadline in doc["events"][1]["notes"]


def test_the_edit_moves_on_to_period_4_with_its_own_clock_and_score():
    sc = build(NAME)
    cut = sc.later.at
    assert sc.cut[0] == cut and sc.cut[1] == "Period 4, 2:10"
    assert (sc.period_at(cut - 0.01), sc.period_at(cut)) == (2, 4)
    assert sc.clock_at(cut) == "2:10" and sc.clock_at(cut + 2.0) == "2:08"
    assert sc.score_at(cut - 0.01) != sc.score_at(cut)
    assert all(m.t < cut for m in sc.moments if m.by is not None)  # no whistle after the edit


def test_blue_2_changes_from_luna_to_bruma_and_is_back_on_luna_later():
    sc = build(NAME)
    mount = {t: sc.rider(BLUE, 2, t).mount for t in (0.5, sc.moment("remounted").t + 0.2, sc.later.at + 0.5)}
    assert list(mount.values()) == ["Luna", "Bruma", "Luna"]
    # Luna herself stays on the picture, led away beyond the boards, but without her player
    luna = next(r for r in sc.riders if r.mount == "Luna" and r.on_screen(sc.moment("remounted").t + 0.2))
    assert not luna.with_player(sc.moment("remounted").t + 0.2)


def test_the_mount_name_is_drawn_on_the_frame_the_committee_looks_at():
    sc = build(NAME)
    t = sc.moment("excused_mount_in_play").t
    untagged = replace(sc, riders=tuple(replace(r, name_tag=()) for r in sc.riders))
    with_name, without = render_frame(sc, t, 0), render_frame(untagged, t, 0)
    changed = np.argwhere(np.any(with_name != without, axis=2))
    assert len(changed) > 20
    # below Blue 2's mount, within a few horse lengths of it
    cx, cy, scale = sc.camera.at(t)
    view = View(854, 480, cx, cy, scale, top=bar_height(854, 480))
    u, v = view.px(sc.rider(BLUE, 2, t).pos(t))
    rows, cols = changed[:, 0], changed[:, 1]
    assert rows.min() > v and abs(cols.mean() - u) < 15 and rows.max() - v < 60
