"""Storing an uploaded recording safely: the stored name is the content's SHA-256 plus a
whitelisted extension, inside the uploads folder; nothing of the uploaded file's name reaches
the file system but its extension, checked against a fixed list. Plain module: no streamlit.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from review_app.errors import PoloReviewError
from review_app.config import VIDEO_EXTENSIONS

CHUNK = 4 << 20


class UploadError(PoloReviewError):
    """An upload that is refused: wrong kind of file, too large, or not a video."""


def safe_extension(filename: str) -> str:
    ext = os.path.splitext(filename or "")[1].lower()
    if ext not in VIDEO_EXTENSIONS:
        raise UploadError(f"not a video file extension ({ext or 'none'}); accepted: {', '.join(VIDEO_EXTENSIONS)}")
    return ext


def store_upload(stream: BinaryIO, filename: str, size: int, uploads: Path, *, max_bytes: int,
                 progress: Callable[[float], None] | None = None) -> Path:
    """Copy `stream` to uploads/<sha256><ext>, hashing as it goes; return the stored path.

    The copy goes to a temporary file in the same folder and is renamed into place, so a
    failed upload leaves nothing behind and an identical upload lands on the same name.
    """
    ext = safe_extension(filename)
    if size > max_bytes:
        raise UploadError(f"the file is {size / 2**20:.0f} MB; the upload limit is {max_bytes / 2**20:.0f} MB "
                          "(put larger recordings in the footage folder)")
    uploads.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    fd, tmp = tempfile.mkstemp(prefix=".upload.", suffix=ext, dir=uploads)
    done = 0
    try:
        with os.fdopen(fd, "wb") as out:
            while chunk := stream.read(CHUNK):
                done += len(chunk)
                if done > max_bytes:
                    raise UploadError(f"the upload is larger than the {max_bytes / 2**20:.0f} MB limit")
                digest.update(chunk)
                out.write(chunk)
                if progress:
                    progress(min(1.0, done / size) if size else 1.0)
            out.flush()
            os.fsync(out.fileno())
        if done == 0:
            raise UploadError("the uploaded file is empty")
        target = uploads / f"{digest.hexdigest()}{ext}"
        os.replace(tmp, target)
        return target
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# -- the names people know their uploads by ------------------------------------------------------
# Kept beside the uploads as data, shown as a label; never used as a path.
NAMES_FILE = ".names.json"
MAX_NAME = 200


def remember_name(stored: Path, given: str) -> None:
    """Note that `stored` was uploaded as `given` (the latest upload of the same bytes names it)."""
    from review_app.store.files import atomic_write_json

    name = " ".join(os.path.basename(given or "").split())[:MAX_NAME]
    if not name:
        return
    names = upload_names(stored.parent)
    if names.get(stored.name) != name:
        atomic_write_json(stored.parent / NAMES_FILE, {**names, stored.name: name})


def upload_names(uploads: Path) -> dict[str, str]:
    """{stored file name: the name it was uploaded as}; empty if none is known or the file is unreadable."""
    import json

    try:
        data = json.loads((uploads / NAMES_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def shown_name(path: Path) -> str:
    """How to name a footage file to a reviewer: an upload by the name it came with and the start
    of its hash ('final.mp4 · upload fb2366ec'), anything else by its own name."""
    given = upload_names(path.parent).get(path.name)
    return f"{given} · upload {path.stem[:8]}" if given else path.name
