"""Review page benchmark: how long one step takes on a 1080p recording.

    python benchmarks/bench_app_step.py [--workdir DIR] [--steps 60] [--browser]

Three measures, each a median over many steps, with the 90th percentile and the worst:
  * decode+encode: the session's FrameViewer giving the exact frame as JPEG (what a step costs
    the server), stepping +1 frame, -1 frame, +-1 s, and jumping at random; PNG for comparison;
  * AppTest: a click on the step button through the app's entry point (the whole script
    reruns here, so this is an upper bound of a fragment rerun);
  * --browser: the real round trip in headless Chromium, from the key press to the new frame
    number on the page (network, fragment rerun and rendering included).
The recording (1920x1080 H.264, 30 fps, 2 s GOP with B-frames, textured) is generated once into
--workdir and reused. Prints a table; a measurement, not a test.
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
from review_app.footage.viewer import FrameViewer

W, H, FPS, SECONDS = 1920, 1080, 30, 20


def make_hd(path: Path) -> Path:
    if path.exists():
        return path
    yy, xx = np.mgrid[0:H, 0:W]
    base = ((xx // 48 + yy // 48) % 2 * 70 + (xx * 255 // W) // 3).astype(np.uint8)
    grain = np.random.default_rng(3).integers(0, 20, size=(H, W), dtype=np.uint8)
    tmp = path.with_suffix(".partial.mp4")
    with VideoWriter(tmp, W, H, fps=FPS, codec="h264", gop=2 * FPS, bframes=2, crf=23) as out:
        for i in range(SECONDS * FPS):
            g = np.roll(base, (i * 9) % W, axis=1) + np.roll(grain, i * 5, axis=0)
            out.write(np.stack([g, np.roll(g, 40, axis=0), np.roll(g, 70, axis=1)], axis=2))
    os.replace(tmp, path)
    return path


def stats(ms: list[float]) -> tuple[float, float, float]:
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], ordered[-1]


def bench_viewer(path: Path, steps: int) -> list[tuple[str, list[float]]]:
    viewer = FrameViewer(path)
    n = viewer.frame_count
    rows = []

    def run(name: str, positions, fmt="jpeg"):
        times = []
        for i in positions:
            t = time.perf_counter()
            viewer.image(i, fmt)
            times.append((time.perf_counter() - t) * 1000)
        rows.append((name, times))

    start = n // 3
    viewer.image(start)
    run("+1 frame (JPEG)", range(start + 1, start + 1 + steps))
    here = start + steps + 100
    viewer.image(here)
    run("-1 frame (JPEG)", range(here - 1, here - 1 - steps, -1))
    run("+1 s (JPEG)", [here + k * FPS for k in range(1, min(steps, (n - here) // FPS))])
    run("-1 s (JPEG)", [n - 1 - k * FPS for k in range(1, min(steps, (n - 1) // FPS))])
    rng = random.Random(7)
    run("random jump (JPEG)", [rng.randrange(n) for _ in range(steps // 2)])
    run("+1 frame (PNG, lossless)", range(start, start + steps // 3), fmt="png")
    viewer.close()
    return rows


def bench_apptest(path: Path, steps: int, workdir: Path) -> list[tuple[str, list[float]]]:
    from streamlit.testing.v1 import AppTest

    ws = workdir / "apptest"
    (ws / "annotations").mkdir(parents=True, exist_ok=True)
    doc = {"schema_version": "1.0", "revision": 0, "footage": {"path": str(path)},
           "match": {"id": "bench", "date": "2026-01-01", "periods": 6,
                     "teams": [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}]}, "events": []}
    (ws / "annotations" / "bench.json").write_text(json.dumps(doc), "utf-8")
    os.environ.update(POLO_REVIEW_FOOTAGE=str(path.parent), POLO_REVIEW_ANNOTATIONS=str(ws / "annotations"),
                      POLO_REVIEW_DATA=str(ws / "data"))
    at = AppTest.from_file(str(ROOT / "review_app" / "ui" / "app.py"), default_timeout=120)
    at.session_state["app.reviewer"] = "bench"
    at.run()
    rows = []
    for name, key in (("+1 frame click (AppTest, full rerun)", "review.fwd1f"),
                      ("-1 frame click (AppTest, full rerun)", "review.back1f")):
        times = []
        for _ in range(steps // 2):
            t = time.perf_counter()
            at.button(key=key).click().run()
            times.append((time.perf_counter() - t) * 1000)
        assert not at.exception, at.exception
        rows.append((name, times))
    return rows


def bench_browser(path: Path, steps: int, workdir: Path) -> list[tuple[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    ws = workdir / "browser"
    shutil.rmtree(ws, ignore_errors=True)
    (ws / "annotations").mkdir(parents=True)
    doc = {"schema_version": "1.0", "revision": 0, "footage": {"path": str(path)},
           "match": {"id": "bench", "date": "2026-01-01", "periods": 6,
                     "teams": [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}]}, "events": []}
    (ws / "annotations" / "bench.json").write_text(json.dumps(doc), "utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "review_app", "app", "--port", str(port), "--address", "127.0.0.1",
                             "--footage", str(path.parent), "--annotations", str(ws / "annotations"),
                             "--data", str(ws / "data")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    rows = []
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            page = browser.new_page(viewport={"width": 1600, "height": 1200})
            page.goto(f"http://127.0.0.1:{port}/")
            page.get_by_text("Frame 0 of").wait_for(timeout=120_000)
            page.get_by_role("button", name="+5 s").wait_for(timeout=60_000)
            page.get_by_role("heading", name="Review a match").click()  # focus the page, not a field
            page.keyboard.press("l")  # start mid-GOP, away from frame 0
            try:
                page.get_by_text("Frame 150 of").wait_for(timeout=30_000)
            except Exception:
                page.screenshot(path=str(workdir / "bench-browser-failure.png"))
                raise
            for name, key, delta in (("+1 frame key (Chromium round trip)", "ArrowRight", 1),
                                     ("-1 frame key (Chromium round trip)", "ArrowLeft", -1)):
                times = []
                for _ in range(steps // 2):
                    frame = int(page.locator("text=/Frame \\d+ of/").first.inner_text().split()[1]) + delta
                    t = time.perf_counter()
                    page.keyboard.press(key)
                    # the new image is in the page when the new frame number is (same fragment delta)
                    page.wait_for_function(
                        "f => [...document.querySelectorAll('p,strong')]"
                        ".some(e => e.textContent.startsWith('Frame ' + f + ' of'))",
                        arg=frame, polling="raf", timeout=30_000)
                    times.append((time.perf_counter() - t) * 1000)
                rows.append((name, times))
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "polo-review-bench-app")
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--browser", action="store_true", help="also measure the round trip in headless Chromium")
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("POLO_REVIEW_CACHE", str(args.workdir / "cache"))
    t = time.perf_counter()
    path = make_hd(args.workdir / "hd-1080p.mp4")
    print(f"(1080p test file ready in {time.perf_counter() - t:.1f} s: {path}; {os.cpu_count()} cores)")
    rows = bench_viewer(path, args.steps) + bench_apptest(path, args.steps, args.workdir)
    if args.browser:
        rows += bench_browser(path, args.steps, args.workdir)
    print(f"{'step (1920x1080 H.264)':<42}{'n':>5}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'/250 ms':>9}")
    for name, ms in rows:
        med, p90, worst = stats(ms)
        print(f"{name:<42}{len(ms):>5}{med:>11.1f}{p90:>9.1f}{worst:>9.1f}{med / 250:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
