"""The checker's report in each format: a text table for the terminal, JSON, CSV, and one
self-contained HTML file (inline styles, no scripts or links) that a coach can send by e-mail."""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime

import orjson

from review_app.checker.run import CheckResult, clause_title
from review_app.checker.summary import summary
from review_app.errors import PoloReviewError
from review_app.i18n import N_, translate
from review_app.rules import INCONSISTENT
from review_app.rules.rulebook import TRANSLATION_NOTICE

# The text, CSV and HTML reports import pandas (checker.tables) and Jinja2 when they are asked for:
# `polo-review check --format json` needs neither, and pandas alone takes half a second to import.


def _json(result: CheckResult) -> bytes | str:
    """The report as JSON indented by two spaces: orjson's UTF-8 bytes (the standard library's
    indenting encoder is pure Python, the slowest part of a season's check), the same text as
    `json.dumps(ensure_ascii=False, indent=2)` but for a float written with an exponent (1e-7 for
    1e-07, the same number); or, for what orjson refuses (an integer beyond 64 bits, a lone
    surrogate), the standard library's text."""
    report = {
        "events": [e.to_dict() for e in result.events],
        "findings": [f.to_dict() for f in result.findings],
        "errors": list(result.errors),
        "summary": summary(result),
    }
    if result.review_decisions:  # only where a match was reviewed live: other reports keep their text
        report["review_decisions"] = result.review_decisions
    try:
        return orjson.dumps(report, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return json.dumps(report, ensure_ascii=False, indent=2) + "\n"


def to_json(result: CheckResult) -> str:
    out = _json(result)
    return out.decode("utf-8") if isinstance(out, bytes) else out


def to_json_bytes(result: CheckResult) -> bytes:
    """The JSON report in UTF-8, as a file or a pipe takes it (not decoded to be encoded again)."""
    out = _json(result)
    return out if isinstance(out, bytes) else out.encode("utf-8")


# A cell a spreadsheet would run as a formula starts with one of these; it gets a leading
# apostrophe, the common way (OWASP "CSV injection"): shown as text, the value still readable.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(result: CheckResult) -> str:
    """Every event as one CSV row. Text a spreadsheet would treat as a formula is neutralised, and
    any cell holding a line break (CR or LF) is quoted, so no row can split: rows end in CRLF as
    RFC 4180 has it, which makes Python's csv writer quote a bare CR too (it quotes only the
    characters of its line terminator)."""
    from review_app.checker.tables import events_frame

    frame = events_frame(result).map(safe_cell)
    return frame.to_csv(index=False, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")


def to_table(result: CheckResult, lang: str = "en") -> str:
    from review_app.checker.tables import counts_by, events_frame

    frame = events_frame(result)
    lines = []
    if len(frame):
        shown = frame[["match", "event", "period", "clock", "clause", "verdict"]].copy()
        shown["why"] = frame[f"explanation_{lang}"].str.slice(0, 90)
        lines.append(shown.to_string(index=False))
        lines.append("")
        lines.append(counts_by(frame, "clause").to_string())
    else:
        lines.append("No events.")
    for f in result.findings:
        why = translate(f.explanation, lang)
        lines.append(f"[{f.severity.upper()}] {f.match} {f.clause} {','.join(f.events)}: {why}")
    s = summary(result)
    lines.append("")
    lines.append(f"{s['documents']} documents, {s['events']} events: " +
                 ", ".join(f"{n} {v}" for v, n in s["verdicts"].items()) +
                 f"; {s['findings']} findings ({s['mandatory_findings']} mandatory)")
    return "\n".join(lines) + "\n"


# The count tables of the HTML report: the column they count by, and their heading.
_COUNT_TABLES = (("clause", N_("By clause")), ("umpire", N_("By umpire")), ("match", N_("By match")),
                 ("period", N_("By period")))


def _filters_applied(filters) -> list[tuple[str, list[str]]]:
    """The report's filters as (heading, values) pairs; empty when it holds every event."""
    if filters is None or not filters.active():
        return []
    return [(name, list(values)) for name, values in ((N_("Umpire"), filters.umpires), (N_("Clause"), filters.clauses),
                                                      (N_("Verdict"), filters.verdicts),
                                                      (N_("Period"), filters.periods)) if values]


def _details(result: CheckResult, stills: bool, roots) -> tuple[dict, list[str]]:
    """Per (match, event): its notes, and for an inconsistent call its stills with drawings (review_app.drawings);
    and one line per match whose stills could not be made."""
    from review_app.drawings.stills import StillMaker
    from review_app.model import load_document

    out: dict[tuple[str, str], dict] = {}
    problems: list[str] = []
    docs: dict[str, object] = {}
    with StillMaker(roots) as maker:
        for e in result.events:
            if e.document not in docs:
                try:
                    docs[e.document] = load_document(e.document) if e.document else None
                except PoloReviewError as exc:
                    docs[e.document] = None
                    problems.append(str(exc))
            doc = docs[e.document]
            event = doc.event(e.event) if doc is not None else None
            if event is None:
                continue
            shown = maker.stills(doc, event) if stills and e.verdict == INCONSISTENT else []
            out[(e.match, e.event)] = {"notes": event.get("notes") or "", "stills": shown}
        problems += [f"{match}: {line}" for match, line in maker.problems.items()]
    return out, problems


def to_html(result: CheckResult, *, filters=None, stills: bool = True, roots=()) -> str:
    """The report as one self-contained HTML file (template `consistency_report.html`): English,
    with the Spanish beside the headings and explanations; the filters that made it; every event's
    reviewer and notes; for every inconsistent call, stills of its frames with what was drawn on them
    (`stills=False`: none, no footage read). `roots`: footage folders besides the project's."""
    from review_app.checker.tables import counts_by, events_frame
    from review_app.reports.templating import render as render_template

    frame = events_frame(result)
    tables = []
    if len(frame):
        for key, title in _COUNT_TABLES:
            table = counts_by(frame, key)
            rows = [(f"{idx} — {clause_title(idx)}" if key == "clause" else idx, [int(n) for n in row])
                    for idx, row in table.iterrows()]
            tables.append({"key": key, "title": title, "columns": list(table.columns), "rows": rows})
    details, still_problems = _details(result, stills, roots)
    inconsistent = [e for e in result.events if e.verdict == INCONSISTENT]
    return render_template(
        "consistency_report.html", "en", generated=f"{datetime.now(UTC):%Y-%m-%d %H:%M}", notice=TRANSLATION_NOTICE,
        summary=summary(result), errors=list(result.errors), findings=result.findings, tables=tables,
        events=result.events, clause_title=clause_title, filters=_filters_applied(filters),
        matches=list(result.matches), details=details, inconsistent=inconsistent, stills=stills,
        still_problems=still_problems, review_decisions=result.review_decisions)


def render(result: CheckResult, fmt: str, lang: str = "en", **html) -> str:
    if fmt == "json":
        return to_json(result)
    if fmt == "csv":
        return to_csv(result)
    if fmt == "html":
        return to_html(result, **html)
    return to_table(result, lang)
