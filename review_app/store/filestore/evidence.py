"""Evidence cases on files: per match, the originals as received (content-addressed, read-only), the
working copies derived from them, and the case log (`evidence.log` says what an entry is; this module
keeps it in one file, appended under the one lock of `ground.files`).

    <store>/<match-id>/originals/<sha256>.<ext>   read-only (0444), never modified
    <store>/<match-id>/working/<sha256>.<ext>     copies for viewing; each records its parent's hash
    <store>/<match-id>/case.jsonl                 the case log

An original is named by its content's hash, never by the name it was presented under, so the same
file received twice lands on the same name and two different files can never overwrite each other.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from review_app.config import DEFAULT_EVIDENCE, ENV_EVIDENCE
from review_app.evidence.canonical import canonical
from review_app.evidence.errors import EvidenceError, LogDamaged
from review_app.evidence.log import CaseLog
from review_app.evidence.records import CaseLogStore
from review_app.ground.files import atomic_write_bytes, durable_replace, file_sha256, fsync_dir, incoming, lock_for
from review_app.model.document import MATCH_ID

__all__ = ["CaseFolder", "FileCaseLog", "FileEvidenceStore", "store_root"]


def store_root(option: str | os.PathLike | None = None) -> Path:
    """--store, else $POLO_REVIEW_EVIDENCE, else ./evidence_store."""
    return Path(option or os.environ.get(ENV_EVIDENCE) or DEFAULT_EVIDENCE)


class FileCaseLog(CaseLog):
    """The log file of one case, with its lock."""

    def __init__(self, path: Path, orphans: Callable[[], list[Path]] | None = None, roster: object = None):
        self.path: Path = Path(path)
        self.orphans = orphans
        self.roster = roster

    @property
    def match_id(self) -> str:
        return self.path.parent.name

    def raw(self) -> bytes:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return b""

    @contextlib.contextmanager
    def locked(self) -> Iterator[list[dict]]:
        """Hold the case exclusively: read its entries, decide, append, with no one in between."""
        with lock_for(self.path):
            yield self.entries()

    @contextlib.contextmanager
    def held(self) -> Iterator[bytes]:
        """Hold the case exclusively and read its bytes as they are, damaged or not (for `repair`)."""
        with lock_for(self.path):
            yield self.raw()

    def replace_cut(self, complete: bytes, entries: list[dict], type_: str, by: str, data: dict,
                    at: datetime) -> dict:
        """The log becomes `complete` (its bytes before a cut last line, holding `entries`) and one new entry,
        in one atomic, durable step (under `held()`): a crash leaves the log as it was, still cut, or
        repaired with the entry that says so, never cut short without a word."""
        entry = self.entry(entries, type_, by, data, at)
        atomic_write_bytes(self.path, complete + canonical(entry) + b"\n")
        entries.append(entry)
        return entry

    def restore_raw(self, raw: bytes) -> None:
        """Give a case with no log the log `raw` (a copy from another store), byte for byte."""
        if self.raw():
            raise LogDamaged("the case already has a log here; it is never replaced", path=self.path)
        atomic_write_bytes(self.path, raw)

    def append(self, entries: list[dict], type_: str, by: str, data: dict, at: datetime) -> dict:
        """Append one entry after `entries` (as read under `locked()`) with one write and fsync; returns it."""
        self.allowed(type_, by, data)
        entry = self.entry(entries, type_, by, data, at)
        line = canonical(entry) + b"\n"
        new = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            written = os.write(fd, line)
            if written != len(line):  # a full disk: the short line is left for verify to report
                raise LogDamaged(f"could only write {written} of {len(line)} bytes", path=self.path)
            os.fsync(fd)
        finally:
            os.close(fd)
        if new:
            fsync_dir(self.path.parent)
        entries.append(entry)
        return entry


@dataclass(frozen=True)
class CaseFolder:
    root: Path
    match_id: str
    roster: object = field(default=None, compare=False, repr=False)  # the reviewers whose roles the log enforces

    @property
    def path(self) -> Path:
        return self.root / self.match_id

    @property
    def originals(self) -> Path:
        return self.path / "originals"

    @property
    def working(self) -> Path:
        return self.path / "working"

    @property
    def log_path(self) -> Path:
        return self.path / "case.jsonl"

    @property
    def log(self) -> CaseLogStore:
        """The case log; with originals stored, a missing log is a lost record (see `CaseLog`)."""
        return FileCaseLog(self.log_path, orphans=self.stored_originals, roster=self.roster)

    def original(self, sha256: str, ext: str) -> Path:
        return self.originals / f"{sha256}.{ext}"

    def ingest(self, src: Path, ext: str, recorded: Callable[[str], str | None] = lambda sha: None,
               ) -> tuple[str, int, Path, bool]:
        """Copy `src` into the originals, hashing what is copied; (sha256, size, stored path, restored).

        Copied to a temporary name, flushed, then renamed to its hash: a crash leaves no file under
        a hash name that does not hold that content. `recorded(sha)` is where the log says an original
        with that hash is kept (relative to the case folder), if anywhere. A stored file is never
        replaced: one that still matches its hash is left as it is; one that no longer does is refused
        (the evidence of the alteration is kept for `verify`); a recorded original that has gone is put
        back from these bytes, which have its hash (`restored`).
        """
        with open(src, "rb") as fin, incoming(fin, self.originals, f".{ext}", refuse=EvidenceError) as got:
            sha = got.sha256
            where = recorded(sha)
            final = self.path / where if where else self.original(sha, ext)
            existing = final if final.exists() else None
            if where is None and existing is None:
                existing = next(iter(self.originals.glob(f"{sha}.*")), None)
            if existing is not None:
                if not existing.is_file() or file_sha256(existing) != sha:
                    raise EvidenceError("this stored original no longer matches its hash; nothing was recorded and "
                                        "nothing replaced; run `polo-review evidence verify`", path=existing)
                return sha, got.size, existing, False
            got.place(final, read_only=True)
            return sha, got.size, final, where is not None

    def make_working_copy(self, original: Path, sha256: str) -> Path:
        """A writable copy of an original for viewing in other tools; the original stays untouched."""
        self.working.mkdir(parents=True, exist_ok=True)
        out = self.working / original.name
        tmp = self.working / f".{original.name}.{os.getpid()}.partial"
        shutil.copyfile(original, tmp)
        if file_sha256(tmp) != sha256:
            tmp.unlink()
            raise EvidenceError("the original no longer matches its hash; run `polo-review evidence verify`",
                                path=original)
        os.chmod(tmp, 0o644)
        durable_replace(tmp, out)
        return out

    def stored_originals(self) -> list[Path]:
        if not self.originals.is_dir():
            return []
        return sorted(p for p in self.originals.iterdir() if not p.name.startswith("."))


class FileEvidenceStore:
    """Evidence cases as folders: `<root>/<match-id>/` (see the module)."""

    def __init__(self, root: str | os.PathLike, roster: object = None):
        self.root = Path(root)
        self.roster = roster

    def case(self, match_id: str) -> CaseFolder:
        return CaseFolder(self.root, match_id, self.roster)

    def cases(self) -> list[str]:
        """The match ids with a case folder here."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and MATCH_ID.match(p.name))
