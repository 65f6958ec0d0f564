"""The frame-time index is built once, cached away from the footage, and rebuilt when the file changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from review_app.footage import Footage, cache
from review_app.footage import footage as footage_module
from review_app.ground import files


@pytest.fixture
def private_copy(h264_bframes_video, tmp_path, monkeypatch):
    """A fresh copy in its own folder, with its own cache, so nothing is cached yet."""
    folder = tmp_path / "match"
    folder.mkdir()
    path = folder / "match.mp4"
    shutil.copy(h264_bframes_video.path, path)
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    return path


def test_second_open_neither_demuxes_nor_hashes(private_copy, monkeypatch):
    with Footage(private_copy) as first:
        info = first.info

    def forbidden(*a, **k):
        raise AssertionError("should have come from the cache")

    monkeypatch.setattr(footage_module, "scan_file", forbidden)
    with Footage(private_copy) as again:
        assert again.info == info
        assert again.frame(77).index == 77


def test_cache_lives_in_the_cache_dir_not_beside_the_footage(private_copy, tmp_path):
    before = sorted(os.listdir(private_copy.parent))
    Footage(private_copy).close()
    assert sorted(os.listdir(private_copy.parent)) == before
    assert list((tmp_path / "cache" / "index").glob("*.npz"))


def test_a_changed_file_is_indexed_again(private_copy, monkeypatch):
    Footage(private_copy).close()
    built = []
    real = footage_module.scan_file
    monkeypatch.setattr(footage_module, "scan_file", lambda *a, **k: built.append(1) or real(*a, **k))
    st = private_copy.stat()
    os.utime(private_copy, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    Footage(private_copy).close()
    assert built == [1]


def test_a_damaged_cache_entry_is_rebuilt(private_copy, tmp_path):
    Footage(private_copy).close()
    for entry in (tmp_path / "cache" / "index").glob("*.npz"):
        entry.write_bytes(b"garbage")
    with Footage(private_copy) as video:
        assert video.frame_count == 150


def test_progress_reports_indexing_and_hashing_as_one_read(private_copy):
    seen = []
    Footage(private_copy, progress=lambda stage, f: seen.append((stage, f))).close()
    assert {s for s, _ in seen} == {"index"} and seen[-1] == ("index", 1.0)
    fractions = [f for _, f in seen]
    assert fractions == sorted(fractions) and all(0.0 <= f <= 1.0 for f in fractions)


def test_the_index_and_the_hash_read_the_file_once(private_copy, monkeypatch):
    read = []
    real = files.HashedReads.read
    monkeypatch.setattr(files.HashedReads, "read", lambda self, n=-1: read.append(data := real(self, n)) or data)
    real_tail = files.HashedReads.sha256
    tail = []
    monkeypatch.setattr(files.HashedReads, "sha256", lambda self: tail.append(self._hashed) or real_tail(self))
    with Footage(private_copy) as video:
        assert video.info.sha256 == files.file_sha256(private_copy)
    size = private_copy.stat().st_size
    assert sum(map(len, read)) <= size * 1.05  # the demuxer's reads: about the file, once
    assert tail == [size]  # and the hash needed nothing more


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "explicit"))
    assert cache.cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv("POLO_REVIEW_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "polo-review"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == Path(tmp_path / "home" / ".cache" / "polo-review")


def test_an_unwritable_cache_only_costs_a_rebuild(private_copy, monkeypatch, tmp_path):
    blocker = tmp_path / "not_a_dir"
    blocker.write_text("x")
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(blocker))
    with Footage(private_copy) as video:
        assert video.frame(10).index == 10
