"""Exact frame decoding: seek to the right keyframe, decode forward, never seek to step.

The decoder remembers where it is. Asking for a later frame it can reach by decoding
forward (the next frame, or any frame whose keyframe it has already passed) costs only
the decoding in between; anything else seeks to the keyframe the index names and
decodes from there. Only the frame asked for is converted to an image.
"""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

import numpy as np

from review_app.footage.errors import DecodeError, SeekError
from review_app.footage.index import FrameIndex
from review_app.footage.source import MAX_PIXELS

log = logging.getLogger(__name__)

_ROTATE = {90: "ROTATE_90_CLOCKWISE", 180: "ROTATE_180", 270: "ROTATE_90_COUNTERCLOCKWISE"}


def display_rotation(frame) -> int:
    """Clockwise degrees (0/90/180/270) a player turns this decoded frame (PyAV gives counter-clockwise)."""
    return round(-(frame.rotation or 0) / 90) * 90 % 360


def to_display_bgr(frame, rotation: int, **reformat) -> np.ndarray:
    """A decoded frame as a BGR array, turned the way a player shows it."""
    import cv2

    # Chroma is upsampled bilinearly, as players do: swscale's default (bicubic) took 13-40 ms for a
    # 1080p frame here against 4 ms, and every frame a reviewer steps to or plays goes through this.
    reformat.setdefault("interpolation", "BILINEAR")
    if frame.width * frame.height > MAX_PIXELS:
        # Checked on every frame before it becomes an array: a header and first frame of 320x240 can be followed
        # by 12000x12000 frames (about 1 GB for one request, F8 of the security review).
        raise DecodeError(f"a frame is {frame.width}x{frame.height}, more than the {MAX_PIXELS:,} pixels a "
                          "recording may have")
    image = frame.to_ndarray(format="bgr24", **reformat)
    if rotation:
        image = cv2.rotate(image, getattr(cv2, _ROTATE[rotation]))
    return image


def configure(stream) -> None:
    # Frame and slice threads, as many as cores. Measured on 1080p single-slice H.264
    # on 2 cores: random seek 81 ms with frame threads vs 119 ms slice-only, and steps
    # no slower, since camera files are often one slice per frame and slice threads idle.
    if not stream.codec_context.is_open:  # threading is fixed once the codec opens
        stream.codec_context.thread_type = "AUTO"
        stream.codec_context.thread_count = 0


class FrameDecoder:
    """Decodes frames of one video stream by presentation index, reusing its position."""

    def __init__(self, container, stream, index: FrameIndex, path: Path):
        self._container = container
        self._stream = stream
        self._index = index
        self._path = path
        configure(stream)
        self._packets = None  # demux iterator, None until the first seek
        self._next_packet = 0  # decode position of the next packet the iterator yields
        self._pending: deque = deque()  # (frame index, av frame) decoded, not yet taken
        self._last_taken = -1  # frame index most recently taken out of the decoder
        self._ended = False
        self._seek_frame = 0  # frame index of the keyframe last seeked to
        self.seeks = 0  # for tests and benchmarks: how often we had to seek
        self.packets_fed = 0  # ... and how many packets went into the decoder

    # -- public -----------------------------------------------------------------------
    def decode(self, index: int):
        """The av.VideoFrame shown as frame `index` (0-based, presentation order)."""
        start = self._index.start_packet(index)
        reachable = (
            self._packets is not None
            and index > self._last_taken
            and self._next_packet >= start
            and (not self._ended or (self._pending and self._pending[-1][0] >= index))
        )
        if not reachable:
            self._seek(start)
        return self._take(index)

    def decode_alone(self, index: int):
        """Keyframe `index` decoded from its own packet only (thumbnails: no GOP decoding)."""
        import av

        position = int(self._index.decode_position[index])
        self._seek(position)
        cc = self._stream.codec_context
        want = int(self._index.pts[index])
        frames = []
        try:
            frames += cc.decode(next(self._packets))
            frames += cc.decode(None)  # drain: a B-frame stream holds the picture back
        except (av.error.FFmpegError, StopIteration) as exc:  # the frames decoded so far are checked below
            log.debug("%s: decoding keyframe %s alone stopped early: %r", self._path, index, exc)
        finally:
            cc.flush_buffers()
            self._packets = None  # the decoder is drained; the next request seeks
        for frame in frames:
            if frame.pts == want or frame.pts is None:
                return frame
        raise DecodeError(f"keyframe {index} could not be decoded (damaged data)", path=self._path)

    def decodable_after(self, first: int) -> set[int]:
        """Which frames from `first` to the end actually decode and are known to be numbered right (checks a
        truncated tail). The packets cut off a recording come after the last one present in decode order, so their
        decoding timestamps are later than its, and a frame is never shown before it is decoded (pts >= dts): a
        frame shown no later than that last decoding timestamp has no cut frame before it, while one shown after
        it may have lost one (a B-frame cut off after the P-frame it comes before), which would shift its number."""
        self._seek(self._index.start_packet(first))
        got, last_dts = set(), None
        while not self._ended:
            packet_dts = self._feed()
            if packet_dts is not None:
                last_dts = packet_dts
            while self._pending:
                index, _ = self._pending.popleft()
                got.add(index)
        self._packets = None
        pts = self._index.pts
        return {i for i in got if i >= first and (last_dts is None or pts[i] <= last_dts)}

    def close(self) -> None:
        self._packets = None
        self._pending.clear()

    # -- positioning ------------------------------------------------------------------
    def _seek(self, start: int) -> None:
        """Position the demuxer so the next packet is the one at decode position `start`."""
        import av

        self.seeks += 1
        idx = self._index
        self._stream.codec_context.flush_buffers()
        self._pending.clear()
        self._last_taken = -1
        self._ended = False
        target_pts = int(idx.packet_pts[start])
        # Demuxers index keyframes by pts or by dts; ask for the keyframe's pts, and if
        # that lands after it, ask again a keyframe earlier, finally from the file start.
        earlier_keys = [int(p) for p in idx.key_pts[idx.key_positions < start][::-1][:3]]
        for ts in [target_pts, *earlier_keys, None]:
            try:
                if ts is None:
                    self._container.seek(0, backward=True, any_frame=False)
                else:
                    self._container.seek(ts, backward=True, any_frame=False, stream=self._stream)
            except av.error.FFmpegError as exc:  # this demuxer cannot seek there: try a keyframe earlier
                log.debug("%s: seek to %s refused (%s); trying earlier", self._path, ts, exc)
                continue
            packets = self._nonempty(self._container.demux(self._stream))
            try:
                first = next(packets)
            except StopIteration:
                continue
            key = first.pts if first.pts is not None else first.dts
            at = idx.packet_of_pts(key) if key is not None else None
            if ts is None and at is None:
                at = 0
            if at is None or at > start:
                continue
            while at < start:  # landed early: skip packets without decoding them
                try:
                    first = next(packets)
                except StopIteration:
                    break
                at += 1
            if at != start:
                continue
            self._packets = self._prepend(first, packets)
            self._next_packet = start
            self._seek_frame = idx.frame_of_pts(target_pts) or 0
            return
        raise SeekError(f"could not position the reader at packet {start} of {idx.packet_count}", path=self._path)

    @staticmethod
    def _nonempty(packets):
        for packet in packets:
            if packet.size:
                yield packet

    @staticmethod
    def _prepend(first, rest):
        yield first
        yield from rest

    # -- decoding ---------------------------------------------------------------------
    def _take(self, index: int):
        idx = self._index
        while True:
            while self._pending:
                got, frame = self._pending.popleft()
                self._last_taken = got
                if got == index:
                    return frame
                if got > index:
                    raise DecodeError(
                        f"frame {index} of {idx.frame_count} could not be decoded (damaged data)",
                        path=self._path)
            if self._ended:
                raise self._stopped(index)
            self._feed()

    def _feed(self) -> int | None:
        """Decode one more packet (or drain the decoder at the end) into `_pending`; the packet's decoding
        timestamp, if it has one."""
        import av

        cc = self._stream.codec_context
        packet = next(self._packets, None)
        dts = packet.dts if packet is not None else None
        try:
            if packet is None:
                self._ended = True
                frames = cc.decode(None)
            else:
                self._next_packet += 1
                self.packets_fed += 1
                frames = cc.decode(packet)
        except av.error.FFmpegError as exc:
            log.debug("%s: damaged packet skipped: %s", self._path, exc)
            return dts  # a damaged packet: skip it like a player would; later frames may decode
        for frame in frames:
            if frame.pts is not None:
                got = self._index.frame_of_pts(frame.pts)
                if got is None:
                    continue  # a frame the container hides (edit list)
            else:
                got = self._last_taken + len(self._pending) + 1  # no timestamps: count
            if got <= self._last_taken or (self._pending and got <= self._pending[-1][0]):
                continue
            self._pending.append((got, frame))
        return dts

    def _stopped(self, index: int) -> DecodeError:
        idx = self._index
        total = max(idx.header_frames, idx.frame_count)
        k = max(self._last_taken + 1, self._seek_frame)
        why = "the recording is truncated" if idx.truncated else "the data is damaged"
        return DecodeError(f"decoding stopped at frame {k} of {total} ({why})", path=self._path)
