"""What the coach adds to an umpire's assessment, kept in the match document under
`assessments.<umpire>`: per event, whether a wrong call was a clear and obvious error and whether it
affected the outcome, and the development points the coach writes. Keyed by umpire and by event, so
two coaches saving marks on different umpires or events merge (`model.merge`). Plain module."""

from __future__ import annotations

from datetime import datetime

from review_app.errors import PoloReviewError
from review_app.model import MatchDocument

MARKS = ("clear_and_obvious", "affected_outcome")


class AssessmentError(PoloReviewError):
    """An assessment the match does not allow (an unknown umpire or tag)."""


def umpire_record(doc: MatchDocument, umpire: str) -> dict:
    return (doc.data.get("assessments") or {}).get(umpire) or {}


def event_marks(doc: MatchDocument, umpire: str, event_id: str) -> dict:
    return (umpire_record(doc, umpire).get("events") or {}).get(event_id) or {}


def development_points(doc: MatchDocument, umpire: str) -> str:
    return umpire_record(doc, umpire).get("development_points") or ""


def with_marks(doc: MatchDocument, umpire: str, *, by: str | None, now: datetime,
               events: dict[str, dict] | None = None, points: str | None = None) -> MatchDocument:
    """A copy of `doc` with the coach's marks for `umpire`: `events` {event id: {clear_and_obvious,
    affected_outcome}} (True, False or None for not assessed), `points` the development points."""
    umpire = " ".join((umpire or "").split())
    if not umpire:
        raise AssessmentError("name the umpire assessed")
    out = doc.copy()
    record = out.data.setdefault("assessments", {}).setdefault(umpire, {})
    for event_id, marks in (events or {}).items():
        if out.event(event_id) is None:
            raise AssessmentError(f"no tag {event_id!r} in match {doc.match_id}")
        kept = {k: marks.get(k) for k in MARKS if marks.get(k) is not None}
        stored = record.setdefault("events", {})
        if kept:
            stored[event_id] = kept
        else:
            stored.pop(event_id, None)
    if points is not None:
        if points.strip():
            record["development_points"] = points.strip()
        else:
            record.pop("development_points", None)
    if by:
        record["by"] = " ".join(by.split())
    record["updated_at"] = now.astimezone().isoformat(timespec="seconds")
    return out
