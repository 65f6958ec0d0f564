"""The whistle's delay in reports: one row per tag with a whistle moment, and its distribution per
umpire and per situation, measured from the sample documents' own moments."""

from __future__ import annotations

import statistics
from pathlib import Path

from review_app.checker import check_paths
from review_app.checker.tables import delay_distribution, delays_frame
from review_app.reports import timeline
from review_app.rules.timing import measure

ANNOTATIONS = Path(__file__).resolve().parents[2] / "annotations"


def _measured_by_hand():
    import json

    out = []
    for path in sorted(ANNOTATIONS.glob("sample-*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for e in doc["events"]:
            m = measure(e["position"]["time_s"], e.get("moments"))
            if m.whistle_delay_s is not None:
                out.append((doc["match"]["id"], e["id"], e["situation"], e["involved"].get("umpire"),
                            m.whistle_delay_s, str(m.whistle)))
    return out


def test_one_row_per_tag_with_its_measured_delay():
    result = check_paths(sorted(str(p) for p in ANNOTATIONS.glob("sample-*.json")))
    rows = delays_frame(result)
    expected = _measured_by_hand()
    assert len(rows) == len(expected) > 5
    got = sorted(zip(rows["match"], rows["event"], rows["clause"], rows["umpire"], rows["whistle_delay_s"],
                     rows["whistle"], strict=True))
    for g, e in zip(got, sorted(expected), strict=True):
        assert g[:4] == e[:4] and abs(g[4] - e[4]) < 0.001 and g[5] == e[5]
    late = rows[rows["match"] == "sample-mount-falls-late-whistle"]
    assert list(late["whistle_delay_s"]) == [3.0] and list(late["whistle"]) == ["delayed"]


def test_the_distribution_per_umpire_and_per_situation():
    result = check_paths(sorted(str(p) for p in ANNOTATIONS.glob("sample-*.json")))
    rows = delays_frame(result)
    expected = _measured_by_hand()
    for by, column in (("umpire", 3), ("clause", 2)):
        table = delay_distribution(rows, by)
        for key in {e[column] for e in expected}:
            delays = [e[4] for e in expected if e[column] == key]
            row = table.loc[key]
            assert row["tags"] == len(delays)
            assert row["median_s"] == round(statistics.median(delays), 2)
            assert row["fastest_s"] == round(min(delays), 2) and row["slowest_s"] == round(max(delays), 2)
            assert row["delayed"] == sum(e[5] == "delayed" for e in expected if e[column] == key)
    assert delay_distribution(rows.iloc[0:0], "umpire").empty


def test_one_delay_reads_the_same_in_every_column():
    """The walk's Report: one 21.d tag whose whistle came 0.015 s after the incident read "median 0.02, middle half
    0.01–0.01, fastest 0.02" (the quartiles rounded by the format, the rest by pandas)."""
    import pandas as pd

    delays = pd.DataFrame([{"match": "m", "event": "e2", "clause": "21.d", "umpire": "Pedro Zavaleta", "frame": 3841,
                            "time_s": 76.82, "whistle_delay_s": 0.015, "whistle": "at_once"}])
    row = delay_distribution(delays, "clause").loc["21.d"]
    assert row["quartiles_s"] == f"{row['median_s']:.2f}–{row['median_s']:.2f}"
    assert row["median_s"] == row["fastest_s"] == row["slowest_s"]


def test_the_timeline_carries_the_whistles_and_horns_heard_in_colours_of_their_own():
    """The frame view's timeline (frame_timeline.js) draws these in a row of their own, a click on one
    going to its frame (tests/ui/test_browser_sound.py clicks one)."""
    sounds = [{"kind": "whistle", "label": "Whistle", "frame": 75, "time_s": 3.01},
              {"kind": "horn", "label": "Horn", "frame": 280, "time_s": 11.2}]
    data = timeline.data([], {}, "en", sounds=sounds)
    assert data["sounds"] == [
        {"kind": "whistle", "label": "Whistle", "frame": 75, "color": timeline.SOUND_COLORS["whistle"]},
        {"kind": "horn", "label": "Horn", "frame": 280, "color": timeline.SOUND_COLORS["horn"]},
    ]
    # a whistle is never coloured as a verdict, nor a horn as a whistle
    verdict_colors = {c.lower() for c, _shape in timeline.VERDICT_STYLES.values()}
    assert not {c.lower() for c in timeline.SOUND_COLORS.values()} & verdict_colors
    assert timeline.SOUND_COLORS["whistle"] != timeline.SOUND_COLORS["horn"]
    assert timeline.data([], {}, "en")["sounds"] == []
