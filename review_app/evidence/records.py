"""The evidence interface of a store, as the evidence process uses it: an `EvidenceStore` hands out each
match's `CaseRecords` (originals, working copies, the case log). The implementations are the store's
(`store.filestore.evidence` on files, `store.postgres.evidence` in a database); `store.base` names these
same protocols among the store's interfaces. They are declared here, below the store, because the process
(`case`, `verify`, `repair`) and the checker are handed one and never import the store.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Protocol, runtime_checkable


class CaseLogStore(Protocol):
    """The append-only log of one evidence case (`evidence.log.CaseLog` reads and chains it)."""

    @property
    def path(self) -> Path | str:
        """Names the log in messages (a file, or the database case)."""
        ...

    def raw(self) -> bytes: ...

    def entries(self) -> list[dict]: ...

    def locked(self) -> contextlib.AbstractContextManager[list[dict]]:
        """Hold the case: its entries as read, with no other writer until the block ends."""
        ...

    def append(self, entries: list[dict], type_: str, by: str, data: dict, at: datetime) -> dict: ...

    def held(self) -> contextlib.AbstractContextManager[bytes]:
        """Hold the case: its bytes as they are, damaged or not (to repair a cut last line)."""
        ...

    def replace_cut(self, complete: bytes, entries: list[dict], type_: str, by: str, data: dict,
                    at: datetime) -> dict:
        """In one atomic step: the log's bytes before a cut last line, then one new entry."""
        ...

    def restore_raw(self, raw: bytes) -> None:
        """Give a case with no log the log `raw` (a copy from another store), byte for byte."""
        ...


class CaseRecords(Protocol):
    """One match's evidence case: originals, working copies and the log; the files of the case are under
    `path` (on a database store too: the shared storage every server mounts)."""

    @property
    def match_id(self) -> str: ...

    @property
    def root(self) -> Path: ...

    @property
    def path(self) -> Path: ...

    @property
    def log(self) -> CaseLogStore: ...

    def ingest(self, src: Path, ext: str, recorded: Callable[[str], str | None] = ...,
               ) -> tuple[str, int, Path, bool]: ...

    def make_working_copy(self, original: Path, sha256: str) -> Path: ...

    def stored_originals(self) -> list[Path]: ...


@runtime_checkable
class EvidenceStore(Protocol):
    """Every match's evidence case (a case with no log yet is still handed out: empty)."""

    def case(self, match_id: str) -> CaseRecords: ...

    def cases(self) -> list[str]:
        """The match ids of the cases kept."""
        ...
