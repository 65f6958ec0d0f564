"""Errors the evidence process can meet because of its input: each is one line naming the thing."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class EvidenceError(PoloReviewError):
    """A request the evidence process refuses: unknown match, late evidence, bad time, ..."""


class CaseLocked(EvidenceError):
    """The case has a decision: it changes only by a correction entry, never by an edit."""


class LogDamaged(EvidenceError):
    """The case log fails its hash chain; nothing is appended until someone looks at it."""
