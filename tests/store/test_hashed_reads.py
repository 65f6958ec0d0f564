"""HashedReads: the file's SHA-256 from another reader's reads, whatever order they come in,
reading from disk only what those reads left out."""

from __future__ import annotations

import os
import random

import pytest

from review_app.ground.files import HashedReads, file_sha256


@pytest.fixture
def data_file(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(random.Random(1).randbytes(3_000_017))
    return path


def reads(path, pattern, hold=None):
    """Read (offset, length) pieces in this order; return the hash and the bytes `sha256()` added."""
    r = HashedReads(path)
    if hold is not None:
        r.HOLD_BYTES = hold
    for at, n in pattern:
        r.seek(at)
        assert r.read(n) == path.read_bytes()[at:at + n]
    before = r._hashed
    digest = r.sha256()
    r.close()
    return digest, before


def test_front_to_back_reads_hash_the_whole_file_with_nothing_left(data_file):
    size = os.path.getsize(data_file)
    digest, hashed = reads(data_file, [(at, 65536) for at in range(0, size, 65536)])
    assert digest == file_sha256(data_file) and hashed == size


def test_the_end_read_first_is_held_until_the_hash_gets_there(data_file):
    size = os.path.getsize(data_file)
    tail = size - 100_000  # an MP4 whose index (moov) sits at the end is read there first
    pattern = [(0, 4096), (tail, size - tail)] + [(at, 65536) for at in range(4096, tail, 65536)]
    digest, hashed = reads(data_file, pattern)
    assert digest == file_sha256(data_file) and hashed == size


def test_gaps_and_reads_past_the_hold_limit_are_read_at_the_end(data_file):
    pattern = [(2_000_000, 500_000), (0, 1000), (1500, 1000), (1200, 600)]  # ahead, a gap, overlaps
    assert reads(data_file, pattern, hold=100_000)[0] == file_sha256(data_file)
    assert reads(data_file, pattern)[0] == file_sha256(data_file)


def test_progress_rises_to_one(data_file):
    seen = []
    with HashedReads(data_file, seen.append) as r:
        r.read(1_000_000)
        r.sha256()
    assert seen == sorted(seen) and seen[-1] == 1.0
