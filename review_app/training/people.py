"""Trainees and coaches: who may open which training record.

Each person has a name and a passphrase, kept as a salted scrypt hash (`hashlib.scrypt`, a memory-hard
key derivation function from Python's standard library) in one small JSON record of the workspace.
Signing in returns a `Person`; the score store and the coach's views take a `Person`, never a name
typed in, so one trainee cannot open another's record by typing their name.

A new trainee chooses their own passphrase the first time. A name that already has scores but no
passphrase (kept before passphrases existed) waits for a coach to set one, so nobody can claim it.
The first coach account is created by whoever opens the Coach page first on a new workspace; later
coaches are added by a coach, and a coach can reset a trainee's forgotten passphrase.

Limits, as the pages say them: this protects records within the app on one machine. Anyone who can
read the workspace folder can read the scores (they are not encrypted); passphrases cannot be
recovered, only reset by a coach; there is no lockout, though each guess costs a deliberate tenth of a second.
Plain module.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.i18n import Message
from review_app.store import open_records

TRAINEE, COACH = "trainee", "coach"
ROLES = (TRAINEE, COACH)
MIN_PASSPHRASE = 8
MAX_PASSPHRASE = 1024
NAME_MAX = 200
# scrypt's cost: 2**14 x 8 x 128 bytes = 16 MB of memory and about 0.1 s per guess (N=2**14, r=8, p=1:
# the minimum OWASP's password storage guidance gives for scrypt).
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
DKLEN = 32
VERSION = 1


class PeopleError(PoloReviewError):
    """A sign-in or enrolment refused, said as one line the page translates."""

    def __init__(self, message: Message, path: object | None = None):
        self.message = message
        super().__init__(str(message), path=path)


@dataclass(frozen=True)
class Person:
    """Someone signed in (or just enrolled): what the score store and the coach's views ask for."""

    key: str
    name: str
    role: str

    @property
    def is_coach(self) -> bool:
        return self.role == COACH


def person_key(name: str) -> str:
    return " ".join((name or "").split()).casefold()


def _clean_name(name: str) -> str:
    text = " ".join((name or "").split())
    if not text:
        raise PeopleError(Message("give a name"))
    if len(text) > NAME_MAX:
        raise PeopleError(Message("the name is longer than {max} characters", max=NAME_MAX))
    return text


def _check_passphrase(passphrase: str) -> None:
    if len(passphrase or "") < MIN_PASSPHRASE:
        raise PeopleError(Message("a passphrase needs at least {n} characters", n=MIN_PASSPHRASE))
    if len(passphrase) > MAX_PASSPHRASE:
        raise PeopleError(Message("the passphrase is longer than {n} characters", n=MAX_PASSPHRASE))


def _hash(passphrase: str, salt: bytes, params: dict) -> bytes:
    n, r, p = int(params["n"]), int(params["r"]), int(params["p"])
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=DKLEN,
                          maxmem=2 * 128 * n * r + (1 << 20))


def hashed(passphrase: str) -> dict:
    salt = secrets.token_bytes(16)
    return {"kdf": "scrypt", **SCRYPT, "salt": salt.hex(), "hash": _hash(passphrase, salt, SCRYPT).hex()}


def matches(passphrase: str, stored: dict) -> bool:
    try:
        salt, expected = bytes.fromhex(stored["salt"]), bytes.fromhex(stored["hash"])
        got = _hash(passphrase, salt, stored)
    except (KeyError, ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


_DUMMY = {"kdf": "scrypt", **SCRYPT, "salt": "00" * 16, "hash": "00" * DKLEN}


class People:
    """The workspace's trainees and coaches, in one JSON record changed under its lock."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.records = open_records(self.path)

    def _people(self) -> dict[str, dict]:
        try:
            data = self.records.read()
        except (OSError, ValueError) as exc:
            raise PoloReviewError(f"cannot read the people record ({exc})", path=self.path) from None
        if data is None:
            return {}
        if not isinstance(data, dict) or not isinstance(data.get("people"), dict):
            raise PoloReviewError("not a people record", path=self.path)
        return data["people"]

    def _change(self, change: Callable[[dict[str, dict]], None]) -> None:
        def update(data: object | None) -> dict:
            people = dict(data["people"]) if isinstance(data, dict) and isinstance(data.get("people"), dict) else {}
            change(people)
            return {"version": VERSION, "people": people}

        self.records.update(update)

    def everyone(self) -> list[Person]:
        return sorted((Person(k, v.get("name") or k, v.get("role", TRAINEE)) for k, v in self._people().items()),
                      key=lambda p: (p.role != COACH, p.name.casefold()))

    def find(self, name: str) -> Person | None:
        entry = self._people().get(person_key(name))
        return Person(person_key(name), entry.get("name") or name, entry.get("role", TRAINEE)) if entry else None

    def has_coach(self) -> bool:
        return any(p.get("role") == COACH for p in self._people().values())

    def sign_in(self, name: str, passphrase: str, role: str | None = None) -> Person:
        """The person, if the passphrase is theirs; one line that says no more than "no" otherwise."""
        entry = self._people().get(person_key(name))
        if entry is None:
            matches(passphrase or "", _DUMMY)  # the same cost whether or not the name exists
            raise PeopleError(Message("that name and passphrase do not match"))
        if not matches(passphrase or "", entry.get("secret") or {}):
            raise PeopleError(Message("that name and passphrase do not match"))
        person = Person(person_key(name), entry.get("name") or name, entry.get("role", TRAINEE))
        if role == COACH and not person.is_coach:
            raise PeopleError(Message("{name} is not a coach", name=person.name))
        return person

    def enrol(self, name: str, passphrase: str, *, role: str = TRAINEE, by: Person | None = None,
              has_scores: bool = False) -> Person:
        """A new person. A trainee enrols themself under a new name; a name that has scores from before
        passphrases needs a coach (`by`). The first coach enrols themself; later ones need a coach."""
        name = _clean_name(name)
        _check_passphrase(passphrase)
        if role not in ROLES:
            raise ValueError(role)
        key = person_key(name)
        by_coach = by is not None and by.is_coach

        def add(people: dict[str, dict]) -> None:
            if key in people:
                raise PeopleError(Message("{name} has a passphrase already; sign in, or ask a coach to reset it",
                                          name=name))
            if role == COACH and not by_coach and any(p.get("role") == COACH for p in people.values()):
                raise PeopleError(Message("only a coach can add another coach"))
            if role == TRAINEE and has_scores and not by_coach:
                raise PeopleError(Message("{name} has training scores from before passphrases; a coach sets the "
                                          "first passphrase on the Coach page", name=name))
            people[key] = {"name": name, "role": role, "secret": hashed(passphrase),
                           "created_utc": datetime.now(UTC).isoformat(timespec="seconds"),
                           "created_by": by.name if by else name}

        self._change(add)
        return Person(key, name, role)

    def set_passphrase(self, name: str, passphrase: str, by: Person) -> Person:
        """A coach sets (or resets) someone's passphrase; a name without one is enrolled as a trainee."""
        if not by.is_coach:
            raise PeopleError(Message("only a coach can set someone else's passphrase"))
        name = _clean_name(name)
        _check_passphrase(passphrase)
        key = person_key(name)
        role = TRAINEE

        def reset(people: dict[str, dict]) -> None:
            nonlocal role
            entry = people.get(key) or {"name": name, "role": TRAINEE,
                                        "created_utc": datetime.now(UTC).isoformat(timespec="seconds"),
                                        "created_by": by.name}
            role = entry.get("role", TRAINEE)
            people[key] = {**entry, "secret": hashed(passphrase),
                           "reset_utc": datetime.now(UTC).isoformat(timespec="seconds"), "reset_by": by.name}

        self._change(reset)
        return Person(key, name, role)
