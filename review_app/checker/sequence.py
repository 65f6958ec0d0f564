"""Whole-match checks: what no single event shows, only the match as a sequence.

Each check is declared beside its provision in `rules/` (`Provision.match_checks`), and handed the match, its
mount register and its evidence case (`rules.match.MatchRecord`). This module only runs them, by precedence
(`rules.match.MatchCheck`), and each provision's checks across the day's matches (`Provision.day_checks`: 21.d's
player rendered unconscious who plays "in any game that day"). docs/rules.md lists what they find.
"""

from __future__ import annotations

from functools import lru_cache

from review_app.model.document import MatchDocument
from review_app.model.migrate import person_id
from review_app.model.mounts import MountRegister, mount_register
from review_app.rules import DAY_CHECKS, MATCH_CHECKS, parameters_on
from review_app.rules.match import EvidenceFacts as EvidenceFacts
from review_app.rules.match import Finding, MatchRecord

__all__ = ["DayChecks", "Finding", "PlayedThatDay", "check_match"]


def check_match(doc: MatchDocument, evidence: EvidenceFacts | None = None,
                register: MountRegister | None = None) -> list[Finding]:
    """Every finding of one match: each provision's match checks, by precedence, handed the numbers of the edition
    in force on the match's day. `evidence`: the match's 21.f(5) evidence case; `register`: its mount register, if
    the caller made it already."""
    register = register if register is not None else mount_register(doc, records=False)
    context = doc.context()
    record = MatchRecord(doc, context, register, parameters_on(context.day), evidence)
    return [f for check in MATCH_CHECKS for f in check(record)]


@lru_cache(maxsize=4096)
def _person(name: str) -> str:
    """A roster name's person id (`model.migrate.person_id`, what migration gives a named player), found once per
    name: the same names recur through a season's rosters."""
    return person_id(name)


class DayChecks:
    """Every provision's checks across the matches of a day (`Provision.day_checks`: 21.d's player rendered
    unconscious playing again "in any game that day"). Documents are given one at a time (`add`); `findings()`
    after the last."""

    def __init__(self) -> None:
        self._checks = [make(_person) for make in DAY_CHECKS]

    def add(self, doc: MatchDocument) -> None:
        for check in self._checks:
            check.add(doc)

    def findings(self) -> list[Finding]:
        return [f for check in self._checks for f in check.findings()]


PlayedThatDay = DayChecks  # the name the check has long used
