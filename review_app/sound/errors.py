"""Errors a recording's sound can cause; each reads as one line naming the file and the problem,
in the reader's language (`localized`)."""

from __future__ import annotations

from review_app.errors import PoloReviewError
from review_app.i18n import DEFAULT_LANGUAGE, Message, translate


class SoundError(PoloReviewError):
    """Base of every problem with a recording's sound: the message is a `Message`, English in `str()`."""

    def __init__(self, message: Message, *, path: object | None = None):
        self.message = message
        super().__init__(str(message), path=path)

    def localized(self, lang: str = DEFAULT_LANGUAGE) -> str:
        text = translate(self.message, lang)
        return f"{self.path}: {text}" if self.path else text


class NoSound(SoundError):
    """The recording has no sound track, or it is silent or cannot be decoded."""


class TooShort(SoundError):
    """Too little sound to tell an offset by."""


class NoOverlap(SoundError):
    """Two recordings that share no stretch of sound."""
