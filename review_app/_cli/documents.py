"""Reading the match documents a command is given (files or folders of them), as the commands that
work on several matches at once do: a path that is not there stops the command; a document that
cannot be read is one line on standard error and the others are still read."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from review_app.errors import PoloReviewError


def read_documents(paths) -> tuple[list, int]:
    """The documents readable under `paths`, and how many could not be read."""
    from review_app.model import find_documents, load_document
    from review_app.textsafe import for_terminal

    for path in paths:
        if not Path(path).exists():
            raise PoloReviewError("no such file or folder", path=path)
    docs, failed = [], 0
    for path in find_documents(paths):
        try:
            docs.append(load_document(path))
        except PoloReviewError as exc:
            print(for_terminal(f"polo-review: error: {exc}"), file=sys.stderr)
            failed += 1
    return docs, failed


def match_named(name: str, annotations=None):
    """The match document a command's MATCH names (`evidence.resolve_match`): a file, else the match id looked
    up in `annotations`, a match store or the annotations folder (default: the sample annotations), whose
    store is opened here."""
    from review_app._cli.stores import matches_at
    from review_app.evidence import resolve_match
    from review_app.evidence.matches import DEFAULT_ANNOTATIONS

    if annotations is not None and not isinstance(annotations, str | os.PathLike):  # a match store
        return resolve_match(name, annotations)
    folder = Path(annotations or DEFAULT_ANNOTATIONS)
    return resolve_match(name, matches_at(folder) if folder.is_dir() else None, folder)
