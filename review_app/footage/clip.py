"""Export part of a recording as a clip browsers play, optionally with a burnt-in overlay.

The evidence and training features call `export_clip`; `polo-review clip` is a thin
wrapper. Frames keep their original timing (variable frame rate survives); audio is
not carried over.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from review_app.footage.errors import FootageError, FrameOutOfRange
from review_app.footage.index import STORED_TIME_SLACK_S, Progress
from review_app.ground.files import durable_replace

CODEC_BY_EXTENSION = {".mp4": "h264", ".m4v": "h264", ".mov": "h264", ".webm": "vp9"}


@dataclass(frozen=True)
class ExportedClip:
    path: str
    first_frame: int  # source frame indexes, inclusive
    last_frame: int
    frame_count: int
    duration_s: float


def draw_overlay(image: np.ndarray, time_s: float, index: int, caption: str | None) -> np.ndarray:
    """Burn the source time and frame number (and a caption) into the bottom-left corner."""
    import cv2

    out = image.copy()
    h = out.shape[0]
    scale = max(0.35, h / 720 * 0.8)
    thick = max(1, round(scale * 2))
    lines = [f"{time_s:.3f} s   frame {index}"]
    if caption:
        # Hershey fonts draw ASCII only; show the rest as '?' rather than garbage
        lines.insert(0, caption.encode("ascii", "replace").decode("ascii"))
    sizes = [cv2.getTextSize(t, cv2.FONT_HERSHEY_SIMPLEX, scale, thick) for t in lines]
    line_h = max(s[0][1] + s[1] for s in sizes) + max(2, round(6 * scale))
    box_w = min(out.shape[1], max(s[0][0] for s in sizes) + round(16 * scale))
    top = max(0, h - line_h * len(lines) - round(8 * scale))
    band = out[top:h, 0:box_w]
    band[:] = (band * 0.35).astype(np.uint8)  # darkened, not hidden: the play stays visible
    for n, text in enumerate(lines):
        y = top + line_h * (n + 1) - max(1, round(4 * scale))
        cv2.putText(out, text, (round(8 * scale), y), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    (255, 255, 255), thick, cv2.LINE_AA)
    return out


def export_clip(
    source,
    out: str | os.PathLike,
    start_s: float,
    end_s: float,
    *,
    overlay: bool = False,
    caption: str | None = None,
    crf: int | None = None,
    progress: Progress | None = None,
) -> ExportedClip:
    """Write the frames shown from `start_s` up to `end_s` (seconds from the first frame).

    `source` is a path or an open `Footage`. The clip is H.264 MP4 (.mp4/.m4v/.mov) or
    VP9 WebM (.webm), in the displayed orientation. `progress("export", fraction)`.
    """
    from review_app.footage.footage import Footage
    from review_app.footage.writer import VideoWriter

    out = Path(out)
    codec = CODEC_BY_EXTENSION.get(out.suffix.lower())
    if codec is None:
        raise FootageError("clip must be .mp4 (H.264) or .webm (VP9), which browsers play", path=out)
    own = not isinstance(source, Footage)
    footage = Footage(source) if own else source
    try:
        if out.exists() and os.path.samefile(out, footage.path):
            raise FootageError("refusing to overwrite the source footage with a clip", path=out)
        first, last = _frame_range(footage, start_s, end_s)
        info = footage.info
        width, height = info.width - info.width % 2, info.height - info.height % 2  # yuv420p
        tb = footage.time_base
        t0 = footage.time_of(first)
        total = last - first + 1
        tmp = out.with_name(f".{out.stem}.{os.getpid()}.partial{out.suffix}")
        try:
            with VideoWriter(tmp, width, height, fps=Fraction(info.fps).limit_denominator(1001),
                             codec=codec, crf=crf, time_base=tb) as writer:
                for n, frame in enumerate(footage.frames(first, last + 1)):
                    image = frame.image[:height, :width]
                    if overlay or caption:
                        image = draw_overlay(image, frame.time_s, frame.index, caption)
                    ticks = footage.ticks_since(first, frame.index)
                    writer.write(np.ascontiguousarray(image), pts_seconds=ticks * tb)
                    if progress:
                        progress("export", (n + 1) / total)
            durable_replace(tmp, out)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        end_t = footage.time_of(last + 1) if last + 1 < footage.frame_count else info.duration_s
        return ExportedClip(str(out), first, last, total, end_t - t0)
    finally:
        if own:
            footage.close()


def _frame_range(footage, start_s: float, end_s: float) -> tuple[int, int]:
    try:
        start_s, end_s = float(start_s), float(end_s)
    except (TypeError, ValueError):
        raise FrameOutOfRange("clip start and end must be numbers of seconds", path=footage.path) from None
    if end_s <= start_s:
        raise FrameOutOfRange(f"clip end {end_s:g} s is not after its start {start_s:g} s", path=footage.path)
    duration = footage.info.duration_s
    if end_s > duration + 1e-9:
        raise FrameOutOfRange(f"clip end {end_s:g} s is past the end of the footage ({duration:.3f} s long)",
                              path=footage.path)
    first = footage.index_at(start_s)  # the frame already on screen at the start
    # The end is not shown: a frame that starts at it (to the microsecond times are kept in) is left out.
    last = min(footage.frame_on_screen(end_s), footage.frame_count - 1)
    if last > first and footage.time_of(last) >= end_s - STORED_TIME_SLACK_S:
        last -= 1
    return first, max(first, last)
