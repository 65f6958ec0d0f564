"""Questions from annotated events, and which one a trainee gets next."""

from __future__ import annotations

import random
from pathlib import Path

from match_docs import base_document, event

from review_app.model import document_from_data
from review_app.training import asked_fields, next_question, questions_from


def doc_with_footage(tmp_path: Path, events, footage: bool = True):
    data = base_document("quiz")
    data["events"] = events
    if footage:
        (tmp_path / "clip.mp4").write_bytes(b"not decoded here")
        data["footage"] = {"path": "clip.mp4"}
    return document_from_data(data, tmp_path / "quiz.json")


EVENTS = [
    event("e2", 200, "21.j", {"period_time_expired": True}, {"whistle": "at_once", "restart": "next_period"}),
    event("e1", 50, "21.g", {"item": "girth", "presents_danger": True},
          {"whistle": "at_once", "restart": "throw_in", "penalty": "none", "time_allowed_s": 150}),
]


def test_one_question_per_event_in_footage_order(tmp_path):
    qs = questions_from([doc_with_footage(tmp_path, EVENTS)])
    assert [q.id for q in qs] == ["quiz/e1", "quiz/e2"]
    q = qs[0]
    assert (q.situation, q.frame, q.time_s) == ("21.g", 50, 2.0)
    assert q.clip_start_s == 0.0 and qs[1].clip_start_s == 4.0  # 4 s before frame 200 at 25 fps
    assert q.asked == ("whistle", "restart", "penalty", "time_allowed_s")
    assert q.context.tack_provision_announced is True


def test_documents_without_footage_give_no_clip_questions(tmp_path):
    doc = doc_with_footage(tmp_path, EVENTS, footage=False)
    assert questions_from([doc]) == []
    assert len(questions_from([doc], need_footage=False)) == 2


def test_asked_fields_are_those_the_expert_recorded_the_key_ones_first():
    assert asked_fields({}) == ()  # the expert left the call blank: nothing of it is asked or scored
    assert asked_fields({"card": "none", "whistle": "delayed", "mount_excused": True, "penalty": None,
                         "penalty_to": "A"}) == ("whistle", "card", "mount_excused")


def test_next_question_prefers_new_then_wrong_then_oldest(tmp_path):
    qs = questions_from([doc_with_footage(tmp_path, EVENTS)])
    rng = random.Random(1)
    assert next_question(qs, [{"question": "quiz/e1", "points": 2, "max_points": 2}], rng=rng).id == "quiz/e2"
    tried = [{"question": "quiz/e1", "points": 2, "max_points": 2},
             {"question": "quiz/e2", "points": 1, "max_points": 2}]
    assert next_question(qs, tried, rng=rng).id == "quiz/e2"  # answered wrong: again
    both_right = [{"question": "quiz/e1", "points": 2, "max_points": 2},
                  {"question": "quiz/e2", "points": 2, "max_points": 2}]
    assert next_question(qs, both_right, rng=rng).id == "quiz/e1"  # the longest ago
    assert next_question(qs, tried, rng=rng, avoid="quiz/e2").id == "quiz/e1"
    assert next_question([], [], rng=rng) is None


def test_a_question_carries_the_experts_drawings():
    from review_app.model import document_from_data
    from review_app.training.questions import questions_from

    data = {"schema_version": "2.0", "match": {"id": "m", "date": "2026-03-01", "periods": 6,
                                               "teams": [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}]},
            "events": [{"id": "e1", "position": {"frame": 5, "time_s": 0.2}, "situation": "21.b", "facts": {},
                        "call": {}, "drawings": [{"id": "d1", "kind": "line", "frame": 5,
                                                  "points": [[0.1, 0.1], [0.2, 0.2]], "color": "#ffffff"}]}]}
    (q,) = questions_from([document_from_data(data)], need_footage=False)
    assert [d.id for d in q.drawings] == ["d1"]
