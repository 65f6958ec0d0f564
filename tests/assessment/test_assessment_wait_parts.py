"""A call wrong in a part schema 2.1 made recordable is an incorrect call, not a required call missed: a restart
mistimed against the event it waits for (`moments.restart`) or a 21.f(5) presentation to someone else is nothing
the Umpire left out."""

from __future__ import annotations

from assessment_docs import ev
from match_docs import base_document

from review_app.assessment.report import assess
from review_app.model import document_from_data


def _at(t: float) -> dict:
    return {"frame": round(t * 25), "time_s": t}


def test_a_restart_well_after_the_mount_left_the_field_is_incorrect_not_missed():
    doc = base_document("m-0622", date="2026-06-22")
    late = ev("e1", 10.0, "21.f(1)(ii)", {"visibly_injured_or_distressed": False, "player_changed_mount": True,
                                         "teammates_changed_mounts": False},
              {"whistle": "at_once", "mount_excused": True, "restart": "throw_in"})
    late["moments"] = {"whistle": _at(10.4), "mount_off_field": _at(50.0), "restart": _at(230.0)}
    doc["events"] = [late]
    (incident,) = assess([document_from_data(doc)], "Ana Umpire").matches[0].incidents
    assert incident.correct is False and not incident.missed
