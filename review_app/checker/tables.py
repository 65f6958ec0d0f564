"""The checker's result as pandas tables: one row per event, and verdict counts by clause, umpire,
match or period, for the CSV, the text table, the HTML report and the app's charts. The summary
of the JSON output counts the same without pandas (`checker.summary`)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped]  # no stubs installed

from review_app.checker.run import CheckResult
from review_app.i18n import both
from review_app.rules import PROVISIONS, VERDICTS
from review_app.rules.vocabulary import Whistle

COLUMNS = ["match", "event", "clause", "verdict", "period", "clock", "frame", "time_s", "umpire", "reviewer",
           "mandatory", "missing", "explanation_en", "explanation_es"]


def events_frame(result: CheckResult) -> pd.DataFrame:
    rows = [{**{k: getattr(e, k) for k in COLUMNS[:11]}, "missing": ", ".join(e.missing),
             **{f"explanation_{lang}": text for lang, text in both(e.explanation).items()}} for e in result.events]
    frame = pd.DataFrame(rows, columns=COLUMNS)
    # A period is a whole number: kept one where an event gives none (pandas would make the column
    # float, and the CSV and the report would write period 2 as "2.0").
    frame["period"] = frame["period"].astype("Int64")
    return frame


def counts_by(frame: pd.DataFrame, key: str) -> pd.DataFrame:
    """Verdict counts per value of `key`, with every verdict as a column and a total."""
    # as objects first: a period column of numbers (float with a gap) refuses a text fill in pandas 3+
    data = frame.assign(**{key: frame[key].astype(object).where(frame[key].notna(), "—").astype(str)}) \
        if key in ("umpire", "period") else frame
    table = pd.crosstab(data[key], data["verdict"]).reindex(columns=list(VERDICTS), fill_value=0)
    table["total"] = table.sum(axis=1)
    if key == "clause":
        order = [p.id for p in PROVISIONS if p.id in table.index]
        table = table.reindex(order)
    return table


DELAY_COLUMNS = ["match", "event", "clause", "umpire", "frame", "time_s", "whistle_delay_s", "whistle"]


def delays_frame(result: CheckResult) -> pd.DataFrame:
    """One row per tag with a whistle moment: the measured delay from the incident to the whistle and
    the timing it shows (at once, at a neutral play, delayed). A whistle tagged before the incident is left out:
    play had already stopped (`rules.timing.BEFORE_INCIDENT`), so it is no delay of the call."""
    rows = [{"match": e.match, "event": e.event, "clause": e.clause, "umpire": e.umpire, "frame": e.frame,
             "time_s": e.time_s, "whistle_delay_s": e.measured["whistle_delay_s"],
             "whistle": str(e.measured.get("whistle") or "")}
            for e in result.events if e.measured.get("whistle") is not None]
    return pd.DataFrame(rows, columns=DELAY_COLUMNS)


def delay_distribution(delays: pd.DataFrame, by: str) -> pd.DataFrame:
    """Per value of `by` ("umpire" or "clause"): how many tags, the median delay, the middle half
    (quartiles), the fastest and slowest whistle, and how many the timing rules call delayed
    (review_app.rules.timing)."""
    if delays.empty:
        return pd.DataFrame(columns=["tags", "median_s", "quartiles_s", "fastest_s", "slowest_s", "delayed"])
    data = delays.assign(**{by: delays[by].fillna("—").astype(str)})
    groups = data.groupby(by)["whistle_delay_s"]
    # every figure rounded the same way: a delay of 0.015 s read 0.02 as the median and 0.01 in the middle half
    # when the quartiles were left to the format's own rounding (the walk's one 21.d tag)
    q1, q3 = groups.quantile(0.25).round(2), groups.quantile(0.75).round(2)
    table = pd.DataFrame({
        "tags": groups.size(),
        "median_s": groups.median().round(2),
        "quartiles_s": [f"{a:.2f}–{b:.2f}" for a, b in zip(q1, q3, strict=True)],
        "fastest_s": groups.min().round(2),
        "slowest_s": groups.max().round(2),
        "delayed": (data["whistle"] == Whistle.DELAYED).groupby(data[by]).sum().astype(int),
    })
    if by == "clause":
        table = table.reindex([p.id for p in PROVISIONS if p.id in table.index])
    return table
