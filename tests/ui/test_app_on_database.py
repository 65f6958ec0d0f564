"""The app on a PostgreSQL store (`polo-review app --store postgresql://...`): the same pages, the
documents and records in the database, the footage on the shared folder. Skipped, with the reason,
where no server is configured."""

from __future__ import annotations

import json

import pytest
from ui_fixtures import make_app

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
