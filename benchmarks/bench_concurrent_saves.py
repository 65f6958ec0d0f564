"""Two processes edit one match document at once: are edits lost, are conflicts reported only where
both changed the same thing? Each process makes N load-change-save edits, in turn: a new tag of its
own, its own field of a shared tag, and the same field of another shared tag as the other process
(see tests/concurrent_edits.py). Non-overlapping edits merge; an overlapping one met by the other's
save is a conflict, counted, and made again on the saved version.

    python benchmarks/bench_concurrent_saves.py [--edits 100] [--runs 3] [--database postgresql://USER@HOST/postgres]

With --database, the two processes are two servers editing the document in a PostgreSQL store (a scratch
database made for each run, dropped after it) instead of one file.

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
sys.path.insert(0, str(ROOT / "benchmarks"))

from concurrent_edits import count_in, edit_loop, shared_document


def writer(path: str, who: str, edits: int, seed: int, out, key: str | None = None) -> None:
    out.put(edit_loop(path, who, edits, seed, key=key))


def one_run(edits: int, seed: int, database: str | None = None) -> tuple[dict, list[dict], float]:
    with tempfile.TemporaryDirectory() as folder:
        if database:
            from bench_store_season import scratch_database

            context = scratch_database(database)
        else:
            import contextlib

            context = contextlib.nullcontext(None)
        with context as url:
            if url:
                from review_app.store import open_matches

                open_matches(url).put_text("m1.json", json.dumps(shared_document()).encode("utf-8"))
                where, key = url, "m1.json"
            else:
                path = Path(folder) / "m1.json"
                path.write_text(json.dumps(shared_document()), "utf-8")
                where, key = str(path), None
            out = mp.Queue()
            start = time.perf_counter()
            procs = [mp.Process(target=writer, args=(where, who, edits, seed, out, key)) for who in ("a", "b")]
            for p in procs:
                p.start()
            results = [out.get() for _ in procs]
            for p in procs:
                p.join()
            seconds = time.perf_counter() - start
            return count_in(where, results, key), results, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=100, help="edits per process")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--database", metavar="URL", help="edit in a PostgreSQL store on this server instead")
    args = parser.parse_args()
    ok, times = True, []
    print(f"store: {'PostgreSQL' if args.database else 'files'}")
    for run in range(args.runs):
        final, results, seconds = one_run(args.edits, run, args.database)
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
