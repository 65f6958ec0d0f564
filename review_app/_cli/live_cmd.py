"""`polo-review live MATCH --camera NAME=URL ...`: record camera feeds while the match is on, for the
live Review page; after the game (Ctrl-C, or --duration) the footage is joined and attached to the match.
`polo-review live-verify FOLDER`: every segment's SHA-256 and the chain over them checked again."""

from __future__ import annotations

import sys
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser(
        "live", help="record camera feeds live for review during the match",
        description="Record each camera's feed (UDP MPEG-TS, RTSP, RTMP; no re-encoding) into the match's "
                    "footage folder in 1-second segments with a SHA-256 chain, listen for whistles, and "
                    "reconnect a feed that drops. Open the app's Live page to review while it records. "
                    "Stop with Ctrl-C: the footage is joined and attached to the match.")
    p.add_argument("match", metavar="MATCH", help="the match document (JSON)")
    p.add_argument("--camera", action="append", required=True, metavar="NAME=URL",
                   help="a camera and its feed, e.g. A=udp://0.0.0.0:5000 (again for each camera; the "
                        "first is the footage the tags' frames refer to)")
    p.add_argument("--footage", metavar="DIR",
                   help="folder of match recordings (default: the app's, WORKSPACE/footage)")
    p.add_argument("--duration", type=float, metavar="SECONDS", help="stop after this long (default: Ctrl-C)")
    p.add_argument("--segment", type=float, default=1.0, metavar="SECONDS",
                   help="segment length: at most this much (plus a keyframe interval) is lost in a crash")
    p.add_argument("--no-finish", action="store_true", help="leave the segments as they are when stopped")
    p.set_defaults(func=cmd_live)

    p = sub.add_parser("live-verify", help="check a live recording's per-segment SHA-256 chain",
                       description="Hash every segment of a live recording again and check the chain.")
    p.add_argument("folder", metavar="FOLDER", help="a session folder (footage/live/MATCH) or one feed's folder")
    p.set_defaults(func=cmd_verify)


def cmd_live(args) -> int:
    from review_app.config import folders
    from review_app.errors import PoloReviewError
    from review_app.live.session import LiveSession, finish, parse_camera
    from review_app.model import load_document

    cameras = [parse_camera(c) for c in args.camera]
    if args.segment <= 0 or args.segment > 10:
        raise PoloReviewError(f"--segment {args.segment:g}: give between 0.1 and 10 seconds")
    doc = load_document(args.match)
    footage = Path(args.footage).expanduser().resolve() if args.footage else folders().footage
    session = LiveSession(doc.match_id, Path(args.match).resolve(), footage, cameras, segment_s=args.segment)
    session.start()
    named = ", ".join(f"{n}={u}" for (n, _), u in zip(cameras, session.urls, strict=True))
    print(f"polo-review live: recording {named} into {session.folder} (Ctrl-C to stop)", file=sys.stderr)

    def show(status: list[dict]) -> None:
        parts = [f"{s['feed']}: {'on' if s['connected'] else 'DOWN'} {s['frames']} frames, "
                 f"{s['segments']} segments" for s in status]
        print("\r" + " · ".join(parts) + "   ", end="", file=sys.stderr, flush=True)

    try:
        session.run(args.duration, on_status=show if sys.stderr.isatty() else None)
    except KeyboardInterrupt:
        session.stop.set()
        session.run(0.001)  # joins the recorders, closes their last segments
    print(file=sys.stderr)
    if args.no_finish:
        return 0
    from review_app._cli.stores import save_back

    for f in finish(session.folder, footage, Path(args.match), by=None, save=save_back):
        print(f"{f.camera}: {f.frames} frames in {f.segments} segments, {f.gaps} gaps -> {f.path}")
    return 0


def cmd_verify(args) -> int:
    from review_app.errors import PoloReviewError
    from review_app.live import segments

    folder = Path(args.folder)
    feeds = ([folder] if (folder / segments.LOG).is_file()
             else sorted(p.parent for p in folder.glob(f"*/{segments.LOG}")))
    if not feeds:
        raise PoloReviewError("holds no live recording (no log.jsonl)", path=folder)
    bad = 0
    for feed in feeds:
        checks = segments.verify(feed)
        wrong = [c for c in checks if not c.ok]
        bad += len(wrong)
        print(f"{feed.name}: {len(checks) - len(wrong)} of {len(checks)} segments verify")
        for c in wrong:
            print(f"  {c.file}: {c.problem}")
    return 1 if bad else 0
