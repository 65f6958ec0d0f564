"""A clip spec made into sound and truth: the bed, the calls laid out in time, each blast carried across the field
and set at the spec's signal-to-noise ratio, then the recording device's path.

Truth times are where the sound reaches the microphone (the Umpire blew `distance / c` earlier, also recorded).
A truth event is a maximal span of whistle sound: a double blast is two events (its gap is silence at the
source), and when the second Umpire's whistle overlaps the first's, the two make one event whose onset is the
first sound to arrive and whose offset the last (both are listed as its components), since a listener hears one
stoppage there and no detector could say where one ends.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass

import numpy as np

from . import beds
from .channel import Air, Chain, Room, record, reverberate, room_response, travel
from .common import SAMPLE_RATE, a_weighted_rms, db_to_gain, rng_for
from .sources import (
    ABSENT,
    HornSound,
    WhistleSound,
    draw_horn,
    draw_whistle,
    synth_horn,
    synth_whistle,
)
from .spec import CONDITIONS, FORMATS, FRAME_RATES, ClipSpec, Condition, json_number

GENERATOR = "benchmarks.field_b"
VERSION = 1
SNR_DEFINITION = (
    "A-weighted (IEC 61672-1) RMS of the event's sound at the microphone (after travel and reverberation) over "
    "its span [onset_s, offset_s], against the A-weighted RMS of the whole bed (all backgrounds and distractors, "
    "no event) over the whole clip; both before the recording device's clipping, gain control, low-pass and codec."
)
MIN_SILENCE_S = 1.5  # between calls, so that no two calls' sounds (and reverberation) run together


@dataclass
class Blast:
    kind: str  # whistle or horn
    source: WhistleSound | HornSound
    arrival_s: float
    distance_m: float
    umpire: int = 1  # 2 for the second Umpire's whistle
    snr_offset_db: float = 0.0  # the second Umpire is heard this much below the spec's SNR

    @property
    def end_s(self) -> float:
        return self.arrival_s + self.source.duration_s


@dataclass
class Recording:
    air: Air
    room: Room
    chain: Chain
    ground_gain: float
    container: str
    video_codec: str
    audio_codec: str
    bitrate_kbps: int | None
    fps: str


@dataclass
class Parts:
    """A clip's pieces, kept for measuring the generator itself."""

    bed: np.ndarray  # at the microphone
    events: np.ndarray  # every event's sound at the microphone, summed
    samples: np.ndarray  # the recording (float32)
    truth: dict


def _pick(rng: np.random.Generator, weights: dict) -> object:
    keys = list(weights)
    p = np.asarray([weights[k] for k in keys], dtype=float)
    return keys[int(rng.choice(len(keys), p=p / p.sum()))]


def resolve_recording(spec: ClipSpec, cond: Condition) -> Recording:
    rng = rng_for(spec.seed, "recording")
    air = Air(spec.temperature_c if spec.temperature_c is not None else float(rng.uniform(5, 35)),
              spec.humidity_pct if spec.humidity_pct is not None else float(rng.uniform(20, 90)))
    room = Room(rt60_s=spec.rt60_s if spec.rt60_s is not None else float(rng.uniform(0.2, 1.0)),
                critical_distance_m=float(rng.uniform(50, 150)), predelay_s=float(rng.uniform(0.01, 0.05)))
    lo, hi = cond.lowpass_hz
    chain = Chain(
        lowpass_hz=spec.lowpass_hz if spec.lowpass_hz is not None else float(np.exp(rng.uniform(np.log(lo),
                                                                                                  np.log(hi)))),
        highpass_hz=float(rng.uniform(80, 200)) if rng.random() < 0.5 else 0.0,
        agc=spec.agc if spec.agc is not None else bool(rng.random() < 0.4),
        agc_attack_s=float(rng.uniform(0.005, 0.05)), agc_release_s=float(rng.uniform(0.3, 3.0)),
        agc_max_gain_db=float(rng.uniform(12, 30)),
        clip_db=spec.clip_db if spec.clip_db is not None else (float(rng.uniform(1, 8)) if rng.random() < 0.15
                                                               else 0.0),
        level_dbfs=float(rng.uniform(-26, -16)))
    containers = list(FORMATS)
    container = spec.container or ("webm" if cond.codec == "opus" else containers[spec.seed % len(containers)])
    video_codec, audio_codec = FORMATS[container]
    bitrate = spec.bitrate_kbps
    if bitrate is None and audio_codec != "pcm":
        low, high = cond.bitrate_kbps or ((64, 128) if audio_codec == "aac" else (32, 96))
        bitrate = int(rng.integers(low, high + 1))
    fps = spec.fps or FRAME_RATES[(spec.seed // len(containers)) % len(FRAME_RATES)]
    return Recording(air, room, chain, float(rng.uniform(0.2, 0.7)), container, video_codec, audio_codec,
                     bitrate, fps)


def _whistle_for(spec: ClipSpec, cond: Condition, rng: np.random.Generator, whistle_type: str) -> WhistleSound:
    absent = ABSENT if cond.no_harmonics else None
    return draw_whistle(rng, whistle_type, f0_hz=spec.f0_hz, duration_s=spec.whistle_duration_s,
                        h2_db=spec.h2_db if spec.h2_db is not None else absent,
                        h3_db=spec.h3_db if spec.h3_db is not None else absent,
                        fm_depth=spec.fm_depth, fm_rate_hz=spec.fm_rate_hz, am_depth=spec.am_depth,
                        chambers=spec.chambers, chamber_spread=spec.chamber_spread)


def _distance(spec: ClipSpec, cond: Condition, rng: np.random.Generator) -> float:
    return spec.distance_m if spec.distance_m is not None else float(rng.uniform(*cond.distance_m))


def _whistle_call(spec: ClipSpec, cond: Condition, rng: np.random.Generator, room_left: int) -> list[Blast]:
    """One Umpire's call of 1-3 blasts (one whistle, so one pitch and timbre), maybe joined by the other
    Umpire's whistle; arrival times relative to the call's first sound."""
    whistle_type = spec.whistle_type or str(_pick(rng, cond.whistle_types))
    sound = _whistle_for(spec, cond, rng, whistle_type)
    joined = spec.second_umpire if spec.second_umpire is not None else bool(rng.random() < cond.second_umpire)
    # when the other Umpire joins, the call is one blast each, so that the joined whistle never bridges two
    # blasts into one event
    count = 1 if joined else (spec.blasts or int(_pick(rng, cond.blasts)))
    count = max(1, min(count, room_left))
    distance = _distance(spec, cond, rng)
    blasts, t = [], 0.0
    for i in range(count):
        blast = copy.deepcopy(sound)
        if count > 1 and spec.whistle_duration_s is None:
            blast.duration_s = float(np.exp(rng.uniform(np.log(0.1), np.log(1.0))))
        blasts.append(Blast("whistle", blast, t, distance))
        gap = spec.blast_gap_s if spec.blast_gap_s is not None else float(rng.uniform(0.05, 0.5))
        t = blasts[-1].end_s + gap if i < count - 1 else t
    if joined:
        other = _whistle_for(spec, cond, rng, spec.whistle_type or str(_pick(rng, cond.whistle_types)))
        if spec.whistle_duration_s is None:
            other.duration_s = float(rng.uniform(0.3, 2.0))
        lag = float(rng.uniform(0.0, min(0.4, blasts[0].source.duration_s * 0.8)))
        blasts.append(Blast("whistle", other, lag, _distance(spec, cond, rng), umpire=2,
                            snr_offset_db=-float(rng.uniform(0.0, 6.0))))
    return blasts


def plan_calls(spec: ClipSpec, cond: Condition) -> list[list[Blast]]:
    """The calls of a clip in order, each a list of blasts with arrival times relative to the call."""
    rng = rng_for(spec.seed, "plan")
    target = spec.n_events if spec.n_events is not None else int(rng.integers(3, 9))
    horns = spec.horns if spec.horns is not None else (
        target if cond.horns_only else int(rng.random() < cond.horn_chance))
    calls: list[list[Blast]] = []
    events = horns
    while events < target:
        call = _whistle_call(spec, cond, rng, target - events)
        calls.append(call)
        events += sum(1 for blast in call if blast.umpire == 1)
    for _ in range(horns):
        horn = draw_horn(rng, f0_hz=spec.horn_f0_hz, duration_s=spec.horn_duration_s, rich=spec.horn_rich)
        calls.insert(int(rng.integers(0, len(calls) + 1)), [Blast("horn", horn, 0.0, _distance(spec, cond, rng))])
    return calls


def lay_out(spec: ClipSpec, calls: list[list[Blast]]) -> list[Blast]:
    """Calls placed in the clip with at least MIN_SILENCE_S between them and the rest of the time spread at
    random; calls that do not fit are dropped from the end (the truth lists only what was placed)."""
    rng = rng_for(spec.seed, "layout")
    start, end_margin = 0.5, 1.5
    while calls:
        spans = [max(b.end_s for b in call) for call in calls]
        free = spec.duration_s - start - end_margin - sum(spans) - MIN_SILENCE_S * (len(calls) - 1)
        if free >= 0:
            break
        calls = calls[:-1]
    shares = rng.dirichlet(np.ones(len(calls) + 1)) * free if calls else []
    placed, t = [], start
    for i, call in enumerate(calls):
        t += float(shares[i])
        for blast in call:
            placed.append(dataclasses.replace(blast, arrival_s=t + blast.arrival_s))
        t += max(b.end_s for b in call) - min(b.arrival_s for b in call) + MIN_SILENCE_S
    return placed


def make_bed(spec: ClipSpec, cond: Condition, n: int) -> tuple[np.ndarray, list[dict]]:
    """The bed at unit A-weighted RMS: each source brought to its condition level, summed."""
    bed = np.zeros(n)
    spans: list[dict] = []
    for name, level_db in cond.bed.items():
        sound, made = beds.MAKERS[name](rng_for(spec.seed, "bed", name), n, SAMPLE_RATE)
        bed += sound * (db_to_gain(level_db) / (a_weighted_rms(sound) or 1.0))
        spans += [dataclasses.asdict(span) for span in made]
    bed /= a_weighted_rms(bed) or 1.0
    return bed, sorted(spans, key=lambda s: s["onset_s"])


def _blast_at_mic(spec: ClipSpec, rec: Recording, blast: Blast, index: int,
                  source_seed: int | None = None) -> np.ndarray:
    """The blast as the microphone hears it, at the spec's SNR. `source_seed` makes the sound at the source
    that of another stream (two cameras hearing one whistle); by default the clip's own."""
    rng = rng_for(spec.seed, "blast", index)
    source_rng = rng if source_seed is None else rng_for(source_seed, "blast", index)
    if isinstance(blast.source, HornSound):
        dry = synth_horn(source_rng, blast.source)
    else:
        dry = synth_whistle(source_rng, blast.source)
    wet = travel(dry, blast.distance_m, rec.air, ground_gain=rec.ground_gain,
                 source_height_m=3.0 if blast.kind == "horn" else 2.5)
    wet = reverberate(wet, room_response(rng, rec.room, blast.distance_m))
    span = int(round(blast.source.duration_s * SAMPLE_RATE))
    wanted = db_to_gain(spec.snr_db + blast.snr_offset_db)  # against the bed's A-weighted RMS of 1
    return wet * (wanted / (a_weighted_rms(wet[:span]) or 1.0))


def _truth_events(blasts: list[Blast], events: np.ndarray, bed_rms: float, speed: float) -> list[dict]:
    """Blasts into truth events: whistle sounds that overlap are one event."""
    order = sorted(range(len(blasts)), key=lambda i: blasts[i].arrival_s)
    groups: list[list[int]] = []
    for i in order:
        b = blasts[i]
        if groups and b.kind == "whistle" and blasts[groups[-1][0]].kind == "whistle" and \
                b.arrival_s < max(blasts[j].end_s for j in groups[-1]):
            groups[-1].append(i)
        else:
            groups.append([i])
    out = []
    for group in groups:
        onset = min(blasts[j].arrival_s for j in group)
        offset = max(blasts[j].end_s for j in group)
        a, z = int(round(onset * SAMPLE_RATE)), int(round(offset * SAMPLE_RATE))
        components = [{"umpire": blasts[j].umpire, "onset_s": round(blasts[j].arrival_s, 6),
                       "offset_s": round(blasts[j].end_s, 6), "distance_m": round(blasts[j].distance_m, 2),
                       "emitted_s": round(blasts[j].arrival_s - blasts[j].distance_m / speed, 6),
                       "source": json_number(dataclasses.asdict(blasts[j].source))} for j in group]
        out.append({"kind": blasts[group[0]].kind, "onset_s": round(onset, 6), "offset_s": round(offset, 6),
                    "snr_db": round(float(20 * np.log10((a_weighted_rms(events[a:z]) or 1e-12) / bed_rms)), 2),
                    "umpires": len({blasts[j].umpire for j in group}), "components": components})
    return out


def render_parts(spec: ClipSpec) -> Parts:
    cond = CONDITIONS[spec.condition]
    return render_blasts(spec, resolve_recording(spec, cond), lay_out(spec, plan_calls(spec, cond)))


def render_blasts(spec: ClipSpec, rec: Recording, blasts: list[Blast], source_seed: int | None = None) -> Parts:
    """The spec's bed with the given blasts (arrival times in the clip), through the recording `rec`."""
    cond = CONDITIONS[spec.condition]
    n = int(round(spec.duration_s * SAMPLE_RATE))
    bed, distractors = make_bed(spec, cond, n)
    events = np.zeros(n)
    for i, blast in enumerate(blasts):
        sound = _blast_at_mic(spec, rec, blast, i, source_seed)
        a = int(round(blast.arrival_s * SAMPLE_RATE))
        events[a: a + sound.size] += sound[: n - a]
    samples = record(bed + events, rec.chain)
    truth = {
        "generator": GENERATOR, "version": VERSION, "sample_rate": SAMPLE_RATE, "duration_s": spec.duration_s,
        "condition": spec.condition, "snr_db": spec.snr_db, "snr_definition": SNR_DEFINITION,
        "spec": spec.to_json(), "recording": json_number(dataclasses.asdict(rec)),
        "events": _truth_events(blasts, events, a_weighted_rms(bed), rec.air.speed),
        "distractors": distractors,
    }
    return Parts(bed, events, samples, truth)


def render(spec: ClipSpec) -> tuple[np.ndarray, dict]:
    """The clip's recording (mono float32 at 48 kHz, before any codec) and its truth."""
    parts = render_parts(spec)
    return parts.samples, parts.truth
