"""Labelled sound for the detector's and the sync's benchmarks and tests: match noise with whistles
and horns at known times and levels, and two recordings of one event sequence, each under its own
noise, at a known offset."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from review_app.samples.sound import (
    BLAST_PATTERNS,
    HORN_KINDS,
    WHISTLE_KINDS,
    Placed,
    crowd,
    hoofbeats,
    horn,
    place,
    rms,
    whistle,
    wind,
)

# A labelled mix for the detector's benchmark and tests: events this far apart at least, so each
# is heard alone (a whistle that follows a horn comes after the horn ends).
MIX_GAP_S = (1.5, 4.0)
HORN_SECONDS_RANGE = (0.8, 3.0)


def noise_bed(n: int, rate: int, rng: np.random.Generator) -> np.ndarray:
    """Wind, crowd and hoofbeats at random proportions (unit RMS): what a match sounds like between
    whistles."""
    w, c, h = rng.uniform(0.2, 1.0, size=3)
    gallops = []
    t = 0.0
    while t < n / rate:  # stretches of galloping and of standing
        length = rng.uniform(2.0, 8.0)
        gallops.append((t, t + length, rng.uniform(0.3, 1.0)))
        t += length + rng.uniform(0.0, 4.0)

    def pace(s: float) -> float:
        return next((p for a, b, p in gallops if a <= s < b), 0.0)

    bed = w * wind(n, rate, rng) + c * crowd(n, rate, rng)
    hooves = hoofbeats(n, rate, rng, pace)
    bed += h * hooves / (rms(hooves) or 1.0)
    return bed / (rms(bed) or 1.0)


def labelled_mix(rate: int, seconds: float, rng: np.random.Generator, snr_db: float,
                 bed: np.ndarray | None = None) -> tuple[np.ndarray, list[Placed]]:
    """`seconds` of match noise with whistles (both kinds, every pattern) and horns at random
    times, each `snr_db` above the noise under it (power over the event's own span). Peak 0.9."""
    n = int(round(seconds * rate))
    bed = noise_bed(n, rate, rng) if bed is None else bed[:n]
    track = bed.copy()
    placed: list[Placed] = []
    t = rng.uniform(*MIX_GAP_S)
    while True:
        if rng.random() < 0.75:
            sound = whistle(rate, rng, str(rng.choice(WHISTLE_KINDS)), str(rng.choice(BLAST_PATTERNS)))
            kind = "whistle"
        else:
            sound = horn(rate, rng, rng.uniform(*HORN_SECONDS_RANGE), str(rng.choice(HORN_KINDS)))
            kind = "horn"
        if t + len(sound) / rate + 0.5 > seconds:
            break
        i = int(round(t * rate))
        under = rms(bed[i:i + len(sound)])
        gain = under * 10 ** (snr_db / 20) / (rms(sound) or 1.0)
        place(track, sound, t, rate, gain)
        placed.append(Placed(kind, i / rate, (i + len(sound)) / rate))
        t = (i + len(sound)) / rate + rng.uniform(*MIX_GAP_S)
    return track * (0.9 / (np.max(np.abs(track)) or 1.0)), placed


# The two recordings' own noise against the sound they share (the match's calls, cheers and
# hoofbeats), as amplitude: each camera has its own wind on the microphone and its own neighbours.
SHARED_BED = 0.3


@dataclass(frozen=True)
class Pair:
    """Two recordings of one event sequence; an event at t in `a` is at t + offset_s in `b`."""

    a: np.ndarray
    b: np.ndarray
    rate: int
    offset_s: float
    events: list[Placed]  # on `a`'s timeline


def two_recordings(rate: int, rng: np.random.Generator, offset_s: float, a_seconds: float = 30.0,
                   b_seconds: float = 25.0, noise_a: float = 0.5, noise_b: float = 0.8,
                   snr_db: float = 6.0) -> Pair:
    """One stretch of match (whistles, horns, crowd, hoofbeats) heard by two recordings, each with its
    own wind and crowd at `noise_a` and `noise_b` times the shared sound's level (RMS), cut so that
    an event at t in A is at t + offset_s in B (to the sample)."""
    lead = abs(offset_s) + 2.0
    total = lead + max(a_seconds, b_seconds) + lead
    n = int(round(total * rate))
    shared, events = labelled_mix(rate, total, rng, snr_db, bed=SHARED_BED * noise_bed(n, rate, rng))
    shared = shared / (rms(shared) or 1.0)
    ia = int(round(lead * rate))  # where A starts in the shared sound
    ib = ia - int(round(offset_s * rate))  # ... and B: an event at T is at T - ia in A, T - ib in B
    na, nb = int(round(a_seconds * rate)), int(round(b_seconds * rate))
    a = shared[ia:ia + na] + noise_a * noise_bed(na, rate, rng)
    b = shared[ib:ib + nb] + noise_b * noise_bed(nb, rate, rng)
    scale = 0.9 / max(np.max(np.abs(a)), np.max(np.abs(b)))
    a0 = ia / rate
    on_a = [Placed(e.kind, e.start_s - a0, e.end_s - a0) for e in events if 0 <= e.start_s - a0 < a_seconds]
    return Pair((a * scale).astype(np.float32), (b * scale).astype(np.float32), rate, (ia - ib) / rate, on_a)
