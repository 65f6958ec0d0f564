"""Passphrases and teaching examples as approved: each reviewer's passphrase (a salted scrypt hash,
`training.people`), and for each teaching example the fingerprint of the tag as approved (a tag edited
since leaves the quiz) and whether a coach withdrew it.

Revision ID: 0002_passphrases_fingerprints
Revises: 0001_initial
"""

from alembic import op

revision = "0002_passphrases_fingerprints"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

SCHEMA = r"""
ALTER TABLE reviewers ADD COLUMN passphrase jsonb;               -- {"kdf": "scrypt", n, r, p, salt, hash}
ALTER TABLE teaching_examples ADD COLUMN fingerprint text;       -- NULL: approved whatever the tag holds
ALTER TABLE teaching_examples ADD COLUMN withdrawn boolean NOT NULL DEFAULT false;
"""


def upgrade() -> None:
    op.execute(SCHEMA)


def downgrade() -> None:
    raise NotImplementedError("polo-review's migrations are additive; restore a backup (pg_dump) to go back")
