"""Storing an uploaded recording safely: the stored name is the content's SHA-256 plus a
whitelisted extension, inside the uploads folder; nothing of the uploaded file's name reaches
the file system but its extension, checked against a fixed list. The storing itself is the
footage store's, handed in by the caller (`review_app.store.open_footage`, `store.footage`): nothing
here opens a store. Plain module: no streamlit.
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


def store_upload(stream: BinaryIO, filename: str, size: int, uploads, *, max_bytes: int,
                 progress: Callable[[float], None] | None = None) -> Path:
    """Copy `stream` into the footage store `uploads` as <sha256><ext>, hashing as it goes; return the stored
    path.

    The copy goes to a temporary file in the same folder and is renamed into place, so a
    failed upload leaves nothing behind and an identical upload lands on the same name.
    """
    ext = upload_extension(filename)
    if size > max_bytes:
        raise UploadError(f"the file is {size / 2**20:.0f} MB; the upload limit is {max_bytes / 2**20:.0f} MB "
                          "(put larger recordings in the footage folder)")
    return uploads.receive(stream, ext, limit=max_bytes, expected=size, refuse=UploadError, progress=progress)


# -- the names people know their uploads by ------------------------------------------------------
# Kept beside the uploads as data (by the footage store), shown as a label; never used as a path.
def remember_name(stored: Path, given: str, footage) -> None:
    """Note that `stored` was uploaded as `given` (the latest upload of the same bytes names it);
    `footage`: the footage store that received it."""
    footage.remember_name(stored, given)


def upload_names(uploads) -> dict[str, str]:
    """{stored file name: the name it was uploaded as}; empty if none is known or the file is unreadable.
    `uploads`: the footage store."""
    return uploads.names()


def shown_name(path: Path, footage) -> str:
    """How to name a footage file to a reviewer: an upload by the name it came with and the start
    of its hash ('final.mp4 · upload fb2366ec'), anything else by its own name. `footage`: the
    footage store uploads are received in (a file elsewhere is no upload of it)."""
    given = upload_names(footage).get(path.name) if Path(footage.folder) == path.parent else None
    return f"{given} · upload {path.stem[:8]}" if given else path.name
