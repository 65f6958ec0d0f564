"""Benchmark: a season's verdict counts by clause and umpire, asked of the file store and of the
PostgreSQL store, on the same 100,000 events in one run.

    python benchmarks/bench_store_season.py --database postgresql://USER@HOST/postgres \
        [--matches 1000] [--events-per-match 100] [--repeat 3]

The season is bench_checker's (seeded), written as match documents into a file store, then copied
into a fresh database (`store copy`, which checks each document once and keeps its events' verdicts).
Times, as medians over the repeats: the file store reading, validating and checking every document
to count (`verdict_counts`), and the database answering the same question with one query; the counts
must be equal. Also printed: the one-time copy into the database. The database named is used only to
create a scratch database, dropped at the end ($POLO_REVIEW_TEST_PG if --database is not given).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_checker import make_season

from review_app.checker.season import SEASON
from review_app.store import open_store
from review_app.store.copy import copy_store
from review_app.store.postgres.db import forget
from review_app.store.postgres.schema import migrate


def _scratch(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/polo_review_bench_{uuid.uuid4().hex[:8]}", parts.query, ""))


@contextlib.contextmanager
def scratch_database(server: str) -> Iterator[str]:
    """A fresh database on `server`, at the newest schema, dropped afterwards."""
    import psycopg

    url = _scratch(server)
    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        migrate(url)
        yield url
    finally:
        forget(url)
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _median(f, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--database", default=os.environ.get("POLO_REVIEW_TEST_PG"),
                    help="a server where a scratch database may be created (default $POLO_REVIEW_TEST_PG)")
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--events-per-match", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if not args.database:
        ap.error("give --database postgresql://USER@HOST/postgres (or set POLO_REVIEW_TEST_PG)")
    n_events = args.matches * args.events_per_match
    with scratch_database(args.database) as scratch, tempfile.TemporaryDirectory() as tmp:
        files = open_store(Path(tmp) / "files", verdicts=SEASON)  # as the command line opens its stores
        files.matches.folder.mkdir(parents=True)
        t = time.perf_counter()
        make_season(files.matches.folder, args.matches, args.events_per_match)
        print(f"generated {args.matches} matches, {n_events:,} events in {time.perf_counter() - t:.1f} s")
        database = open_store(scratch, files=Path(tmp) / "shared", verdicts=SEASON)
        t = time.perf_counter()
        copy_store(files, database)
        copied = time.perf_counter() - t
        print(f"copied into PostgreSQL (each document checked once, its events' verdicts kept): {copied:.1f} s")
        season = (date(2026, 1, 1), date(2026, 12, 31))
        t_files, on_files = _median(lambda: files.matches.verdict_counts(*season), args.repeat)
        t_db, in_db = _median(lambda: database.matches.verdict_counts(*season), args.repeat)
    counted = sum(c.events for c in in_db)
    same = on_files == in_db
    print(f"\nseason 2026: {counted:,} events in {len(in_db)} (clause, umpire, verdict) rows; "
          f"the two stores' counts {'are equal' if same else 'DIFFER'}")
    print(f"\n{'store':36} {'median s':>10} {'events/s':>14}")
    print(f"{'files (read, validate, check all)':36} {t_files:10.3f} {counted / t_files:14,.0f}")
    print(f"{'postgresql (one GROUP BY query)':36} {t_db:10.3f} {counted / t_db:14,.0f}")
    print(f"\nratio: the database answers {t_files / t_db:,.0f}x faster than the file store")
    return 0 if same and counted == n_events else 1


if __name__ == "__main__":
    sys.exit(main())
