"""A reel: tags' windows one after another in one H.264 MP4 a browser plays (yuv420p, the index at
the front), each after its title card, with the tags' drawings and slow motion where asked.

The reel runs at a constant `REEL_FPS`: each output frame shows the source frame on screen at its
moment (slow motion: the source clock runs at the asked fraction), whatever the source's rate. A
frame that was drawn on is held for `DRAWING_HOLD_S` with its drawings, then play goes on: the
coach's pause to explain, as in the coaching tools."""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from review_app.drawings.render import draw_on
from review_app.drawings.shapes import drawings_on
from review_app.errors import PoloReviewError
from review_app.ground.files import durable_replace
from review_app.model import MatchDocument
from review_app.model.event import Event, read_event, read_events
from review_app.reels.cards import title_card

log = logging.getLogger(__name__)

REEL_FPS = 25
REEL_MAX_HEIGHT = 720  # pixels: larger footage is scaled down, a reel is sent and watched on laptops
CARD_S = 3.5  # seconds a title card is shown
DRAWING_HOLD_S = 2.0  # seconds a frame drawn on is held with its drawings
LEAD_S = 3.0  # a tag without a window: this long before its frame
LAG_S = 3.0  # and this long after
SLOWEST = 0.05  # the slowest slow motion asked for (1/20 of real speed)
MAX_WINDOW_S = 120.0  # a tag's window longer than this is cut to it (a reel of incidents, not of halves)


class ReelError(PoloReviewError):
    """A reel that cannot be made as asked, said in one line."""


@dataclass(frozen=True)
class Slow:
    """Slow motion at `factor` of real speed, over the whole window or from `start_s` to `end_s` (footage seconds)."""

    factor: float
    start_s: float | None = None
    end_s: float | None = None

    def covers(self, t: float) -> bool:
        return (self.start_s is None or t >= self.start_s) and (self.end_s is None or t < self.end_s)


def parse_slow(text: str) -> tuple[str, Slow]:
    """`TAG:FACTOR` or `TAG:FACTOR:FROM-TO` (seconds of the footage), e.g. e2:0.25 or e2:0.5:41.0-43.5."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or not parts[0]:
        raise ReelError(f"--slow {text!r}: write TAG:FACTOR, e.g. e2:0.25, or TAG:FACTOR:FROM-TO in seconds")
    try:
        factor = float(parts[1])
    except ValueError:
        raise ReelError(f"--slow {text!r}: the factor {parts[1]!r} is not a number") from None
    if not (math.isfinite(factor) and SLOWEST <= factor < 1):
        raise ReelError(f"--slow {text!r}: the factor must be at least {SLOWEST} and below 1 (0.25 is a quarter "
                        "of real speed)")
    start = end = None
    if len(parts) == 3:
        a, sep, b = parts[2].partition("-")
        try:
            start, end = float(a), float(b)
        except ValueError:
            raise ReelError(f"--slow {text!r}: the stretch {parts[2]!r} must be FROM-TO in seconds") from None
        if not sep or not (math.isfinite(start) and math.isfinite(end)) or end <= start:
            raise ReelError(f"--slow {text!r}: the stretch must end after it starts")
    return parts[0], Slow(factor, start, end)


@dataclass
class ReelItem:
    """One tag of the reel: its match, the event, the checker's verdict and explanation, and any slow motion."""

    doc: MatchDocument
    event: Event
    verdict: str | None = None
    explanation: object = None
    slow: Slow | None = None


@dataclass(frozen=True)
class ReelResult:
    path: Path
    width: int
    height: int
    frames: int
    duration_s: float
    tags: tuple[str, ...]
    render_s: float  # wall-clock seconds the rendering took


def window_of(event: Event, duration_s: float) -> tuple[float, float]:
    """The stretch of footage a tag's reel segment shows (seconds)."""
    if event.window is not None:
        start, end = event.window.start.time_s, event.window.end.time_s
    else:
        t = event.position.time_s
        start, end = t - LEAD_S, t + LAG_S
    start = max(0.0, start)
    end = min(duration_s, max(end, start + 1.0 / REEL_FPS), start + MAX_WINDOW_S)
    if end <= start:
        raise ReelError(f"tag {event.id}: its window {start:.3f}-{end:.3f} s is not in the footage "
                        f"({duration_s:.3f} s long)")
    return start, end


def reel_size(width: int, height: int, max_height: int = REEL_MAX_HEIGHT) -> tuple[int, int]:
    """The first footage's size, no taller than `max_height`, even (yuv420p)."""
    scale = min(1.0, max_height / height)
    w, h = round(width * scale), round(height * scale)
    return max(2, w - w % 2), max(2, h - h % 2)


def fit(image: np.ndarray, width: int, height: int) -> np.ndarray:
    """`image` scaled into the reel's frame, the rest black (footage of another shape is not stretched)."""
    import cv2

    h, w = image.shape[:2]
    if (w, h) == (width, height):
        return image
    scale = min(width / w, height / h)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    small = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    out = np.zeros((height, width, 3), np.uint8)
    y, x = (height - nh) // 2, (width - nw) // 2
    out[y:y + nh, x:x + nw] = small
    return out


def _source_times(start: float, end: float, slow: Slow | None) -> list[float]:
    """The footage time each output frame of a window shows."""
    out, t = [], start
    while t < end - 1e-9:
        out.append(t)
        t += (slow.factor if slow and slow.covers(t) else 1.0) / REEL_FPS
    return out


def planned_frames(items: Sequence[ReelItem], durations: Sequence[float]) -> int:
    """How many frames the reel will have (for its progress), drawings' holds included."""
    total = 0
    for item, duration in zip(items, durations, strict=True):
        start, end = window_of(item.event, duration)
        total += round(CARD_S * REEL_FPS) + len(_source_times(start, end, item.slow))
        total += round(DRAWING_HOLD_S * REEL_FPS) * len({d.frame for d in drawings_on(item.event)})
    return total


def make_reel(items: Sequence[ReelItem], out: str | os.PathLike, *, lang: str = "en",
              progress: Callable[[str, float], None] | None = None, roots=(),
              max_height: int = REEL_MAX_HEIGHT) -> ReelResult:
    """Render `items` in the order given to `out` (.mp4). `progress("reel", fraction)` as frames are written.
    The file appears whole or not at all (written beside it, then moved into place)."""
    from review_app.footage import Footage

    if not items:
        raise ReelError("a reel needs at least one tag")
    out = Path(out)
    if out.suffix.lower() not in (".mp4", ".m4v"):
        raise ReelError("a reel is an H.264 .mp4 file, which browsers play", path=out)
    started = time.perf_counter()
    opened: dict[Path, Footage] = {}
    try:
        sources = _open_sources(items, roots, opened)
        first = sources[0].info
        width, height = reel_size(first.width, first.height, max_height)
        total = max(1, planned_frames(items, [s.info.duration_s for s in sources]))
        tmp = out.with_name(f".{out.stem}.{os.getpid()}.partial{out.suffix}")
        try:
            written = _render(tmp, items, sources, width, height, lang, total, progress)
            durable_replace(tmp, out)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    finally:
        for footage in opened.values():
            footage.close()
    if progress:
        progress("reel", 1.0)
    return ReelResult(out, width, height, written, written / REEL_FPS, tuple(i.event.id for i in items),
                      time.perf_counter() - started)


def _open_sources(items: Sequence[ReelItem], roots, opened: dict) -> list:
    """Each item's footage, each recording opened once into `opened` (path -> Footage; the caller closes them)."""
    from review_app.footage import Footage

    sources = []
    for item in items:
        if not (item.doc.data.get("footage") or {}).get("path"):
            raise ReelError(f"match {item.doc.match_id} records no footage: tag {item.event.id} cannot be "
                            "shown")
        path = item.doc.footage_path(roots)
        if path not in opened:
            opened[path] = Footage(path)
        sources.append(opened[path])
    return sources


class _Frames:
    """The reel's frames as they are written: counted, the progress said every fifth frame out of `total`."""

    def __init__(self, writer, total: int, progress: Callable[[str, float], None] | None):
        self.writer, self.total, self.progress = writer, total, progress
        self.written = 0

    def put(self, image: np.ndarray, times: int = 1) -> None:
        for _n in range(times):
            self.writer.write(image)
            self.written += 1
            if self.progress and self.written % 5 == 0:
                self.progress("reel", min(1.0, self.written / self.total))


def _render(tmp: Path, items: Sequence[ReelItem], sources: list, width: int, height: int, lang: str,
            total: int, progress: Callable[[str, float], None] | None) -> int:
    """Write the reel to `tmp`: each item's title card, then its window. Returns the frames written."""
    from review_app.footage.writer import VideoWriter

    with VideoWriter(tmp, width, height, fps=REEL_FPS, codec="h264") as writer:
        frames = _Frames(writer, total, progress)
        for n, (item, footage) in enumerate(zip(items, sources, strict=True), start=1):
            card = title_card(width, height, doc=item.doc, event=item.event, verdict=item.verdict,
                              explanation=item.explanation, lang=lang,
                              slow=item.slow.factor if item.slow else None, number=n, total=len(items))
            frames.put(card, round(CARD_S * REEL_FPS))
            _put_window(frames, item, footage, width, height)
    return frames.written


def _put_window(frames: _Frames, item: ReelItem, footage, width: int, height: int) -> None:
    """The item's window of footage, each frame drawn on held with its drawings the first time it is shown."""
    start, end = window_of(item.event, footage.info.duration_s)
    held: set[int] = set()
    last_index, picture = None, None
    for t in _source_times(start, end, item.slow):
        index = min(footage.frame_count - 1, max(0, footage.frame_on_screen(t)))
        if index != last_index:
            picture = fit(footage.frame(index).image, width, height)
            last_index = index
        shapes = drawings_on(item.event, index)
        if shapes and index not in held:
            held.add(index)
            frames.put(fit(draw_on(footage.frame(index).image, shapes), width, height),
                       round(DRAWING_HOLD_S * REEL_FPS))
        frames.put(picture)


def items_for(doc, tag_ids: Sequence[str], *, slow: dict[str, Slow] | None = None, evidence=None
              ) -> list[ReelItem]:
    """The reel's items for tags `tag_ids` of one match, in the order given, with the checker's verdicts (the
    match's evidence case read from the store's `evidence`, `evidence.records.EvidenceStore`, if given)."""
    from review_app.checker import check_document

    slow = dict(slow or {})
    results = {r.event: r for r in check_document(doc, evidence)[0]}
    events = {t: event for t in tag_ids if (event := read_event(doc, t)) is not None}
    missing = [t for t in tag_ids if t not in events]
    if missing:
        raise ReelError(f"match {doc.match_id} has no tag {', '.join(missing)} (its tags: "
                        f"{', '.join(e.id for e in read_events(doc)) or 'none'})")
    unknown = sorted(set(slow) - set(tag_ids))
    if unknown:
        raise ReelError(f"--slow names {', '.join(unknown)}, which is not among the reel's tags")
    out = []
    for t in tag_ids:
        r = results.get(t)
        out.append(ReelItem(doc, events[t], r.verdict if r else None, r.explanation if r else None, slow.get(t)))
    return out


def items_from_results(results, slow: dict[tuple[str, str], Slow] | None = None) -> list[ReelItem]:
    """The reel's items for the checker's results (the Report page's filtered events, any matches), in the
    order given; `slow` by (match, tag). Each match document is read once."""
    from review_app.model import load_document

    slow = dict(slow or {})
    docs: dict[str, MatchDocument] = {}
    out = []
    for r in results:
        if not r.document:
            raise ReelError(f"tag {r.match}/{r.event}: its match document is not a file this reel can read")
        if r.document not in docs:
            docs[r.document] = load_document(r.document)
        doc = docs[r.document]
        event = read_event(doc, r.event)
        if event is None:
            raise ReelError(f"match {r.match} no longer has tag {r.event}; check the report again")
        out.append(ReelItem(doc, event, r.verdict, r.explanation, slow.get((r.match, r.event))))
    return out
