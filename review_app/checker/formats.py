"""The checker's report as data: a text table for the terminal, JSON and CSV. The HTML report, with its
stills drawn from the footage, is `reports.consistency`'s: the checker decodes no footage."""

from __future__ import annotations

import csv
import json

import msgspec

from review_app.checker.run import CheckResult
from review_app.checker.summary import summary
from review_app.i18n import Message, both, translate

# The text, CSV and HTML reports import pandas (checker.tables) and Jinja2 when they are asked for:
# `polo-review check --format json` needs neither.


def report_data(result: CheckResult) -> dict:
    """The JSON report as data: the events' results (msgspec Structs) and the findings (dataclasses), which
    `to_json_bytes` writes field by field as they are, the documents that could not be read, the summary, and the
    calls reviewed on replay where a match was reviewed live."""
    report = {"events": result.events, "findings": result.findings, "errors": list(result.errors),
              "summary": summary(result)}
    if result.review_decisions:
        report["review_decisions"] = result.review_decisions
    return report


class _BothLanguages:
    """What one report writes for a message (an event's explanation, a finding's): its text in both languages. A
    report says the sentence of one case's verdict at every event of that case, so each distinct message is put
    into words once per report (messages are equal by id and parameters); a message with a parameter that cannot
    be a key (a list) is put into words where it stands."""

    def __init__(self) -> None:
        self._texts: dict[Message, dict[str, str]] = {}

    def __call__(self, value: object) -> object:
        if not isinstance(value, Message):
            raise TypeError(f"the report has no form for {type(value).__name__}")
        try:
            texts = self._texts.get(value)
        except TypeError:
            return both(value)
        if texts is None:
            texts = self._texts[value] = both(value)
        return texts


def to_json_bytes(result: CheckResult) -> bytes:
    """The JSON report in UTF-8, indented by two spaces. A lone surrogate (Python's reading of a file name that is
    not UTF-8), which UTF-8 cannot hold, is written by the standard library, every character beyond ASCII escaped
    (`\\udcff` reads back as the same name)."""
    report, both_languages = report_data(result), _BothLanguages()
    try:
        return msgspec.json.format(msgspec.json.Encoder(enc_hook=both_languages).encode(report), indent=2) + b"\n"
    except UnicodeEncodeError:
        report_as_builtins = msgspec.to_builtins(report, enc_hook=both_languages)
        return (json.dumps(report_as_builtins, indent=2) + "\n").encode("ascii")


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


NOT_GIVEN = "—"  # a cell the event leaves empty (its period, its clock), as `tables.counts_by` names it


def to_table(result: CheckResult, lang: str = "en") -> str:
    from review_app.checker.tables import counts_by, events_frame

    frame = events_frame(result)
    lines = []
    if len(frame):
        shown = frame[["match", "event", "period", "clock", "clause", "verdict"]].copy()
        shown["why"] = frame[f"explanation_{lang}"].str.slice(0, 90)
        # A tag without its period or clock reads as a dash, as the summary's counts do (pandas wrote <NA>, NaN).
        shown = shown.astype(object).where(shown.notna(), NOT_GIVEN)
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
