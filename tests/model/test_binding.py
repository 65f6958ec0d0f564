"""Which whistle a tag is bound to: one rule (model.coding.bound_call) for the code keys, the tag form's
pre-filled whistle and the list of whistles not yet reviewed, so that the three never disagree."""

from __future__ import annotations

from review_app.model.coding import (
    KEY_AFTER_WHISTLE_S,
    At,
    bound_call,
    call_after_incident,
    call_before_key,
    event_call,
    key_binding,
    unbound_calls,
)
from review_app.model.event import Event, decode_event

FPS = 30000 / 1001


def at(seconds: float) -> At:
    frame = round(seconds * FPS)
    return At(frame, frame / FPS)


# three stoppages' whistles, the second a triple blast
CALLS = [(at(8.4),), (at(21.7), at(22.1), at(22.5)), (at(33.2),)]


def test_a_code_key_binds_to_the_whistle_just_heard_not_the_next_one():
    assert call_before_key(CALLS, 9.0) == 0  # 0.6 s after the first whistle
    assert call_before_key(CALLS, CALLS[0][0].time_s) == 0  # at the whistle's own instant
    assert call_before_key(CALLS, 23.1) == 1  # after the triple blast's last: its first blast
    assert call_before_key(CALLS, 8.3) is None  # before any whistle
    assert call_before_key(CALLS, 8.4 + KEY_AFTER_WHISTLE_S + 0.1) is None  # too long after: another stoppage


def test_a_key_bound_to_a_whistle_tags_the_whistle_else_its_own_frame():
    assert key_binding(CALLS, at(9.0)) == (CALLS[0][0], CALLS[0][0])
    alone = at(15.0)
    assert key_binding(CALLS, alone) == (alone, None)


def test_a_key_pressed_paused_tags_its_frame_with_the_whistle_heard_there_or_after():
    # `.` stops on the frame a whistle is heard on; the whistle starts inside that frame, after the frame's own time
    heard = At(363, 12.1395)
    on_screen = At(363, 363 * 1001 / 30000)  # 12.112 s
    calls = [(At(281, 9.40),), (heard,)]
    assert key_binding(calls, on_screen, playing=False) == (on_screen, heard)
    # paused a second before it (at the incident): that frame, and the whistle after it, as T takes it
    incident = At(333, 333 * 1001 / 30000)
    assert key_binding(calls, incident, playing=False) == (incident, heard)
    # what the list counts: the tag as saved sits on that whistle, not on the stoppage before
    saved = tag(on_screen.time_s, whistle_s=heard.time_s, coded=True)
    assert unbound_calls(calls, [saved]) == [0]
    assert key_binding(CALLS, at(40.0), playing=False) == (at(40.0), None)  # no whistle after it


def test_a_tag_at_an_incident_binds_to_the_whistle_after_it():
    assert call_after_incident(CALLS, 7.0) == 0
    assert call_after_incident(CALLS, 9.0) == 1
    assert call_after_incident(CALLS, 34.0) is None
    # tagged on the frame where the whistle sounds, the whistle heard a frame before it: that whistle, not the next
    one_frame_later = at(8.4 + 1 / FPS).time_s
    assert call_after_incident(CALLS, one_frame_later) == 0


def tag(seconds: float, whistle_s: float | None = None, coded: bool = False) -> Event:
    event = {"id": "e", "position": at(seconds).to_dict(), "situation": "21.b", "facts": {}, "call": {}}
    if whistle_s is not None:
        event["moments"] = {"whistle": at(whistle_s).to_dict()}
    if coded:
        event["window"] = {"start": at(seconds - 5).to_dict(), "end": at(seconds + 5).to_dict()}
    return decode_event(event)


def test_each_kind_of_tag_is_bound_by_the_one_rule():
    assert event_call(CALLS, tag(7.0)) == 0  # T at the incident: the whistle after it
    assert event_call(CALLS, tag(9.0, coded=True)) == 0  # a code key just after: the whistle before it
    assert event_call(CALLS, tag(15.0, coded=True)) is None  # a code key with no whistle just before
    assert event_call(CALLS, tag(1.0, whistle_s=22.5)) == 1  # a moment on any blast of a call: that call
    assert event_call(CALLS, tag(1.0, whistle_s=27.0)) is None  # a whistle moment where none was heard
    # the tag form's tag, not yet saved: its incident and whether a code key made it
    assert bound_call(CALLS, 7.0) == 0 and bound_call(CALLS, 9.0, coded=True) == 0


def test_the_list_of_whistles_not_yet_reviewed_follows_the_same_rule():
    assert unbound_calls(CALLS, []) == [0, 1, 2]
    # the old bug: a code key 0.6 s after the first whistle accounted for the second
    assert unbound_calls(CALLS, [tag(9.0, coded=True)]) == [1, 2]
    assert unbound_calls(CALLS, [tag(9.0, coded=True), tag(20.0), tag(33.0, whistle_s=33.2)]) == []
    # what a key bound is what the list counts: the coded tag as saved sits on its whistle
    here, whistle = key_binding(CALLS, at(22.3))
    saved = tag(here.time_s, whistle_s=whistle.time_s, coded=True)
    assert unbound_calls(CALLS, [saved]) == [0, 2]


def test_a_whistle_that_answered_a_later_incident_is_not_an_earlier_tags():
    """The walk on a 50 fps HEVC match: a foul tagged at 1:50 (T, no whistle near it) was given the whistle of the
    lodged ball tagged at 2:04, 14 s later, and its call read "delayed 14.1 s", inconsistent. That whistle stopped
    play for the later incident: the earlier one was not whistled."""
    lodged = tag(21.7, whistle_s=21.7)  # a tag on the second call's whistle
    assert bound_call(CALLS, 9.0) == 1  # alone, the incident at 9 s takes the next whistle
    assert bound_call(CALLS, 9.0, others=[lodged]) is None
    assert key_binding(CALLS, at(9.0), playing=False, others=[lodged]) == (at(9.0), None)  # paused code key alike
    # a second tag of the same stoppage (its incident as late as the other's, or later) still shares the whistle
    assert bound_call(CALLS, lodged.position.time_s, others=[lodged]) == 1
    assert bound_call(CALLS, 21.0, others=[tag(20.0, whistle_s=21.7)]) == 1
    # the list of whistles not yet reviewed is unchanged: the later tag holds the whistle
    assert unbound_calls(CALLS, [lodged, tag(9.0)]) == [0, 2]


# -- what the form says before the reviewer does --------------------------------------------------------

def test_the_call_is_pre_filled_from_the_moments_and_the_clause():
    from review_app.model.coding import OPPONENTS, prefilled_call

    # a foul tagged at its whistle: at once (measured), restart the penalty awarded (21.b), to the opponents
    whistle = {"whistle": {"frame": 251, "time_s": 8.375}}
    assert prefilled_call("21.b", 8.375, whistle) == {"whistle": "at_once", "restart": "penalty",
                                                      "penalty_to": OPPONENTS}
    # a Safety is Penalty 6 (21.a); without a whistle moment, no whistle timing is claimed
    assert prefilled_call("21.a", 10.0, {}) == {"penalty": "penalty_6", "restart": "penalty",
                                                "penalty_to": OPPONENTS}
    # a whistle 3 s late is delayed; a clause that sets no penalty gets no team for it
    assert prefilled_call("21.c", 5.0, {"whistle": {"frame": 200, "time_s": 8.0}}) == {"whistle": "delayed"}


def test_the_penalty_goes_to_the_team_other_than_the_offenders():
    from review_app.model.coding import OPPONENTS, resolved_call

    teams = [{"id": "A"}, {"id": "B"}]
    call = {"penalty": "penalty_3", "penalty_to": OPPONENTS}
    assert resolved_call(call, {"team": "A", "number": 2}, teams) == {"penalty": "penalty_3", "penalty_to": "B"}
    assert resolved_call(call, {"team": "B"}, teams)["penalty_to"] == "A"
    assert resolved_call(call, None, teams) == {"penalty": "penalty_3"}  # no offender: not guessed
    assert resolved_call({"penalty_to": "A"}, {"team": "A"}, teams) == {"penalty_to": "A"}  # the reviewer's own


# -- descriptor keys ----------------------------------------------------------------------------------

MATCH = {"umpires": ["Umpire One", "Umpire Two"], "teams": [{"id": "A", "name": "Alpha"}, {"id": "B", "name": "Bravo"}]}


def test_descriptor_keys_say_the_kind_the_penalty_the_umpire_and_the_offender():
    from review_app.model.coding import described

    said = described("21.b", MATCH, "2p3u2o1")
    assert said.facts == {"kind": "right_of_way"} and said.call == {"penalty": "penalty_3"}
    assert said.umpire == "Umpire Two" and said.offender == {"team": "A"}
    assert described("21.b", MATCH, "1p3p0").call == {"penalty": "none"}  # a later key corrects an earlier one
    assert described("21.b", MATCH, "") == described("21.b", MATCH, "")


def test_a_descriptor_that_says_nothing_here_is_one_line():
    import pytest

    from review_app.model.coding import CodingError, described

    with pytest.raises(CodingError, match="the descriptor U3 says nothing of a 21.b tag here"):
        described("21.b", MATCH, "u3")  # two umpires
    with pytest.raises(CodingError, match="the descriptor 9 says nothing"):
        described("21.b", MATCH, "9")  # four kinds of foul


def test_a_described_code_tag_has_its_call_pre_filled_and_resolved():
    from match_docs import base_document

    from review_app.model import MatchDocument
    from review_app.model.coding import Code, coded_event

    data = base_document()
    data["events"] = []
    doc = MatchDocument(data, None)
    teams = [t["id"] for t in data["match"]["teams"]]
    whistle = at(8.4)
    event = coded_event(doc, Code("1", "21.b"), whistle, (at(3.4), at(13.4)), "Coach", whistle=whistle,
                        keys="2o1")
    assert event["facts"] == {"kind": "right_of_way"}
    assert event["call"] == {"whistle": "at_once", "restart": "penalty", "penalty_to": teams[1]}
    assert event["involved"]["offender"] == {"team": teams[0]}
    plain = coded_event(doc, Code("1", "21.b"), whistle, (at(3.4), at(13.4)), "Coach", whistle=whistle)
    assert plain["call"] == {} and plain["facts"] == {}  # no keys after it: nothing claimed
