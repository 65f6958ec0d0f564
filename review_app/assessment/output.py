"""The umpire assessment as one self-contained HTML file (inline styles and an inline SVG trend chart,
no scripts, print styles so a browser's Save as PDF gives a clean document) and as CSV, in English or
Spanish. Rendered from `reports/templates/assessment_report.html` with autoescape. Plain module."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from markupsafe import Markup

from review_app.assessment.report import SHOWN_PARTS, Assessment, Incident, MatchAssessment
from review_app.checker.formats import safe_cell
from review_app.checker.run import clause_title
from review_app.i18n import N_, Message, gettext, translate
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
        text = f"{call_field_label(name, lang)}: {value_label(call[name], lang, name)}"
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


def after_game_text(match: MatchAssessment, lang: str) -> str:
    """The tags of `match` naming the umpire whose call was decided after the game, each with as whom it was
    decided: "" where there are none."""
    if not match.after_game:
        return ""
    tags = "; ".join(translate(Message("{tag}, decided by {who}", tag=i.event,
                                       who=value_label(i.decided_after_by, lang, "decided_by")), lang)
                     if i.decided_after_by else translate(Message("{tag}, no decision recorded yet", tag=i.event), lang)
                     for i in match.after_game)
    return translate(Message("Decided after the game under 21.f(5), not this umpire's call: {tags}.", tags=tags), lang)


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
    rotated: bool = False  # the matches' labels are slanted: too many for them to stand side by side

    @property
    def line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points if p.y is not None)


# The x-axis labels, in the chart's own units (its text is 11 px, about 6.2 px a character): upright, a
# match's date over its name cut to 22 characters, when the matches are this far apart; else one slanted
# line each, "date name" cut to 30 characters, the matches at least a line's height apart across the slant
# (the chart grows wider for a long season rather than let labels overprint).
UPRIGHT_SLOT, SLANT_SLOT, SLANT_DEGREES, SLANT_LABEL = 144, 24, 40, 30
NAME_LABEL = 22


def trend(matches: list[MatchAssessment], width: int = 720, height: int = 260) -> Trend:
    """Calls correct per match, in date order, as coordinates for the template's SVG."""
    # The first and last points stand in from the axes by half a label, so their dates are not cut; slanted
    # labels reach down and to the left only, so the first point stands in by a whole label.
    left, top, inset = 48, 16, 70
    n = len(matches)
    span = width - 16 - left - 2 * inset
    rotated = n > 1 and span / (n - 1) < UPRIGHT_SLOT
    first = left + inset
    if rotated:
        first, span = left + 110, max(width - 16 - left - 110 - 20, (n - 1) * SLANT_SLOT)
        width = first + span + 20 + 16
        height += 100  # room below the axis for the slanted labels
    right, bottom = width - 16, height - (170 if rotated else 70)
    points = []
    for k, m in enumerate(matches):
        x = first + (k * span / (n - 1) if n > 1 else span / 2)
        share = m.share_correct
        y = None if share is None else bottom - share * (bottom - top)
        points.append(TrendPoint(x, y, share, m.name, m.date, m.count("clear_errors"), len(m.incidents)))
    ticks = tuple((bottom - f * (bottom - top), f"{round(f * 100)} %") for f in (0, 0.25, 0.5, 0.75, 1))
    return Trend(width, height, left, right, top, bottom, tuple(points), ticks, rotated)


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


# -- the printed page's margins ------------------------------------------------------------------------
PAGE_OF = N_("Page {page} of {pages}")


def css_string(text: str) -> str:
    """`text` as a quoted CSS string: every character but an ASCII letter or digit written as a hex escape, so
    no text (an umpire's or a match's name) can end the string or the style sheet."""
    return '"' + "".join(c if c.isascii() and c.isalnum() else f"\\{ord(c):06x}" for c in text) + '"'


@dataclass(frozen=True)
class PageMargins:
    """What each printed page carries in its margins (CSS `content` values): whose assessment it is, of
    which match for one match, and the page's number of the pages."""

    head: Markup
    page: Markup


def page_margins(assessment: Assessment, lang: str) -> PageMargins:
    head = gettext("Umpire assessment: %(who)s", lang) % {"who": assessment.umpire}
    if len(assessment.matches) == 1:
        head += f" · {assessment.matches[0].name} · {assessment.matches[0].date}"
    parts = re.split(r"(\{page\}|\{pages\})", translate(PAGE_OF, lang))
    page = " ".join({"{page}": "counter(page)", "{pages}": "counter(pages)"}.get(p) or css_string(p)
                    for p in parts if p)
    # built from escaped strings and counters only: placed in the style sheet as it is
    return PageMargins(Markup(css_string(head)), Markup(page))


# -- outputs -------------------------------------------------------------------------------------------
def to_html(assessment: Assessment, lang: str = "en", *, teams: dict[str, dict[str, str]] | None = None,
            generated: datetime | None = None) -> str:
    """`teams`: per match, team id -> team name (the call's penalty and card recipients by name)."""
    when = generated or datetime.now(UTC)
    return render("assessment_report.html", lang, a=assessment, trend=trend(assessment.matches),
                  generated=f"{when:%Y-%m-%d %H:%M}", teams=teams or {}, call_text=call_text, mark_text=mark_text,
                  correct_text=correct_text, verdict_label=verdict_label, clause_title=clause_title,
                  after_game_text=after_game_text,
                  clock_text=clock_text, margins=page_margins(assessment, lang), slant_degrees=SLANT_DEGREES,
                  slant_label=SLANT_LABEL, name_label=NAME_LABEL)


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
