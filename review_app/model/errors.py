"""Errors of match documents: each names the file and, where it can, the field."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class DocumentError(PoloReviewError):
    """A match document that cannot be read or does not follow the schema."""


class RevisionConflict(PoloReviewError):
    """Someone else saved the match since this copy was read; neither version is overwritten."""

    def __init__(self, path, mine: dict, theirs: dict, overlaps: list[str] | None = None, base: dict | None = None):
        self.mine, self.theirs, self.base = mine, theirs, base
        self.overlaps = list(overlaps or [])  # where both changed the same thing ([] : not known)
        where = f": both changed {', '.join(self.overlaps[:5])}" if self.overlaps else ""
        super().__init__(
            f"saved by someone else meanwhile (revision {theirs.get('revision')} on disk, this copy was read at "
            f"revision {mine.get('revision')}){where}; nothing was overwritten", path=path)
