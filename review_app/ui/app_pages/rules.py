"""Rules: Rule 21 in English and Spanish side by side, and for each provision what the encoded
rule does: its summary, when play stops, the restart, mounts, penalties, the time allowances
with their parameters and citations, and the facts a reviewer records."""

import streamlit as st

from review_app.rules.parameters import RULEBOOK_EDITION
from review_app.rules.rulebook import TRANSLATION_NOTICE
from review_app.ui.context import lang, tr
from review_app.i18n import pick, register
from review_app.rules.labels import stop_label, unit_label, value_label
from review_app.rules.search import search_provisions
from review_app.textsafe import md

register({
    "rules.title": {"en": "USPA Rule 21: how play is stopped", "es": "Regla 21 de la USPA: cómo se detiene el juego"},
    "rules.search": {"en": "Find a provision (clause or name)", "es": "Buscar una disposición (cláusula o nombre)"},
    "rules.none": {"en": "No provision matches that search.", "es": "Ninguna disposición coincide con la búsqueda."},
    "rules.english": {"en": "English (prevails)", "es": "Inglés (prevalece)"},
    "rules.spanish": {"en": "Spanish (educational translation)", "es": "Español (traducción educativa)"},
    "rules.encoded": {"en": "What the encoded rule does", "es": "Qué hace la regla codificada"},
    "rules.stop": {"en": "Play stops", "es": "El juego se detiene"},
    "rules.restart": {"en": "Restart", "es": "Reanudación"},
    "rules.mount": {"en": "Mounts", "es": "Caballos"},
    "rules.penalty": {"en": "Penalty", "es": "Penal"},
    "rules.allowances": {"en": "Time allowances and numbers (parameters)", "es": "Tiempos y números (parámetros)"},
    "rules.facts": {"en": "Facts a reviewer records", "es": "Hechos que registra el revisor"},
    "rules.fact_kind": {"en": "kind", "es": "tipo"},
    "rules.optional": {"en": "optional", "es": "opcional"},
    "rules.required": {"en": "required", "es": "necesario"},
    "rules.cites": {"en": "cites {clause}: “{quote}”", "es": "cita {clause}: “{quote}”"},
    "rules.count": {"en": "{n} provisions · {edition}", "es": "{n} disposiciones · {edition}"},
    "kind.bool": {"en": "yes/no", "es": "sí/no"},
    "kind.enum": {"en": "one of", "es": "uno de"},
    "kind.number": {"en": "number", "es": "número"},
    "kind.text": {"en": "text", "es": "texto"},
})

st.title(tr("rules.title"))
st.caption(f"{TRANSLATION_NOTICE['en']} · {TRANSLATION_NOTICE['es']}")

query = st.text_input(tr("rules.search"), key="rules.search", placeholder="21.f / mount / caballo")
found = search_provisions(query, lang())
st.caption(tr("rules.count", n=len(found), edition=RULEBOOK_EDITION))
if not found:
    st.info(tr("rules.none"))


def encoded(p) -> None:
    """What the code does with this provision, in the chosen language."""
    st.markdown(f"**{tr('rules.encoded')}:** {md(pick(p.summary, lang()))}")
    rows = [(tr("rules.stop"), stop_label(p.stop, lang())), (tr("rules.restart"), pick(p.restart, lang()))]
    if p.mount:
        rows.append((tr("rules.mount"), pick(p.mount, lang())))
    if p.penalty:
        rows.append((tr("rules.penalty"), pick(p.penalty, lang())))
    st.markdown("\n".join(f"- **{name}:** {md(value)}" for name, value in rows))
    if p.parameters:
        st.markdown(f"**{tr('rules.allowances')}**")
        st.markdown("\n".join(
            f"- `{q.name}` = **{q.value:g} {md(unit_label(q.unit, lang()))}** — {md(pick(q.label, lang()))}  \n"
            f"  {md(tr('rules.cites', clause=q.clause, quote=q.quote))}" for q in p.parameters))
    if p.facts:
        st.markdown(f"**{tr('rules.facts')}**")
        lines = []
        for f in p.facts:
            kind = tr(f"kind.{f.kind}")
            if f.choices:
                kind += " " + ", ".join(value_label(c, lang()) for c in f.choices)
            need = tr("rules.required") if f.required else tr("rules.optional")
            lines.append(f"- {md(pick(f.label, lang()))} (`{f.name}`; {md(kind)}; {need})")
        st.markdown("\n".join(lines))


for p in found:
    with st.expander(f"**{p.id}** — {pick(p.title, lang())}", expanded=len(found) <= 2):
        en, es = st.columns(2)
        en.markdown(f"**{tr('rules.english')}** · {md(p.title['en'])}")
        en.markdown(md(p.text["en"]))
        es.markdown(f"**{tr('rules.spanish')}** · {md(p.title['es'])}")
        es.markdown(md(p.text["es"]))
        st.divider()
        encoded(p)
