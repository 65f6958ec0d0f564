"""Summaries of a check with pandas: verdict counts by clause, by umpire, by match and by period."""

from __future__ import annotations

import pandas as pd

from review_app.checker.run import CheckResult
from review_app.i18n import both
from review_app.rules import PROVISIONS, VERDICTS
from review_app.rules.vocabulary import Severity

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


def summary(result: CheckResult) -> dict:
    frame = events_frame(result)
    out = {
        "documents": len(result.documents),
        "unreadable": len(result.errors),
        "events": len(frame),
        "verdicts": {v: int((frame["verdict"] == v).sum()) for v in VERDICTS},
        "findings": len(result.findings),
        "mandatory_findings": sum(1 for f in result.findings if f.severity == Severity.MANDATORY),
    }
    if len(frame):
        for key, name in (("clause", "by_clause"), ("umpire", "by_umpire"), ("match", "by_match"),
                          ("period", "by_period")):
            table = counts_by(frame, key)
            out[name] = {str(idx): {c: int(n) for c, n in row.items()} for idx, row in table.iterrows()}
    else:
        out.update(by_clause={}, by_umpire={}, by_match={}, by_period={})
    return out
