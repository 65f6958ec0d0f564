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


def _umpire(umpire: str | None) -> str:
    return NONE if umpire is None else str(umpire)


def _period(period: float | None) -> str:
    """A period is a whole number, named as one ("2", never "2.0") however the document wrote it, as the tables name
    it (their period column is a nullable integer)."""
    return NONE if period is None else str(int(period))


def summary(result: CheckResult) -> dict:
    """The verdicts counted overall and by clause, umpire, match and period."""
    events = result.events
    verdicts = Counter(e.verdict for e in events)
    by_clause = Counter((e.clause, e.verdict) for e in events)
    by_umpire = Counter((e.umpire, e.verdict) for e in events)
    by_match = Counter((e.match, e.verdict) for e in events)
    by_period = Counter((e.period, e.verdict) for e in events)
    return {
        "documents": len(result.matches),
        "unreadable": len(result.errors),
        "events": len(result.events),
        "verdicts": {v.value: verdicts[v] for v in VERDICTS},
        "findings": len(result.findings),
        "mandatory_findings": sum(1 for f in result.findings if f.severity == Severity.MANDATORY),
        "by_clause": _rows(by_clause, "clause"),
        "by_umpire": _rows(_named(by_umpire, _umpire), "umpire"),
        "by_match": _rows(by_match, "match"),
        "by_period": _rows(_named(by_period, _period), "period"),
    }


def _named(cells: Counter, name: Callable[[Any], str]) -> Counter:
    """The counts with each value named as the tables name it (values that name alike counted together)."""
    named: Counter = Counter()
    for (value, verdict), n in cells.items():
        named[name(value), verdict] += n
    return named


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
