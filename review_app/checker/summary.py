"""Summaries of a check: verdict counts overall and by clause, umpire, match and period.

Counted in plain Python, so the command line never imports pandas for them; the tables the
report and the app show are in `checker.tables` (pandas), and a test keeps the two in step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from review_app.checker.run import CheckResult
from review_app.rules import PROVISIONS, VERDICTS
from review_app.rules.vocabulary import Severity

NONE = "—"  # an umpire or period not recorded
# Each summary's key, in the order `summary` counts an event by them.
_SUMMARIES = (("clause", "by_clause"), ("umpire", "by_umpire"), ("match", "by_match"), ("period", "by_period"))


def _labeller(key: str) -> Callable[[Any], Any]:
    """How the summary names each value of `key`, as the tables do."""
    if key == "umpire":
        return lambda u: NONE if u is None else str(u)
    if key != "period":
        return lambda value: value
    # A period is a whole number, named as one ("2", never "2.0") however the document wrote it, as
    # the tables name it (their period column is a nullable integer).
    return lambda p: NONE if p is None else str(int(p))


def summary(result: CheckResult) -> dict:
    events = result.events
    # Each event counted once by everything a summary names it by, then added up per summary.
    counted = Counter((e.clause, e.umpire, e.match, e.period, e.verdict) for e in events)
    verdicts: Counter = Counter()
    for (*_named, verdict), n in counted.items():
        verdicts[verdict] += n
    out = {
        "documents": len(result.matches),
        "unreadable": len(result.errors),
        "events": len(events),
        "verdicts": {v.value: verdicts[v] for v in VERDICTS},
        "findings": len(result.findings),
        "mandatory_findings": sum(1 for f in result.findings if f.severity == Severity.MANDATORY),
    }
    for index, (key, name) in enumerate(_SUMMARIES):
        label = _labeller(key)
        cells: Counter = Counter()
        for values, n in counted.items():
            cells[label(values[index]), values[-1]] += n
        out[name] = _rows(cells, key)
    return out


def _rows(cells: Counter, key: str) -> dict[str, dict[str, int]]:
    """Verdict counts per value (each verdict and a total), in the order of the tables: clauses in
    the rulebook's order, anything else sorted."""
    present = {label for label, _verdict in cells}
    order = [p.id for p in PROVISIONS if p.id in present] if key == "clause" else sorted(present)
    out = {}
    for label in order:
        row = {v.value: cells[label, v] for v in VERDICTS}
        row["total"] = sum(row.values())
        out[str(label)] = row
    return out


def __getattr__(name: str):
    # The pandas tables lived here once; importing them from here still works, and only then loads pandas.
    if name in ("events_frame", "counts_by", "COLUMNS"):
        from review_app.checker import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
