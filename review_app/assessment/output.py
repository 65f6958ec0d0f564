"""The umpire assessment as one self-contained HTML file (inline styles and an inline SVG trend chart,
no scripts, print styles so a browser's Save as PDF gives a clean document) and as CSV, in English or
Spanish. Rendered from `reports/templates/assessment_report.html` with autoescape. Plain module."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import UTC, datetime

from review_app.assessment.report import SHOWN_PARTS, Assessment, Incident, MatchAssessment
from review_app.checker.formats import safe_cell
from review_app.checker.run import clause_title
from review_app.i18n import N_, translate
from review_app.reports.templating import render
from review_app.rules.labels import call_field_label, value_label, verdict_label

YES, NO, NOT_ASSESSED = N_("Yes"), N_("No"), N_("Not assessed")


def clock_text(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


def call_text(call: dict, lang: str, teams: dict[str, str] | None = None) -> str:
    """The call as made, in words: 'Whistle: At once; Penalty: Penalty 2 → Blue; Card: Yellow → Red #3'."""
    teams = teams or {}

    def who(value) -> str:
        if isinstance(value, dict):
            name = teams.get(value.get("team"), value.get("team"))
            return f"{name} #{value['number']}" if value.get("number") else str(name)
        return teams.get(value, str(value))

    parts = []
    for name in SHOWN_PARTS:
        if name in ("penalty_to", "card_to") or call.get(name) is None:
            continue
        text = f"{call_field_label(name, lang)}: {value_label(call[name], lang)}"
        to = {"penalty": "penalty_to", "card": "card_to"}.get(name)
        if to and call.get(to) is not None:
            text += f" → {who(call[to])}"
        parts.append(text)
    for to, of in (("penalty_to", "penalty"), ("card_to", "card")):
        if call.get(to) is not None and call.get(of) is None:
            parts.append(f"{call_field_label(to, lang)}: {who(call[to])}")
    return "; ".join(parts) or translate(N_("(nothing recorded)"), lang)


def mark_text(value: bool | None, lang: str) -> str:
    return translate(NOT_ASSESSED if value is None else YES if value else NO, lang)


def correct_text(incident: Incident, lang: str) -> str:
    if incident.correct is None:
        return translate(N_("Not judged (facts missing)"), lang)
    return translate(N_("Correct") if incident.correct else N_("Incorrect"), lang)


# -- the trend chart -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrendPoint:
    x: float
    y: float | None  # None: no call judged in that match
    share: float | None
    label: str
    date: str
    clear_errors: int
    incidents: int


@dataclass(frozen=True)
class Trend:
    width: int
    height: int
    left: int
    right: int  # x where the plot ends (room is left beyond it for the last match's label)
    top: int
    bottom: int  # y of the 0 % line
    points: tuple[TrendPoint, ...]
    ticks: tuple[tuple[float, str], ...]  # (y, "50 %")

    @property
    def line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points if p.y is not None)


def trend(matches: list[MatchAssessment], width: int = 720, height: int = 260) -> Trend:
    """Calls correct per match, in date order, as coordinates for the template's SVG."""
    # The first and last points stand in from the axes by half a label, so their dates are not cut.
    left, right, top, bottom, inset = 48, width - 16, 16, height - 70, 70
    n = len(matches)
    span = right - left - 2 * inset
    points = []
    for k, m in enumerate(matches):
        x = left + inset + (k * span / (n - 1) if n > 1 else span / 2)
        share = m.share_correct
        y = None if share is None else bottom - share * (bottom - top)
        points.append(TrendPoint(x, y, share, m.name, m.date, m.count("clear_errors"), len(m.incidents)))
    ticks = tuple((bottom - f * (bottom - top), f"{round(f * 100)} %") for f in (0, 0.25, 0.5, 0.75, 1))
    return Trend(width, height, left, right, top, bottom, tuple(points), ticks)


def trend_spec(matches: list[MatchAssessment], share_title: str, errors_title: str) -> dict:
    """The same trend for the app, as a Vega-Lite chart: calls correct per match (0-100 %), and the clear and
    obvious errors as red marks; the match's name in the tooltip."""
    values = [{"date": m.date, "match": m.name, "share": None if m.share_correct is None else
               round(100 * m.share_correct), "errors": m.count("clear_errors")} for m in matches]
    x = {"field": "date", "type": "ordinal", "title": None, "sort": None, "axis": {"labelAngle": 0}}
    tooltip = [{"field": "match", "title": " "}, {"field": "share", "title": share_title},
               {"field": "errors", "title": errors_title}]
    return {"data": {"values": values}, "layer": [
        {"mark": {"type": "line", "point": {"size": 70}, "color": "#1565c0"},
         "encoding": {"x": x, "y": {"field": "share", "type": "quantitative", "title": share_title,
                                     "scale": {"domain": [0, 100]}}, "tooltip": tooltip}},
        {"transform": [{"filter": "datum.errors > 0 && datum.share != null"}],
         "mark": {"type": "text", "dx": 12, "dy": -10, "fontWeight": "bold", "color": "#c62828", "fontSize": 13},
         "encoding": {"x": x, "y": {"field": "share", "type": "quantitative"}, "text": {"field": "errors"},
                      "tooltip": tooltip}},
    ]}


# -- outputs -------------------------------------------------------------------------------------------
def to_html(assessment: Assessment, lang: str = "en", *, teams: dict[str, dict[str, str]] | None = None,
            generated: datetime | None = None) -> str:
    """`teams`: per match, team id -> team name (the call's penalty and card recipients by name)."""
    when = generated or datetime.now(UTC)
    return render("assessment_report.html", lang, a=assessment, trend=trend(assessment.matches),
                  generated=f"{when:%Y-%m-%d %H:%M}", teams=teams or {}, call_text=call_text, mark_text=mark_text,
                  correct_text=correct_text, verdict_label=verdict_label, clause_title=clause_title,
                  clock_text=clock_text)


CSV_COLUMNS = ("umpire", "match", "date", "event", "period", "clock", "time", "clause", "situation", "call_made",
               "call_required", "verdict", "correct", "clear_and_obvious", "affected_outcome", "missed_required",
               "panel_verdict", "explanation")


def to_csv(assessment: Assessment, lang: str = "en", *, teams: dict[str, dict[str, str]] | None = None) -> str:
    """One row per key incident, in `lang`; formula-like cells neutralised, CRLF rows (RFC 4180)."""
    teams = teams or {}
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for m in assessment.matches:
        for i in m.incidents:
            row = (assessment.umpire, m.match, m.date, i.event, i.period, i.clock, clock_text(i.time_s), i.clause,
                   clause_title(i.clause, lang), call_text(i.call, lang, teams.get(m.match)),
                   translate(i.required, lang), verdict_label(i.verdict, lang), correct_text(i, lang),
                   mark_text(i.clear_and_obvious, lang), mark_text(i.affected_outcome, lang),
                   translate(YES if i.missed else NO, lang),
                   verdict_label(i.panel, lang) if i.panel else "", translate(i.explanation, lang))
            writer.writerow([safe_cell("" if c is None else c) for c in row])
    return out.getvalue()
