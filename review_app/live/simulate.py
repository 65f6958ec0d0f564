"""Simulated cameras for tests and benchmarks: a test pattern with whistles at known times, encoded once
(`make_block`), then sent in real time over loopback as a camera sends its feed (`Sender`), looped for as
long as wanted, with network cuts where asked. PyAV is the sender (FFmpeg's own muxers and protocols), so
no camera and no other program is needed. Times a sender reports are wall-clock (time.time())."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

AUDIO_RATE = 48000


@dataclass(frozen=True)
class Block:
    path: Path
    duration_s: float
    fps: int
    whistles_s: tuple[float, ...]  # whistle onsets, seconds from the block's first frame


def make_block(path: str | Path, *, width: int, height: int, fps: int, seconds: float,
               whistles_s: tuple[float, ...], seed: int = 1, gop_s: float = 1.0, picture=None,
               bframes: int = 0) -> Block:
    """An H.264 + AAC MPEG-TS of `seconds`: a moving pattern with the frame number (or `picture(i, width,
    height)`, BGR), quiet noise, and a referee's whistle at each of `whistles_s`. `bframes`: consecutive
    B-frames (a camera's encoder may use them: its pictures are then sent in decoding order, each anchor
    before the B-frames shown ahead of it)."""
    import cv2

    from review_app.footage.writer import VideoWriter
    from review_app.samples import sound

    path = Path(path)
    rng = np.random.default_rng(seed)
    n_audio = int(seconds * AUDIO_RATE)
    track = 0.01 * rng.standard_normal(n_audio)
    for w in whistles_s:
        sound.place(track, 0.5 * sound.whistle(AUDIO_RATE, rng), w, AUDIO_RATE)
    frames = int(round(seconds * fps))
    base = np.zeros((height, width, 3), np.uint8)
    base[:, :] = (40, 110, 40)
    with VideoWriter(path, width, height, fps=fps, codec="h264", gop=max(1, round(gop_s * fps)), bframes=bframes,
                     audio_rate=AUDIO_RATE) as out:
        per_frame = AUDIO_RATE / fps
        for i in range(frames):
            if picture is not None:
                img = picture(i, width, height)
            else:
                img = base.copy()
                x = int((i * 7) % width)
                cv2.rectangle(img, (x, 0), (min(width - 1, x + width // 20), height - 1), (230, 230, 230), -1)
                cv2.putText(img, str(i), (width // 10, height // 2), cv2.FONT_HERSHEY_SIMPLEX, height / 200,
                            (255, 255, 255), max(1, height // 120))
            out.write(img)
            out.write_audio(track[int(i * per_frame):int((i + 1) * per_frame)].astype(np.float32))
    return Block(path, frames / fps, fps, tuple(whistles_s))


@dataclass
class Sent:
    started_wall: float = 0.0
    frames: int = 0  # video frames sent
    indices: list[int] = field(default_factory=list)  # the block's frame number of each frame sent, in order
    whistles_wall: list[float] = field(default_factory=list)  # when each whistle sounded (sent)
    cuts_wall: list[tuple[float, float]] = field(default_factory=list)


class Sender(threading.Thread):
    """Sends `block` to `url` (MPEG-TS) `loops` times in real time. `cuts`: (at_s, for_s) on the sent
    timeline where the network is down; sending resumes at the first keyframe after the cut."""

    def __init__(self, block: Block, url: str, *, loops: int = 1, start_delay_s: float = 0.0,
                 cuts: tuple[tuple[float, float], ...] = ()):
        super().__init__(name=f"polo-review sender {url}", daemon=True)
        self.block, self.url, self.loops = block, url, loops
        self.start_delay_s = start_delay_s
        self.cuts = cuts
        self.sent = Sent()
        self.stop = threading.Event()
        self.loop_s = block.duration_s  # one loop's length as sent (set when sending starts)

    def _packets(self):
        import av

        with av.open(str(self.block.path)) as src:
            streams = [s for s in (src.streams.video[0], src.streams.audio[0])]
            info = [(s.type, s.time_base, s.codec_context.extradata) for s in streams]
            items = []
            for p in src.demux(*streams):
                if p.size == 0 or p.pts is None:
                    continue
                items.append((p.stream.type, bytes(p), p.pts, p.dts if p.dts is not None else p.pts,
                              p.is_keyframe, p.duration or 0, p.stream.time_base))
        video_pts = sorted(it[2] for it in items if it[0] == "video")  # presentation order: frame numbers
        self._number = {pts: i for i, pts in enumerate(video_pts)}
        first = {kind: min(it[3] for it in items if it[0] == kind) for kind, _tb, _x in info}
        return items, first

    def _output(self, template_path: Path):
        import av

        src = av.open(str(template_path))
        out = av.open(self.url, "w", format="mpegts")
        vs = out.add_stream_from_template(src.streams.video[0])
        aus = out.add_stream_from_template(src.streams.audio[0])
        src.close()
        return out, {"video": vs, "audio": aus}

    def run(self) -> None:
        import av

        items, first = self._packets()
        timeline = sorted(items, key=lambda it: float((it[3] - first[it[0]]) * it[6]))
        # one loop lasts as long as its longest stream (the sound's last packet may end after the last frame)
        ends = [(it[3] - first[it[0]] + it[5]) * it[6] for it in items]
        frame = Fraction(1, self.block.fps)
        duration = max(Fraction(self.block.duration_s).limit_denominator(1000), -(-max(ends) // frame) * frame)
        self.loop_s = float(duration)
        if self.start_delay_s:
            time.sleep(self.start_delay_s)
        out, streams = self._output(self.block.path)
        t0 = self.sent.started_wall = time.time()
        pending = [t0 + k * float(duration) + w for k in range(self.loops) for w in self.block.whistles_s]
        down = None  # in a cut: waiting for its end, then a keyframe
        try:
            for k in range(self.loops):
                for kind, data, pts, dts, key, dur, tb in timeline:
                    if self.stop.is_set():
                        return
                    at = float((dts - first[kind]) * tb + k * duration)
                    wait = t0 + at - time.time()
                    if wait > 0:
                        time.sleep(wait)
                    cut = next(((a, f) for a, f in self.cuts if a <= at < a + f), None)
                    if cut is not None or (down is not None and not (kind == "video" and key)):
                        if down is None:
                            down = time.time()
                            out.close()
                        continue
                    if down is not None:
                        self.sent.cuts_wall.append((down, time.time()))
                        down = None
                        out, streams = self._output(self.block.path)
                    while pending and pending[0] <= time.time():
                        self.sent.whistles_wall.append(pending.pop(0))
                    shift = round(k * duration / Fraction(tb.numerator, tb.denominator))
                    packet = av.Packet(data)
                    packet.pts, packet.dts = pts + shift, dts + shift
                    packet.duration = dur
                    packet.time_base = tb
                    packet.is_keyframe = key
                    packet.stream = streams[kind]
                    out.mux(packet)
                    if kind == "video":
                        self.sent.frames += 1
                        self.sent.indices.append(self._number[pts])
        finally:
            if down is None:
                out.close()
