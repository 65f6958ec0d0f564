"""Two processes edit one match document at once: are edits lost, are conflicts reported only where
both changed the same thing? Each process makes N load-change-save edits, in turn: a new tag of its
own, its own field of a shared tag, and the same field of another shared tag as the other process
(see tests/concurrent_edits.py). Non-overlapping edits merge; an overlapping one met by the other's
save is a conflict, counted, and made again on the saved version.

    python benchmarks/bench_concurrent_saves.py [--edits 100] [--runs 3]

Prints, per run: edits made, edits missing from the final document, conflicts by kind, and time.
Exit 1 if any edit is lost or any non-overlapping edit conflicted.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from concurrent_edits import count_in, edit_loop, shared_document


def writer(path: str, who: str, edits: int, seed: int, out) -> None:
    out.put(edit_loop(path, who, edits, seed))


def one_run(edits: int, seed: int) -> tuple[dict, list[dict], float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m1.json"
        path.write_text(json.dumps(shared_document()), "utf-8")
        out = mp.Queue()
        start = time.perf_counter()
        procs = [mp.Process(target=writer, args=(str(path), who, edits, seed, out)) for who in ("a", "b")]
        for p in procs:
            p.start()
        results = [out.get() for _ in procs]
        for p in procs:
            p.join()
        seconds = time.perf_counter() - start
        return count_in(path, results), results, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=100, help="edits per process")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ok, times = True, []
    for run in range(args.runs):
        final, results, seconds = one_run(args.edits, run)
        times.append(seconds)
        made = sum(r["made"] for r in results)
        lost = len(final["missing"]) + sum(r["lost_on_save"] for r in results)
        by_kind = {k: sum(r["conflicts"][k] for r in results) for k in ("add", "own", "overlap")}
        merged = sum(r["merged"] for r in results)
        print(f"run {run + 1}: edits made {made}, merged with the other's save {merged}, lost {lost}, "
              f"conflicts: overlapping {by_kind['overlap']}, new tags {by_kind['add']}, "
              f"own fields {by_kind['own']}; final revision {final['revision']}, "
              f"{final['events']} tags; {seconds:.1f} s")
        ok &= lost == 0 and by_kind["add"] == by_kind["own"] == 0
    verdict = "no edit lost" if ok else "EDITS LOST OR FALSE CONFLICTS"
    print(f"median {statistics.median(times):.1f} s per run; {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
