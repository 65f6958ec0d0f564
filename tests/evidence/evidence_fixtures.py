"""What the evidence tests share: the test clock, small generated videos, small match documents.

A module of its own (not conftest) so tests can import it by a name no other test folder uses.
"""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from review_app.model import validate

FPS = 25
FRAMES = 75  # three seconds
END_UTC = "2026-06-14T20:00:00Z"
END = datetime(2026, 6, 14, 20, 0, tzinfo=UTC)
NOW = datetime(2026, 6, 16, 9, 0, tzinfo=UTC)  # the tests' "now": the morning after the window closed
# The tests' receipts are recorded at NOW and claim an earlier time: a committee member on the server's command line
# attests it, so it counts (without, the 24 hours count from NOW: `test_evidence_times`).
ATTEST = ("committee", "command-line")

EXCUSED_MOUNT = "Blue Moon"
NEVER_EXCUSED_MOUNT = "Chispa"


def _frames(seed: int):
    rng = np.random.default_rng(seed)
    base = rng.integers(0, 255, (96, 128, 3), dtype=np.uint8)
    for i in range(FRAMES):
        img = base.copy()
        img[:, : 4 + i] = (0, 200, 0)  # a bar that grows one column a frame
        yield img


def write_video(path: Path, seed: int = 1) -> Path:
    from review_app.footage import VideoWriter

    with VideoWriter(path, 128, 96, fps=FPS, codec="h264", gop=25) as w:
        for img in _frames(seed):
            w.write(img)
    return path


MATCH = {
    "schema_version": "1.0",
    "revision": 0,
    "match": {
        "id": "m21",
        "name": "Aurora v Bravo, final",
        "date": "2026-06-14",
        "end_time_utc": END_UTC,
        "periods": 6,
        "teams": [
            {"id": "A", "name": "Aurora", "players": [{"number": n} for n in (1, 2, 3, 4)]},
            {"id": "B", "name": "Bravo", "players": [{"number": n} for n in (1, 2, 3, 4)]},
        ],
    },
    "footage": {"path": "match.mp4"},
    "events": [
        {"id": "e1", "position": {"frame": 100, "time_s": 4.0}, "period": 1, "clock": "5:10",
         "situation": "21.f(2)", "facts": {"ball_out_of_play_or_neutral": True},
         "call": {"time_allowed_s": 60, "restart": "throw_in"},
         "involved": {"players": [{"team": "A", "number": 3, "mount": NEVER_EXCUSED_MOUNT}]}},
        {"id": "e2", "position": {"frame": 500, "time_s": 20.0}, "period": 2, "clock": "3:02",
         "situation": "21.f(1)(i)", "facts": {"visibly_injured_or_distressed": True},
         "call": {"whistle": "at_once", "mount_excused": True, "restart": "throw_in",
                  "announcement": "ALL MAY CHANGE"},
         "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}], "mount": EXCUSED_MOUNT}},
    ],
}


# The excused mount ridden again after its excusal: what a 21.f(5) case is about.
RETURNED = {"id": "e3", "position": {"frame": 900, "time_s": 36.0}, "period": 3, "clock": "6:00",
            "situation": "21.f(2)", "facts": {"ball_out_of_play_or_neutral": True},
            "call": {"time_allowed_s": 60, "restart": "throw_in"},
            "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}]}}
NO_EXCUSAL = [MATCH["events"][0]]  # Chispa only, never excused


def write_match(folder: Path, events: list[dict] | None = None, **match_changes) -> Path:
    """The test match (or one with other `events`), with `match_changes` applied, as `<folder>/<id>.json`."""
    data = copy.deepcopy(MATCH)
    data["match"].update(match_changes)
    if events is not None:
        data["events"] = copy.deepcopy(events)
    validate(data)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{data['match']['id']}.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def flip_byte(path: Path, offset: int = 2000) -> None:
    """Tamper with a stored original the way a careless or dishonest hand would."""
    import os

    os.chmod(path, 0o644)
    data = bytearray(path.read_bytes())
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))
    os.chmod(path, 0o444)


def forge_log(path: Path, change) -> None:
    """Rewrite a case log with `change(entries)` applied, renumbered, every hash recomputed: a forgery whose
    chain is whole, so only the log's own rules can tell it from a log the tool wrote."""
    from review_app.evidence.canonical import GENESIS, canonical, entry_hash

    entries = [json.loads(line) for line in path.read_bytes().splitlines()]
    change(entries)
    prev, out = GENESIS, b""
    for n, e in enumerate(entries, start=1):
        e.pop("hash", None)
        e["seq"], e["prev"] = n, prev
        e["hash"] = prev = entry_hash(e)
        out += canonical(e) + b"\n"
    path.write_bytes(out)
