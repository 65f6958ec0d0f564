"""The app on a PostgreSQL store (`polo-review app --store postgresql://...`): the same pages, the
documents and records in the database, the footage on the shared folder. Skipped, with the reason,
where no server is configured."""

from __future__ import annotations

import json

import pytest
from ui_fixtures import make_app
from uploading import send_file

from review_app.cli import main
from review_app.store import open_store


def click(at, key: str):
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def on_database(workspace, pg_url, monkeypatch, tmp_path):
    """The workspace copied into a database; the annotations folder emptied, so the documents come from it."""
    assert main(["store", "copy", "--from", str(tmp_path), "--to", pg_url, "--files", str(tmp_path)]) == 0
    workspace["document"].unlink()
    monkeypatch.setenv("POLO_REVIEW_STORE", pg_url)
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path))
    return open_store(pg_url, files=tmp_path)


def in_database(store) -> dict:
    return json.loads(store.matches.find("test-match").source)


def test_the_review_page_tags_into_the_database(on_database):
    at = make_app()
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["review.viewer"].ready  # the footage, on the shared folder, opened
    assert at.session_state["review.pos"] == 0
    at.selectbox(key="review.tag_pick").set_value("e2").run()
    click(at, "review.tag_edit")
    notes = next(w for w in at.text_area if w.key and w.key.endswith("notes"))
    notes.input("seen from the database")
    click(at, "review.form.save")
    saved = in_database(on_database)
    assert saved["revision"] == 1 and saved["events"][1]["notes"] == "seen from the database"
    assert saved["events"][1]["reviewer"] == "Tester"  # who edited it last


def test_a_save_meeting_another_servers_save_merges_in_the_database(on_database):
    at = make_app()
    at.run()
    at.selectbox(key="review.tag_pick").set_value("e2").run()
    click(at, "review.tag_edit")
    other = on_database.matches.find("test-match")  # another server saves first, elsewhere in the match
    other.events[0]["clock"] = "1:23"
    on_database.matches.save(other)
    next(w for w in at.text_area if w.key and w.key.endswith("notes")).input("mine")
    click(at, "review.form.save")
    saved = in_database(on_database)
    assert saved["events"][0]["clock"] == "1:23" and saved["events"][1]["notes"] == "mine"


@pytest.mark.parametrize("page", ["report", "evidence", "training"])
def test_every_page_opens_on_the_database(on_database, page):
    at = make_app()
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception


def test_a_database_that_cannot_be_reached_is_one_line_on_the_page(workspace, monkeypatch):
    pytest.importorskip("psycopg")
    monkeypatch.setenv("POLO_REVIEW_STORE", "postgresql://polo:hunter2@127.0.0.1:1/polo")
    at = make_app()
    at.run()
    assert not at.exception
    assert any("Connection refused" in e.value and "hunter2" not in e.value for e in at.error)


def test_a_match_set_up_on_the_matches_page_goes_into_the_database(on_database, workspace):
    from datetime import time

    from review_app.model import roster as rosters

    at = make_app()
    at.switch_page("app_pages/matches.py").run()
    assert not at.exception, at.exception
    at.selectbox(key="matches.pick").set_value("new").run()

    def field(suffix):
        for kind in (at.text_input, at.selectbox, at.time_input, at.number_input, at.file_uploader):
            found = [w for w in kind if w.key and w.key.startswith("matches.new.") and w.key.endswith(suffix)]
            if found:
                return found[0]
        raise KeyError(suffix)

    field(".name").input("Copa Oro final")
    field(".end").set_value(time(16, 45))
    field(".roster").set_value(("roster.csv", rosters.template().encode(), "text/csv"))
    upload_key = next(k for k in at.session_state if k.startswith("matches.new.") and k.endswith(".upload.ticket"))
    send_file(at, upload_key.removesuffix(".ticket"), workspace["video"], name="final.mp4")  # to the shared folder
    field(".id").input("copa-oro")
    click(at, "matches.create")
    made = on_database.matches.find("copa-oro")
    assert made is not None and made.match["teams"][0]["players"][0]["mounts"] == ["Tormenta", "Lucero", "Bandolera"]
    [rec] = made.data["recordings"]
    assert (workspace["footage"].parent / "footage" / "uploads" / f"{rec['sha256']}.mp4").is_file()
    assert not list(workspace["annotations"].glob("copa-oro*"))  # nothing written beside the database


def test_tagging_a_demo_match_copies_it_into_the_database(pg_url, tmp_path, monkeypatch):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    demo = root / "annotations" / "sample-safety.json"
    before = demo.read_bytes()
    for var in ("POLO_REVIEW_FOOTAGE", "POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_DATA", "POLO_REVIEW_WORKSPACE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("POLO_REVIEW_STORE", pg_url)
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    at = make_app()
    at.run()
    at.selectbox(key="review.match").set_value(str(demo)).run()
    at.text_input(key="review.jump_frame_value").input("125").run()
    click(at, "review.tag")
    at.selectbox(key="review.form.situation").set_value("21.l").run()
    click(at, "review.form.save")
    store = open_store(pg_url, files=tmp_path / "shared")
    copy = store.matches.find("sample-safety")
    assert [e["id"] for e in copy.events] == ["e1", "e2"] and copy.data["recordings"][0]["how"] == "demo"
    assert list((tmp_path / "shared" / "footage" / "uploads").glob("*.mp4"))  # its clip, on the shared folder
    assert demo.read_bytes() == before


def test_the_match_command_works_on_the_database(pg_url, tmp_path, capsys):
    assert main(["match", "new", "cup", "--store", pg_url, "--files", str(tmp_path), "--name", "Cup",
                 "--date", "2026-06-14", "--team", "Red", "--team", "Blue", "--end", "16:45"]) == 0
    assert main(["match", "edit", "cup", "--store", pg_url, "--files", str(tmp_path), "--venue", "Pilar"]) == 0
    doc = open_store(pg_url, files=tmp_path).matches.find("cup")
    assert doc.revision == 2 and doc.match["venue"] == "Pilar"
    assert main(["match", "show", "nothing", "--store", pg_url, "--files", str(tmp_path)]) == 2
    assert pg_url.split("@")[0] not in capsys.readouterr().err  # never the password
