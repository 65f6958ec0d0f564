"""The file implementation of the store interfaces (`store.base`): plain folders and JSON files,
written with the one atomic write and changed under the one lock of `ground.files`.

    <annotations>/<match-id>.json            match documents (any *.json below the folder is listed)
    <uploads>/<sha256><ext>                  footage received, read-only; .names.json: the names it came with
    <evidence>/<match-id>/...                evidence cases (`store.filestore.evidence`)
    <data>/training-scores.json              training records
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from review_app.errors import PoloReviewError
from review_app.ground.files import (
    atomic_create_bytes,
    atomic_write_bytes,
    atomic_write_json,
    incoming,
    json_bytes,
    lock_for,
)
from review_app.ground.text import refuse_nul, refuse_nul_body
from review_app.model.document import MATCH_ID, MatchDocument
from review_app.model.errors import DocumentError
from review_app.model.io import find_documents, load_document, merge_saved, validate
from review_app.model.merge import MergeResult
from review_app.store.base import (
    EvidenceStore,
    FootageStore,
    MatchStore,
    Roster,
    TrainingRecords,
    VerdictJudge,
    judge_of,
)
from review_app.store.filestore.evidence import FileEvidenceStore  # the cases: a module of their own

if TYPE_CHECKING:
    from review_app.config import Folders

__all__ = ["FileEvidenceStore", "FileFootageStore", "FileMatchStore", "FileRecords", "FileStore"]

log = logging.getLogger(__name__)


class FileMatchStore:
    """Match documents as JSON files in one folder (and its subfolders)."""

    def __init__(self, folder: str | os.PathLike, verdicts: VerdictJudge | None = None,
                 evidence: EvidenceStore | None = None):
        """`verdicts`: the judge of season counts (`store.open_store`); `evidence`: the cases the counts read
        each match with (the store's, beside these documents)."""
        self.folder = Path(folder)
        self.verdicts = verdicts
        self.evidence = evidence

    @property
    def location(self) -> str:
        return str(self.folder)

    def scan(self) -> Iterator[tuple[str, MatchDocument | PoloReviewError]]:
        if not self.folder.is_dir():
            return
        for path in find_documents([self.folder]):
            try:
                yield str(path), load_document(path)
            except PoloReviewError as exc:
                yield str(path), exc

    def documents(self) -> list[MatchDocument]:
        return [doc for _, doc in self.scan() if isinstance(doc, MatchDocument)]

    def load(self, key: str) -> MatchDocument:
        return load_document(Path(key))

    def find(self, match_id: str) -> MatchDocument | None:
        direct = self.folder / f"{match_id}.json"
        if direct.is_file():
            try:
                doc = load_document(direct)
            except PoloReviewError as exc:  # the file named like the id is broken: another may hold the id
                log.debug("skipping %s while looking for %s: %s", direct, match_id, exc)
            else:
                if doc.match_id == match_id:
                    return doc
        return next((doc for doc in self.documents() if doc.match_id == match_id), None)

    def save(self, doc: MatchDocument, key: str | None = None) -> MatchDocument:
        where = key or doc.path
        if where is None:
            raise DocumentError("a document made in memory has no file to save to: name one (`key`), or `create` it")
        target = Path(where)
        with lock_for(target):  # the revision check, the merge and the write, with no other save in between
            data, merged = self._merged(target, doc)
            refuse_nul(data, "the match document", target)
            validate(data, target)
            text = json_bytes(data)
            atomic_write_bytes(target, text)
        return MatchDocument(data, target, data["revision"], text, merged)

    def _merged(self, target: Path, doc: MatchDocument) -> tuple[dict, MergeResult | None]:
        """What to write: `doc` itself, or `doc` merged with what others saved since it was read."""
        on_disk = None
        if target.exists():
            try:
                on_disk = json.loads(target.read_text("utf-8"))
            except (OSError, ValueError) as exc:  # a broken file holds no revision to protect: replace it
                log.warning("%s: unreadable before save (%s); it is replaced", target, exc)
        if not isinstance(on_disk, dict) or int(on_disk.get("revision", 0)) == doc.loaded_revision:
            return {**doc.data, "revision": doc.loaded_revision + 1}, None
        return merge_saved(target, doc, on_disk)

    def stamp(self) -> tuple:
        from review_app.model.catalog import folder_stamp

        return folder_stamp(self.folder)

    def stamp_of(self, key: str) -> tuple | None:
        """What changes when the document `key` is saved again."""
        from review_app.model.catalog import stamp

        return stamp(Path(key))

    def texts(self) -> Iterator[tuple[str, bytes]]:
        if not self.folder.is_dir():
            return
        for path in find_documents([self.folder]):
            yield path.relative_to(self.folder).as_posix(), path.read_bytes()

    def put_text(self, key: str, body: bytes) -> None:
        target = self.folder / key
        refuse_nul_body(body, f"the match document {key}")
        if not target.resolve().is_relative_to(self.folder.resolve()):
            raise DocumentError("a document's name leads outside the folder", path=key)
        with lock_for(target):
            atomic_write_bytes(target, body)

    def verdict_counts(self, start: date | None = None, end: date | None = None) -> list:
        """Every document read and checked with its evidence case, the events of [start, end] counted."""
        return judge_of(self.verdicts, self.location).count_documents(self.documents(), start, end, self.evidence)

    def create(self, data: dict) -> MatchDocument:
        match_id = str(data["match"]["id"])
        if not MATCH_ID.match(match_id):
            raise DocumentError(f"match id {match_id!r}: use letters, digits, '.', '_' or '-' (no spaces)")
        path = self.folder / f"{match_id}.json"
        data = {**data, "revision": int(data.get("revision", 0)) + 1}
        refuse_nul(data, "the match document", path)
        validate(data, path)
        text = json_bytes(data)
        # One creation at a time in the folder: the id is free in no other document (a file may be
        # named otherwise and hold it) and the file is created only if absent, with nothing in between.
        with lock_for(self.folder / "new-match"):
            holder = self.find(match_id)
            if holder is not None:
                raise DocumentError("a match document with this id exists already", path=holder.path)
            try:
                atomic_create_bytes(path, text)
            except FileExistsError:
                raise DocumentError("a match document with this id exists already", path=path) from None
        return MatchDocument(data, path, data["revision"], text)


NAMES_FILE = ".names.json"
MAX_NAME = 200


def footage_label(given: str | None) -> str:
    """The name a file came with, as kept beside it: its last path part, spaces folded, at most MAX_NAME
    characters ('' when nothing is left). A label only: a NUL (which the database cannot keep) is dropped, not
    refused."""
    return " ".join(os.path.basename(given or "").replace("\x00", "").split())[:MAX_NAME]


class FileFootageStore:
    """Footage received, in one folder: `<sha256><ext>`, read-only; the names given in `.names.json`."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)

    def receive(self, stream: BinaryIO, ext: str, *, limit: int | None = None, expected: int | None = None,
                refuse: Callable[[str], Exception] = OSError,
                progress: Callable[[float], None] | None = None) -> Path:
        with incoming(stream, self.folder, ext, limit=limit, refuse=refuse, expected=expected,
                      progress=progress) as got:
            target = self.folder / f"{got.sha256}{ext}"
            try:
                return got.place(target, read_only=True)
            except FileExistsError:  # the same bytes were received before: one file
                return target

    def receive_file(self, path: Path, ext: str, name: str | None = None) -> Path:
        with open(path, "rb") as fh:
            stored = self.receive(fh, ext)
        if name:
            self.remember_name(stored, name)
        return stored

    def remember_name(self, stored: Path, given: str) -> None:
        """Note that `stored` came as `given` (the latest arrival of the same bytes names it)."""
        name = footage_label(given)
        if not name:
            return
        # Not under a lock: a label lost to a simultaneous upload only shows the stored name, and the
        # uploads folder holds nothing but the footage and this file.
        names = self.names()
        if names.get(stored.name) != name:
            atomic_write_json(self.folder / NAMES_FILE, {**names, stored.name: name})

    def names(self) -> dict[str, str]:
        try:
            data = json.loads((self.folder / NAMES_FILE).read_text("utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:  # the names are labels only: the footage itself is intact
            log.warning("%s: upload names unreadable (%s); showing stored names", self.folder / NAMES_FILE, exc)
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def name_of(self, stored: Path) -> str | None:
        return self.names().get(Path(stored).name)


class FileRecords:
    """One JSON record in one file, changed under its lock."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)

    def read(self) -> object | None:
        if not self.path.exists():
            return None
        return json.loads(self.path.read_text("utf-8"))

    def update(self, change: Callable[[object | None], object]) -> object:
        with lock_for(self.path):
            new = change(self.read())
            atomic_write_json(self.path, new)
        return new


@dataclass(frozen=True)
class FileStore:
    location: str
    matches: MatchStore
    footage: FootageStore
    evidence: EvidenceStore
    training: TrainingRecords
    people: Roster
    folders: Folders  # where each part is
