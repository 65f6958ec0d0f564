"""`polo-review samples [--out DIR] [--annotations DIR] [--only NAME...] [--list]`."""

from __future__ import annotations

import sys


def register(sub) -> None:
    p = sub.add_parser(
        "samples", help="regenerate the Rule 21 sample clips (and their match documents)",
        description="Render the USPA Rule 21 sample scenarios as H.264 MP4 clips, deterministically "
                    "(byte-identical on rerun with the same library versions), and optionally write each "
                    "clip's expert-annotated match document.")
    p.add_argument("--out", metavar="DIR", default="sample_clips", help="folder for the clips (default: %(default)s)")
    p.add_argument("--annotations", metavar="DIR",
                   help="also write annotations/sample-<scenario>.json match documents into DIR")
    p.add_argument("--only", metavar="NAME", nargs="+", help="just these scenarios")
    p.add_argument("--list", action="store_true", help="list the scenarios and exit")
    p.set_defaults(func=run)


def run(args) -> int:
    from review_app.samples.scenarios import BUILDERS, build

    if args.list:
        for name in BUILDERS:
            sc = build(name)
            print(f"{name:26s} Rule {sc.rule:14s} {sc.title}")
        return 0

    from review_app.samples.generate import generate

    def report(item) -> None:
        c = item.clip
        rate = "vfr" if c.variable_frame_rate else f"{c.fps:g} fps"
        line = (f"{c.path}  {c.frame_count} frames ({rate}), {c.path.stat().st_size / 1e6:.2f} MB, "
                f"sha256 {c.sha256[:12]}")
        if item.document:
            line += f"  -> {item.document}"
        print(line, flush=True)

    done = generate(args.out, args.annotations, args.only, progress=report)
    total = sum(g.clip.path.stat().st_size for g in done)
    print(f"{len(done)} clips, {total / 1e6:.2f} MB", file=sys.stderr)
    return 0
