"""Session fixtures for the sound tests: an isolated index cache and recordings made once."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "footage"))  # framecode


@pytest.fixture(scope="session", autouse=True)
def isolated_cache(tmp_path_factory):
    """Every test session indexes into its own cache, never the developer's."""
    path = tmp_path_factory.mktemp("index-cache")
    old = os.environ.get("POLO_REVIEW_CACHE")
    os.environ["POLO_REVIEW_CACHE"] = str(path)
    yield path
    if old is None:
        os.environ.pop("POLO_REVIEW_CACHE", None)
    else:
        os.environ["POLO_REVIEW_CACHE"] = old


@pytest.fixture(scope="session")
def sound_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("sound")
