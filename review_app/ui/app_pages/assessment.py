"""Umpire assessment: an umpire's key incidents over a match or a season, with the call made and the call
the rule requires; the coach marks each wrong call clear and obvious or not and whether it affected the
outcome, and writes development points; the report downloads as one HTML file (print it to PDF) or CSV."""

from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from review_app.assessment.marks import with_marks
from review_app.assessment.output import (
    after_game_text,
    call_text,
    clock_text,
    correct_text,
    to_csv,
    to_html,
    trend_spec,
)
from review_app.assessment.report import assess, reviewers_of, umpires
from review_app.errors import PoloReviewError
from review_app.model.event import read_events
from review_app.textsafe import md
from review_app.ui.context import (
    _,
    error_line,
    folders,
    from_the_demo,
    lang,
    listing,
    load_listed,
    ngettext,
    rendered,
    reviewer,
    signed_in_reviewer,
    store,
)
from review_app.ui.panel_form import situation_label

st.title(_("Umpire assessment"))
st.caption(_("Every tagged incident an umpire called, judged against Rule 21; you mark the clear and obvious errors "
             "and write the development points. Download the report and print it to PDF from the browser."))

listed = [x for x in listing() if not x.error]
# A season is the workspace's own matches: the demo's samples (and copies of them) are assessed apart, never
# counted beside them (the coach's walk found a club umpire credited with the samples' calls).
samples = [x for x in listed if from_the_demo(x)]
listed = [x for x in listed if not from_the_demo(x)]
if samples and st.toggle(_("The demo's sample matches instead"), value=not listed, key="assessment.samples",
                         help=_("The sample matches bundled with the app, and the copies of them made by tagging on "
                                "one: assessed on their own, never counted in the workspace's season.")):
    listed = samples
    st.info(_("Demo: the bundled sample matches, assessed apart from the workspace's own matches."),
            icon=":material/science:")
if not listed:
    st.info(md(_("No match documents in {folder}.", folder=folders().annotations)))
    st.stop()
docs = [load_listed(x) for x in listed]  # the store's (files or database), the demo's from its folder
names = umpires(docs)
if not names:
    st.info(_("No umpire is named in these matches: record the umpire on each tag."))
    st.stop()
umpire = st.selectbox(_("Umpire"), names, key="assessment.umpire")
theirs = [d for d in docs if umpire in (d.match.get("umpires") or [])
          or any(e.umpire == umpire for e in read_events(d))]
labels = {d.match_id: f"{d.match.get('name') or d.match_id} · {d.match.get('date') or ''}" for d in theirs}
chosen = st.multiselect(_("Matches"), list(labels), format_func=labels.get, key="assessment.matches",
                        placeholder=ngettext("The whole season ({n} match)", "The whole season ({n} matches)",
                                                     len(labels)))
season = [d for d in theirs if not chosen or d.match_id in chosen]
tagged_by = reviewers_of(season, umpire)
whose = None
if len(tagged_by) > 1:
    everyone = "__everyone__"
    whose = st.selectbox(_("Whose tags"), [everyone, *tagged_by], key="assessment.reviewer",
                         format_func=lambda v: _("Every reviewer's") if v == everyone else v)
    if whose == everyone:
        whose = None
        st.warning(_("Several reviewers tagged this umpire's incidents: an incident two of them tagged counts twice. "
                     "Choose whose tags to assess."), icon=":material/group:")
result = assess(season, umpire, reviewer=whose, evidence=store().evidence)
teams = {d.match_id: d.team_names() for d in season}

m = st.columns(5)
m[0].metric(_("Key incidents"), len(result.incidents))
m[1].metric(_("Correct calls"), result.total("correct"))
m[2].metric(_("Incorrect calls"), result.total("incorrect"))
m[3].metric(_("Clear and obvious errors"), result.total("clear_errors"))
m[4].metric(_("Required calls missed"), result.total("missed"))
if result.total("unassessed"):
    st.warning(ngettext("{n} incorrect call is not yet assessed as clear and obvious or not.",
                        "{n} incorrect calls are not yet assessed as clear and obvious or not.",
                        result.total("unassessed")), icon=":material/rule:")

if result.season:
    st.markdown("**" + _("Trend across the season") + "**")
    st.vega_lite_chart(trend_spec(result.matches, _("Calls correct (%)"), _("Clear and obvious errors")),
                       height=240, key="assessment.trend")

YES, NO, OPEN = _("Yes"), _("No"), _("Not assessed")
ANSWERS = [OPEN, YES, NO]


def answer(value: bool | None) -> str:
    return OPEN if value is None else YES if value else NO


def back(text: str) -> bool | None:
    return None if text == OPEN else text == YES


by_match = {d.match_id: d for d in season}
for ma in result.matches:
    with st.expander(f"{ma.name} · {ma.date}", expanded=len(result.matches) == 1):
        if not ma.incidents:
            st.caption(_("No tagged incidents for this umpire in this match."))
        rows = [{_("Tag"): i.event,
                 # each time named: "Period 1 · 1:26 · 1:26" left the game clock and the footage's time alike
                 _("Time"): " · ".join(x for x in (_("Period {n}", n=i.period) if i.period else "",
                                                    _("clock {clock}", clock=i.clock) if i.clock else "",
                                                    _("footage {time}", time=clock_text(i.time_s))) if x),
                 _("Situation"): situation_label(i.clause), _("Correct?"): correct_text(i, lang()),
                 _("Clear and obvious error"): answer(i.clear_and_obvious) if i.correct is False else "—",
                 _("Affected the outcome"): answer(i.affected_outcome) if i.correct is False else "—",
                 _("Call made"): call_text(i.call, lang(), teams[ma.match]),
                 _("Call the rule requires"): rendered(i.required),
                 _("Why"): rendered(i.explanation) if i.correct is False else ""}
                for i in ma.incidents]
        key = f"assessment.{ma.match}"
        if rows:
            frame = pd.DataFrame(rows).set_index(_("Tag"))
            wrong = [i.event for i in ma.incidents if i.correct is False]
            edited = st.data_editor(
                frame, key=f"{key}.table", width="stretch",
                disabled=[c for c in frame.columns if c not in (_("Clear and obvious error"),
                                                                 _("Affected the outcome"))],
                column_config={_("Clear and obvious error"): st.column_config.SelectboxColumn(options=[*ANSWERS, "—"]),
                               _("Affected the outcome"): st.column_config.SelectboxColumn(options=[*ANSWERS, "—"])})
        else:
            edited, wrong = None, []
        if ma.after_game:  # the tag names the umpire (the form pre-fills it), but the call was not theirs
            st.caption(after_game_text(ma, lang()))
        points = st.text_area(_("Development points"), value=ma.points, key=f"{key}.points", max_chars=20000,
                              placeholder=_("What the umpire does well, and what to work on next."))
        if st.button(_("Save the assessment of this match"), key=f"{key}.save", icon=":material/save:",
                     disabled=not reviewer()):
            marks = {}
            if edited is not None:
                for event_id in wrong:
                    marks[event_id] = {"clear_and_obvious": back(edited.at[event_id, _("Clear and obvious error")]),
                                       "affected_outcome": back(edited.at[event_id, _("Affected the outcome")])}
            try:
                if not signed_in_reviewer():
                    st.stop()
                store().matches.save(with_marks(by_match[ma.match], umpire, by=reviewer(), now=datetime.now(UTC),
                                                events=marks, points=points))
            except PoloReviewError as exc:
                error_line(exc)
            else:
                st.rerun()
        if not reviewer():
            st.caption(_("Sign in (in the sidebar) to save: the assessment records who wrote it."))

st.subheader(_("The report"))
slug = "".join(ch if ch.isalnum() else "-" for ch in umpire).strip("-").lower() or "umpire"
d1, d2 = st.columns(2)
d1.download_button(_("Report (HTML, prints to PDF)"), to_html(result, lang(), teams=teams),
                   f"assessment-{slug}-{lang()}.html", "text/html", key="assessment.html",
                   icon=":material/description:", width="stretch", on_click="ignore")
d2.download_button(_("Key incidents (CSV)"), to_csv(result, lang(), teams=teams), f"assessment-{slug}-{lang()}.csv",
                   "text/csv", key="assessment.csv", icon=":material/table:", width="stretch", on_click="ignore")
