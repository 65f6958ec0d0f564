"""The one provision registry: every clause module's provisions, once each, in the rulebook's order."""

import pytest

from review_app import rules
from review_app.rules import ball


def test_the_registry_holds_each_provision_once_in_the_rulebooks_order():
    assert [p.id for p in rules.PROVISIONS] == [
        "21.a", "21.b", "21.b.dead-ball", "21.c", "21.d", "21.e", "21.f(1)(i)", "21.f(1)(ii)", "21.f(2)",
        "21.f(3)", "21.f(4)", "21.f(5)", "21.g", "21.g.equipment", "21.h", "21.i", "21.j", "21.k", "21.l",
        "21.general.whistle", "21.general.dangerous-fouls", "21.general.foul-at-horn",
        "21.general.unsportsmanlike"]
    assert all(rules.provision(p.id) is p for p in rules.PROVISIONS)


def test_a_provision_declared_twice_is_refused():
    with pytest.raises(ValueError, match="21.a is declared twice"):
        rules._registry((*ball.PROVISIONS, ball.PROVISIONS[0]))
