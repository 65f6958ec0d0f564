"""Benchmark: check a generated season of 100,000 events across 1,000 matches.

    python benchmarks/bench_checker.py [--matches 1000] [--events-per-match 100] [--repeat 3]

Writes the season as real match documents in a temporary folder, then times, as medians over
the repeats: reading and validating the documents, judging every event, the whole-match checks,
and the summaries. The reference measured in the same run is plain `json.loads` of the
same files, so the figures can be compared across machines as ratios.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from review_app.checker.run import check_documents
from review_app.checker.summary import summary
from review_app.model import find_documents, load_document
from review_app.model.schema_build import SCHEMA_VERSION

# A small repertoire of tagged events, across clauses, drawn at random (seeded).
REPERTOIRE = [
    ("21.a", {"last_hit_by_defender": True, "deflection": "none"}, {"whistle": "at_once", "penalty": "penalty_6"}),
    ("21.a", {"last_hit_by_defender": True, "deflection": "opposing_mallet"},
     {"whistle": "at_once", "penalty": "none"}),
    ("21.b", {"kind": "dangerous"}, {"whistle": "delayed", "penalty": "penalty_2"}),
    ("21.b", {"kind": "right_of_way", "fouled_team_disadvantaged": True,
              "stoppage_would_disadvantage_fouled_team": True},
     {"whistle": "none"}),
    ("21.d", {"unconscious": False, "recurrence_of_same_injury": False}, {"whistle": "at_once", "time_allowed_s": 540}),
    ("21.e", {"may_be_injured_or_in_jeopardy": False}, {"whistle": "neutral_play"}),
    ("21.f(2)", {"ball_out_of_play_or_neutral": True},
     {"whistle": "neutral_play", "time_allowed_s": 60, "restart": "throw_in"}),
    ("21.f(3)", {"mount_sound": True}, {"whistle": "at_once", "mount_excused": False}),
    ("21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
     {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200}),
    ("21.g", {"item": "girth", "presents_danger": True},
     {"whistle": "at_once", "restart": "throw_in", "time_allowed_s": 240}),
    ("21.h", {}, {"whistle": "neutral_play"}),
    # An excused mount ridden again: its excusal is derived from the match's mount register.
    ("21.f(5)", {"detected_during_game": True}, {"whistle": "at_once", "penalty": "forfeiture"}),
    ("21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}),
    ("21.j", {"period_time_expired": True}, {"whistle": "at_once"}),
    ("21.l", {"fair_play_possession_applies": False},
     {"whistle": "at_once", "restart": "throw_in", "restart_direction": "toward_boards"}),
]
MOUNTS = [f"Horse {i}" for i in range(40)]


def make_season(folder: Path, matches: int, per_match: int, seed: int = 2026) -> None:
    rng = random.Random(seed)
    for m in range(matches):
        events = []
        for i in range(per_match):
            situation, facts, call = rng.choice(REPERTOIRE)
            team, number = rng.choice(("red", "blue")), rng.randint(1, 4)
            frame = i * 450 + rng.randint(0, 400)
            events.append({
                "id": f"e{i + 1}", "position": {"frame": frame, "time_s": frame / 25}, "period": 1 + i * 6 // per_match,
                "clock": "3:00", "situation": situation, "facts": dict(facts), "call": dict(call),
                "involved": {"players": [{"team": team, "number": number, "mount": rng.choice(MOUNTS)}],
                             "umpire": rng.choice(["Ana", "Ben", "Caro", "Dan"]), "mount": None},
                "reviewer": "bench", "notes": None,
            })
        doc = {"schema_version": SCHEMA_VERSION, "revision": 1, "events": events, "match": {
            "id": f"season-{m:04d}", "date": f"2026-{1 + m % 12:02d}-{1 + m % 28:02d}", "periods": 6,
            "upper_handicap": 6,
            "end_time_utc": "2026-06-14T19:42:00Z",
            "teams": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}],
            "announcements": {"courtesy_changes_allowed": True, "tack_provision_6_goal": True}}}
        (folder / f"season-{m:04d}.json").write_text(json.dumps(doc))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--events-per-match", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n_events = args.matches * args.events_per_match
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t = time.perf_counter()
        make_season(folder, args.matches, args.events_per_match)
        print(f"generated {args.matches} matches, {n_events} events in {time.perf_counter() - t:.1f} s")
        parts = ("json.loads (reference)", "load + validate", "judge + match checks", "summaries",
                 "total check")
        times: dict[str, list[float]] = {k: [] for k in parts}
        for _ in range(args.repeat):
            files = find_documents([folder])
            t0 = time.perf_counter()
            for f in files:
                json.loads(f.read_bytes())
            t1 = time.perf_counter()
            docs = [load_document(f) for f in files]
            t2 = time.perf_counter()
            result = check_documents(docs)
            t3 = time.perf_counter()
            s = summary(result)
            t4 = time.perf_counter()
            assert s["events"] == n_events
            times["json.loads (reference)"].append(t1 - t0)
            times["load + validate"].append(t2 - t1)
            times["judge + match checks"].append(t3 - t2)
            times["summaries"].append(t4 - t3)
            times["total check"].append(t4 - t1)
    ref = statistics.median(times["json.loads (reference)"])
    print(f"\n{'stage':28} {'median s':>10} {'events/s':>12} {'x reference':>12}")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"{name:28} {med:10.3f} {n_events / med:12,.0f} {med / ref:12.1f}")
    print(f"\nverdicts: {s['verdicts']}; findings: {s['findings']}")


if __name__ == "__main__":
    main()
