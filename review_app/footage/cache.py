"""Where frame-time indexes are cached, and under which key.

The cache lives in the user's cache directory, never next to the footage: match
recordings are often on read-only or shared drives, and reviewers should not find
stray files beside them. A file's identity is its real path, size and modification
time; any edit or copy gets a fresh index.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
from pathlib import Path

import numpy as np

from review_app.ground.files import atomic_write_bytes

log = logging.getLogger(__name__)

# Bump when the stored arrays change meaning; old entries are then ignored. 2: a truncated recording's tail is
# counted only to its first frame that is lost or may follow a lost one (`Footage._drop_undecodable_tail`).
FORMAT_VERSION = 2


def cache_dir() -> Path:
    """POLO_REVIEW_CACHE, else the platform's cache folder ($XDG_CACHE_HOME/polo-review, ~/.cache/polo-review);
    see `review_app.config.cache_dir`."""
    from review_app.config import cache_dir as configured

    return configured()


def identity(path: str | os.PathLike) -> dict:
    """What makes two opens the 'same file' for caching purposes."""
    real = os.path.realpath(path)
    st = os.stat(real)
    return {"path": real, "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _entry_path(ident: dict) -> Path:
    key = hashlib.sha256(
        json.dumps([FORMAT_VERSION, ident["path"], ident["size"], ident["mtime_ns"]]).encode()
    ).hexdigest()
    return cache_dir() / "index" / f"{key[:40]}.npz"


def has(ident: dict) -> bool:
    """Whether an index was cached for this file identity (without reading it)."""
    return _entry_path(ident).is_file()


def load(ident: dict) -> tuple[dict, dict[str, np.ndarray]] | None:
    """The cached (meta, arrays) for this file identity, or None if absent or unreadable."""
    entry = _entry_path(ident)
    try:
        with np.load(entry, allow_pickle=False) as npz:
            arrays = {k: npz[k] for k in npz.files}
        meta = json.loads(arrays.pop("meta").tobytes().decode("utf-8"))
    except FileNotFoundError:
        return None  # never indexed (or the cache was cleared): build it
    except (OSError, ValueError, KeyError, EOFError) as exc:
        log.warning("frame index cache %s unreadable (%s); the index is rebuilt", entry, exc)
        return None  # damaged: rebuild rather than fail
    if meta.get("version") != FORMAT_VERSION or meta.get("identity") != ident:
        return None
    return meta, arrays


def store(ident: dict, meta: dict, arrays: dict[str, np.ndarray]) -> None:
    """Save an index; a cache that cannot be written only costs a rebuild next time."""
    meta = {**meta, "version": FORMAT_VERSION, "identity": ident}
    buf = io.BytesIO()
    np.savez(buf, meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8), **arrays)
    entry = _entry_path(ident)
    try:
        atomic_write_bytes(entry, buf.getvalue())
    except OSError as exc:
        log.warning("cannot cache the frame index at %s (%s); the file is indexed again next time", entry, exc)
