"""`checker.cases.case_key`: cases that are the same share a key (so their verdict is reached once); a change to
anything a judge reads changes it. The fields are taken from `rules.Case` and `rules.MatchContext` themselves: a
field added to either is changed here too, and a field of a type this test does not know how to change fails it
rather than being passed over."""

from __future__ import annotations

import dataclasses
import typing
from datetime import date
from enum import Enum

import pytest

from review_app.checker.cases import case_key
from review_app.model import document_from_data
from review_app.rules import Case, MatchContext, edition_on, judge, register_edition, unregister_edition
from review_app.rules.parameters import Edition

DAY = date(2026, 5, 1)
# A second edition, so that a day can be changed into another edition's (only USPA 2026 ships).
LATER = Edition(date(2027, 1, 1), "Test edition 2027")
MATCH = MatchContext(periods=6, upper_handicap=6.0, courtesy_changes_announced=True, tack_provision_announced=False,
                     teams=("red", "blue"), day=DAY)
CASE = Case(situation="21.a", facts={"last_hit_by_defender": True}, call={"whistle": "at_once"}, period=1,
            match=MATCH, incident_s=0.4, moments={"whistle": {"frame": 12, "time_s": 0.48}},
            offender={"team": "red", "number": 2}, time_measured=False)


def _changed(value: object, kind: object) -> object:
    """Another value of the field's type, as a judge could read it."""
    kinds = set(typing.get_args(kind)) - {type(None)} or {kind}
    if value is None:
        value = {int: 1, float: 1.5, str: "x", bool: True}.get(next(iter(kinds)), {})
        return value
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, date):
        return date(2027, 6, 14)  # judged by LATER
    if isinstance(value, tuple):
        return (*value, "green")
    if isinstance(value, dict):
        return {**value, "probe": 1}
    raise AssertionError(f"no change written for a field of type {kind!r}: add one to this test")


def _fields(cls: type) -> list[tuple[str, object]]:
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]


@pytest.fixture
def later_edition():
    register_edition(LATER)
    yield LATER
    unregister_edition(LATER)


# The match's own fields are changed one by one below.
CASE_FIELDS = [(name, kind) for name, kind in _fields(Case) if name != "match"]


@pytest.mark.parametrize("name,kind", CASE_FIELDS, ids=[n for n, _k in CASE_FIELDS])
@pytest.mark.parametrize("moments", [True, False], ids=["with-moments", "without"])
def test_a_change_to_any_field_of_the_case_changes_its_key(name, kind, moments):
    case = CASE if moments else dataclasses.replace(CASE, moments={})
    if name == "incident_s" and not moments:
        pytest.skip("without moments the incident's moment is not read (the test below)")
    other = dataclasses.replace(case, **{name: _changed(getattr(case, name), kind)})
    assert case_key(other) != case_key(case) is not None


@pytest.mark.parametrize("name,kind", _fields(MatchContext), ids=[n for n, _k in _fields(MatchContext)])
def test_a_change_to_any_field_of_the_match_changes_its_key(name, kind, later_edition):
    match = dataclasses.replace(MATCH, **{name: _changed(getattr(MATCH, name), kind)})
    assert case_key(dataclasses.replace(CASE, match=match)) != case_key(CASE) is not None


def test_the_day_counts_as_the_edition_in_force_on_it(later_edition):
    """A judge reads the match's day only for the rulebook edition in force on it (`rules.judge_on`): days of one
    edition share a key, and a day another edition judges gets another key."""
    def on(day):
        return dataclasses.replace(CASE, match=dataclasses.replace(MATCH, day=day))

    assert edition_on(date(2026, 7, 9)) == edition_on(DAY) != edition_on(date(2027, 6, 14)) == later_edition
    assert case_key(on(date(2026, 7, 9))) == case_key(CASE) != case_key(on(date(2027, 6, 14)))
    assert case_key(on(date(2027, 6, 14))) == case_key(on(date(2028, 2, 1)))


def test_a_value_tells_cases_apart_to_its_type():
    keys = {case_key(dataclasses.replace(CASE, facts={"last_hit_by_defender": v})) for v in (True, 1, 1.0, "true")}
    keys.add(case_key(dataclasses.replace(CASE, facts={})))
    assert len(keys) == 5 and None not in keys


def test_the_incidents_moment_counts_only_where_moments_are_tagged():
    """Without moments nothing is measured from the incident's moment (`rules.timing.measure`), so two events
    of the same case at different moments share a key; with moments, the moment is part of the timing."""
    bare = dataclasses.replace(CASE, moments={})
    assert case_key(bare) == case_key(dataclasses.replace(bare, incident_s=99.0))
    assert case_key(CASE) != case_key(dataclasses.replace(CASE, incident_s=99.0))
    assert judge(bare).to_dict() == judge(dataclasses.replace(bare, incident_s=99.0)).to_dict()


def test_a_case_with_no_json_text_has_no_key():
    # A lone surrogate: how Python reads a byte that is not UTF-8 (a file name's); no JSON text can hold it.
    assert case_key(dataclasses.replace(CASE, facts={"note": "\udcff"})) is None
    # A value JSON has no form for.
    assert case_key(dataclasses.replace(CASE, facts={"note": object()})) is None


def test_an_integer_past_64_bits_keys_as_itself():
    big = case_key(dataclasses.replace(CASE, period=2**70))
    assert big is not None and big != case_key(dataclasses.replace(CASE, period=2**70 + 1))


def test_events_of_one_case_share_their_key_whatever_their_id_position_or_umpire(doc_factory):
    from match_docs import event

    one = event("e1", 10, "21.a", {"last_hit_by_defender": True}, {"whistle": "at_once"}, umpire="Ana")
    other = event("e9", 99, "21.a", {"last_hit_by_defender": True}, {"whistle": "at_once"}, umpire="Dan")
    doc = document_from_data(doc_factory([one, other]))
    first, second = (doc.case(e) for e in doc.events)
    assert case_key(first) == case_key(second) is not None


def test_every_enum_value_a_case_may_hold_has_json_text():
    """Calls and facts hold plain JSON values; where a judge's helper puts an enum in a call, it is a str enum,
    which keys as its text."""
    from review_app.rules import vocabulary

    for enum in (getattr(vocabulary, n) for n in dir(vocabulary)):
        if isinstance(enum, type) and issubclass(enum, Enum) and issubclass(enum, str):
            for member in enum:
                assert case_key(dataclasses.replace(CASE, call={"x": member})) == \
                    case_key(dataclasses.replace(CASE, call={"x": member.value}))

