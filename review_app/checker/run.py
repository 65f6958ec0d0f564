"""Checking match documents: every event gets the verdict of its clause, every match its
sequence findings. A document that cannot be read is reported in one line and the rest of the
batch is still checked.

Documents are checked one at a time as they are read and not kept: a season of them would
otherwise stay in memory for the whole run. The one check across matches keeps only what it
needs of each (`PlayedThatDay`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from review_app.checker.cases import case_key
from review_app.checker.evidence_facts import EvidenceView, evidence_view
from review_app.checker.sequence import Finding, PlayedThatDay, check_match
from review_app.errors import PoloReviewError
from review_app.i18n import Message, both, translate
from review_app.model import MatchDocument, find_documents, load_document
from review_app.model.event import Event, decode_event
from review_app.model.mounts import MountRegister, mount_register
from review_app.rules import Case, MatchContext, Verdict, is_clause, judge, judge_on, provision
from review_app.rules.phrases import Joined
from review_app.rules.vocabulary import Penalty, Severity, VerdictKind

if TYPE_CHECKING:  # the store's evidence interface, named in signatures; the process itself is not needed to check
    from review_app.evidence.records import EvidenceStore

log = logging.getLogger(__name__)


class EventResult(msgspec.Struct, kw_only=True, omit_defaults=True, gc=False):
    """One event's verdict as the report gives it. The fields with a default are optional: the report (`to_dict`,
    and the JSON report, which msgspec writes from this Struct) leaves each out where it holds its default,
    nothing.

    A result holds only what it reports: text, numbers, tuples of text, the verdict's explanation (a message, whose
    parameters are text, numbers and messages) and two mappings of numbers and text. Nothing in it refers to a
    result, so a result is never part of a reference cycle: msgspec's condition for `gc=False`."""

    match: str
    event: str
    clause: str
    verdict: VerdictKind
    explanation: Message
    missing: tuple[str, ...]
    mandatory: bool
    cites: tuple[str, ...]
    frame: int
    time_s: float
    period: int | None
    clock: str | None
    umpire: str | None
    reviewer: str | None
    document: str | None
    wrong: tuple[str, ...] = ()  # the parts of the call found wrong
    measured: dict = msgspec.field(default_factory=dict)  # the timing the tagged moments show
    findings: tuple[str, ...] = ()  # the match findings that make this event inconsistent
    reading: dict = msgspec.field(default_factory=dict)  # the reviewer's reading where it differs from what is derived
    edition: str | None = None  # the rulebook edition in force on the match's day, which judged it
    # The team the call awarded the penalty to, as recorded and judged (`rules.parts.penalty_to_the_opponents`):
    # a worked example's "an appropriate penalty to Blue" is read here.
    penalty_to: str | None = None

    def to_dict(self) -> dict:
        """Every field, in order, with the explanation in both languages; the optional ones only where they hold
        something."""
        return msgspec.to_builtins(self, enc_hook=both)


@dataclass
class CheckResult:
    events: list[EventResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # one line per document that could not be checked
    matches: list[str] = field(default_factory=list)  # the match id of each document checked, in order
    # calls reviewed on replay during the match (polo-review live), each with its match's id
    review_decisions: list[dict] = field(default_factory=list)
    # The documents as the check read them, by path, where the caller asked to keep them (`keep_documents`):
    # what the HTML report shows of each event (notes, stills) comes from here, never from a second read.
    documents: dict[str, MatchDocument] = field(default_factory=dict)


class Verdicts:
    """The verdicts one check has reached, by case (`checker.cases.case_key`), so an event whose case was judged
    before in this check takes that verdict rather than being judged again: a season says the same few things over
    and over (every knock-in after a ball out over the back line). Kept for one check only, never across checks."""

    def __init__(self) -> None:
        self._by_case: dict[bytes, Verdict] = {}

    def judge(self, case: Case, judged: Callable[[Case], Verdict]) -> Verdict:
        """The verdict of `case`: the one reached before for its key, else `judged(case)`'s. A case that has no key
        is judged on its own."""
        key = case_key(case)
        if key is None:
            return judged(case)
        found = self._by_case.get(key)
        if found is None:
            found = self._by_case[key] = judged(case)
        return found

    def __len__(self) -> int:
        """How many cases were judged (those that made no key, judged alone, not counted)."""
        return len(self._by_case)


@dataclass
class _Match:
    """What each event of one match is checked with, found once for the match: its context, its evidence case, the
    judge of its day (`rules.judge_on`), the check's verdicts reached so far, its mount register, and how the report
    names the match and its document."""

    doc: MatchDocument
    context: MatchContext
    evidence: EvidenceView | None
    judged: Callable[[Case], Verdict]
    verdicts: Verdicts | None = None
    register: MountRegister | None = None
    match_id: str = field(init=False)
    document: str | None = field(init=False)

    def __post_init__(self) -> None:
        self.match_id = self.doc.match_id
        self.document = str(self.doc.path) if self.doc.path else None


def check_event(doc: MatchDocument, event: Event | dict, context: MatchContext | None = None,
                evidence: EvidenceView | None = None) -> EventResult:
    """One event's result, judged alone (`event`: its record, or a saved or coded event's dict)."""
    record = decode_event(event) if isinstance(event, dict) else event
    return _check_event(_Match(doc, context or doc.context(), evidence, judge), record)


def _case(match: _Match, event: Event, derived: dict) -> Case:
    """The event as its judge sees it, with the facts the tool derives (`derived`: 21.f(5)'s excusal, from the
    match's mount register) and, for 21.f(5), what the match's evidence case settles."""
    doc, context, evidence = match.doc, match.context, match.evidence
    case = doc.case(event, context, derived)
    if evidence is not None and case.situation == "21.f(5)":
        # The committee's case settles what the reviewer would otherwise type: the evidence's timing, and
        # forfeiture exacted after the game by its decision.
        case = doc.case(event, context, derived={**derived, **evidence.facts()})
        if evidence.forfeiture_exacted:  # by the authority the case recorded, never assumed the Committee
            case = replace(case, call={**{k: v for k, v in case.call.items()
                                          if k not in ("decided_by", "decided_by_name")}, **evidence.call()})
    return case


def _check_event(match: _Match, event: Event) -> EventResult:
    """One event's result in `match`: its case judged, or given the verdict its case was given before."""
    derived = match.doc.derived_facts(event, match.register)
    case = _case(match, event, derived)
    v = match.verdicts.judge(case, match.judged) if match.verdicts is not None else match.judged(case)
    explanation = v.explanation
    reading = _reading(event, derived)
    if reading:  # the report says where the reviewer reads it otherwise
        explanation = Joined([explanation, Message(
            "The reviewer's reading: excused under {typed}; the mount register shows {derived}, which this "
            "verdict follows.", typed=reading["excused_under"], derived=reading["derived"])], sep=" ")
    position, call = event.position, case.call
    return EventResult(
        match=match.match_id, event=event.id, clause=v.clause, verdict=v.verdict, explanation=explanation,
        missing=v.missing, mandatory=v.mandatory, cites=v.cites or (v.clause,),
        frame=position.frame, time_s=position.time_s, period=event.period, clock=event.clock,
        umpire=event.involved.umpire, reviewer=event.reviewer, document=match.document, wrong=v.wrong,
        measured=v.measured.to_dict() if v.measured else {}, reading=reading, edition=v.edition,
        penalty_to=call.get("penalty_to") if call.get("penalty") not in (None, Penalty.NONE) else None,
    )


def _reading(event: Event, derived_facts: dict) -> dict:
    """The reviewer's reading of the excusal where the register derives another (`derived_facts`, the event's), which
    the report shows both of."""
    typed = event.reading.excused_under
    if not typed or event.situation != "21.f(5)":
        return {}
    derived = derived_facts.get("excused_under")
    return {"excused_under": typed, "derived": derived} if derived and derived != typed else {}


def _check_match(doc: MatchDocument, cases: EvidenceStore | None = None, verdicts: Verdicts | None = None,
                 ) -> tuple[list[EventResult], list[Finding]]:
    """One match's results, in footage order, and its findings, which `apply_findings` has applied to them."""
    context = doc.context()
    evidence = evidence_view(doc, cases)
    register = mount_register(doc, records=False)
    match = _Match(doc, context, evidence, judge_on(context.day),  # the edition in force that day, its numbers
                   verdicts if verdicts is not None else Verdicts(), register)
    events = [_check_event(match, event) for event in doc.records_in_order()]
    findings = check_match(doc, evidence, register)
    apply_findings(events, findings)
    return events, findings


def check_document(doc: MatchDocument, evidence: EvidenceStore | None = None,
                   ) -> tuple[list[EventResult], list[Finding]]:
    """One match's verdicts and findings; with the store's `evidence`, the match's 21.f(5) evidence case there
    settles the evidence's timing and a forfeiture decided after the game."""
    return _check_match(doc, evidence)


# A finding of this weight is an error in the call, so the event it happened at is inconsistent.
WRONG_CALL = (Severity.MANDATORY, Severity.ERROR)


def apply_findings(events: list[EventResult], findings: Iterable[Finding]) -> None:
    """A verdict never hides an error the match shows: the event a mandatory or error finding happened at
    (the last event it names: the mount ridden again, the second time-out, not the excusal or the first
    one) is `inconsistent`, with the finding as its reason."""
    at: dict[tuple[str, str], list[Finding]] = {}
    for finding in findings:
        if finding.severity in WRONG_CALL and finding.events:
            at.setdefault((finding.match, finding.events[-1]), []).append(finding)
    if not at:
        return
    for result in events:
        found = at.get((result.match, result.event))
        if not found:
            continue
        if result.verdict == VerdictKind.INCONSISTENT:
            # The event's judge already found its own clause broken: a finding of that clause says it again, once.
            reasons = [result.explanation, *[f.explanation for f in found if f.clause != result.clause]]
        else:
            reasons = [f.explanation for f in found]
            # The call was right under its own clause; what is wrong is the finding's (21.d's unconscious player,
            # 21.f(5)'s excused mount): the event is inconsistent under that clause, not its own (issue 39).
            result.clause = found[0].clause
        result.verdict = VerdictKind.INCONSISTENT
        # One reason, a finding's: its own sentence, which the report says again with the finding; more are joined.
        result.explanation = reasons[0] if len(reasons) == 1 else Joined(reasons, sep=" ")
        result.mandatory = result.mandatory or any(f.severity == Severity.MANDATORY for f in found)
        result.cites = tuple(dict.fromkeys([*result.cites, *(f.clause for f in found)]))
        result.findings = tuple(f.kind for f in found)


def _check_into(result: CheckResult, day: PlayedThatDay, doc: MatchDocument,
                cases: EvidenceStore | None = None, keep: bool = False, verdicts: Verdicts | None = None) -> None:
    if keep and doc.path is not None:
        result.documents[str(doc.path)] = doc
    events, findings = _check_match(doc, cases, verdicts)
    result.events.extend(events)
    result.findings.extend(findings)
    result.matches.append(doc.match_id)
    result.review_decisions.extend({"match": doc.match_id, **d} for d in doc.data.get("review_decisions") or ())
    day.add(doc)


def check_documents(docs: Iterable[MatchDocument], evidence: EvidenceStore | None = None, *,
                    keep_documents: bool = False, verdicts: Verdicts | None = None) -> CheckResult:
    """Check each document as the iterable yields it (a generator of documents is never held whole, unless
    `keep_documents`: the result then holds them for the HTML report). `verdicts`: the check's own, new (a caller
    hands one in to count the cases judged)."""
    result, day, verdicts = CheckResult(), PlayedThatDay(), Verdicts() if verdicts is None else verdicts
    for doc in docs:
        _check_into(result, day, doc, evidence, keep_documents, verdicts)
    _across(result, day)
    return result


def _across(result: CheckResult, day: PlayedThatDay) -> None:
    across = day.findings()
    apply_findings(result.events, across)
    result.findings.extend(across)


def check_paths(paths: Iterable[str | Path], progress: Callable[[int, int], None] | None = None,
                evidence: EvidenceStore | None = None, *, keep_documents: bool = False,
                verdicts: Verdicts | None = None) -> CheckResult:
    """Every document under `paths`, read once and checked; `keep_documents`: the result holds the documents
    as read (`CheckResult.documents`), for a report that shows more of them than the verdicts (HTML); `verdicts`:
    as `check_documents`."""
    files = find_documents(paths)
    result, day, verdicts = CheckResult(), PlayedThatDay(), Verdicts() if verdicts is None else verdicts
    for i, path in enumerate(files, 1):
        try:
            doc = load_document(path)
        except PoloReviewError as exc:
            log.info("not checked: %s", exc)  # reported in the result, one line per document
            result.errors.append(str(exc))
        else:
            _check_into(result, day, doc, evidence, keep_documents, verdicts)
        if progress:
            progress(i, len(files))
    _across(result, day)
    return result


def clause_title(clause: str, lang: str = "en") -> str:
    if not is_clause(clause):
        return clause
    return translate(provision(clause).title, lang)
