"""The database behind a `postgresql://` store location: the connection (a small pool per URL and
process), the one translation of the driver's errors into one line a user can act on, and the
schema check every store makes before it answers.

The driver is psycopg 3. A URL's password never reaches a message: `shown(url)` drops it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

from review_app.store import StoreError

log = logging.getLogger(__name__)

SCHEMES = ("postgresql", "postgres")
CONNECT_TIMEOUT_S = 5


class DatabaseError(StoreError):
    """The database cannot be used as a store: unreachable, refused, or at another schema."""


def is_database(location: object) -> bool:
    text = str(location)
    return any(text.startswith(f"{scheme}://") for scheme in SCHEMES)


def shown(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


def _driver():
    try:
        import psycopg
    except ModuleNotFoundError:
        raise DatabaseError("a postgresql:// store needs the PostgreSQL driver: pip install 'polo-review[postgres]'"
                            ) from None
    return psycopg


def _reason(exc: Exception) -> str:
    """The driver's complaint in one line (its first line names the cause: refused, auth failed, ...)."""
    text = " ".join(str(exc).split("\n")[0].split())
    return text.removeprefix("connection failed: ") or type(exc).__name__


def refused(url: str, exc: Exception) -> DatabaseError:
    return DatabaseError(f"cannot use the database {shown(url)}: {_reason(exc)}")


class Database:
    """Connections to one database URL, shared by the stores opened on it in this process."""

    def __init__(self, url: str):
        self.url = url
        self._pool = None
        self._pid = os.getpid()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Database({shown(self.url)!r})"

    def _open_pool(self):
        psycopg = _driver()
        try:  # one direct attempt first: a wrong password or a server down is said at once, not after a pool timeout
            psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT_S).close()
        except (psycopg.Error, ValueError) as exc:  # ValueError: a URL the driver cannot parse
            raise refused(self.url, exc) from None
        from psycopg_pool import ConnectionPool

        return ConnectionPool(self.url, min_size=1, max_size=8, open=True, timeout=30,
                              kwargs={"connect_timeout": CONNECT_TIMEOUT_S}, name=shown(self.url))

    @contextlib.contextmanager
    def connection(self) -> Iterator:
        """A connection for one piece of work, in one transaction (committed at the end, rolled back on error)."""
        psycopg = _driver()
        with self._lock:
            if self._pid != os.getpid():
                # A forked child: the parent's connections and the pool's threads are not ours to use (or to
                # close: that would end the parent's sessions). Left alone; this process opens its own.
                self._pool, self._pid = None, os.getpid()
            if self._pool is None:
                self._pool = self._open_pool()
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.OperationalError as exc:  # the server went away mid-work
            raise refused(self.url, exc) from None
        except psycopg.errors.InsufficientPrivilege as exc:  # the deployment's grants: the administrator's to fix
            raise DatabaseError(f"the database {shown(self.url)} refused: {_reason(exc)}") from None

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None


_databases: dict[str, Database] = {}
_registry_lock = threading.Lock()


def database(url: str) -> Database:
    """The one `Database` of `url` in this process (its schema checked once)."""
    with _registry_lock:
        db = _databases.get(url)
        if db is None:
            db = Database(url)
            from review_app.store.postgres.schema import require_current

            require_current(db)
            _databases[url] = db
        return db


def forget(url: str) -> None:
    """Close and drop the connections to `url` (tests, and `store migrate` before it checks again)."""
    with _registry_lock:
        db = _databases.pop(url, None)
    if db is not None:
        db.close()
