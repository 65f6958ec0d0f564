"""Fixtures for the evidence tests: small generated videos (made once per session with VideoWriter)
and small match documents written per test in tmp dirs, validated against the schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_fixtures import write_match, write_video

from review_app.model import load_document


@pytest.fixture(scope="session")
def videos(tmp_path_factory) -> dict[str, Path]:
    """Two different evidence videos and a file that is not a video."""
    folder = tmp_path_factory.mktemp("videos")
    not_video = folder / "notes.mp4"
    not_video.write_bytes(b"this is not a video, whatever its name says\n" * 20)
    return {"phone": write_video(folder / "phone.mp4", 1), "drone": write_video(folder / "drone.mp4", 2),
            "not_video": not_video}


@pytest.fixture(autouse=True, scope="session")
def _own_cache(tmp_path_factory):
    """Keep the footage index cache of these tests out of the user's cache folder."""
    import os

    old = os.environ.get("POLO_REVIEW_CACHE")
    os.environ["POLO_REVIEW_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("POLO_REVIEW_CACHE", None)
    else:
        os.environ["POLO_REVIEW_CACHE"] = old


@pytest.fixture
def match_path(tmp_path) -> Path:
    return write_match(tmp_path / "annotations")


@pytest.fixture
def doc(match_path):
    return load_document(match_path)


@pytest.fixture
def store(tmp_path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def case(doc, store):
    from review_app.evidence import EvidenceCase
    from review_app.store import open_evidence

    return EvidenceCase(doc, open_evidence(store))


@pytest.fixture
def run(tmp_path, monkeypatch, capsys):
    """Run polo-review in a folder holding ./annotations; returns (exit code, stdout, stderr)."""
    from review_app.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POLO_REVIEW_EVIDENCE", raising=False)
    write_match(tmp_path / "annotations")

    def go(*argv):
        try:
            code = main([str(a) for a in argv])
        except SystemExit as exc:  # argparse refusing an argument
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return go
