"""The app's test workspace: a small generated recording and a match document in temp folders,
with the app's folder variables pointing at them (never at the bundled annotations/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from ui_fixtures import make_app, make_video, make_workspace, settle


@pytest.fixture(scope="session")
def small_video(tmp_path_factory) -> Path:
    """8 s of 320x180 H.264 at 25 fps (200 frames), made once per session."""
    return make_video(tmp_path_factory.mktemp("video") / "match.mp4")


@pytest.fixture(scope="session")
def match_video(tmp_path_factory) -> Path:
    """Two minutes at 29.97 fps with eight whistles (whistle_match.py), made once per session: the browser
    tests of the tag form and of coding at the speed of play tag it."""
    import whistle_match

    return whistle_match.make(tmp_path_factory.mktemp("whistles") / "match.mp4")


@pytest.fixture
def workspace(tmp_path, small_video, monkeypatch) -> dict:
    ws = make_workspace(tmp_path, copy_from=small_video)
    monkeypatch.setenv("POLO_REVIEW_FOOTAGE", str(ws["footage"]))
    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(ws["annotations"]))
    monkeypatch.setenv("POLO_REVIEW_DATA", str(ws["data"]))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    return ws


@pytest.fixture
def app(workspace) -> AppTest:
    """The app through its entry point, on the workspace, with a reviewer named Tester."""
    at = make_app()
    at.run()
    settle(at)
    assert not at.exception, at.exception
    return at


@pytest.fixture
def chromium():
    """Debian's chromium (never a browser download), driven by Playwright, for one test."""
    from browser_app import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
