"""Kill a process in the middle of saving a match document, again and again: is the document ever
left unreadable, are temporary files left behind?

    python benchmarks/bench_kill_saves.py [--kills 250]

A child process loads, changes and saves the document in a loop; it is SIGKILLed at a random
moment and the document is read back (see tests/concurrent_edits.py). Prints the kills, the reads
that failed and the temporary files left (a later save removes those older than an hour).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from concurrent_edits import kill_loop, shared_document


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=250)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m1.json"
        path.write_text(json.dumps(shared_document()), "utf-8")
        start = time.perf_counter()
        result = kill_loop(path, args.kills)
    print(f"kills: {result['kills']}  unreadable after a kill: {len(result['broken'])}  "
          f"saves made: {result['final_revision'] - 1}  temporary files left: {result['leftover_temp_files']}  "
          f"({time.perf_counter() - start:.0f} s)")
    for line in result["broken"][:5]:
        print("  ", line)
    return 1 if result["broken"] else 0


if __name__ == "__main__":
    sys.exit(main())
