"""Scoring a trainee's answer: the situation against the expert's clause, the call against the
rules (the expert's facts judged with the trainee's call), and each call field beside the expert
annotation. One point for the situation, one for a call the rules accept. Only the call fields the
expert recorded are asked and scored: one left blank counts for nothing either way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from review_app.i18n import N_, Message
from review_app.rules import (
    CONSISTENT,
    DISCRETIONARY,
    INCOMPLETE,
    INCONSISTENT,
    Case,
    is_clause,
    judge,
    provision,
)
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.vocabulary import VerdictKind
from review_app.training.questions import KEY_FIELDS, Question

MAX_POINTS = 2

# How the umpire's own call in the clip fared, for the explanation.
EXPERT_WORDS = {
    CONSISTENT: N_("the rules find that call consistent"),
    DISCRETIONARY: N_("that call was within the umpire's discretion"),
    INCONSISTENT: N_("the rules find that call inconsistent: learn from it"),
    INCOMPLETE: N_("the annotation does not record enough to judge that call"),
}


@dataclass(frozen=True)
class Answer:
    situation: str
    call: Mapping = field(default_factory=dict)


@dataclass(frozen=True)
class Score:
    question: str
    situation_given: str
    situation: str  # the expert's
    situation_correct: bool
    call_verdict: VerdictKind  # the rules on the trainee's call, under the expert's situation and facts
    call_correct: bool
    call_explanation: Message
    expert_verdict: VerdictKind  # the rules on the call the umpire actually made
    fields: Mapping[str, tuple]  # name -> (value judged, expert's value, same?, carried from the expert?)
    points: int
    max_points: int
    explanation: Message

    def record(self) -> dict:
        """What the score store keeps of an attempt."""
        return {"question": self.question, "situation_given": self.situation_given, "situation": self.situation,
                "situation_correct": self.situation_correct, "call_verdict": self.call_verdict,
                "call_correct": self.call_correct, "points": self.points, "max_points": self.max_points}


def _clean(call: Mapping) -> dict:
    out = {}
    for k, v in call.items():
        if isinstance(v, str):
            v = v.strip() or None
        if v is not None:
            out[k] = v
    return out


def score(q: Question, answer: Answer) -> Score:
    """Beyond the key fields (whistle, restart, penalty), a field the trainee leaves blank takes the
    value the expert recorded: the clip up to the moment cannot show, say, how long repairs took."""
    typed = _clean({k: answer.call.get(k) for k in q.asked})
    given = {**{k: v for k, v in q.expert_call.items() if k in q.asked and k not in KEY_FIELDS}, **typed}
    rules = judge(Case(situation=q.situation, facts=q.facts, call=given, period=q.period, match=q.context))
    expert = judge(Case(situation=q.situation, facts=q.facts, call=q.expert_call, period=q.period, match=q.context))
    situation_correct = answer.situation == q.situation
    # A part nobody was asked (the expert left it blank) missing from the call is not the trainee's fault.
    unasked_only = rules.verdict == INCOMPLETE and bool(rules.missing) and not set(rules.missing) & set(q.asked) \
        and all(m in CALL_FIELDS for m in rules.missing)
    call_correct = bool(q.asked) and (rules.verdict in (CONSISTENT, DISCRETIONARY) or unasked_only)
    fields = {k: (given.get(k), q.expert_call.get(k), given.get(k) == q.expert_call.get(k),
                  k not in typed and k not in KEY_FIELDS) for k in q.asked}
    points = int(situation_correct) + int(call_correct)
    max_points = MAX_POINTS if q.asked else MAX_POINTS - 1  # nothing of the call recorded: nothing of it scored
    p = provision(q.situation)
    if situation_correct:
        sit = Message("Situation: right, {clause} {title}.", clause=p.id, title=p.title)
    elif is_clause(answer.situation):
        chosen = provision(answer.situation)
        sit = Message("Situation: you chose {chosen} {chosen_title}; the expert tagged {clause} {title}.",
                      chosen=chosen.id, chosen_title=chosen.title, clause=p.id, title=p.title)
    else:
        sit = Message("Situation: you chose none; the expert tagged {clause} {title}.", clause=p.id, title=p.title)
    expert_words = Message(EXPERT_WORDS.get(expert.verdict, expert.verdict))
    explanation = Message("{situation} Your call: {call} The umpire in the clip: {expert}.",
                          situation=sit, call=rules.explanation, expert=expert_words)
    return Score(q.id, answer.situation, q.situation, situation_correct, rules.verdict, call_correct,
                 rules.explanation, expert.verdict, fields, points, max_points, explanation)
