"""The tag form in the browser: the description the app hands it (form_view.describe), what Save sends read back
(form_view.sent_tag), and the umpire a new tag starts with (model.last_tagged, the one last tagged in time)."""

from __future__ import annotations

import pytest
import streamlit as st
from ui_fixtures import document_data

from review_app.i18n import gettext
from review_app.model import MatchDocument
from review_app.model.coding import OPPONENTS
from review_app.model.edits import TagError
from review_app.model.event import decode_event
from review_app.model.last_tagged import last_umpire
from review_app.model.tag_draft import Draft, TagForm
from review_app.rules import PROVISIONS, provision
from review_app.rules.search import search_provisions, searchable
from review_app.ui.review.form_view import describe, sent_tag

EVENTS = document_data()["events"]


def form(mode: str = "new", event: dict | None = None, umpire: str | None = "Umpire Two") -> TagForm:
    doc = MatchDocument(document_data(), None, 0)
    saved = decode_event(event) if event else None
    return TagForm(mode, "e3", 100, 4.0, doc, Draft.of(saved) if saved else Draft(situation="21.b"), saved=saved,
                   opened=7, umpire=umpire)


@pytest.fixture(params=["en", "es"])
def language(request):
    st.session_state["app.lang"] = request.param
    yield request.param
    st.session_state.pop("app.lang", None)


def test_every_situation_with_its_facts_call_parts_and_keys(language):
    d = describe(form(), "21.b", {"whistle": {"frame": 110, "time_s": 4.4}}, True)
    assert [s.id for s in d.situations] == [p.id for p in PROVISIONS]
    foul = next(s for s in d.situations if s.id == "21.b")
    kind = next(f for f in foul.facts if f.name == "facts.kind")
    # the foul's kinds keyed 1-4 as the code key's descriptors; a fact asked of every tag marked required
    assert [c.key for c in kind.choices] == ["1", "2", "3", "4"] and kind.required
    assert "(" not in kind.label  # never "(if the call needs it)" on a fact every tag is asked
    optional = next(f for f in foul.facts if not f.required)
    assert optional.label.endswith("({})".format(gettext("if the call needs it", language)))
    penalty = d.fields["call.penalty"]
    assert {c.value: c.key for c in penalty.choices}["penalty_3"] == "P3"
    assert [c.key for c in d.fields["umpire"].choices] == ["U1", "U2"]
    assert [c.key for c in d.fields["offender"].choices][:3] == ["O1", "O2", "3"]
    assert "Ana Alpha (Alpha #3)" in [c.label for c in d.fields["offender"].choices]
    # pre-filled: the restart and penalty 21.b implies, its whistle timing, the umpire last tagged
    assert foul.prefilled["call.restart"] == "penalty" and foul.prefilled["call.penalty_to"] == OPPONENTS
    assert foul.prefilled["call.whistle"] == "at_once"
    assert d.prefilled == {"umpire": "Umpire Two"} and d.values == {}
    assert foul.words == searchable(provision("21.b"))["words"]
    if language == "es":
        assert d.text["save"] == "Guardar" and foul.label.startswith("21.b — ")


def test_who_a_card_was_shown_to_follows_the_card():
    """The browser keeps "Card shown to" out of sight until a card other than none is chosen (form_view.js `shown`):
    the description says which field it follows and that field's value for none, a value the card field offers."""
    d = describe(form(), "21.b", {}, True)
    follows = {name: f.follows for name, f in d.fields.items() if f.follows}
    assert follows == {"call.card_to": ("call.card", "none")}
    assert "none" in [c.value for c in d.fields["call.card"].choices]


def test_an_edit_opens_on_the_tags_own_values_never_pre_filled_over_them():
    event = {**EVENTS[1], "call": {"whistle": "delayed", "restart": "free_hit"}}
    d = describe(form("edit", event), "21.l", {}, False)
    assert d.values["call.whistle"] == "delayed" and d.values["umpire"] == "Umpire Two" and d.values["period"] == 2
    assert "call.whistle" not in next(s for s in d.situations if s.id == "21.l").prefilled
    assert d.prefilled == {} and d.signed_in is False and d.mode == "edit"


def test_save_is_read_back_into_the_tag_and_a_choice_not_offered_is_refused():
    d = describe(form(), "21.b", {}, True)
    tag = sent_tag({"situation": "21.b", "move": False, "values": {
        "facts.kind": "right_of_way", "call.penalty": "penalty_3", "call.penalty_to": OPPONENTS,
        "call.card_to": "A#3", "offender": "A", "umpire": "Umpire One", "player1.team": "B", "player1.number": 2,
        "player1.mount": "Lucero", "period": 3, "clock": "4:10", "notes": "  hook  "}}, d)
    assert tag.situation == "21.b" and tag.facts["kind"] == "right_of_way"
    assert tag.call["penalty"] == "penalty_3" and tag.call["card_to"] == {"team": "A", "number": 3}
    assert tag.offender == "A" and tag.umpire == "Umpire One" and tag.period == 3 and tag.notes == "hook"
    assert tag.players[0] == {"team": "B", "number": 2, "mount": "Lucero"}
    with pytest.raises(TagError, match="Kind of foul"):
        sent_tag({"situation": "21.b", "values": {"facts.kind": "elbow"}}, d)
    with pytest.raises(TagError, match="Period"):
        sent_tag({"situation": "21.b", "values": {"period": 99}}, d)
    with pytest.raises(TagError, match="situation"):
        sent_tag({"situation": "21.zz", "values": {}}, d)


def test_the_search_words_handed_to_the_browser_find_what_the_apps_search_finds():
    """The browser's steps (form_view.js searchSituations) on these words, done here the same way."""
    hay = {p.id: searchable(p) for p in PROVISIONS}
    for q in ("foul", "casco", "broken tack", "girth"):
        words = q.split()
        by_name = [i for i, h in hay.items() if all(w in h["names"] for w in words)]
        by_text = [i for i, h in hay.items() if i not in by_name and all(w in h["names"] or w in h["words"]
                                                                            for w in words)]
        assert by_name + by_text == [p.id for p in search_provisions(q)], q
    assert [p.id for p in search_provisions("foul")][0] == "21.b"


def test_the_umpire_of_a_new_tag_is_the_one_last_tagged_in_time_not_the_tag_before_by_position():
    def tag(event_id: str, frame: int, umpire: str | None = None):
        return decode_event({"id": event_id, "position": {"frame": frame, "time_s": frame / 25},
                             "situation": "21.b", "facts": {}, "call": {},
                             **({"involved": {"umpire": umpire}} if umpire else {})})

    events = [tag("e1", 900, "Umpire One"), tag("e2", 100, "Umpire Two"), tag("e3", 500)]
    assert last_umpire(events) == "Umpire Two"  # e2 added after e1, though earlier in the match; e3 names none
    assert last_umpire(events, saved_last="e1") == "Umpire One"  # e1 edited last
    assert last_umpire(events, saved_last="gone") == "Umpire Two"
    assert last_umpire([]) is None


def test_every_choice_of_every_field_has_a_key_of_its_own(language):
    """The walk: with O1, O2 and 3-9 taken, the offender's last player (Bravo #4) had no key and no hint. Every
    choice of every field (each situation's facts and call, who was involved) has one, unique within its field:
    the digits 1-9 by place, then 0, where no code shown takes them."""
    d = describe(form(), "21.b", {}, True)
    fields = list(d.fields.values()) + [f for s in d.situations for f in s.facts]
    for f in fields:
        if f.kind != "choice":
            continue
        keys = [c.key for c in f.choices]
        assert all(keys) and len(set(keys)) == len(keys), (f.name, keys)
        digits = [k[-1] for k in keys]
        assert len(set(digits)) == len(digits), (f.name, keys)  # a digit alone picks one choice, never two
    offender = {c.label: c.key for c in d.fields["offender"].choices}
    assert offender["Bravo #4"] == "0"
    items = next(f for s in d.situations for f in s.facts if f.name == "facts.item")
    assert [c.key for c in items.choices][-1] == "0"
