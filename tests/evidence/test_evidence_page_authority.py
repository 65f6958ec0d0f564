"""The Evidence page asks 21.f(5)'s two questions of who: whom the evidence was presented to (recorded with the
receipt) and as whom the decision is made (an Umpire or the Referee refused unless the match document's own)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW
from test_evidence_page import _text, open_page

pytest.importorskip("streamlit.testing.v1")


@pytest.fixture
def env(match_path, store, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(match_path.parent))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(store))
    monkeypatch.setenv("POLO_REVIEW_FOOTAGE", str(tmp_path / "footage"))
    monkeypatch.setenv("POLO_REVIEW_DATA", str(tmp_path / "data"))
    return match_path.parent


def test_the_decision_is_made_as_one_of_the_authorities_and_shown_so(env, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, presented_to="committee",
             attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    at = open_page()
    assert "Presented to" in [c for df in at.dataframe for c in df.value.columns]
    assert at.radio(key="evidence.authority").options == ["Host Tournament Committee", "Umpire", "Referee"]
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.radio(key="evidence.authority").set_value("umpire").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception
    assert any("is not an Umpire of this match" in e.value for e in at.error)  # the fixture names no umpires
    assert case.state().decision is None
    at.radio(key="evidence.authority").set_value("committee").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception and case.state().decision.data["authority"] == "committee"
    assert "Decided as: Host Tournament Committee (21.f(5))." in _text(at)


def test_a_receipt_records_whom_it_was_presented_to(env, case):
    at = open_page()
    box = at.selectbox(key="evidence.presented_to")
    assert box.options == ["Host Tournament Committee", "Umpire", "Referee", "Someone else"]
    assert box.value == "committee"
