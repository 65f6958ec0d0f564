"""What a clip is: its spec (seed, length, condition, signal-to-noise ratio, and every parameter a sweep may fix),
and the named conditions that say which bed it has and which ranges the rest is drawn from.

Signal-to-noise ratio, as used everywhere here: the A-weighted (IEC 61672-1) RMS of an event's sound as it
reaches the microphone (after travel and reverberation), over the event's own span [onset, offset], against the
A-weighted RMS of the whole bed (every background and distractor, no event) over the whole clip, in dB. Both are
measured before the recording device's path (clipping, gain control, low-pass, codec), which changes both alike.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction

from .sources import ABSENT, WHISTLE_TYPES

FIELD_BED = {"wind": -6.0, "crowd": 0.0, "hooves": -3.0}
SNRS_DB = (-6.0, 0.0, 6.0, 10.0, 20.0)
FORMATS = {  # container -> (video codec, audio codec)
    "mp4": ("h264", "aac"),
    "webm": ("vp8", "opus"),
    "mkv": ("h264", "pcm"),
    "mov": ("h264", "pcm"),
}
FRAME_RATES = ("30000/1001", "25")


@dataclass(frozen=True)
class Condition:
    """A named kind of clip: its bed (sources and their A-weighted levels in dB against one another) and what
    its events and recording are drawn from, where they differ from the typical."""

    bed: dict[str, float]
    whistle_types: dict[str, float] = field(default_factory=lambda: {"pea": 0.5, "pealess": 0.35,
                                                                     "electronic": 0.15})
    blasts: dict[int, float] = field(default_factory=lambda: {1: 0.6, 2: 0.3, 3: 0.1})
    second_umpire: float = 0.1  # chance that a call is joined by the other Umpire
    horn_chance: float = 0.4  # chance that a clip has an end-of-period horn
    horns_only: bool = False
    no_harmonics: bool = False
    distance_m: tuple[float, float] = (10.0, 150.0)
    lowpass_hz: tuple[float, float] = (7000.0, 16000.0)
    codec: str | None = None  # forced audio codec ("opus"), else the seed's turn in FORMATS
    bitrate_kbps: tuple[int, int] | None = None


CONDITIONS: dict[str, Condition] = {
    "field": Condition(FIELD_BED),
    "wind": Condition({"wind": 0.0, "crowd": -15.0, "hooves": -15.0}),
    "crowd": Condition({"crowd": 0.0, "wind": -15.0}),
    "hooves": Condition({"hooves": 0.0, "crowd": -10.0, "wind": -15.0}),
    "pa": Condition({"pa": 0.0, "crowd": -10.0}),
    "birds": Condition({"birds": 0.0, "wind": -12.0, "crowd": -15.0}),
    "people_whistling": Condition({"people_whistling": 0.0, "crowd": -8.0}),
    "engines": Condition({"engines": 0.0, "wind": -12.0, "crowd": -15.0}),
    "neighs": Condition({"neighs": 0.0, "hooves": -6.0, "crowd": -10.0}),
    "two_umpires": Condition(FIELD_BED, second_umpire=1.0),
    "double_blasts": Condition(FIELD_BED, blasts={2: 0.6, 3: 0.4}),
    "distant_lowpass": Condition(FIELD_BED, distance_m=(150.0, 250.0), lowpass_hz=(3500.0, 6000.0)),
    "low_bitrate_opus": Condition(FIELD_BED, codec="opus", bitrate_kbps=(24, 32)),
    "no_harmonics": Condition(FIELD_BED, no_harmonics=True),
    "electronic": Condition(FIELD_BED, whistle_types={"electronic": 1.0}),
    "horn_only": Condition(FIELD_BED, horns_only=True),
}


@dataclass
class ClipSpec:
    """One clip. Every parameter left None is drawn from the condition's range by the seed; a sweep fixes one.
    Harmonic levels are dB against the fundamental, `ABSENT` (-inf) for none."""

    seed: int
    duration_s: float = 30.0
    condition: str = "field"
    snr_db: float = 10.0
    n_events: int | None = None  # truth events (blasts and horns), 3-8 when drawn
    # whistles
    whistle_type: str | None = None  # pea, pealess, electronic
    f0_hz: float | None = None
    fm_depth: float | None = None
    fm_rate_hz: float | None = None
    am_depth: float | None = None
    h2_db: float | None = None
    h3_db: float | None = None
    whistle_duration_s: float | None = None
    chambers: int | None = None
    chamber_spread: str | None = None  # close, wide
    blasts: int | None = None
    blast_gap_s: float | None = None
    second_umpire: bool | None = None
    # horns
    horns: int | None = None
    horn_f0_hz: float | None = None
    horn_duration_s: float | None = None
    horn_rich: bool | None = None
    # the field and the recording
    distance_m: float | None = None
    temperature_c: float | None = None
    humidity_pct: float | None = None
    rt60_s: float | None = None
    lowpass_hz: float | None = None
    agc: bool | None = None
    clip_db: float | None = None
    # the file
    container: str | None = None  # mp4, webm, mkv, mov
    bitrate_kbps: int | None = None
    fps: str | None = None  # "30000/1001", "25"
    width: int = 320
    height: int = 180

    def __post_init__(self) -> None:
        if self.condition not in CONDITIONS:
            raise ValueError(f"unknown condition {self.condition!r}; known: {', '.join(CONDITIONS)}")
        if self.container is not None and self.container not in FORMATS:
            raise ValueError(f"unknown container {self.container!r}; known: {', '.join(FORMATS)}")
        if self.whistle_type is not None and self.whistle_type not in WHISTLE_TYPES:
            raise ValueError(f"unknown whistle type {self.whistle_type!r}; known: {', '.join(WHISTLE_TYPES)}")
        if self.chamber_spread not in (None, "close", "wide"):
            raise ValueError(f"chamber spread is close or wide, not {self.chamber_spread!r}")
        if self.fps is not None:
            try:
                if Fraction(self.fps) <= 0:
                    raise ValueError(self.fps)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"frame rate {self.fps!r} is not a positive number such as 25 or 30000/1001") from None
        if not 5.0 <= self.duration_s <= 3600.0:
            raise ValueError(f"duration {self.duration_s} s is outside 5-3600 s")

    def to_json(self) -> dict:
        return {key: json_number(value) for key, value in dataclasses.asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict) -> ClipSpec:
        return cls(**{key: from_json_number(value) for key, value in data.items()})


def json_number(value: object) -> object:
    """-inf (an absent harmonic) as the string "absent"; JSON has no infinities."""
    if isinstance(value, float) and math.isinf(value):
        return "absent"
    if isinstance(value, dict):
        return {k: json_number(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_number(v) for v in value]
    return value


def from_json_number(value: object) -> object:
    return ABSENT if value == "absent" else value
