"""Finding the match a command names: a match document's path, or a match id looked up in the match
store the caller opened (the annotations folder's, or a database's); and the match the app's picker opens on."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from review_app.config import SAMPLE_ANNOTATIONS
from review_app.errors import PoloReviewError
from review_app.evidence.errors import EvidenceError
from review_app.evidence.window import game_end
from review_app.model import MatchDocument, load_document
from review_app.model.mounts import mount_register

DEFAULT_ANNOTATIONS = SAMPLE_ANNOTATIONS  # relative to the current directory (the command line's default)


def resolve_match(name: str, matches=None, folder: str | os.PathLike | None = None) -> MatchDocument:
    """The match document `name` points at: a file, else the document whose match.id is `name` in `matches`
    (a match store, opened by the caller; None: there is none). `folder`: the annotations folder `matches`
    holds, named in the errors (None: a store such as a database's)."""
    path = Path(name)
    if path.suffix.lower() == ".json" or path.exists() or os.sep in name:
        return load_document(path)  # a path: its own errors say what is wrong with the file
    if matches is None:
        where = Path(folder or DEFAULT_ANNOTATIONS)
        raise EvidenceError(f"unknown match {name!r}: no such file, and the annotations folder {where} does not exist")
    doc = matches.find(name)  # a broken neighbour does not stop the search; `check` reports it
    if doc is not None:
        return doc
    if folder is None:
        raise EvidenceError(f"unknown match {name!r}: not a file, and no match document in the store has that id")
    read = len(matches.documents())
    raise EvidenceError(f"unknown match {name!r}: not a file, and none of the {read} match documents in "
                        f"{folder} has that id (use --annotations DIR or give the document's path)")


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
