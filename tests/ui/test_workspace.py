"""With the default options the app writes only into the workspace: the bundled samples are a
read-only demo, tagging on one first copies it (said on screen), and the checkout's tracked files
never change."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from ui_fixtures import make_app

ROOT = Path(__file__).resolve().parents[2]


def git_status() -> str | None:
    if not shutil.which("git") or not (ROOT / ".git").exists():
        return None
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


def tracked_state() -> dict[str, tuple[int, int]]:
    """Size and modification time of every file in the bundled sample folders."""
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for folder in ("annotations", "sample_clips")
            for p in sorted((ROOT / folder).iterdir()) if p.is_file()}


@pytest.fixture
def default_app(tmp_path, monkeypatch):
    """The app as `polo-review app` starts it with no options: the workspace is the platform's data
    folder (here under a temporary XDG_DATA_HOME)."""
    for var in ("POLO_REVIEW_FOOTAGE", "POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_DATA", "POLO_REVIEW_WORKSPACE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(tmp_path / "data-home" / "polo-review" / "evidence"))
    return tmp_path / "data-home" / "polo-review"


def test_tagging_on_a_demo_match_copies_it_into_the_workspace_and_the_checkout_stays_clean(default_app):
    before_status, before = git_status(), tracked_state()
    at = make_app()
    at.run()
    assert not at.exception, at.exception
    demo = str(ROOT / "annotations" / "sample-safety.json")
    assert "Demo (read-only) · Sample: Safety (Rule 21.a) (sample-safety)" in at.selectbox(key="review.match").options
    at.selectbox(key="review.match").set_value(demo).run()
    assert any("A demo match" in c.value for c in at.caption)
    at.text_input(key="review.jump_frame_value").input("125").run()  # Go to frame, then T
    at.button(key="review.tag").click().run()
    assert not at.exception, at.exception
    copy = default_app / "matches" / "sample-safety.json"
    assert copy.is_file() and at.session_state["review.match"] == str(copy)
    assert any("your own copy of the demo match" in i.value for i in at.info), [i.value for i in at.info]
    assert any("New tag e2 at frame 125" in s.value for s in at.subheader)  # the form on the copy, same frame
    assert at.session_state["review.pos"] == 125
    at.selectbox(key="review.form.situation").set_value("21.l").run()
    at.button(key="review.form.save").click().run()
    assert not at.exception, at.exception
    from review_app.model import load_document

    assert [e["id"] for e in load_document(copy).events] == ["e1", "e2"]
    labels = at.selectbox(key="review.match").options
    assert "Sample: Safety (Rule 21.a) (sample-safety)" in labels and not any("Safety" in x and "Demo" in x
                                                                             for x in labels)  # the copy, in its place
    assert tracked_state() == before
    if before_status is not None:
        assert git_status() == before_status
