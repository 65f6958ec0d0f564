"""USPA Rule 21 ("How play is stopped") as executable rules.

Each clause module declares its provisions as data with a small judge; this registry lists
them in the rulebook's order. Nothing here imports streamlit or cv2.
"""

from __future__ import annotations

from review_app.rules import (
    ball,
    fouls,
    game,
    mount_excusal,
    mount_welfare,
    players,
    tack,
)
from review_app.rules.provision import (  # noqa: F401  (the public vocabulary)
    CONSISTENT,
    DISCRETIONARY,
    INCOMPLETE,
    INCONSISTENT,
    VERDICTS,
    Case,
    MatchContext,
    Provision,
    Verdict,
    judge_case,
)

_BY_ID = {p.id: p for p in (*ball.PROVISIONS, *fouls.PROVISIONS, *players.PROVISIONS, *mount_welfare.PROVISIONS,
                            *mount_excusal.PROVISIONS, *tack.PROVISIONS, *game.PROVISIONS)}
# The rulebook's order: lettered clauses, then the general provisions that close the rule.
ORDER = ("21.a", "21.b", "21.b.dead-ball", "21.c", "21.d", "21.e", "21.f(1)(i)", "21.f(1)(ii)", "21.f(2)",
         "21.f(3)", "21.f(4)", "21.f(5)", "21.g", "21.g.equipment", "21.h", "21.i", "21.j", "21.k", "21.l",
         "21.general.whistle", "21.general.dangerous-fouls", "21.general.foul-at-horn", "21.general.unsportsmanlike")
assert set(ORDER) == set(_BY_ID), set(ORDER) ^ set(_BY_ID)
PROVISIONS: tuple[Provision, ...] = tuple(_BY_ID[i] for i in ORDER)


def provision(clause: str) -> Provision:
    return _BY_ID[clause]


def is_clause(clause: str) -> bool:
    return clause in _BY_ID


def judge(case: Case) -> Verdict:
    """The verdict of the provision the case is tagged with."""
    return judge_case(_BY_ID[case.situation], case)
