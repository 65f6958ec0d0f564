"""The Report page opens on the workspace's own matches, not on those and the demo's ten beside them
(which stay in the picker); with only the demo, it shows the demo."""

from __future__ import annotations

import json

from ui_fixtures import document_data, make_app


def open_report(monkeypatch, tmp_path, own: bool):
    for var in ("POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_FOOTAGE", "POLO_REVIEW_DATA", "POLO_REVIEW_STORE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("POLO_REVIEW_WORKSPACE", str(tmp_path / "ws"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(tmp_path / "ws" / "evidence"))
    (tmp_path / "ws" / "matches").mkdir(parents=True)
    if own:
        (tmp_path / "ws" / "matches" / "test-match.json").write_text(json.dumps(document_data(None)), "utf-8")
    at = make_app()
    at.switch_page("app_pages/report.py").run()
    assert not at.exception, at.exception
    return at


def test_the_report_opens_on_the_workspaces_own_matches(monkeypatch, tmp_path):
    at = open_report(monkeypatch, tmp_path, own=True)
    picker = at.multiselect(key="report.matches")
    assert [p.rsplit("/", 1)[-1] for p in picker.value] == ["test-match.json"]
    assert len(picker.options) > 1  # the demo's matches are still offered
    assert {m.label: m.value for m in at.metric}["Events"] == "2"


def test_with_only_the_demo_the_report_shows_the_demo(monkeypatch, tmp_path):
    at = open_report(monkeypatch, tmp_path, own=False)
    assert at.multiselect(key="report.matches").value == []  # none picked: all of them
