"""The database's own schema, kept by Alembic migrations of plain SQL (`migrations/versions/`).

`migrate(url)` brings a database to the newest schema this polo-review knows; `require_current`
is what every store checks before it answers: a database behind the code is refused in one line
that names the command to run, one ahead of it (a newer polo-review migrated it) is used as it is.

Migrations are additive only: tables, nullable columns and indexes are added, never dropped,
renamed or retyped (a test holds it), so the servers still running the older code keep working
while a migration runs and after it; an upgrade is "migrate the database, then restart the servers".
Two servers migrating at once take turns (an advisory lock), the second finding nothing to do.
"""

from __future__ import annotations

import logging
from pathlib import Path

from review_app.store.postgres.db import Database, DatabaseError, _driver, checked_url, refused, shown

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# The revisions in order; the last is the schema this code needs (a test holds it to Alembic's own list).
REVISIONS = ("0001_initial", "0002_passphrases_fingerprints")
HEAD = REVISIONS[-1]
MIGRATE_LOCK = 0x706F6C6F_0001  # pg_advisory_xact_lock key of a migration ("polo" + 1)


def current_revision(conn) -> str | None:
    """The revision the database is at, or None if it holds no polo-review schema."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('alembic_version') IS NOT NULL")
        if not cur.fetchone()[0]:
            return None
        cur.execute("SELECT version_num FROM alembic_version")
        row = cur.fetchone()
    return row[0] if row else None


def require_current(db: Database) -> None:
    with db.connection() as conn:
        found = current_revision(conn)
    if found is None:
        raise DatabaseError(f"the database {shown(db.url)} holds no polo-review store yet: run "
                            f"`polo-review store migrate --to {shown(db.url)}`")
    if found in REVISIONS and found != HEAD:
        raise DatabaseError(f"the database {shown(db.url)} is at schema {found}, this polo-review needs {HEAD}: run "
                            f"`polo-review store migrate --to {shown(db.url)}`")
    if found not in REVISIONS:
        # Additive migrations: a newer polo-review's schema holds everything this one uses.
        log.info("database %s is at schema %s, newer than this polo-review's %s", shown(db.url), found, HEAD)


def _sqlalchemy_url(url: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"postgresql+psycopg://{rest}" if scheme in ("postgresql", "postgres") else url


def migrate(url: str) -> tuple[str | None, str]:
    """Bring the database at `url` to this code's newest schema: (revision before, revision after)."""
    checked_url(url)
    psycopg = _driver()
    try:
        from alembic import command
        from alembic.config import Config
        from sqlalchemy import create_engine, text
        from sqlalchemy.exc import DBAPIError, OperationalError
        from sqlalchemy.pool import NullPool
    except ModuleNotFoundError:
        raise DatabaseError("migrating a database needs Alembic: pip install 'polo-review[postgres]'") from None
    try:
        psycopg.connect(url, connect_timeout=5).close()  # said plainly before SQLAlchemy wraps it
    except (psycopg.Error, ValueError) as exc:
        raise refused(url, exc) from None
    engine = create_engine(_sqlalchemy_url(url), poolclass=NullPool)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
            before = current_revision(conn.connection.driver_connection)
            config.attributes["connection"] = conn
            if before is None or before in REVISIONS:
                command.upgrade(config, "head")
            after = current_revision(conn.connection.driver_connection)
    except (OperationalError, DBAPIError) as exc:
        raise refused(url, exc.orig or exc) from None
    finally:
        engine.dispose()
    from review_app.store.postgres.db import forget

    forget(url)
    return before, after or HEAD
