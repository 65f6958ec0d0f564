"""The one provision registry: every clause module's provisions, once each, in the rulebook's order."""

import pytest

from review_app import rules
from review_app.i18n import LANGUAGES, translate
from review_app.rules import ball
from review_app.rules.rulebook import rulebook_text
from review_app.rules.timing import WAIT_MOMENTS


def test_the_registry_holds_each_provision_once_in_the_rulebooks_order():
    declared = [p.id for m in rules._CLAUSE_MODULES for p in m.PROVISIONS]
    ids = [p.id for p in rules.PROVISIONS]
    assert sorted(ids) == sorted(declared) and len(set(ids)) == len(ids)
    # The rulebook's order, found here from its text: where each provision's English words first stand, the
    # lettered clauses before the general provisions that close the rule.
    text = rulebook_text()

    def place(p):
        first = p.source[0]
        opening = text.index(first.en_opening)
        return p.id.startswith("21.general."), opening, text.index(first.en_from, opening) if first.en_from else 0

    assert ids == [p.id for p in sorted(rules.PROVISIONS, key=place)]
    assert all(rules.provision(p.id) is p for p in rules.PROVISIONS)


def test_every_provision_declares_its_name_its_waits_and_what_it_derives():
    first = [p.first_window for p in rules.PROVISIONS if p.first_window is not None]
    assert sorted(first) == list(range(1, len(first) + 1))  # one place each on the first code window
    for p in rules.PROVISIONS:
        assert p.key_name and all(len(translate(p.key_name, lang)) <= 26 for lang in LANGUAGES), p.id
        assert set(p.waits_for) <= set(WAIT_MOMENTS), p.id
        assert {f.name for f in p.facts} >= set(p.derives), p.id  # a derived fact is one the provision reads
    assert rules.DERIVED_FACTS == {p.id: p.derives for p in rules.PROVISIONS if p.derives}


def test_a_provision_declared_twice_is_refused():
    with pytest.raises(ValueError, match="21.a is declared twice"):
        rules._registry((*ball.PROVISIONS, ball.PROVISIONS[0]))
