"""Errors of match documents: each names the file and, where it can, the field."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class DocumentError(PoloReviewError):
    """A match document that cannot be read or does not follow the schema."""


class RevisionConflict(PoloReviewError):
    """Someone else saved the match since this copy was read; neither version is overwritten."""

    def __init__(self, path, mine: dict, theirs: dict):
        self.mine, self.theirs = mine, theirs
        super().__init__(
            f"saved by someone else meanwhile (revision {theirs.get('revision')} on disk, this copy was read at "
            f"revision {mine.get('revision')}); nothing was overwritten", path=path)
