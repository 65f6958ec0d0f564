"""Train the learned listener (`review_app.sound.listener`) and write its weights into the package.

    python benchmarks/train_listener.py --cache DIR [--seeds 201 221] [--first-mixes 40] [--out FILE]

The material is generated here, never downloaded (issue 21):

- the field generator `tests/sound/field_sounds.py` over its TUNING conditions (never `opus_low`,
  which only the evaluation set has; `neighs` since branch i21-r5) with TRAINING seeds (201-220:
  apart from the tuning set's 101-112, which the listener's thresholds are read from, and from the
  evaluation set's 9001-9048 and the development set's 113-172, which nothing here reads), the PA
  with 20 seeds more (221-240: music's variety, so a held chord is not taken for a horn), and birds,
  the PA and a whistle under a horn with 20 seeds more each (241-260,
  `field_sounds.FOCUS_TRAINING_SEEDS`: where the listener was weakest), at +10, 0 and -6 dB, encoded
  and decoded as a phone or camera would (`bench_sounds.clips`);
- the first generator `review_app.samples` (the app's sample clips and the live simulator's camera
  sound): its whistles in every pattern and its horns over its noise bed, each blast labelled.

Each 10 ms step is labelled: within a whistle, at a whistle's start (within ONSET_S), within a horn,
at a horn's start. Three small multilayer perceptrons (scikit-learn, from different starting weights)
learn the four from the step's
features in context (`review_app.sound.features`); their weights, and the mean and scale the features
are standardised by, are written as one .npz the package loads with numpy alone. Seeded: the same
weights every run on the same machine.
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

import bench_sounds
import field_sounds

from review_app.samples import sound as first
from review_app.samples.sound_sets import noise_bed
from review_app.sound import features
from review_app.sound.audio import ANALYSIS_RATE
from review_app.sound.listener import LABELS, ONSET_S

FIRST_MIXES = 40  # mixes of the first generator, 24 s each
KEEP_NEAR_S = 0.3  # steps this near a sound are all kept; others are sampled
KEEP_OTHER = 0.2
HIDDEN = (96, 48)
MODELS = 3
CHUNK = 65536  # steps standardised at a time


def labels_of(truth, steps: int, start_s: float) -> np.ndarray:
    """(steps x LABELS) of 0/1: in a whistle, at a whistle's start, in a horn, at a horn's start."""
    t = start_s + np.arange(steps) * features.HOP / ANALYSIS_RATE
    y = np.zeros((steps, len(LABELS)), np.uint8)
    for kind, a, b in truth:
        col = 0 if kind == "whistle" else 2
        y[(t >= a) & (t < b), col] = 1
        y[np.abs(t - a) <= ONSET_S[kind], col + 1] = 1
    return y


def sampled(x: np.ndarray, y: np.ndarray, rng) -> tuple[np.ndarray, np.ndarray]:
    """Every step near a sound, a share of the rest: the listener sees enough of both."""
    near = np.convolve(y.any(axis=1).astype(float), np.ones(2 * int(KEEP_NEAR_S * 100) + 1), "same") > 0
    keep = near | (rng.random(len(y)) < KEEP_OTHER)
    return x[keep], y[keep]


def _features_digest() -> str:
    """Names the kept steps by the feature code that made them: a change to it makes them anew."""
    return hashlib.sha256(Path(features.__file__).read_bytes()).hexdigest()[:12]


def field_material(seeds, cache: Path, rng):
    kept = cache / f"steps-{_features_digest()}"
    kept.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(*seeds):
            conditions = [c for c in field_sounds.TUNING_CONDITIONS
                          if seed in field_sounds.TRAINING_SEEDS
                          or (seed in field_sounds.PA_TRAINING_SEEDS and c == "pa")
                          or (seed in field_sounds.FOCUS_TRAINING_SEEDS and c in field_sounds.FOCUS_CONDITIONS)]
            for condition in conditions:
                where = kept / f"{condition}-{seed}.npz"
                if not where.exists():
                    xs, ys = [], []
                    for clip, rec in bench_sounds.clips(condition, seed, field_sounds.SNRS_DB, Path(tmp), cache):
                        steps = features.step_features(rec.samples, rec.rate)
                        truth = [(t.kind, t.start_s, t.end_s) for t in clip.truth]
                        xs.append(steps)
                        ys.append(labels_of(truth, len(steps), rec.start_s))
                    np.savez(where.with_suffix(".tmp.npz"), *xs, *ys)
                    where.with_suffix(".tmp.npz").replace(where)
                with np.load(where) as data:
                    arrays = [data[f"arr_{i}"] for i in range(len(data.files))]
                half = len(arrays) // 2
                for steps, y in zip(arrays[:half], arrays[half:], strict=True):
                    yield sampled(features.in_context(steps), y, rng)
            print(f"  field seed {seed}", file=sys.stderr, flush=True)


def first_mix(k: int) -> tuple[np.ndarray, list]:
    """Mix `k` of the first generator: its whistles (each blast labelled) and horns over its noise bed,
    each at +10, 0 or -6 dB, at audio.ANALYSIS_RATE."""
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
    return resample_poly(track / (np.max(np.abs(track)) or 1.0), ANALYSIS_RATE, rate).astype(np.float32), truth


def first_material(count: int, cache: Path, rng):
    kept = cache / f"steps-{_features_digest()}"
    kept.mkdir(parents=True, exist_ok=True)
    for k in range(count):
        where = kept / f"first-{k}.npz"
        if not where.exists():
            x, truth = first_mix(k)
            steps = features.step_features(x, ANALYSIS_RATE)
            np.savez(where.with_suffix(".tmp.npz"), steps, labels_of(truth, len(steps), 0.0))
            where.with_suffix(".tmp.npz").replace(where)
        with np.load(where) as data:
            yield sampled(features.in_context(data["arr_0"]), data["arr_1"], rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=[field_sounds.TRAINING_SEEDS[0],
                                                            field_sounds.FOCUS_TRAINING_SEEDS[-1] + 1],
                    help="the training seeds [first, last) (default: field_sounds.TRAINING_SEEDS with every "
                    "tuning condition, PA_TRAINING_SEEDS with the PA only, then FOCUS_TRAINING_SEEDS with "
                    "the FOCUS_CONDITIONS)")
    ap.add_argument("--first-mixes", type=int, default=FIRST_MIXES)
    ap.add_argument("--cache", type=Path, required=True,
                    help="the encoded-and-decoded field material and its features (made if missing)")
    ap.add_argument("--out", type=Path, default=ROOT / "review_app" / "sound" / "listener.npz")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--models", type=int, default=MODELS, help="networks averaged")
    args = ap.parse_args()
    from sklearn.neural_network import MLPClassifier

    rng = np.random.default_rng(5)
    xs, ys = [], []
    started = time.perf_counter()
    for x, y in [*field_material(args.seeds, args.cache, rng), *first_material(args.first_mixes, args.cache, rng)]:
        xs.append(x)
        ys.append(y)
    # one float32 array, filled as the pieces are let go, standardised in place: the material (some
    # 1.4 million steps of 975 features) would not fit in memory twice over
    x = np.empty((sum(len(p) for p in xs), xs[0].shape[1]), np.float32)
    at = 0
    while xs:
        piece = xs.pop(0)
        x[at:at + len(piece)] = piece
        at += len(piece)
    y = np.concatenate(ys)
    print(f"{len(x)} steps, positives per label {y.sum(axis=0).tolist()}, "
          f"material {time.perf_counter() - started:.0f} s", file=sys.stderr)
    mean = x.mean(axis=0, dtype=np.float64).astype(np.float32)
    squares = np.zeros(x.shape[1])
    for i in range(0, len(x), CHUNK):
        squares += ((x[i:i + CHUNK] - mean) ** 2).sum(axis=0, dtype=np.float64)
    scale = (np.sqrt(squares / len(x)) + 1e-3).astype(np.float32)
    for i in range(0, len(x), CHUNK):
        x[i:i + CHUNK] -= mean
        x[i:i + CHUNK] /= scale
    arrays = {"mean": mean.astype(np.float32), "scale": scale.astype(np.float32),
              "context": np.array(features.CONTEXT), "per_step": np.array(features.per_step_count())}
    for m in range(args.models):
        # several networks from different starting weights and batches, their probabilities averaged:
        # one network's chance mistakes are seldom another's
        model = MLPClassifier(hidden_layer_sizes=HIDDEN, alpha=1e-4, batch_size=512, learning_rate_init=1e-3,
                              max_iter=args.epochs, early_stopping=True, validation_fraction=0.1,
                              n_iter_no_change=4, random_state=m, verbose=True)
        model.fit(x, y)
        arrays |= {f"m{m}_w{i}": w.astype(np.float32) for i, w in enumerate(model.coefs_)}
        arrays |= {f"m{m}_b{i}": b.astype(np.float32) for i, b in enumerate(model.intercepts_)}
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB), {time.perf_counter() - started:.0f} s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
