"""What the product keeps, behind one interface: match documents, footage received, evidence cases
and training records.

    store = open_store()                     # the folders of `review_app.config`, as files
    store.matches.save(doc)                  # or open_matches(folder), open_footage(folder), ...

The interfaces are in `store.base`; files on disk (`store.filestore`) are the default and the only
implementation today. A location is a folder (or file) path; a location written as a URL names
another implementation (`postgresql://...`), which these factories are the one place to add.
`store.files` holds the one atomic write, the one lock and the one file hash every writer uses.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from review_app.errors import PoloReviewError

if TYPE_CHECKING:
    from review_app.config import Folders
    from review_app.store.base import EvidenceStore, FootageStore, MatchStore, RecordStore, Store

Location = str | os.PathLike


class StoreError(PoloReviewError):
    """A store location this installation cannot open."""


def _files(location: Location) -> bool:
    """Whether `location` is a path (the file store) rather than the URL of another implementation."""
    text = os.fspath(location)
    scheme, sep, _ = text.partition("://")
    if not sep or scheme == "file":
        return True
    raise StoreError(f"no store implementation for {scheme}:// locations (only folders are supported)")


def _path(location: Location):
    from pathlib import Path

    text = os.fspath(location)
    return Path(text.removeprefix("file://"))


def open_matches(location: Location) -> MatchStore:
    """The match documents at `location` (a folder of JSON files)."""
    _files(location)
    from review_app.store.filestore import FileMatchStore

    return FileMatchStore(_path(location))


def open_footage(location: Location) -> FootageStore:
    """The footage received at `location` (the uploads folder)."""
    _files(location)
    from review_app.store.filestore import FileFootageStore

    return FileFootageStore(_path(location))


def open_evidence(location: Location | None = None) -> EvidenceStore:
    """The evidence cases at `location`; by default --store's fallbacks ($POLO_REVIEW_EVIDENCE, ./evidence_store)."""
    from review_app.evidence.store import store_root

    root = store_root(location)
    _files(root)
    from review_app.store.filestore import FileEvidenceStore

    return FileEvidenceStore(_path(root))


def open_records(location: Location) -> RecordStore:
    """One record (the training scores) at `location` (a JSON file)."""
    _files(location)
    from review_app.store.filestore import FileRecords

    return FileRecords(_path(location))


def open_store(location: Folders | None = None, *, evidence: Location | None = None) -> Store:
    """Everything the product keeps, for the folders of `location` (default: `config.folders()`)."""
    from review_app.config import folders
    from review_app.store.filestore import FileStore

    where = location or folders()
    return FileStore(open_matches(where.annotations), open_footage(where.uploads), open_evidence(evidence),
                     open_records(where.scores))


__all__ = ["StoreError", "open_evidence", "open_footage", "open_matches", "open_records", "open_store"]
