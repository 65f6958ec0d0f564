"""The per-trainee score store: kept across sessions, written atomically, never losing an attempt."""

from __future__ import annotations

import json
import threading

import pytest

from review_app.store.training import RecordsError as ScoreStoreError
from review_app.training import ScoreStore


def scores_at(path):
    """The file store's training records at `path`, its roster beside it (what `store.open_store` opens)."""
    from review_app.store.training import FileRoster, FileTrainingRecords

    return FileTrainingRecords(path, FileRoster(path.parent / "reviewers.json"))


def attempt(q="m/e1", points=2, situation="21.g", right=True):
    return {"question": q, "situation": situation, "situation_correct": right, "call_correct": points == 2,
            "points": points, "max_points": 2}


def test_records_and_summarises_across_instances(tmp_path):
    path = tmp_path / "scores" / "training-scores.json"
    ScoreStore(scores_at(path)).record("Ana  Quiroga", attempt())
    again = ScoreStore(scores_at(path))  # a later session
    total = again.record("ana quiroga", attempt("m/e2", 1, "21.j", False))
    assert (total.attempts, total.points, total.max_points, total.questions_seen) == (2, 3, 4, 2)
    assert total.percent == 75.0
    assert total.by_clause == {"21.g": [1, 1, 1], "21.j": [1, 0, 0]}
    assert again.trainees() == ["Ana Quiroga"]
    stored = json.loads(path.read_text("utf-8"))
    assert stored["version"] == 1 and all("at" in a for a in stored["trainees"]["ana quiroga"]["attempts"])


def test_an_unknown_trainee_has_no_attempts(tmp_path):
    store = ScoreStore(scores_at(tmp_path / "s.json"))
    assert store.attempts("nobody") == [] and store.summary("nobody").attempts == 0


def test_a_damaged_store_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("{not json", "utf-8")
    with pytest.raises(ScoreStoreError, match="cannot read the training scores"):
        ScoreStore(scores_at(path)).record("Ana", attempt())
    assert path.read_text("utf-8") == "{not json"


def test_a_nameless_trainee_is_refused(tmp_path):
    with pytest.raises(ScoreStoreError):
        ScoreStore(scores_at(tmp_path / "s.json")).record("   ", attempt())


def test_simultaneous_sessions_lose_no_attempt(tmp_path):
    store = ScoreStore(scores_at(tmp_path / "s.json"))
    threads = [threading.Thread(target=lambda n=n: [store.record(f"t{n % 3}", attempt(f"m/e{k}")) for k in range(5)])
               for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(store.summary(f"t{n}").attempts for n in range(3)) == 30
