"""Generated footage of every real-world kind, each frame showing its own number.

Each kind is made once per session (160x96 or so, a few seconds) with the project's
VideoWriter, or with PyAV directly where the writer deliberately cannot express the
case (open-GOP HEVC). `FootageCase` carries what a correct reader must report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import cv2
import framecode

from review_app.footage.writer import VideoWriter

W, H = 160, 96


@dataclass(frozen=True)
class FootageCase:
    kind: str
    path: Path
    times: list[Fraction]  # presentation time of frame i, from the first frame
    end: Fraction  # when the last frame leaves the screen
    width: int  # as displayed
    height: int
    codec: str
    rotation: int = 0
    variable_frame_rate: bool = False
    start_offset_s: float = 0.0
    time_tolerance: float = 1e-6  # containers with a 1 ms clock round timestamps
    notes: dict = field(default_factory=dict)

    @property
    def frame_count(self) -> int:
        return len(self.times)


def _cfr(n: int, fps: Fraction) -> list[Fraction]:
    return [i / fps for i in range(n)]


def _vfr_times(n: int) -> list[Fraction]:
    """Bursts at 50 fps and lulls at 20 fps, like a phone camera under changing light."""
    t, out = Fraction(0), []
    for i in range(n):
        out.append(t)
        t += Fraction(1, 50) if (i // 15) % 2 else Fraction(1, 20)
    return out


def _write(path: Path, times: list[Fraction], offset: Fraction = Fraction(0), rotation: int = 0,
           width: int = W, height: int = H, **kw) -> None:
    """Frames numbered 0..n-1, drawn upright as shown; stored turned back if rotated."""
    stored_w, stored_h = (height, width) if rotation in (90, 270) else (width, height)
    undo = {90: cv2.ROTATE_90_COUNTERCLOCKWISE, 270: cv2.ROTATE_90_CLOCKWISE}
    with VideoWriter(path, stored_w, stored_h, rotation=rotation, **kw) as w:
        for i, t in enumerate(times):
            img = framecode.draw(i, width, height)
            if rotation:
                img = cv2.rotate(img, undo[rotation])
            w.write(img, offset + t)


def _open_gop_hevc(path: Path, n: int, fps: int) -> None:
    import av

    with av.open(str(path), "w") as c:
        s = c.add_stream("libx265", rate=fps)
        s.width, s.height, s.pix_fmt = W, H, "yuv420p"
        # open GOPs are x265's default and common from cameras: pictures shown just before
        # each CRA keyframe are decoded after it and reference the previous GOP
        s.codec_context.options = {"x265-params": "pools=none:frame-threads=1:log-level=error:"
                                   "keyint=20:min-keyint=20:scenecut=0:bframes=3:open-gop=1"}
        for i in range(n):
            frame = av.VideoFrame.from_ndarray(framecode.draw(i, W, H), format="bgr24")
            frame.pts = i
            c.mux(s.encode(frame))
        c.mux(s.encode(None))


def _make(kind: str, d: Path) -> FootageCase:
    if kind == "h264_bframes_long_gop":
        fps = Fraction(30)
        times = _cfr(150, fps)
        p = d / "h264_bframes_long_gop.mp4"
        _write(p, times, fps=fps, gop=90, bframes=3, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "h264")
    if kind == "h264_ntsc_29_97fps":
        fps = Fraction(30000, 1001)
        times = _cfr(120, fps)
        p = d / "h264_ntsc_29_97fps.mp4"
        _write(p, times, fps=fps, gop=30, bframes=2, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "h264")
    if kind == "h264_bframes_mkv":
        fps = Fraction(30000, 1001)
        times = _cfr(100, fps)
        p = d / "h264_bframes.mkv"
        _write(p, times, fps=fps, gop=30, bframes=3, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "h264", time_tolerance=6e-4)
    if kind == "hevc":
        fps = Fraction(25)
        times = _cfr(100, fps)
        p = d / "hevc.mp4"
        _write(p, times, fps=fps, codec="hevc", gop=50, bframes=3, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "hevc")
    if kind == "hevc_open_gop":
        times = _cfr(100, Fraction(25))
        p = d / "hevc_open_gop.mp4"
        _open_gop_hevc(p, 100, 25)
        return FootageCase(kind, p, times, times[-1] + Fraction(1, 25), W, H, "hevc")
    if kind == "mjpeg_avi":
        fps = Fraction(30)
        times = _cfr(90, fps)
        p = d / "mjpeg.avi"
        _write(p, times, fps=fps, codec="mjpeg", time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "mjpeg")
    if kind == "vp9_webm":
        fps = Fraction(30)
        times = _cfr(120, fps)
        p = d / "vp9.webm"
        _write(p, times, fps=fps, codec="vp9", gop=60, time_base=Fraction(1, 1000))
        # WebM's clock is 1 ms: 1/30 s is stored as 33 or 34 ms
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "vp9", time_tolerance=6e-4)
    if kind == "variable_frame_rate":
        times = _vfr_times(120)
        p = d / "variable_frame_rate.mp4"
        _write(p, times, fps=30, gop=40, bframes=2, time_base=Fraction(1, 1000))
        # the last frame lasts as long as the median interval (no packet duration for it)
        return FootageCase(kind, p, times, None, W, H, "h264", variable_frame_rate=True)
    if kind == "start_offset_mpegts":
        fps = Fraction(25)
        times = _cfr(75, fps)
        p = d / "start_offset.ts"
        _write(p, times, offset=Fraction(10), fps=fps, gop=25, bframes=2, time_base=Fraction(1, 90000))
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "h264", start_offset_s=10.0)
    if kind == "start_offset_mp4":
        fps = Fraction(25)
        times = _cfr(75, fps)
        p = d / "start_offset.mp4"
        _write(p, times, offset=Fraction(10), fps=fps, gop=25, bframes=2, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, W, H, "h264", start_offset_s=10.0)
    if kind in ("rotated_90", "rotated_270"):
        rotation = int(kind.split("_")[1])
        fps = Fraction(30)
        times = _cfr(60, fps)
        p = d / f"{kind}.mp4"
        # a phone held upright: displayed 96 wide, 160 tall
        _write(p, times, rotation=rotation, width=H, height=W, fps=fps, gop=30, bframes=2, time_base=1 / fps)
        return FootageCase(kind, p, times, times[-1] + 1 / fps, H, W, "h264", rotation=rotation)
    raise KeyError(kind)


KINDS = [
    "h264_bframes_long_gop",
    "h264_ntsc_29_97fps",
    "h264_bframes_mkv",
    "hevc",
    "hevc_open_gop",
    "mjpeg_avi",
    "vp9_webm",
    "variable_frame_rate",
    "start_offset_mpegts",
    "start_offset_mp4",
    "rotated_90",
    "rotated_270",
]

_made: dict[str, FootageCase] = {}




def make_case(kind: str, footage_dir: Path) -> FootageCase:
    """The footage of `kind`, generated once per session into `footage_dir`."""
    if kind not in _made:
        _made[kind] = _make(kind, footage_dir)
    return _made[kind]
