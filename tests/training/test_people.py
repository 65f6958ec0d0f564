"""The coach's progress tables and their CSV (passphrases and sign-in: tests/store/test_store_people.py,
on every store)."""

from __future__ import annotations

import csv
import io

from review_app.training import ScoreStore
from review_app.training import progress as prog


def scores_at(path):
    """The file store's training records at `path`, its roster beside it (what `store.open_store` opens)."""
    from review_app.store.training import FileRoster, FileTrainingRecords

    return FileTrainingRecords(path, FileRoster(path.parent / "reviewers.json"))


def test_the_coach_tables_and_the_csv_of_every_answer(tmp_path):
    store = ScoreStore(scores_at(tmp_path / "s.json"))
    for name, points in (("Ana", 2), ("Ana", 1), ("=Ben", 0)):
        store.record(name, {"question": "m/e1", "situation": "21.g", "situation_given": "21.g",
                              "situation_correct": points > 0, "call_correct": points == 2,
                              "call_verdict": "consistent", "points": points, "max_points": 2})
    frame = prog.attempts_frame(store.everyone())  # no roster: nothing enforced
    summary = prog.by_trainee(frame).set_index("trainee")
    assert summary.loc["Ana", "percent"] == 75 and summary.loc["=Ben", "answers"] == 1
    clauses = prog.by_clause(frame).set_index(["trainee", "clause"])
    assert clauses.loc[("Ana", "21.g"), "call_percent"] == 50
    days = prog.over_time(frame)
    assert dict(zip(days["trainee"], days["cumulative_percent"], strict=True)) == {"Ana": 75.0, "=Ben": 0.0}
    rows = list(csv.reader(io.StringIO(prog.to_csv(frame))))
    assert rows[0][:4] == ["trainee", "at", "question", "clause"] and len(rows) == 4
    assert "'=Ben" in [r[0] for r in rows]  # a name a spreadsheet would run as a formula stays text
