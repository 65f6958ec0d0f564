"""A live session: every camera of one match recorded at once on one clock, the session's state written
for the review page (`session.json`, beside the feeds' folders), and after the game the match's record:
each feed's segments made one file (remuxed, never re-encoded) and attached to the match, the first
camera as the footage the tags' frames refer to, the others as angles with their offset from the sound.

    <footage>/live/<match id>/session.json
    <footage>/live/<match id>/<camera>/seg-000001.ts ... log.jsonl
    <footage>/<match id>-<camera>.ts          (after the game)
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from review_app.errors import PoloReviewError
from review_app.ground.files import atomic_write_json, file_sha256
from review_app.live import segments
from review_app.live.feed import MARKS, LiveFeed, Whistle
from review_app.live.ingest import FeedRecorder, redacted

SESSION = "session.json"
CAMERA_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
STATUS_EVERY_S = 1.0
# Two cameras' whistles are the same whistle when their starts are this close (after the clocks' offset,
# which is the transport's: well under a second on a field network).
SAME_WHISTLE_S = 1.5
# The sound may move the arrival clock's offset between two cameras only this far: a whistle reaches two
# cameras at most their distance apart divided by the speed of sound later one than the other (the triangle
# inequality), and two cameras of one match stand at most a field's length apart: a polo field is at most
# 300 yards (274 m) long, and sound travels 343 m/s in air at 20 °C: 274 / 343 = 0.80 s (20 frames at 25 fps).
# So the offset the sound gives is the pictures' offset give or take this; the arrival clock's is kept when
# it lies within that, else moved to the nearest offset the sound allows (live_sync).
# The sound's offset is read from the last SOUND_WHISTLES whistles both cameras heard, and moves the clock's
# only when at least SOUND_MIN_WHISTLES of them, each, put it beyond their sound's travel: a whistle whose start
# one camera found late (its onset lost in the crowd, 0.6 s late at +2 dB on the live check) gave a median of
# two whistles 0.3 s off and moved the second angle 2-3 frames from the pictures' instant (issue 36).
SOUND_WHISTLES = 5
SOUND_MIN_WHISTLES = 3
CAMERA_DISTANCE_MAX_M = 274.0
SPEED_OF_SOUND_M_S = 343.0
SOUND_TRAVEL_MAX_S = CAMERA_DISTANCE_MAX_M / SPEED_OF_SOUND_M_S
# A replay official who hears a whistle the detector missed presses M this long after it sounded: a simple
# auditory reaction (hear, press a key) takes some 0.15-0.3 s at rest; an official watching play and deciding
# that it was the whistle takes longer. The Live page lets the official change it (review_app.ui.app_pages.live).
REACTION_S = 0.5
REACTION_MAX_S = 5.0
# A whistle waits at most this long after it was heard for its pictures (ready_whistles): heard about 0.5 s
# after it sounds, and the page runs every 0.5 s, so a whistle is on the page within about 2.5 s at the most.
READY_WAIT_S = 1.5


class LiveError(PoloReviewError):
    """A live session that cannot start or finish (a bad camera argument, a feed folder in use)."""


def parse_camera(text: str) -> tuple[str, str]:
    """'A=udp://0.0.0.0:5000' -> ('A', 'udp://0.0.0.0:5000'), or one clear line."""
    name, sep, url = text.partition("=")
    if not sep or not url:
        raise LiveError(f"--camera {text!r}: write NAME=URL, e.g. A=udp://0.0.0.0:5000")
    if not CAMERA_NAME.match(name):
        raise LiveError(f"--camera {text!r}: the name is letters, digits, - and _ (at most 32), e.g. A or north")
    if "://" not in url:
        raise LiveError(f"--camera {text!r}: the URL needs its protocol (udp://, srt://, rtsp://, rtmp://)")
    return name, url


def session_folder(footage: Path, match_id: str) -> Path:
    return Path(footage) / "live" / match_id


def sessions(footage: Path) -> list[dict]:
    """Every live session under the footage folder, newest first (for the review page)."""
    found = []
    for path in sorted((Path(footage) / "live").glob(f"*/{SESSION}")):
        try:
            import json

            state = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        state["folder"] = str(path.parent)
        found.append(state)
    return sorted(found, key=lambda s: s.get("zero_wall", 0), reverse=True)


class LiveSession:
    def __init__(self, match_id: str, document: Path | None, footage: Path, cameras: list[tuple[str, str]], *,
                 segment_s: float | None = None, read_timeout_s: float | None = None):
        if not cameras:
            raise LiveError("name at least one camera: --camera NAME=URL")
        names = [n for n, _u in cameras]
        if len(set(names)) != len(names):
            raise LiveError(f"two cameras have the same name: {', '.join(names)}")
        self.match_id = match_id
        self.document = document
        self.folder = session_folder(footage, match_id)
        self.footage = Path(footage)
        self.stop = threading.Event()
        self.zero_wall = time.time()
        options = {k: v for k, v in (("segment_s", segment_s), ("read_timeout_s", read_timeout_s)) if v}
        self.recorders = [FeedRecorder(n, u, self.folder / n, zero_wall=self.zero_wall, stop=self.stop, **options)
                          for n, u in cameras]
        self.state = "recording"

    def write_state(self) -> None:
        atomic_write_json(self.folder / SESSION, {
            "match_id": self.match_id, "document": str(self.document) if self.document else None,
            "cameras": [r.feed for r in self.recorders], "zero_wall": self.zero_wall,
            "state": self.state, "updated_wall": time.time(),
            "feeds": [r.status() for r in self.recorders]})

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.write_state()
        for r in self.recorders:
            r.start()

    def run(self, duration_s: float | None = None, on_status=None) -> None:
        """Record until `duration_s` has passed or `stop` is set (Ctrl-C sets it in the command)."""
        end = time.time() + duration_s if duration_s else None
        try:
            while not self.stop.wait(STATUS_EVERY_S):
                self.write_state()
                if on_status is not None:
                    on_status([r.status() for r in self.recorders])
                if end is not None and time.time() >= end:
                    break
        finally:
            self.stop.set()
            for r in self.recorders:
                r.join(10)
            self.state = "stopped"
            self.write_state()

    @property
    def urls(self) -> list[str]:
        return [redacted(r.url) for r in self.recorders]


# -- after the game ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Finished:
    camera: str
    path: Path
    frames: int
    segments: int
    gaps: int
    sha256: str


def join_segments(feed_folder: Path, out: Path) -> Finished:
    """The feed's segments, in order, remuxed into one MPEG-TS file (packets as recorded, no re-encoding)."""
    import av

    feed_folder, out = Path(feed_folder), Path(out)
    log = segments.read(feed_folder)
    if not log.segments:
        raise LiveError(f"{feed_folder}: no segment was recorded")
    part = out.with_name(f".{out.name}.part")
    frames = 0
    with av.open(str(part), "w", format="mpegts") as dst:
        outs = None
        for entry in log.segments:
            with av.open(str(feed_folder / entry["file"])) as src:
                streams = [s for s in (src.streams.video[:1] + src.streams.audio[:1])]
                if outs is None:
                    outs = {s.type: dst.add_stream_from_template(s) for s in streams}
                for packet in src.demux(*streams):
                    if packet.size == 0 or packet.stream.type not in outs:
                        continue
                    if packet.stream.type == "video":
                        frames += 1
                    packet.stream = outs[packet.stream.type]
                    dst.mux(packet)
    part.replace(out)
    return Finished(feed_folder.name, out, frames, len(log.segments), len(log.gaps), file_sha256(out))


def whistle_offsets(a: LiveFeed, b: LiveFeed) -> list[float]:
    """Camera B's time minus camera A's at the same sound, for each whistle both heard, in the order blown
    (on each feed's own timeline, from its first frame). The sound's offsets, not the pictures': a camera
    farther from the whistle hears it later (SOUND_TRAVEL_MAX_S)."""
    wa = [w.start_s + a.first_s for w in a.whistles() if not w.marked]
    wb = [w.start_s + b.first_s for w in b.whistles() if not w.marked]
    diffs = []
    for t in wa if wb else []:
        nearest = min(wb, key=lambda u: abs(u - t))
        if abs(nearest - t) < SAME_WHISTLE_S:
            # on the recording's clock the two are close; on each feed's own timeline the difference of the
            # first frames' times is added
            diffs.append(nearest - t - (b.first_s - a.first_s))
    return diffs


def clock_offset(a: LiveFeed, b: LiveFeed) -> float:
    """Camera B's time minus camera A's at the same instant by the recorder's arrival clock: each frame at
    the time it arrived (ingest), on each feed's own timeline (from its first frame)."""
    return a.arrival_first_s - b.arrival_first_s


@dataclass(frozen=True)
class Sync:
    """The offset the second angle is shown at (B's time minus A's), and what it rests on."""

    offset_s: float
    clock_s: float  # the arrival clock's offset
    sound_s: float | None = None  # the sound's, from `whistles` whistles both heard (None: none yet)
    whistles: int = 0
    beyond: int = 0  # of the last SOUND_WHISTLES, how many put the clock's offset beyond their sound's travel

    @property
    def moved_s(self) -> float:
        """How far the sound moved the clock's offset (0: the clock's offset lies within what the sound allows)."""
        return self.offset_s - self.clock_s


def live_sync(a: LiveFeed, b: LiveFeed, travel_max_s: float = SOUND_TRAVEL_MAX_S) -> Sync:
    """The arrival clock's offset, moved by the sound only as far as the sound's travel cannot explain: each
    whistle's sound offset is the pictures' give or take `travel_max_s`, so the clock's is kept within that.
    Only when each of the last SOUND_WHISTLES whistles both heard (at least SOUND_MIN_WHISTLES) puts it
    beyond, on the same side, is it moved: as far as the whistle that asks least (a camera that sends a
    second late, its sound heard on time). One whistle's start found late on one camera does not move it."""
    clock = clock_offset(a, b)
    diffs = whistle_offsets(a, b)
    if not diffs:
        return Sync(clock, clock)
    recent = diffs[-SOUND_WHISTLES:]
    moves = [min(max(clock, d - travel_max_s), d + travel_max_s) - clock for d in recent]
    move = 0.0
    if len(recent) >= SOUND_MIN_WHISTLES and (all(m > 0 for m in moves) or all(m < 0 for m in moves)):
        move = min(moves, key=abs)
    return Sync(clock + move, clock, float(np.median(recent)), len(diffs), sum(m != 0 for m in moves))


def mark_whistle(session_dir: Path, at_s: float, *, reaction_s: float, by: str) -> dict:
    """A whistle a replay official heard (M) marked at `at_s` on the recorder's arrival clock (the instant
    they pressed, or the picture they looked at, less `reaction_s`), in the session's marks (fsynced); every
    camera's feed then shows it as a whistle (LiveFeed.whistles)."""
    if not 0.0 <= reaction_s <= REACTION_MAX_S:
        raise LiveError(f"a reaction time is 0 to {REACTION_MAX_S:g} s, not {reaction_s:g}")
    entry = {"at_s": round(max(0.0, at_s), 4), "reaction_s": reaction_s, "by": by, "marked_wall": time.time()}
    segments.append(Path(session_dir), {"mark": entry}, MARKS)
    return entry


def angle_frame_at(other: LiveFeed, seconds: float, offset_s: float) -> int | None:
    """The other camera's frame on screen at `seconds` on the main camera's timeline plus the offset (other's
    time minus main's: the Live page's is live_sync's, as its second angle maps it, frame_angle.js), or None
    when the other has not recorded that instant (yet). The Live page's mapping of an instant to the second angle,
    on a feed still growing (after the game, `model.angles.angle_frame` maps the recorded angles)."""
    t = seconds + offset_s
    if t < -1e-6 or t >= other.duration_s:
        return None
    return other.frame_on_screen(t)


def heard_on_either(main: LiveFeed, other: LiveFeed | None, offset_s: float) -> list[Whistle]:
    """The main camera's whistles, and those only the other camera heard (its microphone nearer the Umpire,
    or the main one's drowned), put on the main camera's timeline at the instant the other heard them (the
    pictures' offset `offset_s`: other's time minus main's), in the order they sounded."""
    heard = main.whistles()
    if other is None or not main.frame_count:
        return heard
    last = main.time_of(main.frame_count - 1)
    extra = []
    for w in other.whistles():
        t = w.start_s - offset_s
        if w.marked or not 0.0 <= t <= last or any(abs(h.start_s - t) < SAME_WHISTLE_S for h in heard):
            continue
        extra.append(Whistle(t, w.end_s - offset_s, main.frame_on_screen(t), w.heard_wall))
    return sorted(heard + extra, key=lambda w: w.start_s)


def ready_whistles(main: LiveFeed, other: LiveFeed | None, offset_s: float, *, settled: bool = True,
                   now: float | None = None) -> tuple[list[Whistle], dict | None]:
    """The whistles the live page shows, and the last one's frame on both angles for W ({"frame", "angle"},
    the angle's None when it has not recorded that instant): each the frame on screen at the whistle's
    instant. (The angle's frame at the start of the main one's was up to a main frame early: a mark's second
    angle leaned 1-2 of its frames early, issue 36.) A whistle is shown once its pictures on both
    angles are made on the server, so that W only swaps two pictures the page fetched meanwhile (the second
    angle's frame is recorded later when its camera lags, and only when its segment closes), and the offset
    `settled` (measured from a whistle both heard, not the recording clock's: the page's next run has it once
    the second camera hears this one). At most READY_WAIT_S after it was heard, whatever the second angle
    has: a camera down or far behind does not hold the whistle up. The whistles either camera heard
    (heard_on_either)."""
    heard = heard_on_either(main, other, offset_s)
    now = time.time() if now is None else now
    while heard:
        last = heard[-1]
        angle = None if other is None else angle_frame_at(other, last.start_s, offset_s)
        main.prepare(last.frame)
        if angle is not None:
            other.prepare(angle)
        ready = main.made(last.frame) and (other is None or (angle is not None and other.made(angle) and settled))
        if ready or now - last.heard_wall >= READY_WAIT_S:
            return heard, {"frame": last.frame, "angle": angle}
        heard = heard[:-1]
    return [], None


def finish(session_dir: Path, footage: Path, document: Path | None, by: str | None = None,
           save=None) -> list[Finished]:
    """Each feed made one file in the footage folder; with a match document, attached to it (the first
    camera reviewed on, the others with the offset the Live page used, live_sync) and saved with `save`
    (`save(doc)`: the caller's store, e.g. `store.matches.save`; the library opens no store)."""
    import json

    session_dir = Path(session_dir)
    state = json.loads((session_dir / SESSION).read_text("utf-8"))
    done = [join_segments(session_dir / name, Path(footage) / f"{state['match_id']}-{name}.ts")
            for name in state["cameras"]]
    if document is not None:
        if save is None:
            raise LiveError("finish: a match document to attach to needs the store's save handed in")
        save(_attach(document, done, [LiveFeed(session_dir / name) for name in state["cameras"]], by))
    state["state"] = "finished"
    state["files"] = [str(f.path) for f in done]
    atomic_write_json(session_dir / SESSION, state)
    return done


def _attach(document: Path, done: list[Finished], feeds: list[LiveFeed], by: str | None):
    """The match document with the finished files attached (not saved)."""
    from review_app.footage import Footage
    from review_app.model import load_document
    from review_app.model.angles import with_offset
    from review_app.model.recordings import attach

    doc = load_document(document)
    for k, f in enumerate(done):
        with Footage(f.path) as video:
            info = video.info
        doc = attach(doc, f.path, how="folder", sha256=f.sha256, size=f.path.stat().st_size,
                     name=f"{f.camera} (live)", by=by, info=info, review_on=(k == 0))
    for f, feed in zip(done[1:], feeds[1:], strict=True):
        if feeds[0].frame_count and feed.frame_count:  # the offset the Live page showed the angle at
            sync = live_sync(feeds[0], feed)
            doc = with_offset(doc, f.sha256, sync.offset_s, footage_sha256=done[0].sha256,
                              how="sound" if sync.moved_s else "clock", by=by)
    return doc
