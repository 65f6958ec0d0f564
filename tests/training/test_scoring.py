"""Scoring against the rules and the expert annotation."""

from __future__ import annotations

from pathlib import Path

from match_docs import base_document, event

from review_app.i18n import translate
from review_app.model import document_from_data
from review_app.training import Answer, questions_from, score


def question(tmp_path: Path, ev):
    data = base_document("quiz")
    data["events"] = [ev]
    (tmp_path / "clip.mp4").write_bytes(b"x")
    data["footage"] = {"path": "clip.mp4"}
    return questions_from([document_from_data(data, tmp_path / "quiz.json")])[0]


GIRTH = event("e1", 50, "21.g", {"item": "girth", "presents_danger": True,
                                 "broken_by_contact_with_another_horse": False, "player_changed_mount": False},
              {"whistle": "at_once", "restart": "throw_in", "penalty": "none", "time_allowed_s": 150})


def test_right_situation_and_a_call_the_rules_accept(tmp_path):
    q = question(tmp_path, GIRTH)
    s = score(q, Answer("21.g", {"whistle": "at_once", "restart": "throw_in", "penalty": "none"}))
    assert (s.points, s.max_points, s.situation_correct, s.call_correct) == (2, 2, True, True)
    assert s.fields["time_allowed_s"] == (150, 150, True, True)  # left blank: as the expert recorded
    assert translate(s.explanation, "en").startswith("Situation: right, 21.g Broken tack.")
    assert "Montura rota" in translate(s.explanation, "es")


def test_wrong_call_is_explained_by_the_rule(tmp_path):
    q = question(tmp_path, GIRTH)
    s = score(q, Answer("21.g", {"whistle": "none", "restart": "throw_in", "penalty": "none"}))
    assert (s.points, s.call_verdict) == (1, "inconsistent")
    assert s.fields["whistle"] == ("none", "at_once", False, False)
    assert "did not stop play" in translate(s.explanation, "en")


def test_wrong_situation_names_both_clauses(tmp_path):
    q = question(tmp_path, GIRTH)
    s = score(q, Answer("21.a", {"whistle": "at_once", "restart": "throw_in", "penalty": "none"}))
    assert (s.points, s.situation_correct) == (1, False)
    assert "you chose 21.a" in translate(s.explanation, "en") and "21.g" in translate(s.explanation, "en")


def test_blank_answer_scores_nothing(tmp_path):
    s = score(question(tmp_path, GIRTH), Answer("", {}))
    assert s.points == 0 and s.call_verdict == "incomplete"
    assert "you chose none" in translate(s.explanation, "en")
    assert s.fields["whistle"] == (None, "at_once", False, False)  # a key field is never carried over


def test_the_umpires_wrong_call_is_not_the_answer(tmp_path):
    late = event("e1", 50, "21.j", {"period_time_expired": True}, {"whistle": "none"})
    q = question(tmp_path, late)
    s = score(q, Answer("21.j", {"whistle": "at_once", "restart": "next_period"}))
    assert s.points == 2 and s.expert_verdict == "inconsistent"
    assert "inconsistent" in translate(s.explanation, "en")
    assert s.record() == {"question": "quiz/e1", "situation_given": "21.j", "situation": "21.j",
                          "situation_correct": True, "call_verdict": "consistent", "call_correct": True,
                          "points": 2, "max_points": 2}
