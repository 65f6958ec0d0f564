"""python -m benchmarks.field_b make|sweep ... : the second generator's sets, sweeps and live feeds.

    python -m benchmarks.field_b make --set tune|eval --out DIR [--conditions a,b] [--snrs -6,0,6,10,20]
                                      [--per-cell N] [--jobs N]
    python -m benchmarks.field_b sweep --param NAME --out DIR [--set eval|tune] [--per-value N] [--snr DB]
    python -m benchmarks.field_b live --out DIR [--minutes 3] [--whistles 8] [--snr-a 6] [--snr-b 2]
                                      [--delay-b 0.55] [--seed 69001]
    python -m benchmarks.field_b send --feed DIR/camera_A.mp4:5001 --feed DIR/camera_B.mp4:5002
    python -m benchmarks.field_b clip --out DIR/NAME --seed N [--duration 30] [--condition field] [--snr 10]
                                      [--param NAME=VALUE ...]   (any ClipSpec field; "absent" for a harmonic)
    python -m benchmarks.field_b list
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from . import live, sets
from .encode import EncodeError, write_clip
from .render import render
from .sources import ABSENT
from .spec import CONDITIONS, ClipSpec


def _floats(text: str) -> list[float]:
    try:
        return [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None


def _conditions(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in names if name not in CONDITIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown condition(s) {', '.join(unknown)}; known: {', '.join(CONDITIONS)}")
    return names


def _feed(text: str) -> tuple[Path, int]:
    path, _, port = text.rpartition(":")
    if not path or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"not FILE:PORT: {text!r}")
    return Path(path), int(port)


def _param(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    fields = {f.name: f for f in dataclasses.fields(ClipSpec)}
    if name not in fields or name in ("seed", "duration_s", "condition", "snr_db"):
        raise argparse.ArgumentTypeError(f"not a ClipSpec parameter: {name!r}")
    if value == "absent":
        return name, ABSENT
    kind = str(fields[name].type).split("|")[0].strip()  # the annotation: "float | None", "str | None"...
    try:
        if kind == "bool":
            if value not in ("true", "false"):
                raise ValueError(value)
            return name, value == "true"
        return name, {"int": int, "float": float}.get(kind, str)(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} takes a {kind}, not {value!r}") from None


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m benchmarks.field_b", description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    verbs = top.add_subparsers(dest="verb", required=True)
    make = verbs.add_parser("make", help="a tuning or evaluation set: every condition at every SNR")
    make.add_argument("--set", dest="which", choices=sorted(sets.SEED_RANGES), required=True)
    make.add_argument("--out", type=Path, required=True, help="folder; the set goes in OUT/tune or OUT/eval")
    make.add_argument("--conditions", type=_conditions, default=sets.ALL_CONDITIONS)
    make.add_argument("--snrs", type=_floats, default=sets.DEFAULT_SNRS, help="dB, comma-separated")
    make.add_argument("--per-cell", type=int, default=1, help="clips per condition and SNR")
    make.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared: default 1)")
    sweep = verbs.add_parser("sweep", help="one parameter over its whole range, others typical")
    sweep.add_argument("--param", choices=sorted(sets.SWEEPS), required=True)
    sweep.add_argument("--out", type=Path, required=True)
    sweep.add_argument("--set", dest="which", choices=sorted(sets.SEED_RANGES), default="eval")
    sweep.add_argument("--per-value", type=int, default=6)
    sweep.add_argument("--snr", type=float, default=10.0, help="dB (the snr sweep sets its own)")
    sweep.add_argument("--jobs", type=int, default=1)
    live_verb = verbs.add_parser("live", help="two 720p cameras of one match (25 and 29.97 fps) with truth")
    live_verb.add_argument("--out", type=Path, required=True)
    live_verb.add_argument("--minutes", type=float, default=3.0)
    live_verb.add_argument("--whistles", type=int, default=8)
    live_verb.add_argument("--snr-a", type=float, default=6.0, help="dB, camera A")
    live_verb.add_argument("--snr-b", type=float, default=2.0, help="dB, camera B")
    live_verb.add_argument("--delay-b", type=float, default=0.55, help="s, B's sound after A's (extra travel)")
    live_verb.add_argument("--seed", type=int, default=69001, help="69001-69499 evaluation, 59001-59499 tuning")
    send_verb = verbs.add_parser("send", help="play files in real time as MPEG-TS over loopback UDP, all at once")
    send_verb.add_argument("--feed", type=_feed, action="append", required=True, metavar="FILE:PORT")
    send_verb.add_argument("--host", default="127.0.0.1", help="a loopback address")
    clip = verbs.add_parser("clip", help="one clip of any spec, its truth beside it")
    clip.add_argument("--out", type=Path, required=True, help="DIR/NAME: the extension follows the container")
    clip.add_argument("--seed", type=int, required=True)
    clip.add_argument("--duration", type=float, default=30.0)
    clip.add_argument("--condition", choices=list(CONDITIONS), default="field")
    clip.add_argument("--snr", type=float, default=10.0)
    clip.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE")
    verbs.add_parser("list", help="the conditions and sweeps")
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.verb == "make":
            index = sets.make_set(args.which, args.out, args.conditions, args.snrs, args.per_cell, args.jobs)
        elif args.verb == "sweep":
            index = sets.make_sweep(args.which, args.param, args.out, args.per_value, args.snr, args.jobs)
        elif args.verb == "clip":
            spec = ClipSpec(seed=args.seed, duration_s=args.duration, condition=args.condition, snr_db=args.snr,
                            **dict(args.param))
            index = write_clip(*render(spec), args.out.parent, args.out.name)
        elif args.verb == "live":
            plan = live.LivePlan(seed=args.seed, minutes=args.minutes, whistles=args.whistles,
                                 snr_a_db=args.snr_a, snr_b_db=args.snr_b, delay_b_s=args.delay_b)
            index = live.make_live(args.out, plan)
        elif args.verb == "send":
            return live.send_all(args.feed, args.host)
        else:
            print("conditions: " + ", ".join(CONDITIONS))
            print("sweeps: " + ", ".join(f"{name} ({s.field})" for name, s in sets.SWEEPS.items()))
            return 0
    except (EncodeError, OSError, ValueError) as error:
        print(f"field_b: {error}", file=sys.stderr)
        return 1
    print(index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
