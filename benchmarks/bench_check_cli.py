"""Benchmark and guard: `polo-review check DIR --format json` end to end on a season of 1,000 match documents.

    python benchmarks/bench_check_cli.py [--matches 1000] [--events-per-match 100] [--repeat 5]
                                         [--season DIR] [--save FILE] [--no-subprocess] [--timed] [--guard 4]

Writes the season (named players on every team, some of them knocked unconscious, so the match and
cross-match checks have work to do), then measures in the same run, as medians over the repeats:

- two references, the work no check can avoid: reading every file, parsing it and validating it with the
  compiled jsonschema-rs validator (compiled once before timing), the parse done once by plain stdlib
  `json.loads` (the least work, which the ratios are taken against) and once by the project's strict
  `review_app.model.jsontext.loads` (what `load_document` uses), so neither hides the other;
- the two parses alone, read texts in memory (the strict one's cost against `json.loads`);
- `main(["check", DIR, "--format", "json"])` in this process, standard output sent to a file;
- the same command as a subprocess (`python -m review_app check ...`), start-up and imports included, and the stdlib
  reference as a subprocess too (`python -c`: Python's start, importing json and jsonschema-rs and compiling the
  schema included), so that the command is also set against a command;

and prints each as a ratio to both references, in elapsed time and in CPU time (this process's and its
children's), which a busy machine disturbs less, and each check's time over the stdlib reference of its own repeat
(the median of those ratios, and their range). `--season DIR` keeps the season there (made if the folder
is empty), `--save FILE` keeps the last JSON report, so outputs can be compared across versions
(`benchmarks/compare_reports.py --reports OLD NEW` compares their verdicts).

A guard, not a target: it exits 1 when a check's median over its own repeat's reference (in process, and the
command over the reference as a command) is more than `--guard` times (4). Once it passes, nothing is tuned further.

The check judges each distinct case once (`checker.run.Verdicts`): the season's events are drawn from a
repertoire of calls, as a season's calls repeat, and the benchmark prints how many distinct cases its events
made. `--timed` writes the whistle's moment on every event (0.1-3 s after the incident, as the Review page
tags it), so every case is its own and each event is judged alone: the check's cost where nothing is shared.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_checker import make_season

from review_app.checker.run import Verdicts, check_paths
from review_app.cli import main
from review_app.model import find_documents, jsontext
from review_app.model.io import build, fast_validator

REFERENCE_AS_COMMAND = "stdlib reference as a command (python -c, the same)"

FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elena", "Facundo", "Gala", "Hugo", "Inés", "Juan", "Lucía", "Mateo"]
LAST = ["Pieres", "Cambiaso", "Heguy", "Novillo", "Castagnola", "Zubía", "Merlos", "Laprida", "Astrada",
        "Gracida", "Stirling", "Bollini", "Gómez", "Ruiz", "Ibarra"]


def name_the_players(folder: Path, seed: int = 21) -> None:
    """Give every team four named players (drawn from 180 names, so a name recurs across the same
    day's matches, spelt with stray spaces or capitals now and then) and knock about one player in
    twenty 21.d events unconscious."""
    rng = random.Random(seed)
    names = [f"{a} {b}" for a in FIRST for b in LAST]
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_bytes())
        for team in doc["match"]["teams"]:
            team["players"] = []
            for number in range(1, 5):
                name = rng.choice(names)
                if rng.random() < 0.1:
                    name = " " + name.upper().replace(" ", "  ")
                team["players"].append({"number": number, "name": name})
        for ev in doc["events"]:
            if ev["situation"] == "21.d" and rng.random() < 0.05:
                ev["facts"]["unconscious"] = True
        path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")


def time_the_whistles(folder: Path, seed: int = 22) -> None:
    """Tag every event's whistle 0.1-3 s after its incident: each event then has a timing of its own."""
    rng = random.Random(seed)
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_bytes())
        for ev in doc["events"]:
            pos = ev["position"]
            delay = round(rng.uniform(0.1, 3.0), 2)
            ev["moments"] = {"whistle": {"frame": pos["frame"] + round(delay * 25),
                                         "time_s": round(pos["time_s"] + delay, 2)}}
        path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")


def reference(files: list[Path], parse=jsontext.loads) -> None:
    validator = fast_validator()
    for f in files:
        data = parse(f.read_bytes().decode("utf-8"))
        if not validator.is_valid(data):
            raise SystemExit(f"{f}: not valid")


def parse_only(texts: list[str], parse) -> None:
    for text in texts:
        parse(text)


def in_process(folder: Path, out: Path) -> None:
    with out.open("w", encoding="utf-8") as fh, contextlib.redirect_stdout(fh):
        code = main(["check", str(folder), "--format", "json"])
    if code != 0:
        raise SystemExit(f"check exited {code}")


def as_subprocess(folder: Path, out: Path) -> None:
    # `python -m review_app` is what the installed `polo-review` runs (cli.main), from this checkout. As
    # installed, Python keeps its compiled modules (pip compiles them at install): a PYTHONDONTWRITEBYTECODE
    # set in the environment would have every run compile the whole package again, which no user's does.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with out.open("wb") as fh:
        subprocess.run([sys.executable, "-m", "review_app", "check", str(folder), "--format", "json"], stdout=fh,
                       check=True, cwd=ROOT, env=env)


# The stdlib reference as a process of its own: the least work a command does besides the reference's own (Python's
# start, importing json and jsonschema-rs, compiling the schema), so that the command is set against a command too.
REFERENCE_COMMAND = """
import json, sys
import jsonschema_rs
schema_path, listing_path = sys.argv[1:3]
with open(schema_path, "rb") as fh:
    validator = jsonschema_rs.Draft202012Validator(json.loads(fh.read()), validate_formats=True)
with open(listing_path, encoding="utf-8") as fh:
    paths = fh.read().splitlines()
for path in paths:
    with open(path, "rb") as fh:
        data = json.loads(fh.read().decode("utf-8"))
    if not validator.is_valid(data):
        sys.exit(path + ": not valid")
"""


def reference_as_subprocess(schema: Path, listing: Path) -> None:
    subprocess.run([sys.executable, "-c", REFERENCE_COMMAND, str(schema), str(listing)], check=True, cwd=ROOT)


def cpu_seconds() -> float:
    """CPU time of this process and its finished children: what a run costs even on a busy machine."""
    mine, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timed(files: list[Path], fn, *args, report: Path | None = None) -> tuple[float, float]:
    for f in files:  # every run starts with the files in the page cache, the first as much as the last
        f.read_bytes()
    if report is not None:
        # ... with no report left by the run before: the command writes a new file, as a user's does, not over the
        # last run's 79 MB, whose pages the kernel would free inside the timed run (up to 40 ms of it, measured).
        report.unlink(missing_ok=True)
    # ... with nothing left for the kernel to write back: a check's 79 MB report is written to disk some 30 s later
    # (dirty_expire_centisecs), inside whatever run is timed then, which took the stdlib reference from 0.56 to
    # 0.91 s at random (measured); synced here, outside any timing, every run starts with none pending.
    os.sync()
    gc.collect()  # ... and from the same heap, not the last one's garbage
    t, c = time.perf_counter(), cpu_seconds()
    fn(*args)
    return time.perf_counter() - t, cpu_seconds() - c


def main_bench() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--events-per-match", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--season", type=Path, help="keep the season in this folder (made if empty)")
    ap.add_argument("--save", type=Path, help="keep the last JSON report here")
    ap.add_argument("--no-subprocess", action="store_true", help="measure the command in this process only")
    ap.add_argument("--timed", action="store_true", help="a new season: every event's whistle tagged (nothing shared)")
    ap.add_argument("--guard", type=float, default=4.0,
                    help="exit 1 if a check's median ratio to the stdlib reference is above this (default 4)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.season or Path(tmp) / "season"
        folder.mkdir(parents=True, exist_ok=True)
        if not any(folder.glob("*.json")):
            t = time.perf_counter()
            make_season(folder, args.matches, args.events_per_match)
            name_the_players(folder)
            if args.timed:
                time_the_whistles(folder)
            print(f"generated {args.matches} matches of {args.events_per_match} events in "
                  f"{time.perf_counter() - t:.1f} s")
        files = find_documents([folder])
        size = sum(f.stat().st_size for f in files)
        print(f"season: {len(files)} documents, {size / 2**20:.1f} MiB in {folder}")
        judged = Verdicts()
        events = len(check_paths([folder], verdicts=judged).events)
        print(f"cases: the season's {events} events made {len(judged)} distinct cases judged once each; "
              f"{events - len(judged)} events took the verdict of a case judged before or, timed by their own "
              f"moments, were judged alone")
        t = time.perf_counter()
        fast_validator()
        print(f"schema compiled (jsonschema-rs) in {time.perf_counter() - t:.3f} s, not counted in the reference")
        out = Path(tmp) / "report.json"
        texts = [f.read_bytes().decode("utf-8") for f in files]
        runs = {"stdlib reference: read + json.loads + jsonschema-rs": lambda: reference(files, json.loads),
                "own reference: read + jsontext.loads + jsonschema-rs": lambda: reference(files),
                "parse only: json.loads": lambda: parse_only(texts, json.loads),
                "parse only: jsontext.loads": lambda: parse_only(texts, jsontext.loads),
                "check --format json, in process": lambda: in_process(folder, out)}
        if not args.no_subprocess:
            schema, listing = Path(tmp) / "schema.json", Path(tmp) / "documents.txt"
            schema.write_text(json.dumps(build()), "utf-8")
            listing.write_text("\n".join(map(str, files)), "utf-8")
            runs[REFERENCE_AS_COMMAND] = lambda: reference_as_subprocess(schema, listing)
            runs["check --format json, subprocess"] = lambda: as_subprocess(folder, out)
        times: dict[str, list[float]] = {k: [] for k in runs}
        cpu: dict[str, list[float]] = {k: [] for k in runs}
        for _ in range(args.repeat):
            for name, run in runs.items():  # interleaved, so a busy spell on the machine hits every run
                wall, used = timed(files, run, report=out if name.startswith("check") else None)
                times[name].append(wall)
                cpu[name].append(used)
        print(f"report: {out.stat().st_size / 2**20:.1f} MiB of JSON")
        if args.save:
            args.save.write_bytes(out.read_bytes())
    stdlib, own = list(times)[:2]
    print(f"load: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} CPUs; medians of {args.repeat}")
    print(f"\n{'run':52} {'median s':>9} {'x stdlib':>9} {'x own':>7} {'cpu s':>7} {'x stdlib':>9} {'x own':>7}")
    med = {k: statistics.median(v) for k, v in times.items()}
    med_cpu = {k: statistics.median(v) for k, v in cpu.items()}
    for name in times:
        print(f"{name:52} {med[name]:9.3f} {med[name] / med[stdlib]:9.2f} {med[name] / med[own]:7.2f} "
              f"{med_cpu[name]:7.3f} {med_cpu[name] / med_cpu[stdlib]:9.2f} {med_cpu[name] / med_cpu[own]:7.2f}")
    parse = "parse only: json.loads"
    print(f"\nstrict parse: {med['parse only: jsontext.loads'] / med[parse]:.2f}x json.loads "
          f"({med_cpu['parse only: jsontext.loads'] / med_cpu[parse]:.2f}x in CPU time)")
    # The machine's speed drifts within a run (the reference alone took 0.53 to 0.91 s in one): each check's time
    # over the stdlib reference's of the same repeat, seconds apart, is a ratio the drift moves less.
    print("\neach repeat's run over its own stdlib reference (median, lowest-highest):")
    guarded = {}
    for name in [n for n in times if n.startswith("check")]:
        ratios = sorted(t / r for t, r in zip(times[name], times[stdlib], strict=True))
        print(f"  {name:50} {statistics.median(ratios):5.2f} ({ratios[0]:.2f}-{ratios[-1]:.2f})")
        if name.endswith("in process"):
            guarded[name] = statistics.median(ratios)
    if REFERENCE_AS_COMMAND in times:
        command = "check --format json, subprocess"
        ratios = sorted(t / r for t, r in zip(times[command], times[REFERENCE_AS_COMMAND], strict=True))
        print(f"the command over the stdlib reference as a command: {med[command] / med[REFERENCE_AS_COMMAND]:.2f} "
              f"(medians); each repeat's over its own, median {statistics.median(ratios):.2f} "
              f"({ratios[0]:.2f}-{ratios[-1]:.2f})")
        guarded["the command over the reference as a command"] = statistics.median(ratios)
    return guard(guarded, args.guard)


def guard(ratios: dict[str, float], limit: float) -> int:
    """0 if every guarded ratio is within `limit`, else 1, naming each that is not."""
    over = {name: ratio for name, ratio in ratios.items() if ratio > limit}
    for name, ratio in over.items():
        print(f"GUARD FAILED: {name}: {ratio:.2f} times the stdlib reference, above {limit:g}")
    if not over:
        print(f"guard passed: every check within {limit:g} times the stdlib reference")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main_bench())
