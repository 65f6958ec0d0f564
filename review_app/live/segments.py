"""A feed's log of closed segments, gaps and whistles, and the SHA-256 chain over its segments.

One folder per feed: `seg-000001.ts` ... and `log.jsonl`, one JSON object a line, appended and fsynced as
each segment closes (a crash loses at most the segment being written, never a line already there):

    {"segment": 1, "file": "seg-000001.ts", "sha256": ..., "chain": ..., "frames": 25, "times": [...], ...}
    {"gap": {"from_s": 12.4, "to_s": 17.5, "from_utc": ..., "to_utc": ...}}
    {"whistle": {"start_s": 31.2, "end_s": 31.7, "heard_utc": ...}}

The chain: chain_0 = SHA-256 of "polo-review live <feed>"; chain_n = SHA-256(chain_{n-1} + sha256_n), both
as hex text. A segment changed, removed or reordered breaks every link after it, so the evidence process
can show the live footage's integrity segment by segment (`verify`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from review_app.ground.files import file_sha256

LOG = "log.jsonl"
SEGMENT_PATTERN = "seg-{:06d}.ts"


def chain_start(feed: str) -> str:
    return hashlib.sha256(f"polo-review live {feed}".encode()).hexdigest()


def chain_next(previous: str, sha256: str) -> str:
    return hashlib.sha256((previous + sha256).encode()).hexdigest()


def append(folder: Path, entry: dict, name: str = LOG) -> None:
    """One line added to the feed's log (or the file `name` in `folder`) and on disk before this returns."""
    line = json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n"
    with open(folder / name, "a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


@dataclass
class FeedLog:
    """What a feed's log says so far. A last line cut off by a crash is ignored."""

    folder: Path
    segments: list[dict] = field(default_factory=list)
    gaps: list[dict] = field(default_factory=list)
    whistles: list[dict] = field(default_factory=list)
    size: int = 0  # bytes of the log read

    @property
    def frames(self) -> int:
        return sum(s["frames"] for s in self.segments)


def read(folder: str | os.PathLike, since: FeedLog | None = None) -> FeedLog:
    """The feed's log; with `since` (an earlier read of it), only the lines added are parsed."""
    folder = Path(folder)
    log = since if since is not None else FeedLog(folder)
    try:
        with open(folder / LOG, "rb") as fh:
            fh.seek(log.size)
            data = fh.read()
    except FileNotFoundError:
        return log
    end = data.rfind(b"\n") + 1  # a line still being written (or cut off) waits for its end
    for raw in data[:end].splitlines():
        try:
            entry = json.loads(raw)
        except ValueError:
            continue
        if "segment" in entry:
            log.segments.append(entry)
        elif "gap" in entry:
            log.gaps.append(entry["gap"])
        elif "whistle" in entry:
            log.whistles.append(entry["whistle"])
    log.size += end
    return log


@dataclass(frozen=True)
class Check:
    segment: int
    file: str
    ok: bool
    problem: str = ""


def verify(folder: str | os.PathLike, feed: str | None = None) -> list[Check]:
    """Every logged segment hashed again and its chain link recomputed; one Check each."""
    folder = Path(folder)
    feed = feed or folder.name
    previous = chain_start(feed)
    checks = []
    for entry in read(folder).segments:
        path = folder / entry["file"]
        expected = chain_next(previous, entry["sha256"])
        if not path.is_file():
            checks.append(Check(entry["segment"], entry["file"], False, "missing"))
        elif file_sha256(path) != entry["sha256"]:
            checks.append(Check(entry["segment"], entry["file"], False, "its SHA-256 differs from the log's"))
        elif entry["chain"] != expected:
            checks.append(Check(entry["segment"], entry["file"], False, "the chain breaks here"))
        else:
            checks.append(Check(entry["segment"], entry["file"], True))
        previous = entry["chain"]
    return checks
