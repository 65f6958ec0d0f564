"""Alembic's entry point for polo-review's schema: always run by `schema.migrate` with the connection
it holds (under the migration lock), never from an alembic.ini."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
