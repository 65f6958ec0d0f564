"""Opening a file as video, turning every way it can fail into one clear sentence.

FFmpeg's own messages ("Invalid data found when processing input", sometimes a
misleading errno) say little to a reviewer, so the file is checked first and FFmpeg's
verdict is translated.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from review_app.footage.errors import VideoOpenFailure

# Larger than any camera makes (8K is 7680x4320); beyond this a header is lying.
MAX_SIDE = 16384
MAX_PIXELS = 8192 * 8192

# FFmpeg demuxers that read a single picture or text, not a recording.
_IMAGE_FORMATS = {"image2", "image2pipe", "tty", "apng"}

_SIGNATURES = [
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive"),
]


def check_file(path: Path) -> int:
    """The file's size, after making sure it is a readable, non-empty regular file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise VideoOpenFailure("no such file", path=path) from None
    except OSError as exc:
        raise VideoOpenFailure(f"cannot be read ({exc.strerror})", path=path) from None
    if stat.S_ISDIR(st.st_mode):
        raise VideoOpenFailure("is a directory, not a video file", path=path)
    if not stat.S_ISREG(st.st_mode):
        raise VideoOpenFailure("is not a regular file", path=path)
    if st.st_size == 0:
        raise VideoOpenFailure("is empty (0 bytes)", path=path)
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        raise VideoOpenFailure(f"cannot be read ({exc.strerror})", path=path) from None
    return st.st_size


def _head(path: Path, n: int = 4096) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(n)


def _mp4_has_moov(path: Path) -> bool:
    """Walk the top-level MP4 boxes looking for the 'moov' index a finished recording has."""
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        offset = 0
        while offset + 8 <= size:
            fh.seek(offset)
            header = fh.read(16)
            box_size = int.from_bytes(header[:4], "big")
            kind = header[4:8]
            if kind == b"moov":
                return True
            if box_size == 1 and len(header) >= 16:
                box_size = int.from_bytes(header[8:16], "big")
            elif box_size == 0:
                return False  # box runs to the end of the file
            if box_size < 8:
                return False
            offset += box_size
    return False


def describe_unreadable(path: Path, head: bytes) -> str:
    """Why FFmpeg could not open the file, in a reviewer's words."""
    for signature, what in _SIGNATURES:
        if head.startswith(signature):
            return f"is {what}, not a video"
    if head[4:8] == b"ftyp" and not _mp4_has_moov(path):
        return ("is an unfinished MP4 recording: it has no 'moov' index, so the recording "
                "was cut off before the camera finalised it (truncated)")
    if head and all(32 <= b < 127 or b in b"\t\r\n" for b in head[:512]):
        return "is a text file, not a video"
    return "is not a video FFmpeg can read (unrecognised or damaged data)"


def open_video(path: Path):
    """(container, video stream) for `path`; raises VideoOpenFailure with the reason."""
    import av

    check_file(path)
    head = _head(path)
    try:
        container = av.open(str(path), metadata_errors="ignore")
    except (av.error.FFmpegError, OSError, UnicodeDecodeError, ValueError):
        raise VideoOpenFailure(describe_unreadable(path, head), path=path) from None
    try:
        fmt = container.format.name
        if fmt in _IMAGE_FORMATS or fmt.endswith("_pipe"):
            for signature, what in _SIGNATURES:
                if head.startswith(signature):
                    raise VideoOpenFailure(f"is {what}, not a video", path=path)
            raise VideoOpenFailure(f"is a single image ({fmt}), not a video", path=path)
        streams = [
            s for s in container.streams.video
            if not (s.disposition & av.stream.Disposition.attached_pic)
        ]
        if not streams:
            raise VideoOpenFailure("has no video stream", path=path)
        stream = streams[0]
        width, height = stream.codec_context.width, stream.codec_context.height
        if width <= 0 or height <= 0:
            raise VideoOpenFailure(f"has no picture size ({width}x{height})", path=path)
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
            raise VideoOpenFailure(
                f"claims absurd dimensions {width}x{height} (at most {MAX_SIDE} a side); "
                "the header is damaged", path=path)
        if stream.time_base is None:
            raise VideoOpenFailure("its video stream has no time base", path=path)
    except BaseException:
        container.close()
        raise
    return container, stream
