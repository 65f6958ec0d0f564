"""Finding the match a command names: a match document's path, or a match id looked up in the
annotations folder."""

from __future__ import annotations

import os
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.evidence.errors import EvidenceError
from review_app.model import MatchDocument, find_documents, load_document

DEFAULT_ANNOTATIONS = "annotations"


def resolve_match(name: str, annotations: str | os.PathLike | None = None) -> MatchDocument:
    """The match document `name` points at: a file, else the document whose match.id is `name`."""
    path = Path(name)
    if path.suffix.lower() == ".json" or path.exists() or os.sep in name:
        return load_document(path)  # a path: its own errors say what is wrong with the file
    folder = Path(annotations or DEFAULT_ANNOTATIONS)
    direct = folder / f"{name}.json"
    if direct.is_file():
        doc = load_document(direct)
        if doc.match_id == name:
            return doc
    if not folder.is_dir():
        raise EvidenceError(f"unknown match {name!r}: no such file, and the annotations folder {folder} does not exist")
    read = 0
    for candidate in find_documents([folder]):
        try:
            doc = load_document(candidate)
        except PoloReviewError:
            continue  # a broken neighbour does not stop the search; `check` reports it
        read += 1
        if doc.match_id == name:
            return doc
    raise EvidenceError(f"unknown match {name!r}: not a file, and none of the {read} match documents in "
                        f"{folder} has that id (use --annotations DIR or give the document's path)")


def list_matches(annotations: str | os.PathLike | None = None) -> list[MatchDocument]:
    """Every readable match document in the folder (for the app's match picker)."""
    folder = Path(annotations or DEFAULT_ANNOTATIONS)
    out = []
    for candidate in find_documents([folder]) if folder.is_dir() else []:
        try:
            out.append(load_document(candidate))
        except PoloReviewError:
            continue
    return out
