"""Storing an uploaded recording safely: the stored name is the content's SHA-256 plus a
whitelisted extension, inside the uploads folder; nothing of the uploaded file's name reaches
the file system but its extension, checked against a fixed list. The storing itself is the
footage store's (`review_app.store.open_footage`). Plain module: no streamlit.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from review_app.config import VIDEO_EXTENSIONS
from review_app.errors import PoloReviewError
from review_app.ground.files import safe_extension


class UploadError(PoloReviewError):
    """An upload that is refused: wrong kind of file, too large, or not a video."""


def upload_extension(filename: str) -> str:
    """The upload's extension if it is one of the video extensions accepted, else UploadError."""
    ext = safe_extension(filename, VIDEO_EXTENSIONS)
    if ext is None:
        given = os.path.splitext(filename or "")[1].lower()
        raise UploadError(f"not a video file extension ({given or 'none'}); accepted: {', '.join(VIDEO_EXTENSIONS)}")
    return ext


def _footage(where):
    """The footage store as given, or the one at a location (the uploads folder)."""
    from review_app.store import open_footage

    return where if hasattr(where, "receive") else open_footage(where)


def store_upload(stream: BinaryIO, filename: str, size: int, uploads, *, max_bytes: int,
                 progress: Callable[[float], None] | None = None) -> Path:
    """Copy `stream` to uploads/<sha256><ext>, hashing as it goes; return the stored path.

    The copy goes to a temporary file in the same folder and is renamed into place, so a
    failed upload leaves nothing behind and an identical upload lands on the same name.
    """
    ext = upload_extension(filename)
    if size > max_bytes:
        raise UploadError(f"the file is {size / 2**20:.0f} MB; the upload limit is {max_bytes / 2**20:.0f} MB "
                          "(put larger recordings in the footage folder)")
    return _footage(uploads).receive(stream, ext, limit=max_bytes, expected=size, refuse=UploadError,
                                         progress=progress)


# -- the names people know their uploads by ------------------------------------------------------
# Kept beside the uploads as data (by the footage store), shown as a label; never used as a path.
def remember_name(stored: Path, given: str, footage=None) -> None:
    """Note that `stored` was uploaded as `given` (the latest upload of the same bytes names it);
    `footage`: the footage store (default: the file store of `stored`'s folder)."""
    _footage(footage if footage is not None else stored.parent).remember_name(stored, given)


def upload_names(uploads) -> dict[str, str]:
    """{stored file name: the name it was uploaded as}; empty if none is known or the file is unreadable.
    `uploads`: the footage store, or its folder."""
    return _footage(uploads).names()


def shown_name(path: Path, footage=None) -> str:
    """How to name a footage file to a reviewer: an upload by the name it came with and the start
    of its hash ('final.mp4 · upload fb2366ec'), anything else by its own name. `footage`: the
    footage store that received it (default: the file store of its folder)."""
    store = footage if footage is not None and Path(footage.folder) == path.parent else path.parent
    given = upload_names(store).get(path.name)
    return f"{given} · upload {path.stem[:8]}" if given else path.name
