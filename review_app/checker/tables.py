"""The checker's result as pandas tables: one row per event, and verdict counts by clause, umpire,
match or period, for the CSV, the text table, the HTML report and the app's charts. The summary
of the JSON output counts the same without pandas (`checker.summary`)."""

from __future__ import annotations

import pandas as pd

from review_app.checker.run import CheckResult
from review_app.i18n import both
from review_app.rules import PROVISIONS, VERDICTS

COLUMNS = ["match", "event", "clause", "verdict", "period", "clock", "frame", "time_s", "umpire", "reviewer",
           "mandatory", "missing", "explanation_en", "explanation_es"]


def events_frame(result: CheckResult) -> pd.DataFrame:
    rows = [{**{k: getattr(e, k) for k in COLUMNS[:11]}, "missing": ", ".join(e.missing),
             **{f"explanation_{lang}": text for lang, text in both(e.explanation).items()}} for e in result.events]
    return pd.DataFrame(rows, columns=COLUMNS)


def counts_by(frame: pd.DataFrame, key: str) -> pd.DataFrame:
    """Verdict counts per value of `key`, with every verdict as a column and a total."""
    data = frame.assign(**{key: frame[key].fillna("—").astype(str)}) if key in ("umpire", "period") else frame
    table = pd.crosstab(data[key], data["verdict"]).reindex(columns=list(VERDICTS), fill_value=0)
    table["total"] = table.sum(axis=1)
    if key == "clause":
        order = [p.id for p in PROVISIONS if p.id in table.index]
        table = table.reindex(order)
    return table
