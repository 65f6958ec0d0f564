"""What a provision is, the facts it turns on, the case it judges and the verdict it gives.

A clause module declares each provision as data (`Provision`) and one small judge function
that reads the case's facts and the call made, and returns a `Verdict` with its reasons as a
message (an English message id with its parameters, translated where it is shown). A judge that
needs a fact the reviewer did not record asks for it with `case.fact(name)`; the missing fact
makes the verdict `incomplete` and is named. A verdict the judge reaches without a missing fact
stands: a late whistle is late whatever else is unrecorded.

The facts themselves are declared once in `facts`, the words of a call and of a verdict in
`vocabulary`; the names below are kept for the modules that import them from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from review_app.i18n import LANGUAGES, N_, Message, both
from review_app.rules.case import Case, MatchRecords, MissingFact
from review_app.rules.facts import Fact
from review_app.rules.labels import part_name
from review_app.rules.parameters import USPA_2026, Edition, Parameter, Parameters, newest
from review_app.rules.parts import COMMON_PARTS, Wrong, gated, place_of_the_restart_kind
from review_app.rules.phrases import Joined
from review_app.rules.rulebook import Paragraph, paragraph
from review_app.rules.timing import Measured
from review_app.rules.vocabulary import (
    Card,
    Direction,
    Official,
    Penalty,
    PenaltyTiming,
    Point,
    Restart,
    Stop,
    VerdictKind,
    Whistle,
    split_restart,
)

# The public vocabulary, as modules have long imported it from here (the enums are in `vocabulary`).
CONSISTENT = VerdictKind.CONSISTENT
INCONSISTENT = VerdictKind.INCONSISTENT
DISCRETIONARY = VerdictKind.DISCRETIONARY
INCOMPLETE = VerdictKind.INCOMPLETE
VERDICTS = tuple(VerdictKind)

STOP_AT_ONCE = Stop.AT_ONCE
STOP_AT_NEUTRAL_PLAY = Stop.AT_NEUTRAL_PLAY
STOP_REQUIRED = Stop.REQUIRED
STOP_AT_DISCRETION = Stop.AT_DISCRETION
STOP_NOT_AT_ALL = Stop.NOT_AT_ALL

WHISTLES = Whistle.values()
# The parts of a call as a document records them (schema 2.0 added who got the penalty or card, where
# play restarted, who stopped play and who decided; 2.1 the restart as kind, direction and point, the
# 21.f(5) decision by someone else, named, and 21.k's officials one by one): a tuple is a choice of
# values, "team" a team id of the match, "player" a player of it ({"team", "number"}).
CALL_FIELDS = {
    "stopped_by": (Official.UMPIRE.value, Official.REFEREE.value, Official.HORN.value, Official.OTHER.value),
    "whistle": WHISTLES,
    # 2.0's kind "throw-in toward the boards" is a throw-in with its direction (`vocabulary.split_restart`).
    "restart": tuple(v for v in Restart.values() if v != Restart.THROW_IN_TOWARD_BOARDS),
    "restart_direction": Direction.values(),
    "restart_point": Point.values(),
    "penalty": Penalty.values(),
    "penalty_to": "team",
    "card": Card.values(),
    "card_to": "player",
    "penalty_timing": PenaltyTiming.values(),
    "time_allowed_s": "number",
    "mount_excused": "bool",
    "mount_change_permitted": "bool",
    "announcement": "text",
    "decided_by": (Official.UMPIRE.value, Official.REFEREE.value, Official.COMMITTEE.value, Official.OTHER.value),
    "decided_by_name": "text",  # who decided, by name: the one who is not an official above
    # Decisions one clause rules on (`Provision.decisions`): the officials', so part of the call, not facts seen.
    "extra_time_granted": "bool",
    "play_waited_off_field": "bool",
    "officials_agree": "bool",  # 2.0: all of 21.k's officials at once; 2.1 records each (below)
    "umpires_agree": "bool",
    "referee_agrees": "bool",
    "committee_agrees": "bool",
    # 21.b: the Umpire deemed not stopping (or a brief delay) to be in the best interest of the game.
    "best_interest_of_the_game": "bool",
}
# The call fields a form asks only for the clause they belong to.
DECISIONS = ("extra_time_granted", "play_waited_off_field", "officials_agree", "umpires_agree", "referee_agrees",
             "committee_agrees", "best_interest_of_the_game")
# 21.k's officials, each with the call field that records whether they believe the suspension in the best
# interest of the game (schema 2.1).
OFFICIALS_AGREEING = (("umpires_agree", N_("the Umpires")), ("referee_agrees", N_("the Referee")),
                      ("committee_agrees", N_("the Host Tournament Committee")))


class WholeQuestion(StrEnum):
    """The questions the text leaves wholly to the Umpire: a call that answers one of them, and that the text binds
    in nothing else, is `discretionary` (docs/rules.md, "What a verdict means"). A provision declares the ones its
    words grant (`Provision.whole_questions`, each with those words); its judge names the one a discretionary
    verdict answers. A call bound by any obligation it met is `consistent` instead, naming the choice in its text."""

    CALLING_A_FOUL = "calling_a_foul"  # whether to stop play for a foul, or briefly delay it
    STOPPING_WHERE_NOT_REQUIRED = "stopping_where_not_required"  # whether to stop where no stop is owed
    WHAT_CONSTITUTES_A_FALL = "what_constitutes_a_fall"
    INSTRUCTING_A_CHANGE = "instructing_a_change"  # 21.f(1)(ii)
    SIGNALLING_A_DEAD_BALL_FOUL = "signalling_a_dead_ball_foul"
    PENALIZING = "penalizing"  # whether to exact a penalty the rule does not make mandatory
    SUSPENDING_THE_GAME = "suspending_the_game"


@dataclass(frozen=True)
class Source:
    """Where a provision's words stand in the rulebook: a paragraph, or a stretch of one."""

    en_opening: str
    en_from: str | None = None  # cut the paragraph from this English sentence ...
    en_to: str | None = None  # ... up to (not including) this one
    es_from: str | None = None
    es_to: str | None = None

    def text(self) -> dict[str, str]:
        p: Paragraph = paragraph(self.en_opening)
        return {"en": _span(p.en, self.en_from, self.en_to), "es": _span(p.es, self.es_from, self.es_to)}


def _span(text: str, start: str | None, end: str | None) -> str:
    a = text.index(start) if start else 0
    b = text.index(end, a) if end else len(text)
    return text[a:b].strip()


@dataclass  # not frozen: see `case.Case`
class Verdict:
    verdict: VerdictKind
    clause: str
    explanation: Message
    missing: tuple[str, ...] = ()
    mandatory: bool = False  # a penalty the umpires may not elect to forgo (21.f(5))
    cites: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()  # the parts of the call found wrong: "penalty_to", "restart_place", "whistle", ...
    measured: Measured | None = None  # the timing the tagged moments show
    edition: str | None = None  # the rulebook edition that judged it (the one in force on the match's day)
    # The question left wholly to the Umpire that a discretionary verdict answers (`WholeQuestion`); None otherwise.
    question: WholeQuestion | None = None

    def to_dict(self) -> dict:
        out = {
            "clause": self.clause,
            "verdict": self.verdict,
            "explanation": both(self.explanation),
            "missing": list(self.missing),
            "mandatory": self.mandatory,
            "cites": list(self.cites) or [self.clause],
        }
        if self.wrong:
            out["wrong"] = list(self.wrong)
        if self.measured is not None and self.measured.to_dict():
            out["measured"] = self.measured.to_dict()
        if self.edition:
            out["edition"] = self.edition
        return out


# A judge reads the case and the numbers of the edition in force on its match's day, handed to it.
Judge = Callable[[Case, Parameters], Verdict]


@dataclass(frozen=True)
class Provision:
    """One provision of Rule 21: its words, the facts it turns on, what it makes of them."""

    id: str
    title: Message
    source: tuple[Source, ...]
    facts: tuple[Fact, ...]
    stop: Stop
    restart: Message
    mount: Message | None
    penalty: Message | None
    judge: Judge
    # The names of the rulebook numbers its judge and checks read (`parameters.Parameters`, from the data file).
    parameters: tuple[str, ...] = ()
    summary: Message | None = None  # what the encoded rule does
    edition: Edition = USPA_2026  # the rulebook edition whose words it encodes
    # The parts of the call this provision fixes beyond what its judge reads (`rules.parts`): each
    # returns why the recorded part is wrong, or None. Checked whatever the judge concluded, so a part
    # the rule leaves to discretion never hides one it fixes.
    parts: tuple[Callable[[Case, Parameters], Any], ...] = ()
    # The call fields only this provision asks for: the officials' decisions it rules on (21.d's extra time
    # granted, 21.g's play waiting off the field, 21.k's officials agreeing), asked with the call, not as facts.
    decisions: tuple[str, ...] = ()
    # Whether the time play stood stopped, measured from the footage, counts as the time allowed where none was
    # typed: for the allowances of 21.d, 21.f(2), 21.f(4) and 21.g, whose clock runs from the stoppage. Elsewhere
    # (a dropped mallet's "Time should not be granted") a stoppage is not time granted.
    measures_time: bool = False
    # Decisions an older document recorded that this provision no longer asks for, still read where recorded
    # (21.k's `officials_agree`, one yes or no for all its officials, asked of each since schema 2.1).
    former_decisions: tuple[str, ...] = ()
    # The questions this provision's words leave wholly to the Umpire, each with the rulebook's words granting it
    # (verbatim, English): the only ones its judge may call discretionary (`tests/rules/test_verdict_labels.py`).
    whole_questions: tuple[tuple[WholeQuestion, str], ...] = ()
    # What a coach calls the situation on a code key (a message id, short enough for a button in either language).
    key_name: str = field(kw_only=True)
    # Its place on the first code window a reviewer gets (1 first), for the situations an umpire coach codes most
    # in a chukker; None: not on it.
    first_window: int | None = field(default=None, kw_only=True)
    # The moments its restart waits for (`timing.WAIT_MOMENTS`): the tag form offers these beside the whistle,
    # the restart and the neutral play, and `parts.restart_at` measures the restart from them.
    waits_for: tuple[str, ...] = field(default=(), kw_only=True)
    # The facts the tool derives rather than asks (a legal conclusion the match's own record settles, never a fact
    # typed), and the function deriving them from the event (its record, or the tag form's working tag) and the
    # match's record (`case.MatchRecords`).
    derives: tuple[str, ...] = field(default=(), kw_only=True)
    derive: Callable[[Any, MatchRecords], dict[str, Any]] | None = field(default=None, kw_only=True)
    # The checks of a whole match this provision makes (`match.MatchCheck`): what no single event shows.
    match_checks: tuple[Any, ...] = field(default=(), kw_only=True)
    # Its checks across the matches of one day, each made with the function giving a roster name's person id, then
    # given the day's documents one at a time (`add`) and asked its `findings()` after the last.
    day_checks: tuple[Callable[[Callable[[str], str]], Any], ...] = field(default=(), kw_only=True)

    def __post_init__(self) -> None:
        if bool(self.derives) != (self.derive is not None):
            raise ValueError(f"{self.id}: a provision that derives facts names them and the function deriving them")

    @property
    def lifted(self) -> tuple[str, ...]:
        """Every decision an older document may hold as a fact: lifted into the call when judged (made once per
        provision, kept in the frozen dataclass's __dict__, as `gated_parts`)."""
        try:
            return self.__dict__["_lifted"]
        except KeyError:
            self.__dict__["_lifted"] = found = (*self.decisions, *self.former_decisions)
            return found

    @property
    def gated_parts(self) -> tuple[tuple[Callable, str | None], ...]:
        """Each part's check `judge_case` runs, its own (`parts`) then those every clause shares
        (`rules.parts.COMMON_PARTS`), with the call field it needs (`rules.parts.needs`), if any."""
        try:
            return self.__dict__["_gated_parts"]
        except KeyError:
            self.__dict__["_gated_parts"] = found = (*gated(self.parts), *COMMON_PARTS)
            return found

    @property
    def ungated_parts(self) -> tuple[tuple[Callable, ...], frozenset[str]]:
        """The checks of `gated_parts` that need no call field, in their order, and the fields the others need:
        a call recording none of those fields runs only the first, without asking each check (made once)."""
        try:
            return self.__dict__["_ungated_parts"]
        except KeyError:
            checks = self.gated_parts
            self.__dict__["_ungated_parts"] = found = (
                tuple(rule for rule, needs in checks if needs is None),
                frozenset(needs for _rule, needs in checks if needs is not None))
            return found

    @property
    def text(self) -> dict[str, str]:
        parts = [s.text() for s in self.source]
        return {lang: " ".join(p[lang] for p in parts) for lang in LANGUAGES}

    def fact_named(self, name: str) -> Fact | None:
        return next((f for f in self.facts if f.name == name), None)

    def parameters_in(self, values: Parameters) -> tuple[Parameter, ...]:
        """The numbers it reads, as the edition `values` holds them."""
        return tuple(values[name] for name in self.parameters)

    def to_dict(self, values: Parameters | None = None) -> dict:
        """As the report shows it, with the numbers of `values`'s edition (the newest shipped one if none)."""
        return {
            "id": self.id,
            "title": both(self.title),
            "text": self.text,
            "summary": both(self.summary),
            "stop": self.stop,
            "restart": both(self.restart),
            "mount": both(self.mount) if self.mount else None,
            "penalty": both(self.penalty) if self.penalty else None,
            "time_allowances": [
                {"name": p.name, "value": p.value, "unit": p.unit, "clause": p.clause, "label": both(p.label)}
                for p in self.parameters_in(values or newest())
            ],
            "facts": [
                {"name": f.name, "kind": f.kind, "label": both(f.label), "choices": list(f.choices),
                 "required": f.required, **({"unit": f.unit} if f.unit else {})}
                for f in self.facts
            ],
        }


class Verdicts:
    """Builds verdicts for one clause, so a judge reads as a list of reasons."""

    def __init__(self, clause: str):
        self.clause = clause

    def consistent(self, explanation: Message, **kw) -> Verdict:
        return Verdict(CONSISTENT, self.clause, explanation, **kw)

    def inconsistent(self, explanation: Message, **kw) -> Verdict:
        return Verdict(INCONSISTENT, self.clause, explanation, **kw)

    def discretionary(self, explanation: Message, question: WholeQuestion, **kw) -> Verdict:
        """Only for a call answering `question`, one the text leaves wholly to the Umpire, and bound in nothing else;
        a call meeting an obligation as well is `consistent`, naming the choice (docs/rules.md)."""
        return Verdict(DISCRETIONARY, self.clause, explanation, question=question, **kw)


def decisions_in_the_call(case: Case, decisions: tuple[str, ...]) -> Case:
    """A case made before the officials' decisions moved from the facts to the call (a panel's entry, an older
    case): each decision the facts hold, in the call (what the call records first)."""
    facts = {k: v for k, v in case.facts.items() if k not in decisions}
    call = {**{k: v for k, v in case.facts.items() if k in decisions}, **case.call}
    return _with(case, facts=facts, call=call)


def effective(case: Case, provision: Provision | None = None) -> Case:
    """The case as the footage shows it: where the whistle's moment is tagged, the whistle's timing is
    the measured one (a reviewer's "at once" for a whistle 3 s late is a delay); where the restart's
    moment is tagged too and no time allowed was typed, the time actually allowed is the measured one (only for a
    `provision` that `measures_time`; with no provision given, always). A 2.0
    call's restart (`restart_place`, the kind "throw-in toward the boards") is read as 2.1's kind, direction
    and point (`vocabulary.split_restart`)."""
    if "restart_place" in case.call or case.call.get("restart") == Restart.THROW_IN_TOWARD_BOARDS:
        case = _with(case, call=split_restart(dict(case.call)))
    measured = case.measured
    if measured.whistle is None and measured.stopped_for_s is None:
        return case
    call = dict(case.call)
    if measured.whistle is not None and call.get("whistle") not in measured.fits:
        # What the reviewer typed stands where the footage bears it out (a whistle half a second after a
        # fall at a neutral moment came at once and at the neutral play); otherwise the footage's timing.
        call["whistle"] = measured.whistle
    measured_time = False
    if measured.stopped_for_s is not None and call.get("time_allowed_s") is None \
            and (provision is None or provision.measures_time):
        call["time_allowed_s"] = round(measured.stopped_for_s, 3)
        measured_time = True
    if call == dict(case.call):
        return case
    # the same moments, so the measured timing it holds stays true
    return _with(case, call=call, time_measured=measured_time) if measured_time else _with(case, call=call)


def _with(made: Any, **changes: Any) -> Any:
    """A dataclass (a verdict, a case) copied with `changes`, the values it keeps of its own (a case's measured
    timing) kept. Only for fields whose values need no checking."""
    copy = object.__new__(type(made))
    copy.__dict__.update(made.__dict__, **changes)
    return copy


def judge_case(provision: Provision, case: Case, values: Parameters) -> Verdict:
    """Run a provision's judge, turning a missing fact it needs into an `incomplete` verdict, then
    check every part of the call the provision fixes (`Provision.parts`, then the parts every clause
    shares): a wrong part makes the verdict `inconsistent`, naming that part, whatever the judge said.
    The verdict's `wrong` names the parts the judge found wrong, then those the checks found (each part
    once, with the first check's reason).

    A fact is missing only if the judge needs it for this call: a verdict reached without it
    stands. An incomplete verdict names the fact needed first, then the clause's other required
    facts not yet recorded, so the reviewer can fill them in one pass. `values`: the numbers of the edition in
    force on the match's day, handed to the judge and the checks; the verdict names that edition."""
    lifted = provision.lifted
    if lifted and not case.facts.keys().isdisjoint(lifted):
        case = decisions_in_the_call(case, lifted)
    typed_whistle = case.call.get("whistle")
    case = effective(case, provision)
    try:
        verdict = provision.judge(case, values)
    except MissingFact as exc:
        others = [f.name for f in provision.facts
                  if f.required and case.facts.get(f.name) is None and f.name not in exc.names]
        verdict = incomplete(provision.id, [*exc.names, *others], provision)
    call = case.call
    ungated, fields = provision.ungated_parts
    # Most calls record none of the fields the gated checks need (the parts every clause shares): then only
    # the ungated ones run, in the same order as when each is asked.
    checks = ungated if call.keys().isdisjoint(fields) else \
        [rule for rule, needs in provision.gated_parts if needs is None or needs in call]
    findings = [(rule, found) for rule in checks if (found := rule(case, values)) is not None]
    measured, late = case.measured, None
    if verdict.verdict == INCONSISTENT and measured.whistle is not None:
        late = _late_whistle(provision, case, values, measured)
        if late is not None:
            findings.insert(0, (None, late))
    wrong = _one_finding_per_part(verdict, findings) if findings else ()
    if wrong:
        reasons = [w.message for w in wrong]
        if verdict.verdict == INCONSISTENT:
            reasons.insert(0, verdict.explanation)
        verdict = Verdict(INCONSISTENT, provision.id, Joined(reasons, sep=" "), mandatory=verdict.mandatory,
                          cites=verdict.cites, wrong=tuple(dict.fromkeys([*verdict.wrong, *(w.part for w in wrong)])))
    # Set on the verdict itself: a judge makes a new one for every case (none is kept or shared).
    notes = _timing_notes(provision, measured, typed_whistle, said=late is not None)
    if notes:
        verdict.explanation = Joined([verdict.explanation, *notes], sep=" ")
    verdict.edition = values.edition.name
    if measured.whistle_delay_s is not None or measured.stopped_for_s is not None:
        verdict.measured = measured
    return verdict


def _one_finding_per_part(verdict: Verdict, findings: list) -> list:
    """The parts found wrong, each once (the provision's own check first, then the common ones). Where the
    kind of restart is wrong, the place that kind is taken at says nothing of where play should restart,
    so that check's finding is dropped: a knock-in given for a Safety is a wrong restart, not a wrong place."""
    if "restart" in {*verdict.wrong, *(w.part for _, w in findings)}:
        findings = [(rule, w) for rule, w in findings if rule is not place_of_the_restart_kind]
    kept: dict[str, object] = {}
    for _, w in findings:
        kept.setdefault(w.part, w)
    return list(kept.values())


def _timing_notes(provision: Provision, measured: Measured, typed_whistle: Any, said: bool) -> list[Message]:
    """What the verdict says of the whistle's moment beyond its judge: where the footage's timing overrules the one
    the call records (`effective`) and no finding has said so (`said`), the reviewer reads why their word was not
    followed; where the whistle tagged came before the incident, that it was no whistle for it (play had already
    stopped), except under a provision whose incident comes with play stopped (a dead-ball foul)."""
    notes = []
    if measured.whistle is not None and typed_whistle is not None and not said \
            and Whistle(typed_whistle) not in measured.fits:
        notes.append(Message(
            "The call records the whistle as {typed}; on the footage it came {delay:.1f} s after the incident "
            "({timing}), which this verdict follows.", typed=Message(Whistle(typed_whistle).label),
            delay=measured.whistle_delay_s, timing=Message(measured.whistle.label)))
    if measured.whistle_before_incident and provision.stop != STOP_NOT_AT_ALL:
        notes.append(Message(
            "The whistle tagged came {early:.1f} s before the incident: play had already stopped, so it is not "
            "this call's whistle and its timing is not measured.", early=-(measured.whistle_delay_s or 0.0)))
    return notes


def _late_whistle(provision: Provision, case: Case, values: Parameters, measured: Measured):
    """Where the measured whistle makes the call inconsistent (the caller checks both) and a whistle at
    another moment would not have, the whistle is the wrong part: say what the footage measured."""
    for other in Whistle:
        if other == measured.whistle:
            continue
        try:
            alternative = provision.judge(replace(case, call={**case.call, "whistle": other}), values)
        except MissingFact:
            continue
        if alternative.verdict != INCONSISTENT:
            return Wrong("whistle", Message(
                "Measured on the footage, the whistle came {delay:.1f} s after the incident ({timing}).",
                delay=measured.whistle_delay_s, timing=Message(measured.whistle.label)))
    return None


def incomplete(clause: str, missing: list[str], provision: Provision | None = None) -> Verdict:
    """The verdict when facts are missing: each named as the tag form names it (`labels.part_name`), the names
    themselves kept in `missing` (data: the JSON report's)."""
    fact_labels = {f.name: f.label for f in provision.facts} if provision else {}
    return Verdict(
        INCOMPLETE, clause,
        Message("The facts recorded are not enough to judge this call; missing: {missing}.",
                missing=Joined(fact_labels.get(n) or part_name(n) for n in missing)),
        missing=tuple(missing),
    )
