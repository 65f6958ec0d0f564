"""A season of three matches for Ana Umpire (import as `assessment_docs`): a correct call, a wrong
penalty marked clear and obvious that affected the outcome, a fall not whistled (a required call
missed), a call the facts cannot judge, and Ben Umpire's call that is not Ana's."""

from __future__ import annotations

import json
from pathlib import Path

from match_docs import base_document

FPS = 25


def ev(eid, at_s, situation, facts, call, umpire="Ana Umpire", period=1, clock="5:00"):
    return {"id": eid, "position": {"frame": round(at_s * FPS), "time_s": at_s}, "period": period, "clock": clock,
            "situation": situation, "facts": facts, "call": call, "involved": {"umpire": umpire},
            "reviewer": "Carla Coach"}


def season() -> list[dict]:
    first = base_document("m-0601", name="Red v Blue", date="2026-06-01")
    first["events"] = [
        ev("e1", 62.0, "21.j", {"period_time_expired": True}, {"whistle": "at_once", "restart": "next_period"}),
        ev("e2", 130.0, "21.b", {"kind": "dangerous", "fouled_team_disadvantaged": True},
           {"whistle": "at_once", "penalty": "penalty_2", "penalty_to": "blue"}, period=2, clock="3:10"),
    ]
    second = base_document("m-0608", name="Gold v Green & Co", date="2026-06-08")
    second["events"] = [
        ev("e1", 40.0, "21.a", {"last_hit_by_defender": True, "deflection": "none"},
           {"whistle": "at_once", "restart": "knock_in", "penalty": "none"}),  # a Safety given as a knock-in
        ev("e2", 300.0, "21.d", {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": False,
                                "removal_needed_more_time": False, "resumed_play": True, "injury": "shoulder"},
           {"whistle": "none"}, period=3, clock="1:05"),  # play not stopped for an injured player
        ev("e3", 420.0, "21.b", {}, {"whistle": "at_once"}, period=4),  # facts not recorded: not judged
        ev("e4", 500.0, "21.j", {"period_time_expired": True}, {"whistle": "at_once", "restart": "next_period"},
           umpire="Ben Umpire"),
    ]
    second["assessments"] = {"Ana Umpire": {
        "by": "Head Coach", "development_points": "Positioning at the end line: <b>stay wide</b> & watch the ball.",
        "events": {"e1": {"clear_and_obvious": True, "affected_outcome": True}}}}
    third = base_document("m-0615", name="Red v Gold", date="2026-06-15")
    third["events"] = [ev("e1", 80.0, "21.j", {"period_time_expired": True},
                          {"whistle": "at_once", "restart": "next_period"})]
    out = []
    for data in (first, second, third):
        data["schema_version"] = "2.0"
        out.append(data)
    return out


def write_season(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for data in season():
        path = folder / f"{data['match']['id']}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
        paths.append(path)
    return paths
