"""The Evidence page, driven with Streamlit's AppTest: it shows the register and the deadline, marks
frames, records a decision and shows the integrity, with no exception on any run."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from evidence_fixtures import END, NOW

PAGE = Path(__file__).resolve().parents[2] / "review_app" / "ui" / "app_pages" / "evidence.py"

pytest.importorskip("streamlit.testing.v1")


@pytest.fixture
def page(match_path, store, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(match_path.parent))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(store))
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.session_state["app.reviewer"] = "Committee chair"
    return at


def _text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [m.label for m in at.metric]
    parts += [str(m.value) for m in at.metric] + [s.value for s in at.success] + [e.value for e in at.error]
    parts += [i.value for i in at.info] + [w.value for w in at.warning]
    return "\n".join(parts)


def test_the_page_shows_the_register_and_the_deadline(page):
    at = page.run()
    assert not at.exception
    assert "2026-06-15T20:00:00Z" in _text(at)
    assert len(at.dataframe) >= 2  # excusals and mounts


def test_marking_frames_and_deciding_forfeiture(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW)
    at = page.run()
    assert not at.exception
    at.number_input(key="evidence.frame.m21.ev1").set_value(10).run()
    at.button(key="evidence.add_frame").click().run()
    at.button(key="evidence.step1").click().run()
    at.button(key="evidence.add_frame").click().run()
    assert not at.exception and "10, 11" in _text(at)
    at.button(key="evidence.mark").click().run()
    assert not at.exception
    mark = case.state().marks[0]
    assert [f["frame"] for f in mark.frames] == [10, 11] and mark.excusal == "e2" and mark.by == "Committee chair"
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception
    assert case.state().decision.decision == "forfeiture"
    assert "Intact" in _text(at)
    at.button(key="evidence.build_pack").click().run()
    assert not at.exception and at.session_state["evidence.pack.m21"][:2] == b"PK"


def test_a_refused_decision_is_one_line_on_the_page(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW)
    at = page.run()
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception
    assert any("no marked frames" in e.value for e in at.error)


def test_spanish(page):
    page.session_state["app.lang"] = "es"
    at = page.run()
    assert not at.exception and "Plazo (UTC)" in _text(at)


def test_a_missing_original_is_one_line_on_the_page(page, case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW)
    case.original_path(ev).unlink()
    at = page.run()
    assert not at.exception
    assert any("no such file" in e.value for e in at.error)
    assert any("BROKEN" in e.value for e in at.error)
