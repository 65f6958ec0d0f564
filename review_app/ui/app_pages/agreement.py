"""Agreement between reviewers on a match or a season: their tags matched by time within a stated
tolerance, unmatched tags counted, raw agreement, Cohen's kappa and Krippendorff's alpha for the
situation and each part of the call, overall and per situation; exported as CSV."""

import pandas as pd
import streamlit as st

from review_app.model import load_document
from review_app.model.event import read_events
from review_app.panels.agreement import ALL, DEFAULT_TOLERANCE_S, FIELDS, SITUATION, agreement, to_csv, units_csv
from review_app.rules.labels import call_field_label
from review_app.textsafe import md
from review_app.ui.context import _, fixed, folders, lang, listing
from review_app.ui.panel_form import situation_label

st.title(_("Agreement between reviewers"))
st.caption(_("Tags by different reviewers within the tolerance of each other are taken as one incident. A tag no "
             "other reviewer of that match made counts as a disagreement on the situation."))

listed = [x for x in listing() if not x.error]
if not listed:
    st.info(md(_("No match documents in {folder}.", folder=folders().annotations)))
    st.stop()
labels = {str(x.path): x.label() for x in listed}
chosen = st.multiselect(_("Matches"), list(labels), format_func=labels.get, key="agreement.matches",
                        placeholder=_("All matches in the folder ({n})", n=len(labels)))
docs = [load_document(p) for p in (chosen or list(labels))]
everyone = sorted({e.reviewer for d in docs for e in read_events(d) if e.reviewer}, key=str.casefold)
c1, c2 = st.columns([1, 3])
tolerance = c1.number_input(_("Tolerance (seconds)"), min_value=0.0, max_value=60.0, value=DEFAULT_TOLERANCE_S,
                            step=0.5, key="agreement.tolerance")
reviewers = c2.multiselect(_("Reviewers"), everyone, key="agreement.reviewers",
                           placeholder=_("Everyone who tagged ({n})", n=len(everyone)))
result = agreement(docs, tolerance, reviewers or None)

if len(result.reviewers) < 2 or not result.compared_matches:
    st.info(_("Agreement needs two reviewers who tagged the same match. Each tag records its reviewer (the name in "
              "the sidebar); import another reviewer's file with `polo-review import`."))
    st.stop()

m = st.columns(4)
m[0].metric(_("Matches compared"), len(result.compared_matches))
m[1].metric(_("Incidents"), len(result.compared_units))
m[2].metric(_("Tagged by two or more"), result.matched_units)
m[3].metric(_("Tagged by every reviewer"), result.complete_units)
if len(result.compared_matches) < len(result.matches):
    st.caption(_("Only matches that two or more of these reviewers tagged are compared: {n} of {total}.",
                 n=len(result.compared_matches), total=len(result.matches)))
st.dataframe(pd.DataFrame([{_("Reviewer"): who, _("Tags"): result.tags(who),
                            _("Tags no one else made"): result.unmatched(who)} for who in result.reviewers]),
             hide_index=True, key="agreement.reviewer_table")
shown_tolerance = f"{tolerance:g}"
st.caption(md(_("Tags matched within {tolerance} s of each other.", tolerance=shown_tolerance)))


def field_name(name: str) -> str:
    return _("Situation") if name == SITUATION else call_field_label(name, lang())


def number(value) -> str:
    return "—" if value is None else f"{value:.2f}"


def table(scope: str, key: str) -> None:
    rows = [result.row(scope, name) for name in FIELDS]
    data = [{_("Field"): field_name(r.field), _("Incidents rated"): r.units,
             _("Raw agreement"): "—" if r.raw is None else f"{r.raw:.0%}",
             _("Cohen's kappa"): number(r.kappa), _("Krippendorff's alpha"): number(r.alpha)}
            for r in rows if r.field == SITUATION or r.units]
    st.dataframe(pd.DataFrame(data), hide_index=True, width="stretch", key=key)


st.subheader(_("Overall"))
table(ALL, "agreement.all")
if len(result.reviewers) != 2:
    st.caption(_("Cohen's kappa is for two reviewers; Krippendorff's alpha takes any number and missing ratings."))
st.caption(_("Raw agreement: of every two ratings of one incident, the share that agree. Kappa and alpha discount "
             "the agreement chance would give: 1 is perfect, 0 no better than chance; — where undefined (one "
             "value throughout)."))

clauses = sorted({r.scope for r in result.rows if r.scope != ALL and r.units})
if clauses:
    st.subheader(_("Per situation"))
    clause = st.selectbox(_("Incidents someone tagged as"), clauses, key="agreement.clause",
                          format_func=fixed(clauses, situation_label))
    table(clause, "agreement.clause_table")

st.subheader(_("Export"))
e1, e2 = st.columns(2)
e1.download_button(_("Agreement (CSV)"), to_csv(result), "agreement.csv", "text/csv", key="agreement.csv",
                   icon=":material/table:", width="stretch", on_click="ignore")
e2.download_button(_("Matched incidents (CSV)"), units_csv(result), "agreement-incidents.csv", "text/csv",
                   key="agreement.units_csv", icon=":material/table_rows:", width="stretch", on_click="ignore")
