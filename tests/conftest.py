"""Fixtures shared across the suite: small, valid match documents built in code."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
from match_docs import base_document
from pg_fixtures import pg_server, pg_url  # noqa: F401  (the database store's tests, skipped without a server)


@pytest.fixture(scope="session", autouse=True)
def isolated_cache(tmp_path_factory):
    """Every test session indexes footage and keeps detected sounds in its own cache, never the developer's."""
    path = tmp_path_factory.mktemp("index-cache")
    old = os.environ.get("POLO_REVIEW_CACHE")
    os.environ["POLO_REVIEW_CACHE"] = str(path)
    yield path
    if old is None:
        os.environ.pop("POLO_REVIEW_CACHE", None)
    else:
        os.environ["POLO_REVIEW_CACHE"] = old


@pytest.fixture
def write_doc(tmp_path):
    """Write a document (dict) to tmp_path and return its path."""
    def write(doc: dict, name: str | None = None) -> Path:
        path = tmp_path / (name or f"{doc['match']['id']}.json")
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        return path
    return write


@pytest.fixture
def doc_factory():
    def make(events=(), match_id: str = "test-match", **match) -> dict:
        doc = base_document(match_id, **match)
        doc["events"] = [copy.deepcopy(e) for e in events]
        return doc
    return make


@pytest.fixture(autouse=True)
def fresh_sign_in_throttle(monkeypatch):
    """Each test starts with no failed sign-ins counted (the server process's `Throttle` would carry them over)."""
    from review_app.training import people

    monkeypatch.setattr(people, "THROTTLE", people.Throttle())
