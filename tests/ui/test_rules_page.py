"""The Rules page: every provision, English and Spanish side by side, with what the code does."""

from __future__ import annotations

from ui_fixtures import make_app

from review_app.rules import PROVISIONS


def open_rules(lang: str = "en"):
    at = make_app(lang=lang)
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception, at.exception
    return at


def test_lists_every_provision_with_both_texts(workspace):
    at = open_rules()
    labels = [e.label for e in at.expander]
    assert len(labels) == len(PROVISIONS)
    assert labels[0].startswith("**21.a**")
    text = "\n".join(m.value for m in at.markdown)
    assert "English (prevails)" in text and "Spanish (educational translation)" in text
    assert "TACK\\_REPAIR" in text or "TACK_REPAIR" in text  # a parameter with its citation
    assert "cites 21" in text


def test_search_in_spanish(workspace):
    at = open_rules("es")
    at.text_input(key="rules.search").input("caida caballo").run()  # accents optional
    assert not at.exception
    assert [e.label for e in at.expander] == ["**21.f(3)** — Caída del caballo"]
    text = "\n".join(m.value for m in at.markdown)
    assert "Qué hace la regla codificada" in text
