"""The Review page's side of the tag form in the browser: what Save sends (as form_view.js sends it) is saved in
the one run it starts, through the same save as the full form (sign-in, revision check, conflict view), and the
verdict is shown in that answer. The browser itself: tests/ui/test_browser_tag_form.py."""

from __future__ import annotations

import json

import pytest
from test_review_page import click, jump, on_disk, save_back
from ui_fixtures import make_app, settle

from review_app.model import load_document
from review_app.model.coding import OPPONENTS
from review_app.ui.review.form_view import form_token

SENT = "review.form.sent"


@pytest.fixture
def browser_form(workspace):
    """The app with the tag form in the browser, as a reviewer has it (not the full form)."""
    at = make_app()
    at.session_state["review.form.prefer_full"] = False
    settle(at.run())
    return at


def send(at, situation: str, values: dict, move: bool = False, token: str | None = None):
    """Save pressed in the browser: one message, the whole tag; the run it starts is the page's answer."""
    form = at.session_state["review.form"]
    at.session_state[SENT] = {"token": token or form_token(form), "situation": situation, "values": values,
                              "move": move}
    at.run()
    assert not at.exception, at.exception
    return at


def test_save_is_saved_in_one_run_and_answered_with_the_verdict(browser_form, workspace):
    at = browser_form
    jump(at, 125)
    click(at, "review.tag")
    assert not [s for s in at.selectbox if s.key == "review.form.situation"]  # no field of the full form drawn
    send(at, "21.b", {"facts.kind": "right_of_way", "call.whistle": "at_once", "call.restart": "penalty",
                      "call.penalty": "penalty_3", "call.penalty_to": OPPONENTS, "offender": "B",
                      "umpire": "Umpire One", "player1.team": "A", "player1.number": 3, "player1.mount": "Lucero",
                      "notes": "<b>hook</b>"})
    saved = on_disk(workspace)
    assert saved["revision"] == 1
    e3 = next(e for e in saved["events"] if e["id"] == "e3")
    assert e3["position"]["frame"] == 125 and e3["situation"] == "21.b" and e3["reviewer"] == "Tester"
    assert e3["call"]["penalty_to"] == "A"  # the team other than the offender's
    assert e3["involved"]["offender"] == {"team": "B"} and e3["involved"]["umpire"] == "Umpire One"
    assert e3["involved"]["players"] == [{"team": "A", "number": 3, "mount": "Lucero"}]
    assert e3["notes"] == "<b>hook</b>"
    assert any(s.value.startswith("**Saved e3:") for s in [*at.success, *at.error, *at.info, *at.warning])
    assert "review.form" not in at.session_state  # the form closed with the save


def test_a_save_from_a_form_closed_since_is_not_saved(browser_form, workspace):
    at = browser_form
    click(at, "review.tag")
    send(at, "21.j", {"facts.period_time_expired": True}, token="an/old|new|e3|1")
    assert on_disk(workspace)["revision"] == 0 and "review.form" in at.session_state


def test_a_choice_the_form_does_not_offer_is_refused_in_one_line_and_the_form_stays(browser_form, workspace):
    at = browser_form
    click(at, "review.tag")
    send(at, "21.b", {"facts.kind": "elbow"})
    assert on_disk(workspace)["revision"] == 0
    assert any("Kind of foul" in e.value and "elbow" in e.value for e in at.error)
    assert "review.form" in at.session_state


def test_a_new_tag_starts_with_the_umpire_last_tagged_not_the_tag_before_it(browser_form, workspace):
    at = browser_form
    jump(at, 150)  # after e1 (Umpire One, frame 50) and e2 (Umpire Two, frame 125)
    at.selectbox(key="review.tag_pick").set_value("e1").run()
    click(at, "review.tag_edit")
    send(at, "21.j", {"facts.period_time_expired": True, "call.whistle": "at_once", "umpire": "Umpire One"})
    jump(at, 150)
    click(at, "review.tag")
    # e1, saved last, is before e2 on the timeline: its umpire, shown as pre-filled
    assert at.session_state["review.form"].umpire == "Umpire One"
    send(at, "21.j", {"facts.period_time_expired": True, "call.whistle": "at_once", "umpire": "Umpire One"})
    assert next(e for e in on_disk(workspace)["events"] if e["id"] == "e3")["involved"]["umpire"] == "Umpire One"


def test_a_save_that_meets_someone_elses_shows_the_conflict_and_overwrites_nothing(browser_form, workspace):
    at = browser_form
    at.selectbox(key="review.tag_pick").set_value("e2").run()
    click(at, "review.tag_edit")
    other = load_document(workspace["document"])
    other.events[1]["notes"] = "theirs"
    save_back(other)
    send(at, "21.l", {"facts.fair_play_possession_applies": False, "notes": "mine"})
    assert any("you both changed the same thing" in e.value for e in at.error)
    assert on_disk(workspace)["events"][1]["notes"] == "theirs"


def test_without_a_sign_in_nothing_is_saved(workspace):
    at = make_app(reviewer=None)
    at.session_state["review.form.prefer_full"] = False
    settle(at.run())
    click(at, "review.tag")
    before = json.dumps(on_disk(workspace))
    send(at, "21.j", {"facts.period_time_expired": True})
    assert json.dumps(on_disk(workspace)) == before
    assert any("Sign in first" in w.value for w in at.warning)


def test_a_derived_fact_is_shown_not_asked_and_a_disagreeing_reading_is_kept(browser_form, workspace):
    """21.f(5)'s excusal clause is the register's: the form in the browser shows it and takes a reading only."""
    from review_app.ui.review.form_view import describe

    at = browser_form
    jump(at, 150)
    click(at, "review.tag")
    form = at.session_state["review.form"]
    situation = next(s for s in describe(form, "21.f(5)", {}, True).situations if s.id == "21.f(5)")
    assert "facts.excused_under" not in situation.fields and "reading.excused_under" in situation.fields
    reading = next(f for f in situation.facts if f.name == "reading.excused_under")
    assert "from the mount register" in reading.hint
    send(at, "21.f(5)", {"facts.detected_during_game": True, "call.whistle": "at_once",
                         "reading.excused_under": "21.f(4)"})
    e3 = next(e for e in on_disk(workspace)["events"] if e["id"] == "e3")
    assert "excused_under" not in e3["facts"] and e3["reading"] == {"excused_under": "21.f(4)"}
