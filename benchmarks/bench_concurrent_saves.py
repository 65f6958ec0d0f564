"""Two processes edit one match document at once: how many edits are lost, how many conflicts
are reported. Each process makes N load-modify-save edits, each adding a tag of its own; a save
that meets a newer revision raises RevisionConflict and the process counts it and tries again
on the saved version (as the app's 'make my change on the saved version' does).

    python benchmarks/bench_concurrent_saves.py [--edits 100]

Prints edits made, edits found in the final document (lost = made - found) and conflicts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from match_docs import base_document, event

from review_app.model import RevisionConflict, load_document, save_document


def writer(path: str, who: str, edits: int, out) -> None:
    conflicts = made = 0
    for n in range(edits):
        while True:
            doc = load_document(path)
            changed = doc.copy()
            changed.data["events"].append(
                event(f"{who}{n}", 10 + n, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}))
            try:
                save_document(changed)
                made += 1
                break
            except RevisionConflict:
                conflicts += 1
    out.put((who, made, conflicts))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m1.json"
        path.write_text(json.dumps(base_document("m1")), "utf-8")
        out = mp.Queue()
        start = time.perf_counter()
        procs = [mp.Process(target=writer, args=(str(path), who, args.edits, out)) for who in ("a", "b")]
        for p in procs:
            p.start()
        results = [out.get() for _ in procs]
        for p in procs:
            p.join()
        seconds = time.perf_counter() - start
        final = {e["id"] for e in load_document(path).events}
    made = sum(r[1] for r in results)
    conflicts = sum(r[2] for r in results)
    print(f"edits made: {made}  found in the document: {len(final)}  lost: {made - len(final)}  "
          f"conflicts reported: {conflicts}  ({seconds:.1f} s)")
    return 0 if made == len(final) else 1


if __name__ == "__main__":
    sys.exit(main())
