"""Session fixtures for the sound tests: an isolated index cache and recordings made once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "footage"))  # framecode


@pytest.fixture(scope="session")
def sound_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("sound")
