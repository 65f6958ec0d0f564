"""The database behind a `postgresql://` store location: the connection (a small pool per URL and
process), the one translation of the driver's errors into one line a user can act on, and the
schema check every store makes before it answers.

The driver is psycopg 3. A URL's password never reaches a message: `shown(url)` drops it, without
parsing the URL (so a URL too malformed to parse is masked too), and `masked` takes it out of any text
the driver returns. A URL is checked (`checked_url`) before the driver sees it: a host or port that
cannot be read is one line, never a traceback. A server that stops answering is one line naming where
it is (`Unavailable`); the pool checks a connection before it lends it, so the first piece of work
after the server is back does not meet a connection the restart cut.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
from collections.abc import Callable, Iterator
from urllib.parse import unquote, urlsplit

from review_app.store.errors import DatabaseError, Unavailable

__all__ = ["Database", "DatabaseError", "Unavailable", "database", "forget", "is_database", "masked", "shown"]

log = logging.getLogger(__name__)

SCHEMES = ("postgresql", "postgres")
CONNECT_TIMEOUT_S = 5
_PASSWORD_PARAM = re.compile(r"((?:^|[?&\s])password=)[^&\s]*", re.IGNORECASE)
WAIT_FOR_CONNECTION_S = CONNECT_TIMEOUT_S  # a free connection waited for, then the database is said away


def is_database(location: object) -> bool:
    text = str(location)
    return any(text.startswith(f"{scheme}://") for scheme in SCHEMES)


def _netloc(url: str) -> tuple[str, str, str]:
    """(scheme and "://", the part before the host's "@" or "", the rest), split by hand: no parser that a
    malformed URL could make fail."""
    scheme, sep, rest = str(url).partition("://")
    if not sep:
        return "", "", str(url)
    auth, at, host = rest.rpartition("@") if "@" in rest.split("/", 1)[0] else ("", "", rest)
    return scheme + sep, auth + at, host


def _password(url: str) -> str | None:
    auth = _netloc(url)[1].removesuffix("@")
    user, colon, password = auth.partition(":")
    return password if colon and password else None


def shown(url: str) -> str:
    """The URL without its password (for messages and logs), however malformed; a password given as a
    `password=` parameter is masked too."""
    scheme, auth, rest = _netloc(url)
    user = auth.removesuffix("@").partition(":")[0]
    text = scheme + (f"{user}@" if user else "") + rest
    return _PASSWORD_PARAM.sub(r"\1***", text)


def masked(text: str, url: str) -> str:
    """`text` (a driver's message, which may quote the URL) with the URL's password taken out."""
    out = str(text).replace(str(url), shown(url))
    secret = _password(url)
    for form in {secret, unquote(secret)} if secret else ():
        if len(form) >= 1:
            out = out.replace(form, "***")
    return _PASSWORD_PARAM.sub(r"\1***", out)


def where(url: str) -> str:
    """HOST:PORT of a checked URL (the default port when none is given)."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    return f"[{host}]:{parts.port or 5432}" if ":" in host else f"{host}:{parts.port or 5432}"


def checked_url(url: str) -> str:
    """`url`, if its host and port can be read; else one line (the password masked) and StoreError."""
    try:
        parts = urlsplit(url)
        port = parts.port
        parts.hostname  # noqa: B018  (reading it is the check: an unclosed [ raises here)
    except ValueError as exc:
        raise DatabaseError(f"{shown(url)}: not a database URL this installation can read ({exc}); "
                            "write it as postgresql://USER@HOST:PORT/NAME") from None
    if port == 0:
        raise DatabaseError(f"{shown(url)}: port 0 is not a port (1-65535)")
    return url


def _driver():
    try:
        import psycopg
    except ModuleNotFoundError:
        raise DatabaseError("a postgresql:// store needs the PostgreSQL driver: pip install 'polo-review[postgres]'"
                            ) from None
    return psycopg


def _reason(exc: Exception, url: str = "") -> str:
    """The driver's complaint in one line (its first line names the cause: refused, auth failed, ...)."""
    text = " ".join(str(exc).split("\n")[0].split())
    text = text.removeprefix("connection failed: ") or type(exc).__name__
    return masked(text, url) if url else text


def refused(url: str, exc: Exception) -> DatabaseError:
    return DatabaseError(f"cannot use the database {shown(url)}: {_reason(exc, url)}")


def unavailable(url: str) -> Unavailable:
    return Unavailable(f"the database at {where(url)} is not answering; nothing was saved; try again")


def _outage(exc: Exception) -> bool:
    """Whether `exc` says the server is away (no connection, shut down, starting up), not that it refused the work:
    the pool's own timeouts, or SQLSTATE class 08 (connection exception) and 57P (operator intervention)."""
    state = getattr(exc, "sqlstate", None)
    return state is None or state.startswith(("08", "57P"))


class Database:
    """Connections to one database URL, shared by the stores opened on it in this process."""

    def __init__(self, url: str):
        self.url = checked_url(url)
        self._pool = None
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._answered = False  # whether the server has answered this process once (then a failure is an outage)

    def __repr__(self) -> str:
        return f"Database({shown(self.url)!r})"

    def _open_pool(self):
        psycopg = _driver()
        try:  # one direct attempt first: a wrong password or a server down is said at once, not after a pool timeout
            psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT_S).close()
        except psycopg.OperationalError as exc:
            if self._answered:  # it answered before: an outage, said as one
                log.warning("the database %s is still away: %s", shown(self.url), _reason(exc, self.url))
                raise unavailable(self.url) from None
            raise refused(self.url, exc) from None
        except (psycopg.Error, ValueError) as exc:  # ValueError: a URL the driver cannot parse
            raise refused(self.url, exc) from None
        self._answered = True
        from psycopg_pool import ConnectionPool

        # check: a connection is tried before it is lent, so one a server restart cut is replaced, not handed
        # to the first page after the restart.
        return ConnectionPool(self.url, min_size=1, max_size=8, open=True, timeout=WAIT_FOR_CONNECTION_S,
                              kwargs={"connect_timeout": CONNECT_TIMEOUT_S}, name=shown(self.url),
                              check=ConnectionPool.check_connection)

    def _discard_pool(self, pool) -> None:
        """After an outage: drop `pool` (its connections were cut); the next piece of work opens a new one, which
        tries the server directly first, so while it is away each try fails at once rather than after a wait."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        if pool is not None:
            try:
                pool.close(timeout=1)
            except Exception as exc:  # closing a pool whose server is gone: nothing is left to save
                log.debug("closing the pool of %s: %s", shown(self.url), exc)

    @contextlib.contextmanager
    def connection(self) -> Iterator:
        """A connection for one piece of work, in one transaction (committed at the end, rolled back on error)."""
        psycopg = _driver()
        with self._lock:
            if self._pid != os.getpid():
                # A forked child: the parent's connections and the pool's threads are not ours to use (or to
                # close: that would end the parent's sessions). Left alone; this process opens its own.
                self._pool, self._pid = None, os.getpid()
            pool = self._pool if self._pool is not None else self._open_pool()
            self._pool = pool  # this piece of work's pool, even if an outage elsewhere drops it meanwhile
        try:
            with pool.connection() as conn:
                yield conn
        except psycopg.OperationalError as exc:
            if not _outage(exc):  # a deadlock, a cancelled statement: the server is there, the work was undone
                raise DatabaseError(f"the database {shown(self.url)} did not finish the work "
                                    f"({_reason(exc, self.url)}); nothing was saved; try again") from None
            # the server went away mid-work, or is not back yet
            log.warning("the database %s did not answer: %s", shown(self.url), _reason(exc, self.url))
            self._discard_pool(pool)
            raise unavailable(self.url) from None
        except psycopg.errors.InsufficientPrivilege as exc:  # the deployment's grants: the administrator's to fix
            raise DatabaseError(f"the database {shown(self.url)} refused: {_reason(exc, self.url)}") from None
        except psycopg.DataError as exc:  # a value the database cannot hold (the stores refuse them before)
            raise DatabaseError(f"the database {shown(self.url)} cannot keep a value: {_reason(exc, self.url)}"
                                ) from None

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None


_databases: dict[str, Database] = {}
_registry_lock = threading.Lock()


def database(url: str, check: Callable[[Database], None]) -> Database:
    """The one `Database` of `url` in this process, `check`ed once when first opened (its schema: the caller
    hands in `schema.require_current`, which itself needs this module)."""
    checked_url(url)
    with _registry_lock:
        db = _databases.get(url)
        if db is None:
            db = Database(url)
            try:
                check(db)
            except BaseException:
                db.close()  # refused (an old schema, a server away): its connections are not left to the collector
                raise
            _databases[url] = db
        return db


def forget(url: str) -> None:
    """Close and drop the connections to `url` (tests, and `store migrate` before it checks again)."""
    with _registry_lock:
        db = _databases.pop(url, None)
    if db is not None:
        db.close()
