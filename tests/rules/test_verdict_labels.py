"""One definition of consistent / discretionary / inconsistent (docs/rules.md, "What a verdict means"),
enforced over every provision (issue 39):

- `discretionary` only for a question the text leaves wholly to the Umpire (`WholeQuestion`), declared
  by the provision with the rulebook's own words granting it, and only where nothing of the call is wrong;
- every other verdict carries no such question: a call meeting an obligation with a permitted choice is
  `consistent`, naming the choice in its text;
- the same call gets the same label wherever the audit found two (21.f(4) and 21.g; 21.g's equipment and
  21.c's minor damage; 21.b and the closing paragraph)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_judges_total import _call, _fact, _match

from review_app.rules import (
    CONSISTENT,
    DISCRETIONARY,
    INCONSISTENT,
    PROVISIONS,
    Case,
    MatchContext,
    judge,
    provision,
)
from review_app.rules.provision import CALL_FIELDS, Provision, WholeQuestion
from review_app.rules.rulebook import paragraphs

ROUNDS = 600
DOCS = Path(__file__).parents[2] / "docs" / "rules.md"
MATCH = MatchContext(periods=6, upper_handicap=6, courtesy_changes_announced=True, tack_provision_announced=True,
                     teams=("red", "blue"))


def test_the_definition_is_stated_once_in_docs_rules_md():
    text = DOCS.read_text("utf-8")
    assert text.count("## What a verdict means") == 1
    for question in WholeQuestion:
        assert f"`{question.value}`" in text, question  # each whole question listed with the definition


@pytest.mark.parametrize("p", PROVISIONS, ids=[p.id for p in PROVISIONS])
def test_each_whole_question_a_provision_declares_is_in_the_rulebooks_words(p: Provision):
    english = " ".join(para.en for para in paragraphs())
    for question, words in p.whole_questions:
        assert isinstance(question, WholeQuestion)
        assert words in english, (p.id, words)


@pytest.mark.parametrize("p", PROVISIONS, ids=[p.id for p in PROVISIONS])
def test_a_verdict_is_discretionary_only_for_a_whole_question_its_provision_leaves_to_the_umpire(p: Provision):
    rng = random.Random(f"labels {p.id}")
    declared = {q for q, _ in p.whole_questions}
    seen = set()
    for _ in range(ROUNDS):
        facts = {f.name: _fact(rng, f) for f in p.facts if rng.random() < 0.9}
        call = {k: _call(rng, spec) for k, spec in CALL_FIELDS.items() if rng.random() < 0.7}
        case = Case(p.id, facts, call, rng.choice([None, 2, 6]), _match(rng), rng.choice([None, 10.0]), {},
                    rng.choice([None, {"team": "red"}]))
        v = judge(case)
        if v.verdict == DISCRETIONARY:
            # Under the clause the verdict stands under (21.g hands equipment posing no danger to 21.g.equipment).
            assert v.question in {q for q, _ in provision(v.clause).whole_questions}, (p.id, v.question, case)
            assert not v.wrong, (p.id, v.wrong)
            seen.add(v.question)
        else:
            assert v.question is None, (p.id, v.verdict, v.question)
    assert seen <= declared | {q for other in PROVISIONS for q, _ in other.whole_questions}


def _label(situation: str, facts: dict, call: dict, match: MatchContext = MATCH):
    return judge(Case(situation, facts, {"stopped_by": "umpire", **call}, 2, match, 10.0)).verdict


def test_a_call_meeting_every_obligation_with_one_permitted_choice_is_consistent_in_21f4_and_21g():
    """s1/s2: "the Umpire(s) may, in their discretion, stop the game immediately or at a neutral play" and
    "Permission may be granted if the change can be made more quickly than the repair"."""
    timeout = _label("21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                     {"whistle": "neutral_play", "mount_excused": True, "time_allowed_s": 200})
    tack = _label("21.g", {"item": "stirrup_hanger", "presents_danger": True, "player_changed_mount": True,
                           "change_quicker_than_repair": True},
                  {"whistle": "at_once", "mount_change_permitted": True, "time_allowed_s": 120, "restart": "throw_in"})
    assert timeout == tack == CONSISTENT


def test_the_largest_piece_shall_be_played_unless_the_umpire_stops_the_game_and_no_risk_is_alike():
    """s3/s4: the same optional stop gets the same labels: played on, discretionary; stopped where the rule
    binds when (21.c "should not stop the game until ... neither team is favored"), consistent."""
    no_risk = {"item": "other", "may_pose_risk": False}
    minor = {"ball_state": "minor_damage", "neither_team_favored": True}
    assert _label("21.g.equipment", no_risk, {"whistle": "none"}) == DISCRETIONARY
    assert _label("21.c", minor, {"whistle": "none"}) == DISCRETIONARY
    assert _label("21.c", minor, {"whistle": "neutral_play"}) == CONSISTENT
    # Nothing binds a stop for equipment posing no risk: stopping is the same whole question as not stopping.
    assert _label("21.g.equipment", no_risk, {"whistle": "at_once"}) == DISCRETIONARY


def test_an_infraction_involving_mechanics_or_advantage_gets_one_verdict_under_21b_and_the_closing_paragraph():
    """w03b/w03d: the same non-call, recorded alike, under either clause."""
    for facts in ({"kind": "right_of_way", "fouled_team_disadvantaged": True,
                   "stoppage_would_disadvantage_fouled_team": False},
                  {"kind": "mechanics", "fouled_team_disadvantaged": False},
                  {"kind": "other", "fouled_team_disadvantaged": True,
                   "stoppage_would_disadvantage_fouled_team": True}):
        under_b = _label("21.b", facts, {"whistle": "none"})
        closing = _label("21.general.dangerous-fouls", {"involves_safety": False, **facts}, {"whistle": "none"})
        assert under_b == closing, facts
    assert _label("21.b", {"kind": "right_of_way", "fouled_team_disadvantaged": True,
                           "stoppage_would_disadvantage_fouled_team": False}, {"whistle": "none"}) == INCONSISTENT


def test_the_umpire_may_elect_not_to_call_this_foul_if_red_1_is_not_endangered_or_taking_advantage():
    """The slow-return example: a mechanics non-call is the Umpire's only where its offender took no advantage."""
    took_advantage = {"kind": "mechanics", "fouled_team_disadvantaged": True,
                      "stoppage_would_disadvantage_fouled_team": False}
    assert _label("21.b", took_advantage, {"whistle": "none"}) == INCONSISTENT
    assert _label("21.b", {**took_advantage, "fouled_team_disadvantaged": False}, {"whistle": "none"}) == DISCRETIONARY
    v = judge(Case("21.b", {"kind": "mechanics"}, {"whistle": "none"}, 2, MATCH))
    assert v.missing == ("fouled_team_disadvantaged",)  # the example's condition, asked
