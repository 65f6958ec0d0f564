"""Season-wide verdict counts: how many events of each clause each umpire's calls got each verdict.

`event_rows(doc, evidence)` is what one document contributes (each event's clause, umpire and verdict, with the
document's own match findings and its 21.f(5) evidence case applied), and `count(rows)` adds rows up. The file
store counts by reading and checking every document of the season; a database keeps each document's rows as
it is saved and counts them with one query, judging again the matches with an evidence case (a decision comes
after the save). Both use `event_rows`, so the two give the same counts.
Findings across matches (a player unconscious in one match playing another that day) need every
match of the day together: the full `check` report applies them; these counts do not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from review_app.model import MatchDocument

if TYPE_CHECKING:  # the store's evidence interface, named in signatures; the process itself is not needed to check
    from review_app.evidence.records import EvidenceStore


@dataclass(frozen=True)
class VerdictCount:
    clause: str
    umpire: str | None
    verdict: str
    events: int

    def to_dict(self) -> dict:
        return {"clause": self.clause, "umpire": self.umpire, "verdict": self.verdict, "events": self.events}

    def order(self) -> tuple:
        """Clause, then umpire (an event naming none last), then verdict."""
        return self.clause, self.umpire is None, self.umpire or "", self.verdict


@dataclass(frozen=True)
class EventRow:
    event_id: str
    clause: str
    umpire: str | None
    verdict: str
    period: int | None


def match_date(doc: MatchDocument) -> date | None:
    try:
        return date.fromisoformat(doc.match.get("date") or "")
    except ValueError:
        return None


def event_rows(doc: MatchDocument, evidence: EvidenceStore | None = None) -> list[EventRow]:
    """Each event of `doc` as judged, with its evidence case in the store's `evidence` where there is one."""
    from review_app.checker.run import check_document

    events, _findings = check_document(doc, evidence)
    return [EventRow(e.event, e.clause, e.umpire, str(e.verdict), e.period) for e in events]


def in_season(day: date | None, start: date | None, end: date | None) -> bool:
    if start is None and end is None:
        return True
    if day is None:
        return False
    return (start is None or day >= start) and (end is None or day <= end)


def count(rows: Iterable[tuple[str, str | None, str]]) -> list[VerdictCount]:
    """(clause, umpire, verdict) rows added up, in a stable order."""
    counted = Counter(rows)
    return sorted((VerdictCount(c, u, v, n) for (c, u, v), n in counted.items()), key=VerdictCount.order)


def count_documents(docs: Iterable[MatchDocument], start: date | None = None, end: date | None = None,
                    evidence: EvidenceStore | None = None) -> list[VerdictCount]:
    """Every event of the documents whose match date is in [start, end], checked (each match with its evidence
    case in `evidence`) and counted."""
    rows: list[tuple[str, str | None, str]] = []
    for doc in docs:
        if in_season(match_date(doc), start, end):
            rows.extend((r.clause, r.umpire, r.verdict) for r in event_rows(doc, evidence))
    return count(rows)


class SeasonJudge:
    """What a store is handed to keep season counts without knowing the rules (`store.base.VerdictJudge`,
    `open_store(location, verdicts=SEASON)`): the rows one document contributes, and rows added up. The store
    never imports the checker; the command line and the app hand it this."""

    rows = staticmethod(event_rows)
    count = staticmethod(count)
    count_documents = staticmethod(count_documents)

    @staticmethod
    def counted(rows: Iterable[tuple[str, str | None, str, int]]) -> list[VerdictCount]:
        """(clause, umpire, verdict, events) as a database counted them, in the same order as `count`."""
        return sorted((VerdictCount(c, u, v, int(n)) for c, u, v, n in rows), key=VerdictCount.order)


SEASON = SeasonJudge()
