"""What a store says when it cannot be used: every implementation raises these, so a caller (a page, a command)
catches them without importing the implementation."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class StoreError(PoloReviewError):
    """A store location this installation cannot open, or a store opened without what an operation needs."""


class DatabaseError(StoreError):
    """The database cannot be used as a store: unreachable, refused, or at another schema."""


class Unavailable(DatabaseError):
    """The server does not answer (stopped, restarting, unreachable): nothing was written; the next try may work."""


__all__ = ["DatabaseError", "StoreError", "Unavailable"]
