"""Rules: Rule 21 in English and Spanish side by side, and for each provision what the encoded
rule does: its summary, when play stops, the restart, mounts, penalties, the time allowances
with their parameters and citations, and the facts a reviewer records."""

import streamlit as st

from review_app.i18n import LANGUAGES, translate
from review_app.rules.labels import stop_label, unit_label, value_label
from review_app.rules.parameters import RULEBOOK_EDITION, newest
from review_app.rules.rulebook import TRANSLATION_NOTICE
from review_app.rules.search import search_provisions
from review_app.textsafe import md
from review_app.ui.context import N_, _, lang, ngettext, rendered

st.title(_("USPA Rule 21: how play is stopped"))
# Both languages at once, whatever the reader chose: the notice, and each provision's two texts.
st.caption(" · ".join(translate(TRANSLATION_NOTICE, language) for language in LANGUAGES))

query = st.text_input(_("Find a provision (clause or name)"), key="rules.search",
                      placeholder="21.f / mount / caballo")
found = search_provisions(query, lang())
st.caption(ngettext("{n} provision · {edition}", "{n} provisions · {edition}", len(found), edition=RULEBOOK_EDITION))
if not found:
    st.info(_("No provision matches that search."))


# How a fact is entered, in the reviewer's words.
KINDS = {"bool": N_("yes/no"), "enum": N_("one of"), "number": N_("number"), "text": N_("text")}


def encoded(p) -> None:
    """What the code does with this provision, in the chosen language."""
    heading = _("What the encoded rule does")
    st.markdown(f"**{heading}:** {md(rendered(p.summary))}")
    rows = [(_("Play stops"), stop_label(p.stop, lang())), (_("Restart"), rendered(p.restart))]
    if p.mount:
        rows.append((_("Mounts"), rendered(p.mount)))
    if p.penalty:
        rows.append((_("Penalty"), rendered(p.penalty)))
    st.markdown("\n".join(f"- **{name}:** {md(value)}" for name, value in rows))
    if p.parameters:
        st.markdown("**{}**".format(_("Time allowances and numbers (parameters)")))
        cites = _("cites {clause}: “{quote}”")
        st.markdown("\n".join(
            f"- `{q.name}` = **{q.value:g} {md(unit_label(q.unit, lang()))}** — {md(rendered(q.label))}  \n"
            f"  {md(cites.format(clause=q.clause, quote=q.quote))}" for q in p.parameters_in(newest())))
    if p.facts:
        st.markdown("**{}**".format(_("Facts a reviewer records")))
        lines = []
        for f in p.facts:
            kind = _(KINDS[f.kind]) if f.kind in KINDS else f.kind
            if f.choices:
                kind += " " + ", ".join(value_label(c, lang()) for c in f.choices)
            need = _("required") if f.required else _("optional")
            lines.append(f"- {md(rendered(f.label))} (`{f.name}`; {md(kind)}; {need})")
        st.markdown("\n".join(lines))


english, spanish = _("English (prevails)"), _("Spanish (educational translation)")
for p in found:
    with st.expander(f"**{p.id}** — {rendered(p.title)}", expanded=len(found) <= 2):
        en, es = st.columns(2)
        en.markdown(f"**{english}** · {md(translate(p.title, 'en'))}")
        en.markdown(md(translate(p.text, "en")))
        es.markdown(f"**{spanish}** · {md(translate(p.title, 'es'))}")
        es.markdown(md(translate(p.text, "es")))
        st.divider()
        encoded(p)
