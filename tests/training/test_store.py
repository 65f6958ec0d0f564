"""The per-trainee score store: kept across sessions, written atomically, never losing an attempt."""

from __future__ import annotations

import json
import threading

import pytest

from review_app.training import ScoreStore
from review_app.training.people import COACH, TRAINEE, Person
from review_app.training.store import ScoreStoreError


def signed_in(name: str, role: str = TRAINEE) -> Person:
    return Person(" ".join(name.split()).casefold(), " ".join(name.split()), role)


def attempt(q="m/e1", points=2, situation="21.g", right=True):
    return {"question": q, "situation": situation, "situation_correct": right, "call_correct": points == 2,
            "points": points, "max_points": 2}


def test_records_and_summarises_across_instances(tmp_path):
    path = tmp_path / "scores" / "training-scores.json"
    ScoreStore(path).record(signed_in("Ana  Quiroga"), attempt())
    again = ScoreStore(path)  # a later session
    total = again.record(signed_in("ana quiroga"), attempt("m/e2", 1, "21.j", False))
    assert (total.attempts, total.points, total.max_points, total.questions_seen) == (2, 3, 4, 2)
    assert total.percent == 75.0
    assert total.by_clause == {"21.g": [1, 1, 1], "21.j": [1, 0, 0]}
    assert again.trainees() == ["Ana Quiroga"]
    stored = json.loads(path.read_text("utf-8"))
    assert stored["version"] == 1 and all("at" in a for a in stored["trainees"]["ana quiroga"]["attempts"])


def test_an_unknown_trainee_has_no_attempts(tmp_path):
    store = ScoreStore(tmp_path / "s.json")
    assert store.attempts(signed_in("nobody")) == [] and store.summary(signed_in("nobody")).attempts == 0


def test_a_record_opens_only_for_someone_signed_in_and_all_of_them_only_for_a_coach(tmp_path):
    store = ScoreStore(tmp_path / "s.json")
    store.record(signed_in("Ana"), attempt())
    store.record(signed_in("Ben"), attempt("m/e2", 0))
    with pytest.raises(TypeError, match="signed in"):
        store.attempts("Ana")  # a name typed in opens nothing
    assert [a["question"] for a in store.attempts(signed_in("Ben"))] == ["m/e2"]  # Ben's own, not Ana's
    with pytest.raises(ScoreStoreError, match="not a coach"):
        store.everyone(signed_in("Ben"))
    assert {k: len(v) for k, v in store.everyone(signed_in("Cleo", COACH)).items()} == {"Ana": 1, "Ben": 1}
    assert store.has_record("ana ") and not store.has_record("Dora")


def test_a_damaged_store_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("{not json", "utf-8")
    with pytest.raises(ScoreStoreError, match="cannot read the training scores"):
        ScoreStore(path).record(signed_in("Ana"), attempt())
    assert path.read_text("utf-8") == "{not json"


def test_a_nameless_trainee_is_refused(tmp_path):
    with pytest.raises(ScoreStoreError):
        ScoreStore(tmp_path / "s.json").record(signed_in("   "), attempt())


def test_simultaneous_sessions_lose_no_attempt(tmp_path):
    store = ScoreStore(tmp_path / "s.json")
    threads = [threading.Thread(target=lambda n=n: [store.record(signed_in(f"t{n % 3}"), attempt(f"m/e{k}"))
                                                    for k in range(5)]) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(store.summary(signed_in(f"t{n}")).attempts for n in range(3)) == 30
