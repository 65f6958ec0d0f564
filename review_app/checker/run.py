"""Checking match documents: every event gets the verdict of its clause, every match its
sequence findings. A document that cannot be read is reported in one line and the rest of the
batch is still checked.

Documents are checked one at a time as they are read and not kept: a season of them would
otherwise stay in memory for the whole run (and the garbage collector would walk them again and
again). The one check across matches keeps only what it needs of each (`PlayedThatDay`)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import compress
from operator import itemgetter
from pathlib import Path

import msgspec
import orjson

from review_app.checker.cases import case_key, key_of
from review_app.checker.evidence_facts import EvidenceView, evidence_view
from review_app.checker.sequence import Finding, PlayedThatDay, check_match
from review_app.errors import PoloReviewError
from review_app.evidence.records import EvidenceStore
from review_app.i18n import Message, both, translate
from review_app.model import MatchDocument, find_documents, load_document
from review_app.model.document import DERIVES_FACTS
from review_app.model.mounts import MountRegister, derived_facts, mount_register
from review_app.rules import Case, MatchContext, Verdict, edition_on, is_clause, judge, judge_on, provision
from review_app.rules.parameters import judging_on
from review_app.rules.phrases import Joined
from review_app.rules.vocabulary import Penalty, Severity, VerdictKind

log = logging.getLogger(__name__)


class EventResult(msgspec.Struct, gc=False):
    """One event's verdict as the report gives it. A msgspec Struct, not a dataclass: a season's check makes one
    per event and keeps them all until its report is written, and a Struct is made in C (in a third of the time
    of a dataclass's __init__) and, holding no reference back to itself, is left out of the garbage collector's
    walks (`gc=False`)."""

    match: str
    event: str
    clause: str
    verdict: VerdictKind
    explanation: Message
    missing: list[str]
    mandatory: bool
    cites: list[str]
    frame: int
    time_s: float
    period: int | None
    clock: str | None
    umpire: str | None
    reviewer: str | None
    document: str | None
    wrong: list[str] = msgspec.field(default_factory=list)  # the parts of the call found wrong
    measured: dict = msgspec.field(default_factory=dict)  # the timing the tagged moments show
    findings: list[str] = msgspec.field(default_factory=list)  # the match findings that make this event inconsistent
    reading: dict = msgspec.field(default_factory=dict)  # the reviewer's reading where it differs from what is derived
    edition: str | None = None  # the rulebook edition in force on the match's day, which judged it
    # The team the call awarded the penalty to, as recorded and judged (`rules.parts.penalty_to_the_opponents`):
    # a worked example's "an appropriate penalty to Blue" is read here.
    penalty_to: str | None = None

    def to_dict(self) -> dict:
        # Written out field by field, in their order, the optional ones only when they hold something: a
        # copy of __dict__ with the empty ones deleted cost twice as much, for every event of a report. An event's
        # findings joined make its explanation its own (`apply_findings`): said once, it is not kept (`both`).
        explanation = self.explanation
        out = {"match": self.match, "event": self.event, "clause": self.clause, "verdict": self.verdict,
               "explanation": both(explanation, keep=not self.findings or type(explanation) is not Joined),
               "missing": self.missing,
               "mandatory": self.mandatory, "cites": self.cites, "frame": self.frame, "time_s": self.time_s,
               "period": self.period, "clock": self.clock, "umpire": self.umpire, "reviewer": self.reviewer,
               "document": self.document}
        if self.wrong:
            out["wrong"] = self.wrong
        if self.measured:
            out["measured"] = self.measured
        if self.findings:
            out["findings"] = self.findings
        if self.reading:
            out["reading"] = self.reading
        if self.edition:
            out["edition"] = self.edition
        if self.penalty_to:
            out["penalty_to"] = self.penalty_to
        return out


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


def check_event(doc: MatchDocument, event: dict, context: MatchContext | None = None,
                evidence: EvidenceView | None = None) -> EventResult:
    return _check_event(doc, event, context, evidence, doc.match_id, str(doc.path) if doc.path else None)


def _check_event(doc: MatchDocument, event: dict, context: MatchContext | None, evidence: EvidenceView | None,
                 match_id: str, document: str | None, judged: Callable[[Case], Verdict] = judge) -> EventResult:
    """`check_event`, given what is the same for every event of the match (its id, its file as the report
    names it, `judged`: the judge of its day, `rules.judge_on`), found once by the caller rather than once
    per event."""
    case = doc.case(event, context)
    situation = case.situation
    if evidence is not None and situation == "21.f(5)":
        # The committee's case settles what the reviewer would otherwise type: the evidence's timing, and
        # forfeiture exacted after the game by its decision.
        case = doc.case(event, context, derived={**doc.derived_facts(event), **evidence.facts()})
        if evidence.forfeiture_exacted:  # by the authority the case recorded, never assumed the Committee
            case = replace(case, call={**{k: v for k, v in case.call.items()
                                          if k not in ("decided_by", "decided_by_name")}, **evidence.call()})
    v = judged(case)
    explanation = v.explanation
    reading = _reading(doc, event) if situation == "21.f(5)" else None
    if reading:  # the report says where the reviewer reads it otherwise
        explanation = Joined([explanation, Message(
            "The reviewer's reading: excused under {typed}; the mount register shows {derived}, which this "
            "verdict follows.", typed=reading["excused_under"], derived=reading["derived"])], sep=" ")
    involved, position, call, measured = event.get("involved") or _NOTHING, event["position"], case.call, v.measured
    # In the order of EventResult's fields (a test checks each against the event): made for every event of a
    # season, by position it is made in half the time.
    return EventResult(
        match_id, event["id"], v.clause, v.verdict, explanation, list(v.missing) if v.missing else _NONE, v.mandatory,
        _cited(v.cites or (v.clause,)), position["frame"], position["time_s"], event.get("period"),
        event.get("clock"), involved.get("umpire"), event.get("reviewer"), document,
        list(v.wrong) if v.wrong else _NONE, measured.to_dict() if measured else _NOTHING_MEASURED, _NONE,
        reading or _NOTHING_READ, v.edition,
        call.get("penalty_to") if call.get("penalty") not in (None, Penalty.NONE) else None,
    )


def _results(doc: MatchDocument, context: MatchContext, evidence: EvidenceView | None, match_id: str,
             document: str | None, judged: Callable[[Case], Verdict], seen: dict[bytes, tuple],
             keys: dict[int, bytes]) -> list[EventResult]:
    """Each event's result, in footage order, as `_check_event` makes it; `seen`: the verdicts already reached for
    matches like this one (`Verdicts.of_matches_like`). An event whose case was judged before takes that verdict;
    one that makes no case of its own (`case_key`) is judged alone. In one loop, not a call per event: every event of a
    season passes here, and a call's frame cost as much as the rest of an event's result."""
    out: list[EventResult] = []
    append = out.append
    for event in doc.events_in_order():
        # `case_key` written out for the events that derive no fact (nearly all).
        situation, involved = event["situation"], event.get("involved") or _NOTHING
        derived = key = None
        if situation not in DERIVES_FACTS:
            if not event.get("moments"):
                try:
                    keys[id(event)] = key = key_of((situation, event.get("period"), event.get("facts"),
                                                    event.get("call"), involved.get("offender"), None))
                except orjson.JSONEncodeError:  # an integer past 64 bits: no key, judged on its own
                    pass
        elif evidence is None and not (event.get("reading") or _NOTHING).get("excused_under"):
            # 21.f(5) with no evidence case and no reading of the reviewer's to report: its case is the event
            # with the excusal the match's mount register derives, and both make its key.
            derived = doc.derived_facts(event)
            key = case_key(event, derived)
        if key is None:
            append(_check_event(doc, event, context, evidence, match_id, document, judged))
            continue
        found = seen.get(key)
        if found is None:
            seen[key] = found = _verdict_fields(judged(doc.case(event, context, derived)),
                                                event.get("call") or _NOTHING)
        clause, verdict, explanation, missing, mandatory, cites, wrong, measured, edition, penalty_to = found
        position, clock, umpire, reviewer = event["position"], event.get("clock"), involved.get("umpire"), \
            event.get("reviewer")
        # Each text kept as its one copy (`_intern`).
        append(EventResult(
            match_id, _intern(event["id"]), clause, verdict, explanation, missing, mandatory, cites,
            position["frame"], position["time_s"], event.get("period"),
            _intern(clock) if type(clock) is str else clock, _intern(umpire) if type(umpire) is str else umpire,
            _intern(reviewer) if type(reviewer) is str else reviewer, document, wrong, measured, _NONE,
            _NOTHING_READ, edition, penalty_to))
    return out


_NOTHING: dict = {}  # an event's missing `involved`, read only
_SITUATION = itemgetter("situation")


# A text a result keeps to the end of the check is kept as its one copy (interned): a season's event ids, clocks,
# umpires and reviewers are the same few hundred texts, and each result keeping its document's own copy kept some
# twenty megabytes of them alive on the 1,000-match season.
_intern = sys.intern




def _verdict_fields(v: Verdict, call: dict) -> tuple:
    """What an event's result takes from its verdict and its call, in EventResult's order, as results may share
    it: lists and mappings that raise on a change (`_Shared`)."""
    return (v.clause, v.verdict, v.explanation, _Shared(v.missing) if v.missing else _NONE, v.mandatory,
            _cited(v.cites or (v.clause,)), _Shared(v.wrong) if v.wrong else _NONE,
            _SharedDict(v.measured.to_dict()) if v.measured else _NOTHING_MEASURED, v.edition,
            call.get("penalty_to") if call.get("penalty") not in (None, Penalty.NONE) else None)


class Verdicts:
    """The verdicts one check has reached, by case, so an event whose case was judged before in this check takes
    that verdict rather than being judged again: a season says the same few things over and over (every knock-in
    after a ball out over the back line, every safety for a foul in the 30-yard line), and judging each of a
    season's events took more than a third of its check (`benchmarks/bench_check_cli.py`).

    Kept for one check only, never across checks. Matches share what they share: the edition in force on their
    day (a judge reads the day only for it, `rules.judge_on`), their periods, handicap, announcements and teams."""

    __slots__ = ("_by_match",)

    def __init__(self) -> None:
        # for each kind of match: the verdicts by case, and the time allowances' findings by case
        self._by_match: dict[tuple, tuple[dict[bytes, tuple], dict[bytes, list[Finding]]]] = {}

    def of_matches_like(self, context: MatchContext) -> tuple[dict[bytes, tuple], dict[bytes, list[Finding]]]:
        """The verdicts of the matches judged like one of `context`, and the findings of their time allowances,
        each by `case_key`."""
        key = (edition_on(context.day), context.periods, context.upper_handicap, context.courtesy_changes_announced,
               context.tack_provision_announced, context.teams)
        found = self._by_match.get(key)
        if found is None:
            found = self._by_match[key] = ({}, {})
        return found

    def __len__(self) -> int:
        """How many cases were judged (the events that made none, judged alone, not counted)."""
        return sum(len(verdicts) for verdicts, _allowances in self._by_match.values())


class _Shared(list):
    """A list many results hold at once, so none may change it: a change raises rather than reaching every
    other result. Equal to the plain list it copies, and written as one (orjson, json, pandas)."""

    __slots__ = ()

    def _shared(self, *_args, **_kw):
        raise TypeError("this list is shared by many results: assign a new list instead")

    append = extend = insert = remove = pop = clear = sort = reverse = _shared
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _shared


class _SharedDict(dict):
    """An empty mapping many results hold at once (see `_Shared`): a change raises."""

    __slots__ = ()

    def _shared(self, *_args, **_kw):
        raise TypeError("this mapping is shared by many results: assign a new one instead")

    __setitem__ = __delitem__ = __ior__ = update = setdefault = pop = popitem = clear = _shared


# What most results hold: no fact missing, no part wrong, no finding, nothing measured, no reading of their
# own. A season's check keeps a result for every event until the report is written: five empty lists and
# dicts of their own were some 30 MB on the 1,000-match season, made and freed for nothing. `apply_findings`
# assigns new lists where a finding changes a result.
_NONE = _Shared()
_NOTHING_MEASURED, _NOTHING_READ = _SharedDict(), _SharedDict()
# The clauses a verdict cites, as a list, one per distinct tuple: a few dozen for a whole season.
_CITED: dict[tuple[str, ...], _Shared] = {}


def _cited(cites: tuple[str, ...]) -> list[str]:
    if type(cites) is not tuple:  # a judge's own list: copied, as before
        return list(cites)
    found = _CITED.get(cites)
    if found is None:
        found = _CITED[cites] = _Shared(cites)
    return found


def _reading(doc: MatchDocument, event: dict) -> dict:
    """The reviewer's reading of the excusal where the register derives another (the report shows both)."""
    typed = (event.get("reading") or {}).get("excused_under")
    if not typed or event.get("situation") != "21.f(5)":
        return {}
    derived = doc.derived_facts(event).get("excused_under")
    return {"excused_under": typed, "derived": derived} if derived and derived != typed else {}


class _InOrder(MatchDocument):
    """The document as the checks read it: the same data, its events sorted once for all of them
    rather than once per check. The checks only read; nothing edits the document meanwhile."""

    def __init__(self, doc: MatchDocument):
        super().__init__(doc.data, doc.path, doc.loaded_revision, doc.stored)
        self._order = list(doc.events_in_order())
        self._register: MountRegister | None = None
        self._by_id: dict[str, dict] | None = None
        self._situations: list[str] | None = None

    def event(self, event_id: str) -> dict | None:
        """The first event of that id, as `MatchDocument.event` finds it, from an index made once: each
        21.f(5) event looks up the events that excused its mount, a search of the match's events each time."""
        if self._by_id is None:
            self._by_id = {}
            for e in self.events:
                self._by_id.setdefault(e["id"], e)
        return self._by_id.get(event_id)

    def events_in_order(self) -> Iterator[dict]:
        return iter(self._order)

    def events_of(self, situations: Collection[str]) -> list[dict]:
        """`MatchDocument.events_of`, from the events' situations read once for the match's three checks of
        one clause (allowances, courtesy changes, mount time-outs), not once per check."""
        if self._situations is None:
            self._situations = list(map(_SITUATION, self._order))
        return list(compress(self._order, map(situations.__contains__, self._situations)))

    def register(self) -> MountRegister:
        """The match's mount register, made once: every 21.f(5) event derives its excusal from it and the
        returned-mount check reads it (made for each, a match's check grew with its 21.f(5) events
        times its events)."""
        if self._register is None:
            self._register = mount_register(self, records=False)
        return self._register

    def derived_facts(self, event: dict, register: MountRegister | None = None) -> dict:
        """`MatchDocument.derived_facts`, from the register made once (asked of every 21.f(5) event)."""
        if event.get("situation") not in DERIVES_FACTS:  # the others derive nothing: no register made for them
            return {}
        return derived_facts(self, event, register if register is not None else self.register())


def _check_in_order(doc: _InOrder, cases: EvidenceStore | None = None, verdicts: Verdicts | None = None,
                    ) -> tuple[list[EventResult], list[Finding]]:
    context = doc.context()  # the same for every event of the match
    evidence = evidence_view(doc, cases)
    seen, allowances = (verdicts if verdicts is not None else Verdicts()).of_matches_like(context)
    with judging_on(context.day):  # the numbers of the edition in force that day, for every check
        match_id, document = doc.match_id, str(doc.path) if doc.path else None
        judged = judge_on(context.day)
        keys: dict[int, bytes] = {}  # each event's case key as `_results` writes it, for the allowances' check
        events = _results(doc, context, evidence, match_id, document, judged, seen, keys)
        findings = check_match(doc, evidence, doc.register(), allowances, keys)
    apply_findings(events, findings)
    return events, findings


def check_document(doc: MatchDocument, evidence: EvidenceStore | None = None,
                   ) -> tuple[list[EventResult], list[Finding]]:
    """One match's verdicts and findings; with the store's `evidence`, the match's 21.f(5) evidence case there
    settles the evidence's timing and a forfeiture decided after the game."""
    return _check_in_order(_InOrder(doc), evidence)


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
    if not at:  # most matches: nothing to look for among their events
        return
    named = {event for _match, event in at}  # an event of no finding is passed over without a key made for it
    for result in events:
        if result.event not in named:
            continue
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
        # Comprehensions, not generators (made for every event a finding makes inconsistent).
        result.mandatory = result.mandatory or Severity.MANDATORY in [f.severity for f in found]
        result.cites = list(dict.fromkeys([*result.cites, *[f.clause for f in found]]))
        result.findings = [f.kind for f in found]


def _check_into(result: CheckResult, day: PlayedThatDay, doc: MatchDocument,
                cases: EvidenceStore | None = None, keep: bool = False, verdicts: Verdicts | None = None) -> None:
    if keep and doc.path is not None:
        result.documents[str(doc.path)] = doc
    doc = _InOrder(doc)
    events, findings = _check_in_order(doc, cases, verdicts)
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
