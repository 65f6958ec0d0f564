"""Live review benchmark: two simulated 1080p cameras recorded live for ten minutes, with the live page open
in headless Chromium, and the CPU one feed costs to record.

    python benchmarks/bench_live.py [--workdir DIR] [--minutes 10] [--whistles 20] [--height 1080]
                                    [--cpu-seconds 30] [--skip-run] [--skip-cpu]

Main run (`polo-review live` in its own process, as at a field; `polo-review app` in another; the cameras
are PyAV senders in this one, sending in real time over loopback UDP MPEG-TS):
  * camera A 25 fps, camera B 30 fps hearing each whistle 0.4 s later; one whistle per block, blocks
    looped so `--whistles` whistles sound in `--minutes`; B's network cut for 5 s half way through;
  * frames recorded (the log) against frames sent, per camera; the gap logged; the reconnection;
  * whistle to page: from the whistle sounding (sent) to the live page's data-polo-last-whistle naming it
    (a MutationObserver in the page; both clocks are this machine's wall clock); median over the whistles;
  * "Last whistle" key press to both angles painted at the whistle: timed inside the page, from the keydown
    to the first animation frame after both pictures carry the whistle's frame (the angle ±1 frame),
    every fourth whistle; then End follows the live edge again;
  * after the game: the joined files probed, the segments' chain verified.
CPU (`--cpu-seconds` per case): one feed at 720p and at 1080p, `polo-review live` (remux into segments,
hashing, sound decoding, whistle detection) against the least work, a bare PyAV remux of the same feed
into one file, measured in the same run: CPU seconds per wall second of each process (/proc).
The machine is shared: the load average is printed with the figures. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from review_app.live import segments
from review_app.live.simulate import Block, Sender, make_block

CHROMIUM = "/usr/bin/chromium"
B_LATER_S = 0.4
CUT_S = 5.0
EXE = shutil.which("polo-review") or f"{sys.executable} -m review_app"


def free_port(kind=socket.SOCK_DGRAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def textured(height: int, width: int, seed: int):
    """A picture with detail a camera's picture has (a scrolling texture under the frame number), so the
    bitrate is a camera's rather than a flat test card's."""
    import cv2

    rng = np.random.default_rng(seed)
    texture = cv2.resize(rng.integers(0, 255, (height // 8, width // 4, 3), dtype=np.uint8), (width * 2, height),
                         interpolation=cv2.INTER_LINEAR)

    def picture(i: int, w: int, h: int):
        x = (i * 9) % w
        img = texture[:, x:x + w].copy()
        img[: h // 3] = (40, 110, 40)
        cv2.putText(img, str(i), (w // 20, h // 4), cv2.FONT_HERSHEY_SIMPLEX, h / 300, (255, 255, 255), h // 150)
        return img

    return picture


def blocks(workdir: Path, height: int, block_s: float) -> dict[str, Block]:
    width = height * 16 // 9
    made = {}
    for name, fps, later in (("A", 25, 0.0), ("B", 30, B_LATER_S)):
        path = workdir / f"block-{name}-{height}p-{block_s:g}s.ts"
        whistle = block_s / 2 + later
        if path.exists():
            made[name] = Block(path, round(block_s * fps) / fps, fps, (whistle,))
            continue
        t = time.perf_counter()
        made[name] = make_block(path, width=width, height=height, fps=fps, seconds=block_s, whistles_s=(whistle,),
                                picture=textured(height, width, 1 if name == "A" else 2), seed=3 if name == "A" else 4)
        print(f"  block {name}: {height}p{fps}, {block_s:g} s, {path.stat().st_size * 8 / block_s / 1e6:.1f} Mbit/s "
              f"(encoded in {time.perf_counter() - t:.0f} s)", flush=True)
    return made


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / ticks  # with children


def match_document(folder: Path, match_id: str) -> Path:
    sys.path.insert(0, str(ROOT / "tests"))
    from match_docs import base_document

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{match_id}.json"
    path.write_text(json.dumps({**base_document(match_id), "events": []}, indent=1), "utf-8")
    return path


# -- CPU per feed -------------------------------------------------------------------------------------
REFERENCE = r"""
import sys, av
src = av.open(sys.argv[1], options={"fifo_size": "1000000", "overrun_nonfatal": "1", "buffer_size": "8388608",
              "analyzeduration": "500000"}, timeout=(5, 3))
out = av.open(sys.argv[2], "w", format="mpegts")
streams = [src.streams.video[0]] + list(src.streams.audio[:1])
outs = {s.index: out.add_stream_from_template(s) for s in streams}
try:
    for p in src.demux(*streams):
        if p.size == 0 or p.dts is None:
            continue
        p.stream = outs[p.stream.index]
        out.mux(p)
except av.error.FFmpegError:
    pass
out.close()
"""


def cpu_case(workdir: Path, height: int, seconds: float) -> dict:
    made = blocks(workdir, height, 10.0)["A"]
    loops = int(seconds // made.duration_s) + 2
    out = {}
    for who in ("reference", "live"):
        port = free_port()
        folder = workdir / f"cpu-{who}-{height}"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        if who == "live":
            doc = match_document(folder / "annotations", f"cpu-{height}")
            cmd = [*EXE.split(), "live", str(doc), "--camera", f"A=udp://127.0.0.1:{port}", "--footage",
                   str(folder / "footage"), "--duration", str(seconds + 6), "--no-finish"]
        else:
            cmd = [sys.executable, "-c", REFERENCE, f"udp://127.0.0.1:{port}", str(folder / "out.ts")]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(3.0)  # started and listening
        sender = Sender(made, f"udp://127.0.0.1:{port}?pkt_size=1316", loops=loops)
        sender.start()
        time.sleep(4)  # past the start (imports, probing)
        c0, w0 = cpu_seconds(proc.pid), time.time()
        time.sleep(seconds)
        c1, w1 = cpu_seconds(proc.pid), time.time()
        sender.stop.set()
        sender.join()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        out[who] = (c1 - c0) / (w1 - w0)
    return out


# -- the main run -------------------------------------------------------------------------------------
def start_app(ws: Path, env: dict) -> tuple[subprocess.Popen, str]:
    port = free_port(socket.SOCK_STREAM)
    proc = subprocess.Popen([*EXE.split(), "app", "--port", str(port), "--address", "127.0.0.1", "--footage",
                             str(ws / "footage"), "--annotations", str(ws / "annotations"), "--data", str(ws / "data")],
                            env={**os.environ, **env}, stdout=open(ws / "app.log", "wb"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("the app did not start")


OBSERVE = """(root) => {
  window.__seen = [];
  const note = () => window.__seen.push([Date.now() / 1000, root.dataset.poloLastWhistle]);
  new MutationObserver(note).observe(root, {attributes: true, attributeFilter: ["data-polo-last-whistle"]});
}"""

PRESS = """async ([img, angle, w, expected]) => {
  const t0 = performance.now();
  let main = null, other = null;
  window.dispatchEvent(new KeyboardEvent("keydown", {key: "w", bubbles: true}));
  while (main === null || other === null) {
    if (performance.now() - t0 > 5000) break;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now() - t0;  // the first animation frame after the picture changed: painted
    if (main === null && img.getAttribute("data-polo-frame") === String(w)) main = now;
    const k = angle.getAttribute("data-polo-angle-frame");
    if (other === null && k !== null && k !== "" && Math.abs(Number(k) - expected) <= 1) other = now;
  }
  return {main, other, angle: angle.getAttribute("data-polo-angle-frame")};
}"""

def main_run(workdir: Path, minutes: float, whistles: int, height: int, press_every: int = 4) -> None:
    from playwright.sync_api import sync_playwright

    from review_app.live.feed import LiveFeed
    from review_app.live.session import whistle_offset

    block_s = minutes * 60 / whistles
    made = blocks(workdir, height, block_s)
    ws = workdir / "run"
    shutil.rmtree(ws, ignore_errors=True)
    doc = match_document(ws / "annotations", "bench-live")
    (ws / "footage").mkdir(parents=True)
    ports = {"A": free_port(), "B": free_port()}
    app, url = start_app(ws, {"POLO_REVIEW_CACHE": str(ws / "cache")})
    duration = minutes * 60 + 8
    live = subprocess.Popen([*EXE.split(), "live", str(doc), *sum((["--camera", f"{n}=udp://127.0.0.1:{p}"]
                                                                   for n, p in ports.items()), []),
                             "--footage", str(ws / "footage"), "--duration", str(duration)],
                            stdout=open(ws / "live.out", "wb"), stderr=open(ws / "live.err", "wb"))
    folder = ws / "footage" / "live" / "bench-live"
    while not (folder / "session.json").exists():  # listening before the cameras send, as at a field
        time.sleep(0.1)
    time.sleep(1.0)
    loops = whistles
    cut_at = minutes * 60 / 2
    senders = {"A": Sender(made["A"], f"udp://127.0.0.1:{ports['A']}?pkt_size=1316", loops=loops),
               "B": Sender(made["B"], f"udp://127.0.0.1:{ports['B']}?pkt_size=1316", loops=loops,
                           cuts=((cut_at, CUT_S),))}
    load0 = os.getloadavg()
    for s in senders.values():
        s.start()
    presses: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.set_default_timeout(120_000)
        page.goto(f"{url}/live")
        page.get_by_label("Your name (recorded on every tag)").fill("Bench Referee")
        page.get_by_role("button", name="Start reviewing").click()
        page.wait_for_selector("[data-testid=polo-frame][data-polo-frame]")
        root = page.locator("div.pv[data-polo-live-count]")
        root.evaluate(OBSERVE)
        img = page.locator("[data-testid=polo-frame]").element_handle()
        angle = page.locator("[data-testid=polo-angle-frame]").element_handle()
        page.locator("[data-testid=polo-frame]").click()
        seen_count = 0
        while any(s.is_alive() for s in senders.values()):
            time.sleep(0.5)
            seen = page.evaluate("() => window.__seen.filter((s) => s[1] !== '')")
            distinct = list(dict.fromkeys(v for _t, v in seen))
            if len(distinct) > seen_count:
                seen_count = len(distinct)
                if seen_count % press_every == 0:
                    w = int(distinct[-1])
                    a, b = LiveFeed(folder / "A"), LiveFeed(folder / "B")
                    found = whistle_offset(a, b)
                    if found is not None:
                        expected = b.frame_on_screen(a.time_of(w) + found[0])
                        got = page.evaluate(PRESS, [img, angle, w, expected])
                        both = (max(got["main"], got["other"]) if got["main"] is not None
                                and got["other"] is not None else float("nan"))
                        presses.append(both)
                        print(f"  key press {len(presses)}: frame {w} painted after {got['main']} ms, the angle's "
                              f"{expected} after {got['other']} ms (angle shows {got['angle']})", flush=True)
                    time.sleep(1.0)
                    page.keyboard.press("End")
        seen = page.evaluate("() => window.__seen")
        page.screenshot(path=str(workdir / "live-page.png"))
        browser.close()
    load1 = os.getloadavg()
    live.wait(duration + 120)
    app_kill(app)

    # whistle to page: each whistle sent, to the first time the page named a whistle heard after it
    firsts: dict[str, float] = {}
    for t, v in seen:
        if v and v not in firsts:
            firsts[v] = t
    shown = sorted(firsts.values())
    latencies = []
    for sent in senders["A"].sent.whistles_wall:
        after = [t for t in shown if t >= sent]
        if after and after[0] - sent < 15:
            latencies.append(after[0] - sent)
    print(f"\nload average (1, 5, 15 min) at the start {load0}, at the end {load1}; {os.cpu_count()} cores")
    for name, s in senders.items():
        log = segments.read(folder / name)
        checks = segments.verify(folder / name)
        print(f"camera {name}: {s.sent.frames} frames sent, {log.frames} recorded "
              f"({'all' if s.sent.frames == log.frames else 'NOT all'}), {len(log.segments)} segments "
              f"({sum(c.ok for c in checks)} verify), gaps {[(round(g['to_s'] - g['from_s'], 2)) for g in log.gaps]}, "
              f"whistles heard {len(log.whistles)}")
    heard = [w["heard_wall"] for w in segments.read(folder / "A").whistles]
    detected = [min((h - s for h in heard if h >= s), default=float("nan")) for s in senders["A"].sent.whistles_wall]
    print("whistle to detected (logged), s: " + " ".join(f"{d:.2f}" for d in detected))
    print("whistle to page, s: " + " ".join(f"{d:.2f}" for d in latencies))
    print(f"whistle to page (n={len(latencies)}): median {statistics.median(latencies):.2f} s, "
          f"max {max(latencies):.2f} s" if latencies else "whistle to page: none seen")
    good = [m for m in presses if m == m]
    print(f"Last whistle key to both angles painted (n={len(good)} of {len(presses)}): median "
          f"{statistics.median(good):.0f} ms, max {max(good):.0f} ms" if good else "no key press measured")
    print((ws / "live.out").read_text().strip())
    for f in sorted((ws / "footage").glob("bench-live-*.ts")):
        r = subprocess.run([*EXE.split(), "probe", str(f)], capture_output=True, text=True)
        print(f"probe {f.name}: exit {r.returncode}; " + " ".join(r.stdout.split())[:160])


def app_kill(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", type=Path)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--whistles", type=int, default=20)
    ap.add_argument("--height", type=int, default=1080)
    ap.add_argument("--cpu-seconds", type=float, default=30)
    ap.add_argument("--press-every", type=int, default=4, help="Last whistle pressed after every Nth whistle")
    ap.add_argument("--skip-run", action="store_true")
    ap.add_argument("--skip-cpu", action="store_true")
    args = ap.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench-live-"))
    workdir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("POLO_REVIEW_CACHE", str(workdir / "cache"))
    print(f"workdir {workdir}", flush=True)
    if not args.skip_cpu:
        for height in (720, 1080):
            got = cpu_case(workdir, height, args.cpu_seconds)
            print(f"CPU, one feed at {height}p25: polo-review live {got['live'] * 100:.1f}% of a core, bare PyAV "
                  f"remux {got['reference'] * 100:.1f}% (ratio {got['live'] / max(got['reference'], 1e-6):.1f}); "
                  f"load {os.getloadavg()}", flush=True)
    if not args.skip_run:
        main_run(workdir, args.minutes, args.whistles, args.height, args.press_every)


if __name__ == "__main__":
    threading.excepthook = lambda a: print(f"thread {a.thread.name}: {a.exc_value!r}", file=sys.stderr)
    main()
