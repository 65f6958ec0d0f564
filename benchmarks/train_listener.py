"""Train the learned listener (`review_app.sound.listener`) and write its weights into the package.

    python benchmarks/train_listener.py --from a b --cache DIR [--b-set DIR] [--out FILE]

The material is generated, never downloaded (issues 21 and 36), and is each generator's TUNING
material only, never its evaluation material:

- `a`: the first field generator, tests/sound/field_sounds.py, its tuning set (seeds 101-112, every
  tuning condition, at +10, 0 and -6 dB), encoded and decoded as a phone or camera would
  (`bench_sounds.clips`, kept in DIR);
- `b`: the second field generator, benchmarks/field_b (written apart, from docs/sound.md alone), its
  tuning set as made by `python -m benchmarks.field_b make --set tune --out DIR` (`--b-set DIR`);
- always the app's own sample sound (`review_app.samples`: the live simulator's camera whistles and
  horns), FIRST_MIXES mixes;
- and every clip once more augmented (`augment_sounds.augmented`): whistles and horns drawn over the
  whole described space laid where nothing sounds, and a random low-pass half the time; with
  `--overlaps`, a third time (`augment_sounds.overlaid`): two umpires' whistles overlapping (the second
  0.01-0.4 s after the first, at another pitch or inside the first's warble) and electronic whistles
  stepping through two or three tones.

Each 10 ms step is labelled: within a whistle, at a whistle's start (within ONSET_S), within a horn,
at a horn's start. Small multilayer perceptrons (scikit-learn, from different starting weights)
learn the four from the step's features in context (`review_app.sound.features`); their weights and
the standardisation are written as one .npz the package loads with numpy alone. Seeded. `--from a`
or `--from b` alone makes the models the cross-generator evaluation uses (tuned on one generator,
measured on the other's evaluation set: bench_sounds.py --cross).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "sound"))

import augment_sounds
import bench_sounds
import field_b_sets
import field_sounds

from review_app.samples import sound as first
from review_app.samples.sound_sets import noise_bed
from review_app.sound import features
from review_app.sound.audio import ANALYSIS_RATE
from review_app.sound.listener import LABELS, ONSET_S

FIRST_MIXES = 20  # mixes of the app's sample sound, 24 s each
KEEP_NEAR_S = 0.3  # steps this near a sound are all kept; others are sampled
KEEP_OTHER = 0.08
KEEP_NEAR = 0.35  # ... and of those near, this share (the material stays some 0.2 million steps: minutes)
HIDDEN = (64, 32)
MODELS = 2


def labels_of(truth, steps: int, start_s: float) -> np.ndarray:
    """(steps x LABELS) of 0/1: in a whistle, at a whistle's start, in a horn, at a horn's start."""
    t = start_s + np.arange(steps) * features.HOP / ANALYSIS_RATE
    y = np.zeros((steps, len(LABELS)), np.uint8)
    for kind, a, b in truth:
        col = 0 if kind == "whistle" else 2
        y[(t >= a) & (t < b), col] = 1
        y[np.abs(t - a) <= ONSET_S[kind], col + 1] = 1
    return y


def sampled(x: np.ndarray, y: np.ndarray, rng, keep_other: float = KEEP_OTHER) -> tuple[np.ndarray, np.ndarray]:
    """Most steps near a sound, a share (`keep_other`) of the rest: the listener sees enough of both."""
    near = np.convolve(y.any(axis=1).astype(float), np.ones(2 * int(KEEP_NEAR_S * 100) + 1), "same") > 0
    draw = rng.random(len(y))
    keep = (near & (draw < KEEP_NEAR)) | (draw < keep_other) | (y[:, 1] | y[:, 3]).astype(bool)
    return x[keep], y[keep]


def _a_clip(cache: Path, condition: str, seed: int, snr: float):
    """One of the first field generator's tuning clips: (samples, rate, labels on the samples' time)."""
    with tempfile.TemporaryDirectory() as tmp:
        ((clip, rec),) = bench_sounds.clips(condition, seed, (snr,), Path(tmp), cache)
    return rec.samples, rec.rate, [(t.kind, t.start_s - rec.start_s, t.end_s - rec.start_s) for t in clip.truth]


def _b_clip(item):
    rec = field_b_sets.recording(item)
    return rec.samples, rec.rate, [(t.kind, t.start_s - rec.start_s, t.end_s - rec.start_s) for t in item.truth]


def first_mix(k: int) -> tuple[np.ndarray, int, list]:
    """Mix `k` of the app's sample sound: its whistles (each blast labelled) and horns over its noise
    bed, each at +10, 0 or -6 dB, at audio.ANALYSIS_RATE."""
    from scipy.signal import resample_poly

    rate, seconds = first.SAMPLE_RATE, 24.0
    g = np.random.default_rng([77, k])
    bed = noise_bed(int(seconds * rate), rate, g)
    track, truth = bed.copy(), []
    t = g.uniform(1.0, 3.0)
    while t < seconds - 4.0:
        if g.random() < 0.75:
            pattern = str(g.choice(first.BLAST_PATTERNS))
            sound = first.whistle(rate, g, str(g.choice(first.WHISTLE_KINDS)), pattern)
            truth += [("whistle", t + a, t + a + n) for a, n in first.blast_times(pattern)]
        else:
            sound = first.horn(rate, g, g.uniform(0.8, 3.0), str(g.choice(first.HORN_KINDS)))
            truth.append(("horn", t, t + len(sound) / rate))
        i = int(round(t * rate))
        snr = float(g.choice([10.0, 0.0, -6.0]))
        gain = first.rms(bed[i:i + len(sound)]) * 10 ** (snr / 20) / (first.rms(sound) or 1.0)
        first.place(track, sound, t, rate, gain)
        t += len(sound) / rate + g.uniform(1.2, 4.0)
    x = resample_poly(track / (np.max(np.abs(track)) or 1.0), ANALYSIS_RATE, rate).astype(np.float32)
    return x, ANALYSIS_RATE, truth


def _digest() -> str:
    """Names the kept steps by the code that made them: a change to the features or the augmentation
    makes them anew."""
    code = b"".join(Path(m.__file__).read_bytes() for m in (features, augment_sounds))
    return hashlib.sha256(code).hexdigest()[:12]


def _steps_and_labels(x: np.ndarray, rate: int, truth: list) -> list[np.ndarray]:
    steps = features.step_features(x, rate)
    return [steps, labels_of(truth, len(steps), 0.0)]


def _rng_for(where: Path):
    return np.random.default_rng(int(hashlib.sha256(where.name.encode()).hexdigest()[:8], 16))


def _saved(where: Path, arrays: list[np.ndarray]) -> None:
    np.savez(where.with_suffix(".tmp.npz"), *arrays)
    where.with_suffix(".tmp.npz").replace(where)


def _loaded(where: Path, count: int) -> list[np.ndarray]:
    with np.load(where) as data:
        return [data[f"arr_{i}"] for i in range(count)]


def _kept(where: Path, make) -> list[np.ndarray]:
    """The steps and labels of a clip and of its augmented copy, from `where` or made by `make()` and kept."""
    if not where.exists():
        samples, rate, truth = make()
        rng = _rng_for(where)
        _saved(where, _steps_and_labels(samples, rate, truth)
               + _steps_and_labels(*_swap(augment_sounds.augmented(samples, rate, truth, rng), rate)))
    return _loaded(where, 4)


def _swap(made: tuple, rate: int) -> tuple:
    """(samples, labels) of an augmentation as (samples, rate, labels)."""
    return made[0], rate, made[1]


def _kept_overlaid(where: Path, make) -> list[np.ndarray]:
    """The steps and labels of a clip's third copy, with two umpires' whistles and stepped electronic
    whistles laid over it (`augment_sounds.overlaid`), from `where` or made and kept."""
    if not where.exists():
        samples, rate, truth = make()
        where.parent.mkdir(parents=True, exist_ok=True)
        _saved(where, _steps_and_labels(*_swap(augment_sounds.overlaid(samples, rate, truth, _rng_for(where)),
                                               rate)))
    return _loaded(where, 2)


# The first generator's distractors: what the networks trained on tuning material alone took for
# whistles (birdsong, people whistling) or missed horns under (the PA's music), issue 36's second round.
A_DISTRACTORS = ("birds", "crowd_whistles", "pa", "neighs")


def distractor_clips(cache: Path, seeds: int) -> list:
    """(name, maker) of A_DISTRACTORS' clips from the first generator's training seeds (never its tuning
    or evaluation seeds): the first `seeds` of TRAINING_SEEDS, and for its focus conditions (birds, the
    PA) as many of FOCUS_TRAINING_SEEDS, at every SNR."""
    pairs = [(c, seed) for c in A_DISTRACTORS for seed in field_sounds.TRAINING_SEEDS[:seeds]]
    pairs += [(c, seed) for c in A_DISTRACTORS if c in field_sounds.FOCUS_CONDITIONS
              for seed in field_sounds.FOCUS_TRAINING_SEEDS[:seeds]]
    return [(f"a-{c}-{seed}-{snr:g}", lambda c=c, seed=seed, snr=snr: _a_clip(cache, c, seed, snr))
            for c, seed in pairs for snr in field_sounds.SNRS_DB]


def more_birds(cache: Path, seeds: list[int]) -> list:
    """(name, maker) of the first generator's birds at these training seeds, at every SNR. Only its
    training seeds: a tuning or evaluation seed here would be learned from where it is measured."""
    allowed = set(field_sounds.TRAINING_SEEDS) | set(field_sounds.FOCUS_TRAINING_SEEDS)
    if not set(seeds) <= allowed:
        raise SystemExit(f"--a-birds takes the first generator's training seeds only "
                         f"(201-220, 241-260), not {sorted(set(seeds) - allowed)}")
    return [(f"a-birds-{seed}-{snr:g}", lambda seed=seed, snr=snr: _a_clip(cache, "birds", seed, snr))
            for seed in seeds for snr in field_sounds.SNRS_DB]


def material(sources, cache: Path, b_set: Path | None, mixes: int, rng, a_seeds: int, b_kept: bool = False,
             b_weight: int = 1, a_distractors: int = 0, overlaps: bool = False, a_birds: tuple = (),
             birds_keep: float = KEEP_OTHER):
    """(features in context, labels) of every clip of `sources` and of its augmented copy, sampled
    (the second generator's `b_weight` times, each a draw of its own: its tuning set is far smaller);
    with `a_distractors`, also that many training seeds of the first generator's distractors; with
    `overlaps`, each clip's third copy too (two umpires overlapping, stepped electronic whistles); with
    `a_birds`, the first generator's birds at those training seeds too; `birds_keep`: the share of the
    first generator's birds clips' steps far from any sound kept (of their plain copy): bird notes are
    what the networks take for whistles, and far from a labelled sound is where they sound."""
    kept = cache / f"steps-{_digest()}"
    kept.mkdir(parents=True, exist_ok=True)
    clips = []
    if "a" in sources:
        clips += [(f"a-{c}-{seed}-{snr:g}", lambda c=c, seed=seed, snr=snr: _a_clip(cache, c, seed, snr))
                  for seed in field_sounds.TUNING_SEEDS[:a_seeds] for c in field_sounds.TUNING_CONDITIONS
                  for snr in field_sounds.SNRS_DB]
    if "a" in sources and a_distractors:
        clips += distractor_clips(cache, a_distractors)
    if "a" in sources and a_birds:
        named = {name for name, _ in clips}
        clips += [(name, make) for name, make in more_birds(cache, list(a_birds)) if name not in named]
    if "b" in sources and not b_kept:
        if b_set is None:
            raise SystemExit("--from b needs --b-set DIR (made by python -m benchmarks.field_b make --set tune)")
        clips += [(f"b-{item.name}", lambda item=item: _b_clip(item)) for item in field_b_sets.items(b_set)]
    if b_kept:  # the second generator's clips kept from an earlier run, whose files are gone since
        named = {name for name, _ in clips}
        clips += [(p.stem, None) for p in sorted(kept.glob("b-*.npz"))
                  if p.stem not in named and not p.name.endswith(".tmp.npz")]
    clips += [(f"first-{k}", lambda k=k: first_mix(k)) for k in range(mixes)]
    for count, (name, make) in enumerate(clips, 1):
        steps, labels, steps_aug, labels_aug = _kept(kept / f"{name}.npz", make)
        more = _kept_overlaid(kept / "overlaid" / f"{name}.npz", make) if overlaps and make else []
        for _ in range(b_weight if name.startswith("b-") else 1):
            birds = name.startswith("a-birds-")
            yield sampled(features.in_context(steps), labels, rng, birds_keep if birds else KEEP_OTHER)
            yield sampled(features.in_context(steps_aug), labels_aug, rng)
            if more:
                yield sampled(features.in_context(more[0]), more[1], rng)
        if count % 50 == 0:
            print(f"  {count} of {len(clips)} clips", file=sys.stderr, flush=True)


def _standardisation(x: np.ndarray, block: int = 32) -> tuple[np.ndarray, np.ndarray]:
    """Each feature's mean and scale, worked out in float64 a few columns at a time: `x.std(dtype=
    np.float64)` of the whole makes a float64 copy of it, twice the material's size (a million and more
    steps: some 9 GB on a shared machine)."""
    mean, scale = np.empty(x.shape[1], np.float32), np.empty(x.shape[1], np.float32)
    for j in range(0, x.shape[1], block):
        part = x[:, j:j + block].astype(np.float64)
        mean[j:j + block] = part.mean(axis=0)
        scale[j:j + block] = part.std(axis=0) + 1e-3
    return mean, scale


def train(x: np.ndarray, y: np.ndarray, models: int, epochs: int) -> dict:
    """Standardise x in place and fit `models` networks: the arrays listener.npz holds."""
    from sklearn.neural_network import MLPClassifier

    mean, scale = _standardisation(x)
    x -= mean
    x /= scale
    arrays = {"mean": mean, "scale": scale, "context": np.array(features.CONTEXT),
              "per_step": np.array(features.per_step_count())}
    for m in range(models):
        # several networks from different starting weights, their probabilities averaged: one
        # network's chance mistakes are seldom another's
        model = MLPClassifier(hidden_layer_sizes=HIDDEN, alpha=1e-4, batch_size=512, learning_rate_init=1e-3,
                              max_iter=epochs, early_stopping=True, validation_fraction=0.1,
                              n_iter_no_change=3, random_state=m, verbose=True)
        model.fit(x, y)
        arrays |= {f"m{m}_w{i}": w.astype(np.float32) for i, w in enumerate(model.coefs_)}
        arrays |= {f"m{m}_b{i}": b.astype(np.float32) for i, b in enumerate(model.intercepts_)}
    return arrays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--from", dest="sources", nargs="+", choices=["a", "b"], default=["a", "b"],
                    help="whose tuning material: the first field generator's, the second's, or both")
    ap.add_argument("--cache", type=Path, required=True, help="the first generator's encoded-and-decoded clips")
    ap.add_argument("--b-set", type=Path, help="the second generator's tuning set (made by benchmarks.field_b)")
    ap.add_argument("--a-seeds", type=int, default=len(field_sounds.TUNING_SEEDS),
                    help="how many of the first generator's tuning seeds (all by default)")
    ap.add_argument("--b-kept", action="store_true",
                    help="also the second generator's clips whose steps DIR keeps from earlier runs")
    ap.add_argument("--b-weight", type=int, default=1,
                    help="draws of each of the second generator's clips (its tuning set is the smaller)")
    ap.add_argument("--a-distractors", type=int, default=0,
                    help="also this many of the first generator's training seeds of its distractors "
                         "(birds, people whistling, the PA, neighs)")
    ap.add_argument("--a-birds", type=int, nargs="+", default=[],
                    help="also the first generator's birds at these training seeds (201-220, 241-260)")
    ap.add_argument("--birds-keep", type=float, default=KEEP_OTHER,
                    help="share of the first generator's birds clips' steps far from any sound kept "
                         f"(plain copy; {KEEP_OTHER} as every clip's by default)")
    ap.add_argument("--overlaps", action="store_true",
                    help="also a third copy of every clip with two umpires' overlapping whistles and stepped "
                         "electronic whistles laid over it (augment_sounds.overlaid)")
    ap.add_argument("--first-mixes", type=int, default=FIRST_MIXES)
    ap.add_argument("--out", type=Path, default=ROOT / "review_app" / "sound" / "listener.npz")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--models", type=int, default=MODELS, help="networks averaged")
    args = ap.parse_args()
    rng = np.random.default_rng(5)
    started = time.perf_counter()
    xs, ys = zip(*material(args.sources, args.cache, args.b_set, args.first_mixes, rng, args.a_seeds,
                           args.b_kept and "b" in args.sources, args.b_weight, args.a_distractors,
                           args.overlaps, tuple(args.a_birds), args.birds_keep), strict=True)
    x, y = np.concatenate(xs), np.concatenate(ys)
    del xs
    print(f"{len(x)} steps, positives per label {y.sum(axis=0).tolist()}, "
          f"material {time.perf_counter() - started:.0f} s", file=sys.stderr)
    arrays = train(x, y, args.models, args.epochs)
    arrays["trained_on"] = np.array(sorted(args.sources))
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB), {time.perf_counter() - started:.0f} s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
