"""USPA Rule 21 ("How play is stopped") as executable rules.

Each clause module declares its provisions as data with a small judge; this registry lists
them in the rulebook's order. Nothing here imports streamlit or cv2.

What a verdict means (consistent, discretionary, inconsistent, incomplete) is stated once, in docs/rules.md
("What a verdict means"), and enforced over every provision by tests/rules/test_verdict_labels.py: in short,
`discretionary` only for a question the text leaves wholly to the Umpire (`provision.WholeQuestion`, declared by
each provision with its words) and bound in nothing else. An event's judge and the match checks ask the same
functions where both judge one obligation (21.f(2)'s minute, 21.g's allowance and its named dangers, 21.f(5)'s
deciding authority), so they agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date

from review_app.rules import (
    ball,
    fouls,
    game,
    mount_excusal,
    mount_welfare,
    players,
    tack,
)
from review_app.rules.case import Case, MatchContext, MissingFact  # noqa: F401  (the public vocabulary)
from review_app.rules.parameters import Edition, Parameters, shipped
from review_app.rules.provision import (  # noqa: F401  (the public vocabulary)
    CONSISTENT,
    DISCRETIONARY,
    INCOMPLETE,
    INCONSISTENT,
    VERDICTS,
    Provision,
    Verdict,
    judge_case,
)
from review_app.rules.rulebook import paragraph, paragraphs

# The one registry of provisions: each clause module declares its own, and this list names the modules.
# The rulebook fixes the order (the Rules page, the check's tables): a provision stands where its first
# paragraph stands in the rulebook text, lettered clauses first, then the general provisions that close
# the rule. A new provision needs no entry here beyond its module's PROVISIONS.
_CLAUSE_MODULES = (ball, fouls, players, mount_welfare, mount_excusal, tack, game)


def _registry(provisions: Iterable[Provision]) -> tuple[Provision, ...]:
    by_id: dict[str, Provision] = {}
    for p in provisions:
        if p.id in by_id:
            raise ValueError(f"provision {p.id} is declared twice")
        by_id[p.id] = p
    return tuple(sorted(by_id.values(), key=_rulebook_place))


def _rulebook_place(p: Provision) -> tuple[bool, int, int, str]:
    first = p.source[0]
    para = paragraph(first.en_opening)
    offset = para.en.index(first.en_from) if first.en_from else 0
    return (p.id.startswith("21.general."), paragraphs().index(para), offset, p.id)


PROVISIONS: tuple[Provision, ...] = _registry(p for m in _CLAUSE_MODULES for p in m.PROVISIONS)
_BY_ID = {p.id: p for p in PROVISIONS}
# The facts the tool derives rather than asks, by situation (each provision's `derives`).
DERIVED_FACTS: dict[str, tuple[str, ...]] = {p.id: p.derives for p in PROVISIONS if p.derives}
DERIVES_FACTS = frozenset(DERIVED_FACTS)
# The whole-match checks (`rules.match.MatchCheck`), by precedence, the registry's order among equals; and the
# checks across a day's matches.
MATCH_CHECKS = tuple(c.run for c in sorted((c for p in PROVISIONS for c in p.match_checks), key=lambda c: c.precedence))
DAY_CHECKS = tuple(make for p in PROVISIONS for make in p.day_checks)


# Editions of the rulebook this polo-review holds: each with its provisions (an edition takes the provisions of the
# one before it and replaces those it names) and its numbers (`parameters.Parameters`, from the data file). Every
# shipped edition is in the data file (`data/parameters.toml`); their provisions are the registry's.
EDITIONS: dict[Edition, dict[str, Provision]] = {values.edition: dict(_BY_ID) for values in shipped()}
_VALUES: dict[Edition, Parameters] = {values.edition: values for values in shipped()}
# The edition in force on each day asked, with its provisions and numbers, kept (each match asks it). Emptied when an
# edition is registered or removed.
_IN_FORCE: dict[date | None, tuple[Edition, dict[str, Provision], Parameters]] = {}


def register_edition(edition: Edition, changes: dict[str, Provision] | None = None,
                     values: dict[str, float] | None = None) -> None:
    """Add an edition: the provisions it rewrites (by id) and the numbers it changes (by parameter name)."""
    previous = edition_on(edition.effective)
    _IN_FORCE.clear()
    EDITIONS[edition] = {**EDITIONS[previous], **(changes or {})}
    _VALUES[edition] = _VALUES[previous].changed_by(edition, values or {})


def unregister_edition(edition: Edition) -> None:
    if edition in {values.edition for values in shipped()}:
        raise ValueError("the shipped edition stays")
    EDITIONS.pop(edition, None)
    _VALUES.pop(edition, None)
    _IN_FORCE.clear()


def edition_on(day: date | None) -> Edition:
    """The edition in force on `day` (the newest for no day; the earliest held for a day before all)."""
    return _in_force_on(day)[0]


def parameters_on(day: date | None) -> Parameters:
    """The numbers of the edition in force on `day`: what the caller hands the judges and the match checks."""
    return _in_force_on(day)[2]


def _in_force_on(day: date | None) -> tuple[Edition, dict[str, Provision], Parameters]:
    try:
        return _IN_FORCE[day]
    except KeyError:
        edition = _in_force(day)
        _IN_FORCE[day] = found = (edition, EDITIONS[edition], _VALUES[edition])
        return found


def _in_force(day: date | None) -> Edition:
    held = sorted(EDITIONS)
    if day is None:
        return held[-1]
    in_force = [e for e in held if e.effective <= day]
    return in_force[-1] if in_force else held[0]


def provision(clause: str, day: date | None = None) -> Provision:
    return EDITIONS[edition_on(day)][clause] if day is not None else _BY_ID[clause]


def is_clause(clause: str) -> bool:
    return clause in _BY_ID


def judge_on(day: date | None) -> Callable[[Case], Verdict]:
    """`judge` for the cases of one match day: the edition in force, its provisions and its numbers found once,
    and handed to each case's judge. Each case is judged by the provision its situation names."""
    _edition, provisions, values = _in_force_on(day)

    def judge_in_force(case: Case) -> Verdict:
        return judge_case(provisions[case.situation], case, values)

    return judge_in_force


def judge(case: Case) -> Verdict:
    """The verdict of the provision the case is tagged with, by the edition in force on the match's day, with that
    edition's numbers."""
    _edition, provisions, values = _in_force_on(case.match.day)
    return judge_case(provisions[case.situation], case, values)
