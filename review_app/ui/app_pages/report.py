"""Report: the checker's consistency report for one match or many, filtered by umpire, clause,
verdict and period; charts of verdicts by clause, umpire and period; each event to look at
again opens the Review page at its frame; export as CSV, JSON or a self-contained HTML file."""

from pathlib import Path

import streamlit as st

from review_app.checker import check_paths
from review_app.checker.formats import render
from review_app.rules import provision
from review_app.ui.context import fixed, folders, lang, progress_bar, tr
from review_app.i18n import pick, register
from review_app.rules.labels import (
    VERDICT_COLORS,
    column_label,
    severity_label,
    verdict_label,
)
from review_app.model.catalog import list_matches, stamp
from review_app.checker.filters import (
    Filters,
    choices,
    filtered,
    needs_attention,
    verdict_counts,
)
from review_app.textsafe import md

register({
    "report.title": {"en": "Consistency report", "es": "Informe de coherencia"},
    "report.matches": {"en": "Matches", "es": "Partidos"},
    "report.all": {"en": "All matches in the folder ({n})", "es": "Todos los partidos de la carpeta ({n})"},
    "report.umpire": {"en": "Umpire", "es": "Umpire"},
    "report.clause": {"en": "Clause", "es": "Cláusula"},
    "report.verdict": {"en": "Verdict", "es": "Veredicto"},
    "report.period": {"en": "Period", "es": "Chukker"},
    "report.period_n": {"en": "Period {n}", "es": "Chukker {n}"},
    "report.events": {"en": "Events", "es": "Eventos"},
    "report.by_clause": {"en": "Verdicts by clause", "es": "Veredictos por cláusula"},
    "report.by_umpire": {"en": "Verdicts by umpire", "es": "Veredictos por Umpire"},
    "report.by_period": {"en": "Verdicts across the periods", "es": "Veredictos a lo largo de los chukkers"},
    "report.attention": {"en": "Events to look at again", "es": "Eventos para revisar de nuevo"},
    "report.none_attention": {"en": "No inconsistent or incomplete events under these filters.",
                              "es": "No hay eventos incoherentes o incompletos con estos filtros."},
    "report.open": {"en": "Open frame {frame}", "es": "Abrir fotograma {frame}"},
    "report.open_tag": {"en": "Open the tag (no footage)", "es": "Abrir la etiqueta (sin vídeo)"},
    "report.any": {"en": "Any", "es": "Cualquiera"},
    "report.findings": {"en": "Match findings", "es": "Hallazgos del partido"},
    "report.table": {"en": "All events", "es": "Todos los eventos"},
    "report.export": {"en": "Export (the filtered report)", "es": "Exportar (el informe filtrado)"},
    "report.unreadable": {"en": "Not checked: {message}", "es": "No revisado: {message}"},
    "report.mandatory": {"en": "mandatory", "es": "obligatorio"},
    "report.explanation": {"en": "Why", "es": "Por qué"},
})

st.title(tr("report.title"))

everything = list_matches(folders().annotations, (folders().footage,))
for broken in (x for x in everything if x.error):  # said, never skipped in silence
    st.warning(md(tr("report.unreadable", message=broken.error)), icon=":material/warning:")
listed = [x for x in everything if not x.error]
if not listed:
    st.info(md(tr("common.no_documents", folder=folders().annotations)))
    st.stop()
with_footage = {x.match_id for x in listed if x.has_footage}

# -- which matches ------------------------------------------------------------------
labels = {str(x.path): x.label() for x in listed}
chosen = st.multiselect(tr("report.matches"), list(labels), format_func=labels.get, key="report.matches",
                        placeholder=tr("report.all", n=len(labels)))
paths = chosen or list(labels)

key = tuple((p, stamp(Path(p))) for p in paths)
if st.session_state.get("report._key") != key:
    update, done = progress_bar(tr("progress.check"))
    result = check_paths(paths, progress=lambda i, n: update("check", i / n))
    done()
    st.session_state["report._result"], st.session_state["report._key"] = result, key
result = st.session_state["report._result"]
for message in result.errors:
    st.warning(md(tr("report.unreadable", message=message)))

# -- filters ------------------------------------------------------------------------
options = choices(result)
c1, c2, c3, c4 = st.columns(4)
umpires = c1.multiselect(tr("report.umpire"), options["umpires"], key="report.umpire", placeholder=tr("report.any"))
clauses = c2.multiselect(tr("report.clause"), options["clauses"], key="report.clause", placeholder=tr("report.any"),
                         format_func=fixed(options["clauses"], lambda c: f"{c} — {pick(provision(c).title, lang())}"))
verdicts = c3.multiselect(tr("report.verdict"), options["verdicts"], key="report.verdict", placeholder=tr("report.any"),
                          format_func=fixed(options["verdicts"], lambda v: verdict_label(v, lang())))
periods = c4.multiselect(tr("report.period"), options["periods"], key="report.period", placeholder=tr("report.any"))
shown = filtered(result, Filters(tuple(umpires), tuple(clauses), tuple(verdicts), tuple(periods)))

# -- summary and charts -------------------------------------------------------------------
counts = st.columns(5)
counts[0].metric(tr("report.events"), len(shown.events))
for col, verdict in zip(counts[1:], VERDICT_COLORS):
    col.metric(verdict_label(verdict, lang()), sum(e.verdict == verdict for e in shown.events))


def verdict_chart(by: str, title: str, horizontal: bool) -> None:
    table = verdict_counts(shown, by)
    st.markdown(f"**{title}**")
    if table.empty:
        st.caption("—")
        return
    table.columns = [verdict_label(v, lang()) for v in table.columns]
    data = table.reset_index()
    data[by] = data[by].astype(str)
    if by == "period":
        data[by] = [tr("report.period_n", n=v) if v.isdigit() else v for v in data[by]]
    height = max(140, 36 * len(data) + 70) if horizontal else 260
    st.bar_chart(data, x=by, y=list(table.columns), color=list(VERDICT_COLORS.values()), stack=True,
                 horizontal=horizontal, sort=False, height=height, x_label="", y_label="")


left, right = st.columns(2)
with left:
    verdict_chart("clause", tr("report.by_clause"), horizontal=True)
with right:
    verdict_chart("umpire", tr("report.by_umpire"), horizontal=True)
    verdict_chart("period", tr("report.by_period"), horizontal=True)  # upright labels, like the others

# -- events to look at again, each linking back to its frame ------------------------------------
st.subheader(tr("report.attention"))
attention = needs_attention(shown)
if not attention:
    st.caption(tr("report.none_attention"))
for n, e in enumerate(attention[:200]):
    with st.container(border=True):
        a, b = st.columns([3, 1], vertical_alignment="center")
        mandatory = f" · **{tr('report.mandatory')}**" if e.mandatory else ""
        a.markdown(f"**{md(e.match)} · {md(e.event)}** · {md(e.clause)} {md(pick(provision(e.clause).title, lang()))} · "
                   f"{verdict_label(e.verdict, lang())}{mandatory}  \n{md(pick(e.explanation, lang()))}")
        label = tr("report.open", frame=e.frame) if e.match in with_footage else tr("report.open_tag")
        if b.button(label, key=f"report.open.{n}", icon=":material/open_in_new:", width="stretch"):
            st.switch_page("app_pages/review.py", query_params={"match": e.match, "frame": str(e.frame),
                                                                 "event": e.event})

if shown.findings:
    st.subheader(tr("report.findings"))
    for f in shown.findings:
        st.markdown(f"- **{md(f.match)} · {md(f.clause)}** ({md(severity_label(f.severity, lang()))}; "
                    f"{md(', '.join(f.events))}): "
                    f"{md(pick(f.explanation, lang()))}")

with st.expander(tr("report.table")):
    from review_app.checker.summary import events_frame

    frame = events_frame(shown)
    frame["verdict"] = frame["verdict"].map(lambda v: verdict_label(v, lang()))
    frame["mandatory"] = frame["mandatory"].map(lambda m: tr("common.yes") if m else "")
    frame["explanation"] = frame[f"explanation_{lang()}"]
    frame = frame.drop(columns=["explanation_en", "explanation_es"])
    frame.columns = [column_label(c, lang()) for c in frame.columns]
    st.dataframe(frame, hide_index=True, width="stretch", key="report.table")

# -- export ------------------------------------------------------------------------------------------
st.subheader(tr("report.export"))
e1, e2, e3 = st.columns(3)
e1.download_button("CSV", render(shown, "csv"), "rule21-report.csv", "text/csv", key="report.csv",
                   icon=":material/table:", width="stretch", on_click="ignore")
e2.download_button("JSON", render(shown, "json"), "rule21-report.json", "application/json", key="report.json",
                   icon=":material/data_object:", width="stretch", on_click="ignore")
e3.download_button("HTML", render(shown, "html"), "rule21-report.html", "text/html", key="report.html",
                   icon=":material/description:", width="stretch", on_click="ignore")
