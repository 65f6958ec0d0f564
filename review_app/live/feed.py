"""A feed as recorded so far, read from its log: the frame index that grows with the recording (every
closed segment's frames, their times from the log), frames decoded from the segment holding them, the gaps
and the whistles heard. Thread-safe; one per feed folder in a server process (`open_feed`).

Frame numbers and times count from the feed's first frame, as for any file (review_app.footage): frame k
here is frame k of the file `finish` makes from the segments after the game.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from review_app.footage import frames as frame_images
from review_app.footage.errors import FootageError, FrameOutOfRange
from review_app.footage.index import latest_instant
from review_app.live import segments

OPEN_SEGMENTS = 4  # segments kept open for decoding (the live edge, and a replay a few seconds back)
# The whistles a replay official marked (M on the Live page) when the detector missed them: one file per
# session, beside the feeds' folders (the recorder writes only the feeds'), each mark an instant on the
# recorder's arrival clock, so that it stands for the same instant on every camera (session.mark_whistle).
MARKS = "marks.jsonl"


@dataclass(frozen=True)
class Whistle:
    start_s: float  # on the feed's timeline (from its first frame)
    end_s: float
    frame: int  # the frame on screen when it starts
    heard_wall: float  # when it was heard (or marked), server's wall clock
    marked: bool = False  # marked by a replay official (M), not heard by the detector


@dataclass(frozen=True)
class Gap:
    from_s: float
    to_s: float
    frame: int  # the first frame after the gap


class LiveFeed:
    def __init__(self, folder: str | Path, *, warm: bool = False):
        """`warm`: each whistle's pictures made as soon as it is recorded (a server's feed, `live.web`)."""
        self.folder = Path(folder)
        self.warm = warm
        self.name = self.folder.name
        self._lock = threading.Lock()
        self._log: segments.FeedLog | None = None
        self._times = np.zeros(0)  # recording seconds of every frame, by index
        self._starts: list[int] = []  # first frame index of each segment
        self._open: OrderedDict[int, _SegmentDecoder] = OrderedDict()
        self._decoding = threading.RLock()
        self._warmed: set[float] = set()  # the whistles (start times) whose frames were made ahead
        self._asked: set[int] = set()  # the frames `prepare` was asked for
        self.width = self.height = 0
        self.refresh()

    def refresh(self) -> bool:
        """Reads what the recorder logged since; True when frames were added."""
        with self._lock:
            before = len(self._log.segments) if self._log else 0
            self._log = segments.read(self.folder, self._log)
            added = self._log.segments[before:]
            if not added:
                self._warm_whistles()  # a whistle logged after the segment holding it
                return False
            parts = [self._times]
            for entry in added:
                self._starts.append(len(self._times) + sum(len(p) for p in parts[1:]))
                tb = Fraction(*entry["time_base"])
                parts.append(np.asarray(entry["pts"], dtype=np.int64) * float(tb))
            self._times = np.concatenate(parts)
            self._warm_whistles()
            return True

    # -- the index ------------------------------------------------------------------------------
    @property
    def frame_count(self) -> int:
        return len(self._times)

    @property
    def edge_frame(self) -> int:
        """The first frame of the newest segment (a keyframe): the live edge a page follows, decoded alone."""
        return self._starts[-1] if self._starts else -1

    @property
    def first_s(self) -> float:
        return float(self._times[0]) if len(self._times) else 0.0

    @property
    def duration_s(self) -> float:
        return float(self._log.segments[-1]["end_s"]) - self.first_s if self.frame_count else 0.0

    @property
    def arrival_lag_s(self) -> float:
        """How much later than they arrived the frames of the feed's current connection are placed on the
        recording's timeline (ingest's arrival clock; 0 in a log written before it was measured)."""
        return float(self._log.segments[-1].get("arrival_lag_s", 0.0)) if self.frame_count else 0.0

    @property
    def arrival_first_s(self) -> float:
        """The first frame's time on the recorder's arrival clock (seconds since the session started): the
        same instant on two cameras has the same arrival time, give or take what each camera takes to send."""
        return self.first_s - self.arrival_lag_s

    @property
    def segment_count(self) -> int:
        return len(self._log.segments)

    def times(self) -> np.ndarray:
        """Every frame's time from the first frame (seconds)."""
        return self._times - self.first_s

    def time_of(self, index: int) -> float:
        return float(self._times[index] - self.first_s)

    def frame_on_screen(self, seconds: float) -> int:
        """The frame shown `seconds` after the first (clamped to what is recorded)."""
        i = int(np.searchsorted(self._times - self.first_s, latest_instant(seconds), side="right")) - 1
        return max(0, min(i, self.frame_count - 1))

    def whistles(self) -> list[Whistle]:
        """Whistles heard, and marked by a replay official, whose start is recorded already (the page can go
        there), in the order they sounded."""
        if not self.frame_count:
            return []
        last = self._times[-1]
        heard = [Whistle(w["start_s"] - self.first_s, w["end_s"] - self.first_s,
                         self.frame_on_screen(w["start_s"] - self.first_s), w.get("heard_wall", 0.0))
                 for w in self._log.whistles if w["start_s"] <= last]
        marked = []
        for m in read_marks(self.folder.parent):
            start = m["at_s"] - self.arrival_first_s  # on this feed's timeline, from its first frame
            if 0.0 <= start <= last - self.first_s:
                marked.append(Whistle(start, start, self.frame_on_screen(start), m.get("marked_wall", 0.0), True))
        return sorted(heard + marked, key=lambda w: w.start_s)

    def gaps(self) -> list[Gap]:
        return [Gap(g["from_s"] - self.first_s, g["to_s"] - self.first_s,
                    min(self.frame_count - 1, self.frame_on_screen(g["to_s"] - self.first_s + 1e-4)))
                for g in self._log.gaps if self.frame_count]

    def segment_files(self) -> list[Path]:
        return [self.folder / s["file"] for s in self._log.segments]

    # -- pictures ---------------------------------------------------------------------------------
    def _segment(self, number: int) -> _SegmentDecoder:
        decoder = self._open.get(number)
        if decoder is None:
            decoder = self._open[number] = _SegmentDecoder(self.folder / self._log.segments[number]["file"])
            while len(self._open) > OPEN_SEGMENTS:
                self._open.popitem(last=False)[1].close()
        self._open.move_to_end(number)
        return decoder

    def picture(self, index: int):
        """Frame `index` (BGR), decoded from its segment: from the segment's first frame (a keyframe) or from
        where the last picture asked of that segment left off, to the frame whose timestamp the log gives."""
        with self._lock:
            if not 0 <= index < self.frame_count:
                raise FrameOutOfRange(f"frame {index} is not recorded (yet): {self.frame_count} frames so far",
                                      path=self.folder)
            number = bisect.bisect_right(self._starts, index) - 1
            pts = self._log.segments[number]["pts"][index - self._starts[number]]
        with self._decoding:  # the index stays readable (refresh) while a picture is decoded
            image = self._segment(number).frame(pts)
        if not self.width:
            self.height, self.width = image.shape[:2]
        return image

    def image(self, index: int, fmt: str = "jpeg", token: str = "") -> bytes:
        """Frame `index` as `fmt` (review_app.footage.frames.encode), kept in the frames' shared cache."""
        key = (str(self.folder), index, fmt)  # one key whoever asks (a page's fetch, the whistle's warming)
        data = frame_images.CACHE.get(key)
        if data is None:
            with self._decoding:  # a picture asked for while it was being made (warming) is then found made
                data = frame_images.CACHE.get(key)
                if data is None:
                    data = frame_images.encode(self.picture(index), fmt)
                    frame_images.CACHE.put(key, data)
        return data

    def _warm_whistles(self) -> None:
        """A whistle newly recorded: its frame and the next on each side made now (`prepare`), so the page's
        W finds them made (the second angle's frame at the whistle is its own whistle's frame, give or take
        one: the offset is measured from these whistles)."""
        if not self.warm or not len(self._times):
            return
        last = self._times[-1]
        fresh = [w["start_s"] for w in self._log.whistles if w["start_s"] <= last and w["start_s"] not in self._warmed]
        if not fresh:
            return
        opening = not self._warmed
        self._warmed.update(fresh)
        if opening:  # the whistles already in the log when the feed was opened: only the last matters
            fresh = fresh[-1:]
        frames = []
        for start in fresh:
            k = self.frame_on_screen(start - self.first_s)
            frames += [i for i in (k - 1, k, k + 1) if 0 <= i < self.frame_count]  # in order: decoded once
        self._prepare(frames)

    def prepare(self, index: int) -> None:
        """Frame `index` decoded and encoded (JPEG) in the background, unless it is made or being made: the
        picture a page is about to ask for (the second angle's frame at the last whistle, as mapped)."""
        with self._lock:
            if index in self._asked or not 0 <= index < self.frame_count:
                return
            self._asked.add(index)
        if not self.made(index):
            self._prepare([index])

    def made(self, index: int) -> bool:
        """Frame `index`'s JPEG is made (in the frames' shared cache): a page's fetch of it is answered at once."""
        return frame_images.CACHE.get((str(self.folder), index, "jpeg")) is not None

    def _prepare(self, frames: list[int]) -> None:
        def make() -> None:
            for i in frames:
                try:
                    self.image(i, "jpeg")
                except FootageError:  # asked for again by the page, which then says why
                    return

        threading.Thread(target=make, name=f"warm-{self.name}", daemon=True).start()

    def size(self) -> tuple[int, int]:
        if not self.width and self.frame_count:
            self.picture(0)
        return self.width, self.height

    def close(self) -> None:
        with self._decoding:
            for decoder in self._open.values():
                decoder.close()
            self._open.clear()


def read_marks(session_folder: Path) -> list[dict]:
    """The whistles marked in a session ({"at_s", "reaction_s", "by", "marked_wall"}); a line cut off ignored."""
    import json

    try:
        lines = (Path(session_folder) / MARKS).read_text("utf-8").splitlines()
    except OSError:
        return []
    marks = []
    for line in lines:
        try:
            entry = json.loads(line).get("mark")
        except (ValueError, AttributeError):
            continue
        if isinstance(entry, dict) and isinstance(entry.get("at_s"), int | float):
            marks.append(entry)
    return marks


class _SegmentDecoder:
    """One segment's video, decoded forward by timestamp. Opened lightly (the container named, little
    probing): a segment is a known MPEG-TS file of about a second, and opening it as any footage (index scan,
    hash, cache entry) cost several times the decoding. The frame is found by its timestamp from the log,
    never by counting, so reordered (B-) frames are found as well."""

    def __init__(self, path: Path):
        self.path = path
        self._container = None
        self._frames = None
        self._at = None  # the timestamp of the last frame decoded

    def _start(self) -> None:
        import av

        from review_app.footage.decoder import configure

        self.close()
        try:
            self._container = av.open(str(self.path), format="mpegts",
                                      options={"probesize": "65536", "analyzeduration": "0"})
            stream = self._container.streams.video[0]
        except (av.error.FFmpegError, IndexError, OSError) as exc:
            raise FootageError(f"segment {self.path.name} cannot be read: {exc}", path=self.path) from exc
        configure(stream)
        self._frames = (f for packet in self._container.demux(stream) for f in packet.decode())
        self._at = None

    def frame(self, pts: int):
        import av

        from review_app.footage.decoder import display_rotation, to_display_bgr

        if self._frames is None or self._at is None or pts <= self._at:
            self._start()
        try:
            for f in self._frames:
                self._at = f.pts
                if f.pts == pts:
                    return to_display_bgr(f, display_rotation(f))
                if f.pts is not None and f.pts > pts:  # out of the decoder in presentation order: not there
                    break
        except av.error.FFmpegError as exc:
            raise FootageError(f"segment {self.path.name}: {exc}", path=self.path) from exc
        self._frames = None
        raise FootageError(f"the frame at timestamp {pts} cannot be decoded from {self.path.name}", path=self.path)

    def close(self) -> None:
        if self._container is not None:
            self._container.close()
        self._container = self._frames = None
