"""Small clips whose frame times do not fall on whole microseconds, as cameras and phones write them:
29.97 fps on a 90 kHz clock (3003 ticks a frame), the same in HEVC, and a phone's variable rate on a
90 kHz clock (29.97 fps on average, each frame up to 40 ticks early or late, a frame dropped now and
then). Each frame shows its own number (`framecode`). Made with PyAV, a few seconds at 160x96.

    clip = make_clip("ntsc", folder)   # clip.path, clip.ticks (each frame's pts), clip.seconds(i)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import framecode

W, H = 160, 96
CLOCK = Fraction(1, 90000)
NTSC_TICKS = 3003  # one frame at 30000/1001 fps on a 90 kHz clock


@dataclass(frozen=True)
class Clip:
    kind: str
    path: Path
    ticks: list[int]  # each frame's presentation time on the 90 kHz clock, from the first

    def seconds(self, index: int) -> float:
        return float(self.ticks[index] * CLOCK)

    @property
    def frame_count(self) -> int:
        return len(self.ticks)


def _ticks(kind: str, n: int) -> list[int]:
    if kind in ("ntsc", "ntsc_hevc"):
        return [i * NTSC_TICKS for i in range(n)]
    rng = random.Random(97)  # the phone: jitter and a dropped frame every 17
    out, slot = [], 0
    while len(out) < n:
        if slot % 17 != 16:
            out.append(slot * NTSC_TICKS + (rng.randint(-40, 40) if slot else 0))
        slot += 1
    return out


def hevc_available() -> bool:
    import av

    return "libx265" in av.codecs_available


def make_clip(kind: str, folder: Path, n: int = 150) -> Clip:
    """`kind`: "ntsc" (H.264 with B-frames), "ntsc_hevc" (x265) or "phone_vfr" (H.264, variable rate)."""
    import av

    path = folder / f"{kind}.mp4"
    ticks = _ticks(kind, n)
    if path.exists():
        return Clip(kind, path, ticks)
    codec = "libx265" if kind == "ntsc_hevc" else "libx264"
    with av.open(str(path), "w", options={"video_track_timescale": "90000"}) as container:
        stream = container.add_stream(codec, rate=Fraction(30000, 1001))
        stream.width, stream.height, stream.pix_fmt = W, H, "yuv420p"
        stream.time_base = CLOCK
        stream.codec_context.time_base = CLOCK
        if codec == "libx265":
            stream.codec_context.options = {"x265-params": "pools=none:frame-threads=1:log-level=error:bframes=3"}
        else:
            stream.codec_context.options = {"bf": "2", "g": "30", "threads": "1"}
        for i, t in enumerate(ticks):
            frame = av.VideoFrame.from_ndarray(framecode.draw(i, W, H), format="bgr24")
            frame.pts, frame.time_base = t, CLOCK
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))
    return Clip(kind, path, ticks)
