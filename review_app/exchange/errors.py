"""The one error of the interchange: a file that cannot be read as its format, or a mapping that
cannot be used. Its message names the file and the problem in one line."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class ExchangeError(PoloReviewError):
    """An interchange file or mapping that cannot be read or written."""


# An interchange file larger than this is refused before it is parsed (a season's instances are a
# few MB). Decimal megabytes, as the message says: 50 MB is 50,000,000 bytes, and a file of exactly
# that size is accepted.
MAX_FILE_BYTES = 50_000_000


def check_size(size: int, what: str, source) -> None:
    """ExchangeError naming the file, its size and the limit, both in bytes, if it is over the limit."""
    if size > MAX_FILE_BYTES:
        raise ExchangeError(f"{size:,} bytes, more than the {MAX_FILE_BYTES:,} bytes (50 MB) {what} may have",
                            path=source)
