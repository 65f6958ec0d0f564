"""Signing in with a passphrase: who may open which training record, on one machine without [auth].

The people are the store's roster of reviewers (`store.roles`: names and roles, on files or in the
database); each may have a passphrase, kept there as a salted scrypt hash (`hashlib.scrypt`, a
memory-hard key derivation function from Python's standard library). Signing in returns the roster's
`Person`; the Training and Coach pages pass only a person signed in to the store as the viewer, never a
name typed in, so one trainee cannot open another's record by typing their name (the store's roles do
the refusing). Where the deployment configures sign-in ([auth]), the account is the identity instead.

A new trainee chooses their own passphrase the first time. A name that already has scores but no
passphrase (kept before passphrases existed) waits for a coach to set one, so nobody can claim it.
The first coach account is created by whoever opens the Coach page first on a new workspace; later
coaches are added by a coach, and a coach can reset a trainee's forgotten passphrase.

Enrolling puts a person on the roster, and from then on the store enforces every role (`polo-review
people` gives committee members theirs). Limits, as the pages say them: this protects records within
the app. Anyone who can read the workspace folder or the database can read the scores (they are not
encrypted); passphrases cannot be recovered, only reset by a coach; there is no lockout, though each
guess costs a deliberate tenth of a second.
Plain module.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from review_app.errors import PoloReviewError
from review_app.i18n import Message
from review_app.store.roles import COACH, TRAINEE, Person, person_key

MIN_PASSPHRASE = 8
MAX_PASSPHRASE = 1024
NAME_MAX = 200
# scrypt's cost: 2**14 x 8 x 128 bytes = 16 MB of memory and about 0.1 s per guess (N=2**14, r=8, p=1:
# the minimum OWASP's password storage guidance gives for scrypt).
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
DKLEN = 32


class PeopleError(PoloReviewError):
    """A sign-in or enrolment refused, said as one line the page translates."""

    def __init__(self, message: Message, path: object | None = None):
        self.message = message
        super().__init__(str(message), path=path)


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
    """Passphrases over the store's roster of reviewers (`store.base.Roster`)."""

    def __init__(self, roster):
        self.roster = roster

    def everyone(self) -> list[Person]:
        return sorted(self.roster.people(), key=lambda p: (not p.is_coach, p.name.casefold()))

    def find(self, name: str) -> Person | None:
        key = person_key(name)
        return next((p for p in self.roster.people() if person_key(p.name) == key), None)

    def has_passphrase(self, name: str) -> bool:
        return self.roster.passphrase(name) is not None

    def has_coach(self) -> bool:
        """Whether a coach can sign in (has a passphrase)."""
        return any(p.is_coach and self.has_passphrase(p.name) for p in self.roster.people())

    def sign_in(self, name: str, passphrase: str, role: str | None = None) -> Person:
        """The person, if the passphrase is theirs; one line that says no more than "no" otherwise."""
        person = self.find(name)
        secret = self.roster.passphrase(name) if person is not None else None
        if secret is None:
            matches(passphrase or "", _DUMMY)  # the same cost whether or not the name exists
            raise PeopleError(Message("that name and passphrase do not match"))
        if not matches(passphrase or "", secret):
            raise PeopleError(Message("that name and passphrase do not match"))
        if role == COACH and not person.is_coach:
            raise PeopleError(Message("{name} is not a coach", name=person.name))
        return person

    def enrol(self, name: str, passphrase: str, *, role: str = TRAINEE, by: Person | None = None,
              has_scores: bool = False) -> Person:
        """A new person with a passphrase. A trainee enrols themself under a new name; a name that has
        scores from before passphrases, or is on the roster without one, needs a coach (`by`). The first
        coach enrols themself; later ones need a coach."""
        name = _clean_name(name)
        _check_passphrase(passphrase)
        if role not in (TRAINEE, COACH):
            raise ValueError(role)
        by_coach = by is not None and by.is_coach
        known = self.find(name)
        if known is not None and self.has_passphrase(name):
            raise PeopleError(Message("{name} has a passphrase already; sign in, or ask a coach to reset it",
                                      name=name))
        if role == COACH and not by_coach and self.has_coach():
            raise PeopleError(Message("only a coach can add another coach"))
        if role == TRAINEE and not by_coach and known is not None:
            raise PeopleError(Message("{name} is on the roster of reviewers without a passphrase; a coach sets the "
                                      "first passphrase on the Coach page", name=name))
        if role == TRAINEE and not by_coach and has_scores:
            raise PeopleError(Message("{name} has training scores from before passphrases; a coach sets the "
                                      "first passphrase on the Coach page", name=name))
        roles = (known.roles if known else frozenset()) | {role}
        self.roster.set_roles(name, roles)
        self.roster.set_passphrase(name, hashed(passphrase))
        return Person(name, frozenset(roles))

    def set_passphrase(self, name: str, passphrase: str, by: Person) -> Person:
        """A coach sets (or resets) someone's passphrase; a name not on the roster joins it as a trainee."""
        if not by.is_coach:
            raise PeopleError(Message("only a coach can set someone else's passphrase"))
        name = _clean_name(name)
        _check_passphrase(passphrase)
        person = self.find(name)
        if person is None:
            person = self.roster.set_roles(name, {TRAINEE})
        self.roster.set_passphrase(person.name, hashed(passphrase))
        return person
