"""One client floods one recording with frame requests: do another recording's frames still come?

F1 of the security review (issue 38): 100 parallel requests for random frames of one 1080p recording (a keyframe
every 60 frames) for 30 s stopped frames for every recording for minutes. This starts the frame routes
(`footage.web.routes`, the app's own) in a server process of their own on loopback, floods recording A from 100
threads (each request given up after 5 s, as the review's client did), and meanwhile asks for a random frame of
recording B twice a second as another browser would. It prints B's latency under the flood against B's latency
with no flood (the same kind of request, the reference), how the flood's requests were answered, and how long
after the flood a new frame of each recording takes.

    python benchmarks/bench_frame_flood.py [--seconds 30] [--threads 100] [--frames 300]

Guard: B's median under the flood <= 1 s, and each recording serves a new frame within 5 s after the flood.
Loopback only; the recordings are made with ffmpeg (testsrc2) in a temporary folder.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def make_recording(path: Path, frames: int, gop: int = 60, size: str = "1920x1080", seed: int = 0) -> Path:
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={size}:rate=30",
                    "-f", "lavfi", "-i", f"cellauto=s={size}:r=30:seed={seed}", "-filter_complex",
                    "[0][1]blend=all_mode=addition", "-frames:v", str(frames), "-c:v", "libx264",
                    "-preset", "veryfast", "-g", str(gop), "-keyint_min", str(gop), "-sc_threshold", "0",
                    "-pix_fmt", "yuv420p", str(path)], check=True)
    return path


def serve(port: int, paths: list[str]) -> None:
    """The server process: the app's frame routes alone (Starlette on uvicorn), the tokens printed as JSON."""
    import uvicorn
    from starlette.applications import Starlette

    from review_app.footage import frames, web

    sources = [frames.open_source(p) for p in paths]
    for s in sources:
        s.wait()
    print(json.dumps([s.token for s in sources]), flush=True)
    uvicorn.run(Starlette(routes=web.routes()), host="127.0.0.1", port=port, log_level="error")


def get(port: int, path: str, timeout: float, cookie: str = "") -> tuple[int, float]:
    """(status, seconds); status 0 when the client gave up (timeout) or the connection failed."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Cookie": f"_streamlit_xsrf={cookie}"} if cookie else {})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start
    except (OSError, http.client.HTTPException):
        return 0, time.perf_counter() - start
    finally:
        conn.close()


def flood(port: int, token: str, frames: int, seconds: float, threads: int, counts: dict) -> None:
    end = time.monotonic() + seconds
    lock = threading.Lock()

    def worker() -> None:
        rng = random.Random()
        while time.monotonic() < end:
            ext = rng.choice(("png", "jpg", "preview.jpg"))
            status, _ = get(port, f"/polo-review/frames/{token}/{rng.randrange(frames)}.{ext}", 5.0)
            with lock:
                counts[status] = counts.get(status, 0) + 1

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()


def probe(port: int, token: str, indexes: list[int], until: float, cookie: str) -> list[float]:
    """B's frames, one every half second until `until` (monotonic); a failure counts as its 30 s timeout."""
    got = []
    while time.monotonic() < until and indexes:
        status, took = get(port, f"/polo-review/frames/{token}/{indexes.pop()}.jpg", 30.0, cookie)
        got.append(took if status == 200 else 30.0)
        time.sleep(max(0.0, 0.5 - took))
    return got


def recovery(port: int, token: str, indexes: list[int], cookie: str, limit: float = 60.0) -> float:
    """Seconds until a new frame of the recording is served in under a second."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        status, took = get(port, f"/polo-review/frames/{token}/{indexes.pop()}.jpg", 10.0, cookie)
        if status == 200 and took < 1.0:
            return time.monotonic() - start
        time.sleep(0.2)
    return float("inf")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--threads", type=int, default=100)
    ap.add_argument("--frames", type=int, default=300, help="frames of each recording (30 fps, GOP 60)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--serve", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(args.port, args.serve)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"making two 1080p recordings of {args.frames} frames, a keyframe every 60 ...", flush=True)
        a = make_recording(Path(tmp) / "a.mp4", args.frames, seed=1)
        b = make_recording(Path(tmp) / "b.mp4", args.frames, seed=2)
        env_cache = {"POLO_REVIEW_CACHE": str(Path(tmp) / "cache")}
        import os

        server = subprocess.Popen([sys.executable, __file__, "--port", str(args.port), "--serve", str(a), str(b)],
                                  stdout=subprocess.PIPE, text=True, env={**os.environ, **env_cache})
        try:
            token_a, token_b = json.loads(server.stdout.readline())
            time.sleep(1.0)  # uvicorn listening
            order = list(range(args.frames))
            random.shuffle(order)
            quiet = probe(args.port, token_b, order[:10], time.monotonic() + 30, "other-browser")
            rest_b = order[10:]
            counts: dict[int, int] = {}
            started = time.monotonic()
            burst = threading.Thread(target=flood, args=(args.port, token_a, args.frames, args.seconds,
                                                         args.threads, counts))
            burst.start()
            loaded = probe(args.port, token_b, rest_b[: int(args.seconds * 2)], started + args.seconds,
                           "other-browser")
            burst.join()
            ended = time.monotonic()
            rest_a = [i for i in order if i % 7 == 3]
            random.shuffle(rest_a)
            back_a = recovery(args.port, token_a, rest_a, "other-browser")
            back_b = recovery(args.port, token_b, rest_b[int(args.seconds * 2):], "other-browser")
        finally:
            server.terminate()
            server.wait(10)
    sent = sum(counts.values())
    print(f"flood: {sent} requests for recording A from {args.threads} threads in {ended - started:.1f} s; answered "
          + ", ".join(f"{k or 'gave up'}: {v}" for k, v in sorted(counts.items())))
    print(f"recording B, no flood (reference): median {statistics.median(quiet):.3f} s over {len(quiet)} frames")
    print(f"recording B, under the flood: median {statistics.median(loaded):.3f} s, max {max(loaded):.3f} s over "
          f"{len(loaded)} frames ({statistics.median(loaded) / statistics.median(quiet):.1f} x the reference)")
    print(f"after the flood: a new frame of A in {back_a:.2f} s, of B in {back_b:.2f} s")
    ok = statistics.median(loaded) <= 1.0 and back_a <= 5.0 and back_b <= 5.0
    print("guard:", "PASS" if ok else "FAIL", "(B's median under the flood <= 1 s; both recover within 5 s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
