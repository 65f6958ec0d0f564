"""Clips written as real files by ffmpeg: H.264 + AAC in MP4, VP8 + Opus in WebM, H.264 + PCM in MKV and MOV,
the picture from `picture.draw_frame`, and the truth as JSON beside the file (`<name>.truth.json`).
Each file is written under a temporary name and renamed into place, so a set never holds half a file.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

import numpy as np
from scipy.io import wavfile

from .common import SAMPLE_RATE
from .picture import draw_frame

AUDIO_ARGS = {
    "aac": lambda kbps: ["-c:a", "aac", "-b:a", f"{kbps}k"],
    "opus": lambda kbps: ["-c:a", "libopus", "-b:a", f"{kbps}k", "-application", "audio"],
    "pcm": lambda kbps: ["-c:a", "pcm_s16le"],
}
VIDEO_ARGS = {
    "h264": ["-c:v", "libx264", "-preset", "veryfast", "-crf", "26", "-pix_fmt", "yuv420p"],
    "vp8": ["-c:v", "libvpx", "-b:v", "400k", "-deadline", "realtime", "-cpu-used", "8", "-pix_fmt", "yuv420p"],
}
EXTENSIONS = {"mp4": ".mp4", "webm": ".webm", "mkv": ".mkv", "mov": ".mov"}


class EncodeError(RuntimeError):
    """ffmpeg refused or failed; the message names the file and ffmpeg's last words."""


def truth_path(media: Path) -> Path:
    return media.with_name(media.stem + ".truth.json")


def write_json_atomic(path: Path, data: dict) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def encode(samples: np.ndarray, out: Path, *, container: str, video_codec: str, audio_codec: str,
           bitrate_kbps: int | None, fps: str, width: int, height: int, label: str = "",
           keyframe_s: float = 2.0) -> dict:
    """Write `samples` (mono float32, 48 kHz) with a moving picture of the same length to `out`; returns what
    the truth records about the file."""
    rate = Fraction(fps)
    duration = samples.size / SAMPLE_RATE
    frames = math.ceil(duration * rate)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp_media = out.with_name(f".{out.stem}.{os.getpid()}.tmp{out.suffix}")
    with tempfile.TemporaryDirectory(prefix="field_b_") as scratch:
        wav = Path(scratch) / "sound.wav"
        wavfile.write(wav, SAMPLE_RATE, np.asarray(samples, dtype=np.float32))
        command = [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", f"{width}x{height}", "-r", fps, "-i", "pipe:0",
            "-i", str(wav), "-map", "0:v", "-map", "1:a",
            *VIDEO_ARGS[video_codec], "-g", str(max(1, round(float(rate) * keyframe_s))),
            *AUDIO_ARGS[audio_codec](bitrate_kbps), "-ar", str(SAMPLE_RATE), "-ac", "1",
            "-t", f"{duration:.6f}", str(tmp_media),
        ]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for index in range(frames):
                process.stdin.write(draw_frame(index, rate, width, height, label).tobytes())
            process.stdin.close()
        except BrokenPipeError:
            pass
        error = process.stderr.read().decode("utf-8", "replace").strip()
        if process.wait() != 0:
            tmp_media.unlink(missing_ok=True)
            last = error.splitlines()[-1] if error else f"exit status {process.returncode}"
            raise EncodeError(f"{out}: ffmpeg failed: {last}")
    os.replace(tmp_media, out)
    return {"file": out.name, "container": container, "video_codec": video_codec, "audio_codec": audio_codec,
            "bitrate_kbps": bitrate_kbps, "fps": fps, "width": width, "height": height, "frames": frames,
            "audio_sample_rate": SAMPLE_RATE}


def write_clip(samples: np.ndarray, truth: dict, out_dir: Path, name: str) -> Path:
    """The clip's file in its recording's format and its truth beside it; returns the file's path."""
    rec = truth["recording"]
    spec = truth["spec"]
    out = out_dir / (name + EXTENSIONS[rec["container"]])
    media = encode(samples, out, container=rec["container"], video_codec=rec["video_codec"],
                   audio_codec=rec["audio_codec"], bitrate_kbps=rec["bitrate_kbps"], fps=rec["fps"],
                   width=spec["width"], height=spec["height"], label=f"{truth['condition']} {name}")
    write_json_atomic(truth_path(out), {**truth, "media": media})
    return out


def decode_audio(path: Path) -> np.ndarray:
    """A file's sound as PyAV decodes it: mono float32 at 48 kHz from the container's time zero."""
    import av

    chunks = []
    with av.open(str(path)) as container:
        stream = container.streams.audio[0]
        resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
        start = None
        for frame in container.decode(stream):
            if start is None and frame.time is not None:
                start = float(frame.time)
            for out in resampler.resample(frame):
                chunks.append(out.to_ndarray().reshape(-1))
        for out in resampler.resample(None):
            chunks.append(out.to_ndarray().reshape(-1))
    sound = np.concatenate(chunks) if chunks else np.zeros(0, np.float32)
    lead = int(round((start or 0.0) * SAMPLE_RATE))
    if lead > 0:  # the stream starts after time zero: silence before it
        sound = np.concatenate([np.zeros(lead, np.float32), sound])
    elif lead < 0:
        sound = sound[-lead:]
    return sound
