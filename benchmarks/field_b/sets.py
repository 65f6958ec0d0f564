"""Named sets of clips (tuning and evaluation, from disjoint seed ranges) and sweeps of one parameter.

A set is every condition at every SNR, `per_cell` clips each, each clip 20-40 s with 3-8 events, its file in the
format its seed's turn gives (the four containers in rotation; low-bitrate Opus always WebM). The set's
`index.json` lists every clip with its condition, SNR, seed and truth file.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .common import rng_for
from .encode import truth_path, write_clip, write_json_atomic
from .render import render
from .sources import ABSENT
from .spec import CONDITIONS, SNRS_DB, ClipSpec

# seeds: make and sweep each have their own part of a set's range; tune and eval never meet
SEED_RANGES = {
    "tune": {"make": range(50001, 55000), "sweep": range(55001, 59000), "live": range(59001, 60000)},
    "eval": {"make": range(60001, 65000), "sweep": range(65001, 69000), "live": range(69001, 70000)},
}
CLIP_SECONDS = (20.0, 40.0)
SEEDS_PER_SWEEP = 300


@dataclass(frozen=True)
class Sweep:
    """One parameter over its whole range, the others drawn at their typical values (condition "field")."""

    field: str
    values: tuple
    unit: str
    extra: dict = dataclasses.field(default_factory=dict)


SWEEPS: dict[str, Sweep] = {
    "harmonic_level": Sweep("h2_db", (-6.0, -12.0, -18.0, -24.0, -30.0, -40.0, ABSENT), "dB",
                            {"h3_db": "h2_db_minus_6"}),
    "fm_depth": Sweep("fm_depth", (0.0, 0.01, 0.02, 0.04, 0.06, 0.08, 0.10), "fraction", {"whistle_type": "pea"}),
    "fm_rate": Sweep("fm_rate_hz", (15.0, 20.0, 25.0, 30.0, 40.0, 50.0), "Hz", {"whistle_type": "pea"}),
    "am_depth": Sweep("am_depth", (0.0, 0.1, 0.2, 0.3, 0.4, 0.5), "fraction", {"whistle_type": "pea"}),
    "fundamental": Sweep("f0_hz", (2000.0, 2500.0, 3000.0, 3500.0, 4000.0, 4500.0), "Hz"),
    "duration": Sweep("whistle_duration_s", (0.1, 0.2, 0.4, 0.8, 1.5, 2.2, 3.0), "s"),
    "snr": Sweep("snr_db", (-6.0, -3.0, 0.0, 3.0, 6.0, 10.0, 15.0, 20.0), "dB"),
    "lowpass": Sweep("lowpass_hz", (3500.0, 4000.0, 5000.0, 6000.0, 8000.0, 11000.0, 16000.0), "Hz"),
    "bitrate": Sweep("bitrate_kbps", (24, 32, 48, 64, 96, 128), "kbit/s"),
    "distance": Sweep("distance_m", (10.0, 25.0, 50.0, 100.0, 150.0, 200.0, 250.0), "m"),
    "horn_f0": Sweep("horn_f0_hz", (150.0, 200.0, 300.0, 400.0, 500.0, 600.0), "Hz", {"horns": 2}),
    "chambers": Sweep("chambers", (1, 2, 3), "", {"whistle_type": "pealess"}),
}
SWEEP_CONTAINERS = {"bitrate": ("mp4", "webm")}  # a bitrate sweep needs a codec that has one: both lossy ones


def clip_duration(seed: int) -> float:
    return round(float(rng_for(seed, "duration").uniform(*CLIP_SECONDS)), 3)


def set_specs(which: str, conditions: Iterable[str], snrs: Iterable[float], per_cell: int) -> list[ClipSpec]:
    """The clips of a set, SNR by SNR. A clip's seed depends only on its condition's and SNR's places in the full lists
    (CONDITIONS, SNRS_DB) and `per_cell`, so a set of some conditions or SNRs holds the very clips the full set
    holds for them."""
    seeds = SEED_RANGES[which]["make"]
    cells = len(CONDITIONS) * len(SNRS_DB)
    if not 1 <= per_cell <= len(seeds) // cells:
        raise ValueError(f"--per-cell must be 1-{len(seeds) // cells}")
    specs = []
    # every condition at one SNR before the next SNR, so that a set cut short still spans every condition
    for snr in snrs:
        for condition in conditions:
            if float(snr) not in SNRS_DB:
                raise ValueError(f"SNR {snr:g} dB: a set's SNRs are among {', '.join(f'{v:g}' for v in SNRS_DB)} "
                                 "(the snr sweep covers the rest)")
            cell = list(CONDITIONS).index(condition) * len(SNRS_DB) + SNRS_DB.index(float(snr))
            for k in range(per_cell):
                seed = seeds.start + cell * per_cell + k
                specs.append(ClipSpec(seed=seed, duration_s=clip_duration(seed), condition=condition,
                                      snr_db=float(snr)))
    return specs


def _overrides(sweep: Sweep, value: object) -> dict:
    fixed = {sweep.field: value}
    for key, extra in sweep.extra.items():
        if extra == "h2_db_minus_6":
            fixed[key] = value - 6.0 if value != ABSENT else ABSENT
        else:
            fixed[key] = extra
    return fixed


def sweep_specs(which: str, name: str, per_value: int, snr_db: float) -> list[ClipSpec]:
    sweep = SWEEPS[name]
    if per_value * len(sweep.values) > SEEDS_PER_SWEEP:
        raise ValueError(f"a sweep has {SEEDS_PER_SWEEP} seeds: {per_value} per value is too many")
    first = list(SWEEPS).index(name) * SEEDS_PER_SWEEP
    seeds = iter(SEED_RANGES[which]["sweep"][first: first + SEEDS_PER_SWEEP])
    containers = SWEEP_CONTAINERS.get(name, (None,))
    specs = []
    for value in sweep.values:
        for i in range(per_value):
            seed = next(seeds)
            fixed = {"snr_db": snr_db, **_overrides(sweep, value)}
            fixed.setdefault("container", containers[i % len(containers)])
            specs.append(ClipSpec(seed=seed, duration_s=clip_duration(seed), condition="field", **fixed))
    return specs


def clip_name(spec: ClipSpec, tag: str) -> str:
    return f"{tag}_{spec.seed}"


def _make_one(job: tuple[ClipSpec, str, str]) -> dict:
    spec, folder, name = job
    samples, truth = render(spec)
    path = write_clip(samples, truth, Path(folder), name)
    return {"file": str(Path(path).name), "truth": truth_path(Path(path)).name, "seed": spec.seed,
            "condition": spec.condition, "snr_db": spec.snr_db, "events": len(truth["events"]),
            "container": truth["recording"]["container"], "audio_codec": truth["recording"]["audio_codec"]}


def make_clips(jobs: list[tuple[ClipSpec, str, str]], workers: int, index: Path, header: dict,
               extra: Callable[[ClipSpec], dict] = lambda spec: {}) -> Path:
    """Render and write every clip, in `workers` processes, keeping clips already written (truth present);
    the index is rewritten after each clip ("complete": false until the last), so a set cut short is usable
    and the same command resumes it."""
    rows: list[dict | None] = [None] * len(jobs)
    todo = []
    for i, (spec, folder, name) in enumerate(jobs):
        media = [p for p in Path(folder).glob(f"{name}.*") if not p.name.endswith(".json")]
        if media and truth_path(media[0]).exists():
            rows[i] = {**_make_row_from_disk(spec, media[0]), **extra(spec)}
        else:
            todo.append(i)

    def save(complete: bool) -> None:
        write_json_atomic(index, {**header, "complete": complete, "clips": [row for row in rows if row]})

    finished = len(jobs) - len(todo)
    save(not todo)
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        results = (pool.map if pool else map)(_make_one, (jobs[i] for i in todo))
        for i, row in zip(todo, results, strict=True):
            rows[i] = {**row, **extra(jobs[i][0])}
            finished += 1
            print_progress(finished, len(jobs), row)
            save(finished == len(jobs))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return index


def _make_row_from_disk(spec: ClipSpec, media: Path) -> dict:
    import json

    truth = json.loads(truth_path(media).read_text("utf-8"))
    return {"file": media.name, "truth": truth_path(media).name, "seed": spec.seed, "condition": spec.condition,
            "snr_db": spec.snr_db, "events": len(truth["events"]), "container": truth["recording"]["container"],
            "audio_codec": truth["recording"]["audio_codec"]}


def print_progress(done: int, total: int, row: dict) -> None:
    print(f"[{done}/{total}] {row['file']}: {row['condition']} at {row['snr_db']:+g} dB, {row['events']} events",
          file=sys.stderr, flush=True)


def make_set(which: str, out: Path, conditions: list[str], snrs: list[float], per_cell: int,
             workers: int) -> Path:
    specs = set_specs(which, conditions, snrs, per_cell)
    folder = out / which
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(spec, str(folder), clip_name(spec, f"{spec.condition}_{spec.snr_db:+g}dB")) for spec in specs]
    seeds = SEED_RANGES[which]["make"]
    header = {"generator": "benchmarks.field_b", "set": which, "seed_range": [seeds.start, seeds.stop - 1],
              "conditions": conditions, "snrs_db": snrs}
    return make_clips(jobs, workers, folder / "index.json", header)


def make_sweep(which: str, name: str, out: Path, per_value: int, snr_db: float, workers: int) -> Path:
    sweep = SWEEPS[name]
    specs = sweep_specs(which, name, per_value, snr_db)
    folder = out / f"sweep_{name}_{which}"
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(spec, str(folder), clip_name(spec, f"{name}_{_value_tag(getattr(spec, sweep.field))}"))
            for spec in specs]
    header = {"generator": "benchmarks.field_b", "sweep": name, "set": which, "parameter": sweep.field,
              "unit": sweep.unit, "values": ["absent" if v == ABSENT else v for v in sweep.values], "snr_db": snr_db}

    def value(spec: ClipSpec) -> dict:
        fixed = getattr(spec, sweep.field)
        return {"value": "absent" if fixed == ABSENT else fixed}

    return make_clips(jobs, workers, folder / "index.json", header, value)


def _value_tag(value: object) -> str:
    if value == ABSENT:
        return "absent"
    return f"{value:g}" if isinstance(value, float) else str(value)


ALL_CONDITIONS = list(CONDITIONS)
DEFAULT_SNRS = list(SNRS_DB)
