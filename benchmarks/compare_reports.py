"""Compare what two versions of `polo-review check --format json` say: the verdicts, not the bytes.

    python benchmarks/compare_reports.py PATH... [--before REV]     # REV against this checkout
    python benchmarks/compare_reports.py --reports OLD.json NEW.json

The first form takes the code of git revision REV (default: where this branch left main, `git merge-base HEAD
main`, so that what main gained since is not counted as this branch's) out of this repository into a temporary
folder, runs its check on PATH... and then this checkout's, each in its own process, and compares the two reports.
Every event is matched by (match, event id) and compared in each field the report gives it but `document` (the
file's path, which may be written differently); the findings are compared as a list sorted by match, kind and
events, and the summary as a whole. Numbers are compared as read back (1e-07 and 1e-7 are one number). Prints
each difference (the first 20 of each kind) and exits 1 if there is any, 0 if the two reports say the same.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOWN = 20


def run_check(code: Path, paths: list[str], out: Path) -> None:
    """`polo-review check PATH... --format json --out OUT`, with the package imported from `code`."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, "-m", "review_app.cli", "check", *paths, "--format", "json", "--out",
                           str(out)], cwd=code, env=env, stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 2):  # 2: some document could not be read, which the report says
        raise SystemExit(f"check at {code} failed ({done.returncode}): {done.stderr.strip()}")


def export(revision: str, into: Path) -> Path:
    """The files of `revision` (the package, its schemas and locale), as `git archive` gives them."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def _events(report: dict) -> dict[tuple[str, str], dict]:
    events = {}
    for event in report["events"]:
        said = {k: v for k, v in event.items() if k != "document"}
        events[event["match"], event["event"]] = said
    return events


def _findings(report: dict) -> list[dict]:
    return sorted(report["findings"], key=lambda f: (f["match"], f["kind"], f["events"], f["clause"]))


def differences(old: dict, new: dict) -> list[str]:
    """What the two reports say differently, one line each."""
    out = []
    before, after = _events(old), _events(new)
    for key in sorted(before.keys() - after.keys()):
        out.append(f"event {key} only in the old report")
    for key in sorted(after.keys() - before.keys()):
        out.append(f"event {key} only in the new report")
    for key in sorted(before.keys() & after.keys()):
        a, b = before[key], after[key]
        for name in sorted(a.keys() | b.keys()):
            if a.get(name) != b.get(name):
                out.append(f"event {key} {name}: {a.get(name)!r} became {b.get(name)!r}")
    old_findings, new_findings = _findings(old), _findings(new)
    if old_findings != new_findings:
        gone = [f for f in old_findings if f not in new_findings]
        came = [f for f in new_findings if f not in old_findings]
        out.extend(f"finding only in the old report: {f}" for f in gone[:SHOWN])
        out.extend(f"finding only in the new report: {f}" for f in came[:SHOWN])
        if not gone and not came:
            out.append("the same findings, but not as many of each")
    if old["summary"] != new["summary"]:
        out.append(f"summary: {old['summary']} became {new['summary']}")
    if len(old["errors"]) != len(new["errors"]):
        out.append(f"unreadable documents: {len(old['errors'])} became {len(new['errors'])}")
    if old.get("review_decisions") != new.get("review_decisions"):
        out.append("the calls reviewed on replay differ")
    return out


def compare(old_path: Path, new_path: Path) -> int:
    old, new = json.loads(old_path.read_bytes()), json.loads(new_path.read_bytes())
    found = differences(old, new)
    for line in found[:SHOWN * 5]:
        print(line)
    events, findings = len(new["events"]), len(new["findings"])
    if found:
        print(f"{len(found)} differences ({events} events, {findings} findings in the new report)")
        return 1
    print(f"the same verdicts: {events} events, {findings} findings, the same summary")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", metavar="PATH", help="match documents or folders to check with both")
    ap.add_argument("--before", metavar="REV",
                    help="the git revision to compare with (default: the merge base with main)")
    ap.add_argument("--reports", nargs=2, type=Path, metavar=("OLD", "NEW"), help="compare two reports made before")
    ap.add_argument("--keep", type=Path, metavar="DIR", help="keep the two reports in this folder")
    args = ap.parse_args()
    if args.reports:
        return compare(*args.reports)
    if not args.paths:
        ap.error("give the documents to check, or --reports OLD NEW")
    paths = [str(Path(p).resolve()) for p in args.paths]
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        old, new = folder / "old.json", folder / "new.json"
        before = args.before or subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"],
                                               capture_output=True, text=True, check=True).stdout.strip()
        print(f"before: {before}")
        run_check(export(before, Path(tmp) / "before"), paths, old)
        run_check(ROOT, paths, new)
        return compare(old, new)


if __name__ == "__main__":
    sys.exit(main())
