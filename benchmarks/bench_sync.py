"""Sync benchmark: the offset between two recordings of one event sequence, recovered from sound.

    python benchmarks/bench_sync.py [--pairs 6] [--noise 0.5 1 1.5 2 3] [--codecs aac opus pcm]
    python benchmarks/bench_sync.py --field [--snr 0]

With --field, the pairs are cut from the field material of tests/sound/field_sounds.py (issue 21's
conditions: birds, people whistling, PA, neighs, clipping gusts, a phone's gain control, low-bitrate
AAC and Opus, distance, two umpires, ...), its evaluation seeds: each clip at that SNR is the match
both cameras hear; each camera adds its own ground noise (A at half the clip's level, B at 0.8)
and records 16-18 s of it at a known offset within ±3 s, in the clip's own codec. Prints per
condition the pairs within one frame (of the clip's frame rate) and the largest error.

Each pair is one stretch of match (whistles, horns, crowd, hoofbeats; samples/sound_sets.py)
heard by two recordings (30 s and 25 s) at a random known offset within ±12 s, each under its
own wind and crowd at NOISE times the shared sound's level (B at 1.3 times A's). Both are encoded
through PyAV (A and B in the same codec: AAC .m4a 44.1 kHz, Opus .ogg 48 kHz, PCM .wav 32 kHz),
decoded by review_app.sound and synced. Prints per noise level and codec: pairs within one frame
(25 fps), the median and largest error in ms, the confidence range, and how many were refused
as not overlapping or reported with low confidence. Seeded; a measurement, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from review_app.footage.writer import write_audio_file
from review_app.samples.sound_sets import two_recordings
from review_app.sound import NoOverlap, decode_sound, offset_between

FRAME_S = 1 / 25
CODECS = {"aac": (".m4a", 44100), "opus": (".ogg", 48000), "pcm": (".wav", 32000)}


def run(pairs: int, noises: list[float], codecs: list[str], workdir: Path, seed: int) -> None:
    print(f"{'noise':>5} {'codec':>5} {'pairs':>5} {'<=1 frame':>9} {'median err ms':>13} {'max err ms':>10} "
          f"{'confidence':>11} {'no overlap':>10} {'low conf':>8} {'s/pair':>6}")
    for noise in noises:
        for codec in codecs:
            ext, rate = CODECS[codec]
            errors, confidences, refused, low, took = [], [], 0, 0, 0.0
            for k in range(pairs):
                rng = np.random.default_rng(seed + k)
                offset = float(rng.uniform(-12, 12))
                pair = two_recordings(rate, rng, offset, noise_a=noise, noise_b=1.3 * noise)
                a = write_audio_file(workdir / f"a{k}{ext}", pair.a, rate, codec)
                b = write_audio_file(workdir / f"b{k}{ext}", pair.b, rate, codec)
                started = time.perf_counter()
                try:
                    found = offset_between(decode_sound(a), decode_sound(b))
                except NoOverlap:
                    refused += 1
                    continue
                finally:
                    took += time.perf_counter() - started
                errors.append(abs(found.offset_s - pair.offset_s))
                confidences.append(found.confidence)
                low += found.low_confidence
            within = sum(e <= FRAME_S for e in errors)
            median = f"{statistics.median(errors) * 1000:.2f}" if errors else "-"
            worst = f"{max(errors) * 1000:.1f}" if errors else "-"
            conf = f"{min(confidences):.2f}-{max(confidences):.2f}" if confidences else "-"
            print(f"{noise:5g} {codec:>5} {pairs:5d} {within:9d} {median:>13} {worst:>10} {conf:>11} {refused:10d} "
                  f"{low:8d} {took / pairs:6.2f}", flush=True)


def run_field(snr: float, workdir: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "sound"))
    import field_sounds

    print(f"{'condition':<15} {'pairs':>5} {'<=1 frame':>9} {'max err ms':>10} {'confidence':>11} {'refused':>7}")
    total = within_all = 0
    for condition in field_sounds.EVALUATION_CONDITIONS:
        errors, confidences, refused, frames = [], [], 0, []
        for seed in field_sounds.EVALUATION_SEEDS:
            clip = field_sounds.make_clip(condition, seed, snr)
            rng = np.random.default_rng([seed, 77])
            rate, x = clip.rate, clip.samples.astype(np.float64)
            offset = float(rng.uniform(-3, 3))
            na, nb = int(18 * rate), int(16 * rate)
            ia = int(3.5 * rate)
            ib = ia - int(round(offset * rate))
            level = float(np.sqrt(np.mean(x ** 2)))
            a = x[ia:ia + na] + 0.5 * level * field_sounds.ground(na, rate, rng)
            b = x[ib:ib + nb] + 0.8 * level * field_sounds.ground(nb, rate, rng)
            scale = 0.9 / max(np.max(np.abs(a)), np.max(np.abs(b)))
            suffix, _, bitrate = field_sounds.CODECS[clip.codec]
            codec = clip.codec.removesuffix("_low")
            pa = write_audio_file(workdir / f"fa{suffix}", (a * scale).astype(np.float32), rate, codec, bitrate)
            pb = write_audio_file(workdir / f"fb{suffix}", (b * scale).astype(np.float32), rate, codec, bitrate)
            truth = (ia - ib) / rate
            try:
                found = offset_between(decode_sound(pa), decode_sound(pb))
            except NoOverlap:
                refused += 1
                continue
            errors.append(abs(found.offset_s - truth))
            confidences.append(found.confidence)
            frames.append(1 / clip.fps)
        within = sum(e <= f for e, f in zip(errors, frames, strict=True))
        total += len(field_sounds.EVALUATION_SEEDS)
        within_all += within
        worst = f"{max(errors) * 1000:.1f}" if errors else "-"
        conf = f"{min(confidences):.2f}-{max(confidences):.2f}" if confidences else "-"
        print(f"{condition:<15} {len(field_sounds.EVALUATION_SEEDS):5d} {within:9d} {worst:>10} {conf:>11} "
              f"{refused:7d}", flush=True)
    print(f"all: {within_all} of {total} pairs within one frame at {snr:g} dB SNR")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--field", action="store_true", help="pairs cut from the field material's evaluation set")
    ap.add_argument("--snr", type=float, default=0.0, help="with --field: the calls' SNR in the clips")
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--noise", type=float, nargs="+", default=[0.5, 1.0, 1.5, 2.0, 3.0])
    ap.add_argument("--codecs", nargs="+", choices=sorted(CODECS), default=list(CODECS))
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.field:
            run_field(args.snr, Path(tmp))
        else:
            run(args.pairs, args.noise, args.codecs, Path(tmp), args.seed)


if __name__ == "__main__":
    main()
