"""The umpire assessment: per umpire, per match and across a season, what the coach reviews with the
umpire. For each key incident (every tag whose `involved.umpire` is the umpire): the time, the
situation, the call made, the call the rule requires, correct or not (the checker's verdict),
whether a wrong call was a clear and obvious error and whether it affected the outcome (the coach's
marks, `assessment.marks`), and a panel's verdict where the incident went to a panel. Then the clear
and obvious errors, the calls the rule required that were missed, counts by clause, the coach's
development points, and across matches a trend of calls correct.

A call is *missed* when the rule required something the umpire did not do at all: play not stopped
where the rule stops it, a part of the call the rule fixes left out (no penalty, no card), a
mandatory penalty not exacted, or a match finding of an error the call did not answer. Plain module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from review_app.assessment.marks import development_points, event_marks, umpire_record
from review_app.checker.evidence_facts import EvidenceView, evidence_view
from review_app.checker.run import EventResult, check_documents
from review_app.evidence.records import EvidenceStore
from review_app.i18n import N_, Message
from review_app.model import MatchDocument
from review_app.model.event import Event, read_events, read_events_in_order
from review_app.rules import PROVISIONS, provision
from review_app.rules.mount_excusal import decided_after_the_game
from review_app.rules.phrases import Joined
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.vocabulary import Stop, VerdictKind

CORRECT = (VerdictKind.CONSISTENT, VerdictKind.DISCRETIONARY)
# The parts of a call shown in "the call made", in this order.
SHOWN_PARTS = ("whistle", "restart", "restart_direction", "restart_point", "penalty", "penalty_to", "card", "card_to",
               "penalty_timing", "time_allowed_s", "mount_excused", "decided_by")
OMITTED = (None, "none")


@dataclass
class Incident:
    match: str
    event: str
    period: int | None
    clock: str | None
    time_s: float
    frame: int
    clause: str
    call: dict  # the call as made
    required: Message  # what the rule requires, from the provision
    verdict: VerdictKind
    explanation: Message
    wrong: list[str]
    mandatory: bool
    clear_and_obvious: bool | None  # the coach's mark; None: not assessed
    affected_outcome: bool | None
    missed: bool  # the rule required a call the umpire did not make
    panel: VerdictKind | None = None  # the panel's verdict on this call, where a panel reviewed it
    panel_members: int = 0  # how many members submitted
    # A call decided after the game (21.f(5)'s forfeiture on evidence): as whom it was decided (an Official's
    # value: "committee", "referee", "umpire"; "" where no decision says), never the umpire's call in the game
    decided_after_by: str | None = None

    @property
    def correct(self) -> bool | None:
        """True or False where the rules judge the call; None where the facts recorded are not enough."""
        if self.verdict == VerdictKind.INCOMPLETE:
            return None
        return self.verdict in CORRECT

    @property
    def clear_error(self) -> bool:
        return self.correct is False and self.clear_and_obvious is True


@dataclass
class ClauseCount:
    clause: str
    incidents: int = 0
    correct: int = 0
    incorrect: int = 0
    not_judged: int = 0
    clear_errors: int = 0
    missed: int = 0


@dataclass
class MatchAssessment:
    match: str
    name: str
    date: str
    incidents: list[Incident]
    points: str
    coach: str | None
    # the tags naming this umpire whose call was decided after the game (`Incident.decided_after_by`): shown apart,
    # never counted as the umpire's (the tag form pre-fills a tag's umpire)
    after_game: list[Incident] = field(default_factory=list)

    def count(self, what: str) -> int:
        if what == "correct":
            return sum(i.correct is True for i in self.incidents)
        if what == "incorrect":
            return sum(i.correct is False for i in self.incidents)
        if what == "not_judged":
            return sum(i.correct is None for i in self.incidents)
        if what == "clear_errors":
            return sum(i.clear_error for i in self.incidents)
        if what == "missed":
            return sum(i.missed for i in self.incidents)
        if what == "unassessed":  # wrong calls the coach has not yet marked clear-and-obvious or not
            return sum(i.correct is False and i.clear_and_obvious is None for i in self.incidents)
        raise ValueError(what)

    @property
    def share_correct(self) -> float | None:
        judged = self.count("correct") + self.count("incorrect")
        return self.count("correct") / judged if judged else None


@dataclass
class Assessment:
    umpire: str
    matches: list[MatchAssessment]  # in date order
    by_clause: list[ClauseCount] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # documents that could not be read

    @property
    def incidents(self) -> list[Incident]:
        return [i for m in self.matches for i in m.incidents]

    @property
    def season(self) -> bool:
        return len(self.matches) > 1

    def total(self, what: str) -> int:
        return sum(m.count(what) for m in self.matches)


def required_call(clause: str) -> Message:
    """What the rule requires, in its words: when play stops, the restart, the penalty."""
    p = provision(clause)
    parts = [Message(N_("Stop: {stop}"), stop=Message(Stop(p.stop).label)),
             Message(N_("Restart: {restart}"), restart=p.restart)]
    if p.penalty is not None:
        parts.append(Message(N_("Penalty: {penalty}"), penalty=p.penalty))
    return Joined(parts, sep=". ")


def _missed(result: EventResult, call: dict) -> bool:
    """An inconsistent call that left out what the rule required: play not stopped where the rule stops it,
    no penalty where the provision gives one, a part found wrong by leaving it out, a mandatory penalty
    or a match finding's error."""
    if result.verdict != VerdictKind.INCONSISTENT:
        return False
    if result.mandatory or result.findings:
        return True
    p = provision(result.clause)
    if call.get("whistle") in OMITTED and p.stop in (Stop.AT_ONCE, Stop.AT_NEUTRAL_PLAY, Stop.REQUIRED):
        return True
    if call.get("penalty") in OMITTED and p.penalty is not None:
        return True
    # Only a part of the call can be left out: a restart's timing (`moments.restart`) or a fact of the case
    # (21.f(5)'s `presented_to`) found wrong is no omission.
    return any(call.get(part) in OMITTED for part in result.wrong if part != "whistle" and part in CALL_FIELDS)


def umpires(docs: Iterable[MatchDocument]) -> list[str]:
    """Every umpire named in the matches: on tags, and in each match's list."""
    names = set()
    for doc in docs:
        names.update(u for u in doc.match.get("umpires") or [] if u)
        names.update(e.umpire for e in read_events(doc) if e.umpire)
    return sorted(names, key=str.casefold)


def _panel(doc: MatchDocument, event_id: str) -> tuple[VerdictKind | None, int]:
    """The verdict of a panel on the call (None: no panel, or no majority on the situation), and its size."""
    from review_app.panels.panel import panel_of, verdicts

    panel = panel_of(doc, event_id)
    if not panel or not panel.get("entries"):
        return None, 0
    side = verdicts(doc, event_id)
    return (side.panel.verdict if side.panel else None), side.outcome.submitted


def reviewers_of(docs: Iterable[MatchDocument], umpire: str) -> list[str]:
    """Who tagged `umpire`'s incidents: more than one in a match, and the same incident may be counted twice."""
    return sorted({e.reviewer for d in docs for e in read_events(d) if e.reviewer and e.umpire == umpire},
                  key=str.casefold)


def assess(docs: Iterable[MatchDocument], umpire: str, *, reviewer: str | None = None,
           evidence: EvidenceStore | None = None) -> Assessment:
    """`umpire`'s assessment over `docs` (one match, or a season); only `reviewer`'s tags, if given; each match
    checked with its evidence case in the store's `evidence`. A tag naming the umpire whose call was decided after
    the game (a 21.f(5) forfeiture on evidence) is shown apart, not counted as the umpire's call."""
    docs = list(docs)
    checked = check_documents(docs, evidence)
    by_event = {(r.match, r.event): r for r in checked.events}
    matches = []
    for doc in sorted(docs, key=lambda d: (d.match.get("date") or "", d.match_id)):
        incidents, after_game = [], []
        view = _AfterTheGame(doc, evidence)
        for event in read_events_in_order(doc):
            if event.umpire != umpire or (reviewer is not None and event.reviewer != reviewer):
                continue
            incident = _incident(doc, event, by_event[(doc.match_id, event.id)], umpire)
            incident.decided_after_by = view.decided_by(event)
            (incidents if incident.decided_after_by is None else after_game).append(incident)
        named = umpire in (doc.match.get("umpires") or [])
        if incidents or after_game or named:
            matches.append(MatchAssessment(doc.match_id, doc.match.get("name") or doc.match_id,
                                           doc.match.get("date") or "", incidents, development_points(doc, umpire),
                                           umpire_record(doc, umpire).get("by"), after_game))
    return Assessment(umpire, matches, _by_clause(matches))


def _incident(doc: MatchDocument, event: Event, result: EventResult, umpire: str) -> Incident:
    marks = event_marks(doc, umpire, event.id)
    panel, members = _panel(doc, event.id)
    call = event.call.given()
    return Incident(
        match=doc.match_id, event=event.id, period=event.period, clock=event.clock,
        time_s=result.time_s, frame=result.frame, clause=result.clause, call=call,
        required=required_call(result.clause), verdict=result.verdict, explanation=result.explanation,
        wrong=list(result.wrong), mandatory=result.mandatory,
        clear_and_obvious=marks.get("clear_and_obvious"), affected_outcome=marks.get("affected_outcome"),
        missed=_missed(result, call), panel=panel, panel_members=members)


class _AfterTheGame:
    """Which of a match's calls were decided after the game, and as whom: the tag's facts with what the match's
    evidence case settles over them (read once, and only for a match with such a tag)."""

    def __init__(self, doc: MatchDocument, evidence: EvidenceStore | None):
        self.doc, self.evidence = doc, evidence
        self._view: EvidenceView | None | bool = False  # not read yet

    def case(self) -> EvidenceView | None:
        if self._view is False:
            self._view = evidence_view(self.doc, self.evidence)
        return self._view or None

    def decided_by(self, event: Event) -> str | None:
        """None for a call made in the game; else as whom it was decided ("" where nothing says)."""
        if event.situation != "21.f(5)":
            return None
        case = self.case()
        facts = {**event.facts, **(case.facts() if case else {})}
        if not decided_after_the_game(event.situation, facts):
            return None
        return (case.decided_as if case is not None and case.decision else None) \
            or event.call.given().get("decided_by") or ""


def _by_clause(matches: list[MatchAssessment]) -> list[ClauseCount]:
    counts: dict[str, ClauseCount] = {}
    for m in matches:
        for i in m.incidents:
            c = counts.setdefault(i.clause, ClauseCount(i.clause))
            c.incidents += 1
            c.correct += i.correct is True
            c.incorrect += i.correct is False
            c.not_judged += i.correct is None
            c.clear_errors += i.clear_error
            c.missed += i.missed
    order = [p.id for p in PROVISIONS]
    return sorted(counts.values(), key=lambda c: order.index(c.clause) if c.clause in order else len(order))
