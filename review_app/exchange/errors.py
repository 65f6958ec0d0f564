"""The one error of the interchange: a file that cannot be read as its format, or a mapping that
cannot be used. Its message names the file and the problem in one line."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class ExchangeError(PoloReviewError):
    """An interchange file or mapping that cannot be read or written."""
