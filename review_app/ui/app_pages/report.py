"""Report: the checker's consistency report for one match or many, filtered by umpire, clause,
verdict and period; charts of verdicts by clause, umpire and period; each event to look at
again opens the Review page at its frame; export as CSV, JSON or a self-contained HTML file."""

import altair as alt
import pandas as pd
import streamlit as st

from review_app.checker import check_scanned
from review_app.checker.filters import (
    Filters,
    choices,
    filtered,
    needs_attention,
    verdict_counts,
)
from review_app.checker.formats import render
from review_app.checker.tables import delay_distribution, delays_frame
from review_app.model.catalog import stamp
from review_app.reports.consistency import to_html
from review_app.rules import provision
from review_app.rules.labels import (
    VERDICT_COLORS,
    column_label,
    part_name,
    severity_label,
    value_label,
    verdict_label,
)
from review_app.rules.timing import AT_ONCE
from review_app.textsafe import md
from review_app.ui.context import (
    _,
    fixed,
    folders,
    lang,
    listing,
    loaded,
    progress_bar,
    rendered,
    shown_in_language,
    store,
)
from review_app.ui.report_reel import reel_section

st.title(_("Consistency report"))

everything = listing()
for broken in (x for x in everything if x.error):  # said, never skipped in silence
    st.warning(md(_("Not checked: {message}", message=broken.error)), icon=":material/warning:")
listed = [x for x in everything if not x.error]
if not listed:
    st.info(md(_("No match documents in {folder}.", folder=folders().annotations)))
    st.stop()
with_footage = {x.match_id for x in listed if x.has_footage}

# -- which matches ------------------------------------------------------------------
labels = {str(x.path): x.label() for x in listed}
own = [str(x.path) for x in listed if not x.demo]
if "report.matches" not in st.session_state and own and len(own) < len(listed):
    # The first time: the workspace's own matches, not the demo's beside them (they stay one click away).
    st.session_state["report.matches"] = own
chosen = st.multiselect(_("Matches"), list(labels), format_func=labels.get, key="report.matches",
                        placeholder=_("All matches in the folder ({n})", n=len(labels)))
picked = [x for x in listed if str(x.path) in chosen] if chosen else listed


def saved_as(x) -> tuple:
    """What changes when the match is saved again, or its evidence case gains an entry (a committee's decision)."""
    cases = store().evidence
    evidence = len(cases.case(x.match_id).log.raw()) if x.match_id in with_cases else 0
    return str(x.path), stamp(x.path) if x.demo else store().matches.stamp_of(str(x.path)), evidence


with_cases = set(store().evidence.cases())
key = tuple(saved_as(x) for x in picked)
if st.session_state.get("report._key") != key:
    update, done = progress_bar(_("checking documents"))
    # The matches as the store keeps them (files or database), each with its evidence case there; the demo's from
    # their folder. The documents are kept: the HTML report's notes and stills, from this one read.
    result = check_scanned((loaded(x) for x in picked), store().evidence, lambda i, n: update("check", i / n),
                           total=len(picked), keep_documents=True)
    done()
    st.session_state["report._result"], st.session_state["report._key"] = result, key
result = st.session_state["report._result"]
for message in result.errors:
    st.warning(md(_("Not checked: {message}", message=message)))

# -- filters ------------------------------------------------------------------------
options = choices(result)
c1, c2, c3, c4 = st.columns(4)
umpires = c1.multiselect(_("Umpire"), options["umpires"], key="report.umpire", placeholder=_("Any"))
clauses = c2.multiselect(_("Clause"), options["clauses"], key="report.clause", placeholder=_("Any"),
                         format_func=fixed(options["clauses"], lambda c: f"{c} — {rendered(provision(c).title)}"))
shown_in_language("report.verdict")  # a chosen verdict is said in the page's language after a switch
verdicts = c3.multiselect(_("Verdict"), options["verdicts"], key="report.verdict", placeholder=_("Any"),
                          format_func=fixed(options["verdicts"], lambda v: verdict_label(v, lang())))
periods = c4.multiselect(_("Period"), options["periods"], key="report.period", placeholder=_("Any"))
applied = Filters(tuple(umpires), tuple(clauses), tuple(verdicts), tuple(periods))
shown = filtered(result, applied)


@st.cache_data(max_entries=4, show_spinner=False)
def _report_html(_shown, key: tuple, applied: Filters, roots: tuple) -> str:
    return to_html(_shown, stills=True, filters=applied, roots=roots)


def report_html(shown, applied: Filters) -> str:
    """The HTML report with its stills (decoded from the footage): made again only when the documents or
    the filters change."""
    with st.spinner(_("Making the stills of the inconsistent calls…")):
        return _report_html(shown, key, applied, (str(folders().footage),))

# -- summary and charts -------------------------------------------------------------------
counts = st.columns(5)
counts[0].metric(_("Events"), len(shown.events))
for col, verdict in zip(counts[1:], VERDICT_COLORS, strict=False):
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
        data[by] = [_("Period {n}", n=v) if v.isdigit() else v for v in data[by]]
    st.altair_chart(bars(data, by, list(table.columns)), width="stretch")


def bars(data: pd.DataFrame, by: str, verdicts: list[str]) -> alt.Chart:
    """Stacked horizontal bars of the verdict counts per `by`: every label whole (a clause id, an umpire's
    name) and the legend in rows under the chart, so neither is cut at the chart's edge."""
    long = data.melt(id_vars=[by], value_vars=verdicts, var_name="verdict", value_name="n")
    long = long[long["n"] > 0]
    order = list(data[by])
    return alt.Chart(long).mark_bar().encode(
        y=alt.Y(f"{by}:N", sort=order, title=None, axis=alt.Axis(labelLimit=400)),
        x=alt.X("sum(n):Q", stack="zero", title=None, axis=alt.Axis(tickMinStep=1)),
        color=alt.Color("verdict:N", title=None, sort=verdicts,
                        scale=alt.Scale(domain=verdicts, range=list(VERDICT_COLORS.values())),
                        legend=alt.Legend(orient="bottom", columns=2, labelLimit=0, symbolType="square")),
        tooltip=[alt.Tooltip(f"{by}:N"), alt.Tooltip("verdict:N"), alt.Tooltip("sum(n):Q")],
    ).properties(
        height=44 * len(order) + 150)  # the whole chart: bars, axis and the legend's two rows


left, right = st.columns(2)
with left:
    verdict_chart("clause", _("Verdicts by clause"), horizontal=True)
with right:
    verdict_chart("umpire", _("Verdicts by umpire"), horizontal=True)
    verdict_chart("period", _("Verdicts across the periods"), horizontal=True)  # upright labels, like the others

# -- events to look at again, each linking back to its frame ------------------------------------
st.subheader(_("Events to look at again"))
attention = needs_attention(shown)
if not attention:
    st.caption(_("No inconsistent or incomplete events under these filters."))
for n, e in enumerate(attention[:200]):
    with st.container(border=True):
        a, b = st.columns([3, 1], vertical_alignment="center")
        mandatory = " · **{}**".format(_("mandatory")) if e.mandatory else ""
        a.markdown(f"**{md(e.match)} · {md(e.event)}** · {md(e.clause)} {md(rendered(provision(e.clause).title))} · "
                   f"{verdict_label(e.verdict, lang())}{mandatory}  \n{md(rendered(e.explanation))}")
        label = _("Open frame {frame}", frame=e.frame) if e.match in with_footage else _("Open the tag (no footage)")
        if b.button(label, key=f"report.open.{n}", icon=":material/open_in_new:", width="stretch"):
            st.switch_page("app_pages/review.py", query_params={"match": e.match, "frame": str(e.frame),
                                                                 "event": e.event})

if shown.findings:
    st.subheader(_("Match findings"))
    for f in shown.findings:
        st.markdown(f"- **{md(f.match)} · {md(f.clause)}** ({md(severity_label(f.severity, lang()))}; "
                    f"{md(', '.join(f.events))}): "
                    f"{md(rendered(f.explanation))}")

# -- the whistle's delay, measured from the tagged moments -------------------------------------------
st.subheader(_("Whistle delay after the incident"))


delays = delays_frame(shown)
if delays.empty:
    st.caption(_("No tag under these filters has its whistle moment: step to the whistle (or press . to jump to the "
                 "next one heard) and press W."))
else:
    st.caption(_("From the incident to the whistle, as the tagged moments measure it; “delayed” as the timing rules "
                 "read it (over {seconds:g} s and not at a neutral play).", seconds=AT_ONCE.seconds))
    by_umpire, by_situation = st.columns(2)
    for col, by, title in ((by_umpire, "umpire", _("By umpire")), (by_situation, "clause", _("By situation"))):
        table = delay_distribution(delays, by)
        table.index.name = column_label(by if by == "umpire" else "situation", lang())
        table.columns = [column_label(c, lang()) for c in table.columns]
        col.markdown(f"**{title}**")
        col.table(table.style.format(precision=2))  # a few rows: as text on the page
    per_tag = delays.assign(whistle=delays["whistle"].map(lambda w: value_label(w, lang()) if w else ""))
    per_tag.columns = [column_label(c, lang()) for c in per_tag.columns]
    st.markdown("**" + _("Per tag") + "**")
    st.dataframe(per_tag, hide_index=True, width="stretch", key="report.delays")

with st.expander(_("All events")):
    from review_app.checker.tables import events_frame

    frame = events_frame(shown)
    frame["verdict"] = frame["verdict"].map(lambda v: verdict_label(v, lang()))
    frame["mandatory"] = frame["mandatory"].map(lambda m: _("Yes") if m else "")
    # what each verdict misses, as the tag form names it (the CSV and JSON keep the field names: data)
    frame["missing"] = [", ".join(rendered(part_name(n)) for n in e.missing) for e in shown.events]
    frame["explanation"] = frame[f"explanation_{lang()}"]
    frame = frame.drop(columns=["explanation_en", "explanation_es"])
    frame.columns = [column_label(c, lang()) for c in frame.columns]
    st.dataframe(frame, hide_index=True, width="stretch", key="report.table")

reel_section(shown)

# -- export ------------------------------------------------------------------------------------------
st.subheader(_("Export (the filtered report)"))
e1, e2, e3 = st.columns(3)
e1.download_button("CSV", render(shown, "csv"), "rule21-report.csv", "text/csv", key="report.csv",
                   icon=":material/table:", width="stretch", on_click="ignore")
e2.download_button("JSON", render(shown, "json"), "rule21-report.json", "application/json", key="report.json",
                   icon=":material/data_object:", width="stretch", on_click="ignore")
e3.download_button("HTML", report_html(shown, applied), "rule21-report.html", "text/html", key="report.html",
                   icon=":material/description:", width="stretch", on_click="ignore",
                   help=_("With a still, and what was drawn on it, for every inconsistent call"))
