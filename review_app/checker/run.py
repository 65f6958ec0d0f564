"""Checking match documents: every event gets the verdict of its clause, every match its
sequence findings. A document that cannot be read is reported in one line and the rest of the
batch is still checked."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from review_app.checker.sequence import Finding, check_match, unconscious_across_matches
from review_app.errors import PoloReviewError
from review_app.i18n import Message, both, translate
from review_app.model import MatchDocument, find_documents, load_document
from review_app.rules import is_clause, judge, provision
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
    documents: list[MatchDocument] = field(default_factory=list)


def check_event(doc: MatchDocument, event: dict) -> EventResult:
    v = judge(doc.case(event))
    involved = event.get("involved") or {}
    return EventResult(
        match=doc.match_id, event=event["id"], clause=v.clause, verdict=v.verdict,
        explanation=v.explanation, missing=list(v.missing), mandatory=v.mandatory,
        cites=list(v.cites) or [v.clause], frame=event["position"]["frame"], time_s=event["position"]["time_s"],
        period=event.get("period"), clock=event.get("clock"), umpire=involved.get("umpire"),
        reviewer=event.get("reviewer"), document=str(doc.path) if doc.path else None,
    )


def check_document(doc: MatchDocument) -> tuple[list[EventResult], list[Finding]]:
    return [check_event(doc, e) for e in doc.events_in_order()], check_match(doc)


def check_documents(docs: Iterable[MatchDocument]) -> CheckResult:
    result = CheckResult()
    for doc in docs:
        events, findings = check_document(doc)
        result.events.extend(events)
        result.findings.extend(findings)
        result.documents.append(doc)
    result.findings.extend(unconscious_across_matches(result.documents))
    return result


def check_paths(paths: Iterable[str | Path], progress: Callable[[int, int], None] | None = None) -> CheckResult:
    files = find_documents(paths)
    docs, errors = [], []
    for i, path in enumerate(files, 1):
        try:
            docs.append(load_document(path))
        except PoloReviewError as exc:
            log.info("not checked: %s", exc)  # reported in the result, one line per document
            errors.append(str(exc))
        if progress:
            progress(i, len(files))
    result = check_documents(docs)
    result.errors = errors
    return result


def clause_title(clause: str, lang: str = "en") -> str:
    if not is_clause(clause):
        return clause
    return translate(provision(clause).title, lang)
