"""Every page in English and Spanish, through the one gettext catalogue: each page runs in Spanish
without an exception and shows Spanish labels, and every message id the app's own code uses has
its Spanish in the catalogue (the whole package is held by tests/test_catalogue.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from ui_fixtures import make_app

from review_app import i18n
from review_app.i18n import catalogue

UI = Path(__file__).resolve().parents[2] / "review_app" / "ui"

PAGES = {
    "app_pages/review.py": ("Review a match", "Revisar un partido"),
    "app_pages/report.py": ("Consistency report", "Informe de coherencia"),
    "app_pages/rules.py": ("USPA Rule 21: how play is stopped", "Regla 21 de la USPA: cómo se detiene el juego"),
    "app_pages/training.py": ("Training", "Entrenamiento"),
    "app_pages/evidence.py": ("Post-game evidence (21.f(5))", "Pruebas posteriores al partido (21.f(5))"),
}

# A widget label on each page, as the Spanish reader sees it.
SPANISH_LABELS = {
    "app_pages/review.py": ("review.footage", "Vídeo"),
    "app_pages/report.py": ("report.period", "Período"),
    "app_pages/rules.py": ("rules.search", "Buscar una disposición (número o nombre)"),
    "app_pages/evidence.py": ("evidence.match", "Partido"),
}


def label_of(at, key: str) -> str:
    for kind in ("selectbox", "multiselect", "text_input"):
        try:
            return getattr(at, kind)(key=key).label
        except KeyError:
            continue
    raise KeyError(key)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_page_in_both_languages(workspace, lang):
    at = make_app(lang=lang)
    at.run()
    for page, titles in PAGES.items():
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.title[0].value == titles[lang == "es"], page
        if lang == "es" and page in SPANISH_LABELS:
            key, label = SPANISH_LABELS[page]
            assert label_of(at, key) == label, page
    if lang == "es":
        assert any("traducción educativa" in c.value for c in at.caption)


def test_the_sidebar_and_the_tag_list_in_spanish(workspace):
    at = make_app(lang="es")
    at.run()
    assert not at.exception
    sidebar = " ".join(m.value for m in at.sidebar.markdown) + " ".join(c.value for c in at.sidebar.caption)
    assert "Ingresó como **Tester**" in sidebar and "Prevalece el texto en inglés" in sidebar  # the name is escaped
    assert at.sidebar.button(key="app.sign_out").label == "Salir"
    columns = {c for df in at.dataframe for c in df.value.columns}  # the tag list
    # the rulebook's words: Umpire stays Umpire, a period is a "período" (never "Árbitro", never "Chukker")
    assert {"Etiqueta", "Disposición", "Umpire", "Veredicto"} <= columns
    # the rest of the tag picked, on its line under the list (the side table's columns fit the panel)
    lines = [c.value.replace("\\", "") for c in at.caption]  # markdown's escapes
    assert "Período 1 · 6:10 · fotograma 50 (0:02.00) · Umpire Umpire One · etiquetada por Coach" in lines, lines


def test_the_app_uses_no_keyed_strings():
    """One way to say a thing: no module of the app imports the retired keyed registry or calls `tr`."""
    retired = {"register", "t", "has", "keys", "missing", "pick", "tr"}
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("review_app.i18n"):
                assert not {a.name for a in node.names} & retired, path
                assert node.module != "review_app.i18n.registry", path
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"tr", "register", "say", "pick"}, f"{path}:{node.lineno}"


def test_every_message_of_the_app_is_in_the_spanish_catalogue():
    template = catalogue.extract()
    used = {m.id if isinstance(m.id, str) else m.id[0] for m in template
            if any(loc.startswith("review_app/ui/") for loc, _line in m.locations)}
    assert len(used) > 200  # the app's words are found at all
    assert [p for p in catalogue.problems("es", template) if p.id in used] == []
    # and the catalogue is what the app reads: a Spanish label really comes from it
    assert i18n.gettext("Save", "es") == "Guardar"
    assert i18n.gettext("Period", "es") == "Período" and i18n.gettext("Umpire", "es") == "Umpire"


def test_every_message_the_app_shows_is_extracted():
    """A `_()` inside an f-string is invisible to the extractor (and would stay English): every literal
    given to `_` in the app must be in the catalogue's template."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue.extract()}
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"_", "N_"}
                    and node.args and isinstance(node.args[0], ast.Constant)):
                assert node.args[0].value in ids, f"{path.name}:{node.lineno}: {node.args[0].value!r}"


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


def test_after_switching_language_the_footage_picker_shows_its_choice_in_the_new_language(workspace):
    """Issue 40: after switching to Español the Footage select still read "The match's footage: …" over Spanish
    options: the browser shows the label it was last sent for the choice. The switch sends the choice's label anew."""
    at = make_app()
    at.run()
    assert at.selectbox(key="review.footage").value == "doc"
    at.session_state["app.lang"] = "es"
    at.run()
    assert not at.exception
    sent = at.selectbox(key="review.footage").proto
    assert sent.set_value and sent.raw_value == sent.options[0], (sent.set_value, sent.raw_value, list(sent.options))
    assert sent.raw_value.startswith("El vídeo del partido: ")


def test_after_switching_language_the_reports_chosen_tags_and_verdicts_are_said_in_the_new_language(workspace):
    """Walk 8: on the Report page switched to Español, the reel's chosen tags still read "… · Consistent · f1198"
    (and a chosen verdict filter "Consistent"): the browser keeps the label it was sent for each choice. The
    switch sends the choices' labels anew, as the Review page's Footage picker does."""
    at = make_app()
    at.switch_page("app_pages/report.py").run()
    at.multiselect(key="report.verdict").select("consistent").run()
    at.multiselect(key="report.reel.slow").select(at.multiselect(key="report.reel.tags").value[0]).run()
    at.session_state["app.lang"] = "es"
    at.run()
    assert not at.exception
    for key in ("report.verdict", "report.reel.tags", "report.reel.slow"):
        sent = at.multiselect(key=key).proto
        assert sent.set_value and list(sent.raw_values), (key, sent.set_value, list(sent.raw_values))
        assert all(v in sent.options for v in sent.raw_values), (key, list(sent.raw_values), list(sent.options))
    assert "Coherente" in at.multiselect(key="report.verdict").proto.raw_values[0]
