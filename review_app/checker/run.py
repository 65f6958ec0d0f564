"""Checking match documents: every event gets the verdict of its clause, every match its
sequence findings. A document that cannot be read is reported in one line and the rest of the
batch is still checked.

Documents are checked one at a time as they are read and not kept: a season of them would
otherwise stay in memory for the whole run (and the garbage collector would walk them again and
again). The one check across matches keeps only what it needs of each (`PlayedThatDay`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from review_app.checker.sequence import Finding, PlayedThatDay, check_match
from review_app.errors import PoloReviewError
from review_app.i18n import Message, both, translate
from review_app.model import MatchDocument, find_documents, load_document
from review_app.rules import MatchContext, is_clause, judge, provision
from review_app.rules.vocabulary import VerdictKind

log = logging.getLogger(__name__)


@dataclass
class EventResult:
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

    def to_dict(self) -> dict:
        return {**self.__dict__, "explanation": both(self.explanation)}


@dataclass
class CheckResult:
    events: list[EventResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # one line per document that could not be checked
    matches: list[str] = field(default_factory=list)  # the match id of each document checked, in order


def check_event(doc: MatchDocument, event: dict, context: MatchContext | None = None) -> EventResult:
    v = judge(doc.case(event, context))
    involved = event.get("involved") or {}
    return EventResult(
        match=doc.match_id, event=event["id"], clause=v.clause, verdict=v.verdict,
        explanation=v.explanation, missing=list(v.missing), mandatory=v.mandatory,
        cites=list(v.cites) or [v.clause], frame=event["position"]["frame"], time_s=event["position"]["time_s"],
        period=event.get("period"), clock=event.get("clock"), umpire=involved.get("umpire"),
        reviewer=event.get("reviewer"), document=str(doc.path) if doc.path else None,
    )


class _InOrder(MatchDocument):
    """The document as the checks read it: the same data, its events sorted once for all of them
    rather than once per check. The checks only read; nothing edits the document meanwhile."""

    def __init__(self, doc: MatchDocument):
        super().__init__(doc.data, doc.path, doc.loaded_revision, doc.source)
        self._order = list(doc.events_in_order())

    def events_in_order(self) -> Iterator[dict]:
        return iter(self._order)


def _check_in_order(doc: _InOrder) -> tuple[list[EventResult], list[Finding]]:
    context = doc.context()  # the same for every event of the match
    return [check_event(doc, e, context) for e in doc.events_in_order()], check_match(doc)


def check_document(doc: MatchDocument) -> tuple[list[EventResult], list[Finding]]:
    return _check_in_order(_InOrder(doc))


def _check_into(result: CheckResult, day: PlayedThatDay, doc: MatchDocument) -> None:
    doc = _InOrder(doc)
    events, findings = _check_in_order(doc)
    result.events.extend(events)
    result.findings.extend(findings)
    result.matches.append(doc.match_id)
    day.add(doc)


def check_documents(docs: Iterable[MatchDocument]) -> CheckResult:
    """Check each document as the iterable yields it (a generator of documents is never held whole)."""
    result, day = CheckResult(), PlayedThatDay()
    for doc in docs:
        _check_into(result, day, doc)
    result.findings.extend(day.findings())
    return result


def check_paths(paths: Iterable[str | Path], progress: Callable[[int, int], None] | None = None) -> CheckResult:
    files = find_documents(paths)
    result, day = CheckResult(), PlayedThatDay()
    for i, path in enumerate(files, 1):
        try:
            doc = load_document(path)
        except PoloReviewError as exc:
            log.info("not checked: %s", exc)  # reported in the result, one line per document
            result.errors.append(str(exc))
        else:
            _check_into(result, day, doc)
        if progress:
            progress(i, len(files))
    result.findings.extend(day.findings())
    return result


def clause_title(clause: str, lang: str = "en") -> str:
    if not is_clause(clause):
        return clause
    return translate(provision(clause).title, lang)
