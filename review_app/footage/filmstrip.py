"""Thumbnails spread over a whole match for the timeline, from keyframes alone."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from review_app.footage.decoder import to_display_bgr
from review_app.footage.errors import FootageError


class Thumbnail(NamedTuple):
    index: int
    time_s: float
    image: np.ndarray  # BGR, `height` rows, width keeping the displayed aspect ratio


def make_filmstrip(footage, count: int, height: int, progress=None) -> list[Thumbnail]:
    if not isinstance(count, int) or count < 1:
        raise FootageError(f"filmstrip count must be a positive whole number, not {count!r}", path=footage.path)
    if not isinstance(height, int) or not 8 <= height <= 2160:
        raise FootageError(f"filmstrip height must be 8..2160 pixels, not {height!r}", path=footage.path)
    info = footage.info
    width = max(2, round(info.width * height / info.height / 2) * 2)
    # scale before rotating: the decoder's frame is still in stored orientation
    stored_w, stored_h = (height, width) if info.rotation in (90, 270) else (width, height)

    wanted: list[int] = []
    for k in range(count):
        t = (k + 0.5) * info.duration_s / count
        keyframe = footage.nearest_keyframe(max(0, min(footage.frame_on_screen(t), footage.frame_count - 1)))
        if keyframe not in wanted:
            wanted.append(keyframe)
    wanted.sort()

    thumbs = []
    for n, i in enumerate(wanted):
        frame = footage.decode_alone(i)
        image = to_display_bgr(frame, info.rotation, width=stored_w, height=stored_h, interpolation="AREA")
        thumbs.append(Thumbnail(i, footage.time_of(i), image))
        if progress:
            progress("filmstrip", (n + 1) / len(wanted))
    return thumbs
