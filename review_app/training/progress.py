"""A coach's view of the trainees: totals, results by clause, progress over time, and every attempt as
CSV. Built from the score store's records (`ScoreStore.everyone`, for a coach). Plain module."""

from __future__ import annotations

import csv
import io

import pandas as pd

from review_app.checker.formats import safe_cell

ATTEMPT_COLUMNS = ("trainee", "at", "question", "clause", "situation_given", "situation_correct", "call_verdict",
                   "call_correct", "points", "max_points")


def attempts_frame(everyone: dict[str, list[dict]]) -> pd.DataFrame:
    """One row per answer, oldest first."""
    rows = [{"trainee": name, "at": a.get("at"), "question": a.get("question"), "clause": a.get("situation"),
             "situation_given": a.get("situation_given"), "situation_correct": bool(a.get("situation_correct")),
             "call_verdict": a.get("call_verdict"), "call_correct": bool(a.get("call_correct")),
             "points": int(a.get("points", 0)), "max_points": int(a.get("max_points", 0))}
            for name, attempts in everyone.items() for a in attempts]
    frame = pd.DataFrame(rows, columns=list(ATTEMPT_COLUMNS))
    frame["at"] = pd.to_datetime(frame["at"], utc=True, errors="coerce")
    return frame.sort_values(["at", "trainee"], kind="stable").reset_index(drop=True)


def _percent(part: pd.Series, whole: pd.Series) -> pd.Series:
    return (100.0 * part / whole.where(whole > 0)).round(0)


def by_trainee(frame: pd.DataFrame) -> pd.DataFrame:
    """Each trainee's answers, points, and how often the situation and the call were right."""
    g = frame.groupby("trainee")
    out = pd.DataFrame({"answers": g.size(), "points": g["points"].sum(), "max_points": g["max_points"].sum(),
                        "situation_right": g["situation_correct"].sum(), "call_right": g["call_correct"].sum(),
                        "examples": g["question"].nunique(), "last": g["at"].max()})
    out["percent"] = _percent(out["points"], out["max_points"])
    return out.reset_index()


def by_clause(frame: pd.DataFrame) -> pd.DataFrame:
    """Per trainee and clause: answers, and the share with the situation and the call right."""
    g = frame.groupby(["trainee", "clause"])
    out = pd.DataFrame({"answers": g.size(), "situation_right": g["situation_correct"].sum(),
                        "call_right": g["call_correct"].sum()})
    out["situation_percent"] = _percent(out["situation_right"], out["answers"])
    out["call_percent"] = _percent(out["call_right"], out["answers"])
    return out.reset_index()


def over_time(frame: pd.DataFrame) -> pd.DataFrame:
    """Per trainee and day (UTC): the share of points won that day, and cumulatively."""
    if frame.empty:
        return pd.DataFrame(columns=["trainee", "day", "answers", "percent", "cumulative_percent"])
    day = frame.assign(day=frame["at"].dt.strftime("%Y-%m-%d"))
    g = day.groupby(["trainee", "day"])
    out = pd.DataFrame({"answers": g.size(), "points": g["points"].sum(), "max_points": g["max_points"].sum()})
    out = out.reset_index().sort_values(["trainee", "day"])
    out["percent"] = _percent(out["points"], out["max_points"])
    cum = out.groupby("trainee")[["points", "max_points"]].cumsum()
    out["cumulative_percent"] = _percent(cum["points"], cum["max_points"])
    return out[["trainee", "day", "answers", "percent", "cumulative_percent"]].reset_index(drop=True)


def to_csv(frame: pd.DataFrame) -> str:
    """Every attempt as CSV (RFC 4180 rows; a cell a spreadsheet would run as a formula is made text)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(ATTEMPT_COLUMNS)
    for row in frame.itertuples(index=False):
        values = []
        for column, value in zip(ATTEMPT_COLUMNS, row, strict=True):
            if column == "at":
                value = "" if pd.isna(value) else value.isoformat().replace("+00:00", "Z")
            values.append(safe_cell(value))
        writer.writerow(values)
    return out.getvalue()
