"""Two cameras of one match, made for the live check, and a sender that plays them over loopback UDP.

Both pictures start at the same picture time and carry it burnt in (`picture.read_clock`); camera A stands
nearer the Umpire than camera B, so B hears every whistle later by the sound's extra travel (0.55 s is some
190 m, well inside a 270 m field). The truth gives each whistle's instant in picture time (when it was blown),
and for each camera when its sound arrives and at which frame.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import subprocess
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .common import rng_for
from .encode import encode, truth_path, write_json_atomic
from .render import SNR_DEFINITION, Blast, render_blasts, resolve_recording
from .sources import draw_whistle
from .spec import CONDITIONS, ClipSpec, json_number


@dataclass(frozen=True)
class LivePlan:
    seed: int = 69001
    minutes: float = 3.0
    whistles: int = 8
    snr_a_db: float = 6.0
    snr_b_db: float = 2.0
    delay_b_s: float = 0.55  # B's sound arrives this much after A's: its extra distance over the speed of sound
    fps_a: str = "25"
    fps_b: str = "30000/1001"
    width: int = 1280
    height: int = 720


def _whistle_instants(plan: LivePlan) -> list[float]:
    """When each whistle is blown, in picture time: one in each equal slot of the match, away from its edges."""
    rng = rng_for(plan.seed, "live", "instants")
    slot = plan.minutes * 60.0 / plan.whistles
    return [round(i * slot + float(rng.uniform(0.25, 0.75)) * slot, 3) for i in range(plan.whistles)]


def _camera_blasts(plan: LivePlan, distance_m: float, speed: float) -> list[Blast]:
    rng = rng_for(plan.seed, "live", "whistles")
    blasts = []
    for instant in _whistle_instants(plan):
        whistle_type = str(rng.choice(["pea", "pea", "pealess", "electronic"]))
        sound = draw_whistle(rng, whistle_type, duration_s=float(rng.uniform(0.3, 1.5)))
        blasts.append(Blast("whistle", sound, instant + distance_m / speed, distance_m))
    return blasts


def _camera(plan: LivePlan, name: str, snr_db: float, distance_m: float, fps: str, out: Path) -> dict:
    spec = ClipSpec(seed=plan.seed + (0 if name == "A" else 500), duration_s=plan.minutes * 60.0,
                    condition="crowd", snr_db=snr_db, agc=False, clip_db=0.0, lowpass_hz=15000.0,
                    temperature_c=20.0, humidity_pct=50.0, container="mp4", bitrate_kbps=128, fps=fps,
                    width=plan.width, height=plan.height)
    rec = resolve_recording(spec, CONDITIONS["crowd"])
    blasts = _camera_blasts(plan, distance_m, rec.air.speed)
    parts = render_blasts(spec, rec, blasts, source_seed=plan.seed)
    path = out / f"camera_{name}.mp4"
    media = encode(parts.samples, path, container="mp4", video_codec="h264", audio_codec="aac",
                   bitrate_kbps=128, fps=fps, width=plan.width, height=plan.height, label=f"camera {name}",
                   keyframe_s=1.0)
    write_json_atomic(truth_path(path), {**parts.truth, "media": media})
    return {"file": path.name, "truth": truth_path(path).name, "fps": fps, "distance_m": round(distance_m, 2),
            "snr_db": snr_db, "sound_delay_s": round(distance_m / rec.air.speed, 6),
            "events": parts.truth["events"]}


def _frame_at(t: float, fps: str) -> int:
    """The frame on screen at picture time t: frame k shows [k/fps, (k+1)/fps)."""
    return int(math.floor(t * Fraction(fps) + 1e-9))


def make_live(out: Path, plan: LivePlan) -> Path:
    """Write camera_A.mp4, camera_B.mp4, their truth files and live_truth.json in `out`; returns the latter."""
    out.mkdir(parents=True, exist_ok=True)
    speed = resolve_recording(ClipSpec(seed=plan.seed, temperature_c=20.0), CONDITIONS["crowd"]).air.speed
    distance_a = float(rng_for(plan.seed, "live", "distance").uniform(20.0, 60.0))
    distance_b = distance_a + plan.delay_b_s * speed
    cameras = {"A": _camera(plan, "A", plan.snr_a_db, distance_a, plan.fps_a, out),
               "B": _camera(plan, "B", plan.snr_b_db, distance_b, plan.fps_b, out)}
    whistles = []
    for i, instant in enumerate(_whistle_instants(plan)):
        entry: dict = {"emitted_s": instant}
        for name, camera in cameras.items():
            event = camera["events"][i]
            entry[name] = {"onset_s": event["onset_s"], "offset_s": event["offset_s"],
                           "frame_at_emission": _frame_at(instant, camera["fps"]),
                           "frame_at_onset": _frame_at(event["onset_s"], camera["fps"])}
        entry["source"] = cameras["A"]["events"][i]["components"][0]["source"]
        whistles.append(entry)
    truth = {"generator": "benchmarks.field_b", "plan": json_number(dataclasses.asdict(plan)),
             "speed_of_sound_m_s": round(speed, 3), "snr_definition": SNR_DEFINITION,
             "picture_time": "both pictures start at picture time 0 and show it burnt in (text and bar code)",
             "cameras": {name: {k: v for k, v in cam.items() if k != "events"} for name, cam in cameras.items()},
             "whistles": whistles}
    path = out / "live_truth.json"
    write_json_atomic(path, truth)
    return path


def send(path: Path, port: int, host: str = "127.0.0.1") -> subprocess.Popen:
    """Start sending `path` in real time as MPEG-TS over UDP to host:port (loopback only); the caller waits."""
    if not ipaddress.ip_address(host).is_loopback:
        raise ValueError(f"{host}: the feeds are sent over loopback only")
    if not Path(path).is_file():
        raise ValueError(f"{path}: no such file")
    command = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-re", "-i", str(path), "-map", "0",
               "-c", "copy", "-f", "mpegts", f"udp://{host}:{port}?pkt_size=1316"]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def send_all(feeds: list[tuple[Path, int]], host: str = "127.0.0.1") -> int:
    """Send every feed at once (so the pictures stay in step) and wait for all; the worst exit status."""
    processes = [send(path, port, host) for path, port in feeds]
    try:
        return max(process.wait() for process in processes)
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
