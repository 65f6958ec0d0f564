"""Training records on files: every trainee's attempts and the teaching examples coaches approved, in
one JSON file changed under its lock (`ground.files`), and the roster of reviewers in another. The
database keeps the same in tables (`store.postgres.people`); both enforce the roles (`ground.roles`).

    {"version": 1, "trainees": {"<key>": {"name": "...", "attempts": [...]}},
     "approved": {"<match id>/<event id>": {"by": "...", "at": "...", "fingerprint": "...", "withdrawn": false}}}

The roster: {"people": {"<key>": {"name": "...", "roles": [...], "passphrase": {salted scrypt hash}}}}.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.ground.roles import COACH, Person, Rules, checked_name, checked_roles, person_key
from review_app.ground.text import checked_attempt, checked_question, refuse_nul

STORE_VERSION = 1


class RecordsError(PoloReviewError):
    """A record file that cannot be read as what it should hold (it is left as it is)."""


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class FileRoster:
    """Reviewers and their roles, in one JSON file ({"people": {"<key>": {"name", "roles"}}})."""

    def __init__(self, path: str | os.PathLike):
        from review_app.store.filestore import FileRecords

        self.path = Path(path)
        self._file = FileRecords(self.path)

    def _update(self, change) -> None:
        """Change the file, readable by its owner alone: it holds the passphrases' hashes (a replaced file keeps
        its mode, so an older world-readable one is closed too)."""
        self._file.update(change)
        os.chmod(self.path, 0o600)

    def _read(self, data=None) -> dict:
        if data is None:
            try:
                data = self._file.read()
            except (OSError, ValueError) as exc:
                raise RecordsError(f"cannot read the reviewers ({exc})", path=self.path) from None
        if data is None:
            return {"people": {}}
        if not isinstance(data, dict) or not isinstance(data.get("people"), dict):
            raise RecordsError("not a file of reviewers", path=self.path)
        return data

    def people(self) -> list[Person]:
        return sorted((Person(p["name"], frozenset(p["roles"])) for p in self._read()["people"].values()),
                      key=lambda p: person_key(p.name))

    def set_roles(self, name: str, roles) -> Person:
        name, roles = checked_name(name), checked_roles(roles)

        def change(data):
            data = self._read(data)
            if roles:
                kept = data["people"].get(person_key(name)) or {}
                data["people"][person_key(name)] = {**kept, "name": name, "roles": sorted(roles)}
            else:
                data["people"].pop(person_key(name), None)
            return data

        self._update(change)
        return Person(name, roles)

    def passphrase(self, name: str) -> dict | None:
        entry = self._read()["people"].get(person_key(name))
        secret = entry.get("passphrase") if entry else None
        return secret if isinstance(secret, dict) else None

    def set_passphrase(self, name: str, secret: dict) -> None:
        def change(data):
            data = self._read(data)
            entry = data["people"].get(person_key(name))
            if entry is None:
                raise RecordsError(f"{' '.join(name.split())} is not on the roster of reviewers", path=self.path)
            entry["passphrase"] = dict(secret)
            return data

        self._update(change)


class FileTrainingRecords:
    """Attempts and approvals in one JSON file; `rules` (over the roster) says who may see and approve."""

    def __init__(self, path: str | os.PathLike, roster):
        from review_app.store.filestore import FileRecords

        self.path = Path(path)
        self._file = FileRecords(self.path)
        self.rules = Rules(roster)

    def _checked(self, data: object | None) -> dict:
        if data is None:
            return {"version": STORE_VERSION, "trainees": {}}
        if not isinstance(data, dict) or not isinstance(data.get("trainees"), dict):
            raise RecordsError("not a training score file", path=self.path)
        if int(data.get("version", 0)) > STORE_VERSION:
            raise RecordsError(f"written by a newer polo-review (version {data.get('version')})", path=self.path)
        return data

    def _read(self) -> dict:
        try:
            return self._checked(self._file.read())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordsError(f"cannot read the training scores ({exc})", path=self.path) from None

    def attempts(self, trainee: str, *, viewer: str | None = None) -> list[dict]:
        self.rules.require_sight(viewer, trainee)
        entry = self._read()["trainees"].get(person_key(trainee))
        return list(entry["attempts"]) if entry else []

    def trainees(self, *, viewer: str | None = None) -> list[str]:
        names = sorted((t.get("name") or k) for k, t in self._read()["trainees"].items())
        return [n for n in names if self.rules.may_see(viewer, n)]

    def has_attempts(self, trainee: str) -> bool:
        return bool((self._read()["trainees"].get(person_key(trainee)) or {}).get("attempts"))

    def record(self, trainee: str, attempt: Mapping) -> None:
        key = person_key(trainee)
        if not key:
            raise RecordsError("a trainee needs a name")
        trainee = checked_name(trainee)
        attempt = checked_attempt(dict(attempt))

        def add(data: object | None) -> dict:
            data = self._checked(data)
            entry = data["trainees"].setdefault(key, {"name": " ".join(trainee.split()), "attempts": []})
            entry["attempts"].append({**attempt, "at": now_text()})
            data["version"] = STORE_VERSION
            return data

        try:
            self._file.update(add)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordsError(f"cannot read the training scores ({exc})", path=self.path) from None

    def approve(self, question: str, by: str, fingerprint: str | None = None) -> None:
        """Make the event `question` ("<match id>/<event id>") a teaching example: a coach's call."""
        self._approval(question, by, {"fingerprint": fingerprint, "withdrawn": False})

    def withdraw(self, question: str, by: str) -> None:
        self._approval(question, by, {"fingerprint": None, "withdrawn": True})

    def _approval(self, question: str, by: str, what: dict) -> None:
        by, question = checked_name(by), checked_question(question)
        self.rules.require(by, COACH, "approve teaching examples")

        def add(data: object | None) -> dict:
            data = self._checked(data)
            entry: dict[str, object] = {"by": by, "at": now_text()}
            if what["fingerprint"]:
                entry["fingerprint"] = what["fingerprint"]
            if what["withdrawn"]:
                entry["withdrawn"] = True
            data.setdefault("approved", {})[question] = entry
            return data

        self._file.update(add)

    def approvals(self) -> dict[str, dict]:
        return {q: {"by": a["by"], "at": a.get("at"), "fingerprint": a.get("fingerprint"),
                    "withdrawn": bool(a.get("withdrawn"))}
                for q, a in (self._read().get("approved") or {}).items()}

    def approved(self) -> dict[str, str]:
        """{question: the coach who approved it}, withdrawn ones left out."""
        return {q: a["by"] for q, a in self.approvals().items() if not a["withdrawn"]}

    # -- copying -------------------------------------------------------------------------------------
    def export(self) -> dict:
        """Everything, as the file holds it (for `store copy`)."""
        return self._read()

    def import_(self, data: dict) -> None:
        """Take every attempt and approval of `data` (an `export`), into an empty record."""
        data = self._checked(data)
        refuse_nul(data, "the training records")

        def put(old):
            if self._checked(old)["trainees"]:
                raise RecordsError("the training records here are not empty; a copy never mixes two", path=self.path)
            return data

        self._file.update(put)
