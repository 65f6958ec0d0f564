"""The older keyed registry of interface strings, being replaced by the gettext catalogue
(`review_app.i18n`); no new strings go here.

English prevails; the Spanish is an educational translation. Each page may keep its own
strings next to it and add them with `register({...})` at import time; `t(key, lang)`
falls back to English, then to the key itself, so a missing translation never breaks a page.
This module never imports streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "es": "Español"}

_STRINGS: dict[str, dict[str, str]] = {}


def register(strings: Mapping[str, Mapping[str, str]]) -> None:
    """Add strings: {"key": {"en": "...", "es": "..."}}. English is required for each key.

    Registering the same key again with the same text is harmless (pages are re-imported
    on every rerun); a different text for an existing key is a programming error.
    """
    for key, texts in strings.items():
        if "en" not in texts:
            raise ValueError(f"i18n key {key!r} has no English text")
        unknown = set(texts) - set(LANGUAGES)
        if unknown:
            raise ValueError(f"i18n key {key!r} has unknown languages {sorted(unknown)}")
        existing = _STRINGS.get(key)
        if existing is not None and existing != dict(texts):
            raise ValueError(f"i18n key {key!r} registered twice with different texts")
        _STRINGS[key] = dict(texts)


def t(key: str, lang: str = DEFAULT_LANGUAGE, **fmt: object) -> str:
    """The text for `key` in `lang` (falling back to English, then to the key), formatted with `fmt`."""
    texts = _STRINGS.get(key)
    if texts is None:
        text = key
    else:
        text = texts.get(lang) or texts["en"]
    return text.format(**fmt) if fmt else text


def pick(texts: Mapping[str, str] | None, lang: str) -> str:
    """Choose from a library {en, es} dict (rule titles, explanations), falling back to English;
    a gettext `Message` or message id is translated (callers move to `i18n.translate`)."""
    if not texts:
        return ""
    if not isinstance(texts, Mapping):
        from review_app.i18n import translate

        return translate(texts, lang)
    return texts.get(lang) or texts.get("en") or ""


def has(key: str) -> bool:
    return key in _STRINGS


def keys() -> list[str]:
    return sorted(_STRINGS)


def missing(lang: str) -> list[str]:
    """Keys that have no text in `lang` (for the test that both languages are complete)."""
    return sorted(k for k, v in _STRINGS.items() if not v.get(lang))


# Strings shared by the entry point and several pages.
register({
    "app.title": {"en": "Polo review", "es": "Revisión de polo"},
    "app.language": {"en": "Language", "es": "Idioma"},
    "app.reviewer": {"en": "Your name (recorded on every tag)", "es": "Su nombre (se registra en cada etiqueta)"},
    "app.reviewer_set": {"en": "Reviewer: {name}", "es": "Revisor: {name}"},
    "app.reviewer_change": {"en": "Change name", "es": "Cambiar nombre"},
    "app.translation_note": {
        "en": "English text prevails.",
        "es": "Prevalece el texto en inglés; el español es una traducción educativa.",
    },
    "app.folders": {"en": "Footage: {footage} · Annotations: {annotations}",
                    "es": "Vídeo: {footage} · Anotaciones: {annotations}"},
    "nav.review": {"en": "Review", "es": "Revisión"},
    "nav.report": {"en": "Report", "es": "Informe"},
    "nav.rules": {"en": "Rules", "es": "Reglas"},
    "nav.training": {"en": "Training", "es": "Entrenamiento"},
    "nav.evidence": {"en": "Evidence", "es": "Evidencia"},
    "common.match": {"en": "Match", "es": "Partido"},
    "common.no_documents": {"en": "No match documents in {folder}.", "es": "No hay documentos de partido en {folder}."},
    "common.error": {"en": "Error: {message}", "es": "Error (detalle en inglés): {message}"},
    "common.yes": {"en": "Yes", "es": "Sí"},
    "common.no": {"en": "No", "es": "No"},
    "common.none": {"en": "(none)", "es": "(ninguno)"},
    "common.clause": {"en": "Clause", "es": "Cláusula"},
    "common.verdict": {"en": "Verdict", "es": "Veredicto"},
    "common.umpire": {"en": "Umpire", "es": "Árbitro"},
    "common.period": {"en": "Period", "es": "Chukker"},
    "common.frame": {"en": "Frame", "es": "Fotograma"},
    "common.time": {"en": "Time", "es": "Tiempo"},
    "common.save": {"en": "Save", "es": "Guardar"},
    "common.cancel": {"en": "Cancel", "es": "Cancelar"},
    "common.spanish_note": {
        "en": "Spanish: educational translation; the English text prevails.",
        "es": "Español: traducción educativa; prevalece el texto en inglés.",
    },
})

register({
    "app.reviewer_ok": {"en": "Start reviewing", "es": "Comenzar a revisar"},
    "app.reviewer_needed": {"en": "Enter your name in the sidebar first: it is recorded on every tag.",
                            "es": "Primero escriba su nombre en la barra lateral: se registra en cada etiqueta."},
    "progress.index": {"en": "indexing frames", "es": "indexando fotogramas"},
    "progress.hash": {"en": "computing checksum", "es": "calculando suma de control"},
    "progress.filmstrip": {"en": "building filmstrip", "es": "creando tira de imágenes"},
    "progress.export": {"en": "exporting clip", "es": "exportando clip"},
    "progress.upload": {"en": "storing upload", "es": "guardando archivo subido"},
    "progress.check": {"en": "checking documents", "es": "revisando documentos"},
})
