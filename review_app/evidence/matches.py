"""Finding the match a command names: a match document's path, or a match id looked up in the
annotations folder; and the match the app's picker opens on."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.evidence.errors import EvidenceError
from review_app.evidence.window import game_end
from review_app.model import MatchDocument, find_documents, load_document
from review_app.model.mounts import mount_register

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


def has_end_time(doc: MatchDocument) -> bool:
    """Whether the document gives a readable game end, so the 24-hour window can be computed."""
    try:
        game_end(doc)
    except PoloReviewError:
        return False
    return True


def default_match(docs: Sequence[MatchDocument]) -> int:
    """Which match a picker opens on (an index into `docs`): the first with an end time and an excused
    mount seen again after its excusal, else the first with an end time and an excusal, else the first."""
    ranked = []
    for i, doc in enumerate(docs):
        if not has_end_time(doc):
            continue
        excusals = mount_register(doc).excusals
        if excusals:
            ranked.append((0 if any(e.returned for e in excusals) else 1, i))
    return min(ranked)[1] if ranked else 0
