"""Teaching examples: the tags a coach approved for the quiz. Only these are asked.

The approvals are the store's (`store.base.TrainingRecords.approve`: on files or in the database, a
coach's role enforced there). An approval holds the tag as it was approved (a fingerprint of the event),
so a tag edited since is no longer quizzed until a coach looks at it again: the quiz never teaches an
answer nobody checked. The demo's expert tags are approved as shipped (by their own fingerprints), and
so is the workspace's copy of a demo match while its tags are unchanged. Plain module.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from review_app.ground.roles import Person
from review_app.model.document import MatchDocument
from review_app.model.event import Event

APPROVED, CHANGED, DEMO = "approved", "changed", "demo"


def fingerprint(event: dict) -> str:
    """The tag as it stands: any change to it (the call, the facts, the notes, the frame) changes this."""
    return hashlib.sha256(json.dumps(event, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def question_id(doc: MatchDocument, event: Event) -> str:
    """The quiz's name for a tag (its record): the match and the tag's id."""
    return f"{doc.match_id}/{event.id}"


@dataclass(frozen=True)
class Approval:
    question: str
    fingerprint: str
    by: str
    at: str
    withdrawn: bool = False  # a coach took it out of the quiz (also a demo's tag)


class TeachingExamples:
    """The store's approvals (`records`: its training records), plus the demo's expert tags."""

    def __init__(self, records, demo: Iterable[MatchDocument] = ()):
        self.records = records
        # each tag's fingerprint is of it as saved (the text an approval names); its name, of its record
        self.demo = {question_id(doc, record): fingerprint(saved) for doc in demo
                     for saved, record in zip(doc.events, doc.records, strict=True)}

    def approvals(self) -> dict[str, Approval]:
        return {q: Approval(q, a.get("fingerprint") or "", a.get("by") or "", a.get("at") or "",
                            bool(a.get("withdrawn"))) for q, a in self.records.approvals().items()}

    def status(self, qid: str, current: str, approvals: dict[str, Approval] | None = None) -> str | None:
        """APPROVED, DEMO (the demo's expert tag, unchanged), CHANGED (approved, edited since), or None."""
        approvals = self.approvals() if approvals is None else approvals
        a = approvals.get(qid)
        if a is not None:
            if a.withdrawn:
                return None
            return APPROVED if a.fingerprint in ("", current) else CHANGED
        if self.demo.get(qid) == current:
            return DEMO
        return None

    def quizzed(self, questions: list) -> list:
        """The questions a trainee is asked: approved ones whose tag is as it was approved."""
        approvals = self.approvals()
        return [q for q in questions if self.status(q.id, q.fingerprint, approvals) in (APPROVED, DEMO)]

    def approve(self, coach: Person, qid: str, current: str) -> None:
        self.records.approve(qid, coach.name, current)

    def withdraw(self, coach: Person, qid: str) -> None:
        """Out of the quiz (a demo's expert tag too), until approved again."""
        self.records.withdraw(qid, coach.name)
