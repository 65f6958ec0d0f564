"""Small, valid match documents built in code, for tests across the suite (import as `match_docs`)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def base_document(match_id: str = "test-match", **match) -> dict:
    doc = {
        "schema_version": "1.0",
        "revision": 1,
        "match": {
            "id": match_id, "name": "Red v Blue", "date": "2026-06-14", "end_time_utc": "2026-06-14T19:42:00Z",
            "upper_handicap": 6, "periods": 6,
            "teams": [
                {"id": "red", "name": "Red",
                 "players": [{"number": n, "name": f"Red Player {n}"} for n in range(1, 5)]},
                {"id": "blue", "name": "Blue",
                 "players": [{"number": n, "name": f"Blue Player {n}"} for n in range(1, 5)]},
            ],
            "umpires": ["Ana Umpire", "Ben Umpire"],
            "announcements": {"courtesy_changes_allowed": True, "tack_provision_6_goal": True},
        },
        "events": [],
    }
    doc["match"].update(match)
    return doc


def event(eid: str, frame: int, situation: str, facts: dict, call: dict, *, period: int = 1, players=(),
          mount: str | None = None, umpire: str = "Ana Umpire") -> dict:
    return {
        "id": eid, "position": {"frame": frame, "time_s": frame / 25}, "period": period, "clock": "5:00",
        "situation": situation, "facts": facts, "call": call,
        "involved": {"players": [dict(p) for p in players], "umpire": umpire, "mount": mount},
        "reviewer": "Test Coach", "notes": "",
    }
