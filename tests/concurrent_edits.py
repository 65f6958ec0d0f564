"""Reviewers editing one match document from separate processes, as the tests and the benchmarks
run them (import as `concurrent_edits`).

`edit_loop` is one reviewer making N load-change-save edits of three kinds, in turn:
- "add":     a new tag of their own (both take the next free id: the save merges and renames);
- "own":     their own field of the shared tag e1 (A: notes, B: clock), so never an overlap;
- "overlap": the same field of tag e2 (notes) as the other reviewer: a true overlap when the
             other saved it since this copy was read. The conflict is counted and the edit made
             again on the saved version, as the app's 'make my change on the saved version' does.
After each save it checks that the document as saved holds its edit; an edit the save dropped is
counted as lost on the spot.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from match_docs import base_document, event

KINDS = ("add", "own", "overlap")
OWN_FIELD = {"a": "notes", "b": "clock"}


def shared_document(match_id: str = "m1") -> dict:
    doc = base_document(match_id)
    doc["events"] = [
        event("e1", 10, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}),
        event("e2", 20, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}),
    ]
    return doc


def _own_value(who: str, n: int) -> str:
    return f"a{n}" if who == "a" else f"{n // 60 % 100}:{n % 60:02d}"


def _apply(doc, who: str, n: int, kind: str) -> tuple[str, str, str]:
    """Make edit n; returns (tag id, field, value) to find it by in the saved document."""
    from review_app.model import next_event_id

    if kind == "add":
        eid = next_event_id(doc)
        doc.events.append(event(eid, 100 + n, "21.i", {"cannot_be_dropped_immediately": True},
                                {"whistle": "at_once"}) | {"notes": f"{who}-add-{n}"})
        return eid, "notes", f"{who}-add-{n}"
    if kind == "own":
        field, value = OWN_FIELD[who], _own_value(who, n)
        doc.event("e1")[field] = value
        return "e1", field, value
    doc.event("e2")["notes"] = f"{who}-overlap-{n}"
    return "e2", "notes", f"{who}-overlap-{n}"


def edit_loop(path: str, who: str, edits: int, seed: int = 0, key: str | None = None) -> dict:
    """`path`: the document's file; or, with `key`, a store location (a database URL) and the document's key."""
    from review_app.checker.season import SEASON
    from review_app.model import RevisionConflict, load_document
    from review_app.store import open_matches

    load = load_document
    # The store the loop saves through, opened as the command line and the app open theirs: with the checker's verdicts
    store = open_matches(path if key is not None else Path(path).parent, verdicts=SEASON)
    if key is not None:  # the same loop, through the store
        load = lambda _path: store.load(key)
    rng = random.Random(f"{who}{seed}")
    made, lost, merged = 0, 0, 0
    conflicts = dict.fromkeys(KINDS, 0)
    last: dict[str, str] = {}
    for n in range(edits):
        kind = KINDS[n % 3]
        while True:
            doc = load(path)
            eid, field, value = _apply(doc, who, n, kind)
            time.sleep(rng.random() / 100)  # the reviewer's think time, so the other's saves come in between
            try:
                saved = store.save(doc)
            except RevisionConflict:
                conflicts[kind] += 1
                continue  # made again on the saved version
            break
        made += 1
        merged += saved.merged is not None
        found = saved.event(saved.renamed(eid)) or {}
        if found.get(field) != value:
            lost += 1
        if kind != "add":
            last[f"{eid}.{field}"] = value
    return {"who": who, "made": made, "merged": merged, "lost_on_save": lost, "conflicts": conflicts, "last": last}


def count_in(path: str | Path, results: list[dict], key: str | None = None) -> dict:
    """What of the edits reported is in the document at the end (`path` and `key` as for `edit_loop`)."""
    if key is not None:
        from review_app.store import open_matches

        doc = json.loads(open_matches(str(path)).load(key).source)
    else:
        doc = json.loads(Path(path).read_text("utf-8"))
    events = {e["id"]: e for e in doc["events"]}
    adds = {e.get("notes") for e in doc["events"]}
    missing = []
    for r in results:
        who = r["who"]
        for n in range(r["made"]):
            if KINDS[n % 3] == "add" and f"{who}-add-{n}" not in adds:
                missing.append(f"{who}-add-{n}")
        field = OWN_FIELD[who]
        if r["last"].get(f"e1.{field}") is not None and events["e1"].get(field) != r["last"][f"e1.{field}"]:
            missing.append(f"{who}: e1.{field}")
    overlap_final = events["e2"].get("notes")
    if overlap_final not in {r["last"].get("e2.notes") for r in results}:
        missing.append("e2.notes (neither reviewer's last value)")
    return {"revision": doc["revision"], "events": len(doc["events"]), "missing": missing}


# -- killing a saving process -------------------------------------------------------------------
SAVER = """
import sys
sys.path[:0] = {paths!r}
from pathlib import Path
from review_app.checker.season import SEASON
from review_app.model import load_document
from review_app.store import open_matches
path = sys.argv[1]
store = open_matches(Path(path).parent, verdicts=SEASON)
while True:
    doc = load_document(path)
    doc.events[0]["notes"] = "x" * (doc.revision % 5000)
    store.save(doc)
    print(doc.revision + 1, flush=True)
"""


def kill_loop(path: Path, kills: int, seed: int = 0) -> dict:
    """Start a process saving the document over and over, SIGKILL it at a random moment, read the
    document; `kills` times. Returns how many reads failed and how many saves were made."""
    from review_app.model import load_document

    rng = random.Random(seed)
    root = Path(__file__).resolve().parents[1]
    code = SAVER.format(paths=[str(root), str(root / "tests")])
    broken, revisions = [], []
    for _ in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        assert proc.stdout is not None
        proc.stdout.readline()  # it is saving
        time.sleep(rng.random() / 20)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        try:
            revisions.append(load_document(path).revision)
        except Exception as exc:
            broken.append(str(exc))
    leftovers = [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    return {"kills": kills, "broken": broken, "final_revision": revisions[-1] if revisions else None,
            "leftover_temp_files": len(leftovers)}
