"""Session fixtures for the footage tests: an isolated index cache and generated footage."""

from __future__ import annotations

from pathlib import Path

import pytest
from footage_cases import KINDS, FootageCase, make_case


@pytest.fixture(scope="session")
def footage_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("footage")


@pytest.fixture(scope="session", params=KINDS)
def video(request, footage_dir) -> FootageCase:
    """Each real-world kind of footage in turn: the contract suite runs over all of them."""
    return make_case(request.param, footage_dir)


@pytest.fixture(scope="session")
def h264_bframes_video(footage_dir) -> FootageCase:
    return make_case("h264_bframes_long_gop", footage_dir)


@pytest.fixture(scope="session")
def vfr_video(footage_dir) -> FootageCase:
    return make_case("variable_frame_rate", footage_dir)


@pytest.fixture(scope="session")
def rotated_90_video(footage_dir) -> FootageCase:
    return make_case("rotated_90", footage_dir)


@pytest.fixture(scope="session")
def h264_faststart_bytes(h264_bframes_video) -> bytes:
    return h264_bframes_video.path.read_bytes()
