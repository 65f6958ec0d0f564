"""`polo-review probe | frame | clip`: the footage layer from the command line."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

IMAGE_EXTENSIONS = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


def register(subparsers) -> None:
    p = subparsers.add_parser("probe", help="describe a video: size, frames, rate, duration, hash")
    p.add_argument("video", help="video file")
    p.add_argument("--json", action="store_true", help="print the description as JSON")
    p.set_defaults(func=cmd_probe)

    p = subparsers.add_parser("frame", help="save one exact frame as an image")
    p.add_argument("video", help="video file")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--index", type=int, metavar="N", help="frame number, 0-based, presentation order")
    where.add_argument("--at", type=float, metavar="SECONDS", help="the frame on screen at this time (0 = first frame)")
    p.add_argument("--out", required=True, metavar="FILE.png", help="image to write (.png, .jpg, ...)")
    p.set_defaults(func=cmd_frame)

    p = subparsers.add_parser("clip", help="export a browser-playable clip (H.264 .mp4 or VP9 .webm)")
    p.add_argument("video", help="video file")
    p.add_argument("--start", type=float, required=True, metavar="S", help="start, seconds from the first frame")
    p.add_argument("--end", type=float, required=True, metavar="E", help="end, seconds from the first frame")
    p.add_argument("--out", required=True, metavar="FILE", help="clip to write: .mp4 or .webm")
    p.add_argument("--overlay", action="store_true", help="burn in the source time and frame number")
    p.add_argument("--caption", metavar="TEXT", help="burn in a caption (implies the overlay)")
    p.add_argument("--crf", type=int, help="quality, lower is better (default 20 for .mp4, 32 for .webm)")
    p.set_defaults(func=cmd_clip)


def _progress(label: str):
    """A one-line progress display on a terminal; silent when stderr is a file or pipe."""
    if not sys.stderr.isatty():
        return None
    names = {"index": "indexing and hashing", "export": "exporting", "filmstrip": "thumbnails"}

    def show(stage: str, fraction: float) -> None:
        end = "\n" if fraction >= 1 else ""
        print(f"\r{names.get(stage, stage)} {label}: {fraction:4.0%}", end=end, file=sys.stderr, flush=True)

    return show


def cmd_probe(args) -> int:
    from review_app.footage import Footage

    with Footage(args.video, progress=_progress(args.video)) as video:
        info = video.info
    if args.json:
        print(json.dumps(info.to_dict(), indent=2))
    else:
        rate = "variable" if info.variable_frame_rate else "constant"
        rows = [
            ("file", info.path),
            ("container", info.container),
            ("codec", info.codec),
            ("size", f"{info.width}x{info.height} as displayed"
                     + (f" (stored {info.coded_width}x{info.coded_height}, rotated {info.rotation}°)"
                        if info.rotation else "")),
            ("frames", str(info.frame_count)),
            ("fps", f"{info.fps:.3f} average, {rate} rate"),
            ("duration", f"{info.duration_s:.3f} s"),
            ("start offset", f"{info.start_offset_s:.3f} s"),
            ("keyframes", str(info.keyframe_count)),
            ("file size", f"{info.file_size} bytes"),
            ("sha256", info.sha256),
        ]
        for name, value in rows:
            print(f"{name:<13}{value}")
    if info.truncated:
        claimed = f"the header lists {info.header_frame_count}" if info.header_frame_count else "its data stops early"
        print(f"polo-review: warning: {args.video}: truncated recording: {info.frame_count} frames present, "
              f"{claimed}", file=sys.stderr)
    return 0


def cmd_frame(args) -> int:
    import cv2

    from review_app.footage import Footage, FootageError
    from review_app.ground.files import atomic_write_bytes

    out = Path(args.out)
    if out.suffix.lower() not in IMAGE_EXTENSIONS:
        raise FootageError(f"output must be an image ({', '.join(sorted(IMAGE_EXTENSIONS))})", path=out)
    with Footage(args.video, progress=_progress(args.video)) as video:
        frame = video.frame(args.index) if args.index is not None else video.frame_at(args.at)
    ok, data = cv2.imencode(out.suffix.lower(), frame.image)
    if not ok:
        raise FootageError("could not encode the image", path=out)
    atomic_write_bytes(out, data.tobytes())
    # the first whole millisecond inside the frame: typed back to --at, it gives this frame again
    shown = math.ceil(frame.time_s * 1000 - 1e-6) / 1000
    print(f"frame {frame.index} at {shown:.3f} s -> {out}")
    return 0


def cmd_clip(args) -> int:
    from review_app.footage import export_clip

    clip = export_clip(
        args.video, args.out, args.start, args.end,
        overlay=args.overlay, caption=args.caption, crf=args.crf, progress=_progress(args.out),
    )
    print(f"frames {clip.first_frame}..{clip.last_frame} ({clip.frame_count} frames, "
          f"{clip.duration_s:.3f} s) -> {clip.path}")
    return 0
