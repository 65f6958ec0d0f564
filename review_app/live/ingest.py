"""Recording one camera feed: FFmpeg (PyAV) reads the feed and its packets are remuxed, never re-encoded,
into MPEG-TS segments that each start at a keyframe. MPEG-TS because a segment cut off by a crash is still
readable up to its last whole packet, and a segment needs no index written at its end.

Timestamps are moved onto the recording's timeline: seconds since the `live` command started (one clock
for every feed). A feed's own timestamps are kept within a connection (frame-exact); a feed that drops is
opened again, and its first keyframe after the drop is placed at the time it arrived, so the gap is a gap
in the footage's time, logged as one (segments.append). The sound is decoded as it arrives for the whistle
detector (listening); the pictures are not decoded at all.
"""

from __future__ import annotations

import collections
import logging
import os
import re
import threading
import time
from fractions import Fraction
from pathlib import Path

from review_app.ground.files import durable_replace
from review_app.live import segments
from review_app.live.listening import SoundBuffer, WhistleWatch, whistle_entry
from review_app.sound import ANALYSIS_RATE

log = logging.getLogger(__name__)

SEGMENT_S = 1.0  # a segment closes at the first keyframe this long after its first frame
# A connection's arrival lag is the LAG_PERCENTILE of (placed - handed over) over its last LAG_PACKETS
# video packets, not the largest: one packet sent ahead of its timestamp (a sender's jitter) put the
# whole feed that much early, and marks leaned about a frame early on the live check (docs/live.md).
LAG_PERCENTILE = 95
LAG_PACKETS = 1500  # a minute at 25 fps
# An MPEG-TS demuxer hands a video frame over the moment the start of the frame this many after it comes:
# it knows a frame's PES has ended only when the next one begins, and FFmpeg's H.264/HEVC parser then knows
# the frame is whole only when the next one's data begins. Measured on loopback UDP against a relay noting
# each frame's first datagram: frame k handed over 0.1 ms (median) after frame k + 2 came, at 25 and 29.97
# fps; 82 and 67 ms after frame k itself. So a frame handed over stands for the arrival of the frame two
# after it, exactly, whatever the frame rate or the sender's jitter. Taken as one frame's time before, the
# arrival clock put every picture a frame late (issue 36).
TS_HANDOVER_PACKETS = 2
READ_TIMEOUT_S = 2.0  # no packet for this long: the feed has dropped (reconnected, a gap logged)
# Opening waits this long for the feed's first packets; a feed that dropped is waited for again at once,
# the socket closed as briefly as can be (a UDP feed's packets that arrive while it is closed are lost).
OPEN_TIMEOUT_S = 10.0
RETRY_S = 0.5  # after a refusal (an RTSP or RTMP server not up yet)
# Probing a feed's streams: half a second of it is enough for what the remux needs (codec, size, extradata);
# FFmpeg's default of five seconds would hold the first frames back that long.
PROBE = {"analyzeduration": "500000", "probesize": "1000000"}


def redacted(url: str) -> str:
    """The feed's address without a password (rtsp://user:secret@cam -> rtsp://user:***@cam)."""
    return re.sub(r"(//[^:/@]+):[^@/]*@", r"\1:***@", url)


def input_options(url: str) -> dict[str, str]:
    options = dict(PROBE)
    if url.startswith("rtsp"):
        options["rtsp_transport"] = "tcp"  # no lost packets on a busy field network
    if url.startswith("udp"):
        # a large receive buffer, and an overrun dropped rather than fatal
        options.update({"fifo_size": "1000000", "overrun_nonfatal": "1", "buffer_size": "8388608"})
    if url.startswith("rtmp") and "listen" not in url:
        options["rtmp_live"] = "live"
    return options



def arrival_lag(lags) -> float:
    """The LAG_PERCENTILE of `lags` (seconds; never below 0): how much later than they came a
    connection's frames are placed."""
    if not lags:
        return 0.0
    ordered = sorted(lags)
    return max(0.0, ordered[int(round(LAG_PERCENTILE / 100 * (len(ordered) - 1)))])

class FeedRecorder(threading.Thread):
    """Records feed `name` from `url` into `folder` until `stop` is set."""

    def __init__(self, name: str, url: str, folder: str | os.PathLike, *, zero_wall: float,
                 stop: threading.Event, segment_s: float = SEGMENT_S, read_timeout_s: float = READ_TIMEOUT_S,
                 listen: bool = True):
        super().__init__(name=f"polo-review feed {name}", daemon=True)
        self.feed, self.url = name, url
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.zero_wall = zero_wall
        self.stop = stop
        self.segment_s = segment_s
        self.read_timeout_s = read_timeout_s
        existing = segments.read(self.folder)
        self.number = len(existing.segments)
        self.chain = existing.segments[-1]["chain"] if existing.segments else segments.chain_start(name)
        self.frames = existing.frames  # frames recorded (closed segments and the open one)
        self.skipped = 0  # packets before a (re)connection's first keyframe: undecodable, not kept
        self.connections = 0
        self.connected = False
        self.last_error = ""
        self.end_s = existing.segments[-1]["end_s"] if existing.segments else None  # where the last frame ends
        # (recording s, wall) the feed dropped at; a recording continued after a stop or a crash starts
        # with the gap since its last segment closed
        self.gap_from: tuple[float, float] | None = (
            (self.end_s, existing.segments[-1]["closed_wall"]) if existing.segments else None)
        self.continued = bool(existing.segments)  # its clock is another run's: placed by the wall clock
        # How much later than it arrived this connection's frames are placed (seconds, never below 0): its
        # first keyframe is placed when FFmpeg hands it over, after the probe (PROBE) read half a second of the
        # feed, so the frames are placed that much later than they came. A high percentile of (placed - came)
        # over the connection's video packets (`arrival_lag`): the packets read past the probe are handed
        # over as they come.
        self.arrival_lag_s = 0.0
        self._lags: collections.deque[float] = collections.deque(maxlen=LAG_PACKETS)
        # The hand-over times of the connection's last video packets: over MPEG-TS a packet came when the one
        # TS_HANDOVER_PACKETS before it was handed over (over RTP or RTMP not measured: taken as when handed).
        self.handover_packets = 0
        self._handed: collections.deque[float] = collections.deque(maxlen=1)
        # A packet is sent, in decoding order, once the pictures it needs are taken: at its decoding time plus
        # the stream's reorder delay (the first keyframe's presentation less decoding time: two frames with two
        # B-frames, none without), the time the recording places pictures at (ticks).
        self.reorder_ticks = 0
        self.sound = SoundBuffer()
        self._lock = threading.Lock()
        self.watch = WhistleWatch(self.sound, self._whistle, stop, name) if listen else None

    # -- the log -------------------------------------------------------------------------------------
    def _whistle(self, start_s: float, end_s: float) -> None:
        with self._lock:
            segments.append(self.folder, whistle_entry(start_s, end_s))

    def _log(self, entry: dict) -> None:
        with self._lock:
            segments.append(self.folder, entry)

    # -- running ---------------------------------------------------------------------------------------
    def run(self) -> None:
        import av

        if self.watch is not None:
            self.watch.start()
        while not self.stop.is_set():
            try:
                container = av.open(self.url, options=input_options(self.url),
                                    timeout=(OPEN_TIMEOUT_S, self.read_timeout_s), metadata_errors="ignore")
            except (av.error.FFmpegError, OSError) as exc:
                self.last_error = redacted(str(exc))
                if not isinstance(exc, av.error.ExitError):  # a timeout: listen again at once
                    self.stop.wait(RETRY_S)
                continue
            self.connections += 1
            try:
                self._record(container)
            except (av.error.FFmpegError, OSError) as exc:  # the feed dropped or broke: reconnect
                self.last_error = redacted(str(exc))
                log.info("%s: feed dropped (%s)", self.feed, self.last_error)
            finally:
                self.connected = False
                container.close()
            if self.end_s is not None and self.gap_from is None:
                self.gap_from = (self.end_s, time.time())

    def _record(self, container) -> None:
        import av

        if not container.streams.video:
            raise OSError("the feed carries no video")  # retried: a camera may start late
        vin = container.streams.video[0]
        ain = container.streams.audio[0] if container.streams.audio else None
        resampler = av.AudioResampler(format="flt", layout="mono", rate=ANALYSIS_RATE) if ain else None
        writer: _Segment | None = None
        shift = None  # ticks added to the video's timestamps on this connection
        tb_v = Fraction(vin.time_base.numerator, vin.time_base.denominator)
        frame_ticks = max(1, round(1 / (Fraction(vin.average_rate or 25) * tb_v))) if vin.average_rate else 1
        self.handover_packets = TS_HANDOVER_PACKETS if "mpegts" in container.format.name else 0
        self._handed = collections.deque(maxlen=self.handover_packets + 1)
        try:
            for packet in container.demux(*(s for s in (vin, ain) if s is not None)):
                if self.stop.is_set():
                    break
                if packet.size == 0 or (packet.pts is None and packet.dts is None):
                    continue
                video = packet.stream.type == "video"
                if shift is None:
                    if not (video and packet.is_keyframe):
                        self.skipped += 1
                        continue
                    shift = self._placed(packet, tb_v, frame_ticks)
                    self.connected = True
                    writer = _Segment(self, vin, ain)
                if video and packet.is_keyframe and writer.long_enough(packet.pts + shift, self.segment_s):
                    writer.close()
                    writer = _Segment(self, vin, ain)
                if video:
                    self._arrived(packet, shift, tb_v)
                elif resampler is not None:
                    self._hear(packet, resampler, shift * tb_v)
                writer.write(packet, shift, tb_v, video)
        finally:
            if writer is not None:
                writer.close()

    def _placed(self, packet, tb_v: Fraction, frame_ticks: int) -> int:
        """The shift for this connection: its first keyframe sounds now on the recording's timeline,
        never before the end of what is recorded. Logs the gap a reconnection closes."""
        now = time.time()
        at = Fraction(now - self.zero_wall)
        if self.continued:  # a recording continued by another run: as long after its end as it was stopped
            at = Fraction(self.gap_from[0]) + Fraction(max(0.0, now - self.gap_from[1]))
            self.continued = False
        base = round(at / tb_v)
        if self.end_s is not None:
            base = max(base, round(Fraction(self.end_s) / tb_v) + 1)
        first = packet.pts if packet.pts is not None else packet.dts
        self.arrival_lag_s = 0.0  # a new connection: its own lag
        self._lags.clear()
        self._handed.clear()
        self.reorder_ticks = max(0, packet.pts - packet.dts) if None not in (packet.pts, packet.dts) else 0
        if self.gap_from is not None:
            from_s, from_wall = self.gap_from
            self._log({"gap": {"from_s": round(from_s, 6), "to_s": round(float(base * tb_v), 6),
                               "from_wall": from_wall, "to_wall": now}})
            self.gap_from = None
        return base - first

    def _arrived(self, packet, shift: int, tb_v: Fraction) -> None:
        """The video packet's placing against when it was handed over (the recorder's arrival clock). Its
        decoding time alone would put a B-frame feed's pictures the reorder delay late on the arrival clock."""
        ticks = packet.dts + self.reorder_ticks if packet.dts is not None else packet.pts  # sent in decoding order
        placed = float((ticks + shift) * tb_v)
        self._handed.append(time.time())
        if len(self._handed) <= self.handover_packets:
            return  # the first packets of a connection: the one whose hand-over says when this came is before it
        came = self._handed[0] - self.zero_wall
        self._lags.append(placed - came)
        self.arrival_lag_s = arrival_lag(self._lags)

    def _hear(self, packet, resampler, shift_s: Fraction) -> None:
        import av

        try:
            decoded = packet.stream.codec_context.decode(packet)
        except av.error.FFmpegError:
            return  # a damaged sound packet: the recording keeps it, the detector does without
        for frame in decoded:
            if frame.pts is None:
                continue
            at = float(frame.pts * frame.time_base + shift_s)
            for out in resampler.resample(frame):
                self.sound.add(out.to_ndarray().reshape(-1), at)

    def status(self) -> dict:
        return {"feed": self.feed, "url": redacted(self.url), "connected": self.connected,
                "frames": self.frames, "segments": self.number, "connections": self.connections,
                "skipped_packets": self.skipped, "last_error": self.last_error, "end_s": self.end_s}


class _Segment:
    """The segment being written: a `.part` file renamed and logged when it closes."""

    def __init__(self, recorder: FeedRecorder, vin, ain):
        import av

        recorder.number += 1
        self.recorder = recorder
        self.number = recorder.number
        self.name = segments.SEGMENT_PATTERN.format(self.number)
        self.part = recorder.folder / f".{self.name}.part"
        self.out = av.open(str(self.part), "w", format="mpegts")
        self.vout = self.out.add_stream_from_template(vin)
        self.aout = self.out.add_stream_from_template(ain) if ain is not None else None
        self.times: list[int] = []  # video pts (input ticks, shifted)
        self.tb = Fraction(vin.time_base.numerator, vin.time_base.denominator)
        self.last_duration = 0
        self.closed = False

    def long_enough(self, pts: int, seconds: float) -> bool:
        return bool(self.times) and (pts - min(self.times)) * self.tb >= Fraction(seconds)

    def write(self, packet, shift: int, tb_v: Fraction, video: bool) -> None:
        if video:
            step = shift
        else:  # the same shift in seconds, in the sound's time base
            tb_a = Fraction(packet.time_base.numerator, packet.time_base.denominator)
            step = round(shift * tb_v / tb_a)
        if packet.pts is not None:
            packet.pts += step
        if packet.dts is not None:
            packet.dts += step
        if video:
            self.times.append(packet.pts if packet.pts is not None else packet.dts)
            self.last_duration = packet.duration or self.last_duration
            self.recorder.frames += 1
        packet.stream = self.vout if video else self.aout
        self.out.mux(packet)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.out.close()
        recorder = self.recorder
        if not self.times:
            self.part.unlink(missing_ok=True)
            recorder.number -= 1
            return
        final = recorder.folder / self.name
        durable_replace(self.part, final)  # the segment whole under its name, after a crash too
        sha256 = segments.file_sha256(final)
        recorder.chain = segments.chain_next(recorder.chain, sha256)
        ordered = sorted(self.times)
        if len(ordered) > 1 and not self.last_duration:
            self.last_duration = int(ordered[-1] - ordered[-2])
        end = ordered[-1] + self.last_duration
        recorder.end_s = float(end * self.tb)
        recorder._log({
            "segment": self.number, "file": self.name, "sha256": sha256, "chain": recorder.chain,
            "frames": len(ordered), "bytes": final.stat().st_size,
            "first_s": float(ordered[0] * self.tb), "end_s": recorder.end_s,
            "time_base": [self.tb.numerator, self.tb.denominator], "pts": ordered,
            "closed_wall": time.time(),
            # the recorder's arrival clock: this connection's frames were placed this much later than they came
            "connection": recorder.connections, "arrival_lag_s": round(recorder.arrival_lag_s, 4),
        })
