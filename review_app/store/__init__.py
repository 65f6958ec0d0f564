"""What the product keeps, behind one interface: match documents, footage received, evidence cases,
training records, and reviewers with their roles.

    store = open_store()                     # $POLO_REVIEW_STORE, else the folders of `review_app.config`
    store = open_store("postgresql://reviewer@db/polo")
    store.matches.save(doc)                  # or open_matches(location), open_footage(location), ...

The interfaces are in `store.base`. A location is a folder (or file) path, the file store
(`store.filestore`), the default; or a `postgresql://` URL, the database store (`store.postgres`),
whose footage and evidence bytes stay on storage every server mounts ($POLO_REVIEW_FILES, a folder
laid out like a file store's, else the configured folders). These factories are the one place that
tells the two apart: callers never know which they hold.
`ground.files` holds the one atomic write, the one lock and the one file hash every writer uses.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from review_app.errors import PoloReviewError

if TYPE_CHECKING:
    from review_app.config import Folders
    from review_app.model.document import MatchDocument
    from review_app.store.base import EvidenceStore, FootageStore, MatchStore, RecordStore, Store

Location = str | os.PathLike


class StoreError(PoloReviewError):
    """A store location this installation cannot open."""


# The judge of verdicts a store keeps season counts with (`checker.season.SEASON`), handed in by the layer
# that opens stores (the command line, the app), so that the store saves the rows it is handed and never
# imports the checker (the checker sits below the store: tests/test_layers.py).
_judge: list = []


def hand_verdicts(judge) -> None:
    """Give every store opened from now on `judge` (`rows(doc)`, `count_documents(docs, start, end)`,
    `counted(rows)`) for the verdict rows of a saved document and the season counts."""
    _judge[:] = [judge]


def verdict_judge():
    """The judge handed in (`hand_verdicts`); StoreError if none was."""
    if not _judge:
        raise StoreError("no verdict judge handed to the store (call review_app.store.hand_verdicts first)")
    return _judge[0]


def is_database(location: object) -> bool:
    from review_app.store.postgres.db import is_database as database_url

    return database_url(os.fspath(location) if isinstance(location, os.PathLike) else str(location))


def _files(location: Location) -> bool:
    """Whether `location` is a path (the file store) rather than the URL of another implementation."""
    text = os.fspath(location)
    scheme, sep, _ = text.partition("://")
    if not sep or scheme == "file":
        return True
    raise StoreError(f"no store implementation for {scheme}:// locations (folders and postgresql:// URLs are)")


def _path(location: Location) -> Path:
    return Path(os.fspath(location).removeprefix("file://"))


def configured() -> str | None:
    """The store named by $POLO_REVIEW_STORE, if any."""
    from review_app.config import ENV_STORE

    return os.environ.get(ENV_STORE) or None


def shared_folders(files: Location | None = None) -> Folders:
    """Where a database store keeps its bytes: --files / $POLO_REVIEW_FILES laid out as one folder, else the
    configured folders (footage, annotations, $POLO_REVIEW_EVIDENCE)."""
    from review_app.config import ENV_FILES, Folders, folders

    given = files or os.environ.get(ENV_FILES)
    return Folders.rooted(given) if given else folders()


def _database_store(url: str, files: Location | None = None) -> Store:
    from review_app.store.postgres import DatabaseStore

    return DatabaseStore.open(url, shared_folders(files))


def open_matches(location: Location) -> MatchStore:
    """The match documents at `location` (a folder of JSON files, or a database URL)."""
    if is_database(location):
        return _database_store(str(location)).matches
    _files(location)
    from review_app.store.filestore import FileMatchStore

    return FileMatchStore(_path(location))


def open_footage(location: Location) -> FootageStore:
    """The footage received at `location` (the uploads folder, or a database URL)."""
    if is_database(location):
        return _database_store(str(location)).footage
    _files(location)
    from review_app.store.filestore import FileFootageStore

    return FileFootageStore(_path(location))


def open_evidence(location: Location | None = None) -> EvidenceStore:
    """The evidence cases at `location` (a folder of cases, or a database URL); by default those of the store
    $POLO_REVIEW_STORE names, else --store's fallbacks ($POLO_REVIEW_EVIDENCE, ./evidence_store)."""
    from review_app.config import folders
    from review_app.evidence.store import store_root

    if location is None and configured():
        return open_store(configured()).evidence
    if location is not None and is_database(location):
        return _database_store(str(location)).evidence
    root = store_root(location)
    _files(root)
    from review_app.store.filestore import FileEvidenceStore
    from review_app.store.training import FileRoster

    return FileEvidenceStore(_path(root), FileRoster(folders().reviewers))


def open_records(location: Location) -> RecordStore:
    """One record at `location` (a JSON file)."""
    _files(location)
    from review_app.store.filestore import FileRecords

    return FileRecords(_path(location))


def save_document(doc: MatchDocument, path: Location | None = None) -> MatchDocument:
    """Save `doc` back to the store it was read from (its database, or the folder of its file; `path`: another
    file), atomically, raising the revision; RevisionConflict if it changed since `doc` was read. For callers
    that hold a document and no store (the command line, a page); a caller holding the store saves with
    `store.matches.save(doc)`."""
    if doc.origin is not None and path is None:  # read from a database: saved back there
        return open_matches(doc.origin).save(doc)
    target = Path(path or doc.path)
    return open_matches(target.parent).save(doc, str(target))


def open_register(folders: Folders):
    """The register of footage kept by path in the workspace of `folders` (`model.recordings.FootageRegister`)."""
    from review_app.model.recordings import FootageRegister

    return FootageRegister(open_records(folders.registered))


def open_store(location: Folders | Location | None = None, *, evidence: Location | None = None,
               files: Location | None = None) -> Store:
    """Everything the product keeps at `location`: a database URL, a folder laid out as `Folders.rooted`, or
    `Folders`; by default $POLO_REVIEW_STORE, else the configured folders (`config.folders()`).
    `files`: for a database, the shared folder of its footage and evidence bytes."""
    from review_app.config import Folders, folders

    where = location if location is not None else (configured() or folders())
    if not isinstance(where, Folders):
        if is_database(where):
            return _database_store(str(where), files)
        _files(where)
        where = Folders.rooted(_path(where))
    from review_app.evidence.store import store_root
    from review_app.store.filestore import FileEvidenceStore, FileFootageStore, FileMatchStore, FileStore
    from review_app.store.training import FileRoster, FileTrainingRecords

    roster = FileRoster(where.reviewers)
    return FileStore(str(where.annotations.parent if where.evidence else where.annotations),
                     FileMatchStore(where.annotations), FileFootageStore(where.uploads),
                     FileEvidenceStore(_path(store_root(evidence or where.evidence)), roster),
                     FileTrainingRecords(where.scores, roster), roster, where)


__all__ = ["StoreError", "configured", "hand_verdicts", "is_database", "open_evidence", "open_footage",
           "open_matches", "open_records", "open_register", "open_store", "save_document", "shared_folders",
           "verdict_judge"]
