"""Footage benchmark: exact-seek and step latency against the least-work reference,
and opening / filmstrip time on a two-hour file.

    python benchmarks/bench_footage.py [--workdir DIR] [--seeks 40] [--steps 120]

The reference is the least work any exact reader must do: seek to the keyframe
before the frame (known from our own index), decode forward with PyAV, convert the
frame to a BGR array. Both run in the same process on the same file, alternating,
so the ratios are immune to machine speed. Generated files are kept in --workdir
and reused. Prints a table; it is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from review_app.footage import Footage, VideoWriter

HD = (1920, 1080)


def make_hd(path: Path, seconds: int = 20, fps: int = 30) -> None:
    """1080p H.264, 2-second GOP, 3 B-frames; moving texture so P/B frames carry real data."""
    if path.exists():
        return
    w, h = HD
    yy, xx = np.mgrid[0:h, 0:w]
    base = ((xx // 40 + yy // 40) % 2 * 60 + (xx * 255 // w) // 2).astype(np.uint8)
    rng = np.random.default_rng(7)
    grain = rng.integers(0, 24, size=(h, w), dtype=np.uint8)
    tmp = path.with_suffix(".partial.mp4")
    with VideoWriter(tmp, w, h, fps=fps, codec="h264", gop=2 * fps, bframes=3, crf=23) as out:
        for i in range(seconds * fps):
            shift = (i * 7) % w
            g = np.roll(base, shift, axis=1) + np.roll(grain, i * 3, axis=0)
            img = np.stack([g, np.roll(g, 50, axis=0), np.roll(g, 90, axis=1)], axis=2)
            out.write(img)
    os.replace(tmp, path)


def make_two_hours(path: Path, hours: float = 2.0, fps: int = 30) -> None:
    """Two hours made cheaply: encode one 2-second GOP at 320x180, then stream-copy it over
    and over with shifted timestamps (no re-encoding)."""
    import av

    if path.exists():
        return
    gop = path.with_suffix(".gop.mp4")
    with VideoWriter(gop, 320, 180, fps=fps, codec="h264", gop=2 * fps, bframes=2) as out:
        for i in range(2 * fps):
            img = np.full((180, 320, 3), 40, np.uint8)
            img[:, (i * 5) % 320 : (i * 5) % 320 + 20] = 220
            out.write(img)
    tmp = path.with_suffix(".partial.mp4")
    with av.open(str(gop)) as src:
        s = src.streams.video[0]
        packets = [(bytes(p), p.pts, p.dts, p.is_keyframe, p.duration) for p in src.demux(s) if p.size]
        span = (packets[1][4] or 1) * len(packets)  # one GOP's duration in ticks
        with av.open(str(tmp), "w", format="mp4") as dst:
            o = dst.add_stream_from_template(s)
            for k in range(int(hours * 3600 / 2)):
                for data, pts, dts, key, dur in packets:
                    p = av.Packet(data)
                    p.pts, p.dts, p.duration = pts + k * span, dts + k * span, dur
                    p.is_keyframe = key
                    p.time_base = s.time_base
                    p.stream = o
                    dst.mux(p)
    os.replace(tmp, path)
    gop.unlink()


def reference_seek(container, stream, key_pts: int, target_pts: int):
    """Least work for one exact frame: seek to its keyframe, decode forward, convert."""
    container.seek(key_pts, backward=True, any_frame=False, stream=stream)
    stream.codec_context.flush_buffers()
    for packet in container.demux(stream):
        for frame in stream.codec_context.decode(packet if packet.size else None):
            if frame.pts == target_pts:
                return frame.to_ndarray(format="bgr24")
    raise RuntimeError("reference did not find the frame")


def bench_hd(path: Path, n_seeks: int, n_steps: int) -> list[tuple[str, float, float]]:
    import av

    video = Footage(path)
    idx = video._index
    rng = random.Random(3)
    targets = rng.sample(range(idx.frame_count), n_seeks)

    ref = av.open(str(path))
    rs = ref.streams.video[0]
    rs.codec_context.thread_type = "AUTO"  # same decoder threading as Footage: ratios compare the method
    rs.codec_context.thread_count = 0

    ours_t, ref_t, mismatches = [], [], 0
    for n, i in enumerate(targets):
        key = int(idx.packet_pts[idx.start_packet(i)])
        order = [0, 1] if n % 2 else [1, 0]  # alternate who goes first
        for who in order:
            t = time.perf_counter()
            if who == 0:
                img = video.frame(i).image
                ours_t.append(time.perf_counter() - t)
                mine = img
            else:
                r = reference_seek(ref, rs, key, int(idx.pts[i]))
                ref_t.append(time.perf_counter() - t)
        mismatches += not np.array_equal(mine, r)

    # Steps: one forward pass each, timing every next frame.
    start = 5
    video.frame(start)
    our_steps = []
    for i in range(start + 1, start + 1 + n_steps):
        t = time.perf_counter()
        video.frame(i)
        our_steps.append(time.perf_counter() - t)
    reference_seek(ref, rs, int(idx.packet_pts[idx.start_packet(start)]), int(idx.pts[start]))
    ref_steps = []
    cc = rs.codec_context
    packets = ref.demux(rs)
    want = [int(p) for p in idx.pts[start + 1 : start + 1 + n_steps]]
    pending = []
    for w in want:
        t = time.perf_counter()
        while not any(f.pts == w for f in pending):
            p = next(packets)
            pending += cc.decode(p if p.size else None)
        f = next(f for f in pending if f.pts == w)
        pending = [g for g in pending if g.pts > w]
        f.to_ndarray(format="bgr24")
        ref_steps.append(time.perf_counter() - t)
    ref.close()
    video.close()
    med = statistics.median
    return [
        ("random exact seek (1080p, 2 s GOP, B-frames)", med(ours_t) * 1e3, med(ref_t) * 1e3),
        ("next-frame step", med(our_steps) * 1e3, med(ref_steps) * 1e3),
        ("_mismatched frames vs reference", mismatches, 0),
    ]


def bench_long(path: Path, cache: Path) -> list[tuple[str, float]]:
    rows = []
    os.environ["POLO_REVIEW_CACHE"] = str(cache)
    t = time.perf_counter()
    with Footage(path) as video:
        rows.append(("open 2 h file, first time (demux index + SHA-256)", time.perf_counter() - t))
        frames = video.info.frame_count
    t = time.perf_counter()
    with Footage(path) as video:
        rows.append(("open 2 h file again (index from cache)", time.perf_counter() - t))
        t = time.perf_counter()
        strip = video.filmstrip(count=60, height=72)
        rows.append((f"filmstrip, {len(strip)} thumbnails 72 px high", time.perf_counter() - t))
        t = time.perf_counter()
        video.frame(frames - 10)
        video.frame(frames // 2)
        rows.append(("two random frames deep in the 2 h file", time.perf_counter() - t))
    # The first open also hashes the whole file; at this rate a 6 GB 1080p match adds
    # size / rate seconds (disk permitting), once.
    import hashlib

    block = os.urandom(64 << 20)
    t = time.perf_counter()
    h = hashlib.sha256()
    for _ in range(4):
        h.update(block)
    rows.append(("SHA-256 rate, MB/s (first open of big files)", 256 * 1.048576 / (time.perf_counter() - t)))
    return rows, frames


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "polo-review-bench")
    ap.add_argument("--seeks", type=int, default=40)
    ap.add_argument("--steps", type=int, default=120)
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=args.workdir))
    os.environ["POLO_REVIEW_CACHE"] = str(cache)

    hd, long = args.workdir / "hd_gop60_bf3.mp4", args.workdir / "two_hours_320x180.mp4"
    t = time.perf_counter()
    make_hd(hd)
    make_two_hours(long)
    print(f"(test files ready in {time.perf_counter() - t:.1f} s: {hd.name}, {long.name} "
          f"{long.stat().st_size / 1e6:.0f} MB)\n")

    rows = bench_hd(hd, args.seeks, args.steps)
    print(f"{'measure':<48}{'ours ms':>10}{'ref ms':>10}{'ratio':>8}{'target':>9}")
    targets = {"random exact seek (1080p, 2 s GOP, B-frames)": 1.3, "next-frame step": 2.0}
    for name, ours, ref in rows:
        if name.startswith("_"):
            print(f"{name[1:]:<48}{ours:>10}")
            continue
        ratio = ours / ref
        ok = "ok" if ratio <= targets[name] else "MISSED"
        print(f"{name:<48}{ours:>10.2f}{ref:>10.2f}{ratio:>8.2f}{'<= ' + str(targets[name]):>9} {ok}")
    long_rows, frames = bench_long(long, cache)
    print(f"\n{'two-hour file (' + str(frames) + ' frames)':<48}{'seconds':>10}")
    for name, secs in long_rows:
        print(f"{name:<48}{secs:>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
