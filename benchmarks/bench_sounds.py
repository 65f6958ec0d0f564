"""Whistle and horn detection benchmark, on match sound the detector was not tuned on.

    python benchmarks/bench_sounds.py [--sets tuning evaluation] [--snr 10 0 -6] [--conditions ...] [--seeds ...]
        [--groups] [--cache DIR] [--weights FILE]
    python benchmarks/bench_sounds.py --b-set DIR [--sweep FIELD] [--weights FILE]
    python benchmarks/bench_sounds.py --speed 120 [--repeats 3]

Issue 36: `--weights` measures networks trained on one generator alone (train_listener.py --from a|b
--out FILE) instead of the shipped ones; `--b-set` measures on the second generator's made set
(benchmarks/field_b, written apart from the detector; `field_b_sets.py` reads it), `--sweep` by one
of its spec's parameters; `--speed` times the decoding alone and the listening of a match's sound
that long (minutes), against real time and each other. Networks made by issue 36's
train_listener.py learn from the first generator's tuning seeds 101-104 (issue 21's learned from its
seeds 201-260): for them this generator's TUNING figures are trained-on figures; its EVALUATION seeds
stay unseen by both.

The material is made by tests/sound/field_sounds.py, a generator written from a description of a
polo ground (issue 21), not from the detector: the ground's noise (wind, crowd, hoofbeats, shouts)
with umpires' whistles (pea and pealess; pips, short, long and end-of-period blasts; double and
triple blasts 0.1-0.5 s apart) and horns at known times, under one condition each: birds, people
whistling, the PA, horses neighing, wind gusts that clip, a phone's gain control, low-bitrate AAC
and Opus, distance, two umpires overlapping, long blasts and pips, repeated blasts, a whistle under
a horn. Each clip (24 s, 25 or 30 fps) is encoded through PyAV as a phone or camera would, decoded
by review_app.sound and run through the detector.

Two sets, kept apart. TUNING (seeds 101-112, every condition but opus_low) is the only material
any of the detector's thresholds was read from (benchmarks/tune_listener.py). EVALUATION (seeds
9001-9048, every condition, opus_low among them) is never tuned on: its figures are the detector's.
The learned listener's network was trained on neither: on the tuning conditions with seeds 201-220
(field_sounds.TRAINING_SEEDS), the PA with 221-240 as well, birds, the PA and a whistle under a horn
with 241-260, and the app's own sample sound (benchmarks/train_listener.py). Neighs were
evaluation-only until branch i21-r5; they became development material after their evaluation
figures had been seen, so theirs is now a trained-on condition's figure. Seeds 9004-9006 were added
then, 9007-9012 in branch i21-r6, 9013-9018 in branch i21-r7, 9019-9048 in branch i21-r8, each
after the seeds before had been seen (field_sounds.SEEN_EVALUATION_SEEDS, now 9001-9018): nobody
looked at 9019-9048's figures before the detector was final. `--groups` prints the seen and the
fresh seeds' figures beside the whole set's, `--seeds` any seeds alone. A third set, DEVELOPMENT, is
where the evaluation set's failures were looked for and found, each condition with its own seeds
(field_sounds.DEVELOPMENT): 113-136 of the PA and two umpires (branch i21-r7), 137-172 of the neighs
and a whistle under a horn (branch i21-r8); no threshold was read from it (`--sets development`).

A detection is a true one if it is of a label's kind and starts within MATCH_S of the label's start
(one to one, nearest first). Per condition and SNR, for each set: recall and precision of whistles
and of horns, the median and 90th-percentile onset error in frames (of the clip's own frame rate),
the longest whistle detection against the longest true whistle, how many detections span two
true whistles (contain the starts of two that follow one another), and how many run on past the end
of the whistle they match into another one (the first umpire's blast running on over the second's).
Then whether the targets hold on the evaluation set at SNR >= 0 dB: recall and precision >= 0.95
for whistles and horns, median onset error <= 1 frame, no detection spanning two whistles.
Seeded: the same figures every run. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "sound"))

import field_b_sets
import field_sounds

from review_app.footage.writer import write_audio_file
from review_app.sound import Recording, decode_sound, find_sounds, listener

# A detection starting this close to a label's start is that label: under the shortest cycle of
# repeated blasts (a 0.08 s pip and a 0.1 s gap), so the next blast is never taken for this one.
MATCH_S = {"whistle": 0.15, "horn": 0.3}
TARGET_RECALL = TARGET_PRECISION = 0.95
TARGET_ONSET_FRAMES = 1.0
KINDS = ("whistle", "horn")


def match(truth, heard, kind):
    """(true positives, labels, detections, onset errors in s) of one kind: nearest first, one to one."""
    labels = [t for t in truth if t.kind == kind]
    found = [h for h in heard if h.kind == kind]
    pairs = sorted((abs(h.start_s - t.start_s), i, j) for i, t in enumerate(labels) for j, h in enumerate(found)
                   if abs(h.start_s - t.start_s) <= MATCH_S[kind])
    used_l, used_h, errors = set(), set(), []
    for d, i, j in pairs:
        if i not in used_l and j not in used_h:
            used_l.add(i)
            used_h.add(j)
            errors.append(d)
    return len(used_l), len(labels), len(found), errors


def runs_on(truth, heard) -> int:
    """Whistle detections that match a true whistle (start within MATCH_S of its start, the nearest)
    but run on more than MATCH_S past its end into another true whistle still sounding then: a blast
    ended by the other umpire's (two umpires overlapping), not by its own."""
    count = 0
    whistles = [t for t in truth if t.kind == "whistle"]
    for h in heard:
        near = [t for t in whistles if h.kind == "whistle" and abs(h.start_s - t.start_s) <= MATCH_S["whistle"]]
        if not near:
            continue
        own = min(near, key=lambda t: abs(h.start_s - t.start_s))
        if h.end_s > own.end_s + MATCH_S["whistle"]:
            count += any(t is not own and t.start_s < own.end_s + MATCH_S["whistle"] and t.end_s >= h.end_s
                         - MATCH_S["whistle"] for t in whistles)
    return count


def spans_two(truth, heard) -> int:
    """Whistle detections containing the starts of two true whistles that follow one another (the
    second starting after the first ends): one detection made of two blasts."""
    count = 0
    whistles = [t for t in truth if t.kind == "whistle"]
    for h in heard:
        if h.kind != "whistle":
            continue
        inside = [t for t in whistles if h.start_s - MATCH_S["whistle"] <= t.start_s < h.end_s - 0.02]
        count += any(b.start_s >= a.end_s for a in inside for b in inside)
    return count


class Tally:
    def __init__(self):
        self.tp = defaultdict(int)
        self.labels = defaultdict(int)
        self.found = defaultdict(int)
        self.frames = []  # onset errors in frames, whistles and horns
        self.longest = defaultdict(float)
        self.longest_true = defaultdict(float)
        self.spans = 0
        self.runs_on = 0
        self.clips = 0
        self.seconds = 0.0

    def add(self, clip, heard, took):
        for kind in KINDS:
            tp, n, f, errors = match(clip.truth, heard, kind)
            self.tp[kind] += tp
            self.labels[kind] += n
            self.found[kind] += f
            self.frames += [e * clip.fps for e in errors]
            self.longest[kind] = max([self.longest[kind]] + [h.end_s - h.start_s for h in heard if h.kind == kind])
            self.longest_true[kind] = max([self.longest_true[kind]] +
                                          [t.end_s - t.start_s for t in clip.truth if t.kind == kind])
        self.spans += spans_two(clip.truth, heard)
        self.runs_on += runs_on(clip.truth, heard)
        self.clips += 1
        self.seconds += took

    def recall(self, kind):
        return self.tp[kind] / self.labels[kind] if self.labels[kind] else float("nan")

    def precision(self, kind):
        return self.tp[kind] / self.found[kind] if self.found[kind] else (1.0 if not self.labels[kind] else 0.0)

    def median(self):
        return statistics.median(self.frames) if self.frames else float("nan")

    def p90(self):
        return float(np.percentile(self.frames, 90)) if self.frames else float("nan")

    def holds(self):
        return (all(self.recall(k) >= TARGET_RECALL and self.precision(k) >= TARGET_PRECISION
                    for k in KINDS if self.labels[k])
                and self.median() <= TARGET_ONSET_FRAMES and self.spans == 0)


def decoded(clip, workdir: Path) -> Recording:
    """`clip` as the detector hears it: encoded as its codec says, then decoded by review_app.sound."""
    suffix, _, bitrate = field_sounds.CODECS[clip.codec]
    path = write_audio_file(workdir / f"{clip.name}{suffix}", clip.samples, clip.rate,
                            clip.codec.removesuffix("_low"), bitrate)
    try:
        return decode_sound(path)
    finally:
        path.unlink()


def clips(condition, seed, snrs, workdir: Path, cache: Path | None):
    """(clip without its samples, decoded recording) of each SNR; with `cache`, made once and kept
    there (the material depends on the generator and the codecs alone, not on the detector)."""
    if cache is None:
        for clip in field_sounds.make_clips(condition, seed, snrs):
            yield clip, decoded(clip, workdir)
        return
    cache.mkdir(parents=True, exist_ok=True)
    where = {snr: cache / f"{condition}-{seed}-{snr:g}.pickle" for snr in snrs}
    missing = [snr for snr in snrs if not where[snr].exists()]
    if missing:
        for clip in field_sounds.make_clips(condition, seed, missing):
            rec = decoded(clip, workdir)
            clip.samples = np.zeros(0)
            where[clip.snr_db].write_bytes(pickle.dumps((clip, rec)))
    for snr in snrs:
        yield pickle.loads(where[snr].read_bytes())


def listen(rec: Recording, weights: dict | None = None):
    """The detector's sounds in a decoded clip, and the seconds it took; `weights`: other networks
    than the shipped ones (`listener.load_weights`)."""
    started = time.perf_counter()
    heard = find_sounds(rec, weights=weights)
    return heard, time.perf_counter() - started


def run(sets, conditions, snrs, workdir: Path, verbose: bool, cache: Path | None = None, only_seeds=None,
        groups: bool = False, weights: dict | None = None) -> dict:
    """Tallies by (set, condition, SNR); with `groups`, the evaluation set's also by its seeds seen while
    the detector was made ("eval-seen") and its fresh ones ("eval-fresh")."""
    tallies: dict = {}
    for name in sets:
        set_conditions, _ = field_sounds.SETS[name]
        for condition in (c for c in conditions if c in set_conditions):
            seeds = field_sounds.set_seeds(name, condition)
            for seed in (s for s in seeds if only_seeds is None or s in only_seeds):
                for clip, rec in clips(condition, seed, snrs, workdir, cache):
                    heard, took = listen(rec, weights)
                    tallies.setdefault((name, condition, clip.snr_db), Tally()).add(clip, heard, took)
                    if groups and name == "evaluation":
                        group = "eval-seen" if seed in field_sounds.SEEN_EVALUATION_SEEDS else "eval-fresh"
                        tallies.setdefault((group, condition, clip.snr_db), Tally()).add(clip, heard, took)
                    if verbose:
                        _explain(clip, heard)
            print(f"  {name} {condition} done", file=sys.stderr, flush=True)
    return tallies


def run_b(where: Path, weights: dict | None, verbose: bool, sweep: str | None = None) -> dict:
    """Tallies of the second generator's made set under `where` by ("B", condition, SNR); with `sweep`
    (a spec field, e.g. h2_db), by ("B", sweep, the clip's value of it) instead."""
    tallies: dict = {}
    for item in field_b_sets.items(where):
        heard, took = listen(field_b_sets.recording(item), weights)
        key = ("B", item.condition, item.snr_db) if sweep is None else ("B", sweep, _value(item.spec.get(sweep)))
        tallies.setdefault(key, Tally()).add(item, heard, took)
        if verbose:
            _explain(item, heard)
    return tallies


def _value(v):
    return -999.0 if v in (None, "absent") else float(v) if isinstance(v, int | float) else v


def report_b(tallies: dict, sweep: str | None) -> bool:
    """The second generator's table; whether the targets hold at SNR >= 0 dB in every condition."""
    head = "wR   wP   hR   hP   med   p90   long/true  span2 runon"
    first = "condition" if sweep is None else sweep
    print(f"\n{first:<17} {'SNR' if sweep is None else 'value':>6} | {'clips':>5} {head}")
    for (_, a, b), t in sorted(tallies.items(), key=lambda kv: (str(kv[0][1]), kv[0][2])):
        shown = "absent" if b == -999.0 else f"{b:g}"
        print(f"{a:<17} {shown:>6} | {t.clips:5d} {_cells(t)}")
    if sweep is not None:
        return True
    failing = [(c, s) for (_, c, s), t in tallies.items() if s >= 0 and not t.holds()]
    print("targets NOT met at SNR >= 0 dB in: " + ", ".join(f"{c} {s:g} dB" for c, s in sorted(failing))
          if failing else "targets met in every condition at SNR >= 0 dB")
    return not failing


def _explain(clip, heard):
    # (a first-generator clip names its codec; a second-generator item, its file)
    print(f"--- {clip.name} ({getattr(clip, 'codec', None) or clip.path.suffix}, {clip.fps} fps)")
    for kind in KINDS:
        truth = [t for t in clip.truth if t.kind == kind]
        found = [h for h in heard if h.kind == kind]
        print(f"  true {kind}s:", " ".join(f"{t.start_s:.2f}-{t.end_s:.2f}" for t in truth))
        print(f"  heard {kind}s:", " ".join(f"{h.start_s:.2f}-{h.end_s:.2f}" for h in found))


def _cells(t: Tally | None) -> str:
    if t is None:
        return f"{'(not in this set)':^58}"
    def pct(x):
        return "   -" if x != x else f"{x:4.2f}"
    return (f"{pct(t.recall('whistle'))} {pct(t.precision('whistle'))} {pct(t.recall('horn'))} "
            f"{pct(t.precision('horn'))} {t.median():5.2f} {t.p90():5.2f} {t.longest['whistle']:5.2f}/"
            f"{t.longest_true['whistle']:4.2f} {t.spans:5d} {t.runs_on:5d}")


def report(tallies: dict, sets, conditions, snrs) -> bool:
    head = "wR   wP   hR   hP   med   p90   long/true  span2 runon"
    print()
    print(f"{'condition':<15} {'SNR':>4} | " + " | ".join(f"{name.upper() + ':':<11}{head}" for name in sets))
    for condition in conditions:
        for snr in snrs:
            cells = [_cells(tallies.get((name, condition, snr))) for name in sets]
            print(f"{condition:<15} {snr:4g} | " + " | ".join(f"{'':<11}{c}" for c in cells))
    print("\nwR/wP, hR/hP: recall/precision of whistles, horns; med/p90: onset error (frames); long/true: "
          "longest whistle detected / longest true (s); span2: detections spanning two true whistles; runon: "
          "detections running on past their whistle's end into another whistle (an overlapping umpire's)")
    for name in sets:
        rows = [v for (s, _, _), v in tallies.items() if s == name]
        print(f"{name}: {sum(t.clips for t in rows)} clips, {sum(t.labels['whistle'] for t in rows)} whistles, "
              f"{sum(t.labels['horn'] for t in rows)} horns; detector {sum(t.seconds for t in rows):.1f} s "
              f"(detect)")
    if "evaluation" not in sets:
        return True
    target = (f"recall and precision >= {TARGET_RECALL:.2f} (whistles and horns), median onset error <= "
              f"{TARGET_ONSET_FRAMES:g} frame, no detection spanning two whistles")
    met = True
    for which in [name for name in ("evaluation", "eval-seen", "eval-fresh") if name in sets]:
        failing = [(c, s) for (name, c, s), t in tallies.items() if name == which and s >= 0 and not t.holds()]
        label = {"evaluation": "the evaluation set", "eval-seen": "its seeds seen while the detector was made",
                 "eval-fresh": "its fresh seeds"}[which]
        if failing:
            print(f"targets ({target}) NOT met on {label} at SNR >= 0 dB in: "
                  + ", ".join(f"{c} {s:g} dB" for c, s in sorted(failing)))
        else:
            print(f"targets ({target}) met on {label} in every condition at SNR >= 0 dB")
        met = met and not failing
    return met


SPEED_BLOCK_CONDITIONS = ("ground", "birds", "crowd_whistles", "pa", "neighs", "wind_clipping", "phone_agc",
                          "distance", "two_umpires", "multi_blast")
TARGET_SPEED = 120.0  # times real time, for a 2-hour match's sound (issue 36)


def long_track(minutes: float, workdir: Path) -> Path:
    """A match's sound `minutes` long as a camera writes it (AAC, 44.1 kHz): ten of the first
    generator's clips (one per condition, 0 dB, 4 minutes), encoded once, then repeated by ffmpeg's
    stream copy (no re-encoding) to the length asked."""
    import subprocess

    block = np.concatenate([_at_rate(field_sounds.make_clip(c, 1, 0.0), 44100) for c in SPEED_BLOCK_CONDITIONS])
    first = write_audio_file(workdir / "block.m4a", block, 44100, "aac", 128000)
    times = max(1, int(np.ceil(minutes * 60 / (len(block) / 44100))))
    out = workdir / "match.m4a"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", str(times - 1), "-i", str(first), "-t",
                    f"{minutes * 60:.3f}", "-c", "copy", str(out)], check=True)
    return out


def _at_rate(clip, rate: int) -> np.ndarray:
    from scipy.signal import resample_poly

    return clip.samples if clip.rate == rate else resample_poly(clip.samples, rate, clip.rate).astype(np.float32)


def speed(minutes: float, repeats: int, workdir: Path, weights: dict | None = None) -> bool:
    """Times (medians of `repeats`) the decoding alone (PyAV, review_app.sound.decode_sound) and the
    listening of a `minutes`-long match's sound; prints both against real time and each other."""
    path = long_track(minutes, workdir)
    decode_s, listen_s = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        rec = decode_sound(path)
        decode_s.append(time.perf_counter() - started)
        started = time.perf_counter()
        heard = find_sounds(rec, weights=weights)
        listen_s.append(time.perf_counter() - started)
        del rec
    seconds = minutes * 60
    d, h = statistics.median(decode_s), statistics.median(listen_s)
    print(f"{minutes:g} min of AAC sound ({len(heard)} sounds heard), medians of {repeats}: decoding alone "
          f"{d:.1f} s ({seconds / d:.0f}x real time); listening {h:.1f} s ({seconds / h:.0f}x); decoding and "
          f"listening {d + h:.1f} s = {seconds / (d + h):.0f}x real time (target {TARGET_SPEED:g}x); the listening "
          f"is {h / d:.2f}x the decoding's time")
    return seconds / (d + h) >= TARGET_SPEED


def _trained_on(weights: dict) -> str:
    return " and ".join(str(v) for v in weights.get("trained_on", [])) or "(not recorded)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", nargs="+", choices=sorted(field_sounds.SETS), default=["tuning", "evaluation"])
    ap.add_argument("--snr", type=float, nargs="+", default=list(field_sounds.SNRS_DB))
    ap.add_argument("--conditions", nargs="+", choices=field_sounds.CONDITIONS, default=list(field_sounds.CONDITIONS))
    ap.add_argument("--seeds", type=int, nargs="+", help="only these seeds of each set (default: all of them)")
    ap.add_argument("--groups", action="store_true",
                    help="also the evaluation set's seeds seen while the detector was made "
                    "(field_sounds.SEEN_EVALUATION_SEEDS) and its fresh ones, each on its own")
    ap.add_argument("--verbose", action="store_true", help="print each clip's true and detected sounds")
    ap.add_argument("--cache", type=Path, help="keep the encoded-and-decoded material here and reuse it "
                    "(it does not depend on the detector)")
    ap.add_argument("--b-set", type=Path, help="measure on the second generator's made set in this folder "
                    "(python -m benchmarks.field_b make|sweep ... --out DIR) instead of the first generator's")
    ap.add_argument("--sweep", help="with --b-set: a sweep's spec field (h2_db, fm_depth, f0_hz, snr_db, ...): "
                    "the figures by its value")
    ap.add_argument("--weights", type=Path, help="other networks than the shipped ones (train_listener.py --out)")
    ap.add_argument("--speed", type=float, metavar="MINUTES",
                    help="only time the decoding and the listening of a match's sound this long (120: two hours)")
    ap.add_argument("--repeats", type=int, default=3, help="runs of --speed, their median given")
    args = ap.parse_args()
    weights = listener.load_weights(args.weights) if args.weights else None
    if args.weights:
        print(f"networks {args.weights}, trained on {_trained_on(weights)}")
    if args.speed:
        with tempfile.TemporaryDirectory() as tmp:
            speed(args.speed, args.repeats, Path(tmp), weights)
        return
    if args.b_set:
        report_b(run_b(args.b_set, weights, args.verbose, args.sweep), args.sweep)
        return
    with tempfile.TemporaryDirectory() as tmp:
        tallies = run(args.sets, args.conditions, args.snr, Path(tmp), args.verbose, args.cache, args.seeds,
                      args.groups, weights)
    shown = list(args.sets)
    if args.groups and "evaluation" in shown:
        at = shown.index("evaluation") + 1
        shown = [*shown[:at], "eval-seen", "eval-fresh", *shown[at:]]
    report(tallies, shown, args.conditions, args.snr)


if __name__ == "__main__":
    main()
