"""The post-game evidence process of Rule 21.f(5) and its tamper-evident record.

    case = EvidenceCase(load_document("annotations/m1.json"), open_evidence("evidence_store"))  # store.open_evidence
    ev, duplicate = case.add("phone.mp4", presented_by="A. Pérez", received_by="Committee")
    case.mark(ev.id, [412, 413], by="Referee", excusal="e7")
    case.decide("forfeiture", by="Committee chair")
    verify_case(case.folder).intact
    build_pack(case, "pack/")                   # reports.evidence_pack: the pack is a report

Modules: `window` (the 24 hours), `records` (the store's evidence interface this process works over; the
cases' storage is the store's: `store.filestore.evidence`, `store.postgres.evidence`), `log` and `canonical`
(the hash-chained JSON Lines), `state` (the case read off its log), `grounds` (what each decision needs),
`case` (the operations), `verify`; the pack sent out is `reports.evidence_pack`. Never imports streamlit.
"""

from review_app.evidence.case import EvidenceCase
from review_app.evidence.errors import CaseLocked, EvidenceError, LogDamaged
from review_app.evidence.matches import default_match, has_end_time, resolve_match
from review_app.evidence.records import CaseRecords, EvidenceStore
from review_app.evidence.state import DECISIONS, FORFEITURE, NOT_PROVEN, OUT_OF_TIME, CaseState
from review_app.evidence.verify import VerifyReport, verify_case

__all__ = [
    "DECISIONS", "FORFEITURE", "NOT_PROVEN", "OUT_OF_TIME", "CaseLocked", "CaseRecords", "CaseState", "EvidenceCase",
    "EvidenceError", "EvidenceStore", "LogDamaged", "VerifyReport", "default_match", "has_end_time", "resolve_match",
    "verify_case",
]
