"""The store fixtures, parametrized over every implementation: `files` (the default) and `postgresql`
(a fresh database per test; skipped, with the reason, where no server is configured)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evidence"))  # evidence_fixtures

KINDS = ("files", "postgresql")


@pytest.fixture(params=KINDS)
def location(request, tmp_path) -> str:
    """Where a store is: a folder laid out as one (files), or a database URL."""
    if request.param == "files":
        return str(tmp_path / "store")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(location, tmp_path, monkeypatch):
    from review_app.checker.season import SEASON
    from review_app.store import open_store

    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))  # a database's bytes (children read it too)
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    return open_store(location, verdicts=SEASON)  # as the command line and the app open theirs


@pytest.fixture
def matches(store):
    return store.matches


@pytest.fixture(scope="session")
def videos(tmp_path_factory) -> dict[str, Path]:
    from evidence_fixtures import write_video

    folder = tmp_path_factory.mktemp("store-videos")
    return {"phone": write_video(folder / "phone.mp4", 1), "drone": write_video(folder / "drone.mp4", 2)}
