"""A sample clip's sound track: the crowd, the wind and the horses' hoofbeats under the whole clip,
the Umpire's whistle and the period's horn at the moments the match document records.

The whistle starts exactly at the time of the frame the document gives for it (the first frame at
or after the scenario's moment), so a detector hearing the whistle finds that frame, and the
whistle's delay after the incident is the one written in the document's notes.
"""

from __future__ import annotations

import math
import zlib

import numpy as np

from review_app.samples.scene import Scenario
from review_app.samples.sound import (
    SAMPLE_RATE,
    Placed,
    crowd,
    hoofbeats,
    horn,
    place,
    whistle,
    whistle_length,
    wind,
)
from review_app.samples.timing import Timing, locate_moments

# Levels in full-scale amplitude, as a camera at the boards hears the game: the whistle and the
# horn well above the crowd and the wind (about 12-16 dB over the bed), never near clipping.
WHISTLE_GAIN = 0.35
HORN_GAIN = 0.3
HORN_SECONDS = 1.0  # the timekeeper's blast; over before the whistle that follows it in the samples
CROWD_RMS = 0.03
WIND_RMS = 0.025
HOOF_GAIN = 0.12
GALLOP_YARDS_PER_S = 16.0  # a polo pony at full gallop covers about 15-18 yards a second
HEARD_WITHIN_YARDS = 40.0  # hoofbeats fade with distance from where the camera looks
SPEED_STEP_S = 0.05  # the span over which a rider's speed is measured


def seed_of(sc: Scenario) -> int:
    """A seed fixed by the scenario's id (CRC-32 is the same on every platform and run)."""
    return zlib.crc32(f"sound:{sc.id}".encode())


def _pace(sc: Scenario, rider):
    def pace(t: float) -> float:
        if not rider.on_screen(t) or rider.dismounted(t) is not None or rider.is_down(t):
            return 0.0
        (x0, y0), (x1, y1) = rider.pos(t - SPEED_STEP_S), rider.pos(t + SPEED_STEP_S)
        speed = math.hypot(x1 - x0, y1 - y0) / (2 * SPEED_STEP_S)
        cx, cy, _ = sc.camera.at(t)
        x, y = rider.pos(t)
        near = 1.0 / (1.0 + math.hypot(x - cx, y - cy) / HEARD_WITHIN_YARDS)
        return min(1.0, speed / GALLOP_YARDS_PER_S) * near
    return pace


# A whistle or horn starts this far into the frame it is tagged at, not on the frame's first instant: the
# AAC encoder's pre-echo moves an onset a fraction of a millisecond early, and the learned listener finds
# a start to within some 8 ms (90th percentile on its tuning set), either way. Half the shortest frame (a
# phone's 31 fps): whichever way those milliseconds go, the start heard is in the frame tagged.
INTO_FRAME_S = 0.016


def soundtrack(sc: Scenario, tm: Timing, duration_s: float,
               rate: int = SAMPLE_RATE) -> tuple[np.ndarray, list[Placed]]:
    """The mono track (float, -1..1) for the first `duration_s` seconds of `sc`'s clip, and where its
    whistles and horns are."""
    rng = np.random.default_rng(seed_of(sc))
    n = int(round(duration_s * rate))
    track = CROWD_RMS * crowd(n, rate, rng) + WIND_RMS * wind(n, rate, rng)
    for rider in sc.riders:
        track += HOOF_GAIN * hoofbeats(n, rate, rng, _pace(sc, rider))
    at = locate_moments(sc, tm)
    placed = []
    for m in sc.moments:
        start = at[m.name].time_s + INTO_FRAME_S
        if m.by is not None:
            place(track, whistle(rate, rng, m.by.whistle, m.blasts), start, rate, WHISTLE_GAIN)
            placed.append(Placed("whistle", start, start + whistle_length(m.blasts)))
        if m.horn:
            place(track, horn(rate, rng, HORN_SECONDS), start, rate, HORN_GAIN)
            placed.append(Placed("horn", start, start + HORN_SECONDS))
    return np.clip(track, -1.0, 1.0), [p for p in placed if p.start_s < duration_s]
