"""Passphrases and teaching examples on every store (files and PostgreSQL): passphrases kept as salted
scrypt hashes beside the reviewer's roles; a name with scores from before passphrases, or on the roster
without one, waits for a coach; the first coach enrols alone, later ones need a coach; approvals hold
the tag's fingerprint and can be withdrawn; a signed-in trainee cannot read another's record."""

from __future__ import annotations

import json

import pytest

from review_app.ground.roles import RoleRefused
from review_app.i18n import translate
from review_app.training import COACH, People, PeopleError, ScoreStore


def test_passphrases_are_salted_scrypt_hashes_and_sign_in_needs_the_right_one(store):
    people = People(store.people)
    ana = people.enrol("Ana  Quiroga", "correct horse")
    assert ana.name == "Ana Quiroga" and ana.roles == {"trainee"} and not ana.is_coach
    assert people.sign_in("ana quiroga", "correct horse") == ana
    for name, secret in (("Ana Quiroga", "wrong horse"), ("Nobody", "correct horse")):
        with pytest.raises(PeopleError) as caught:
            people.sign_in(name, secret)
        assert translate(caught.value.message, "es") == "ese nombre y esa frase de acceso no coinciden, o no abren esto"
    stored = store.people.passphrase("Ana Quiroga")
    assert stored["kdf"] == "scrypt" and stored["n"] == 2**14 and "correct horse" not in json.dumps(stored)
    assert people.enrol("Ben", "correct horse") and store.people.passphrase("ben")["salt"] != stored["salt"]
    with pytest.raises(PeopleError, match="at least 8"):
        people.enrol("Cleo", "short")
    with pytest.raises(PeopleError, match="has a passphrase already"):
        people.enrol("ANA QUIROGA", "another one")
    store.people.set_roles("Ana Quiroga", ["trainee", "committee"])  # `polo-review people` keeps the passphrase
    assert people.sign_in("Ana Quiroga", "correct horse").roles == {"trainee", "committee"}


def test_a_name_with_old_scores_waits_for_a_coach_and_coaches_add_coaches(store):
    people = People(store.people)
    cleo = people.enrol("Cleo", "coach passphrase", role=COACH, setup=True)  # the first coach: by herself
    with pytest.raises(PeopleError, match="a coach sets the first passphrase"):
        people.enrol("Dora", "dora's passphrase", has_scores=True)
    store.people.set_roles("Gil", ["committee"])  # on the roster without a passphrase: not claimable
    with pytest.raises(PeopleError, match="without a passphrase"):
        people.enrol("gil", "gil's passphrase")
    with pytest.raises(PeopleError, match="only a coach can add a coach"):
        people.enrol("Eve", "eve's passphrase", role=COACH)
    assert people.enrol("Finn", "finn's passphrase", role=COACH, by=cleo).is_coach
    dora = people.set_passphrase("Dora", "dora's new one", cleo)
    assert people.sign_in("dora", "dora's new one") == dora
    people.set_passphrase("Dora", "dora's newer one", cleo)  # a forgotten one, reset
    with pytest.raises(PeopleError):
        people.sign_in("dora", "dora's new one")
    with pytest.raises(PeopleError, match="only a coach"):
        people.set_passphrase("Cleo", "taken over!", dora)
    with pytest.raises(PeopleError, match="do not match, or do not open this"):  # the same line as any failure
        people.sign_in("Dora", "dora's newer one", role=COACH)
    assert [p.name for p in people.everyone()][:2] == ["Cleo", "Finn"]  # coaches first


def test_a_trainee_signed_in_reads_only_their_own_record_and_the_coach_reads_both(store):
    people = People(store.people)
    cleo = people.enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    ana, ben = people.enrol("Ana", "ana's passphrase"), people.enrol("Ben", "ben's passphrase")
    for who, points in ((ana, 2), (ben, 1)):
        ScoreStore(store.training, viewer=who.name).record(who.name, {"question": "m/e1", "points": points,
                                                                      "max_points": 2})
    as_ben = ScoreStore(store.training, viewer=ben.name)
    with pytest.raises(RoleRefused, match="only their own"):
        as_ben.attempts("Ana")
    assert as_ben.trainees() == ["Ben"] and as_ben.has_record("Ana")
    everyone = ScoreStore(store.training, viewer=cleo.name).everyone()
    assert {n: [a["points"] for a in v] for n, v in everyone.items()} == {"Ana": [2], "Ben": [1]}


def test_approvals_hold_the_tag_as_approved_and_can_be_withdrawn(store):
    People(store.people).enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    store.training.approve("m/e1", "Cleo", "f1")
    store.training.approve("m/e2", "Cleo")
    store.training.withdraw("m/e3", "Cleo")
    got = store.training.approvals()
    assert got["m/e1"]["fingerprint"] == "f1" and not got["m/e1"]["withdrawn"]
    assert got["m/e2"]["fingerprint"] is None and got["m/e3"]["withdrawn"]
    assert store.training.approved() == {"m/e1": "Cleo", "m/e2": "Cleo"}
    with pytest.raises(RoleRefused):
        store.training.approve("m/e4", "Ana", "f4")  # not a coach


def test_guessing_is_slowed_per_name_and_per_address_and_every_failure_says_the_same(store):
    """F6 (security review): 88 wrong guesses in a row, then the right one accepted; "X is not a coach" confirmed
    a right passphrase for someone in another role; `password` was accepted."""
    from review_app.training.people import FREE_FAILURES, REFUSED, Throttle

    people = People(store.people)
    with pytest.raises(PeopleError, match="among the first any guesser tries"):
        people.enrol("Pat", "password")
    with pytest.raises(PeopleError, match="among the first any guesser tries"):
        people.enrol("Pat", "aaaabbbbaaaa")
    with pytest.raises(PeopleError, match="among the first any guesser tries"):
        people.enrol("Pat Smith", "patsmith2026")
    people.enrol("Pat", "pat's own long phrase")
    now = [1000.0]
    throttle = Throttle(clock=lambda: now[0])
    said = set()
    for guess in ("wrong one 1", "wrong one 2", "wrong one 3"):
        with pytest.raises(PeopleError) as exc:
            people.sign_in("Pat", guess, address="192.0.2.9", throttle=throttle)
        said.add(str(exc.value))
    with pytest.raises(PeopleError) as exc:  # the right passphrase, but not a coach: the same line
        people.sign_in("Nobody", "x" * 12, throttle=Throttle())
    said.add(str(exc.value))
    assert said == {str(REFUSED)}
    with pytest.raises(PeopleError, match="try again in"):  # the right one, too soon after three failures
        people.sign_in("Pat", "pat's own long phrase", throttle=throttle)
    with pytest.raises(PeopleError, match="try again in"):  # another name from the same address waits too
        people.sign_in("Someone", "whatever guess", address="192.0.2.9", throttle=throttle)
    now[0] += 2 ** (4 - FREE_FAILURES) + 0.1
    assert people.sign_in("Pat", "pat's own long phrase", throttle=throttle).name == "Pat"
    with pytest.raises(PeopleError) as exc:
        people.sign_in("Pat", "pat's own long phrase", role=COACH, throttle=Throttle())
    assert str(exc.value) == str(REFUSED)  # not "Pat is not a coach"


def test_the_roster_file_is_readable_by_its_owner_alone(tmp_path):
    """Low item: reviewers.json, which holds the passphrases' hashes, was world-readable (0644)."""
    from review_app.store.training import FileRoster

    path = tmp_path / "reviewers.json"
    path.write_text('{"people": {}}', "utf-8")
    path.chmod(0o644)  # as an older version left it
    People(FileRoster(path)).enrol("Pat", "pat's own long phrase")
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_local_browser_arriving_as_an_ipv4_mapped_address_is_local():
    from review_app.training.people import request_is_local

    assert request_is_local("::ffff:127.0.0.1", {"Host": "localhost:8501"})
    assert not request_is_local("::ffff:192.0.2.2", {"Host": "localhost:8501"})
