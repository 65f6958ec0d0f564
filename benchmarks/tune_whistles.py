"""What the whistle tracker's thresholds were read from: the measures of every piece of tone it
considers in the TUNING set (tests/sound/field_sounds.py, seeds 101-102), split into pieces that
start a true whistle and pieces that do not.

    python benchmarks/tune_whistles.py [--snr 10 0 -6] [--conditions ...]

Prints, for each measure (glide, wobble, roll, tones, seconds, harmonic), its quantiles over true
and over other pieces, per condition and over all. Only the tuning set is ever read here; the
evaluation set is for bench_sounds.py alone.
"""

from __future__ import annotations

import argparse
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
from review_app.sound.whistles import HOP, WINDOW, find_blasts

MEASURES = ("glide", "wobble", "roll", "tones", "seconds", "harmonic")
NEAR_S = 0.15


def pieces(conditions, snrs, workdir: Path):
    for condition in conditions:
        for seed in field_sounds.TUNING_SEEDS:
            for clip in field_sounds.make_clips(condition, seed, snrs):
                suffix, _, bitrate = field_sounds.CODECS[clip.codec]
                path = write_audio_file(workdir / f"{clip.name}{suffix}", clip.samples, clip.rate,
                                        clip.codec.removesuffix("_low"), bitrate)
                rec = decode_sound(path)
                notes: list = []
                find_blasts(rec.samples, rec.rate, notes)
                onsets = [t.start_s for t in clip.truth if t.kind == "whistle"]
                for p in notes:
                    at = (p.start * HOP - WINDOW // 2) / rec.rate
                    true = any(abs(at - o) <= NEAR_S for o in onsets)
                    inside = any(t.start_s + NEAR_S < at < t.end_s for t in clip.truth)
                    yield condition, clip.snr_db, true, p, inside


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--snr", type=float, nargs="+", default=list(field_sounds.SNRS_DB))
    ap.add_argument("--conditions", nargs="+", choices=field_sounds.TUNING_CONDITIONS,
                    default=list(field_sounds.TUNING_CONDITIONS))
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for condition, snr, true, p, _ in pieces(args.conditions, args.snr, Path(tmp)):
            rows.append((condition, snr, true, {m: float(getattr(p, m)) for m in MEASURES}))
    q = (5, 25, 50, 75, 95)
    for condition in [*args.conditions, "all"]:
        sel = [r for r in rows if condition in ("all", r[0])]
        for true in (True, False):
            part = [r[3] for r in sel if r[2] == true]
            if not part:
                continue
            cells = "  ".join(f"{m} " + "/".join(f"{np.percentile([d[m] for d in part], k):.3g}" for k in q)
                              for m in MEASURES)
            print(f"{condition:<15} {'true' if true else 'other':<5} n={len(part):4d}  {cells}")


if __name__ == "__main__":
    main()
