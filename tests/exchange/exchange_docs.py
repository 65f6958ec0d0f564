"""A match reviewed by two reviewers, every event with a window, and every kind of field a label carries:
the document the round trips start from (import as `exchange_docs`)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from match_docs import base_document

FPS = 25


def at(frame: int) -> dict:
    return {"frame": frame, "time_s": round(frame / FPS, 6)}


def events() -> list[dict]:
    return [
        {"id": "e1", "position": at(250), "window": {"start": at(200), "end": at(330)},
         "moments": {"whistle": at(262), "restart": at(320), "neutral_play": None},
         "period": 1, "clock": "5:10", "situation": "21.b",
         "facts": {"kind": "dangerous", "fouled_team_disadvantaged": True},
         "call": {"stopped_by": "umpire", "whistle": "at_once", "restart": "penalty",
                  "restart_point": "penalty_spot", "penalty": "penalty_2", "penalty_to": "blue", "card": "yellow",
                  "card_to": {"team": "red", "number": 3}},
         "involved": {"players": [{"team": "red", "number": 3, "mount": "Luna (grey)"}, {"team": "blue", "number": 1}],
                      "umpire": "Ana Umpire", "offender": {"team": "red", "number": 3}},
         "reviewer": "Carla Coach", "notes": "Red 3 crossed Blue 1 & rode on <fast>.\n\nSecond paragraph."},
        {"id": "e2", "position": at(900), "window": {"start": at(880), "end": at(960)},
         "moments": {"whistle": at(905), "player_returned": at(940)},  # a wait's event (schema 2.1) too
         "period": 2, "clock": "2:00", "situation": "21.a",
         "facts": {"last_hit_by_defender": True, "deflection": "none"},
         "call": {"whistle": "at_once", "restart": "penalty", "penalty": "penalty_5", "penalty_to": "red"},
         "involved": {"umpire": "Ben Umpire"}, "reviewer": "Carla Coach",
         "not_recorded": ["call.restart_point", "involved.offender"]},
        {"id": "e3", "position": at(905), "window": {"start": at(890), "end": at(950)},
         "period": 2, "clock": "2:00", "situation": "21.a",
         "facts": {"last_hit_by_defender": True, "deflection": "goal_post"},
         "call": {"whistle": "at_once", "restart": "knock_in", "penalty": "none"},
         "involved": {"umpire": "Ben Umpire"}, "reviewer": "Dario Panel", "notes": "=not a formula"},
        {"id": "x-4", "position": at(1500), "window": {"start": at(1490), "end": at(1500)},
         "period": 3, "situation": "21.j", "facts": {"period_time_expired": True},
         "call": {"whistle": "at_once", "restart": "next_period", "time_allowed_s": 180},
         "involved": {"umpire": "Ana Umpire"}, "reviewer": "Dario Panel"},
    ]


def document(match_id: str = "exchange-match", with_events: bool = True) -> dict:
    doc = base_document(match_id)
    doc["schema_version"] = "2.1"
    doc["footage"] = {"path": "match.mp4", "fps": FPS, "frame_count": 15000}  # 600 s: the other tools file fits
    doc["events"] = copy.deepcopy(events()) if with_events else []
    return doc


def write(folder: Path, data: dict) -> Path:
    path = folder / f"{data['match']['id']}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    return path
