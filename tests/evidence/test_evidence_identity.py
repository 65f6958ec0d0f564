"""Who records a 21.f(5) decision on the Evidence page, without [auth], on files and on PostgreSQL: while
nobody holds a role, the name in the sidebar (recorded as a name given, not verified); once anyone does, a
committee member signed in with their passphrase, never a name typed in the sidebar. The decision records
how its decider was identified and the page says it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW

from review_app.evidence import EvidenceCase
from review_app.ground.files import json_bytes
from review_app.ground.roles import NAME_GIVEN, RoleRefused
from review_app.store import open_store
from review_app.training import People

pytest.importorskip("streamlit.testing.v1")

APP = Path(__file__).resolve().parents[2] / "review_app" / "ui" / "app.py"


@pytest.fixture(params=["files", "postgresql"])
def marked(request, tmp_path, monkeypatch, videos):
    """The app's store holding the match, with evidence received in time and its frames marked."""
    monkeypatch.setenv("POLO_REVIEW_FOOTAGE", str(tmp_path / "footage"))
    monkeypatch.setenv("POLO_REVIEW_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(tmp_path / "annotations"))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(tmp_path / "evidence"))
    if request.param == "postgresql":
        monkeypatch.setenv("POLO_REVIEW_STORE", request.getfixturevalue("pg_url"))
        monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    store = open_store()
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    case = EvidenceCase(store.matches.find("m21"), store.evidence)
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.mark(ev.id, [10, 11], "Ana", mount=EXCUSED_MOUNT, now=NOW)
    return store, case


def open_page(reviewer: str):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state["app.lang"] = "en"
    at.session_state["app.reviewer"] = reviewer
    at.switch_page("app_pages/evidence.py").run()
    assert not at.exception, at.exception
    return at


def _text(at) -> str:
    return "\n".join(x.value.replace("\\", "") for kind in (at.success, at.error, at.info, at.caption, at.warning)
                     for x in kind)


def test_a_visitor_typing_a_committee_members_name_cannot_record_a_decision(marked):
    store, case = marked
    store.people.set_roles("Carla Committee", ["committee"])
    People(store.people).set_on_server("Carla Committee", "carla's passphrase")
    at = open_page("Carla Committee")  # the sidebar's name: typed by anyone
    assert "Committee members only" in _text(at)
    assert at.button(key="evidence.record").disabled
    with pytest.raises(RoleRefused, match="without being identified"):  # what the page would ask of the store
        case.decide("forfeiture", "Carla Committee", now=NOW, identified=NAME_GIVEN)
    assert not case.state().decisions
    assert not any(b.key == "evidence.correct_submit" for b in at.button)  # nor a correction
    at.text_input(key="evidence.passphrase").input("not her passphrase")
    at.button(key="evidence.sign_in").click().run()
    assert "that name and passphrase do not match" in _text(at) and at.button(key="evidence.record").disabled


def test_a_committee_member_signed_in_records_the_decision_identified_by_passphrase(marked):
    store, case = marked
    store.people.set_roles("Carla Committee", ["committee"])
    store.people.set_roles("Tia", ["trainee"])
    People(store.people).set_on_server("Carla Committee", "carla's passphrase")
    People(store.people).set_on_server("Tia", "tia's passphrase")
    at = open_page("Tia")
    at.text_input(key="evidence.name").input("Tia")
    at.text_input(key="evidence.passphrase").input("tia's passphrase")
    at.button(key="evidence.sign_in").click().run()
    assert "do not match, or do not open this" in _text(at) and at.button(key="evidence.record").disabled
    at.text_input(key="evidence.name").input("Carla Committee")
    at.text_input(key="evidence.passphrase").input("carla's passphrase")
    at.button(key="evidence.sign_in").click().run()
    assert not at.exception and not at.button(key="evidence.record").disabled
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception, at.exception
    d = case.state().decision
    assert (d.decision, d.by, d.identified) == ("forfeiture", "Carla Committee", "passphrase")
    assert "How Carla Committee was identified: passphrase" in _text(at)


def test_with_no_roles_the_sidebars_name_decides_and_is_recorded_as_given(marked):
    _, case = marked
    at = open_page("Committee chair")
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception, at.exception
    d = case.state().decision
    assert (d.by, d.identified) == ("Committee chair", "name-given")
    assert "How Committee chair was identified: name given, not verified (no roles were set)" in _text(at)
