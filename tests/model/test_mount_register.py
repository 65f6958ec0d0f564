"""The mount register follows each mount by its name however it is spelt, and every excusal of a
mount sees each later appearance of it, whether ridden or the mount an event is about."""

from __future__ import annotations

from match_docs import base_document, event

from review_app.model import document_from_data
from review_app.model.mounts import mount_register

BLUE2 = {"team": "blue", "number": 2}
RED3 = {"team": "red", "number": 3}


def excused(eid, frame, mount, player=BLUE2, concerned=None):
    return event(eid, frame, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                 {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200},
                 players=[{**player, "mount": mount}], mount=concerned)


def ridden(eid, frame, mount, player=BLUE2, concerned=None):
    players = [{**player, "mount": mount}] if mount else []
    return event(eid, frame, "21.h", {}, {"whistle": "neutral_play"}, players=players, mount=concerned)


def register(*events):
    data = base_document()
    data["events"] = list(events)
    return mount_register(document_from_data(data))


def returns(exc):
    return [(s.event, s.team, s.number) for s in exc.returned]


def test_a_mount_excused_twice_has_each_later_appearance_under_both_excusals():
    reg = register(excused("e1", 100, "Luna"), ridden("e2", 200, " LUNA "), excused("e3", 300, "luna", RED3),
                   ridden("e4", 400, "Luna", RED3))
    assert [(e.event, e.mount) for e in reg.excusals] == [("e1", "Luna"), ("e3", "luna")]
    assert returns(reg.excusals[0]) == [("e2", "blue", 2), ("e3", "red", 3), ("e4", "red", 3)]
    assert returns(reg.excusals[1]) == [("e4", "red", 3)]
    assert list(reg.mounts) == ["luna"] and reg.mounts["luna"].riders == [("blue", 2), ("red", 3)]


def test_a_later_event_about_the_excused_mount_is_an_appearance_without_a_rider():
    reg = register(excused("e1", 100, "Luna", concerned="Luna"), ridden("e2", 200, None, concerned="luna"),
                   ridden("e3", 300, "Sombra", concerned="Sombra"))
    (exc,) = reg.excusals
    assert returns(exc) == [("e2", None, None)]


def test_the_excusing_event_is_not_an_appearance_of_its_own_mount():
    reg = register(excused("e1", 100, "Luna", concerned="Luna"))
    assert returns(reg.excusals[0]) == []


def test_an_excusal_names_the_mount_the_event_is_about_and_its_rider():
    reg = register(ridden("e0", 50, "Sombra", RED3),
                   event("e1", 100, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                         {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200},
                         players=[{**RED3, "mount": "Tango"}, {**BLUE2, "mount": "luna"}], mount="Luna"))
    assert [(e.mount, e.team, e.number) for e in reg.excusals] == [("Luna", "blue", 2)]
