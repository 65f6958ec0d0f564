"""21.g's time allowed, judged by the event and by the match check alike, case by case: the announced 6-goal
provision's "maximum of five (5) minutes", tack broken by contact with another horse "delayed for five (5) minutes or
until his or her return, whichever occurs first", and in all other games "play will be restarted as soon as the
player has done so" (left the field): no waiting at all. Before schema 2.1 the match check capped every 21.g event at
five minutes, whichever case it was."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document, event

from review_app.checker import check_paths


def _tack(contact: bool | None, **call) -> dict:
    facts = {"item": "girth", "presents_danger": True, "player_rested_after_repair": False}
    if contact is not None:
        facts["broken_by_contact_with_another_horse"] = contact
    return {"whistle": "at_once", "restart": "throw_in", "penalty": "none", **call}, facts


# (name, upper handicap, contact, call parts, the event's verdict, the match finding's severity or None)
CASES = [
    ("6-goal provision: 4:00", 6, False, {"time_allowed_s": 240}, "consistent", None),
    ("6-goal provision: 6:00", 6, False, {"time_allowed_s": 360}, "inconsistent", "error"),
    ("contact: 4:00", 8, True, {"time_allowed_s": 240}, "consistent", None),
    ("contact: 6:00", 8, True, {"time_allowed_s": 360}, "inconsistent", "error"),
    ("all other games: play waited 1:00", 8, False, {"time_allowed_s": 60, "play_waited_off_field": True},
     "inconsistent", "error"),
    ("all other games: 6:00, play did not wait (the player's own repair)", 8, False,
     {"time_allowed_s": 360, "play_waited_off_field": False}, "consistent", None),
    ("all other games: 1:00, whether play waited not recorded", 8, False, {"time_allowed_s": 60}, "incomplete",
     "warning"),
]


@pytest.mark.parametrize(("name", "handicap", "contact", "call", "verdict", "severity"), CASES,
                         ids=[c[0] for c in CASES])
def test_event_and_match_check_agree_on_21g_time(tmp_path, name, handicap, contact, call, verdict, severity):
    doc = base_document(upper_handicap=handicap)
    doc["schema_version"] = "2.1"
    for team in doc["match"]["teams"]:
        for p in team["players"]:
            p["id"] = p["name"].lower().replace(" ", "-")
    the_call, facts = _tack(contact, **call)
    doc["events"] = [event("e1", 100, "21.g", facts, the_call)]
    path = tmp_path / "tack.json"
    path.write_text(json.dumps(doc), "utf-8")
    result = check_paths([path])
    assert not result.errors, result.errors
    (e1,) = result.events
    found = [f for f in result.findings if f.kind == "time_allowance_exceeded"]
    assert e1.verdict == verdict, (name, e1.explanation.render("en"))
    assert [f.severity for f in found] == ([severity] if severity else []), name
    if severity == "error":
        assert "time_allowed_s" in e1.wrong and found[0].clause == "21.g"
