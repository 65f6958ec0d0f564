"""Benchmark: `polo-review check --format json` counted in instructions, which a busy machine disturbs less.

    python benchmarks/bench_check_instructions.py --season DIR

Runs under valgrind (callgrind), each in its own process, on the season in DIR (made by bench_check_cli.py):
the imports alone, the stdlib reference (read, `json.loads`, the compiled jsonschema-rs validator), the check in
that process (`cli.main`), and the command (`python -m review_app check`). Prints the check as a ratio to the
reference, in process (the imports' count taken from both) and as a command (start-up included). Needs valgrind
(Debian's package); takes a few minutes on 200 matches.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def counted(args: list[str]) -> int:
    """The instructions a process ran, as callgrind counts them."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args],
                         capture_output=True, text=True, cwd=ROOT,
                         env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} |
                         {"PYTHONHASHSEED": "0"})
    found = re.search(r"refs:\s*([\d,]+)", run.stderr)
    if run.returncode != 0 or not found:
        raise SystemExit(f"valgrind {' '.join(args)}: {run.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1).replace(",", ""))


def one_part(mode: str, folder: str) -> None:
    from review_app.cli import main
    from review_app.model import find_documents
    from review_app.model.io import fast_validator

    files, validator = find_documents([folder]), fast_validator()
    if mode == "reference":
        for f in files:
            if not validator.is_valid(json.loads(f.read_bytes().decode("utf-8"))):
                raise SystemExit(f"{f}: not valid")
    elif mode == "check":
        with open(os.devnull, "w", encoding="utf-8") as sink:
            sys.stdout = sink
            main(["check", folder, "--format", "json"])


def main_bench() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--season", required=True, help="a folder of match documents (bench_check_cli.py --season)")
    ap.add_argument("--part", choices=("imports", "reference", "check"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.part:
        one_part(args.part, args.season)
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    me = [sys.executable, __file__, "--season", args.season, "--part"]
    imports = counted([*me, "imports"])
    reference = counted([*me, "reference"]) - imports
    check = counted([*me, "check"]) - imports
    command = counted([sys.executable, "-m", "review_app", "check", args.season, "--format", "json"])
    print(f"stdlib reference: {reference / 1e9:.2f} G instructions")
    print(f"check --format json, in process: {check / 1e9:.2f} G, {check / reference:.2f}x the reference")
    print(f"check --format json, as a command: {command / 1e9:.2f} G, {command / reference:.2f}x the reference")


if __name__ == "__main__":
    main_bench()
