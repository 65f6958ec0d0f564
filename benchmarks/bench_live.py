"""Live review benchmark: two simulated 1080p cameras recorded live for ten minutes, with the live page open
in headless Chromium, and the CPU one feed costs to record.

    python benchmarks/bench_live.py [--workdir DIR] [--minutes 10] [--whistles 20] [--height 1080]
                                    [--cpu-seconds 30] [--skip-run] [--skip-cpu]
    python benchmarks/bench_live.py --feeds DIR [--mute] [--reaction 0.5]   (benchmarks/live_feeds.py)

`--feeds DIR`: instead, two cameras' files made independently (`python -m benchmarks.field_b live --out DIR`)
played with ffmpeg over loopback UDP, and the angles judged by the picture time burnt into each picture
(benchmarks/live_feeds.py).

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


# Whistle to page: every 50 ms, the last whistle the page names (data-polo-last-whistle on the live view's
# root, found again each time: a view mounted anew is followed too), with this machine's wall clock.
OBSERVE = """() => {
  window.__seen = [];
  window.__roots = 0;
  let root = null, last = null;
  setInterval(() => {
    const v = window.__poloReviewActiveView;
    if (!v || !v.root || !v.root.isConnected) return;
    if (v.root !== root) { root = v.root; window.__roots += 1; }
    const w = root.dataset.poloLastWhistle || "";
    if (w !== last) { last = w; window.__seen.push([Date.now() / 1000, w]); }
  }, 50);
}"""

# W, from the keydown, then at each animation frame (the first after a picture changed: painted) the frame
# each picture carries, for 5 s: data-polo-frame on the main picture, data-polo-angle-frame on the angle's.
PRESS = """async () => {
  const v = () => window.__poloReviewActiveView;
  const frames = () => {
    const r = v().root;
    const m = r.querySelector("[data-testid=polo-frame]"), a = r.querySelector("[data-testid=polo-angle-frame]");
    return [m && m.getAttribute("data-polo-frame"), a && a.getAttribute("data-polo-angle-frame")];
  };
  // whether the view holds the two pictures decoded (its preloading), before the key and from when on
  const pair = v().pair || {};
  const holds = () => [v().bitmaps.has(pair.frame), pair.angle === null || v().angle.frames.has(pair.angle)];
  const seen = [[-1, ...frames()]];  // before the key
  await new Promise((r) => requestAnimationFrame(r));
  const held = holds();
  const heldAt = [held[0] ? 0 : null, held[1] ? 0 : null];
  const t0 = performance.now();
  window.dispatchEvent(new KeyboardEvent("keydown", {key: "w", bubbles: true}));
  while (performance.now() - t0 < 5000) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = frames();
    const was = seen[seen.length - 1];
    if (was[0] < 0 || now[0] !== was[1] || now[1] !== was[2]) seen.push([performance.now() - t0, ...now]);
    holds().forEach((h, k) => { if (h && heldAt[k] === null) heldAt[k] = performance.now() - t0; });
  }
  const r = v().root;
  return {seen, replay: r.dataset.poloReplay, angle: r.dataset.poloReplayAngle, heldAt};
}"""

PRESS_WINDOW_MS = 5000


def painted_after(got: dict, w: int, expected: int | None) -> float | None:
    """The ms from W to the first animation frame with the main picture at `w` and the angle's at `expected`
    (give or take one frame: the page's offset and this one are measured at different moments), both at once;
    None when that never happened in the window."""
    return first(got, lambda main, angle: main == str(w) and angle_at(angle, expected))


def angle_at(angle: str | None, expected: int | None) -> bool:
    return expected is None or (angle not in (None, "") and abs(int(angle) - expected) <= 1)


def first(got: dict, ok) -> float | None:
    return next((t for t, main, angle in got["seen"] if t >= 0 and ok(main, angle)), None)


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def press_report(presses: list[dict]) -> None:
    """Every press counts: one that never painted both in the window is a failure, and is in the median
    and the 90th percentile as the window's length (more than that)."""
    times = [p["both"] for p in presses]
    failed = sum(t is None for t in times)
    counted = [t if t is not None else PRESS_WINDOW_MS for t in times]
    if not presses:
        print("Last whistle: no key press (no whistle reached the page)")
        return
    ok = [t for t in times if t is not None]
    print(f"Last whistle key to both angles painted at the whistle's frame: {len(presses)} presses, "
          f"{failed} failed (not both within {PRESS_WINDOW_MS} ms); median {statistics.median(counted):.0f} ms, "
          f"p90 {percentile(counted, 90):.0f} ms (failures counted as {PRESS_WINDOW_MS}); painted ones "
          f"{min(ok):.0f}-{max(ok):.0f} ms" if ok else f"Last whistle: {len(presses)} presses, all failed")


def angle_expected(folder: Path, w: int) -> int | None:
    """B's frame for the whistle at A's frame `w`, as the Live page maps it: the offset live_sync gives,
    at the whistle's instant (measured after the press: the whistle heard by both by now); None when B has
    not recorded that instant. So the simulated run measures how fast W paints what the page computes, not
    whether its sync is right: `--feeds` does that, against the picture time burnt into each frame."""
    from review_app.live.feed import LiveFeed
    from review_app.live.session import angle_frame_at, heard_on_either, live_sync

    a, b = LiveFeed(folder / "A"), LiveFeed(folder / "B")
    if not b.frame_count:
        return None
    offset = live_sync(a, b).offset_s
    heard = next((h for h in heard_on_either(a, b, offset) if h.frame == w), None)
    return angle_frame_at(b, heard.start_s if heard is not None else a.time_of(w), offset)


def press(page, folder: Path, w: int) -> dict:
    got = page.evaluate(PRESS)
    expected = angle_expected(folder, w)
    both = painted_after(got, w, expected)
    main = first(got, lambda m, _a: m == str(w))
    other = first(got, lambda _m, a: angle_at(a, expected))
    last = got["seen"][-1]

    def ms(t):
        return f"{t:.0f} ms" if t is not None else "NEVER"

    print(f"  key press: whistle frame {w}, angle {expected} (page: {got['replay']}, {got['angle']}); both "
          f"painted after {ms(both)} (main {ms(main)}, angle {ms(other)}; pictures held from {got['heldAt']} ms, 0: "
          f"before the key); last on screen {last[1:]}, "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    return {"frame": w, "expected": expected, "both": both}


def follow_page(page, folder: Path, senders: dict, press_every: int, press_after_s: float) -> tuple[list, list]:
    """The page open while the cameras send: W pressed after every `press_every`th whistle the page shows,
    `press_after_s` after it shows; End follows the live edge again."""
    presses = []
    seen_count = 0
    while any(s.is_alive() for s in senders.values()):
        time.sleep(0.1)
        seen = page.evaluate("() => window.__seen.filter((s) => s[1] !== '')")
        distinct = list(dict.fromkeys(v for _t, v in seen))
        if len(distinct) <= seen_count:
            continue
        seen_count = len(distinct)
        if seen_count % press_every:
            continue
        time.sleep(press_after_s)
        presses.append(press(page, folder, int(distinct[-1])))
        page.keyboard.press("End")
    return presses, page.evaluate("() => window.__seen")


def main_run(workdir: Path, minutes: float, whistles: int, height: int, press_every: int = 4,
             press_after_s: float = 0.0) -> None:
    from playwright.sync_api import sync_playwright

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
    cut_at = minutes * 60 / 2
    senders = {"A": Sender(made["A"], f"udp://127.0.0.1:{ports['A']}?pkt_size=1316", loops=whistles),
               "B": Sender(made["B"], f"udp://127.0.0.1:{ports['B']}?pkt_size=1316", loops=whistles,
                           cuts=((cut_at, CUT_S),))}
    load0 = os.getloadavg()
    for s in senders.values():
        s.start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.set_default_timeout(120_000)
        console = open(workdir / "console.log", "w")  # the page's errors (a frame refused, say), to look at
        page.on("console", lambda m: m.type in ("error", "warning") and print(f"{time.time():.2f} {m.text}",
                                                                              file=console, flush=True))
        page.goto(f"{url}/live")
        from live_feeds import sign_in  # beside this script

        sign_in(page, "Bench Referee")
        page.wait_for_selector("[data-testid=polo-frame][data-polo-frame]")
        page.evaluate(OBSERVE)
        page.locator("[data-testid=polo-frame]").click()
        presses, seen = follow_page(page, folder, senders, press_every, press_after_s)
        mounts = page.evaluate("() => window.__roots")
        page.screenshot(path=str(workdir / "live-page.png"))
        browser.close()
    load1 = os.getloadavg()
    live.wait(duration + 120)
    app_kill(app)
    print(f"\nload average (1, 5, 15 min) at the start {fmt_load(load0)}, at the end {fmt_load(load1)}; "
          f"{os.cpu_count()} cores; the live view was mounted {mounts} time(s)")
    report(ws, folder, senders, seen, presses)


def fmt_load(load: tuple) -> str:
    return ", ".join(f"{x:.2f}" for x in load)


def whistle_to_page(senders: dict, seen: list) -> list[float]:
    """Each whistle sent, to the first time the page named a whistle heard after it."""
    firsts: dict[str, float] = {}
    for t, v in seen:
        if v and v not in firsts:
            firsts[v] = t
    shown = sorted(firsts.values())
    latencies = []
    for sent in senders["A"].sent.whistles_wall:
        after = [t for t in shown if t >= sent]
        latencies.append(after[0] - sent if after and after[0] - sent < 15 else float("nan"))
    return latencies


def report(ws: Path, folder: Path, senders: dict, seen: list, presses: list) -> None:
    """What the done-when asks, one line each."""
    status = json.loads((folder / "session.json").read_text("utf-8"))
    connections = {f["feed"]: f.get("connections") for f in status.get("feeds", [])}
    for name, s in senders.items():
        log = segments.read(folder / name)
        checks = segments.verify(folder / name)
        print(f"camera {name}: {s.sent.frames} frames sent, {log.frames} recorded "
              f"({'all' if s.sent.frames == log.frames else 'NOT all'}), {len(log.segments)} segments "
              f"({sum(c.ok for c in checks)} of {len(checks)} verify), gaps "
              f"{[round(g['to_s'] - g['from_s'], 2) for g in log.gaps] or 'none'}, connections "
              f"{connections.get(name)}, whistles heard {len(log.whistles)} of {len(s.sent.whistles_wall)} sent")
    heard = [w["heard_wall"] for w in segments.read(folder / "A").whistles]
    detected = [min((h - s for h in heard if h >= s), default=float("nan")) for s in senders["A"].sent.whistles_wall]
    print("whistle to detected (logged), s: " + " ".join(f"{d:.2f}" for d in detected))
    latencies = whistle_to_page(senders, seen)
    print("whistle to page, s: " + " ".join(f"{d:.2f}" for d in latencies))
    got = [x for x in latencies if x == x]
    print(f"whistle to page: {len(got)} of {len(latencies)} whistles shown, median {statistics.median(got):.2f} s, "
          f"p90 {percentile(got, 90):.2f} s, max {max(got):.2f} s (target: median <= 3 s)"
          if got else "whistle to page: none seen")
    press_report(presses)
    print((ws / "live.out").read_text().strip())
    for f in sorted((ws / "footage").glob("bench-live-*.ts")):
        r = subprocess.run([*EXE.split(), "probe", str(f)], capture_output=True, text=True)
        print(f"probe {f.name}: exit {r.returncode} ({'passes' if r.returncode == 0 else 'FAILS'}); "
              + " ".join(r.stdout.split())[:160])


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
    ap.add_argument("--press-every", type=int, default=1, help="Last whistle pressed after every Nth whistle")
    ap.add_argument("--press-after", type=float, default=0.0,
                    help="seconds between the whistle showing on the page and the key press")
    ap.add_argument("--feeds", type=Path, help="a folder from `python -m benchmarks.field_b live --out DIR`")
    ap.add_argument("--mute", action="store_true", help="with --feeds: the sound silenced, M pressed per whistle")
    ap.add_argument("--reaction", type=float, default=0.5, help="with --mute: M pressed this long after a whistle")
    ap.add_argument("--generator-root", type=Path, default=Path("/work/wt/i36-gen2"),
                    help="where benchmarks.field_b is, when not in this checkout (its bar-code reader)")
    ap.add_argument("--skip-run", action="store_true")
    ap.add_argument("--skip-cpu", action="store_true")
    args = ap.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench-live-"))
    workdir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("POLO_REVIEW_CACHE", str(workdir / "cache"))
    print(f"workdir {workdir}", flush=True)
    if args.feeds is not None:
        import live_feeds

        live_feeds.run(args.feeds.resolve(), workdir, mute=args.mute, reaction_s=args.reaction,
                       generator_root=args.generator_root, start_app=start_app, match_document=match_document,
                       free_port=free_port, app_kill=app_kill, observe=OBSERVE, exe=EXE.split())
        return
    if not args.skip_cpu:
        for height in (720, 1080):
            got = cpu_case(workdir, height, args.cpu_seconds)
            print(f"CPU, one feed at {height}p25: polo-review live {got['live'] * 100:.1f}% of a core, bare PyAV "
                  f"remux {got['reference'] * 100:.1f}% (ratio {got['live'] / max(got['reference'], 1e-6):.1f}); "
                  f"load {os.getloadavg()}", flush=True)
    if not args.skip_run:
        main_run(workdir, args.minutes, args.whistles, args.height, args.press_every, args.press_after)


if __name__ == "__main__":
    threading.excepthook = lambda a: print(f"thread {a.thread.name}: {a.exc_value!r}", file=sys.stderr)
    main()
