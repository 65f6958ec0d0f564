"""The Assessment page: a season is the workspace's own matches; the bundled demo's sample matches (and the
workspace's copies of them, made by tagging on one) are assessed apart, labelled, never counted beside them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ui_fixtures import make_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def workspace_with_a_club_match(tmp_path, monkeypatch) -> Path:
    """An app workspace (the demo beside it, as `polo-review app --workspace DIR` shows it) holding one match of
    its own umpired by Carlos Medina, who umpires the demo's samples too, and a copy of one demo match."""
    for var in ("POLO_REVIEW_FOOTAGE", "POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_DATA"):
        monkeypatch.delenv(var, raising=False)
    ws = tmp_path / "ws"
    monkeypatch.setenv("POLO_REVIEW_WORKSPACE", str(ws))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(ws / "evidence"))
    (ws / "matches").mkdir(parents=True)
    own = json.loads((ROOT / "annotations" / "sample-safety.json").read_text("utf-8"))
    own["match"].update(id="club-final", name="Club final", date="2026-09-20")
    own.pop("footage", None)
    (ws / "matches" / "club-final.json").write_text(json.dumps(own), "utf-8")
    copy = json.loads((ROOT / "annotations" / "sample-mount-falls.json").read_text("utf-8"))
    copy.pop("footage", None)
    (ws / "matches" / "sample-mount-falls.json").write_text(json.dumps(copy), "utf-8")
    return ws


def open_assessment(umpire: str = "Carlos Medina"):
    at = make_app()
    at.switch_page("app_pages/assessment.py").run()
    assert not at.exception, at.exception
    at.selectbox(key="assessment.umpire").set_value(umpire).run()
    assert not at.exception, at.exception
    return at


def test_the_season_is_the_workspaces_matches_and_the_demo_is_assessed_apart(workspace_with_a_club_match):
    at = open_assessment()
    assert at.multiselect(key="assessment.matches").options == ["Club final · 2026-09-20"]
    # one match is one: the walk read "The whole season (1 matches)"
    assert at.multiselect(key="assessment.matches").proto.placeholder == "The whole season (1 match)"
    assert {m.label: m.value for m in at.metric}["Key incidents"] == "1"  # the club match's one tag
    # the incident's time says which is the game clock and which the footage's ("Period 1 · 1:26 · 1:26" before)
    (times,) = [list(d.value["Time"]) for d in at.dataframe if "Time" in d.value.columns]
    assert len(times) == 1 and "clock " in times[0] and "footage " in times[0], times
    at.toggle(key="assessment.samples").set_value(True).run()
    assert not at.exception, at.exception
    shown = at.multiselect(key="assessment.matches").options
    assert "Club final · 2026-09-20" not in shown
    assert any("Mount falls (Rule 21.f(3))" in o for o in shown)  # the workspace's copy of a demo match, apart
    assert all(o.startswith("Sample:") for o in shown), shown
    assert any("Demo: the bundled sample matches" in i.value for i in at.info)
