"""The one vocabulary, the one fact registry and the dated parameters."""

from __future__ import annotations

import json
from datetime import date

import pytest

from review_app.i18n import Message, both, translate
from review_app.rules import PROVISIONS, parameters
from review_app.rules.calls import duration
from review_app.rules.facts import CHOICE_LABELS, FACTS, fact
from review_app.rules.labels import stop_label, value_label, verdict_label
from review_app.rules.parameters import USPA_2026
from review_app.rules.phrases import Joined, LowerFirst, UpperFirst, any_of
from review_app.rules.provision import CALL_FIELDS, STOP_AT_NEUTRAL_PLAY, VERDICTS
from review_app.rules.vocabulary import (
    Card,
    Direction,
    Penalty,
    PenaltyTiming,
    Point,
    Restart,
    Severity,
    Stop,
    VerdictKind,
    Whistle,
)

# The strings documents, the schema and JSON output carry: changing one breaks every saved document.
SERIALISED = {
    Whistle: ("at_once", "delayed", "neutral_play", "none"),
    Restart: ("throw_in", "throw_in_toward_boards", "penalty", "free_hit", "knock_in", "fair_play_possession",
              "play_resumed", "lineup", "next_period", "none"),
    Penalty: ("none", "penalty_1", "penalty_2", "penalty_3", "penalty_4", "penalty_5", "penalty_6",
              "appropriate_penalty", "forfeiture"),
    Card: ("none", "yellow", "red"),
    Direction: ("toward_boards", "between_teams"),  # schema 2.1
    Point: ("point_of_stoppage", "where_first_lodged", "centre", "penalty_spot", "end_line", "other"),  # 2.1
    PenaltyTiming: ("immediately", "start_of_next_period", "five_seconds_on_clock"),
    Stop: ("at_once", "neutral_play", "required", "discretion", "not_at_all"),
    VerdictKind: ("consistent", "inconsistent", "discretionary", "incomplete"),
    Severity: ("mandatory", "error", "warning", "info"),
}


@pytest.mark.parametrize("enum", list(SERIALISED), ids=lambda e: e.__name__)
def test_each_vocabulary_keeps_the_strings_documents_carry(enum):
    assert enum.values() == SERIALISED[enum]
    for member in enum:
        assert member == member.value and json.dumps(member) == json.dumps(member.value)
        texts = both(member.label)
        assert texts["en"] and texts["es"], member


def test_the_call_fields_and_verdicts_are_the_vocabulary():
    assert CALL_FIELDS["whistle"] == SERIALISED[Whistle] and CALL_FIELDS["penalty"] == SERIALISED[Penalty]
    # 2.0's kind "throw-in toward the boards" is read (a throw-in, toward the boards), no longer recorded (2.1)
    assert CALL_FIELDS["restart"] == tuple(r for r in SERIALISED[Restart] if r != "throw_in_toward_boards")
    assert CALL_FIELDS["card"] == SERIALISED[Card]
    assert CALL_FIELDS["restart_direction"] == SERIALISED[Direction]
    assert CALL_FIELDS["restart_point"] == SERIALISED[Point]
    assert CALL_FIELDS["penalty_timing"] == SERIALISED[PenaltyTiming]
    assert VERDICTS == tuple(VerdictKind) and STOP_AT_NEUTRAL_PLAY == "neutral_play"
    assert Penalty.numbered(parameters.newest()["SAFETY_PENALTY"].value) is Penalty.PENALTY_6


def test_labels_read_the_vocabulary_and_the_catalogue():
    assert value_label("at_once", "es") == "De inmediato" and value_label("penalty_6", "es") == "Penal 6"
    assert value_label("girth", "es") == "Cincha" and value_label("brand_new_choice", "en") == "brand new choice"
    assert value_label(True, "es") == "Sí" and value_label(None, "en") == "(none)"
    assert stop_label("neutral_play", "en") == "At the next neutral play"
    assert verdict_label(VerdictKind.INCONSISTENT, "es") == "Incoherente" and verdict_label("odd", "es") == "odd"


def test_every_fact_a_provision_reads_is_the_registered_one():
    used = set()
    for p in PROVISIONS:
        for f in p.facts:
            declared = FACTS[f.name]
            assert (f.kind, f.label, f.choices, f.unit) == (declared.kind, declared.label, declared.choices,
                                                            declared.unit), (p.id, f.name)
            used.add(f.name)
    assert used == set(FACTS), set(FACTS) ^ used  # no fact declared that no provision asks for
    for f in FACTS.values():
        assert both(f.label)["es"] != f.label.id, f.name  # translated
        assert all(c in CHOICE_LABELS or c in SERIALISED[Whistle] or c.startswith("21.") for c in f.choices), f.name


def test_a_provision_may_ask_for_a_fact_differently_required():
    assert FACTS["play_already_stopped"].required is False
    assert fact("play_already_stopped", required=True).required is True
    assert fact("play_already_stopped", required=True).label == FACTS["play_already_stopped"].label
    assert fact("play_already_stopped") is FACTS["play_already_stopped"]


def test_every_parameter_carries_its_edition():
    for p in parameters.newest():
        assert p.edition == USPA_2026 and p.edition.effective == date(2026, 1, 1)
        assert p.quote and p.clause.startswith("21.")
    tack = parameters.newest()["TACK_REPAIR"]
    assert tack.value == 300 and str(tack) == "300 seconds (21.g)"


def test_a_later_edition_keeps_what_it_does_not_change():
    later = parameters.Edition(date(2027, 3, 1), "USPA 2027")
    values = parameters.newest().changed_by(later, {"TACK_REPAIR": 240})
    assert values["TACK_REPAIR"].value == 240 and values["TACK_REPAIR"].edition == later
    assert values["INJURY_RECOVERY"] == parameters.newest()["INJURY_RECOVERY"]
    with pytest.raises(parameters.ParameterError, match="no such parameter: NOT_A_NUMBER"):
        parameters.newest().changed_by(later, {"NOT_A_NUMBER": 1})


def test_provisions_carry_their_edition():
    assert {p.edition for p in PROVISIONS} == {USPA_2026}


def test_messages_made_of_messages_are_translated_part_by_part():
    from review_app.rules.labels import CALL_FIELD_NAMES

    parts = [LowerFirst(Message(CALL_FIELD_NAMES["extra_time_granted"])),
             LowerFirst(FACTS["removal_needed_more_time"].label)]
    assert translate(any_of(parts), "en") == ("the Umpires granted additional time or treatment on the field needed "
                                              "more time to remove the player")
    assert translate(any_of(parts), "es").startswith("los Umpires concedieron tiempo adicional o la atención")
    assert translate(Joined(["call.whistle", Message("Yes")]), "es") == "call.whistle; Sí"
    minute = duration(60)
    assert translate(UpperFirst(minute), "en") == "One minute" and translate(minute, "es") == "un minuto"
    assert translate(duration(600), "es") == "10 minutos" and duration(90) == "1:30"
