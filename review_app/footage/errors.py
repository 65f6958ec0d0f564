"""Errors a footage file or a frame request can cause; each reads as one line naming the file."""

from __future__ import annotations

from review_app.errors import PoloReviewError


class FootageError(PoloReviewError):
    """Base of every footage problem caused by the input file or the request."""


class VideoOpenFailure(FootageError):
    """The file is missing, empty, not a video, or has no usable video stream."""


class FrameOutOfRange(FootageError):
    """A frame index or time outside the footage (negative, or past the last frame)."""


class SeekError(FootageError):
    """The container would not position the reader at the frame asked for."""


class DecodeError(FootageError):
    """The file stops decoding before the frame asked for (truncated or damaged data)."""
