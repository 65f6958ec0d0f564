"""Errors the evidence process can meet because of its input: each is one line naming the thing."""

from __future__ import annotations

from review_app.errors import PoloReviewError
from review_app.i18n import Message


class EvidenceError(PoloReviewError):
    """A request the evidence process refuses: unknown match, late evidence, bad time, ..."""


class CaseLocked(EvidenceError):
    """The case has a decision: it changes only by a correction entry, never by an edit."""


class LogDamaged(EvidenceError):
    """The case log fails its hash chain; nothing is appended until someone looks at it."""


class GameNotOver(EvidenceError):
    """A decision of the process after the game (21.f(5)) before the game's end: said in the reader's language."""

    def __init__(self, message: Message):
        self.message = message
        super().__init__(str(message))
