"""Scoring a trainee's answer: the situation against the expert's clause, the call against the
rules (the expert's facts judged with the trainee's call), and each call field beside the expert
annotation. One point for the situation, one for a call the rules accept."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from review_app.rules import (
    CONSISTENT,
    DISCRETIONARY,
    INCOMPLETE,
    INCONSISTENT,
    Case,
    judge,
    provision,
)
from review_app.rules.provision import say
from review_app.training.questions import KEY_FIELDS, Question

MAX_POINTS = 2

# How the umpire's own call in the clip fared, for the explanation.
EXPERT_WORDS = {
    CONSISTENT: ("the rules find that call consistent", "las reglas consideran esa decisión coherente"),
    DISCRETIONARY: ("that call was within the umpire's discretion", "esa decisión estaba dentro del criterio del Umpire"),
    INCONSISTENT: ("the rules find that call inconsistent: learn from it", "las reglas consideran esa decisión incoherente: aprenda de ella"),
    INCOMPLETE: ("the annotation does not record enough to judge that call", "la anotación no registra lo suficiente para juzgar esa decisión"),
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
    call_verdict: str  # the rules on the trainee's call, under the expert's situation and facts
    call_correct: bool
    call_explanation: Mapping[str, str]
    expert_verdict: str  # the rules on the call the umpire actually made
    fields: Mapping[str, tuple]  # name -> (value judged, expert's value, same?, carried from the expert?)
    points: int
    max_points: int
    explanation: Mapping[str, str]

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
    call_correct = rules.verdict in (CONSISTENT, DISCRETIONARY)
    fields = {k: (given.get(k), q.expert_call.get(k), given.get(k) == q.expert_call.get(k),
                  k not in typed and k not in KEY_FIELDS) for k in q.asked}
    points = int(situation_correct) + int(call_correct)
    p = provision(q.situation)
    if situation_correct:
        sit = say(f"Situation: right, {p.id} {p.title['en']}.", f"Situación: correcta, {p.id} {p.title['es']}.")
    else:
        try:
            chosen = provision(answer.situation)
            named = (f"you chose {chosen.id} {chosen.title['en']}", f"eligió {chosen.id} {chosen.title['es']}")
        except KeyError:
            named = ("you chose none", "no eligió ninguna")
        sit = say(f"Situation: {named[0]}; the expert tagged {p.id} {p.title['en']}.",
                  f"Situación: {named[1]}; el experto etiquetó {p.id} {p.title['es']}.")
    expert_words = EXPERT_WORDS.get(expert.verdict, (expert.verdict, expert.verdict))
    explanation = say(
        f"{sit['en']} Your call: {rules.explanation['en']} The umpire in the clip: {expert_words[0]}.",
        f"{sit['es']} Su decisión: {rules.explanation['es']} El Umpire del clip: {expert_words[1]}.")
    return Score(q.id, answer.situation, q.situation, situation_correct, rules.verdict, call_correct,
                 dict(rules.explanation), expert.verdict, fields, points, MAX_POINTS, explanation)
