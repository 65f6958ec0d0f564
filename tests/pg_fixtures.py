"""A PostgreSQL database per test, for the tests of the database store (import as `pg_fixtures`).

The server is the one $POLO_REVIEW_TEST_PG names: a URL whose user may create databases
(`.ci/run` starts a server and sets it). Without it the database tests are skipped, with the reason:
never mocked. The schema is migrated once into a template database; each test gets a copy of it.
"""

from __future__ import annotations

import os
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest

ENV = "POLO_REVIEW_TEST_PG"
NO_SERVER = (f"no PostgreSQL server for the database store's tests: set {ENV}=postgresql://USER@HOST:PORT/postgres "
             "(a user that may create databases; .ci/run starts one)")


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def admin(url: str):
    import psycopg

    return psycopg.connect(url, autocommit=True, connect_timeout=5)


class Server:
    def __init__(self, url: str):
        self.url = url
        self.template = f"polo_review_template_{os.getpid()}_{uuid.uuid4().hex[:6]}"

    def start(self) -> None:
        from review_app.store.postgres.schema import migrate

        with admin(self.url) as conn:
            conn.execute(f'CREATE DATABASE "{self.template}"')
        migrate(with_database(self.url, self.template))
        from review_app.store.postgres.db import forget

        forget(with_database(self.url, self.template))

    def new_database(self) -> str:
        name = f"polo_review_test_{uuid.uuid4().hex[:12]}"
        with admin(self.url) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return with_database(self.url, name)

    def drop(self, url: str) -> None:
        from review_app.store.postgres.db import forget

        forget(url)
        name = urlsplit(url).path.lstrip("/")
        with admin(self.url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        with admin(self.url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_server():
    url = os.environ.get(ENV)
    if not url:
        pytest.skip(NO_SERVER)
    try:
        import psycopg
    except ModuleNotFoundError:
        pytest.skip("the PostgreSQL driver is not installed: pip install -e '.[test]'")
    try:
        admin(url).close()
    except psycopg.Error as exc:
        pytest.skip(f"{ENV} names a server that does not answer: {' '.join(str(exc).split())[:200]}")
    server = Server(url)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server):
    """A fresh database at the newest schema, dropped after the test."""
    url = pg_server.new_database()
    yield url
    pg_server.drop(url)
