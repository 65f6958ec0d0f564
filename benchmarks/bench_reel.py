"""Reel benchmark: seconds of rendering per second of reel, against the least work any reel of the same
frames must do.

    python benchmarks/bench_reel.py [--workdir DIR] [--runs 3] [--size 1280x720]

A 30 s recording (moving texture, H.264) with three tags, one drawn on, one in slow motion at 0.5, is
rendered as a reel (`review_app.reels.make_reel`). The reference decodes the same source frames with
PyAV and encodes as many output frames with the same writer settings, with no title cards, drawings
or scaling. Both run alternately in one process, so the ratio does not depend on the machine. Prints
medians; a measurement, not a test."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from review_app.footage import Footage, VideoWriter
from review_app.model import load_document
from review_app.reels import Slow, make_reel
from review_app.reels.reel import REEL_FPS, _source_times, items_for, window_of

FPS = 25


def make_recording(path: Path, size: tuple[int, int], seconds: int = 30) -> None:
    if path.exists():
        return
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w]
    rng = np.random.default_rng(3)
    with VideoWriter(path, w, h, fps=FPS, codec="h264") as out:
        for i in range(seconds * FPS):
            img = np.empty((h, w, 3), np.uint8)
            img[..., 1] = (110 + ((xx + i * 3) // 30 % 2) * 30).astype(np.uint8)
            img[..., 0] = 40
            img[..., 2] = (yy * 60 // h).astype(np.uint8)
            x = (i * 7) % (w - 80)
            img[h // 3:h // 3 + 90, x:x + 80] = (30, 60, 120)
            img += rng.integers(0, 8, img.shape, dtype=np.uint8)
            out.write(img)


def make_doc(folder: Path) -> Path:
    events = []
    for n, t in enumerate((5.0, 14.0, 24.0), start=1):
        e = {"id": f"e{n}", "position": {"frame": int(t * FPS), "time_s": t}, "situation": "21.j",
             "facts": {"period_time_expired": True}, "call": {"whistle": "at_once", "restart": "next_period"},
             "reviewer": "Bench"}
        if n == 2:
            e["drawings"] = [{"id": "d1", "kind": "arrow", "frame": int(t * FPS), "points": [[0.2, 0.5], [0.7, 0.4]],
                              "color": "#ffd400", "by": "Bench"}]
        events.append(e)
    doc = {"schema_version": "2.0", "match": {"id": "bench", "date": "2026-03-01", "periods": 6,
                                              "teams": [{"id": "A", "name": "Á"}, {"id": "B", "name": "B"}]},
           "footage": {"path": "match.mp4"}, "events": events}
    path = folder / "bench.json"
    path.write_text(json.dumps(doc), "utf-8")
    return path


def reference(footage_path: Path, items, out: Path, frames: int) -> float:
    """Decode the windows' source frames and encode `frames` output frames: the floor of any reel."""
    start = time.perf_counter()
    with Footage(footage_path) as video, VideoWriter(out, video.info.width - video.info.width % 2,
                                                     video.info.height - video.info.height % 2, fps=REEL_FPS,
                                                     codec="h264") as writer:
        h, w = writer.height, writer.width
        written, last = 0, None
        for item in items:
            a, b = window_of(item.event, video.info.duration_s)
            for t in _source_times(a, b, item.slow):
                index = min(video.frame_count - 1, max(0, video.frame_on_screen(t)))
                if index != last:
                    image = np.ascontiguousarray(video.frame(index).image[:h, :w])
                    last = index
                writer.write(image)
                written += 1
        blank = np.zeros((h, w, 3), np.uint8)
        while written < frames:
            writer.write(blank)
            written += 1
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "polo-review-bench-reel")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    args.workdir.mkdir(parents=True, exist_ok=True)
    make_recording(args.workdir / "match.mp4", (w, h))
    doc = load_document(make_doc(args.workdir))
    items = items_for(doc, ["e1", "e2", "e3"], slow={"e3": Slow(0.5)})
    ours, base, seconds = [], [], 0.0
    for run in range(args.runs):
        result = make_reel(items, args.workdir / f"reel{run}.mp4", lang="es")
        ours.append(result.render_s)
        seconds = result.duration_s
        base.append(reference(args.workdir / "match.mp4", items, args.workdir / f"ref{run}.mp4", result.frames))
    mo, mb = statistics.median(ours), statistics.median(base)
    print(f"reel of 3 tags at {result.width}x{result.height}: {seconds:.1f} s of video, {result.frames} frames")
    print(f"make_reel:       median {mo:6.2f} s  = {mo / seconds:.3f} s per second of reel")
    print(f"decode+encode:   median {mb:6.2f} s  = {mb / seconds:.3f} s per second of reel")
    print(f"ratio (ours / reference): {mo / mb:.2f}")


if __name__ == "__main__":
    main()
