"""Each trainee's attempts, kept across sessions in one JSON file written atomically.

A trainee's record is read and written only for a `Person` who signed in (`training.people`): never
for a name typed in. All the records at once are for a coach. Two sessions may record at the same
moment; the read-change-write is one `update` of the store's record, done under its lock
(`store.files.lock_for`, on every platform), so neither attempt is lost. A damaged or unreadable
store is never overwritten: it is reported as an error.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.store import open_records
from review_app.training.people import Person

STORE_VERSION = 1


class ScoreStoreError(PoloReviewError):
    """The score file cannot be read as a score store (it is left as it is)."""


def trainee_key(name: str) -> str:
    return " ".join((name or "").split()).casefold()


@dataclass
class TraineeSummary:
    name: str
    attempts: int = 0
    points: int = 0
    max_points: int = 0
    situations_right: int = 0
    calls_right: int = 0
    questions_seen: int = 0
    by_clause: dict = field(default_factory=dict)  # clause -> [attempts, situations right, calls right]

    @property
    def percent(self) -> float:
        return 100.0 * self.points / self.max_points if self.max_points else 0.0


class ScoreStore:
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.records = open_records(self.path)

    # -- reading ------------------------------------------------------------------------
    def _read(self) -> dict:
        try:
            data = self.records.read()
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ScoreStoreError(f"cannot read the training scores ({exc})", path=self.path) from None
        return self._checked(data)

    def _checked(self, data: object | None) -> dict:
        if data is None:
            return {"version": STORE_VERSION, "trainees": {}}
        if not isinstance(data, dict) or not isinstance(data.get("trainees"), dict):
            raise ScoreStoreError("not a training score file", path=self.path)
        if int(data.get("version", 0)) > STORE_VERSION:
            raise ScoreStoreError(f"written by a newer polo-review (version {data.get('version')})", path=self.path)
        return data

    def attempts(self, person: Person) -> list[dict]:
        """The signed-in trainee's own attempts."""
        entry = self._read()["trainees"].get(_key_of(person))
        return list(entry["attempts"]) if entry else []

    def has_record(self, name: str) -> bool:
        """Whether scores are kept under `name` (they stay unreadable without signing in)."""
        return trainee_key(name) in self._read()["trainees"]

    def trainees(self) -> list[str]:
        return sorted((t.get("name") or k) for k, t in self._read()["trainees"].items())

    def everyone(self, coach: Person) -> dict[str, list[dict]]:
        """Every trainee's attempts, by name: for a coach only."""
        if not coach.is_coach:
            raise ScoreStoreError(f"{coach.name} is not a coach: only a coach sees every trainee's record")
        return {(t.get("name") or k): list(t.get("attempts") or []) for k, t in self._read()["trainees"].items()}

    def summary(self, person: Person) -> TraineeSummary:
        return summarise(person.name, self.attempts(person))

    # -- writing ------------------------------------------------------------------------
    def record(self, person: Person, attempt: Mapping) -> TraineeSummary:
        """Add one attempt for the signed-in trainee (stamped with the time) and return their totals."""
        key, name = _key_of(person), person.name
        if not key:
            raise ScoreStoreError("a trainee needs a name")

        def add(data: object | None) -> dict:
            data = self._checked(data)
            entry = data["trainees"].setdefault(key, {"name": " ".join(name.split()), "attempts": []})
            entry["attempts"].append({**attempt, "at": datetime.now(UTC).isoformat(timespec="seconds")})
            data["version"] = STORE_VERSION
            return data

        try:
            self.records.update(add)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ScoreStoreError(f"cannot read the training scores ({exc})", path=self.path) from None
        return self.summary(person)


def _key_of(person: Person) -> str:
    if not isinstance(person, Person):
        raise TypeError("the score store opens a record only for a Person who signed in (training.people)")
    return trainee_key(person.name)


def summarise(name: str, attempts: list[dict]) -> TraineeSummary:
    """A trainee's totals and their results by clause."""
    out = TraineeSummary(name)
    seen = set()
    for a in attempts:
        out.attempts += 1
        out.points += int(a.get("points", 0))
        out.max_points += int(a.get("max_points", 0))
        out.situations_right += bool(a.get("situation_correct"))
        out.calls_right += bool(a.get("call_correct"))
        seen.add(a.get("question"))
        row = out.by_clause.setdefault(a.get("situation"), [0, 0, 0])
        row[0] += 1
        row[1] += bool(a.get("situation_correct"))
        row[2] += bool(a.get("call_correct"))
    out.questions_seen = len(seen)
    return out
