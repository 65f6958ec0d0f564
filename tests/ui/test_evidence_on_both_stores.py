"""A forfeiture the committee decided in a match's 21.f(5) evidence case counts the same on every store: files, and
PostgreSQL (skipped, with the reason, where no server is configured). The command line (`check --store`, `season`)
and the Review, Report and Assessment pages read the case through the store, never from a folder by path."""

from __future__ import annotations

import copy
import json
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from ui_fixtures import make_app

from review_app.checker.season import SEASON
from review_app.cli import main
from review_app.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evidence"))  # evidence_fixtures

from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW, RETURNED, write_video

UMPIRE = "Uma Umpire"
POST_GAME = {"id": "e4", "position": {"frame": 950, "time_s": 38.0}, "period": 3, "clock": "5:40",
             "situation": "21.f(5)", "facts": {}, "call": {"penalty": "none"},
             "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}], "mount": EXCUSED_MOUNT,
                          "umpire": UMPIRE}}


def _kept(location: str, tmp_path: Path, video: Path, decided: bool = True):
    """The 21.f(5) match of tests/evidence kept at `location` with its footage, its evidence received in time,
    marked, and (`decided`) a forfeiture decided by the committee."""
    from review_app.evidence import EvidenceCase

    store = open_store(location, files=tmp_path / "shared", verdicts=SEASON)
    footage = store.folders.annotations.parent / "footage"
    footage.mkdir(parents=True, exist_ok=True)
    shutil.copy(video, footage / "match.mp4")
    data = copy.deepcopy(MATCH)
    data["match"]["umpires"] = [UMPIRE]
    data["footage"] = {"path": "../footage/match.mp4"}
    data["events"] = [*data["events"], copy.deepcopy(RETURNED), copy.deepcopy(POST_GAME)]
    case = EvidenceCase(store.matches.create(data), store.evidence)
    ev, _ = case.add(write_video(tmp_path / "phone.mp4", 1), "Ana", "Committee", END + timedelta(hours=13), now=NOW,
                     attest=ATTEST)
    case.mark(ev.id, [10, 11], "Referee", excusal="e2", now=NOW)
    if decided:
        case.decide("forfeiture", "Committee chair", now=datetime.now(UTC))
    return store


@pytest.fixture(params=["files", "postgresql"])
def location(request, tmp_path, monkeypatch) -> str:
    where = str(tmp_path / "store") if request.param == "files" else request.getfixturevalue("pg_url")
    monkeypatch.setenv("POLO_REVIEW_STORE", where)
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    for name in ("POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_FOOTAGE", "POLO_REVIEW_DATA", "POLO_REVIEW_EVIDENCE"):
        monkeypatch.delenv(name, raising=False)
    return where


def _said(capsys, *argv) -> object:
    assert main([str(a) for a in argv]) == 0
    return json.loads(capsys.readouterr().out)


def _verdicts(report: dict) -> set[tuple[str, str, str]]:
    return {(e["match"], e["event"], e["verdict"]) for e in report["events"]}


def _check_and_season(location: str, capsys) -> tuple[set, list]:
    report = _said(capsys, "check", "--store", location, "--format", "json")
    season = _said(capsys, "season", "--store", location, "--json")
    return _verdicts(report), season


def test_check_store_and_season_agree_with_the_committees_decision(location, tmp_path, small_video, capsys):
    _kept(location, tmp_path, small_video)
    verdicts, season = _check_and_season(location, capsys)
    assert ("m21", "e4", "consistent") in verdicts
    assert {"clause": "21.f(5)", "umpire": UMPIRE, "verdict": "consistent", "events": 1} in season
    # The season is the check's verdicts counted: the same for every event
    by_clause: dict[tuple, int] = {}
    for event in _said(capsys, "check", "--store", location, "--format", "json")["events"]:
        key = (event["clause"], event.get("umpire"), event["verdict"])
        by_clause[key] = by_clause.get(key, 0) + 1
    assert {(c["clause"], c["umpire"], c["verdict"]): c["events"] for c in season} == by_clause


def test_files_and_postgresql_give_the_same_verdicts(pg_url, tmp_path, small_video, capsys, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))  # the database's bytes
    files = str(tmp_path / "store")
    for where in (files, pg_url):
        _kept(where, tmp_path, small_video)
    on_files, on_database = _check_and_season(files, capsys), _check_and_season(pg_url, capsys)
    assert on_files == on_database
    assert ("m21", "e4", "consistent") in on_files[0]


def test_before_the_decision_the_event_is_inconsistent_on_the_store_too(location, tmp_path, small_video, capsys):
    _kept(location, tmp_path, small_video, decided=False)
    verdicts, season = _check_and_season(location, capsys)
    assert ("m21", "e4", "inconsistent") in verdicts  # the forfeiture the excused mount's return needs: not exacted
    assert {"clause": "21.f(5)", "umpire": UMPIRE, "verdict": "inconsistent", "events": 1} in season


def test_the_review_page_shows_the_decision(location, tmp_path, small_video):
    _kept(location, tmp_path, small_video)
    at = make_app()
    at.query_params["match"] = "m21"
    at.run()
    assert not at.exception, at.exception
    _path, _revision, results = at.session_state["review.checked"]
    assert results["e4"]["verdict"] == "consistent", results["e4"]


def test_the_report_page_checks_the_stores_matches(location, tmp_path, small_video):
    _kept(location, tmp_path, small_video)
    at = make_app()
    at.switch_page("app_pages/report.py").run()
    assert not at.exception, at.exception
    assert not [w.value for w in at.warning if "Not checked" in w.value]
    result = at.session_state["report._result"]
    assert ("m21", "e4", "consistent") in {(r.match, r.event, str(r.verdict)) for r in result.events}


def test_the_assessment_page_shows_the_committees_decision_apart_from_the_umpires_calls(location, tmp_path,
                                                                                         small_video):
    """The committee decided e4's forfeiture after the game, in the case the store keeps: the page reads it there
    and names the committee, never counting it as the call of the umpire the tag names (the walk found the tag
    form's pre-filled umpire credited with it)."""
    _kept(location, tmp_path, small_video)
    at = make_app()
    at.switch_page("app_pages/assessment.py").run()
    assert not at.exception, at.exception
    at.selectbox(key="assessment.umpire").set_value(UMPIRE).run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Key incidents"] == "0" and metrics["Correct calls"] == "0", metrics
    assert metrics["Incorrect calls"] == "0"
    assert "Decided after the game under 21.f(5), not this umpire's call: e4, decided by Host Tournament " \
           "Committee." in [c.value.replace("\\", "") for c in at.caption]
