"""Each trainee's attempts, kept across sessions by the store's training records (`store.base.TrainingRecords`:
a JSON file written atomically under its lock on files, rows in a database), summarised per trainee.

Two sessions may record at the same moment; neither attempt is lost (one `update` under the lock on files,
one row each in a database). A damaged or unreadable file is never overwritten: it is reported as an error.
The store enforces the roles: a trainee reads only their own attempts once a roster exists, and the pages
pass as `viewer` only a person who signed in (`training.people`), never a name typed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


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
    """`records`: the store's training records (`store.base.TrainingRecords`, `store.open_store().training`),
    opened by the caller; a record that cannot be read raises the store's `RecordsError`.
    `viewer`: the person reading (default: each trainee reads their own)."""

    def __init__(self, records, viewer: str | None = None):
        self.records = records
        self.viewer = viewer

    # -- reading ------------------------------------------------------------------------
    def attempts(self, name: str) -> list[dict]:
        return self.records.attempts(name, viewer=self.viewer)

    def trainees(self) -> list[str]:
        return self.records.trainees(viewer=self.viewer)

    def has_record(self, name: str) -> bool:
        """Whether attempts are kept under `name` (it says no more than that: they stay unreadable)."""
        return self.records.has_attempts(name)

    def everyone(self) -> dict[str, list[dict]]:
        """Every trainee's attempts the viewer may see, by name (a coach sees them all)."""
        return {n: self.records.attempts(n, viewer=self.viewer) for n in self.trainees()}

    def summary(self, name: str) -> TraineeSummary:
        return summarise(name, self.attempts(name))

    # -- writing ------------------------------------------------------------------------
    def record(self, name: str, attempt: Mapping) -> TraineeSummary:
        """Add one attempt for `name` (stamped with the time) and return the trainee's totals."""
        self.records.record(name, dict(attempt))
        return self.summary(name)


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
