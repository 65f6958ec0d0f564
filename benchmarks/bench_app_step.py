"""Review page benchmark: a step in the frame view, and opening a long recording, each against the
least work that could do the same, measured in the same run.

    python benchmarks/bench_app_step.py [--workdir DIR] [--steps 40] [--browser]

Without --browser:
  * server: what the frame view's requests cost the server on a 1080p recording (FrameSource.image:
    the next frame, a step back from cold, the step after it, a random jump, a preview);
  * opening a 90-minute 1080p recording (stream-copied from a 20 s block, low bitrate): the first
    frame (the app's path: open, decode frame 0, encode it) against the least work (PyAV opening the
    file and decoding frame 0), each in a fresh process; a second open (index cached); and the one
    read that builds the index and the hash against the two reads it replaced.
With --browser, also, in headless Chromium at 1920x1080:
  * key press to painted frame, → and ←, in the app's frame view against a static page swapping
    preloaded JPEGs (the same frames) in the same browser. Both are timed inside the page: from the
    keydown event to the first task after the next paint following the new data-polo-frame. A press
    every 250 ms, a reviewer's pace: the view fetches the frames ahead meanwhile.
The recordings are generated once into --workdir. Prints medians and ratios; a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from review_app.footage import VideoWriter
from review_app.footage.writer import repeat_recording

W, H, FPS = 1920, 1080, 30
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def textured(i: int, grain_seed: int = 3) -> np.ndarray:
    yy, xx = np.mgrid[0:H, 0:W]
    base = ((xx // 48 + yy // 48) % 2 * 70 + (xx * 255 // W) // 3).astype(np.uint8)
    grain = np.random.default_rng(grain_seed).integers(0, 20, size=(H, W), dtype=np.uint8)
    g = np.roll(base, (i * 9) % W, axis=1) + np.roll(grain, i * 5, axis=0)
    return np.stack([g, np.roll(g, 40, axis=0), np.roll(g, 70, axis=1)], axis=2)


def make_hd(path: Path, seconds: int = 20) -> Path:
    """1920x1080 H.264, 30 fps, 2 s GOP with B-frames, textured (a hard case for the encoders)."""
    if path.exists():
        return path
    tmp = path.with_suffix(".partial.mp4")
    with VideoWriter(tmp, W, H, fps=FPS, codec="h264", gop=2 * FPS, bframes=2, crf=23) as out:
        for i in range(seconds * FPS):
            out.write(textured(i))
    os.replace(tmp, path)
    return path


def make_match(path: Path, minutes: int = 90) -> Path:
    """A 90-minute 1080p recording: a 20 s low-bitrate block stream-copied over and over."""
    if path.exists():
        return path
    block = path.with_name("block-20s.mp4")
    if not block.exists():
        with VideoWriter(block, W, H, fps=FPS, codec="h264", gop=2 * FPS, bframes=2, crf=38) as out:
            for i in range(20 * FPS):
                out.write(textured(i // 4))
    tmp = path.with_suffix(".partial.mp4")
    repeat_recording(block, tmp, minutes * 3)
    os.replace(tmp, path)
    return path


def stats(ms: list[float]) -> tuple[float, float, float]:
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], ordered[-1]


def row(name: str, ms: list[float], reference: float | None = None) -> str:
    med, p90, worst = stats(ms)
    ratio = f"{med / reference:>8.2f}x" if reference else f"{'':>9}"
    return f"{name:<58}{len(ms):>4}{med:>10.1f}{p90:>9.1f}{worst:>9.1f}{ratio}"


HEADER = f"{'':<58}{'n':>4}{'median ms':>10}{'p90 ms':>9}{'max ms':>9}{'ratio':>9}"


# -- the server's side -----------------------------------------------------------------------------

def bench_server(path: Path, steps: int) -> list[str]:
    from review_app.footage import frames

    source = frames.open_source(path)
    source.wait()
    n = source.footage.frame_count

    def timed(indices, fmt="jpeg"):
        out = []
        for i in indices:
            t = time.perf_counter()
            source.image(i, fmt)
            out.append((time.perf_counter() - t) * 1000)
        return out

    start = n // 3
    source.image(start)
    lines = [row("+1 frame (decode, encode)", timed(range(start + 1, start + 1 + steps)))]
    here = start + steps + 45  # mid-GOP
    source.image(here)
    lines.append(row("-1 frame, cold (seek, decode from the keyframe)", timed([here - 1])))
    lines.append(row("-1 frame after it (kept from that run)", timed(range(here - 2, here - 2 - steps // 2, -1))))
    rng = random.Random(7)
    lines.append(row("random jump", timed([rng.randrange(n) for _ in range(steps // 4)])))
    lines.append(row("+1 frame as a preview (playing)", timed(range(here + 200, here + 200 + steps), "preview")))
    far = n - 1
    source.image(far)
    before = rss_mb()
    timed(range(far - 1, far - 101, -1))
    lines.append(f"memory: 100 steps back grew this process from {before:.0f} MB to {rss_mb():.0f} MB "
                 f"(frame cache {frames.CACHE.size / 2**20:.0f} MB of at most {frames.CACHE_BYTES / 2**20:.0f} MB)")
    return lines


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS")) / 1024


# -- opening a long recording ------------------------------------------------------------------------

APP_FIRST = """
import os, sys, time
import cv2  # loaded in the app's server long before a recording is opened
from review_app.footage import frames
t = time.perf_counter()
source = frames.open_source(sys.argv[1])
source.image(0)
print((time.perf_counter() - t) * 1000)
sys.stdout.flush()
os._exit(0)  # the index is still being built in its thread: not part of the first frame
"""
LEAST_FIRST = """
import sys, time
import av
t = time.perf_counter()
with av.open(sys.argv[1]) as c:
    next(c.decode(c.streams.video[0]))
print((time.perf_counter() - t) * 1000)
"""
SECOND_OPEN = """
import sys, time
import cv2  # loaded in the app's server long before a recording is opened
from review_app.footage import frames
t = time.perf_counter()
source = frames.open_source(sys.argv[1])
source.wait()
assert source.error is None and source.footage.frame_count
print((time.perf_counter() - t) * 1000)
"""
ONE_READ = """
import sys, time
from review_app.footage.index import scan_file
t = time.perf_counter()
scan_file(sys.argv[1], 0)
print((time.perf_counter() - t) * 1000)
"""
TWO_READS = """
import sys, time
import av
from review_app.footage.index import build_index
from review_app.ground.files import file_sha256
t = time.perf_counter()
with av.open(sys.argv[1]) as c:
    build_index(c, c.streams.video[0], sys.argv[1])
file_sha256(sys.argv[1])
print((time.perf_counter() - t) * 1000)
"""


def run_py(code: str, path: Path, cache: Path) -> float:
    env = {**os.environ, "POLO_REVIEW_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def bench_open(path: Path, workdir: Path, runs: int) -> list[str]:
    first, least = [], []
    for k in range(runs):  # alternating, each in a fresh process with an empty index cache
        cache = workdir / f"cache-first-{k}"
        shutil.rmtree(cache, ignore_errors=True)
        first.append(run_py(APP_FIRST, path, cache))
        least.append(run_py(LEAST_FIRST, path, cache))
    cache = workdir / "cache-second"
    shutil.rmtree(cache, ignore_errors=True)
    run_py(SECOND_OPEN, path, cache)  # the first open builds and caches the index
    second = [run_py(SECOND_OPEN, path, cache) for _ in range(runs)]
    one, two = [], []
    for _ in range(3):  # alternating: the page cache holds the file for both
        one.append(run_py(ONE_READ, path, cache))
        two.append(run_py(TWO_READS, path, cache))
    ref = statistics.median(least)
    size = path.stat().st_size / 2**20
    return [
        f"\nOpening a 90-minute 1080p recording ({size:.0f} MB), fresh processes:",
        HEADER,
        row("least work: PyAV opens it and decodes frame 0", least, ref),
        row("first frame in the app (open, decode, encode; index after)", first, ref),
        row("second open, index cached: ready to seek", second, ref),
        row("index and hash, one read of the file (the app)", one, statistics.median(two)),
        row("index and hash, two reads (demux, then hash)", two, statistics.median(two)),
    ]


# -- the browser --------------------------------------------------------------------------------------

# Installed before the page's own scripts: the keydown listener is the first to hear a key.
KEY_CLOCK = """
window.__down = 0;
window.__lat = [];
window.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') window.__down = performance.now();
}, true);
window.__watch = (el) => new MutationObserver(() => {
  const frame = Number(el.getAttribute('data-polo-frame'));
  const down = window.__down;
  // the new picture is on screen once the next frame is painted: the first task after it
  requestAnimationFrame(() => setTimeout(() => window.__lat.push([frame, performance.now() - down]), 0));
}).observe(el, { attributes: true, attributeFilter: ['data-polo-frame'] });
"""

STATIC_PAGE = """<!doctype html><meta charset="utf-8"><title>loading</title>
<style>body{margin:0;background:#111} img{display:block;width:WIDTHpx}</style>
<img id="view" data-polo-frame="START">
<script>
const first = START, count = COUNT, view = document.getElementById('view'), images = [];
for (let k = 0; k < count; k++) { const im = new Image(); im.src = `f${first + k}.jpg`; images.push(im); }
Promise.all(images.map((im) => im.decode())).then(() => {
  view.src = images[0].src; window.__watch(view); document.title = 'ready';
});
let at = 0;
addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') at = Math.min(at + 1, count - 1);
  else if (e.key === 'ArrowLeft') at = Math.max(at - 1, 0);
  else return;
  view.src = images[at].src;
  view.setAttribute('data-polo-frame', String(first + at));
});
</script>"""


def press_and_time(page, key: str, presses: int, start: int, pause_ms: int) -> list[float]:
    page.evaluate("() => { window.__lat = []; }")
    step = 1 if key == "ArrowRight" else -1
    for k in range(1, presses + 1):
        page.keyboard.press(key)
        page.wait_for_function("f => window.__lat.some((x) => x[0] === f)", arg=start + step * k, polling="raf")
        page.wait_for_timeout(pause_ms)
    lat = page.evaluate("() => window.__lat")
    wanted = {start + step * k for k in range(1, presses + 1)}
    firsts = {}
    for frame, ms in lat:
        if frame in wanted and frame not in firsts:
            firsts[frame] = ms
    return list(firsts.values())


def bench_browser(path: Path, steps: int, workdir: Path) -> list[str]:
    from playwright.sync_api import sync_playwright

    from review_app.footage import frames

    ws = workdir / "browser"
    shutil.rmtree(ws, ignore_errors=True)
    (ws / "annotations").mkdir(parents=True)
    doc = {"schema_version": "1.0", "revision": 0, "footage": {"path": str(path)},
           "match": {"id": "bench", "date": "2026-01-01", "periods": 6,
                     "teams": [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}]}, "events": []}
    (ws / "annotations" / "bench.json").write_text(json.dumps(doc), "utf-8")
    start = 100
    # the static page's frames: the same JPEGs the app serves
    static = ws / "static"
    static.mkdir()
    source = frames.open_source(path)
    source.wait()
    count = steps + 2
    for i in range(start - count, start + count + 1):
        (static / f"f{i}.jpg").write_bytes(source.image(i))

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "POLO_REVIEW_CACHE": str(workdir / "cache")}
    proc = subprocess.Popen([sys.executable, "-m", "review_app", "app", "--port", str(port), "--address", "127.0.0.1",
                             "--footage", str(path.parent), "--annotations", str(ws / "annotations"),
                             "--data", str(ws / "data")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, env=env)
    pause = 250  # a reviewer's pace: the view fetches the next frames meanwhile
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.add_init_script(KEY_CLOCK)
            page.set_default_timeout(120_000)
            page.goto(f"http://127.0.0.1:{port}/")
            page.get_by_label("Your name (recorded on every tag)").fill("bench")
            page.get_by_role("button", name="Start reviewing").click()
            page.wait_for_selector("[data-testid=polo-frame][data-polo-frame]")
            page.get_by_label("Go to frame").fill(str(start))
            page.keyboard.press("Enter")
            page.wait_for_selector(f"[data-testid=polo-frame][data-polo-frame='{start}']")
            canvas = page.locator("[data-testid=polo-frame]")
            width = round(canvas.bounding_box()["width"])
            canvas.evaluate("(el) => window.__watch(el)")
            page.wait_for_timeout(2000)  # the frames around it arrive
            app_right = press_and_time(page, "ArrowRight", steps, start, pause)
            page.wait_for_timeout(2000)
            app_left = press_and_time(page, "ArrowLeft", steps, start + steps, pause)

            (static / "index.html").write_text(STATIC_PAGE.replace("WIDTH", str(width)).replace(
                "START", str(start)).replace("COUNT", str(steps + 1)), "utf-8")
            page.goto((static / "index.html").as_uri())
            page.wait_for_function("() => document.title === 'ready'")
            static_right = press_and_time(page, "ArrowRight", steps, start, pause)
            static_left = press_and_time(page, "ArrowLeft", steps, start + steps, pause)
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    ref_r, ref_l = statistics.median(static_right), statistics.median(static_left)
    return [
        f"\nKey press to painted frame, 1080p, headless Chromium at 1920x1080 (picture {width} px wide), "
        f"a press every {pause} ms:",
        HEADER,
        row("→ static page swapping preloaded JPEGs", static_right, ref_r),
        row("→ the app's frame view", app_right, ref_r),
        row("← static page swapping preloaded JPEGs", static_left, ref_l),
        row("← the app's frame view", app_left, ref_l),
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "polo-review-bench-app")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--runs", type=int, default=5, help="fresh processes for each opening figure")
    ap.add_argument("--browser", action="store_true", help="also measure key to painted frame in headless Chromium")
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    os.environ["POLO_REVIEW_CACHE"] = str(args.workdir / "cache")
    t = time.perf_counter()
    hd = make_hd(args.workdir / "hd-1080p.mp4")
    match = make_match(args.workdir / "match-90min-1080p.mp4")
    print(f"(test files ready in {time.perf_counter() - t:.1f} s in {args.workdir}; {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"\nWhat the frame view's requests cost the server, 1920x1080 H.264:\n{HEADER}")
    for line in bench_server(hd, args.steps):
        print(line)
    for line in bench_open(match, args.workdir, args.runs):
        print(line)
    if args.browser:
        for line in bench_browser(hd, args.steps, args.workdir):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
