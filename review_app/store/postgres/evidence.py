"""Evidence cases with a database: the case log's entries are rows of PostgreSQL, append-only (a trigger
refuses UPDATE, DELETE and TRUNCATE of them), each holding the entry's canonical JSON line byte for
byte; the originals, working copies and repair files stay in the case's folder on the shared storage
every server mounts, and the originals are registered by SHA-256.

`raw()` gives exactly the bytes the file store's case.jsonl would hold (each row's line and a newline,
in line order), so `verify` checks a database case as it checks a file: a row whose line was forged
breaks its hash, rows put out of order break the chain. A case is held by a PostgreSQL advisory lock
for the whole read-decide-append of an operation, across servers; each append commits at once, as a
file append is durable at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from review_app.evidence.canonical import canonical
from review_app.evidence.errors import LogDamaged
from review_app.evidence.log import CaseLog, split_cut
from review_app.store.filestore.evidence import CaseFolder
from review_app.store.postgres.db import Database, shown


class DatabaseCaseLog(CaseLog):
    """The log of one case, in the database (`evidence.records.CaseLogStore`, read as `evidence.log.CaseLog`)."""

    def __init__(self, db: Database, match_id: str, orphans: Callable[[], list[Path]] | None = None, roster=None):
        self.db = db
        self._match_id = match_id
        self.orphans = orphans
        self.roster = roster
        self.path = f"{shown(db.url)} case {match_id}"  # names the log in messages (never a file)
        self._conn = None  # the connection holding the case's lock, inside `locked()` / `held()`

    @property
    def match_id(self) -> str:
        return self._match_id

    def _read(self, conn) -> bytes:
        lines = conn.execute("SELECT line FROM evidence_log WHERE match_id = %s ORDER BY line_no",
                             (self._match_id,)).fetchall()
        cut = conn.execute("SELECT bytes FROM evidence_log_cut WHERE match_id = %s", (self._match_id,)).fetchone()
        return b"".join(bytes(line) + b"\n" for (line,) in lines) + (bytes(cut[0]) if cut else b"")

    def raw(self) -> bytes:
        if self._conn is not None:
            return self._read(self._conn)
        with self.db.connection() as conn:
            return self._read(conn)

    @contextlib.contextmanager
    def _holding(self) -> Iterator:
        with self.db.connection() as conn:
            conn.autocommit = True  # each append commits on its own; the advisory lock spans them
            conn.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", (f"polo-review case {self._match_id}",))
            self._conn = conn
            try:
                yield conn
            finally:
                self._conn = None
                conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))",
                             (f"polo-review case {self._match_id}",))
                conn.autocommit = False

    @contextlib.contextmanager
    def locked(self) -> Iterator[list[dict]]:
        with self._holding():
            yield self.entries()

    @contextlib.contextmanager
    def held(self) -> Iterator[bytes]:
        with self._holding():
            yield self.raw()

    def _insert(self, conn, entries: list[dict], entry: dict) -> None:
        with conn.transaction():
            conn.execute("INSERT INTO evidence_cases (match_id) VALUES (%s) ON CONFLICT DO NOTHING",
                         (self._match_id,))
            (count,) = conn.execute("SELECT count(*) FROM evidence_log WHERE match_id = %s",
                                    (self._match_id,)).fetchone()
            if count != len(entries):  # written by someone not holding the case: nothing is added to it
                raise LogDamaged(f"the log holds {count} entries where {len(entries)} were read; nothing was "
                                 "recorded: run `polo-review evidence verify`", path=self.path)
            conn.execute("INSERT INTO evidence_log (match_id, line_no, line) VALUES (%s, %s, %s)",
                         (self._match_id, len(entries) + 1, canonical(entry)))

    def append(self, entries: list[dict], type_: str, by: str, data: dict, at: datetime) -> dict:
        self.allowed(type_, by, data)
        entry = self.entry(entries, type_, by, data, at)
        if self._conn is not None:
            self._insert(self._conn, entries, entry)
        else:
            with self._holding() as conn:
                self._insert(conn, entries, entry)
        entries.append(entry)
        return entry

    def replace_cut(self, complete: bytes, entries: list[dict], type_: str, by: str, data: dict,
                    at: datetime) -> dict:
        """The cut last line (carried over from files: the database never cuts one) is dropped from the
        case and the repair entry appended, in one transaction."""
        entry = self.entry(entries, type_, by, data, at)
        conn = self._conn
        if conn is None:
            raise RuntimeError("replace_cut is called under held()")
        with conn.transaction():
            now_complete, _cut = split_cut(self._read(conn))
            if now_complete != complete:
                raise LogDamaged("the log changed while it was being repaired; nothing was changed", path=self.path)
            conn.execute("DELETE FROM evidence_log_cut WHERE match_id = %s", (self._match_id,))
            conn.execute("INSERT INTO evidence_log (match_id, line_no, line) VALUES (%s, %s, %s)",
                         (self._match_id, len(entries) + 1, canonical(entry)))
        entries.append(entry)
        return entry

    def restore_raw(self, raw: bytes) -> None:
        """Give an empty case the log `raw` (a copy from another store), line for line, a cut last line kept."""
        complete, cut = split_cut(raw)
        lines = complete.split(b"\n")[:-1] if complete else []
        with self.db.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                         (f"polo-review case {self._match_id}",))
            if self._read(conn):
                raise LogDamaged("the case already has a log here; it is never replaced", path=self.path)
            conn.execute("INSERT INTO evidence_cases (match_id) VALUES (%s) ON CONFLICT DO NOTHING",
                         (self._match_id,))
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO evidence_log (match_id, line_no, line) VALUES (%s, %s, %s)",
                                [(self._match_id, n, line) for n, line in enumerate(lines, start=1)])
            if cut:
                conn.execute("INSERT INTO evidence_log_cut (match_id, bytes) VALUES (%s, %s)", (self._match_id, cut))


@dataclass(frozen=True)
class DatabaseCase(CaseFolder):
    """A case whose log is in the database and whose files are in `<root>/<match-id>/` on shared storage."""

    db: Database = field(kw_only=True, compare=False)

    @property
    def log(self) -> DatabaseCaseLog:
        return DatabaseCaseLog(self.db, self.match_id, orphans=self.stored_originals, roster=self.roster)

    def ingest(self, src: Path, ext: str, recorded: Callable[[str], str | None] = lambda sha: None,
               ) -> tuple[str, int, Path, bool]:
        sha, size, stored, restored = super().ingest(src, ext, recorded)
        with self.db.connection() as conn:
            conn.execute("INSERT INTO evidence_originals (match_id, sha256, stored, size) VALUES (%s, %s, %s, %s) "
                         "ON CONFLICT DO NOTHING",
                         (self.match_id, sha, stored.relative_to(self.path).as_posix(), size))
        return sha, size, stored, restored


class DatabaseEvidenceStore:
    def __init__(self, db: Database, root: str | Path, roster=None):
        self.db = db
        self.root = Path(root)
        self.roster = roster

    def case(self, match_id: str) -> DatabaseCase:
        return DatabaseCase(self.root, match_id, self.roster, db=self.db)

    def cases(self) -> list[str]:
        with self.db.connection() as conn:
            return [r[0] for r in conn.execute("SELECT match_id FROM evidence_cases ORDER BY match_id")]

    def register_originals(self, match_id: str, originals: list[tuple[str, str, int]]) -> None:
        """Record (sha256, stored relative to the case folder, size) of originals copied in from another store."""
        with self.db.connection() as conn, conn.cursor() as cur:
            cur.executemany("INSERT INTO evidence_originals (match_id, sha256, stored, size) VALUES (%s, %s, %s, %s) "
                            "ON CONFLICT DO NOTHING", [(match_id, *o) for o in originals])
