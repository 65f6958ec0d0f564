"""A document saved back where it was read from, through the match store of its folder (`matches.save`, the one
way to save), as the command line saves one it was given by path (`_cli.stores.save_back`)."""

from __future__ import annotations

from pathlib import Path

from review_app.checker.season import SEASON
from review_app.store import open_matches


def save_back(doc, path=None):
    """`doc` saved to `path` (default: the file it was read from) by that folder's match store."""
    target = Path(path or doc.path)
    return open_matches(target.parent, verdicts=SEASON).save(doc, str(target))
