"""Encode BGR numpy frames (and, if asked, a mono sound track) to a video file, deterministically.

Used to generate test fixtures and sample clips, and by clip export. Every
setting that could vary between runs (threads, presets, muxer version tags) is
pinned, so writing the same frames again gives a byte-identical file.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path
from typing import Self

import numpy as np

# codec name -> (FFmpeg encoder, pixel format)
_ENCODERS = {
    "h264": ("libx264", "yuv420p"),
    "hevc": ("libx265", "yuv420p"),
    "vp9": ("libvpx-vp9", "yuv420p"),
    "mjpeg": ("mjpeg", "yuvj420p"),
}

# file extension -> PyAV container format
_CONTAINERS = {
    ".mp4": "mp4",
    ".m4v": "mp4",
    ".mov": "mov",
    ".webm": "webm",
    ".mkv": "matroska",
    ".avi": "avi",
    ".ts": "mpegts",  # broadcast/camera recordings: timestamps rarely start at zero
}

MAX_DIMENSION = 8192

# sound codec name -> (FFmpeg encoder, sample format): what cameras and phones record
_AUDIO_ENCODERS = {
    "aac": ("aac", "fltp"),  # phones and cameras in MP4/MOV
    "opus": ("libopus", "flt"),  # Android and web recordings in WebM/Ogg/Matroska
    "pcm": ("pcm_s16le", "s16"),  # professional cameras in MOV, sound recorders in WAV
}
# Opus runs at 48 kHz only; FFmpeg's libopus wrapper refuses other rates.
OPUS_RATE = 48000
_AUDIO_CONTAINERS = {**_CONTAINERS, ".m4a": "mp4", ".wav": "wav", ".ogg": "ogg", ".opus": "ogg"}


def _as_fraction(value) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        # 29.97 means NTSC 30000/1001, not 2997/100
        return Fraction(value).limit_denominator(1001)
    return Fraction(value)


def _check_format(codec: str, ext: str, width: int, height: int, rotation: int) -> None:
    """Refuse, before any file is made, a codec, container or picture shape the writer cannot write."""
    if codec not in _ENCODERS:
        raise ValueError(f"codec must be one of {sorted(_ENCODERS)}, not {codec!r}")
    if ext not in _CONTAINERS:
        raise ValueError(f"unsupported extension {ext!r}; use one of {sorted(_CONTAINERS)}")
    if not (0 < width <= MAX_DIMENSION and 0 < height <= MAX_DIMENSION):
        raise ValueError(f"dimensions {width}x{height} out of range")
    if codec != "mjpeg" and (width % 2 or height % 2):
        raise ValueError(f"{codec} with yuv420p needs even dimensions, got {width}x{height}")
    if rotation % 90:
        raise ValueError(f"rotation must be a multiple of 90, not {rotation}")


def _container_options(ext: str) -> dict[str, str]:
    container_options = {"fflags": "+bitexact"}  # no muxer version strings: stable bytes
    if _CONTAINERS[ext] in ("mp4", "mov"):
        container_options["movflags"] = "+faststart"  # moov first: browsers start playing at once
    return container_options


class VideoWriter:
    """Write BGR frames (H x W x 3 uint8) to `path`; the container follows the extension.

    codec: "h264" (libx264) | "hevc" (libx265) | "vp9" (libvpx-vp9) | "mjpeg".
    gop: keyframe interval in frames (default: 2 seconds). bframes: consecutive B-frames
    (ignored by vp9/mjpeg). crf: quality (lower is better; default 20 h264/hevc, 32 vp9;
    for mjpeg it is the JPEG q scale 2..31, default 3).
    rotation: clockwise degrees a player turns the stored picture to show it
    (0/90/180/270), written as display-matrix side data (the modern form of the
    'rotate' tag). time_base: tick of the timestamps (default 1/fps); pass a finer one,
    e.g. Fraction(1, 1000), when giving explicit `pts_seconds` for variable frame rate.
    audio_rate: with a sample rate, the file also gets a mono sound track ("aac", "opus" or "pcm"
    by `audio_codec`), fed with `write_audio`; its first sample sounds at `audio_start_s` on the
    container's clock (the first frame's time when both start at 0, as cameras write them).
    """

    def __init__(
        self,
        path: str | os.PathLike,
        width: int,
        height: int,
        fps: float | Fraction = 30,
        codec: str = "h264",
        gop: int | None = None,
        bframes: int = 2,
        crf: int | None = None,
        rotation: int = 0,
        time_base: Fraction | None = None,
        audio_rate: int | None = None,
        audio_codec: str = "aac",
        audio_bitrate: int | None = None,
        audio_start_s: float = 0.0,
    ):
        import av  # heavy; imported only when writing

        self.path = Path(path)
        ext = self.path.suffix.lower()
        _check_format(codec, ext, width, height, rotation)
        self.width, self.height = int(width), int(height)
        self.fps = _as_fraction(fps)
        if self.fps <= 0:
            raise ValueError(f"fps must be positive, not {fps}")
        self.codec = codec
        self.rotation = rotation % 360
        self.time_base = _as_fraction(time_base) if time_base is not None else 1 / self.fps
        self._ticks_per_frame = (1 / self.fps) / self.time_base
        self._count = 0
        self._last_pts: int | None = None

        self._pix_fmt = _ENCODERS[codec][1]
        interp = av.video.reformatter.Interpolation
        self._sws_flags = interp.BILINEAR | interp.ACCURATE_RND | interp.BITEXACT
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._container = av.open(
            str(self.path), mode="w", format=_CONTAINERS[ext], options=_container_options(ext)
        )
        try:
            self._stream = self._add_video_stream(gop, bframes, crf)
            self._audio = None if audio_rate is None else AudioTrack(
                self._container, audio_rate, audio_codec, audio_bitrate, audio_start_s)
        except BaseException:
            self._container.close()
            raise

    def _add_video_stream(self, gop: int | None, bframes: int, crf: int | None):
        """The picture's stream in the open container, every encoder setting pinned for stable bytes."""
        encoder, pix_fmt = _ENCODERS[self.codec]
        if gop is None:
            gop = max(1, round(2 * self.fps))
        stream = self._container.add_stream(encoder, rate=self.fps)
        stream.width, stream.height = self.width, self.height
        stream.pix_fmt = pix_fmt
        stream.time_base = self.time_base
        cc = stream.codec_context
        cc.time_base = self.time_base
        cc.framerate = self.fps
        cc.gop_size = int(gop)
        cc.thread_count = 1  # multi-threaded encoders are not bit-reproducible
        cc.thread_type = "SLICE"
        cc.options = self._codec_options(self.codec, int(gop), int(bframes), crf)
        if self.codec == "mjpeg":
            q = 3 if crf is None else int(crf)
            cc.qmin = cc.qmax = q
        if self.rotation:
            # PyAV takes counter-clockwise degrees; ours are clockwise like the 'rotate' tag
            stream.set_display_rotation(-self.rotation % 360)
        return stream

    @staticmethod
    def _codec_options(codec: str, gop: int, bframes: int, crf: int | None) -> dict[str, str]:
        if codec == "h264":
            return {
                "crf": str(20 if crf is None else crf),
                "preset": "veryfast",
                "bf": str(bframes),
                "g": str(gop),
                "keyint_min": str(gop),
                "sc_threshold": "0",  # keyframes only at the GOP interval, predictable seeks
                "threads": "1",
                # mbtree off: with it, identical frames sometimes encoded differently
                # from one process to the next (seen at 64x48 in the test suite)
                "x264-params": "threads=1:lookahead-threads=1:sliced-threads=0:mbtree=0",
            }
        if codec == "hevc":
            return {
                "crf": str(22 if crf is None else crf),
                "preset": "veryfast",
                "x265-params": (
                    f"pools=none:frame-threads=1:wpp=0:log-level=error:cutree=0:keyint={gop}:"
                    f"min-keyint={gop}:scenecut=0:bframes={bframes}:open-gop=0"
                ),
            }
        if codec == "vp9":
            return {
                "crf": str(32 if crf is None else crf),
                "b": "0",
                "deadline": "good",
                "cpu-used": "5",
                "row-mt": "0",
                "threads": "1",
                "lag-in-frames": "0" if bframes == 0 else "16",
                "g": str(gop),
            }
        return {}

    def write(self, bgr_image: np.ndarray, pts_seconds: float | None = None) -> None:
        """Encode one frame; `pts_seconds` (optional) is its presentation time, strictly increasing."""
        import av

        image = np.asarray(bgr_image)
        if image.dtype != np.uint8 or image.shape != (self.height, self.width, 3):
            raise ValueError(
                f"frame must be uint8 {self.height}x{self.width}x3 BGR, "
                f"got {image.dtype} {'x'.join(map(str, image.shape))}"
            )
        if pts_seconds is None:
            pts = round(self._count * self._ticks_per_frame)
        else:
            pts = round(Fraction(pts_seconds) / self.time_base)
        if self._last_pts is not None and pts <= self._last_pts:
            raise ValueError(
                f"frame {self._count}: timestamp {pts * self.time_base} s is not after the previous "
                f"one at this time base ({self.time_base}); use a finer time_base"
            )
        frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(image), format="bgr24")
        # Convert here, single-threaded and bit-exact: left to the encoder, swscale picks
        # threads and SIMD paths per process and the same frames came out different.
        frame = frame.reformat(format=self._pix_fmt, threads=1, interpolation=self._sws_flags)
        frame.pts = pts
        frame.time_base = self.time_base
        self._container.mux(self._stream.encode(frame))
        self._last_pts = pts
        self._count += 1

    def write_audio(self, samples: np.ndarray) -> None:
        """Append mono samples (float, -1..1) to the sound track. Feed it alongside the frames
        (a frame's worth at a time), so the file interleaves sound and picture as cameras do."""
        if self._audio is None:
            raise ValueError("this writer has no sound track: give audio_rate")
        self._audio.write(samples)

    def close(self) -> None:
        """Flush the encoders and finish the file. Safe to call twice."""
        if self._container is None:
            return
        try:
            if self._audio is not None:
                self._audio.flush()
            self._container.mux(self._stream.encode(None))
        finally:
            self._container.close()
            self._container = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close()


class AudioTrack:
    """A mono sound track in an open container: samples in, whole encoder frames out."""

    def __init__(self, container, rate: int, codec: str = "aac", bitrate: int | None = None, start_s: float = 0.0):
        if codec not in _AUDIO_ENCODERS:
            raise ValueError(f"audio codec must be one of {sorted(_AUDIO_ENCODERS)}, not {codec!r}")
        if codec == "opus" and rate != OPUS_RATE:
            raise ValueError(f"Opus records at {OPUS_RATE} Hz, not {rate}")
        encoder, self._format = _AUDIO_ENCODERS[codec]
        self.rate = int(rate)
        self._container = container
        stream = container.add_stream(encoder, rate=self.rate)
        stream.layout = "mono"
        stream.time_base = Fraction(1, self.rate)
        cc = stream.codec_context
        cc.thread_count = 1  # one thread: the same samples give the same bytes
        # ... and no encoder version in them: FFmpeg's AAC encoder writes its library's version ("Lavc62.28.102")
        # into the first packet unless asked to be bit-exact, so a PyAV patch release changed two bytes of every
        # sample clip and so its SHA-256, which the sample documents name it by.
        from av.codec.context import Flags  # PyAV is imported only when writing

        cc.flags |= Flags.bitexact
        if bitrate:
            cc.bit_rate = int(bitrate)
        self._stream = stream
        self._pending = np.zeros(0, np.float32)
        self._written = 0  # samples handed to the encoder so far
        self._first_pts = int(round(start_s * self.rate))

    def _frame_size(self) -> int:
        # PCM takes any length; 4096 samples is a frame size WAV and MOV muxers are used to
        return self._stream.codec_context.frame_size or 4096

    def write(self, samples: np.ndarray) -> None:
        samples = np.asarray(samples, dtype=np.float32).reshape(-1)
        self._pending = np.concatenate([self._pending, samples])
        size = self._frame_size()
        while len(self._pending) >= size:
            self._encode(self._pending[:size])
            self._pending = self._pending[size:]

    def _encode(self, chunk: np.ndarray | None) -> None:
        import av

        if chunk is None:
            self._container.mux(self._stream.encode(None))
            return
        chunk = np.clip(chunk, -1.0, 1.0)
        if self._format == "s16":
            data = np.round(chunk * 32767).astype(np.int16)[None, :]
        else:
            data = np.ascontiguousarray(chunk, dtype=np.float32)[None, :]
        frame = av.AudioFrame.from_ndarray(data, format=self._format, layout="mono")
        frame.sample_rate = self.rate
        frame.pts = self._first_pts + self._written
        frame.time_base = Fraction(1, self.rate)
        self._written += len(chunk)
        self._container.mux(self._stream.encode(frame))

    def flush(self) -> None:
        """Encode what is left (a shorter last frame) and drain the encoder."""
        if len(self._pending):
            self._encode(self._pending)
            self._pending = np.zeros(0, np.float32)
        self._encode(None)


def write_audio_file(path: str | os.PathLike, samples: np.ndarray, rate: int, codec: str = "aac",
                     bitrate: int | None = None) -> Path:
    """A sound-only recording (.m4a, .wav, .ogg, .webm, .mkv, ...) of mono float samples, deterministically."""
    import av

    path = Path(path)
    ext = path.suffix.lower()
    if ext not in _AUDIO_CONTAINERS:
        raise ValueError(f"unsupported extension {ext!r}; use one of {sorted(_AUDIO_CONTAINERS)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    with av.open(str(path), mode="w", format=_AUDIO_CONTAINERS[ext], options={"fflags": "+bitexact"}) as container:
        track = AudioTrack(container, rate, codec, bitrate)
        track.write(samples)
        track.flush()
    return path


def repeat_recording(block: str | os.PathLike, out: str | os.PathLike, times: int) -> Path:
    """A long recording made cheaply: `block`'s video packets stream-copied `times` times over, each
    copy's timestamps after the last (no re-encoding). For tests and benchmarks of long matches;
    `block` should start on a keyframe and end a GOP."""
    import av

    out = Path(out)
    with av.open(str(block)) as src:
        s = src.streams.video[0]
        packets = [(bytes(p), p.pts, p.dts, p.is_keyframe, p.duration) for p in src.demux(s) if p.size]
        span = max(p[1] for p in packets) - min(p[1] for p in packets) + (packets[-1][4] or packets[0][4])
        with av.open(str(out), "w", format=_CONTAINERS[out.suffix.lower()]) as dst:
            copy = dst.add_stream_from_template(s)
            for k in range(times):
                for data, pts, dts, key, duration in packets:
                    p = av.Packet(data)
                    p.pts, p.dts, p.duration, p.is_keyframe = pts + k * span, dts + k * span, duration, key
                    p.time_base, p.stream = s.time_base, copy
                    dst.mux(p)
    return out
