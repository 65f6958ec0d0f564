"""The consistency report as one self-contained HTML file (inline styles, no scripts or links) that a coach
can send by e-mail: the check's verdicts and findings, counted, with each event's notes and, for an
inconsistent call, stills of its frames with what was drawn on them. Made from what the check already read
(`checker.CheckResult` with `documents` kept): each document is read once; only the stills read footage."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from review_app.checker.run import CheckResult, clause_title
from review_app.checker.summary import summary
from review_app.i18n import N_
from review_app.model.event import read_event
from review_app.rules import INCONSISTENT
from review_app.rules.rulebook import TRANSLATION_NOTICE

# The count tables of the HTML report: the column they count by, and their heading.
_COUNT_TABLES = (("clause", N_("By clause")), ("umpire", N_("By umpire")), ("match", N_("By match")),
                 ("period", N_("By period")))


def _filters_applied(filters) -> list[tuple[str, list[str]]]:
    """The report's filters as (heading, values) pairs; empty when it holds every event."""
    if filters is None or not filters.active():
        return []
    return [(name, list(values)) for name, values in ((N_("Umpire"), filters.umpires), (N_("Clause"), filters.clauses),
                                                      (N_("Verdict"), filters.verdicts),
                                                      (N_("Period"), filters.periods)) if values]


@dataclass(frozen=True)
class EventDetail:
    """What the report shows of an event besides its result: its notes, and an inconsistent call's stills."""

    notes: str = ""
    stills: list = field(default_factory=list)


NO_DETAIL = EventDetail()  # an event the check kept no document for (the report says nothing more of it)


def _details(result: CheckResult, stills: bool, roots) -> tuple[dict[tuple[str, str], EventDetail], list[str]]:
    """Per (match, event): its notes, and for an inconsistent call its stills with drawings (review_app.drawings);
    and one line per match whose stills could not be made. The documents are those the check read
    (`CheckResult.documents`): none is read again."""
    from review_app.drawings.stills import StillMaker

    out: dict[tuple[str, str], EventDetail] = {}
    problems: list[str] = []
    missing = sorted({e.document for e in result.events if e.document and e.document not in result.documents})
    if missing:
        raise ValueError(f"the check kept no copy of {missing[0]}: check with keep_documents=True for the HTML report")
    with StillMaker(roots) as maker:
        for e in result.events:
            doc = result.documents.get(e.document) if e.document else None
            event = read_event(doc, e.event) if doc is not None else None
            if event is None:
                continue
            shown = []
            if stills and e.verdict == INCONSISTENT:
                shown = maker.stills(doc, event.drawings, event.position.frame, tag=event.id)
            out[(e.match, e.event)] = EventDetail(event.notes or "", shown)
        problems += [f"{match}: {line}" for match, line in maker.problems.items()]
    return out, problems


def to_html(result: CheckResult, *, filters=None, stills: bool = True, roots=()) -> str:
    """The report as one self-contained HTML file (template `consistency_report.html`): English,
    with the Spanish beside the headings and explanations; the filters that made it; every event's
    reviewer and notes; for every inconsistent call, stills of its frames with what was drawn on them
    (`stills=False`: none, no footage read). `roots`: footage folders besides the project's."""
    from review_app.checker.tables import counts_by, events_frame
    from review_app.reports.templating import render as render_template

    frame = events_frame(result)
    tables = []
    if len(frame):
        for key, title in _COUNT_TABLES:
            table = counts_by(frame, key)
            rows = [(f"{idx} — {clause_title(idx)}" if key == "clause" else idx, [int(n) for n in row])
                    for idx, row in table.iterrows()]
            tables.append({"key": key, "title": title, "columns": list(table.columns), "rows": rows})
    details, still_problems = _details(result, stills, roots)
    inconsistent = [e for e in result.events if e.verdict == INCONSISTENT]
    return render_template(
        "consistency_report.html", "en", generated=f"{datetime.now(UTC):%Y-%m-%d %H:%M}", notice=TRANSLATION_NOTICE,
        summary=summary(result), errors=list(result.errors), findings=result.findings, tables=tables,
        events=result.events, clause_title=clause_title, filters=_filters_applied(filters),
        matches=list(result.matches), details=details, no_detail=NO_DETAIL, inconsistent=inconsistent, stills=stills,
        still_problems=still_problems, review_decisions=result.review_decisions)
