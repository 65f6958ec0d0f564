"""Panel review: a coach opens a tagged incident to a panel of reviewers; each member records the
situation, the facts and the call they would make, blind to the others until they submit; the
panel's majority per field (unanimous or split) and its verdict stand beside the original reviewer's."""

from datetime import UTC, datetime

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.model import load_document
from review_app.model.event import Event, read_events, read_events_in_order
from review_app.panels.panel import (
    as_entry,
    close_panel,
    open_panel,
    outcome,
    panel_of,
    panels,
    submit,
    verdicts,
    visible_entries,
    waiting_for,
)
from review_app.rules import provision
from review_app.textsafe import md
from review_app.ui.context import (
    _,
    error_line,
    fixed,
    folders,
    listing,
    rendered,
    reviewer,
    signed_in_reviewer,
    store,
)
from review_app.ui.panel_form import entries_table, entry_form, outcome_table, side_by_side, situation_label

st.title(_("Panel review"))
st.caption(_("A coach opens an incident to a panel; each member records the facts and the call they would make, "
             "without seeing the others' until they submit. The panel's majority stands beside the original "
             "reviewer's verdict."))

name = reviewer()
if not name:
    st.info(_("Sign in (in the sidebar): panel entries are recorded under the person signed in."))
    st.stop()

listed = [x for x in listing() if not x.error]
if not listed:
    st.info(md(_("No match documents in {folder}.", folder=folders().annotations)))
    st.stop()
paths = [str(x.path) for x in listed]
labels = {str(x.path): x.label() for x in listed}
if st.session_state.get("panel.match") not in paths:
    # open on a match where a panel waits for this reviewer, else one with a panel, else the first
    def waiting_here(p: str) -> tuple[int, int]:
        try:
            found = panels(load_document(p)).values()
        except PoloReviewError:
            return (2, 0)
        mine = any(name in x["members"] and name in waiting_for(x) and not x.get("closed_at") for x in found)
        return (0 if mine else 1 if found else 2, paths.index(p))

    st.session_state["panel.match"] = min(paths, key=waiting_here)
path = st.selectbox(_("Match"), paths, format_func=labels.get, key="panel.match")
try:
    doc = load_document(path)
except PoloReviewError as exc:
    error_line(exc)
    st.stop()
if not doc.events:
    st.info(_("This match has no tags yet: tag an incident on the Review page first."))
    st.stop()


def tag_label(event: Event) -> str:
    m, s = divmod(int(event.position.time_s), 60)
    panel = panel_of(doc, event.id)
    state = ""
    if panel is not None:
        done = len(panel["members"]) - len(waiting_for(panel))
        state = " · " + (_("panel closed") if panel.get("closed_at") else
                         _("panel: {done} of {n} submitted", done=done, n=len(panel["members"])))
    if panel is not None and name in waiting_for(panel) and not panel.get("closed_at"):
        return f"{event.id} · {m}:{s:02d}{state}"  # blind: not even the original reviewer's situation
    return f"{event.id} · {m}:{s:02d} · {situation_label(event.situation)}{state}"


events = read_events_in_order(doc)
ids = [e.id for e in events]
by_id = {e.id: e for e in events}
with_panel = sorted((i for i in ids if panel_of(doc, i) is not None),
                    key=lambda i: name not in waiting_for(panel_of(doc, i)))  # waiting for me first
if st.session_state.get("panel.tag") not in ids:
    st.session_state["panel.tag"] = (with_panel or ids)[0]
event_id = st.selectbox(_("Tagged incident"), ids, key="panel.tag",
                        format_func=fixed(ids, lambda i: tag_label(by_id[i])))
event = by_id[event_id]
panel = panel_of(doc, event_id)
teams = doc.team_names()
if event.window is not None:
    st.markdown(md(_("Incident at {time:.2f} s (frame {frame}); the tag's window runs {start:.2f}–{end:.2f} s.",
                     time=event.position.time_s, frame=event.position.frame, start=event.window.start.time_s,
                     end=event.window.end.time_s)))
else:
    st.markdown(md(_("Incident at {time:.2f} s (frame {frame}).", time=event.position.time_s,
                     frame=event.position.frame)))
if st.button(_("Open its frame on the Review page"), key="panel.goto", icon=":material/open_in_new:"):
    st.switch_page("app_pages/review.py", query_params={"match": doc.match_id, "frame": str(event.position.frame),
                                                         "event": event_id})


def save(changed) -> None:
    if not signed_in_reviewer():  # every panel entry is someone's: checked where it is written
        st.stop()
    try:
        store().matches.save(changed)
    except PoloReviewError as exc:
        error_line(exc)
        st.stop()
    st.rerun()


now = datetime.now(UTC)
# -- no panel yet: the coach opens one ------------------------------------------------------------------
if panel is None:
    st.subheader(_("Open this incident to a panel"))
    known = sorted({e.reviewer for e in read_events(doc) if e.reviewer} - {name})
    members = st.multiselect(_("Members"), known, key="panel.members", accept_new_options=True,
                             placeholder=_("Choose reviewers or type a name"))
    st.caption(md(_("You ({name}) open the panel and see the entries once every member has submitted or when you "
                    "close it.", name=name)))
    if st.button(_("Open to the panel"), key="panel.open", type="primary", disabled=not members,
                 icon=":material/groups:"):
        try:
            save(open_panel(doc, event_id, by=name, members=members, now=now))
        except PoloReviewError as exc:
            error_line(exc)
    st.stop()

# -- the panel -------------------------------------------------------------------------------------------------
waiting = waiting_for(panel)
closed = bool(panel.get("closed_at"))
st.subheader(_("The panel"))
st.markdown(md(_("Opened by {who}. Members: {members}.", who=panel["opened_by"], members=", ".join(panel["members"]))))
if closed:
    st.info(md(_("Closed by {who}.", who=panel.get("closed_by") or panel["opened_by"])), icon=":material/lock:")
elif waiting:
    st.markdown(md(_("Waiting for: {names}.", names=", ".join(waiting))))
else:
    st.success(_("Every member has submitted."), icon=":material/done_all:")

entries = panel.get("entries") or {}
if name in panel["members"] and name not in entries and not closed:
    st.subheader(_("Your entry"))
    entry = entry_form(doc, event_id)
    if entry is not None:
        try:
            save(submit(doc, event_id, name, now=now, **entry))
        except PoloReviewError as exc:
            error_line(exc)

shown = visible_entries(panel, name)
if shown:
    st.subheader(_("Entries"))
    entries_table(shown, teams)
    st.subheader(_("The panel's outcome"))
    outcome_table(outcome(panel), teams)
    st.subheader(_("Verdicts side by side"))
    side_by_side(verdicts(doc, event_id), teams)
    with st.expander(_("The original tag")):
        st.markdown(md(_("{clause} {title}, tagged by {who}.", clause=event.situation,
                         title=rendered(provision(event.situation).title), who=event.reviewer or "—")))
        entries_table({event.reviewer or _("Original reviewer"): as_entry(event)}, teams, key="panel.original")
elif name in entries:
    st.info(_("Your entry is in."))
elif name == panel["opened_by"]:
    st.caption(_("The entries are shown once every member has submitted, or when you close the panel."))
elif name not in panel["members"]:
    st.caption(_("You are not on this panel; its entries are shown when it is complete or closed."))

if name == panel["opened_by"] and not closed:
    if st.button(_("Close the panel"), key="panel.close", icon=":material/lock:"):
        save(close_panel(doc, event_id, by=name, now=now))
