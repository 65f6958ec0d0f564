"""The store on PostgreSQL, for a federation's servers sharing one truth: the same interfaces as the
file store (`store.base`), opened with a `postgresql://` location.

    matches.py    match documents, their revisions and their events' verdicts (season counts)
    evidence.py   evidence cases: the append-only, hash-chained log in rows; originals on shared storage
    footage.py    footage received: the registry by SHA-256; the bytes on shared storage
    people.py     reviewers and roles, training attempts, teaching examples, small records
    schema.py     the database's own schema, kept by Alembic migrations (`polo-review store migrate`)
    db.py         connections (psycopg 3, a small pool per URL) and errors in one line

Needs the `postgres` extra: pip install 'polo-review[postgres]'.
"""

from __future__ import annotations

from dataclasses import dataclass

from review_app.config import Folders
from review_app.store.base import EvidenceStore, FootageStore, MatchStore, Roster, TrainingRecords, VerdictJudge
from review_app.store.postgres.db import Database, database, is_database, shown

__all__ = ["DatabaseStore", "is_database", "shown"]


@dataclass(frozen=True)
class DatabaseStore:
    location: str
    matches: MatchStore
    footage: FootageStore
    evidence: EvidenceStore
    training: TrainingRecords
    people: Roster
    folders: Folders  # the shared storage: footage and evidence bytes; where documents' relative paths resolve
    db: Database

    @classmethod
    def open(cls, url: str, shared: Folders, verdicts: VerdictJudge | None = None) -> DatabaseStore:
        """The store at `url`, its bytes in `shared`; `verdicts`: as `store.open_store`."""
        from review_app.store.filestore.evidence import store_root
        from review_app.store.postgres.evidence import DatabaseEvidenceStore
        from review_app.store.postgres.footage import DatabaseFootageStore
        from review_app.store.postgres.matches import DatabaseMatchStore
        from review_app.store.postgres.people import DatabaseRoster, DatabaseTrainingRecords
        from review_app.store.postgres.schema import require_current

        db = database(url, require_current)
        roster = DatabaseRoster(db)
        cases = DatabaseEvidenceStore(db, store_root(shared.evidence), roster)
        return cls(url, DatabaseMatchStore(db, shared.annotations, verdicts, cases),
                   DatabaseFootageStore(db, shared.uploads), cases, DatabaseTrainingRecords(db, roster), roster,
                   shared, db)
