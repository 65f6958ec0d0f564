"""Trainees and coaches: passphrases kept as salted scrypt hashes; a record opens only for the person who
signed in; a name with scores from before passphrases waits for a coach; the coach's progress tables and
their CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest

from review_app.i18n import translate
from review_app.training import COACH, People, PeopleError, Person, ScoreStore
from review_app.training import progress as prog


def test_passphrases_are_salted_scrypt_hashes_and_sign_in_needs_the_right_one(tmp_path):
    people = People(tmp_path / "people.json")
    ana = people.enrol("Ana  Quiroga", "correct horse")
    assert ana == Person("ana quiroga", "Ana Quiroga", "trainee")
    assert people.sign_in("ana quiroga", "correct horse") == ana
    for name, secret in (("Ana Quiroga", "wrong horse"), ("Nobody", "correct horse")):
        with pytest.raises(PeopleError) as caught:
            people.sign_in(name, secret)
        assert translate(caught.value.message, "es") == "ese nombre y esa frase de acceso no coinciden"
    stored = json.loads((tmp_path / "people.json").read_text("utf-8"))["people"]["ana quiroga"]["secret"]
    assert stored["kdf"] == "scrypt" and stored["n"] == 2**14 and "correct horse" not in json.dumps(stored)
    assert people.enrol("Ben", "correct horse") and json.loads((tmp_path / "people.json").read_text("utf-8"))[
        "people"]["ben"]["secret"]["salt"] != stored["salt"]
    with pytest.raises(PeopleError, match="at least 8"):
        people.enrol("Cleo", "short")
    with pytest.raises(PeopleError, match="has a passphrase already"):
        people.enrol("ANA QUIROGA", "another one")


def test_a_name_with_old_scores_waits_for_a_coach_and_coaches_add_coaches(tmp_path):
    people = People(tmp_path / "people.json")
    with pytest.raises(PeopleError, match="a coach sets the first passphrase"):
        people.enrol("Dora", "dora's passphrase", has_scores=True)
    cleo = people.enrol("Cleo", "coach passphrase", role=COACH)  # the first coach: by herself
    with pytest.raises(PeopleError, match="only a coach can add another coach"):
        people.enrol("Eve", "eve's passphrase", role=COACH)
    assert people.enrol("Finn", "finn's passphrase", role=COACH, by=cleo).is_coach
    dora = people.set_passphrase("Dora", "dora's new one", cleo)
    assert people.sign_in("dora", "dora's new one") == dora
    people.set_passphrase("Dora", "dora's newer one", cleo)  # a forgotten one, reset
    with pytest.raises(PeopleError):
        people.sign_in("dora", "dora's new one")
    with pytest.raises(PeopleError, match="only a coach"):
        people.set_passphrase("Cleo", "taken over!", dora)
    with pytest.raises(PeopleError, match="is not a coach"):
        people.sign_in("Dora", "dora's newer one", role=COACH)


def test_the_coach_tables_and_the_csv_of_every_answer(tmp_path):
    store = ScoreStore(tmp_path / "s.json")
    ana, ben = Person("ana", "Ana", "trainee"), Person("ben", "=Ben", "trainee")
    for person, points in ((ana, 2), (ana, 1), (ben, 0)):
        store.record(person, {"question": "m/e1", "situation": "21.g", "situation_given": "21.g",
                              "situation_correct": points > 0, "call_correct": points == 2,
                              "call_verdict": "consistent", "points": points, "max_points": 2})
    frame = prog.attempts_frame(store.everyone(Person("cleo", "Cleo", COACH)))
    summary = prog.by_trainee(frame).set_index("trainee")
    assert summary.loc["Ana", "percent"] == 75 and summary.loc["=Ben", "answers"] == 1
    clauses = prog.by_clause(frame).set_index(["trainee", "clause"])
    assert clauses.loc[("Ana", "21.g"), "call_percent"] == 50
    days = prog.over_time(frame)
    assert dict(zip(days["trainee"], days["cumulative_percent"], strict=True)) == {"Ana": 75.0, "=Ben": 0.0}
    rows = list(csv.reader(io.StringIO(prog.to_csv(frame))))
    assert rows[0][:4] == ["trainee", "at", "question", "clause"] and len(rows) == 4
    assert "'=Ben" in [r[0] for r in rows]  # a name a spreadsheet would run as a formula stays text
