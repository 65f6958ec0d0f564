"""Coach: for coaches only (signed in). Each trainee's progress by clause and over time, with every
answer exported as CSV; the tags approved as teaching examples (only these are quizzed); trainees'
passphrases reset and coaches added."""

import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.model.catalog import match_documents
from review_app.rules import provision
from review_app.store import open_matches
from review_app.textsafe import md
from review_app.training import ScoreStore, TeachingExamples, questions_from
from review_app.training import progress as prog
from review_app.training.examples import APPROVED, CHANGED, DEMO
from review_app.ui.context import _, dash, error_line, fixed, folders, listing, load_listed, rendered, roots, store
from review_app.ui.people_parts import coach_sign_in, people, roles_text

st.title(_("Coach"))
st.caption(_("Trainees' progress, the teaching examples the quiz asks, and the people who train."))
coach = coach_sign_in()
if coach is None:
    st.stop()

t_progress, t_examples, t_people = st.tabs([_("Trainees' progress"), _("Teaching examples"), _("People")])

with t_progress:
    try:
        frame = prog.attempts_frame(ScoreStore(store().training, viewer=coach.name).everyone())
    except PoloReviewError as exc:
        error_line(exc)
        frame = None
    if frame is None or frame.empty:
        st.info(_("No trainee has answered yet."))
    else:
        summary = prog.by_trainee(frame)
        st.dataframe(pd.DataFrame({
            _("Trainee"): summary["trainee"], _("Answers"): summary["answers"],
            _("Points"): summary["points"].astype(str) + " / " + summary["max_points"].astype(str),
            _("Score (%)"): summary["percent"], _("Situation right"): summary["situation_right"],
            _("Call right"): summary["call_right"], _("Examples tried"): summary["examples"],
            _("Last answer (UTC)"): summary["last"].dt.strftime("%Y-%m-%d %H:%M")}),
            hide_index=True, width="stretch", key="coach.summary")
        st.download_button(_("Download every answer (CSV)"), prog.to_csv(frame).encode("utf-8-sig"),
                           file_name="training-answers.csv", mime="text/csv", key="coach.csv",
                           icon=":material/download:")
        names = list(summary["trainee"])
        who = st.selectbox(_("Trainee"), names, key="coach.trainee")
        st.markdown("**" + _("By clause") + "**")
        clauses = prog.by_clause(frame)
        mine = clauses[clauses["trainee"] == who]
        st.dataframe(pd.DataFrame({
            _("Clause"): [f"{c} — {rendered(provision(c).title)}" for c in mine["clause"]],
            _("Answers"): mine["answers"], _("Situation right (%)"): mine["situation_percent"],
            _("Call right (%)"): mine["call_percent"]}), hide_index=True, width="stretch", key="coach.by_clause")
        st.markdown("**" + _("Over time: share of points per day (%)") + "**")
        days = prog.over_time(frame)
        # every trainee on one chart, a point per day (one day alone is still seen)
        st.vega_lite_chart(days, {
            "mark": {"type": "line", "point": True},
            "encoding": {"x": {"field": "day", "type": "ordinal", "title": _("Day (UTC)")},
                         "y": {"field": "percent", "type": "quantitative", "title": _("Score that day (%)"),
                               "scale": {"domain": [0, 100]}},
                         "color": {"field": "trainee", "type": "nominal", "title": _("Trainee")}}},
            height=240, width="stretch", key="coach.chart")
        mine = days[days["trainee"] == who]
        st.dataframe(pd.DataFrame({
            _("Day (UTC)"): mine["day"], _("Answers"): mine["answers"], _("Score that day (%)"): mine["percent"],
            _("Score so far (%)"): mine["cumulative_percent"]}), hide_index=True, width="stretch", key="coach.days")

with t_examples:
    st.caption(_("Only approved tags are quizzed. A tag edited after its approval leaves the quiz until it is "
                 "approved again. The demo's expert tags come approved."))
    docs = []
    for listed in listing():
        if not listed.error and listed.has_footage:
            try:
                docs.append(load_listed(listed))
            except PoloReviewError as exc:
                error_line(exc)
    demo = match_documents(open_matches(folders().demo.annotations)) if folders().demo else []
    examples = TeachingExamples(store().training, demo)
    questions = questions_from(docs, roots=roots())
    try:
        approvals = examples.approvals()
    except PoloReviewError as exc:  # said once; the People tab below still shows (and keeps what is typed there)
        error_line(exc)
        approvals, questions = {}, []
    status_words = {APPROVED: _("approved"), DEMO: _("approved (demo)"),
                    CHANGED: _("changed since approved: not quizzed"), None: _("not approved")}
    status = {q.id: examples.status(q.id, q.fingerprint, approvals) for q in questions}
    if not questions:
        st.info(_("No tags with footage yet."))
    else:
        st.dataframe(pd.DataFrame([{
            _("Match"): q.match_name, _("Tag"): q.event_id, _("Clause"): q.situation, _("Period"): dash(q.period),
            _("Clock"): dash(q.clock), _("Teaching example"): status_words[status[q.id]],
            _("Approved by"): approvals[q.id].by if q.id in approvals and not approvals[q.id].withdrawn else ""}
            for q in questions]), hide_index=True, width="stretch", key="coach.examples")
        ids = [q.id for q in questions]
        by_id = {q.id: q for q in questions}
        chosen = st.selectbox(_("Tag"), ids, key="coach.example", format_func=fixed(
            ids, lambda i: f"{by_id[i].match_name} · {by_id[i].event_id} · {by_id[i].situation} · "
                           f"{status_words[status[i]]}"))
        q = by_id[chosen]
        st.caption(md(_("Notes: {notes}", notes=q.notes or "—")))
        c1, c2 = st.columns(2)
        if c1.button(_("Approve as a teaching example"), key="coach.approve", icon=":material/verified:",
                     disabled=status[chosen] in (APPROVED, DEMO), type="primary"):
            examples.approve(coach, q.id, q.fingerprint)
            tag = f"{q.match_name} · {q.event_id}"
            st.toast(md(_("{tag} is a teaching example.", tag=tag)))
            st.rerun()
        if c2.button(_("Withdraw from the quiz"), key="coach.withdraw", icon=":material/block:",
                     disabled=status[chosen] is None):
            examples.withdraw(coach, q.id)
            st.rerun()

with t_people:
    try:
        everyone = people().everyone()
    except PoloReviewError as exc:
        error_line(exc)
        everyone = []
    st.dataframe(pd.DataFrame([{_("Name"): p.name, _("Roles"): roles_text(p)}
                               for p in everyone]), hide_index=True, width="stretch", key="coach.people")
    left, right = st.columns(2, gap="large")
    with left, st.form("coach.reset_form"):
        st.markdown("**" + _("Set a trainee's passphrase") + "**")
        st.caption(_("For a forgotten passphrase, or a trainee whose scores predate passphrases."))
        name = st.text_input(_("Trainee's name"), key="coach.reset_name", max_chars=200)
        secret = st.text_input(_("New passphrase (at least 8 characters)"), type="password", key="coach.reset_pass",
                               max_chars=1024)
        if st.form_submit_button(_("Set the passphrase"), key="coach.reset"):
            try:
                who = people().set_passphrase(name, secret, coach)
            except PoloReviewError as exc:
                error_line(exc)
            else:
                st.success(md(_("New passphrase set for {name}.", name=who.name)))
    with right, st.form("coach.add_form"):
        st.markdown("**" + _("Add a coach") + "**")
        name = st.text_input(_("Coach's name"), key="coach.add_name", max_chars=200)
        secret = st.text_input(_("Passphrase (at least 8 characters)"), type="password", key="coach.add_pass",
                               max_chars=1024)
        if st.form_submit_button(_("Add the coach"), key="coach.add"):
            try:
                who = people().enrol(name, secret, role="coach", by=coach)
            except PoloReviewError as exc:
                error_line(exc)
            else:
                st.success(md(_("{name} is a coach.", name=who.name)))
