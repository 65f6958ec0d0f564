"""Match documents in PostgreSQL: the same interface, merge and conflict rules as the file store.

A document is a row holding its bytes as saved (so `MatchDocument.source` is the revision's text and
a copy back to files gives the same bytes), with every revision kept in `match_revisions` and its
events' verdicts in `match_events` (what season counts query). A save locks the document's row
(`SELECT ... FOR UPDATE`), so the revision check, the three-way merge (`model.io.merge_saved`, the one
rule of every store) and the write happen with no other save in between, on any server.

A document's `path` is its key under the annotations folder of the shared storage: relative footage
paths resolve from there on every server, as they would beside a file.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterator
from datetime import date
from pathlib import Path, PurePosixPath

from review_app.errors import PoloReviewError
from review_app.ground.files import json_bytes
from review_app.ground.text import refuse_nul, refuse_nul_body
from review_app.model.document import MATCH_ID, MatchDocument
from review_app.model.errors import DocumentError
from review_app.model.io import merge_saved, parse_document, validate
from review_app.store.base import EvidenceStore, VerdictJudge, judge_of
from review_app.store.postgres.db import Database

log = logging.getLogger(__name__)

NEW_MATCH_LOCK = 0x706F6C6F_0002  # one creation at a time: the id is checked free and taken with no one between


def _data_of(body: bytes) -> dict | None:
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _match_id(key: str, data: dict | None) -> str:
    match = (data or {}).get("match")
    if isinstance(match, dict) and isinstance(match.get("id"), str):
        return match["id"]
    return PurePosixPath(key).stem


def _date(data: dict | None) -> date | None:
    try:
        return date.fromisoformat(str(((data or {}).get("match") or {}).get("date") or ""))
    except ValueError:
        return None


class DatabaseMatchStore:
    """Match documents of one database; `folder` is where their paths (and relative footage paths) resolve."""

    def __init__(self, db: Database, folder: str | Path, verdicts: VerdictJudge | None = None,
                 evidence: EvidenceStore | None = None):
        """`verdicts`: the judge of each saved document's verdict rows and of season counts (`store.open_store`);
        `evidence`: the store's cases, which the counts read their matches with."""
        self.db = db
        self.location = db.url
        self.folder = Path(folder)
        self.verdicts = verdicts
        self.evidence = evidence

    # -- names ---------------------------------------------------------------------------------------
    def path_of(self, key: str) -> Path:
        return self.folder / key

    def key_of(self, doc: MatchDocument) -> str:
        if doc.path is None:
            return f"{doc.match_id}.json"
        try:
            return Path(doc.path).relative_to(self.folder).as_posix()
        except ValueError:
            return Path(doc.path).name

    def _key(self, key: str) -> str:
        """A key as `scan` gives it, or a path under the folder (what a file-store caller would pass)."""
        path = Path(key)
        if path.is_absolute():
            try:
                return path.relative_to(self.folder).as_posix()
            except ValueError:
                return path.name
        return path.as_posix()

    def _document(self, key: str, body: bytes) -> MatchDocument:
        return parse_document(bytes(body), self.path_of(key), origin=self.location)

    # -- reading -------------------------------------------------------------------------------------
    def scan(self) -> Iterator[tuple[str, MatchDocument | PoloReviewError]]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT key, body FROM match_documents ORDER BY key").fetchall()
        for key, body in rows:
            try:
                yield str(self.path_of(key)), self._document(key, body)
            except PoloReviewError as exc:
                yield str(self.path_of(key)), exc

    def documents(self) -> list[MatchDocument]:
        return [doc for _, doc in self.scan() if isinstance(doc, MatchDocument)]

    def load(self, key: str) -> MatchDocument:
        key = self._key(key)
        with self.db.connection() as conn:
            row = conn.execute("SELECT body FROM match_documents WHERE key = %s", (key,)).fetchone()
        if row is None:
            raise DocumentError("no such match document in the database", path=self.path_of(key))
        return self._document(key, row[0])

    def find(self, match_id: str) -> MatchDocument | None:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT key, body FROM match_documents WHERE match_id = %s ORDER BY key",
                                (match_id,)).fetchall()
        for key, body in rows:
            try:
                doc = self._document(key, body)
            except PoloReviewError as exc:
                log.debug("skipping %s while looking for %s: %s", key, match_id, exc)
                continue
            if doc.match_id == match_id:
                return doc
        return None

    def stamp_of(self, key: str) -> tuple | None:
        """What changes when the document `key` is saved again."""
        with self.db.connection() as conn:
            row = conn.execute("SELECT revision, saved_at FROM match_documents WHERE key = %s",
                               (self._key(key),)).fetchone()
        return tuple(row) if row else None

    def stamp(self) -> tuple:
        """What changes when any document is saved, added or removed (a cache key)."""
        with self.db.connection() as conn:
            return tuple(conn.execute("SELECT count(*), max(saved_at), coalesce(sum(revision), 0) "
                                      "FROM match_documents").fetchone())

    # -- writing -------------------------------------------------------------------------------------
    def save(self, doc: MatchDocument, key: str | None = None) -> MatchDocument:
        key = self._key(key) if key else self.key_of(doc)
        path = self.path_of(key)
        merged = None
        with self.db.connection() as conn, conn.transaction():
            row = conn.execute("SELECT body FROM match_documents WHERE key = %s FOR UPDATE", (key,)).fetchone()
            stored = _data_of(bytes(row[0])) if row else None
            if row and stored is None:  # a broken row holds no revision to protect: replaced, as a broken file is
                log.warning("%s: unreadable before save; it is replaced", path)
            if stored is None or int(stored.get("revision", 0)) == doc.loaded_revision:
                data = {**doc.data, "revision": doc.loaded_revision + 1}
            else:
                data, merged = merge_saved(path, doc, stored)
            refuse_nul(data, "the match document", path)
            validate(data, path)
            body = json_bytes(data)
            saved = MatchDocument(data, path, data["revision"], body, merged, origin=self.location)
            self._write(conn, key, body, data, saved)
        return saved

    def _write(self, conn, key: str, body: bytes, data: dict | None, doc: MatchDocument | None) -> None:
        """The row, its revision and its events' verdicts, in the caller's transaction."""
        revision = (data or {}).get("revision", 0)
        revision = revision if isinstance(revision, int) else 0
        conn.execute(
            "INSERT INTO match_documents (key, match_id, revision, body, match_date) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (key) DO UPDATE SET match_id = EXCLUDED.match_id, revision = EXCLUDED.revision, "
            "body = EXCLUDED.body, match_date = EXCLUDED.match_date, saved_at = now()",
            (key, _match_id(key, data), revision, body, _date(data)))
        conn.execute("INSERT INTO match_revisions (key, revision, body) VALUES (%s, %s, %s) "
                     "ON CONFLICT (key, revision) DO NOTHING", (key, revision, body))
        conn.execute("DELETE FROM match_events WHERE key = %s", (key,))
        if doc is not None and self.verdicts is not None:  # none: the document is judged when a season is counted
            # Judged without its evidence case: a case's decision comes after saves, so the counts judge a
            # match with a case again, as the case stands (`verdict_counts`).
            rows = self.verdicts.rows(doc)
            day = _date(data)
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO match_events (key, event_id, match_id, match_date, clause, umpire, verdict, period) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    [(key, r.event_id, doc.match_id, day, r.clause, r.umpire, r.verdict, r.period)
                     for r in rows])

    def create(self, data: dict) -> MatchDocument:
        match_id = str(data["match"]["id"])
        if not MATCH_ID.match(match_id):
            raise DocumentError(f"match id {match_id!r}: use letters, digits, '.', '_' or '-' (no spaces)")
        key = f"{match_id}.json"
        path = self.path_of(key)
        data = {**data, "revision": int(data.get("revision", 0)) + 1}
        refuse_nul(data, "the match document", path)
        validate(data, path)
        body = json_bytes(data)
        doc = MatchDocument(data, path, data["revision"], body, origin=self.location)
        with self.db.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (NEW_MATCH_LOCK,))
            holder = conn.execute("SELECT key FROM match_documents WHERE match_id = %s OR key = %s LIMIT 1",
                                  (match_id, key)).fetchone()
            if holder is not None:
                raise DocumentError("a match document with this id exists already", path=self.path_of(holder[0]))
            self._write(conn, key, body, data, doc)
        return doc

    # -- copying -------------------------------------------------------------------------------------
    def texts(self) -> Iterator[tuple[str, bytes]]:
        """Every stored document as (key relative to the collection, its bytes), readable or not."""
        with self.db.connection() as conn:
            rows = conn.execute("SELECT key, body FROM match_documents ORDER BY key").fetchall()
        for key, body in rows:
            yield key, bytes(body)

    def put_text(self, key: str, body: bytes) -> None:
        """Store `body` under `key` as it is (a copy from another store): no revision raised, no merge."""
        refuse_nul_body(body, f"the match document {key}")
        data = _data_of(body)
        try:
            doc = parse_document(body, self.path_of(key), origin=self.location)
        except PoloReviewError as exc:  # kept as it is: `scan` names it, as it names a broken file
            log.info("copied as it is, unreadable: %s", exc)
            doc = None
        with self.db.connection() as conn, conn.transaction():
            self._write(conn, key, body, data, doc)

    # -- season --------------------------------------------------------------------------------------
    def verdict_counts(self, start: date | None = None, end: date | None = None) -> list:
        """Events by clause, umpire and verdict across the matches dated in [start, end]: the rows kept at each
        save, counted by one query, except the matches judged now (`_judged_now`)."""
        judge = judge_of(self.verdicts, self.location)
        where, params = ["NOT (key = ANY(%s))"], []
        if start is not None:
            where.append("match_date >= %s")
            params.append(start)
        if end is not None:
            where.append("match_date <= %s")
            params.append(end)
        with self.db.connection() as conn:
            now = self._judged_now(conn)
            rows = conn.execute("SELECT clause, umpire, verdict, count(*) FROM match_events WHERE "
                                + " AND ".join(where) + " GROUP BY clause, umpire, verdict", [now, *params]).fetchall()
        docs = [doc for key in now for doc in self._readable(key)]
        total = Counter({(c, u, v): int(n) for c, u, v, n in rows})
        for counted in judge.count_documents(docs, start, end, self.evidence):
            total[(counted.clause, counted.umpire, counted.verdict)] += counted.events
        return judge.counted((c, u, v, n) for (c, u, v), n in total.items())

    def _judged_now(self, conn) -> list[str]:
        """The documents whose kept rows may be stale: a match with an evidence case (its decision may be newer
        than the save), and a document saved by a store opened without a judge (no rows kept)."""
        return [key for (key,) in conn.execute(
            "SELECT d.key FROM match_documents d WHERE d.match_id IN (SELECT match_id FROM evidence_cases) "
            "OR NOT EXISTS (SELECT 1 FROM match_events e WHERE e.key = d.key) ORDER BY d.key")]

    def _readable(self, key: str) -> list[MatchDocument]:
        try:
            return [self.load(key)]
        except PoloReviewError as exc:  # unreadable: counted by no store (`scan` names it)
            log.info("not counted: %s", exc)
            return []
