"""The Report page's data: the checker's result for the chosen matches, filtered by umpire,
clause, verdict and period, and tables for its charts. Plain module: no streamlit."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd  # type: ignore[import-untyped]  # no stubs installed

from review_app.checker import CheckResult
from review_app.rules import INCOMPLETE, INCONSISTENT, PROVISIONS, VERDICTS

NONE = "—"  # an umpire or period not recorded


def _umpire(e) -> str:
    return e.umpire or NONE


def _period(e) -> str:
    return str(int(e.period)) if e.period is not None else NONE  # "2", however the document wrote it


@dataclass(frozen=True)
class Filters:
    umpires: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    verdicts: tuple[str, ...] = ()
    periods: tuple[str, ...] = ()

    def keeps(self, e) -> bool:
        return ((not self.umpires or _umpire(e) in self.umpires)
                and (not self.clauses or e.clause in self.clauses)
                and (not self.verdicts or e.verdict in self.verdicts)
                and (not self.periods or _period(e) in self.periods))

    def active(self) -> bool:
        return bool(self.umpires or self.clauses or self.verdicts or self.periods)


def choices(result: CheckResult) -> dict[str, list[str]]:
    """The values each filter can take in this result, in a useful order."""
    clauses = {e.clause for e in result.events}
    periods = {_period(e) for e in result.events}
    return {
        "umpires": sorted({_umpire(e) for e in result.events}, key=lambda u: (u == NONE, u.casefold())),
        "clauses": [p.id for p in PROVISIONS if p.id in clauses],
        "verdicts": [v for v in VERDICTS if any(e.verdict == v for e in result.events)],
        "periods": sorted(periods, key=lambda p: (p == NONE, int(p) if p.isdigit() else 0)),
    }


def filtered(result: CheckResult, filters: Filters) -> CheckResult:
    """The events the filters keep, and the match findings that concern them."""
    if not filters.active():
        return result
    events = [e for e in result.events if filters.keeps(e)]
    kept = {(e.match, e.event) for e in events}
    matches = {e.match for e in events}
    findings = [f for f in result.findings
                if any((f.match, ev) in kept for ev in f.events)
                and (not filters.clauses or f.clause in filters.clauses)]
    return CheckResult(events=events, findings=findings, errors=list(result.errors),
                       matches=[m for m in result.matches if m in matches], documents=result.documents)


def verdict_counts(result: CheckResult, by: str) -> pd.DataFrame:
    """Rows: each value of `by` (clause, umpire, period, match); columns: the four verdicts."""
    key = {"umpire": _umpire, "period": _period, "clause": lambda e: e.clause, "match": lambda e: e.match}[by]
    rows = [{"key": key(e), "verdict": e.verdict} for e in result.events]
    frame = pd.DataFrame(rows, columns=["key", "verdict"])
    table = pd.crosstab(frame["key"], frame["verdict"]) if len(frame) else pd.DataFrame()
    table = table.reindex(columns=list(VERDICTS), fill_value=0)
    if by == "clause":
        table = table.reindex([p.id for p in PROVISIONS if p.id in table.index])
    elif by == "period":
        table = table.reindex(sorted(table.index, key=lambda p: (p == NONE, int(p) if str(p).isdigit() else 0)))
    table.index.name = by
    return table.fillna(0).astype(int)


def needs_attention(result: CheckResult) -> list:
    """Events to look at again: inconsistent ones first (mandatory ones at the top), then incomplete."""
    order = {INCONSISTENT: 0, INCOMPLETE: 1}
    picked = [e for e in result.events if e.verdict in order]
    return sorted(picked, key=lambda e: (order[e.verdict], not e.mandatory, e.match, e.frame))
