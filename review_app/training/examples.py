"""Teaching examples: the tags a coach approved for the quiz. Only these are asked.

An approval holds the tag as it was approved (a fingerprint of the event), so a tag edited since
is no longer quizzed until a coach looks at it again: the quiz never teaches an answer nobody
checked. The demo's expert tags are approved as shipped (by their own fingerprints), and so is the
workspace's copy of a demo match while its tags are unchanged. Kept in one small JSON record of the
workspace, changed under its lock. Plain module.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument
from review_app.store import open_records
from review_app.training.people import Person

VERSION = 1
APPROVED, CHANGED, DEMO = "approved", "changed", "demo"


def fingerprint(event: dict) -> str:
    """The tag as it stands: any change to it (the call, the facts, the notes, the frame) changes this."""
    return hashlib.sha256(json.dumps(event, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def question_id(doc: MatchDocument, event: dict) -> str:
    return f"{doc.match_id}/{event['id']}"


@dataclass(frozen=True)
class Approval:
    question: str
    fingerprint: str
    by: str
    at: str
    withdrawn: bool = False  # a coach took it out of the quiz (also a demo's tag)


class TeachingExamples:
    """The workspace's approvals, plus the demo's expert tags."""

    def __init__(self, path: str | os.PathLike, demo: Iterable[MatchDocument] = ()):
        self.path = Path(path)
        self.records = open_records(self.path)
        self.demo = {question_id(doc, e): fingerprint(e) for doc in demo for e in doc.events}

    def approvals(self) -> dict[str, Approval]:
        try:
            data = self.records.read()
        except (OSError, ValueError) as exc:
            raise PoloReviewError(f"cannot read the teaching examples ({exc})", path=self.path) from None
        items = (data or {}).get("approved") if isinstance(data, dict) else None
        if not isinstance(items, dict):
            return {}
        out = {}
        for qid, a in items.items():
            if isinstance(a, dict) and isinstance(a.get("fingerprint"), str):
                out[qid] = Approval(qid, a["fingerprint"], str(a.get("by") or ""), str(a.get("at") or ""),
                                    bool(a.get("withdrawn")))
        return out

    def status(self, qid: str, current: str, approvals: dict[str, Approval] | None = None) -> str | None:
        """APPROVED, DEMO (the demo's expert tag, unchanged), CHANGED (approved, edited since), or None."""
        approvals = self.approvals() if approvals is None else approvals
        a = approvals.get(qid)
        if a is not None:
            if a.withdrawn:
                return None
            return APPROVED if a.fingerprint == current else CHANGED
        if self.demo.get(qid) == current:
            return DEMO
        return None

    def quizzed(self, questions: list) -> list:
        """The questions a trainee is asked: approved ones whose tag is as it was approved."""
        approvals = self.approvals()
        return [q for q in questions if self.status(q.id, q.fingerprint, approvals) in (APPROVED, DEMO)]

    def approve(self, coach: Person, qid: str, current: str) -> None:
        self._change(coach, qid, {"fingerprint": current, "by": coach.name,
                                  "at": datetime.now(UTC).isoformat(timespec="seconds")})

    def withdraw(self, coach: Person, qid: str) -> None:
        """Out of the quiz (a demo's expert tag too), until approved again."""
        self._change(coach, qid, {"fingerprint": "", "withdrawn": True, "by": coach.name,
                                  "at": datetime.now(UTC).isoformat(timespec="seconds")})

    def _change(self, coach: Person, qid: str, approval: dict) -> None:
        if not isinstance(coach, Person) or not coach.is_coach:
            raise PoloReviewError("only a coach approves teaching examples")

        def update(data: object | None) -> dict:
            items = dict(data.get("approved") or {}) if isinstance(data, dict) else {}
            items[qid] = approval
            return {"version": VERSION, "approved": items}

        self.records.update(update)
