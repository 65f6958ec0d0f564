"""Summaries of a check: verdict counts overall and by clause, umpire, match and period.

Counted in plain Python, so the command line never imports pandas for them; the tables the
report and the app show are in `checker.tables` (pandas), and a test keeps the two in step."""

from __future__ import annotations

from collections import Counter

from review_app.checker.run import CheckResult
from review_app.rules import PROVISIONS, VERDICTS
from review_app.rules.vocabulary import Severity

NONE = "—"  # an umpire or period not recorded
_SUMMARIES = (("clause", "by_clause"), ("umpire", "by_umpire"), ("match", "by_match"), ("period", "by_period"))


def _labels(result: CheckResult, key: str) -> list[str]:
    """Each event's value of `key`, as the summary names it."""
    if key == "umpire":
        return [NONE if e.umpire is None else str(e.umpire) for e in result.events]
    if key == "period":
        periods = [e.period for e in result.events]
        # The tables count a column of periods where one is missing as numbers with a gap, so
        # "1.0" then; the summary has always named them so, and says the same.
        gap = any(p is None for p in periods) and not all(p is None for p in periods)
        return [NONE if p is None else str(float(p) if gap else p) for p in periods]
    return [getattr(e, key) for e in result.events]


def counts(result: CheckResult, key: str) -> dict[str, dict[str, int]]:
    """Verdict counts per value of `key` (each verdict and a total), in the order of the tables:
    clauses in the rulebook's order, anything else sorted."""
    labels = _labels(result, key)
    cells = Counter(zip(labels, (e.verdict for e in result.events), strict=True))
    present = set(labels)
    order = [p.id for p in PROVISIONS if p.id in present] if key == "clause" else sorted(present)
    out = {}
    for label in order:
        row = {v.value: cells[label, v] for v in VERDICTS}
        row["total"] = sum(row.values())
        out[str(label)] = row
    return out


def summary(result: CheckResult) -> dict:
    tally = Counter(e.verdict for e in result.events)
    out = {
        "documents": len(result.matches),
        "unreadable": len(result.errors),
        "events": len(result.events),
        "verdicts": {v.value: tally[v] for v in VERDICTS},
        "findings": len(result.findings),
        "mandatory_findings": sum(1 for f in result.findings if f.severity == Severity.MANDATORY),
    }
    for key, name in _SUMMARIES:
        out[name] = counts(result, key)
    return out


def __getattr__(name: str):
    # The pandas tables lived here once; importing them from here still works, and only then loads pandas.
    if name in ("events_frame", "counts_by", "COLUMNS"):
        from review_app.checker import tables

        return getattr(tables, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
