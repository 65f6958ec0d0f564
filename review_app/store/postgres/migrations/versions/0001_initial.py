"""The first schema: match documents with their revisions and events, footage received, evidence
cases with their append-only log, reviewers and their roles, training records.

Revision ID: 0001_initial
Revises:
"""

from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None

SCHEMA = r"""
-- Match documents: the text as saved (bytes, UTF-8), its revision, and what queries need of it.
CREATE TABLE match_documents (
    key        text PRIMARY KEY,          -- the document's name in the collection (its file name, relative)
    match_id   text NOT NULL,
    revision   integer NOT NULL,
    body       bytea NOT NULL,            -- the document byte for byte, as the file store would hold it
    match_date date,
    saved_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX match_documents_match_id ON match_documents (match_id);

-- Every revision saved, so a revision's text can serve as a merge base and the history is kept.
CREATE TABLE match_revisions (
    key      text NOT NULL,
    revision integer NOT NULL,
    body     bytea NOT NULL,
    saved_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (key, revision)
);

-- One row per event of each readable document, with the verdict the checker gave it when saved:
-- what season-wide reports count, without reading the documents.
CREATE TABLE match_events (
    key        text NOT NULL REFERENCES match_documents (key) ON DELETE CASCADE,
    event_id   text NOT NULL,
    match_id   text NOT NULL,
    match_date date,
    clause     text NOT NULL,
    umpire     text,
    verdict    text NOT NULL,
    period     integer,
    PRIMARY KEY (key, event_id)
);
CREATE INDEX match_events_date ON match_events (match_date);

-- Footage received: the registry keyed by SHA-256; the bytes are on storage every server reads.
CREATE TABLE footage (
    sha256      text NOT NULL,
    ext         text NOT NULL,
    location    text NOT NULL,            -- path (or URL) of the bytes on the shared storage
    name        text,                     -- the name it came with (the latest arrival's), never a path
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sha256, ext)
);

-- Evidence cases: the log, one canonical JSON line per row, append-only.
CREATE TABLE evidence_cases (
    match_id  text PRIMARY KEY,
    opened_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE evidence_log (
    match_id    text NOT NULL REFERENCES evidence_cases (match_id),
    line_no     integer NOT NULL CHECK (line_no > 0),
    line        bytea NOT NULL,           -- the entry's canonical JSON, byte for byte, without its newline
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (match_id, line_no)
);
-- A last line an interrupted append cut, carried over from a file store by `store copy` (the database
-- itself never cuts one); `evidence repair` sets it aside as on files.
CREATE TABLE evidence_log_cut (
    match_id text PRIMARY KEY REFERENCES evidence_cases (match_id),
    bytes    bytea NOT NULL
);
-- The originals received: registry keyed by SHA-256; the bytes are on shared storage.
CREATE TABLE evidence_originals (
    match_id text NOT NULL,
    sha256   text NOT NULL,
    stored   text NOT NULL,               -- relative to the case's folder on the shared storage
    size     bigint NOT NULL,
    PRIMARY KEY (match_id, sha256)
);

CREATE FUNCTION polo_review_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the evidence log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER evidence_log_append_only BEFORE UPDATE OR DELETE ON evidence_log
    FOR EACH ROW EXECUTE FUNCTION polo_review_append_only();
CREATE TRIGGER evidence_log_no_truncate BEFORE TRUNCATE ON evidence_log
    FOR EACH STATEMENT EXECUTE FUNCTION polo_review_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON evidence_log FROM PUBLIC;

-- Reviewers and their roles (coach, committee, trainee).
CREATE TABLE reviewers (
    key      text PRIMARY KEY,            -- the name, case and spacing folded
    name     text NOT NULL,
    roles    text[] NOT NULL,
    added_at timestamptz NOT NULL DEFAULT now()
);

-- Training: each attempt, and the teaching examples coaches approved.
CREATE TABLE training_attempts (
    id          bigserial PRIMARY KEY,
    trainee_key text NOT NULL,
    trainee     text NOT NULL,
    attempt     jsonb NOT NULL,
    at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_attempts_trainee ON training_attempts (trainee_key, id);
CREATE TABLE teaching_examples (
    question    text PRIMARY KEY,         -- "<match id>/<event id>"
    approved_by text NOT NULL,
    approved_at timestamptz NOT NULL DEFAULT now()
);

"""


def upgrade() -> None:
    op.execute(SCHEMA)


def downgrade() -> None:
    raise NotImplementedError("polo-review's migrations are additive; restore a backup (pg_dump) to go back")
