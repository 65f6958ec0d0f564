"""The checker's report as data: a text table for the terminal, JSON and CSV. The HTML report, with its
stills drawn from the footage, is `reports.consistency`'s: the checker decodes no footage."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator

import orjson

from review_app.checker.run import CheckResult, EventResult
from review_app.checker.sequence import Finding
from review_app.checker.summary import summary
from review_app.i18n import translate

# The text, CSV and HTML reports import pandas (checker.tables) and Jinja2 when they are asked for:
# `polo-review check --format json` needs neither, and pandas alone takes half a second to import.


_OPTIONS = orjson.OPT_INDENT_2
_EVENTS_AT = 1000  # events or findings made into dicts and serialised at a time (`json_parts`)
_HEAD = b'{\n  "events": '
_LOT_HEAD, _LOT_TAIL = _HEAD + b"[\n    ", b"\n  ]\n}"  # around a lot of events serialised as the report's


def _report_rest(result: CheckResult) -> dict:
    """The report after its events and findings (which are written in lots, `_array_parts`), with their keys
    first, empty, so the rest is laid out as it stands in the report."""
    report = {"events": None, "findings": None, "errors": list(result.errors), "summary": summary(result)}
    if result.review_decisions:  # only where a match was reviewed live: other reports keep their text
        report["review_decisions"] = result.review_decisions
    return report


def json_parts(result: CheckResult) -> Iterator[bytes | memoryview]:
    """`_pieces` in UTF-8, each as it is made (bytes or views of them; the standard library's text encoded,
    where orjson refused)."""
    for piece in _pieces(result):
        # A lone surrogate (Python's reading of a file name that is not UTF-8) has no UTF-8: it is written as the JSON
        # escape `\udcff` that `backslashreplace` makes of it, which reads back as the same text.
        yield piece.encode("utf-8", "backslashreplace") if isinstance(piece, str) else piece


def _pieces(result: CheckResult) -> Iterator[bytes | memoryview | str]:
    """The report as JSON indented by two spaces, in consecutive pieces, made as they are taken: orjson's UTF-8
    bytes (the standard library's indenting encoder is pure Python, the slowest part of a season's check), the
    same text as `json.dumps(ensure_ascii=False, indent=2)` but for a float written with an exponent (1e-7 for
    1e-07, the same number); a piece orjson refuses (an integer beyond 64 bits, a lone surrogate) is the
    standard library's text, laid out the same.

    The events, then the findings, are made into dicts and serialised a thousand at a time, each lot's dicts and
    bytes freed before the next is made, rather than a season's hundred thousand dicts, or its 79 MB of JSON, held
    at once: the command writes each piece as it comes (on the 1,000-match season, some 20,000 fewer page faults
    than holding every piece until the last was made, and its 13,600 findings' dicts another 20 MB;
    `bench_check_cli.py`). Each lot is serialised as the report's events, so it is indented as they are there,
    and its own head and tail are left out."""
    yield _HEAD
    yield from _array_parts(result.events, _AsDicts())
    yield _FINDINGS
    yield from _array_parts(result.findings, _findings_as_dicts)
    tail = _dumps(_report_rest(result), _OPTIONS | orjson.OPT_APPEND_NEWLINE)
    yield tail[len(_REST_HEAD):] if isinstance(tail, bytes) else tail[len(_REST_HEAD):] + "\n"


_FINDINGS = b',\n  "findings": '
_REST_HEAD = _HEAD + b"null" + _FINDINGS + b"null"  # what `_report_rest` starts with, written before it


def _dumps(value: dict, option: int) -> bytes | str:
    """orjson's UTF-8 text of `value`, or the standard library's text where orjson refuses it (the same layout,
    without the newline an option may ask of orjson: the caller adds it)."""
    try:
        return orjson.dumps(value, option=option)
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, indent=2)


def _findings_as_dicts(findings: list[Finding]) -> list[dict]:
    return [f.to_dict() for f in findings]


def _array_parts(items: list, as_dicts: Callable[[list], list[dict]]) -> Iterator[bytes | memoryview | str]:
    """The report's events or findings, an array, as it stands in the report, in pieces (bytes, views of a lot's
    bytes, or text): the items made into dicts by `as_dicts` a lot at a time."""
    if not items:
        yield b"[]"
        return
    yield b"["
    for start in range(0, len(items), _EVENTS_AT):
        # Serialised where they stand in the report, so orjson indents them as the report has them; the lot's
        # own brackets are cut off by a view, not a copy.
        lot = _dumps({"events": as_dicts(items[start:start + _EVENTS_AT])}, _OPTIONS)
        yield b",\n    " if start else b"\n    "
        if isinstance(lot, str):
            yield lot[len(_LOT_HEAD):-len(_LOT_TAIL)]
        else:
            yield memoryview(lot)[len(_LOT_HEAD):-len(_LOT_TAIL)]
    yield _LOT_TAIL[:-2]


_MADE_MAX = 4096  # first dicts `_AsDicts` keeps: a season's shared verdicts are a few hundred


class _AsDicts:
    """`EventResult.to_dict` for a report's events, where events that share their verdict (`checker.run.Verdicts`)
    share what it gives them: each such event's dict is a copy of the first one's with the event's own fields set
    again, rather than made field by field with its explanation's texts looked up. An event shares it only while it
    holds the very objects the first one held (a match finding gives it new ones: it is then made field by field)."""

    __slots__ = ("_made",)

    def __init__(self) -> None:
        # by the explanation's identity (the events alive meanwhile keep it): the fields the dict came from, the dict
        self._made: dict[int, tuple] = {}

    def __call__(self, events: list[EventResult]) -> list[dict]:
        """A lot of events' dicts, in one loop (a call per event cost as much as copying its dict)."""
        rows = []
        append, found = rows.append, self._made.get
        for e in events:
            own = e.findings or e.reading  # an explanation of its own: made field by field, never shared
            made = None if own else found(id(e.explanation))
            if made is not None:
                (explanation, clause, verdict, missing, mandatory, cites, wrong, measured, edition, penalty_to,
                 first) = made
                if (e.explanation is explanation and e.clause is clause and e.verdict is verdict
                        and e.missing is missing and e.mandatory is mandatory and e.cites is cites and e.wrong is wrong
                        and e.measured is measured and e.edition is edition and e.penalty_to is penalty_to):
                    out = first.copy()  # in the same order, and what every field after `document` holds
                    out["match"] = e.match
                    out["event"] = e.event
                    out["frame"] = e.frame
                    out["time_s"] = e.time_s
                    out["period"] = e.period
                    out["clock"] = e.clock
                    out["umpire"] = e.umpire
                    out["reviewer"] = e.reviewer
                    out["document"] = e.document
                    append(out)
                    continue
            out = e.to_dict()
            if not own:  # the first of its verdict: what the next ones copy
                if len(self._made) >= _MADE_MAX:  # events that share nothing (each timed by its own moments): bounded
                    self._made.clear()
                self._made[id(e.explanation)] = (e.explanation, e.clause, e.verdict, e.missing, e.mandatory, e.cites,
                                                 e.wrong, e.measured, e.edition, e.penalty_to, out)
            append(out)
        return rows


def to_json(result: CheckResult) -> str:
    return "".join(p if isinstance(p, str) else bytes(p).decode("utf-8") for p in _pieces(result))


def to_json_bytes(result: CheckResult) -> bytes:
    """The JSON report in UTF-8, as a file or a pipe takes it (not decoded to be encoded again)."""
    return b"".join(json_parts(result))


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
