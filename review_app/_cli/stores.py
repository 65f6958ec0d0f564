"""The stores the command line opens, each handed the checker's verdict judge (`checker.season.SEASON`), so a
saved document's verdict rows and the season counts are the checker's while the store never imports it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from review_app.checker.season import SEASON
from review_app.store import open_evidence, open_matches, open_store

if TYPE_CHECKING:
    from review_app.config import Folders
    from review_app.model.document import MatchDocument
    from review_app.store.base import EvidenceStore, MatchStore, Store


def store_at(location=None, *, files=None, evidence=None) -> Store:
    """`store.open_store(location, ...)` with the checker's verdicts (`location` None: $POLO_REVIEW_STORE, else
    the configured folders)."""
    return open_store(location, files=files, evidence=evidence, verdicts=SEASON)


def workspace_folders(workspace=None, annotations=None) -> Folders:
    """The folders `polo-review app --workspace WORKSPACE [--annotations DIR]` works in (`config.folders`, the one
    mapping of a workspace to its files), so a command given the same options reads and writes the same files."""
    import os

    from review_app.config import ENV_ANNOTATIONS, ENV_WORKSPACE, folders

    env = dict(os.environ)
    if workspace:
        env[ENV_WORKSPACE] = str(workspace)
    if annotations:
        env[ENV_ANNOTATIONS] = str(annotations)
    return folders(env)


def matches_at(location) -> MatchStore:
    """`store.open_matches(location)` with the checker's verdicts."""
    return open_matches(location, verdicts=SEASON)


def evidence_of(args) -> EvidenceStore | None:
    """The evidence cases a check reads: the store's, with --store; else the cases under --evidence (a folder of
    cases, or a database URL; $POLO_REVIEW_EVIDENCE by default); else none."""
    if getattr(args, "store", None):
        return store_at(args.store, files=getattr(args, "files", None)).evidence
    return open_evidence(args.evidence) if getattr(args, "evidence", None) else None


def matches_of(doc: MatchDocument) -> MatchStore:
    """The match store `doc` was read from: its database, or the folder of its file."""
    if doc.origin is not None:
        return store_at(doc.origin).matches
    if doc.path is None:
        from review_app.errors import PoloReviewError

        raise PoloReviewError(f"match {doc.match_id} was read from no store: there is nowhere to save it back to")
    return matches_at(doc.path.parent)


def save_back(doc: MatchDocument) -> MatchDocument:
    """`doc` saved by the store it was read from (`matches.save`: the revision raised, a concurrent edit merged)."""
    return matches_of(doc).save(doc)
