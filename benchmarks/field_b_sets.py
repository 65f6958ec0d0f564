"""The second field generator's made sets, read as the benchmarks read the first's clips.

The second generator (benchmarks/field_b, written apart from the detector, from the description of
real whistles and fields alone) writes each clip as a video file with its truth beside it
(`NAME.truth.json`: the condition, the SNR, the spec the clip was drawn from, and each event's kind,
onset and offset on the file's clock). It is used here as a black box: only its files are read.

Each blast is one true whistle, as in the first generator's truth: where two umpires' whistles
overlap, the second generator gives one event with a component per umpire, and each component is a
whistle of its own here (the detector reports each umpire's blast).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from review_app.sound import Recording, decode_sound


@dataclass(frozen=True)
class Truth:
    kind: str  # "whistle" | "horn"
    start_s: float
    end_s: float


@dataclass
class Item:
    """One clip of a made set: its file, condition, SNR, frame rate, true sounds and spec."""

    path: Path
    name: str
    condition: str
    snr_db: float
    fps: float
    truth: list[Truth] = field(default_factory=list)
    spec: dict = field(default_factory=dict)
    recording: dict = field(default_factory=dict)


def _truths(events: list[dict]) -> list[Truth]:
    out = []
    for e in events:
        parts = e.get("components") or [e]
        out += [Truth(e["kind"], float(p["onset_s"]), float(p["offset_s"])) for p in parts]
    return sorted(out, key=lambda t: t.start_s)


def items(where: Path) -> list[Item]:
    """Every clip under `where` (a made set's folder, searched below too) whose truth and file are both
    there, in name order."""
    out = []
    for truth_file in sorted(Path(where).rglob("*.truth.json")):
        data = json.loads(truth_file.read_text(encoding="utf-8"))
        media = truth_file.with_name(data.get("media", {}).get("file", ""))
        if not media.is_file():
            continue
        fps = data.get("media", {}).get("fps") or data.get("recording", {}).get("fps") or "25"
        out.append(Item(media, media.stem, str(data.get("condition", "")), float(data.get("snr_db", 0.0)),
                        float(Fraction(str(fps))), _truths(data.get("events", [])), data.get("spec", {}),
                        data.get("recording", {})))
    return out


def recording(item: Item) -> Recording:
    """The clip's sound as the app decodes it, on the file's own clock (its truth's)."""
    return decode_sound(item.path)
