"""`polo-review app`: the Streamlit command it runs, the folders it passes, and bad options."""

from __future__ import annotations

import argparse
import sys

import pytest

from review_app._cli import app_cmd
from review_app.cli import build_parser
from review_app.errors import PoloReviewError


def args(*argv):
    return build_parser().parse_args(["app", *argv])


def test_defaults_open_the_bundled_samples(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no sample folders here: the ones next to the package
    cmd, env = app_cmd.command(args(), environ={})
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"] and cmd[4].endswith("review_app/ui/server.py")
    assert "--server.headless=true" in cmd and "--server.port=8501" in cmd
    assert "--server.maxUploadSize=1024" in cmd
    assert f"--global.minCachedMessageSize={2**40}" in cmd  # fast stepping must not meet a cache miss
    assert env["POLO_REVIEW_FOOTAGE"].endswith("sample_clips")
    assert env["POLO_REVIEW_ANNOTATIONS"].endswith("annotations")


def test_folders_in_the_current_directory_come_first(tmp_path, monkeypatch):
    (tmp_path / "sample_clips").mkdir()
    (tmp_path / "annotations").mkdir()
    monkeypatch.chdir(tmp_path)
    _, env = app_cmd.command(args(), environ={})
    assert env["POLO_REVIEW_FOOTAGE"] == str(tmp_path / "sample_clips")
    assert env["POLO_REVIEW_ANNOTATIONS"] == str(tmp_path / "annotations")


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
