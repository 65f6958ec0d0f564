"""The figures the learned listener's thresholds were read from: the TUNING set only.

    python benchmarks/tune_listener.py --cache DIR [--snr 10 0]

Runs the listener's network once over each clip of the tuning set (tests/sound/field_sounds.py,
seeds 101-112, never the evaluation set's 9001-9048 nor the development set's 113-172, nor the
training seeds the network learned from), then decodes the probabilities under a grid of thresholds
and prints, for each, the lowest recall and precision of whistles and of horns over the conditions
where they sound, each condition at each of the chosen SNRs on its own (since branch i21-r7: the
issue's targets hold per condition and SNR; pooling the SNRs let a condition's failure at one SNR
be made up by the other), and the count of stray ones (whistles or horns found in
conditions that have none).
`review_app.sound.listener.THRESHOLDS` is the best row's (the highest lowest figure; among equals
the fewest stray ones, then the highest mean of every condition's figures). Whistles' ends do not
enter these figures, so where a whistle's own tone stops (`listener.own_tone_ends`) is not decoded
here.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "sound"))

import bench_sounds
import field_sounds

from review_app.sound import listener
from review_app.sound.detect import Heard

# The whistle's thresholds and the horn's are decoded apart (each kind's figures depend on its own and
# on the shared ones alone), then every combination of the two is ranked: the same rows as one grid.
SHARED = {"start_on": (0.25, 0.35, 0.45), "horn_off": (0.3,)}
WHISTLE = {"held_on": (0.4, 0.5, 0.6), "held_off": (0.3,), "held_on_horn": (0.2, 0.25, 0.35, 0.5),
           "rise_on": (0.3, 0.4, 0.5, 0.6, 1.01)}
HORN = {"horn_on": (0.5, 0.7), "horn_mean": (0.3, 0.5, 0.7), "horn_split": (0.3, 0.4, 0.5, 0.9, 1.01),
        "horn_start_on": (0.0, 0.1, 0.2, 0.3)}


def heard(rec, prob, th, kind) -> list[Heard]:
    """The detector's sounds of `kind` in one clip under thresholds `th` (as `listener.listen` decodes
    them: a whistle started within a blast that never let up and bringing no new tone is that blast's)."""
    step = listener.STEP_S
    found = listener.decode(prob, th)
    if kind == "whistle":
        found = listener._one_blast(found, rec.samples, rec.rate, 0)
    return [Heard(f.kind, rec.start_s + f.start_step * step, rec.start_s + f.end_step * step)
            for f in found if f.kind == kind]


def figures(material, th, kind):
    """(lowest recall, lowest precision, stray count, every condition's recall and precision) of `kind`."""
    tallies: dict = {}
    for clip, rec, prob in material:  # per condition and SNR, as the targets are
        tally = tallies.setdefault((clip.condition, clip.snr_db), bench_sounds.Tally())
        tally.add(clip, heard(rec, prob, th, kind), 0.0)
    with_kind = [t for t in tallies.values() if t.labels[kind]]
    every = [t.recall(kind) for t in with_kind] + [t.precision(kind) for t in with_kind]
    stray = sum(t.found[kind] for t in tallies.values() if not t.labels[kind])
    return (min(t.recall(kind) for t in with_kind), min(t.precision(kind) for t in with_kind), stray, every)


def grid(part: dict):
    return [dict(zip(part, values, strict=True)) for values in itertools.product(*part.values())]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--snr", type=float, nargs="+", default=[10.0, 0.0])
    args = ap.parse_args()
    conditions, seeds = field_sounds.SETS["tuning"]
    material = []
    with tempfile.TemporaryDirectory() as tmp:
        for condition in conditions:
            for seed in seeds:
                for clip, rec in bench_sounds.clips(condition, seed, args.snr, Path(tmp), args.cache):
                    material.append((clip, rec, listener.probabilities(rec.samples, rec.rate)))
            print(f"  {condition} heard", file=sys.stderr, flush=True)
    rows = []
    for shared in grid(SHARED):
        whistles = [(w, figures(material, listener.Thresholds(**shared, **w), "whistle")) for w in grid(WHISTLE)]
        horns = [(h, figures(material, listener.Thresholds(**shared, **h), "horn")) for h in grid(HORN)]
        for (w, fw), (h, fh) in itertools.product(whistles, horns):
            f = [fw[0], fw[1], fh[0], fh[1]]
            every = fw[3] + fh[3]
            rows.append((min(f), -(fw[2] + fh[2]), sum(every) / len(every), f,
                         listener.Thresholds(**shared, **w, **h)))
        print(f"  {shared} done", file=sys.stderr, flush=True)
    # the highest lowest figure; among equals the fewest stray ones, then the highest mean figure
    rows.sort(key=lambda r: (-r[0], -r[1], -r[2]))
    print("lowest | whistle R  P  | horn R    P   | stray | mean  | thresholds (tuning set, SNR " +
          ", ".join(f"{s:g}" for s in args.snr) + " dB)")
    for low, stray, mean, f, th in rows[:15]:
        print(f"{low:5.2f}  | {f[0]:5.2f} {f[1]:5.2f}  | {f[2]:5.2f} {f[3]:5.2f}  | {-stray:5d} | {mean:5.3f} | {th}")


if __name__ == "__main__":
    main()
