"""The evidence store: per match, the originals as received (content-addressed, read-only), the
working copies derived from them, and the case log.

    <store>/<match-id>/originals/<sha256>.<ext>   read-only (0444), never modified
    <store>/<match-id>/working/<sha256>.<ext>     copies for viewing; each records its parent's hash
    <store>/<match-id>/case.jsonl                 the case log

An original is named by its content's hash, never by the name it was presented under, so the same
file received twice lands on the same name and two different files can never overwrite each other.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from review_app.config import DEFAULT_EVIDENCE, ENV_EVIDENCE
from review_app.evidence.errors import EvidenceError
from review_app.evidence.log import CaseLog
from review_app.ground.files import READ_ONLY, durable_replace, file_sha256, fsync_dir, incoming, safe_extension

__all__ = ["READ_ONLY", "CaseFolder", "evidence_extension", "file_sha256", "fsync_dir", "is_read_only", "store_root"]

ENV_STORE = ENV_EVIDENCE
DEFAULT_STORE = DEFAULT_EVIDENCE


def store_root(option: str | os.PathLike | None = None) -> Path:
    """--store, else $POLO_REVIEW_EVIDENCE, else ./evidence_store."""
    return Path(option or os.environ.get(ENV_STORE) or DEFAULT_STORE)


def evidence_extension(name: str) -> str:
    """The presented name's extension if it is a plain one (it helps players pick a demuxer), else 'bin'."""
    return (safe_extension(name) or ".bin").lstrip(".")


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
    def log(self) -> CaseLog:
        """The case log; with originals stored, a missing log is a lost record (see `CaseLog`)."""
        return CaseLog(self.log_path, orphans=self.stored_originals, roster=self.roster)

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


def is_read_only(path: Path) -> bool:
    return not (path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))

