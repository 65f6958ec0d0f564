"""`polo-review app`: the Streamlit command it runs, the folders it passes, and bad options."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

from review_app._cli import app_cmd
from review_app.cli import build_parser
from review_app.config import folders
from review_app.errors import PoloReviewError

ROOT = Path(__file__).resolve().parents[2]


def args(*argv):
    return build_parser().parse_args(["app", *argv])


def test_defaults_keep_everything_in_the_workspace_and_show_the_bundled_samples_as_a_demo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cmd, env = app_cmd.command(args(), environ={"XDG_DATA_HOME": str(tmp_path / "data-home")})
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"] and cmd[4].endswith("review_app/ui/server.py")
    assert "--server.headless=true" in cmd and "--server.port=8501" in cmd
    # Streamlit's uploader holds files in memory: rosters only, recordings are streamed to disk (F8a, issue 38)
    assert "--server.maxUploadSize=2" in cmd
    assert f"--global.minCachedMessageSize={2**40}" in cmd  # fast stepping must not meet a cache miss
    assert "POLO_REVIEW_FOOTAGE" not in env and "POLO_REVIEW_ANNOTATIONS" not in env
    assert env["POLO_REVIEW_EVIDENCE"] == str(tmp_path / "data-home" / "polo-review" / "evidence")
    where = folders(env)
    assert where.workspace == tmp_path / "data-home" / "polo-review"
    assert where.annotations == where.workspace / "matches" and where.uploads == where.workspace / "footage" / "uploads"
    assert where.scores == where.workspace / "training-scores.json"
    assert where.demo.shipped and where.demo.annotations == ROOT / "annotations"  # the checkout's, read-only


def test_workspace_option(tmp_path):
    _, env = app_cmd.command(args("--workspace", str(tmp_path / "ws")), environ={})
    assert env["POLO_REVIEW_WORKSPACE"] == str(tmp_path / "ws")
    assert folders(env).annotations == tmp_path / "ws" / "matches"
    assert env["POLO_REVIEW_EVIDENCE"] == str(tmp_path / "ws" / "evidence")
    (tmp_path / "file").write_text("x")
    with pytest.raises(PoloReviewError, match="--workspace: not a folder"):
        app_cmd.command(args("--workspace", str(tmp_path / "file")), environ={})
    _, env = app_cmd.command(args(), environ={"POLO_REVIEW_EVIDENCE": "/elsewhere"})
    assert env["POLO_REVIEW_EVIDENCE"] == "/elsewhere"  # a committee's store, when set, is kept


def test_own_annotations_folder_is_written_to_and_shows_no_demo(tmp_path):
    _, env = app_cmd.command(args("--annotations", str(tmp_path)), environ={})
    where = folders(env)
    assert where.annotations == tmp_path and where.demo is None


def test_options_pass_the_folders_and_port(tmp_path):
    cmd, env = app_cmd.command(args("--port", "9123", "--footage", str(tmp_path), "--annotations", str(tmp_path),
                                    "--data", str(tmp_path / "d"), "--address", "127.0.0.1"), environ={"X": "1"})
    assert "--server.port=9123" in cmd and "--server.address=127.0.0.1" in cmd
    assert env["POLO_REVIEW_FOOTAGE"] == env["POLO_REVIEW_ANNOTATIONS"] == str(tmp_path)
    assert env["POLO_REVIEW_DATA"] == str(tmp_path / "d") and env["X"] == "1"


def test_missing_folder_or_bad_port_is_one_line(tmp_path):
    with pytest.raises(PoloReviewError, match="--footage: no such folder"):
        app_cmd.command(args("--footage", str(tmp_path / "nope")), environ={})
    with pytest.raises(PoloReviewError, match="not a port number"):
        app_cmd.command(args("--port", "70000"), environ={})


def test_listed_in_help():
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert "app" in sub.choices


def test_the_cache_is_the_workspaces_unless_one_is_named(tmp_path):
    _, env = app_cmd.command(args("--workspace", str(tmp_path / "ws")), environ={})
    assert env["POLO_REVIEW_CACHE"] == str(tmp_path / "ws" / "cache")
    _, env = app_cmd.command(args(), environ={"XDG_DATA_HOME": str(tmp_path / "d")})
    assert env["POLO_REVIEW_CACHE"] == str(tmp_path / "d" / "polo-review" / "cache")
    _, env = app_cmd.command(args("--workspace", str(tmp_path / "ws")), environ={"POLO_REVIEW_CACHE": "/fast/disk"})
    assert env["POLO_REVIEW_CACHE"] == "/fast/disk"
    lines = app_cmd.startup_lines(args("--workspace", str(tmp_path / "ws")), env)
    assert lines[-1].split()[:4] == ["cache", "(safe", "to", "delete)"]
    assert lines[-1].endswith("/fast/disk   (named by you, outside the workspace)")


def test_the_app_listens_on_this_machine_only_unless_configured(monkeypatch):
    """F5 (security review): `polo-review app` listened on every interface by default."""
    monkeypatch.delenv("POLO_REVIEW_ADDRESS", raising=False)
    cmd, _ = app_cmd.command(args(), environ={})
    assert "--server.address=127.0.0.1" in cmd
    here, = app_cmd.address_lines(args("--port", "9000"))
    assert "only this computer" in here
    cmd, _ = app_cmd.command(args(), environ={"POLO_REVIEW_ADDRESS": "0.0.0.0"})
    assert "--server.address=0.0.0.0" in cmd


def test_the_address_said_is_the_one_it_answers_on():
    every, = app_cmd.address_lines(args("--port", "9000", "--address", "0.0.0.0"))
    assert "http://localhost:9000/" in every and "every network interface" in every and "--address 127.0.0.1" in every
    here, = app_cmd.address_lines(args("--port", "9000", "--address", "127.0.0.1"))
    assert "http://127.0.0.1:9000/" in here and "only this computer" in here
    cmd, _ = app_cmd.command(args(), environ={})
    assert "--logger.hideWelcomeMessage=true" in cmd  # Streamlit's Local/Network/External URL lines


def test_the_app_imports_the_review_app_this_command_runs_from(tmp_path):
    # Streamlit puts only the entry's folder on the path: the package's folder goes first on PYTHONPATH, the
    # caller's own entries kept after it (no sys.path.insert in the entry scripts)
    import review_app

    root = str(Path(review_app.__file__).resolve().parents[1])
    _, env = app_cmd.command(args(), environ={"PYTHONPATH": f"/opt/site{os.pathsep}{root}"})
    assert env["PYTHONPATH"].split(os.pathsep) == [root, "/opt/site"]
    _, env = app_cmd.command(args(), environ={})
    assert env["PYTHONPATH"] == root
    for entry in ("app.py", "server.py"):
        assert "sys.path" not in (Path(review_app.__file__).parent / "ui" / entry).read_text("utf-8")
