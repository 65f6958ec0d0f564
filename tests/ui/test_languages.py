"""Every page in English and Spanish; every string of the app's own pages has its Spanish."""

from __future__ import annotations

import pytest
from ui_fixtures import make_app

from review_app import i18n

PAGES = {
    "app_pages/review.py": ("Review a match", "Revisar un partido"),
    "app_pages/report.py": ("Consistency report", "Informe de coherencia"),
    "app_pages/rules.py": ("USPA Rule 21: how play is stopped", "Regla 21 de la USPA: cómo se detiene el juego"),
    "app_pages/training.py": ("Training", "Entrenamiento"),
}
OWN = ("app.", "nav.", "common.", "review.", "report.", "rules.", "training.", "progress.", "call.", "value.",
       "verdict.", "stop.", "unit.", "kind.", "severity.", "column.")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_page_in_both_languages(workspace, lang):
    at = make_app(lang=lang)
    at.run()
    for page, titles in PAGES.items():
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.title[0].value == titles[lang == "es"], page
    if lang == "es":
        assert any("traducción educativa" in c.value for c in at.caption)
    missing = [k for k in i18n.missing("es") if k.startswith(OWN)]
    assert missing == []


def test_language_switch_changes_the_interface(workspace):
    at = make_app()
    at.run()
    assert at.title[0].value == "Review a match"
    assert "lang" not in at.query_params
    at.session_state["app.lang"] = "es"
    at.run()
    assert at.title[0].value == "Revisar un partido"
    assert not at.exception
    assert at.query_params["lang"] == "es"  # kept in the address: a reload stays in Spanish
    at.session_state["app.lang"] = "en"
    at.run()
    assert "lang" not in at.query_params


def test_lang_in_the_address_opens_in_spanish(workspace):
    at = make_app(lang=None)
    at.query_params["lang"] = "es"
    at.run()
    assert at.title[0].value == "Revisar un partido"
