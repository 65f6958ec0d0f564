"""The demo: the sample clips and their expert documents, read-only.

The app lists the demo's matches beside the user's own. Nothing it does writes into the demo (in a
checkout it is tracked files of the repository): tagging on a demo match first copies the document,
and its clip, into the workspace (`copy_to_workspace`), and the copy is what changes. Where no
checkout ships the samples (an installed package), `samples.demo.ensure_demo` renders them into the
workspace once, as `polo-review samples` does. Plain module.
"""

from __future__ import annotations

import copy
import logging
import os
from datetime import UTC, datetime
from pathlib import Path

from review_app.config import Demo, Folders
from review_app.model.document import MatchDocument
from review_app.model.errors import DocumentError

log = logging.getLogger(__name__)


def is_demo(path: str | os.PathLike | None, folders: Folders) -> bool:
    """Whether the document at `path` is one of the demo's (never written)."""
    if path is None or folders.demo is None:
        return False
    return Path(path).resolve().is_relative_to(folders.demo.annotations.resolve())


def copy_to_workspace(doc: MatchDocument, store, demo: Demo | None, by: str | None = None) -> MatchDocument:
    """The store's own copy of a demo match, made now if there is none: the document under the same
    match id, and its clip stored with the footage received (read-only, under its SHA-256). The demo
    itself is left as it is. `store`: the app's store (`store.open_store`), on files or in a database."""
    from review_app.model.catalog import relative_footage

    matches = store.matches
    existing = matches.find(doc.match_id)
    if existing is not None:
        return existing
    data = copy.deepcopy(doc.data)
    data.pop("revision", None)
    target = Path(matches.folder) / f"{doc.match_id}.json"
    clip = _demo_clip(doc, demo)
    if clip is not None:
        stored = store.footage.receive_file(clip, clip.suffix.lower(), name=clip.name)
        footage = dict(data.get("footage") or {})
        footage["path"] = relative_footage(target, stored)
        data["footage"] = footage
        entry = {"path": footage["path"], "sha256": stored.stem, "size": stored.stat().st_size, "name": clip.name,
                 "how": "demo", "added_utc": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")}
        if by:
            entry["added_by"] = by
        for key in ("frame_count", "fps"):
            if footage.get(key) is not None:
                entry[key] = footage[key]
        data["recordings"] = [entry]
    else:
        data.pop("footage", None)
    try:
        return matches.create(data)
    except DocumentError:  # made meanwhile by another session: that copy is the one
        made = matches.find(doc.match_id)
        if made is None:
            raise
        return made


def _demo_clip(doc: MatchDocument, demo: Demo | None) -> Path | None:
    if not (doc.data.get("footage") or {}).get("path"):
        return None
    roots = (demo.footage,) if demo else ()
    try:
        path = doc.footage_path(roots)
    except DocumentError as exc:
        log.warning("%s: demo footage not copied: %s", doc.match_id, exc)
        return None
    return path if path.is_file() else None
