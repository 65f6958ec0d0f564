"""The database's own schema: the revisions the code knows are Alembic's, every migration only adds
(so servers still running the older code keep working while one runs), and a database behind the
code, or with no schema at all, is refused in one line naming the command to run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from review_app.store import StoreError, open_store
from review_app.store.postgres.schema import HEAD, MIGRATIONS, REVISIONS

VERSIONS = sorted(p for p in (MIGRATIONS / "versions").glob("*.py") if p.name != "__init__.py")
# What would break a server running the code before the migration.
NOT_ADDITIVE = re.compile(r"\b(DROP\s+(TABLE|COLUMN|INDEX|TRIGGER|FUNCTION)|RENAME|ALTER\s+COLUMN|SET\s+NOT\s+NULL|"
                          r"op\.drop_|op\.alter_column)", re.IGNORECASE)


def test_the_code_knows_alembics_revisions_in_order():
    pytest.importorskip("alembic")
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    assert script.get_current_head() == HEAD
    assert [r.revision for r in reversed(list(script.walk_revisions()))] == list(REVISIONS)


@pytest.mark.parametrize("path", VERSIONS, ids=lambda p: p.name)
def test_every_migration_only_adds(path: Path):
    upgrade = path.read_text("utf-8").split("def downgrade")[0]
    assert not NOT_ADDITIVE.search(upgrade), f"{path.name} is not additive: {NOT_ADDITIVE.search(upgrade)[0]}"


def test_a_database_without_the_schema_names_the_migration(pg_server):
    url = pg_server.new_database()
    try:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE alembic_version")
        with pytest.raises(StoreError, match="polo-review store migrate --to"):
            open_store(url)
    finally:
        pg_server.drop(url)


def test_migrating_twice_changes_nothing_and_keeps_the_data(pg_url, tmp_path):
    from review_app.store.postgres.schema import migrate

    store = open_store(pg_url, files=tmp_path)
    store.people.set_roles("Ana", ["coach"])
    assert migrate(pg_url) == (HEAD, HEAD)
    assert [p.name for p in open_store(pg_url, files=tmp_path).people.people()] == ["Ana"]
