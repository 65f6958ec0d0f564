"""Signing in with a passphrase: who may open which training record, on one machine without [auth].

The people are the store's roster of reviewers (`ground.roles`: names and roles, on files or in the
database); each may have a passphrase, kept there as a salted scrypt hash (`hashlib.scrypt`, a
memory-hard key derivation function from Python's standard library). Signing in returns the roster's
`Person`; the Training and Coach pages pass only a person signed in to the store as the viewer, never a
name typed in, so one trainee cannot open another's record by typing their name (the store's roles do
the refusing). Where the deployment configures sign-in ([auth]), the account is the identity instead.

A new trainee chooses their own passphrase the first time. A name that already has scores but no
passphrase (kept before passphrases existed) waits for a coach to set one, so nobody can claim it.
The first coach account can be made only while nobody holds any role, and then only from the machine
the app runs on or with the set-up code `polo-review app` prints when it starts (`first_coach_allowed`);
later coaches are added by a coach, and a coach can reset a trainee's forgotten passphrase. A role given
on the command line (`polo-review people NAME --role ROLE`) comes with a passphrase typed there or a
one-time code (`issue_code`) that its holder turns into a passphrase of their own (`redeem`); a code
is kept hashed like a passphrase and opens nothing by itself.

Enrolling puts a person on the roster, and from then on the store enforces every role (`polo-review
people` gives committee members theirs). Limits, as the pages say them: this protects records within
the app. Anyone who can read the workspace folder or the database can read the scores (they are not
encrypted); passphrases cannot be recovered, only reset by a coach. Guessing is slowed: after
`FREE_FAILURES` failed sign-ins for a name, or from an address, each further try waits a delay that doubles
(`Throttle`, up to `MAX_DELAY_S`), and every failure says the same line, whatever was wrong. A passphrase
of the commonest kind (`password`, `12345678`, the name itself) is refused.
Plain module.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time

from review_app.errors import PoloReviewError
from review_app.ground.roles import COACH, COMMITTEE, TRAINEE, Person, person_key
from review_app.i18n import Message

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


# The commonest passwords of 8 characters or more in published breach lists, and their kind: refused outright.
COMMON = frozenset({"password", "password1", "password123", "passw0rd", "12345678", "123456789", "1234567890",
                    "qwertyuiop", "qwerty123", "iloveyou", "11111111", "00000000", "abcdefgh", "abc12345",
                    "football", "baseball", "sunshine", "princess", "welcome1", "letmein1", "trustno1",
                    "superman", "starwars", "contraseña", "polopolo", "changeme", "administrator", "asdfghjk"})
MIN_DISTINCT = 5  # characters a passphrase uses at least: "aaaaaaaa" and "abababab" guess at once


def _check_passphrase(passphrase: str, name: str | None = None) -> None:
    if len(passphrase or "") < MIN_PASSPHRASE:
        raise PeopleError(Message("a passphrase needs at least {n} characters", n=MIN_PASSPHRASE))
    if len(passphrase) > MAX_PASSPHRASE:
        raise PeopleError(Message("the passphrase is longer than {n} characters", n=MAX_PASSPHRASE))
    plain = passphrase.casefold()
    letters = "".join(ch for ch in plain if ch.isalpha())
    if plain in COMMON or len(set(plain)) < MIN_DISTINCT or (
            name and letters == "".join(ch for ch in name.casefold() if ch.isalpha())):  # the name, and digits
        raise PeopleError(Message("that passphrase is among the first any guesser tries (a common password, "
                                  "too few different characters, or the name): choose a longer phrase"))


FREE_FAILURES = 3  # failed sign-ins for a name, or from an address, before each further try waits
MAX_DELAY_S = 300  # the longest wait: 2 s after the fourth failure, doubling to five minutes


class Throttle:
    """Failed sign-ins per name and per address, in this process: after `FREE_FAILURES`, a try before the
    delay has run out is refused unchecked (so guesses sent in parallel, from many sessions, gain nothing)."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, tuple[int, float]] = {}  # key -> (failures, when the last one was)

    def wait_s(self, keys) -> float:
        now = self.clock()
        with self._lock:
            waits = [last + min(MAX_DELAY_S, 2 ** (n - FREE_FAILURES)) - now
                     for n, last in (self._failures.get(k, (0, 0.0)) for k in keys) if n >= FREE_FAILURES]
        return max([0.0, *waits])

    def failed(self, keys) -> None:
        now = self.clock()
        with self._lock:
            for k in keys:
                n, _ = self._failures.get(k, (0, now))
                self._failures[k] = (n + 1, now)

    def succeeded(self, name_key: str) -> None:
        with self._lock:
            self._failures.pop(name_key, None)


THROTTLE = Throttle()  # one per server process: every session's sign-ins count together
REFUSED = Message("that name and passphrase do not match, or do not open this")


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
ONCE = "once"  # a stored secret with this key set is a one-time code, not a passphrase
ENV_SETUP_CODE = "POLO_REVIEW_SETUP_CODE"  # where older versions passed the code: removed from the app's environment
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or copied by hand
CODE_LENGTH = 12  # 60 bits: each guess costs a scrypt; one in 2**60 is not guessed


def new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def _code_text(code: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(ch for ch in (code or "").upper() if ch.isalnum())


SETUP_CODE_FILE = "setup-code.json"  # in the app's cache folder: the code's hash and when it expires, 0600
SETUP_CODE_S = 3600  # a set-up code opens the first coach account for an hour after `polo-review app` prints it


def keep_setup_code(folder, code: str, now: float | None = None) -> None:
    """Keep `code` for the app to check (`setup_code_allowed`): hashed, with its expiry, readable by the owner
    alone; never in the app's environment, where every process it starts would inherit it."""
    import json
    import os
    from pathlib import Path

    from review_app.ground.files import atomic_write_bytes

    path = Path(folder) / SETUP_CODE_FILE
    expires = (time.time() if now is None else now) + SETUP_CODE_S
    atomic_write_bytes(path, json.dumps({"hash": hashed(_code_text(code)), "expires": expires}).encode())
    os.chmod(path, 0o600)


def setup_code_allowed(given: str | None, folder, now: float | None = None) -> bool:
    """Whether `given` is the set-up code kept in `folder` and it has not expired."""
    import json
    from pathlib import Path

    try:
        kept = json.loads((Path(folder) / SETUP_CODE_FILE).read_text("utf-8"))
        expired = (time.time() if now is None else now) > float(kept["expires"])
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return bool(given) and not expired and matches(_code_text(given), kept.get("hash") or {})


def setup_code_matches(given: str | None, expected: str | None) -> bool:
    return bool(expected) and bool(given) and hmac.compare_digest(_code_text(given).encode(),
                                                                 _code_text(expected).encode())


LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
PROXY_HEADERS = ("x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip")


def request_is_local(ip: str | None, headers) -> bool:
    """Whether a browser's request comes from the machine the app runs on: no remote address (Streamlit gives
    none for loopback), no header a reverse proxy adds, and a Host that names this machine. A proxy on the same
    machine that adds no such header makes every visitor look local: the README says so."""
    if ip not in (None, "", "127.0.0.1", "::1", "::ffff:127.0.0.1"):  # the last: loopback on a dual-stack bind
        return False
    names = {str(k).lower(): str(v) for k, v in dict(headers or {}).items()}
    if any(h in names for h in PROXY_HEADERS):
        return False
    host = names.get("host", "localhost").strip().lower()
    host = host.rsplit(":", 1)[0] if not host.endswith("]") and host.count(":") == 1 else host
    host = host.split("]")[0] + "]" if host.startswith("[") else host
    return host in LOCAL_HOSTS


def first_coach_allowed(local: bool, given: str | None, expected: str | None) -> bool:
    """The first coach account is made from the machine the app runs on, or with the set-up code the app printed."""
    return local or setup_code_matches(given, expected)


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
        """Whether `name` has a passphrase or a one-time code waiting (either way, nobody else may claim it)."""
        return self.roster.passphrase(name) is not None

    def has_coach(self) -> bool:
        """Whether a coach is on the roster (with a passphrase or not: one given on the command line counts)."""
        return any(p.is_coach for p in self.roster.people())

    def anyone(self) -> bool:
        """Whether anyone holds a role: from then on no one may make themselves coach."""
        return bool(self.roster.people())

    def issue_code(self, name: str) -> str:
        """A one-time code for `name` (on the roster) that sets their passphrase once (`redeem`); any earlier
        passphrase or code of theirs stops working."""
        code = new_code()
        self.roster.set_passphrase(name, {**hashed(_code_text(code)), ONCE: True})
        return code

    def give_roles(self, name: str, roles) -> tuple[Person, str | None]:
        """The command line on the server gives `name` exactly `roles`. A role added to a name that already has a
        passphrase (or a code) voids it and returns a new one-time code for its holder alone: whoever chose that
        passphrase (perhaps someone who enrolled under the name first, as a trainee) does not receive the role."""
        before = self.find(name)
        person = self.roster.set_roles(name, roles)
        added = person.roles - (before.roles if before else frozenset())
        if added and self.has_passphrase(person.name):
            return person, self.issue_code(person.name)
        return person, None

    def set_on_server(self, name: str, passphrase: str) -> None:
        """The command line on the server sets `name`'s passphrase (whoever runs it can write the store already)."""
        _check_passphrase(passphrase)
        self.roster.set_passphrase(name, hashed(passphrase))

    def redeem(self, name: str, code: str, passphrase: str) -> Person:
        """`name` turns their one-time code into the passphrase they choose; the code then opens nothing."""
        _check_passphrase(passphrase, name)
        person = self.find(name)
        secret = self.roster.passphrase(name) if person is not None else None
        if not secret or not secret.get(ONCE):
            matches(code or "", _DUMMY)
            raise PeopleError(Message("that name and one-time code do not match"))
        if not matches(_code_text(code), secret):
            raise PeopleError(Message("that name and one-time code do not match"))
        self.roster.set_passphrase(person.name, hashed(passphrase))
        return person

    def sign_in(self, name: str, passphrase: str, role: str | None = None, address: str | None = None,
                throttle: Throttle | None = None) -> Person:
        """The person, if the passphrase is theirs (and they hold `role`, if given). Every failure says the same
        line (`REFUSED`), whatever was wrong, and counts against the name and the address (`Throttle`)."""
        throttle = throttle or THROTTLE
        keys = [f"name {person_key(name)}", *([f"address {address}"] if address else [])]
        wait = throttle.wait_s(keys)
        if wait > 0:
            raise PeopleError(Message("too many failed sign-ins for this name or from this address: try again in "
                                      "{s} s", s=int(wait) + 1))
        person = self.find(name)
        secret = self.roster.passphrase(name) if person is not None else None
        if secret is None or secret.get(ONCE):
            matches(passphrase or "", _DUMMY)  # the same cost whether or not the name exists
            ok = False
        else:
            ok = matches(passphrase or "", secret) and (
                role is None or (role == COACH and person.is_coach) or (role == COMMITTEE and COMMITTEE in person.roles)
                or role not in (COACH, COMMITTEE))
        if not ok:
            throttle.failed(keys)
            raise PeopleError(REFUSED)
        throttle.succeeded(keys[0])
        return person

    def enrol(self, name: str, passphrase: str, *, role: str = TRAINEE, by: Person | None = None,
              has_scores: bool = False, setup: bool = False) -> Person:
        """A new person with a passphrase. A trainee enrols themself under a new name; a name that has
        scores from before passphrases, or is on the roster without one, needs a coach (`by`). The first
        coach enrols themself while nobody holds any role, and only where `setup` (the page found the request
        local, or given the set-up code: `first_coach_allowed`); later ones need a coach."""
        name = _clean_name(name)
        _check_passphrase(passphrase, name)
        if role not in (TRAINEE, COACH):
            raise ValueError(role)
        by_coach = by is not None and by.is_coach
        known = self.find(name)
        if role == COACH and not by_coach:
            if self.anyone():
                raise PeopleError(Message("only a coach can add a coach: reviewers with roles exist already"))
            if not setup:
                raise PeopleError(Message("the first coach account is made on the machine the app runs on, or with "
                                          "the set-up code `polo-review app` printed when it started"))
        if known is not None and self.has_passphrase(name):
            raise PeopleError(Message("{name} has a passphrase already; sign in, or ask a coach to reset it",
                                      name=name))
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
        """A coach sets (or resets) a trainee's passphrase; a name not on the roster joins it as a trainee. A coach's
        or a committee member's is reset only on the server."""
        if not by.is_coach:
            raise PeopleError(Message("only a coach can set someone else's passphrase"))
        name = _clean_name(name)
        _check_passphrase(passphrase)
        person = self.find(name)
        if person is not None and person.roles - {TRAINEE}:
            # else a coach could take over a committee member's passphrase, and decide in their name
            raise PeopleError(Message("{name} is a coach or committee member: their passphrase is reset on the "
                                      "server (`polo-review people NAME --new-code`)", name=person.name))
        if person is None:
            person = self.roster.set_roles(name, {TRAINEE})
        self.roster.set_passphrase(person.name, hashed(passphrase))
        return person
