"""What the product keeps, behind one interface: match documents, footage received, evidence cases,
training records, and reviewers with their roles.

    store = open_store(verdicts=SEASON)      # $POLO_REVIEW_STORE, else the folders of `review_app.config`
    store = open_store("postgresql://reviewer@db/polo", verdicts=SEASON)
    store.matches.save(doc)                  # the one way to save; or open_matches(location), open_footage(...)

`verdicts` is the judge of the verdict rows a store keeps and counts a season with (`checker.season.SEASON`),
handed in by whoever opens the store, so the store never imports the checker (tests/test_layers.py). A store
opened without one keeps and saves documents all the same; it refuses only to count a season.

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

from review_app.store.errors import DatabaseError, StoreError, Unavailable

if TYPE_CHECKING:
    from review_app.config import Folders
    from review_app.model.recordings import FootageRegister
    from review_app.store.base import EvidenceStore, FootageStore, MatchStore, RecordStore, Store, VerdictJudge

Location = str | os.PathLike


def is_database(location: object) -> bool:
    from review_app.store.postgres.db import is_database as database_url

    return database_url(os.fspath(location) if isinstance(location, os.PathLike) else str(location))


def shown(location: object) -> str:
    """`location` as it may be shown and logged: a URL of any kind without its password; a path as it is."""
    from review_app.store.postgres.db import shown as shown_url

    return shown_url(os.fspath(location) if isinstance(location, os.PathLike) else str(location))


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


def _database_store(url: str, files: Location | None = None, verdicts: VerdictJudge | None = None) -> Store:
    from review_app.store.postgres import DatabaseStore

    return DatabaseStore.open(url, shared_folders(files), verdicts)


def open_matches(location: Location, *, verdicts: VerdictJudge | None = None) -> MatchStore:
    """The match documents at `location` (a folder of JSON files, or a database URL); `verdicts`: as
    `open_store`. A folder of documents alone has no evidence cases beside it: its verdicts are the documents'."""
    if is_database(location):
        return _database_store(str(location), verdicts=verdicts).matches
    _files(location)
    from review_app.store.filestore import FileMatchStore

    return FileMatchStore(_path(location), verdicts)


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
    from review_app.store.filestore.evidence import store_root

    if location is None and configured():
        return open_store(configured()).evidence
    if location is not None and is_database(location):
        return _database_store(str(location)).evidence
    root = store_root(location)
    _files(root)
    from review_app.store.filestore.evidence import FileEvidenceStore
    from review_app.store.training import FileRoster

    return FileEvidenceStore(_path(root), FileRoster(folders().reviewers))


def open_records(location: Location) -> RecordStore:
    """One record at `location` (a JSON file)."""
    _files(location)
    from review_app.store.filestore import FileRecords

    return FileRecords(_path(location))


def open_register(folders: Folders) -> FootageRegister:
    """The register of footage kept by path in the workspace of `folders` (`model.recordings.FootageRegister`)."""
    from review_app.model.recordings import FootageRegister

    return FootageRegister(open_records(folders.registered))


def open_store(location: Folders | Location | None = None, *, evidence: Location | None = None,
               files: Location | None = None, verdicts: VerdictJudge | None = None) -> Store:
    """Everything the product keeps at `location`: a database URL, a folder laid out as `Folders.rooted`, or
    `Folders`; by default $POLO_REVIEW_STORE, else the configured folders (`config.folders()`).
    `files`: for a database, the shared folder of its footage and evidence bytes. `verdicts`: the judge of the
    verdict rows and season counts (`checker.season.SEASON`), which reads each match with its evidence case."""
    from review_app.config import Folders, folders

    where = location if location is not None else (configured() or folders())
    if not isinstance(where, Folders):
        if is_database(where):
            return _database_store(str(where), files, verdicts)
        _files(where)
        where = Folders.rooted(_path(where))
    from review_app.store.filestore import FileFootageStore, FileMatchStore, FileStore
    from review_app.store.filestore.evidence import FileEvidenceStore, store_root
    from review_app.store.training import FileRoster, FileTrainingRecords

    roster = FileRoster(where.reviewers)
    cases = FileEvidenceStore(_path(store_root(evidence or where.evidence)), roster)
    return FileStore(str(where.annotations.parent if where.evidence else where.annotations),
                     FileMatchStore(where.annotations, verdicts, cases), FileFootageStore(where.uploads),
                     cases, FileTrainingRecords(where.scores, roster), roster, where)


__all__ = ["DatabaseError", "StoreError", "Unavailable", "configured", "is_database", "open_evidence", "open_footage",
           "open_matches", "open_records", "open_register", "open_store", "shared_folders", "shown"]
