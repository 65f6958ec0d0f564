"""`Footage`: one video file, read frame-exactly by index or by time.

Time on footage is a frame index plus its presentation time counted from the first
frame; a container's start offset (MPEG-TS clocks, edit lists) never shifts it.
"""

from __future__ import annotations

import logging
import math
import operator
import os
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from typing import Self

import numpy as np

from review_app.footage import cache
from review_app.footage.decoder import FrameDecoder, display_rotation, to_display_bgr
from review_app.footage.errors import DecodeError, FrameOutOfRange, VideoOpenFailure
from review_app.footage.index import FrameIndex, Progress, scan_file
from review_app.footage.source import open_video

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FootageInfo:
    path: str
    container: str
    codec: str
    width: int  # as displayed, rotation applied
    height: int
    rotation: int  # clockwise degrees a player turns the stored picture (0/90/180/270)
    coded_width: int
    coded_height: int
    frame_count: int  # frames actually present, counted by demuxing
    fps: float  # average: frames / duration
    variable_frame_rate: bool
    duration_s: float  # first frame shown to last frame gone
    start_offset_s: float  # the first frame's timestamp in the container
    time_base: str
    keyframe_count: int
    file_size: int
    sha256: str
    header_frame_count: int  # what the container claims (0 if it does not say)
    truncated: bool

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Frame:
    index: int  # 0-based, presentation order
    time_s: float  # presentation time counted from the first frame
    image: np.ndarray  # BGR, H x W x 3 uint8, rotated as a player shows it


def _variable_rate(index: FrameIndex) -> bool:
    steps = index.intervals()
    if len(steps) < 2:
        return False
    # one tick of jitter is timestamp rounding (29.97 fps in a 1/1000 time base), not VFR
    spread = int(steps.max() - steps.min())
    return spread > max(2, 0.02 * float(np.median(steps)))


def first_picture(path: str | os.PathLike) -> np.ndarray:
    """The first frame a player shows (BGR, rotated as shown), decoded straight from the file with
    no frame index: what a reviewer sees while the index is built."""
    import av

    path = Path(path)
    container, stream = open_video(path)
    try:
        for frame in container.decode(stream):
            return to_display_bgr(frame, display_rotation(frame))
    except av.error.FFmpegError as exc:  # told below in the reviewer's words, as when opening
        log.debug("%s: first frame: %r", path, exc)
    finally:
        container.close()
    raise VideoOpenFailure("not even its first frame can be decoded (damaged data)", path=path)


class Footage:
    """A video file opened for frame-exact review. Not thread-safe: one per user session.

    `progress("index", fraction)` is called while a new file is indexed and hashed, both from one
    read of the file; a file seen before opens from the cache without either.
    """

    def __init__(self, path: str | os.PathLike, *, progress: Progress | None = None, use_cache: bool = True):
        self.path = Path(path)
        self._last: Frame | None = None  # the frame returned last, kept for repeats
        self._container, self._stream = open_video(self.path)
        try:
            self._open(progress, use_cache)
        except BaseException:
            self._container.close()
            raise

    def _open(self, progress: Progress | None, use_cache: bool) -> None:
        ident = cache.identity(self.path)
        cached = cache.load(ident) if use_cache else None
        if cached:
            meta, arrays = cached
            self._index = FrameIndex.from_cache(meta, arrays)
            self._decoder = FrameDecoder(self._container, self._stream, self._index, self.path)
            rotation, sha256 = meta["rotation"], meta["sha256"]
        else:
            self._index, sha256 = scan_file(self.path, self._stream.index, progress)
            self._decoder = FrameDecoder(self._container, self._stream, self._index, self.path)
            if self._index.truncated:
                self._drop_undecodable_tail()
            rotation = self._first_frame_rotation()
            meta, arrays = self._index.to_cache()
            cache.store(ident, {**meta, "rotation": rotation, "sha256": sha256}, arrays)
        self._rotation = rotation
        self.info = self._make_info(ident["size"], rotation, sha256)

    def _drop_undecodable_tail(self) -> None:
        """In a cut-off recording the last B-frames can lose the reference they point to (their
        packets are present but they never decode) or be cut off themselves after the P-frame they
        come before. Decode the last GOP once and stop counting at the first frame that does not
        decode or may have lost one before it (`FrameDecoder.decodable_after`), so frame_count is what
        can really be shown, each frame under its own number: a frame counted after a lost one would
        take its number and show the next frame's picture."""
        idx = self._index
        tail = idx.frame_of_pts(int(idx.key_pts_sorted[-1])) or 0
        shown = self._decoder.decodable_after(tail)
        first_lost = next((i for i in range(tail, idx.frame_count) if i not in shown), None)
        if first_lost:  # none lost, or the last keyframe itself (nothing dropped: asked for, it says it is damaged)
            self._index = idx.without_frames(range(first_lost, idx.frame_count))
            self._decoder = FrameDecoder(self._container, self._stream, self._index, self.path)

    def _first_frame_rotation(self) -> int:
        """Decode frame 0: proves the stream decodes, and carries the display rotation."""
        try:
            frame = self._decoder.decode(0)
        except DecodeError:
            raise VideoOpenFailure("not even its first frame can be decoded (damaged data)", path=self.path) from None
        rotation = display_rotation(frame)
        self._last = Frame(0, 0.0, to_display_bgr(frame, rotation))  # often asked for next
        return rotation

    def _make_info(self, size: int, rotation: int, sha256: str) -> FootageInfo:
        idx, stream = self._index, self._stream
        cw, ch = stream.codec_context.width, stream.codec_context.height
        w, h = (ch, cw) if rotation in (90, 270) else (cw, ch)
        duration = idx.seconds(idx.duration_ticks)
        return FootageInfo(
            path=str(self.path),
            container=self._container.format.name,
            codec=stream.codec_context.name,
            width=w,
            height=h,
            rotation=rotation,
            coded_width=cw,
            coded_height=ch,
            frame_count=idx.frame_count,
            fps=idx.frame_count / duration if duration > 0 else 0.0,
            variable_frame_rate=_variable_rate(idx),
            duration_s=duration,
            start_offset_s=idx.seconds(idx.pts[0]),
            time_base=f"{idx.time_base.numerator}/{idx.time_base.denominator}",
            keyframe_count=len(idx.key_positions),
            file_size=size,
            sha256=sha256,
            header_frame_count=idx.header_frames,
            truncated=idx.truncated,
        )

    # -- frames -----------------------------------------------------------------------
    @property
    def frame_count(self) -> int:
        return self._index.frame_count

    def time_of(self, index: int) -> float:
        """Presentation time of frame `index`, in seconds from the first frame."""
        return self._index.time_of(self._check_index(index))

    def index_at(self, seconds: float) -> int:
        """Index of the frame on screen at `seconds` from the first frame (no decoding)."""
        try:
            t = float(seconds)
        except (TypeError, ValueError):
            raise FrameOutOfRange(f"time {seconds!r} is not a number", path=self.path) from None
        if not math.isfinite(t):
            raise FrameOutOfRange(f"time {seconds} is not a finite number", path=self.path)
        if t < 0:
            raise FrameOutOfRange(f"time {t:g} s is negative; footage time starts at 0", path=self.path)
        i = self._index.frame_on_screen(t)
        if i >= self.frame_count:
            raise FrameOutOfRange(
                f"time {t:g} s is past the end of the footage ({self.info.duration_s:.3f} s long)",
                path=self.path)
        return max(i, 0)

    def frame(self, index: int) -> Frame:
        """The `index`-th frame in presentation order (0-based)."""
        index = self._check_index(index)
        if self._last is not None and self._last.index == index:
            return Frame(index, self._last.time_s, self._last.image.copy())
        decoded = self._decoder.decode(index)
        frame = Frame(index, self._index.time_of(index), to_display_bgr(decoded, self._rotation))
        self._last = frame
        return frame

    def times(self) -> np.ndarray:
        """Every frame's presentation time in seconds from the first frame (float64, by index)."""
        idx = self._index
        return (idx.pts - idx.pts[0]).astype(np.float64) * float(idx.time_base)

    def frame_at(self, seconds: float) -> Frame:
        """The frame on screen `seconds` after the first frame is shown."""
        return self.frame(self.index_at(seconds))

    def frames(self, start: int = 0, stop: int | None = None):
        """Frames start..stop-1 in order, decoded in one forward pass."""
        stop = self.frame_count if stop is None else stop
        for i in range(start, stop):
            yield self.frame(i)

    def _check_index(self, index) -> int:
        try:
            index = operator.index(index)
        except TypeError:
            raise FrameOutOfRange(f"frame index {index!r} is not a whole number", path=self.path) from None
        n = self.frame_count
        if index < 0:
            raise FrameOutOfRange(f"frame index {index} is negative; frames are numbered from 0", path=self.path)
        if index >= n:
            idx = self._index
            if idx.truncated and index < idx.header_frames:
                raise DecodeError(
                    f"decoding stopped at frame {n} of {idx.header_frames} (the recording is truncated)",
                    path=self.path)
            raise FrameOutOfRange(f"frame {index} is past the end: the footage has {n} frames (0..{n - 1})",
                                  path=self.path)
        return index

    def keyframe_before(self, index: int) -> int:
        """The frame decoding starts from to reach frame `index`: its group of pictures' keyframe
        (`index` itself if it cannot be told). Frames from there to `index` cost no extra seek."""
        idx = self._index
        try:
            found = idx.frame_of_pts(int(idx.packet_pts[idx.start_packet(index)]))
        except (IndexError, TypeError, ValueError) as exc:  # no packet to start from: decode from `index`
            log.debug("%s: no keyframe known before frame %s (%s)", self.path, index, exc)
            return index
        return index if found is None or found > index else int(found)

    def nearest_keyframe(self, index: int) -> int:
        """The keyframe nearest to frame `index` (decodable alone, from one packet)."""
        return int(self._index.nearest_keyframe(index))

    def frame_on_screen(self, seconds: float) -> int:
        """The index of the frame shown at `seconds` from the first frame, unchecked: it may be -1
        before the first frame or `frame_count` past the last (see `index_at` for the checked one)."""
        return int(self._index.frame_on_screen(seconds))

    @property
    def time_base(self) -> Fraction:
        """The stream's time base: one tick of `ticks_since`."""
        return self._index.time_base

    def ticks_since(self, first: int, index: int) -> int:
        """The presentation time from frame `first` to frame `index`, in ticks of `time_base` (exact)."""
        pts = self._index.pts
        return int(pts[index] - pts[first])

    def decode_alone(self, index: int):
        """The keyframe `index` decoded from its own packet (a PyAV frame, stored orientation): for thumbnails.
        The next `frame()` call seeks again."""
        self._last = None
        return self._decoder.decode_alone(index)

    # -- thumbnails ---------------------------------------------------------------------
    def filmstrip(self, count: int = 24, height: int = 90, progress: Progress | None = None):
        """Up to `count` thumbnails `height` pixels tall spread over the whole footage.

        Only keyframes are decoded (one packet each), so a two-hour match takes a
        fraction of a second per thumbnail; each is the keyframe nearest to an evenly
        spaced time. Returns a list of Thumbnail(index, time_s, image).
        """
        from review_app.footage.filmstrip import make_filmstrip

        self._last = None
        return make_filmstrip(self, count, height, progress)

    # -- lifetime -----------------------------------------------------------------------
    def close(self) -> None:
        if self._container is not None:
            self._decoder.close()
            self._container.close()
            self._container = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Footage({str(self.path)!r}, {self.frame_count} frames)"
