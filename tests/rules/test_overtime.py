"""Overtime periods (issue 39): a period past the match's scheduled ones is overtime, recorded as its number
(7 is a 6-period match's first). Rule 21 names regulation periods only, so an overtime horn is not "the horn
ending the final regulation period" (READINGS 47), and the text times no penalty after it."""

from __future__ import annotations

from review_app.i18n import translate
from review_app.rules import CONSISTENT, INCONSISTENT, Case, MatchContext
from review_app.rules import judge as _judge
from review_app.rules.fouls import overtime_period
from review_app.rules.rulebook import rulebook_text

MATCH = MatchContext(periods=6, upper_handicap=6, teams=("red", "blue"))
PENALTY_TO_BLUE = {"penalty": "appropriate_penalty", "penalty_to": "blue", "restart": "penalty",
                   "restart_place": "penalty_spot", "stopped_by": "umpire"}
REGULATION = ("When a foul occurs at or slightly after the horn ending any regulation period but the final "
              "regulation period, the penalty should be executed at the beginning of the next period.")
FINAL = ("When a foul occurs at or slightly after the horn ending the final regulation period, five seconds should "
         "be put on the clock and the penalty executed.")


def at_the_horn(period: int, facts: dict | None = None, **call) -> Case:
    return Case("21.general.foul-at-horn", {"at_or_slightly_after_horn": True, **(facts or {})},
                {**PENALTY_TO_BLUE, **call}, period, MATCH, 10.0, {}, {"team": "red", "number": 2})


def test_the_rule_names_regulation_periods_only():
    assert REGULATION in rulebook_text() and FINAL in rulebook_text()
    assert "overtime" not in rulebook_text().lower()


def test_a_period_past_the_scheduled_ones_is_overtime():
    assert [overtime_period(at_the_horn(p)) for p in (1, 6, 7, 8)] == [None, None, 1, 2]


def test_the_horn_ending_the_final_regulation_period_is_period_six_of_six():
    assert _judge(at_the_horn(6, penalty_timing="five_seconds_on_clock")).verdict == CONSISTENT
    assert _judge(at_the_horn(6, penalty_timing="start_of_next_period")).verdict == INCONSISTENT


def test_an_overtime_horn_is_not_the_final_regulation_periods_horn():
    """Five seconds on the clock is not demanded after an overtime horn, even where the reviewer recorded the
    horn as the final period's: the period number says overtime, and the text times nothing there."""
    for timing in ("five_seconds_on_clock", "start_of_next_period"):
        for facts in ({}, {"final_period": True}):
            v = _judge(at_the_horn(7, facts, penalty_timing=timing))
            assert v.verdict == CONSISTENT and not v.wrong, translate(v.explanation, "en")
            assert "overtime period 1, not a regulation period" in translate(v.explanation, "en")
            assert "período suplementario 1" in translate(v.explanation, "es")


def test_a_foul_at_an_overtime_horn_is_still_penalized():
    v = _judge(at_the_horn(7, penalty="none", penalty_to=None, restart="next_period"))
    assert v.verdict == INCONSISTENT and v.wrong == ("penalty",)
