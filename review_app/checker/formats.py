"""The checker's report as data: a text table for the terminal, JSON and CSV. The HTML report, with its
stills drawn from the footage, is `reports.consistency`'s: the checker decodes no footage."""

from __future__ import annotations

import csv
import json

import orjson

from review_app.checker.run import CheckResult, EventResult
from review_app.checker.sequence import Finding
from review_app.checker.summary import summary
from review_app.i18n import translate

# The text, CSV and HTML reports import pandas (checker.tables) and Jinja2 when they are asked for:
# `polo-review check --format json` needs neither.


def report_data(result: CheckResult) -> dict:
    """The JSON report as data: the events' results and the findings (each written as its `to_dict`, `_as_data`),
    the documents that could not be read, the summary, and the calls reviewed on replay where a match was
    reviewed live."""
    report = {"events": result.events, "findings": result.findings, "errors": list(result.errors),
              "summary": summary(result)}
    if result.review_decisions:
        report["review_decisions"] = result.review_decisions
    return report


def _as_data(value: object) -> dict:
    """An event's result or a finding as the report writes it: its dict, made as the encoder reaches it."""
    if isinstance(value, EventResult | Finding):
        return value.to_dict()
    raise TypeError(f"the report has no form for {type(value).__name__}")


def to_json_bytes(result: CheckResult) -> bytes:
    """The JSON report in UTF-8, indented by two spaces. What orjson refuses (an integer beyond 64 bits, a lone
    surrogate: Python's reading of a file name that is not UTF-8) is written by the standard library, every
    character beyond ASCII escaped (`\\udcff` reads back as the same name)."""
    report = report_data(result)
    try:
        return orjson.dumps(report, default=_as_data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE
                            | orjson.OPT_PASSTHROUGH_DATACLASS)
    except orjson.JSONEncodeError:
        return (json.dumps(report, default=_as_data, indent=2) + "\n").encode("ascii")


def to_json(result: CheckResult) -> str:
    return to_json_bytes(result).decode("utf-8")


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


def render(result: CheckResult, fmt: str, lang: str = "en") -> str:
    """The report as `fmt` (json, csv, table); the HTML report is `reports.consistency.to_html`."""
    if fmt == "json":
        return to_json(result)
    if fmt == "csv":
        return to_csv(result)
    if fmt == "html":
        raise ValueError("the HTML report is reports.consistency.to_html (its stills come from the footage)")
    return to_table(result, lang)
