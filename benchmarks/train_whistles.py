"""Fits the whistle classifier (review_app/sound/whistle_model.json) on the TUNING set alone.

    python benchmarks/train_whistles.py [--out review_app/sound/whistle_model.json]

Every group of tones the tracker considers in the tuning set (tests/sound/field_sounds.py, seeds
101-102, every tuning condition, every SNR, through the clip's own codec as bench_sounds does) is
labelled an umpire's blast if it starts within NEAR_S of a true whistle's start, and not otherwise.
Gradient-boosted trees of depth 2 (scikit-learn's GradientBoostingClassifier, already a
dependency; compared with a logistic regression by fitting on one tuning seed and scoring on the
other: F1 0.87-0.91 against 0.86-0.89) are fitted to the labels and written out as plain node lists
(the app scores them in plain Python, `review_app.sound.whistle_model`); the threshold is the
one that best balances precision and recall (F1) on the same tuning groups. The
evaluation seeds (9001-9003) are never read here: they are for bench_sounds.py alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "sound"))

import field_sounds

from review_app.footage.writer import write_audio_file
from review_app.sound import decode_sound
from review_app.sound.whistle_model import MODEL_PATH
from review_app.sound.whistles import HOP, WINDOW, find_blasts

NEAR_S = 0.1


def groups(workdir: Path, cache: Path | None):
    if cache is not None and cache.exists():
        return json.loads(cache.read_text())
    rows = []
    for condition in field_sounds.TUNING_CONDITIONS:
        for seed in field_sounds.TUNING_SEEDS:
            assert seed not in field_sounds.EVALUATION_SEEDS
            for clip in field_sounds.make_clips(condition, seed):
                suffix, _, bitrate = field_sounds.CODECS[clip.codec]
                path = write_audio_file(workdir / f"{clip.name}{suffix}", clip.samples, clip.rate,
                                        clip.codec.removesuffix("_low"), bitrate)
                rec = decode_sound(path)
                seen: list = []
                find_blasts(rec.samples, rec.rate, None, seen)
                onsets = [t.start_s for t in clip.truth if t.kind == "whistle"]
                for start, _, feats in seen:
                    if feats is None:
                        continue
                    at = (start * HOP - WINDOW // 2) / rec.rate
                    rows.append({"condition": condition, "snr": clip.snr_db, "seed": seed, "features": feats,
                                 "true": any(abs(at - o) <= NEAR_S for o in onsets)})
                print(f"{clip.name}: {len(seen)} groups", file=sys.stderr)
    if cache is not None:
        cache.write_text(json.dumps(rows))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=MODEL_PATH)
    ap.add_argument("--cache", type=Path, help="keep the measured groups here (to refit without measuring)")
    ap.add_argument("--trees", type=int, default=120)
    args = ap.parse_args()
    from sklearn.ensemble import GradientBoostingClassifier

    with tempfile.TemporaryDirectory() as tmp:
        rows = groups(Path(tmp), args.cache)
    names = sorted(rows[0]["features"])
    xs = np.array([[r["features"][n] for n in names] for r in rows])
    y = np.array([r["true"] for r in rows])
    fit = GradientBoostingClassifier(n_estimators=args.trees, max_depth=2, learning_rate=0.1, subsample=0.8,
                                     random_state=0).fit(xs, y)
    trees = []
    for (tree,) in fit.estimators_:
        t = tree.tree_
        trees.append([t.feature.tolist(), [round(float(v), 6) for v in t.threshold],
                      t.children_left.tolist(), t.children_right.tolist(),
                      [round(float(v), 6) for v in t.value[:, 0, 0]]])
    init = float(fit.decision_function(xs[:1])[0]) - fit.learning_rate * sum(
        float(tree.predict(xs[:1])[0]) for (tree,) in fit.estimators_)
    p = fit.predict_proba(xs)[:, 1]
    best = max(np.arange(0.2, 0.9, 0.02), key=lambda t: _f1(p >= t, y))
    print(f"tuning groups: {len(y)} ({int(y.sum())} true); threshold {best:.2f}; F1 {_f1(p >= best, y):.3f} "
          f"(the steadiness rule alone: {_f1(xs[:, names.index('steady')] > 0.5, y):.3f})")
    for c in field_sounds.TUNING_CONDITIONS:
        sel = np.array([r["condition"] == c for r in rows])
        rule = _f1(xs[sel, names.index("steady")] > 0.5, y[sel])
        print(f"  {c:<15} F1 {_f1(p[sel] >= best, y[sel]):.3f}  rule {rule:.3f}")
    for n, w in sorted(zip(names, fit.feature_importances_, strict=True), key=lambda t: -t[1]):
        print(f"  {n:<14} {w:.3f}")
    args.out.write_text(json.dumps({
        "fitted_on": f"tuning set: tests/sound/field_sounds.py seeds {list(field_sounds.TUNING_SEEDS)}, "
                     f"conditions {list(field_sounds.TUNING_CONDITIONS)}, SNR {list(field_sounds.SNRS_DB)} dB",
        "features": names, "init": round(init, 6), "learning_rate": fit.learning_rate, "trees": trees,
        "threshold": round(float(best), 3)}, separators=(",", ":")) + "\n")
    print(f"written {args.out}")


def _f1(pred, y) -> float:
    tp = float(np.sum(pred & y))
    return 2 * tp / (float(np.sum(pred)) + float(np.sum(y)) or 1.0)


if __name__ == "__main__":
    main()
