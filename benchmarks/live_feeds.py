"""Live review on two cameras' files made by someone else (benchmarks.field_b live: 720p at 25 and 29.97 fps,
whistles over a crowd bed, the picture time burnt in), played in real time with ffmpeg over loopback UDP, the
Live page open in headless Chromium. For bench_live.py --feeds DIR; a measurement, not a test.

    python benchmarks/bench_live.py --feeds DIR [--mute] [--reaction 0.5]

* one ffmpeg process sends both files (`-re` on each input, so both pictures start together, as two cameras
  filming one match), each through a relay in this process that notes when each picture went through, to the
  recorder (`polo-review live`, its own process); picture time 0 on this machine's clock is when camera A's
  soonest pictures were sent less their picture time (SOONEST_PERCENTILE), read over the first SETTLE_S;
* with the sound (default): W pressed as soon as each whistle shows on the page; whistle (blown, picture time)
  to page; W to both pictures painted; the picture time each painted picture carries (read from its bar code,
  in the JPEG the page was served) on both angles: the same instant when B's frame is A's instant's, ±1 frame;
* `--mute`: the files' sound silenced (ffmpeg volume=0, re-encoded AAC): M pressed 0.5 s after each whistle was
  blown, then W once the mark shows; both pictures' times against the whistle's instant.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from fractions import Fraction
from pathlib import Path

import numpy as np

WINDOW_MS = 5000
SETTLE_S = 5.0  # seconds of pictures read before picture time 0 is set (the first whistle is later)


def read_clock_function(generator_root: Path):
    """The generator's own bar-code reader (benchmarks.field_b.picture.read_clock), used as it is."""
    try:
        from benchmarks.field_b.picture import read_clock
    except ImportError:  # in another checkout: its package loaded from there under its own name
        import importlib
        import importlib.util

        folder = generator_root / "benchmarks" / "field_b"
        spec = importlib.util.spec_from_file_location("field_b", folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        package = importlib.util.module_from_spec(spec)
        sys.modules["field_b"] = package
        spec.loader.exec_module(package)
        read_clock = importlib.import_module("field_b.picture").read_clock
    return read_clock


# Picture time 0 on this machine's clock, read from the sending: ffmpeg's -re sends each packet by its
# decoding time, and by the time its k-th video packet is sent a stream's first k pictures (in the order
# shown) can be shown: the k-th picture's time is the packet's decoding time plus the stream's reorder
# delay (the first picture's presentation less decoding time). Picture time 0 is when the packets that left
# soonest against that time left, less it (this percentile over the packets so far): a sender's own delays
# (pacing, a busy machine) only make a packet later. Not the first packet: ffmpeg's -re sent these files'
# pictures ahead of the first packet's time (they start with negative decoding times: B-frames), by 74 ms on
# camera A and 53 ms on B (medians at this relay, picture time against the first packet), 200 ms under load.
SOONEST_PERCENTILE = 5


def video_pes_times(datagram: bytes) -> list[tuple[int, int]]:
    """(PTS, DTS), 90 kHz, of each video PES that starts in `datagram` (MPEG-TS, 188-byte packets)."""
    found = []
    for i in range(0, len(datagram) - 187, 188):
        ts = datagram[i:i + 188]
        if ts[0] != 0x47 or not ts[1] & 0x40:
            continue
        control = (ts[3] >> 4) & 3
        at = 4 + (1 + ts[4] if control & 2 else 0)
        pes = ts[at:]
        if not control & 1 or len(pes) < 14 or pes[:3] != b"\x00\x00\x01" or not 0xE0 <= pes[3] <= 0xEF:
            continue
        if pes[7] & 0x80:  # a PTS, and a DTS after it when it differs
            pts = _timestamp(pes[9:14])
            found.append((pts, _timestamp(pes[14:19]) if pes[7] & 0x40 else pts))
    return found


def _timestamp(b: bytes) -> int:
    return ((b[0] >> 1) & 7) << 30 | b[1] << 22 | (b[2] >> 1) << 15 | b[3] << 7 | b[4] >> 1


class Relay(threading.Thread):
    """UDP from the sender to the recorder, datagram by datagram; `first_wall` when the first came, and when
    each video packet went through (`sent`: wall, PTS, DTS)."""

    def __init__(self, to_port: int):
        super().__init__(daemon=True)
        self.inbound = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.inbound.bind(("127.0.0.1", 0))
        self.inbound.settimeout(0.5)
        self.port = self.inbound.getsockname()[1]
        self.out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.to = ("127.0.0.1", to_port)
        self.first_wall: float | None = None
        self.sent: list[tuple[float, int, int]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                data = self.inbound.recv(65536)
            except TimeoutError:
                continue
            wall = time.time()
            if self.first_wall is None:
                self.first_wall = wall
            self.out.sendto(data, self.to)
            self.sent += [(wall, pts, dts) for pts, dts in video_pes_times(data)]

    def picture_zero(self) -> float:
        """Picture time 0 on this machine's clock, from the packets sent so far (SOONEST_PERCENTILE)."""
        sent = np.asarray(self.sent[:], dtype=np.float64)
        wall, dts = sent[:, 0], sent[:, 2]
        first_pts, first_dts = sent[0, 1], sent[0, 2]  # the first picture (a keyframe): its reorder delay
        return float(np.percentile(wall - (dts + (first_pts - first_dts) - first_pts) / 90000, SOONEST_PERCENTILE))


def muted_copies(feeds: Path, out: Path, truth: dict) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, cam in truth["cameras"].items():
        files[name] = out / cam["file"]
        if not files[name].exists():
            subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(feeds / cam["file"]),
                            "-map", "0", "-c:v", "copy", "-af", "volume=0", "-c:a", "aac", "-b:a", "128k",
                            str(files[name])], check=True)
    return files


def sender(files: dict[str, Path], ports: dict[str, int]) -> subprocess.Popen:
    """Both files in one ffmpeg, each input read in real time from the same start."""
    cmd = ["ffmpeg", "-hide_banner", "-loglevel", "error"]
    names = list(files)
    for n in names:
        cmd += ["-re", "-i", str(files[n])]
    for k, n in enumerate(names):
        cmd += ["-map", str(k), "-c", "copy", "-f", "mpegts", f"udp://127.0.0.1:{ports[n]}?pkt_size=1316"]
    return subprocess.Popen(cmd, stdin=subprocess.DEVNULL)


# at each animation frame for WINDOW_MS after the key: the frame each picture carries; with the view's sources
KEY = """async (key) => {
  const v = () => window.__poloReviewActiveView;
  const frames = () => {
    const r = v().root;
    const m = r.querySelector("[data-testid=polo-frame]"), a = r.querySelector("[data-testid=polo-angle-frame]");
    return [m && m.getAttribute("data-polo-frame"), a && a.getAttribute("data-polo-angle-frame")];
  };
  const seen = [[-1, ...frames()]];
  const wall = Date.now() / 1000;
  const t0 = performance.now();
  window.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
  while (key === "w" && performance.now() - t0 < WINDOW) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = frames(), was = seen[seen.length - 1];
    if (was[0] < 0 || now[0] !== was[1] || now[1] !== was[2]) seen.push([performance.now() - t0, ...now]);
  }
  const r = v().root;
  return {seen, wall, src: v().src, angleSrc: v().angle.src, replay: r.dataset.poloReplay,
          angle: r.dataset.poloReplayAngle};
}""".replace("WINDOW", str(WINDOW_MS))


def last_whistle(page) -> str:
    return page.evaluate("() => { const v = window.__poloReviewActiveView;"
                         " return v && v.root ? (v.root.dataset.poloLastWhistle || '') : ''; }")


def wait_new_whistle(page, before: str, timeout_s: float) -> tuple[str, float] | None:
    end = time.time() + timeout_s
    while time.time() < end:
        w = last_whistle(page)
        if w and w != before:
            return w, time.time()
        time.sleep(0.05)
    return None


def picture_ms(url: str, k: str | None, read_clock) -> int | None:
    """The picture time (ms) the frame served at `url` carries in its bar code."""
    import cv2

    if k in (None, ""):
        return None
    with urllib.request.urlopen(f"{url}/{k}.jpg", timeout=30) as r:
        image = cv2.imdecode(np.frombuffer(r.read(), np.uint8), cv2.IMREAD_COLOR)
    return read_clock(image)


def judge_press(got: dict, base: str, read_clock, fps_b: float) -> dict:
    """The first painted pair after W whose main picture is the whistle the page replays, with the picture
    times both carry: `b_frames_off`, B's frame against the one on screen at A's instant (0: the same)."""
    pair = next(((t, m, a) for t, m, a in got["seen"] if t >= 0 and m == got["replay"] and a not in (None, "")
                 and (got["angle"] in (None, "") or a == got["angle"])), None)
    if pair is None:
        return {"ms": None}
    t, main, angle = pair
    ta = picture_ms(base + got["src"], main, read_clock)
    tb = picture_ms(base + got["angleSrc"], angle, read_clock)
    off = None
    if ta is not None and tb is not None:
        off = int(math.floor(ta / 1000 * fps_b + 1e-6)) - int(round(tb / 1000 * fps_b))
    return {"ms": t, "a_ms": ta, "b_ms": tb, "b_frames_off": off, "main": main, "angle": angle}


def report(kind: str, presses: list[dict], whistles: int) -> None:
    times = [p["ms"] if p["ms"] is not None else WINDOW_MS for p in presses]
    failed = [p for p in presses if p["ms"] is None or p.get("b_frames_off") is None
              or max(abs(p.get(k) or 0) for k in ("b_frames_off", "a_vs_press", "b_vs_press")) > 1]
    print(f"{kind}: {len(presses)} presses for {whistles} whistles; W to both painted median "
          f"{statistics.median(times) if times else float('nan'):.0f} ms, max {max(times, default=float('nan')):.0f}"
          f" ms; {len(failed)} failed (not painted within {WINDOW_MS} ms, or an angle more than 1 frame off)")
    for key in ("b_frames_off", "a_frames_off", "b_vs_emission", "a_vs_press", "b_vs_press", "press_late_s"):
        got = [p[key] for p in presses if p.get(key) is not None]
        if got:
            print(f"  {key}: {got}")


def heard_report(folder: Path, truth: dict) -> None:
    """Each whistle heard on A, on B, on at least one (a detected start within 0.5 s of the sound's arrival)."""
    from review_app.live.feed import LiveFeed

    hits = {}
    for name in truth["cameras"]:
        feed = LiveFeed(folder / name)
        starts = [w.start_s for w in feed.whistles() if not w.marked]
        hits[name] = [any(abs(s - w[name]["onset_s"]) < 0.5 for s in starts) for w in truth["whistles"]]
        print(f"camera {name}: {sum(hits[name])} of {len(truth['whistles'])} whistles heard "
              f"({len(starts)} detections), frames recorded {feed.frame_count}")
    either = [any(h) for h in zip(*hits.values(), strict=True)]
    print(f"heard on at least one camera: {sum(either)} of {len(either)}")


def to_page(seen: list[tuple[str, float]], emitted: list[float]) -> list[float]:
    """Each whistle blown (wall), to the first new whistle the page named after it (within 15 s)."""
    out = []
    for e in emitted:
        after = [t for _w, t in seen if t >= e]
        out.append(after[0] - e if after and after[0] - e < 15 else float("nan"))
    return out


def follow(page, sent: subprocess.Popen, emitted: list[float], read_clock, base: str, fps_b: float,
           mute: bool, reaction_s: float) -> tuple[list[dict], list]:
    """W after each whistle the page shows (with the sound); or M `reaction_s` after each is blown, then W
    once the mark shows (muted)."""
    presses, seen = [], []
    last = last_whistle(page)
    pending = list(emitted)
    while sent.poll() is None or (mute and pending):
        if mute:
            if not pending:
                break
            wait = pending[0] + reaction_s - time.time()
            if wait > 0:
                time.sleep(min(wait, 0.2))
                continue
            pending.pop(0)
            m = page.evaluate(KEY, "m")
            shown = wait_new_whistle(page, last, 10.0)
            if shown is None:
                presses.append({"ms": None, "pressed_wall": m["wall"]})
                continue
        else:
            shown = wait_new_whistle(page, last, 0.5)
            if shown is None:
                continue
        last = shown[0]
        seen.append(shown)
        got = page.evaluate(KEY, "w")
        judged = judge_press(got, base, read_clock, fps_b)
        judged["shown_wall"] = shown[1]
        if mute:
            judged["pressed_wall"] = m["wall"]
        presses.append(judged)
        print(f"  press: {judged}; load {os.getloadavg()[0]:.1f}", flush=True)
        page.keyboard.press("End")
    return presses, seen


def sign_in(page, name: str) -> None:
    """Sign `name` in through the sidebar, as every change needs (issue 38): the tests' own browser flow."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))
    from browser_app import name_the_reviewer

    name_the_reviewer(page, name)


def browse(url: str, relays: dict, sent: subprocess.Popen, truth: dict, read_clock, fps_b: float, mute: bool,
           reaction_s: float, observe: str, shots: Path) -> tuple[list[dict], list, float, list[float]]:
    """The Live page in Chromium while the files are sent: the presses, the whistles it showed, picture time
    0 on this machine's clock and each whistle's instant on it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.set_default_timeout(120_000)
        page.goto(f"{url}/live")
        sign_in(page, "Bench Replay Official")
        page.wait_for_selector("[data-testid=polo-frame][data-polo-frame]")
        page.evaluate(observe)
        page.locator("[data-testid=polo-frame]").click()
        while time.time() - relays["A"].first_wall < SETTLE_S:  # pictures enough to read the sending from
            time.sleep(0.1)
        first = relays["A"].first_wall
        t0 = relays["A"].picture_zero()
        print(f"picture time 0: {t0:.3f} (camera A's soonest pictures, {(t0 - first) * 1000:+.0f} ms from its first "
              f"packet; camera B's {(relays['B'].picture_zero() - t0) * 1000:+.0f} ms from A's; B's first packet "
              f"{(relays['B'].first_wall - first) * 1000:+.0f} ms after A's)", flush=True)
        emitted = [t0 + w["emitted_s"] for w in truth["whistles"]]
        presses, seen = follow(page, sent, emitted, read_clock, url, fps_b, mute, reaction_s)
        page.screenshot(path=str(shots / f"feeds-{'muted' if mute else 'sound'}.png"), full_page=True)
        browser.close()
    return presses, seen, t0, emitted


def run(feeds: Path, workdir: Path, *, mute: bool, reaction_s: float, generator_root: Path, start_app,
        match_document, free_port, app_kill, observe: str, exe: list[str]) -> None:
    from review_app.live.feed import LiveFeed

    truth = json.loads((feeds / "live_truth.json").read_text("utf-8"))
    read_clock = read_clock_function(generator_root)
    files = (muted_copies(feeds, workdir / "muted", truth) if mute
             else {n: feeds / c["file"] for n, c in truth["cameras"].items()})
    ws = workdir / ("run-muted" if mute else "run-sound")
    shutil.rmtree(ws, ignore_errors=True)
    doc = match_document(ws / "annotations", "feeds-live")
    (ws / "footage").mkdir(parents=True)
    ports = {n: free_port() for n in files}
    relays = {n: Relay(p) for n, p in ports.items()}
    app, url = start_app(ws, {"POLO_REVIEW_CACHE": str(ws / "cache")})
    duration = float(truth["plan"]["minutes"]) * 60 + 20
    live = subprocess.Popen([*exe, "live", str(doc), *sum((["--camera", f"{n}=udp://127.0.0.1:{p}"]
                                                          for n, p in ports.items()), []),
                             "--footage", str(ws / "footage"), "--duration", str(duration), "--no-finish"],
                            stdout=open(ws / "live.out", "wb"), stderr=open(ws / "live.err", "wb"))
    folder = ws / "footage" / "live" / "feeds-live"
    while not (folder / "session.json").exists():
        time.sleep(0.1)
    time.sleep(1.0)
    for r in relays.values():
        r.start()
    load0 = os.getloadavg()
    sent = sender(files, {n: r.port for n, r in relays.items()})
    fps_b = float(Fraction(truth["cameras"]["B"]["fps"]))
    presses, seen, t0, emitted = browse(url, relays, sent, truth, read_clock, fps_b, mute, reaction_s, observe, ws)
    sent.wait()
    for r in relays.values():
        r.stop.set()
    load1 = os.getloadavg()
    live.wait(duration + 60)
    app_kill(app)
    judge_truth(presses, truth, t0, mute, reaction_s)
    lean_report(folder, relays, t0, read_clock, ws)
    a, b = LiveFeed(folder / "A"), LiveFeed(folder / "B")
    print(f"arrival lag A {a.arrival_lag_s:.3f} s, B {b.arrival_lag_s:.3f} s; load average at the start "
          f"{load0}, at the end {load1}, {os.cpu_count()} cores")
    if not mute:
        heard_report(folder, truth)
        lat = [x for x in to_page(seen, emitted) if x == x]
        print(f"whistle (blown) to page: {len(lat)} of {len(emitted)} shown; median "
              f"{statistics.median(lat) if lat else float('nan'):.2f} s, max {max(lat, default=float('nan')):.2f} s")
    report("M then W (muted)" if mute else "W (with the sound)", presses, len(truth["whistles"]))


def lean_report(folder: Path, relays: dict, t0: float, read_clock, ws: Path) -> None:
    """Each feed's lean: where the recorder's arrival clock puts picture time 0 (its first frame's arrival time
    less the picture time its bar code carries) against picture time 0 read from the sending (t0), and against
    each camera's own sending over the whole run. The packets' sending is kept (sent-CAMERA.npy: wall, PTS, DTS)."""
    from review_app.live.feed import LiveFeed

    zero_wall = json.loads((folder / "session.json").read_text("utf-8"))["zero_wall"]
    for name, relay in relays.items():
        np.save(ws / f"sent-{name}.npy", np.asarray(relay.sent, dtype=np.float64))
        feed = LiveFeed(folder / name)
        shown = read_clock(feed.picture(0))
        if shown is None:
            print(f"camera {name}: its first frame's picture time cannot be read")
            continue
        clock = zero_wall + feed.arrival_first_s - shown / 1000
        print(f"camera {name}: the arrival clock puts picture time 0 {(clock - t0) * 1000:+.1f} ms from the one the "
              f"bench used, {(clock - relay.picture_zero()) * 1000:+.1f} ms from this camera's sending over the whole "
              f"run (arrival lag {feed.arrival_lag_s:.3f} s)")


def judge_truth(presses: list[dict], truth: dict, t0: float, mute: bool, reaction_s: float) -> None:
    """Against the whistles' truth: A's painted frame (its picture time) against the whistle's instant (muted:
    the emission) or its sound's arrival at A (heard); for M, how late the bench's own press was."""
    fps_a, fps_b = (float(Fraction(truth["cameras"][n]["fps"])) for n in ("A", "B"))
    for p in presses:
        if p.get("a_ms") is None:
            continue
        ta = p["a_ms"] / 1000
        w = min(truth["whistles"], key=lambda w: abs(w["emitted_s"] - ta))
        if mute:
            p["a_frames_off"] = int(round(ta * fps_a)) - w["A"]["frame_at_emission"]
            p["b_vs_emission"] = int(round(p["b_ms"] / 1000 * fps_b)) - w["B"]["frame_at_emission"]
            p["press_late_s"] = round(p["pressed_wall"] - (t0 + w["emitted_s"] + reaction_s), 3)
            # against the instant the bench's key press stood for (its own lateness under load taken out)
            meant = p["pressed_wall"] - reaction_s - t0
            p["a_vs_press"] = int(round(ta * fps_a)) - int(math.floor(meant * fps_a + 1e-9))
            p["b_vs_press"] = int(round(p["b_ms"] / 1000 * fps_b)) - int(math.floor(meant * fps_b + 1e-9))
        else:
            p["a_vs_onset"] = int(round(ta * fps_a)) - w["A"]["frame_at_onset"]
        print(f"  whistle at {w['emitted_s']:.3f} s: {p}")
