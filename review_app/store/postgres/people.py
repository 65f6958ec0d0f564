"""Reviewers with their roles, training attempts and approved teaching examples, in PostgreSQL; the role
rules are `ground.roles`' (the same as on files)."""

from __future__ import annotations

from collections.abc import Mapping

from psycopg.types.json import Jsonb

from review_app.ground.roles import COACH, Person, Rules, checked_name, checked_roles, person_key
from review_app.ground.text import checked_attempt, checked_question, refuse_nul
from review_app.store.postgres.db import Database
from review_app.store.training import STORE_VERSION, RecordsError, now_text


class DatabaseRoster:
    def __init__(self, db: Database):
        self.db = db

    def people(self) -> list[Person]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT name, roles FROM reviewers ORDER BY key").fetchall()
        return [Person(name, frozenset(roles)) for name, roles in rows]

    def set_roles(self, name: str, roles) -> Person:
        name, roles = checked_name(name), checked_roles(roles)
        with self.db.connection() as conn:
            if roles:
                conn.execute("INSERT INTO reviewers (key, name, roles) VALUES (%s, %s, %s) ON CONFLICT (key) "
                             "DO UPDATE SET name = EXCLUDED.name, roles = EXCLUDED.roles",
                             (person_key(name), name, sorted(roles)))
            else:
                conn.execute("DELETE FROM reviewers WHERE key = %s", (person_key(name),))
        return Person(name, roles)

    def passphrase(self, name: str) -> dict | None:
        with self.db.connection() as conn:
            row = conn.execute("SELECT passphrase FROM reviewers WHERE key = %s", (person_key(name),)).fetchone()
        return row[0] if row and isinstance(row[0], dict) else None

    def set_passphrase(self, name: str, secret: dict) -> None:
        with self.db.connection() as conn:
            done = conn.execute("UPDATE reviewers SET passphrase = %s WHERE key = %s",
                                (Jsonb(dict(secret)), person_key(name))).rowcount
        if not done:
            raise RecordsError(f"{' '.join(name.split())} is not on the roster of reviewers")


class DatabaseTrainingRecords:
    def __init__(self, db: Database, roster):
        self.db = db
        self.rules = Rules(roster)

    def attempts(self, trainee: str, *, viewer: str | None = None) -> list[dict]:
        self.rules.require_sight(viewer, trainee)
        with self.db.connection() as conn:
            rows = conn.execute("SELECT attempt FROM training_attempts WHERE trainee_key = %s ORDER BY id",
                                (person_key(trainee),)).fetchall()
        return [r[0] for r in rows]

    def trainees(self, *, viewer: str | None = None) -> list[str]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT DISTINCT ON (trainee_key) trainee FROM training_attempts "
                                "ORDER BY trainee_key, id").fetchall()
        return sorted(n for (n,) in rows if self.rules.may_see(viewer, n))

    def has_attempts(self, trainee: str) -> bool:
        with self.db.connection() as conn:
            return conn.execute("SELECT 1 FROM training_attempts WHERE trainee_key = %s LIMIT 1",
                                (person_key(trainee),)).fetchone() is not None

    def record(self, trainee: str, attempt: Mapping) -> None:
        key = person_key(trainee)
        if not key:
            raise RecordsError("a trainee needs a name")
        trainee = checked_name(trainee)
        attempt = checked_attempt(dict(attempt))
        with self.db.connection() as conn:
            conn.execute("INSERT INTO training_attempts (trainee_key, trainee, attempt) VALUES (%s, %s, %s)",
                         (key, " ".join(trainee.split()), Jsonb({**attempt, "at": now_text()})))

    def approve(self, question: str, by: str, fingerprint: str | None = None) -> None:
        self._approval(question, by, fingerprint, False)

    def withdraw(self, question: str, by: str) -> None:
        self._approval(question, by, None, True)

    def _approval(self, question: str, by: str, fingerprint: str | None, withdrawn: bool) -> None:
        by, question = checked_name(by), checked_question(question)
        self.rules.require(by, COACH, "approve teaching examples")
        with self.db.connection() as conn:
            conn.execute("INSERT INTO teaching_examples (question, approved_by, fingerprint, withdrawn) "
                         "VALUES (%s, %s, %s, %s) ON CONFLICT (question) DO UPDATE SET approved_by = "
                         "EXCLUDED.approved_by, approved_at = now(), fingerprint = EXCLUDED.fingerprint, "
                         "withdrawn = EXCLUDED.withdrawn", (question, by, fingerprint, withdrawn))

    def approvals(self) -> dict[str, dict]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT question, approved_by, approved_at, fingerprint, withdrawn "
                                "FROM teaching_examples").fetchall()
        return {q: {"by": by, "at": at.isoformat(timespec="seconds"), "fingerprint": fp, "withdrawn": w}
                for q, by, at, fp, w in rows}

    def approved(self) -> dict[str, str]:
        return {q: a["by"] for q, a in self.approvals().items() if not a["withdrawn"]}

    # -- copying -------------------------------------------------------------------------------------
    def export(self) -> dict:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT trainee_key, trainee, attempt FROM training_attempts ORDER BY id").fetchall()
            approved = conn.execute("SELECT question, approved_by, approved_at, fingerprint, withdrawn "
                                    "FROM teaching_examples ORDER BY question").fetchall()
        trainees: dict = {}
        for key, name, attempt in rows:
            trainees.setdefault(key, {"name": name, "attempts": []})["attempts"].append(attempt)
        out = {"version": STORE_VERSION, "trainees": trainees}
        if approved:
            out["approved"] = {q: {"by": by, "at": at.isoformat(timespec="seconds"),
                                   **({"fingerprint": fp} if fp else {}), **({"withdrawn": True} if w else {})}
                               for q, by, at, fp, w in approved}
        return out

    def import_(self, data: dict) -> None:
        refuse_nul(data, "the training records")
        with self.db.connection() as conn, conn.transaction():
            if conn.execute("SELECT 1 FROM training_attempts LIMIT 1").fetchone():
                raise RecordsError("the training records in the database are not empty; a copy never mixes two")
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO training_attempts (trainee_key, trainee, attempt) VALUES (%s, %s, %s)",
                                [(key, t.get("name") or key, Jsonb(a))
                                 for key, t in (data.get("trainees") or {}).items() for a in t.get("attempts", [])])
                cur.executemany("INSERT INTO teaching_examples (question, approved_by, approved_at, fingerprint, "
                                "withdrawn) VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                                [(q, a["by"], a["at"], a.get("fingerprint"), bool(a.get("withdrawn")))
                                 for q, a in (data.get("approved") or {}).items()])

