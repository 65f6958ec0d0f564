"""The frame-time index: every frame's presentation timestamp, found by demuxing, not decoding.

Frames are numbered in presentation order (the order a player shows them); packets
are numbered in decode order (the order they sit in the file). The index links the two
and knows where the keyframes are, which is all exact seeking needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from review_app.footage.errors import VideoOpenFailure
from review_app.ground.files import HashedReads

NO_TS = np.iinfo(np.int64).min  # a packet without a timestamp

# packet flags, stored as bits
KEY = 1
DISCARD = 2  # decoded as a reference but never shown (MP4 edit lists)

Progress = Callable[[str, float], None]

# Match documents, exports and imports keep times to the microsecond (`round(t, 6)`), so a frame's
# stored time may lie up to half a microsecond before the frame starts (one frame in three at 29.97 fps).
# A time is therefore read as the latest instant it can stand for: half a microsecond later, and a
# nanosecond for float arithmetic. Frames are far longer than a microsecond, so no time reaches the
# next frame this way. Every mapping from seconds to a frame goes through `latest_instant`.
STORED_TIME_STEP_S = 1e-6
STORED_TIME_SLACK_S = STORED_TIME_STEP_S / 2 + 1e-9


def latest_instant(seconds: float) -> float:
    """The latest instant a time stored to the microsecond stands for: the moment to look up its frame at."""
    return float(seconds) + STORED_TIME_SLACK_S


@dataclass
class FrameIndex:
    time_base: Fraction
    packet_pts: np.ndarray  # int64, decode order; NO_TS when absent
    packet_flags: np.ndarray  # uint8, decode order
    last_duration: int  # ticks the last frame stays on screen
    header_frames: int  # frame count the container header claims (0 if none)
    truncated: bool  # the data stops before the header says it should

    def __post_init__(self):
        shown = (self.packet_flags & DISCARD == 0) & (self.packet_pts != NO_TS)
        positions = np.flatnonzero(shown)
        order = np.argsort(self.packet_pts[positions], kind="stable")
        self.pts = self.packet_pts[positions][order]  # presentation order
        self.decode_position = positions[order]  # packet holding each frame
        self._from_first = self.pts - self.pts[0] if len(self.pts) else self.pts
        keys = np.flatnonzero((self.packet_flags & KEY != 0) & (self.packet_pts != NO_TS))
        self.key_positions = keys
        self.key_pts = self.packet_pts[keys]
        self._packet_order = np.argsort(self.packet_pts, kind="stable")
        self._packet_keys = self.packet_pts[self._packet_order]

    # -- sizes and times ---------------------------------------------------------
    @property
    def frame_count(self) -> int:
        return len(self.pts)

    @property
    def packet_count(self) -> int:
        return len(self.packet_pts)

    def seconds(self, ticks) -> float:
        return float(Fraction(int(ticks)) * self.time_base)

    def time_of(self, index: int) -> float:
        """Seconds from the first frame to frame `index`."""
        return self.seconds(self.pts[index] - self.pts[0])

    @property
    def duration_ticks(self) -> int:
        return int(self.pts[-1] - self.pts[0]) + self.last_duration

    def frame_on_screen(self, seconds_from_first: float) -> int:
        """Index of the frame shown at that time; -1 before the first, frame_count after the end.

        A frame's own time, rounded to the microsecond as documents keep it, gives that frame."""
        ticks = latest_instant(seconds_from_first) / float(self.time_base)
        if ticks > self.duration_ticks + 2 * STORED_TIME_SLACK_S / float(self.time_base):
            return self.frame_count
        return int(np.searchsorted(self._from_first, ticks, side="right")) - 1

    def frame_of_pts(self, pts: int) -> int | None:
        i = int(np.searchsorted(self.pts, pts))
        return i if i < len(self.pts) and self.pts[i] == pts else None

    def packet_of_pts(self, pts: int) -> int | None:
        """Decode position of the packet carrying `pts` (used to find where a seek landed)."""
        keys = self._packet_keys
        i = int(np.searchsorted(keys, pts))
        return int(self._packet_order[i]) if i < len(keys) and keys[i] == pts else None

    def start_packet(self, index: int) -> int:
        """Decode position of the keyframe to start decoding at to get frame `index` right.

        The last keyframe before the frame's packet in decode order whose own time is not
        after the frame: in an open GOP the pictures shown just before a keyframe are
        decoded after it and need the previous GOP, so they start one keyframe earlier.
        """
        target_pos, target_pts = self.decode_position[index], self.pts[index]
        j = int(np.searchsorted(self.key_positions, target_pos, side="right")) - 1
        while j > 0 and self.key_pts[j] > target_pts:
            j -= 1
        return int(self.key_positions[j]) if j >= 0 else 0

    def nearest_keyframe(self, index: int) -> int:
        """Frame index of the keyframe shown nearest to frame `index` (for thumbnails)."""
        target = self.pts[index]
        j = int(np.searchsorted(self.key_pts_sorted, target))
        candidates = [c for c in (j - 1, j) if 0 <= c < len(self.key_pts_sorted)]
        best = min(candidates, key=lambda c: abs(int(self.key_pts_sorted[c]) - int(target)))
        return int(self.frame_of_pts(int(self.key_pts_sorted[best])))

    @property
    def key_pts_sorted(self) -> np.ndarray:
        if not hasattr(self, "_key_pts_sorted"):
            shown = [p for p in self.key_pts if self.frame_of_pts(int(p)) is not None]
            self._key_pts_sorted = np.sort(np.asarray(shown, dtype=np.int64))
        return self._key_pts_sorted

    def intervals(self) -> np.ndarray:
        return np.diff(self.pts)

    def without_frames(self, frames) -> FrameIndex:
        """The same index with these frames' packets kept as references but never shown."""
        flags = self.packet_flags.copy()
        flags[self.decode_position[list(frames)]] |= DISCARD
        return FrameIndex(self.time_base, self.packet_pts, flags, self.last_duration,
                          self.header_frames, self.truncated)

    # -- cache form ---------------------------------------------------------------
    def to_cache(self) -> tuple[dict, dict[str, np.ndarray]]:
        meta = {
            "time_base": [self.time_base.numerator, self.time_base.denominator],
            "last_duration": self.last_duration,
            "header_frames": self.header_frames,
            "truncated": self.truncated,
        }
        return meta, {"packet_pts": self.packet_pts, "packet_flags": self.packet_flags}

    @classmethod
    def from_cache(cls, meta: dict, arrays: dict[str, np.ndarray]) -> FrameIndex:
        return cls(
            time_base=Fraction(*meta["time_base"]),
            packet_pts=arrays["packet_pts"].astype(np.int64),
            packet_flags=arrays["packet_flags"].astype(np.uint8),
            last_duration=int(meta["last_duration"]),
            header_frames=int(meta["header_frames"]),
            truncated=bool(meta["truncated"]),
        )


def build_index(container, stream, path) -> FrameIndex:
    """Demux every packet of `stream` once and record its timestamp and flags."""
    import av

    pts_list: list[int] = []
    flags_list: list[int] = []
    durations: list[int] = []
    corrupt: list[bool] = []
    truncated = False
    try:
        for packet in container.demux(stream):
            if packet.size == 0:  # the demuxer's end-of-stream marker
                continue
            pts = packet.pts if packet.pts is not None else packet.dts
            pts_list.append(NO_TS if pts is None else pts)
            flags_list.append((KEY if packet.is_keyframe else 0) | (DISCARD if packet.is_discard else 0))
            durations.append(packet.duration or 0)
            corrupt.append(packet.is_corrupt)
    except av.error.FFmpegError:
        truncated = True  # the demuxer hit data it could not read: keep what came before
    # A recording cut off mid-write ends in a partial packet flagged corrupt.
    while corrupt and corrupt[-1]:
        for column in (corrupt, pts_list, flags_list, durations):
            column.pop()
        truncated = True
    header_frames = int(stream.frames or 0)
    if header_frames > len(pts_list):
        truncated = True

    packet_pts = np.asarray(pts_list, dtype=np.int64)
    flags = np.asarray(flags_list, dtype=np.uint8)
    shown = (flags & DISCARD == 0) & (packet_pts != NO_TS)
    if not shown.any():
        if len(pts_list):
            raise VideoOpenFailure("its video packets carry no timestamps (a raw stream?); remux it into MP4",
                                   path=path)
        raise VideoOpenFailure("contains no video frames", path=path)
    if not (flags & KEY).any():
        flags[0] |= KEY  # some AVI/raw muxers flag nothing; the first packet must do
    time_base = Fraction(stream.time_base.numerator, stream.time_base.denominator)
    index = FrameIndex(time_base, packet_pts, flags, 0, header_frames, truncated)
    # How long the last frame stays: its packet's duration, else the typical interval.
    last_packet = int(index.decode_position[-1])
    last = durations[last_packet]
    if last <= 0:
        steps = index.intervals()
        last = int(np.median(steps)) if len(steps) else 0
        if last <= 0 and stream.average_rate:
            last = max(1, round(1 / (Fraction(stream.average_rate) * time_base)))
    index.last_duration = int(last)
    return index


def scan_file(path, stream_index: int, progress: Progress | None = None) -> tuple[FrameIndex, str]:
    """The frame index of video stream `stream_index` and the file's SHA-256, from one read of the
    file: the demuxer reads it through `HashedReads`, which hashes what passes. `progress("index",
    fraction)` follows the share of the file read."""
    import av

    report = (lambda fraction: progress("index", fraction)) if progress else None
    with HashedReads(path, report) as reads:
        # a large buffer: the demuxer reads the file front to back, in few calls into Python
        with av.open(reads, metadata_errors="ignore", buffer_size=1 << 20) as container:
            index = build_index(container, container.streams[stream_index], path)
        sha256 = reads.sha256()
    if progress:
        progress("index", 1.0)
    return index, sha256
