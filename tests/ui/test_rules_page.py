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


def test_the_page_teaches_no_timing_where_the_text_sets_none(workspace):
    """21.d says only "the Umpire shall stop the game": the page says a stop is owed and no moment is set, and
    teaches "At once" only for a provision whose words say "immediately" (21.f(3))."""
    at = open_rules()
    at.text_input(key="rules.search").input("Injury to Player").run()
    labels = [e.label for e in at.expander]
    assert "**21.d** — Injury to player" in labels
    text = "\n".join(m.value for m in at.markdown)
    assert "**Play stops:** Shall be stopped; the rule sets no timing" in text
    # Whatever else the search finds says "At once" only where its own words say "immediately".
    assert text.count("**Play stops:** At once") == sum(
        1 for p in PROVISIONS if f"**{p.id}**" in " ".join(labels) and p.stop == "at_once")
    at.text_input(key="rules.search").input("Mount Falls").run()
    assert "**Play stops:** At once" in "\n".join(m.value for m in at.markdown)
