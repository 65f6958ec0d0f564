"""Sync benchmark: the offset between two recordings of one event sequence, recovered from sound.

    python benchmarks/bench_sync.py [--pairs 6] [--noise 0.5 1 1.5 2 3] [--codecs aac opus pcm]

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--noise", type=float, nargs="+", default=[0.5, 1.0, 1.5, 2.0, 3.0])
    ap.add_argument("--codecs", nargs="+", choices=sorted(CODECS), default=list(CODECS))
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run(args.pairs, args.noise, args.codecs, Path(tmp), args.seed)


if __name__ == "__main__":
    main()
