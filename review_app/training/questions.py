"""Questions from annotated events: each tagged stoppage with footage becomes one question,
"what is the situation, and what is the correct call?", shown as the clip up to the event's frame.

The expert annotation supplies the answer's clause and the facts the rules judge the trainee's
call on; the call fields asked are those the expert recorded, the key ones (whistle, restart,
penalty) first: a field the expert left blank is neither asked nor scored. Only the tags a coach
approved as teaching examples are asked (`training.examples`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from review_app.model import DocumentError, MatchDocument
from review_app.model.event import Drawing, read_events_in_order
from review_app.rules import MatchContext, is_clause
from review_app.rules.provision import CALL_FIELDS

log = logging.getLogger(__name__)

KEY_FIELDS = ("whistle", "restart", "penalty")
LEAD_S = 4.0  # the clip starts this long before the event's frame


@dataclass(frozen=True)
class Question:
    id: str  # "<match id>/<event id>": stable across sessions, the key of the score store
    document: str
    match: str
    match_name: str
    event_id: str
    footage: str | None
    frame: int
    time_s: float
    situation: str  # the expert's clause: the answer
    facts: Mapping = field(default_factory=dict)
    expert_call: Mapping = field(default_factory=dict)
    period: int | None = None
    clock: str | None = None
    context: MatchContext = field(default_factory=MatchContext)
    notes: str | None = None
    asked: tuple[str, ...] = KEY_FIELDS
    fingerprint: str = ""  # the tag as it stands (an approval holds the one it approved)
    footage_sha256: str | None = None  # what the match records of its footage (a demo clip is recognised by it)
    drawings: tuple[Drawing, ...] = ()  # the expert's drawings on the event's frames, shown with the answer
    window_start_s: float | None = None  # where the tag's own stretch of footage starts, if it records one

    @property
    def clip_start_s(self) -> float:
        """Where the clip shown for the question starts: LEAD_S before the moment, but never before the tag's
        own window (a tag just after an edit or a period's start covers only its own period's footage)."""
        start = max(0.0, self.time_s - LEAD_S)
        if self.window_start_s is not None and self.window_start_s <= self.time_s:
            start = max(start, self.window_start_s)
        return start

    @property
    def lead_s(self) -> float:
        """How much of the play before the moment the clip shows."""
        return self.time_s - self.clip_start_s


# The parts of a call a trainee answers from the clip alone: a team or player is a roster question, not
# a rulebook one, and is left to the expert's record.
ROSTER_SPECS = ("team", "player")


def asked_fields(expert_call: Mapping) -> tuple[str, ...]:
    """The call fields the expert recorded, the key ones first; roster fields (who got the penalty) are
    left to the record."""
    recorded = [name for name in CALL_FIELDS if expert_call.get(name) is not None and CALL_FIELDS[name] not in
                ROSTER_SPECS]
    return (*[n for n in KEY_FIELDS if n in recorded], *[n for n in recorded if n not in KEY_FIELDS])


def questions_from(docs: Iterable[MatchDocument], *, need_footage: bool = True,
                   roots: tuple = ()) -> list[Question]:
    """One question per event of each document (in footage order); without footage only if asked.
    `roots`: where footage may be besides the project (the workspace's registered files)."""
    from review_app.training.examples import fingerprint, question_id

    out = []
    for doc in docs:
        footage = None
        if (doc.data.get("footage") or {}).get("path"):
            try:
                path = doc.footage_path(roots)
            except DocumentError as exc:  # a path outside the project is never opened
                log.warning("%s: footage not used for training: %s", doc.match_id, exc)
                path = None
            footage = str(path) if path is not None and path.is_file() else None
        if need_footage and footage is None:
            continue
        # The fingerprint is of the tag as saved (an approval names that text), the rest read from its record.
        for saved, event in zip(doc.events_in_order(), read_events_in_order(doc), strict=True):
            if not is_clause(event.situation):
                continue
            call = event.call.given()
            out.append(Question(
                id=question_id(doc, event), document=str(doc.path), match=doc.match_id,
                match_name=doc.match.get("name") or doc.match_id, event_id=event.id, footage=footage,
                frame=event.position.frame, time_s=event.position.time_s,
                situation=event.situation, facts=dict(event.facts), expert_call=call,
                period=event.period, clock=event.clock, context=doc.context(),
                notes=event.notes, asked=asked_fields(call), fingerprint=fingerprint(saved),
                footage_sha256=(doc.data.get("footage") or {}).get("sha256"),
                drawings=event.drawings,
                window_start_s=event.window.start.time_s if event.window else None))
    return out


def next_question(questions: list[Question], attempts: list[Mapping], *, rng: random.Random | None = None,
                  avoid: str | None = None) -> Question | None:
    """The next question for a trainee: first those never tried, then those last answered wrong,
    then the least recently tried; ties broken at random. `avoid` skips the current question."""
    if not questions:
        return None
    rng = rng or random.Random()
    last: dict[str, tuple[int, bool]] = {}
    for n, a in enumerate(attempts):
        last[a["question"]] = (n, a.get("points", 0) >= a.get("max_points", 2))
    pool = [q for q in questions if q.id != avoid] or questions

    def rank(q: Question):
        if q.id not in last:
            return (0, 0)
        when, right = last[q.id]
        return (1 if not right else 2, when)

    best = min(rank(q) for q in pool)
    return rng.choice([q for q in pool if rank(q) == best])
