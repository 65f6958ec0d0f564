"""`checker.cases.case_key`: events of one case share a key (so its verdict is reached once), events that differ
in anything their judge reads do not, and an event that has no JSON text gets no key (judged on its own)."""

from __future__ import annotations

from review_app.checker.cases import case_key


def _event(**changes):
    event = {"id": "e1", "position": {"frame": 10, "time_s": 0.4}, "situation": "21.a", "period": 1,
             "facts": {"last_hit_by_defender": True}, "call": {"whistle": "at_once"},
             "involved": {"umpire": "Ana", "offender": None}}
    return {**event, **changes}


def test_events_of_one_case_share_their_key_whatever_their_id_moment_or_umpire():
    one = _event()
    other = _event(id="e9", position={"frame": 99, "time_s": 3.96}, involved={"umpire": "Dan", "offender": None})
    assert case_key(one) == case_key(other) is not None


def test_what_the_judge_reads_tells_cases_apart_to_the_type_of_a_value():
    keys = {case_key(_event(facts={"last_hit_by_defender": v})) for v in (True, 1, 1.0, "true", None)}
    keys |= {case_key(_event(period=2)), case_key(_event(situation="21.b")), case_key(_event(call={}))}
    keys.add(case_key(_event(involved={"umpire": "Ana", "offender": {"team": "red", "number": 2}})))
    keys.add(case_key(_event(), derived={"excused_under": "21.f(3)"}))
    assert len(keys) == 10 and None not in keys


def test_an_event_with_moments_or_no_json_text_is_judged_on_its_own():
    assert case_key(_event(moments=[{"kind": "whistle", "frame": 12}])) is None
    # A lone surrogate: how Python reads a byte that is not UTF-8 (a file name's); no JSON text can hold it.
    assert case_key(_event(facts={"note": "\udcff"})) is None
    # An integer past 64 bits: orjson writes none, and no other case's key may stand in for it.
    assert case_key(_event(period=2**70)) is None
