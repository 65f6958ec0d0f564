"""Errors a user can cause. The command line and the app turn each into one clear line;
anything else is a bug and keeps its traceback."""

from __future__ import annotations


class PoloReviewError(Exception):
    """Base of every error caused by input: a file, a field, a path, an argument.

    `str(err)` is the one line shown to the user; it names the file and the problem.
    """

    def __init__(self, message: str, *, path: object | None = None):
        self.path = str(path) if path is not None else None
        super().__init__(f"{self.path}: {message}" if self.path else message)
