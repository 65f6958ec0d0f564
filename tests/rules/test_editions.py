"""Editions: a match is judged by the rulebook edition in force on its date, numbers and provisions
alike. Only USPA 2026 ships; the mechanism is tested with a small edition made here."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from review_app.i18n import Message, translate
from review_app.rules import (
    Case,
    MatchContext,
    edition_on,
    judge,
    parameters_on,
    provision,
    register_edition,
    unregister_edition,
)
from review_app.rules.parameters import USPA_2026, Edition
from review_app.rules.provision import Verdicts, WholeQuestion

TEST_2027 = Edition(date(2027, 1, 1), "Test edition 2027")


def _period_ends_2027(case, values):
    return Verdicts("21.j").discretionary(Message("Test edition: period ends at the Umpire's discretion."),
                                          WholeQuestion.STOPPING_WHERE_NOT_REQUIRED)


@pytest.fixture
def test_edition():
    register_edition(TEST_2027, changes={"21.j": replace(provision("21.j"), judge=_period_ends_2027,
                                                         edition=TEST_2027)},
                     values={"INJURY_RECOVERY": 12 * 60})
    yield TEST_2027
    unregister_edition(TEST_2027)


def _injury(day: date, allowed: float) -> Case:
    return Case("21.d", {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": False,
                         "removal_needed_more_time": False},
                {"whistle": "at_once", "time_allowed_s": allowed}, 1, MatchContext(day=day))


def test_the_shipped_edition_judges_every_day(test_edition):
    assert edition_on(date(2026, 6, 14)) == USPA_2026
    assert edition_on(date(2025, 6, 14)) == USPA_2026  # before every edition held: the earliest
    assert edition_on(date(2027, 3, 1)) == TEST_2027


def test_a_number_is_the_one_in_force_on_the_matchs_day(test_edition):
    eleven_minutes = 11 * 60
    assert judge(_injury(date(2026, 6, 14), eleven_minutes)).verdict == "inconsistent"  # 10 minutes in 2026
    v = judge(_injury(date(2027, 6, 14), eleven_minutes))
    assert v.verdict == "consistent" and v.edition == "Test edition 2027"
    assert "12" in translate(v.explanation, "en")  # the 2027 number, in the words too
    assert parameters_on(None)["INJURY_RECOVERY"].value == 12 * 60  # no day: the newest
    assert parameters_on(date(2026, 6, 14))["INJURY_RECOVERY"].value == 10 * 60
    assert parameters_on(date(2027, 6, 14))["INJURY_RECOVERY"].edition == TEST_2027
    assert parameters_on(date(2027, 6, 14))["TACK_REPAIR"].edition == USPA_2026  # kept from the edition before


def test_a_provision_an_edition_rewrites_judges_its_matches_only(test_edition):
    case = Case("21.j", {"period_time_expired": True}, {"whistle": "none"}, 1, MatchContext(day=date(2026, 6, 14)))
    assert judge(case).verdict == "inconsistent" and judge(case).edition == "USPA 2026"
    later = replace(case, match=MatchContext(day=date(2027, 6, 14)))
    assert judge(later).verdict == "discretionary"


def test_removing_the_edition_restores_the_shipped_rules():
    register_edition(TEST_2027, values={"INJURY_RECOVERY": 12 * 60})
    unregister_edition(TEST_2027)
    assert parameters_on(None)["INJURY_RECOVERY"].value == 10 * 60
    assert judge(_injury(date(2027, 6, 14), 11 * 60)).verdict == "inconsistent"
    with pytest.raises(ValueError):
        unregister_edition(USPA_2026)


def test_the_match_checks_use_the_numbers_in_force_on_the_matchs_day(test_edition):
    """A season's match checks (time allowed beyond the clause's number) read the edition of the match's day,
    as its events' verdicts do: eleven minutes for an injury is past 2026's ten, within the test edition's
    twelve."""
    from match_docs import base_document, event

    from review_app.checker.run import check_document
    from review_app.model import document_from_data

    def exceeded(day: str) -> list[str]:
        data = base_document(date=day)
        data["events"] = [event("e1", 100, "21.d", {"unconscious": False, "recurrence_of_same_injury": False},
                                {"whistle": "at_once", "time_allowed_s": 11 * 60},
                                players=[{"team": "red", "number": 1}])]
        _events, findings = check_document(document_from_data(data))
        return [f.kind for f in findings if f.kind == "time_allowance_exceeded"]

    assert exceeded("2026-06-14") == ["time_allowance_exceeded"]
    assert exceeded("2027-06-14") == []
