"""What a match's 21.f(5) evidence case, where one exists, settles for the checker: whether conclusive
evidence came within the 24 hours (from the receipts the committee recorded, never a typed yes/no),
and whether forfeiture was exacted after the game (the case's decision).

A 21.f(5) event of a match with a case is judged on these instead of the reviewer's typed facts,
and the mount-register finding counts a forfeiture decided in the case as exacted.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument

if TYPE_CHECKING:  # the store's evidence interface, named in signatures; the process itself is not needed to check
    from review_app.evidence.records import EvidenceStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EvidenceView:
    received: int  # videos received
    in_time: bool | None  # any of them within 24 hours (None: none received)
    decision: str | None  # forfeiture / not-proven / out-of-time, once decided
    # The 21.f(5) presentation the check judges (schema 2.1's facts presented_to, presented_to_name,
    # presented_by, presented_at): the first received in time, else the first received.
    presentation: dict | None = None
    decided_as: str | None = None  # the authority the decision was recorded as (None: a log from before 2.1)
    decided_by: str | None = None  # who decided, by name

    @property
    def forfeiture_exacted(self) -> bool:
        from review_app.evidence import FORFEITURE

        return self.decision == FORFEITURE

    def facts(self) -> dict:
        """The 21.f(5) facts the case settles: evidence after the game, in time or not."""
        if not self.received:
            return {}
        return {"detected_during_game": False, "evidence_within_24_hours": bool(self.in_time),
                **{k: v for k, v in (self.presentation or {}).items() if v is not None}}

    def call(self) -> dict:
        """The parts of the 21.f(5) call the case's decision settles: forfeiture exacted, and by whom."""
        if not self.forfeiture_exacted:
            return {}
        from review_app.rules.vocabulary import Penalty

        out = {"penalty": Penalty.FORFEITURE.value, "decided_by": self.decided_as}
        if self.decided_by:
            out["decided_by_name"] = self.decided_by
        return {k: v for k, v in out.items() if v is not None}


def evidence_view(doc: MatchDocument, evidence: EvidenceStore | None) -> EvidenceView | None:
    """The match's case in the store's `evidence`, or None where there is none (or no evidence was handed in).
    Read only, as the case lies in the store (files or database rows): the check opens no store."""
    if evidence is None:
        return None
    from review_app.evidence.case import checked

    case = evidence.case(doc.match_id)
    try:
        if not case.log.raw() and not case.stored_originals():
            return None  # no case for this match
        state = checked(case.log.entries(), case.log.path)
    except PoloReviewError as exc:  # a damaged log settles nothing; `evidence verify` says why
        log.warning("%s: evidence case not used: %s", doc.match_id, exc)
        return None
    received = list(state.evidence.values())
    first = next((e for e in received if e.in_time), received[0] if received else None)
    presentation = None if first is None else {
        "presented_to": first.presented_to, "presented_to_name": first.received_by,
        "presented_by": first.presented_by, "presented_at": first.received_at}
    d = state.decision
    return EvidenceView(received=len(received), in_time=any(e.in_time for e in received) if received else None,
                        decision=d.decision if d else None, presentation=presentation,
                        decided_as=d.data.get("authority") if d else None, decided_by=d.by if d else None)
