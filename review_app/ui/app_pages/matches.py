"""Matches: set up a match before its review and keep it up to date — its details (venue, date, start
and end in the venue's time zone, periods, goal level, Referee and umpires, announcements), its teams
and players with their strings of mounts (typed, or imported from a roster CSV), the footage attached
to it, renaming and archiving. Every change is a new revision of the match document."""

from pathlib import Path

import streamlit as st

from review_app.textsafe import md
from review_app.ui.context import _, fixed, listing
from review_app.ui.match_setup import (
    HELD,
    archive_tab,
    changed_on_disk,
    details_tab,
    footage_tab,
    held,
    new_match_panel,
    teams_tab,
)

st.title(_("Matches"))
st.caption(_("Set up each match for its review: details, teams and players with their strings of mounts, and the "
             "footage. Every change is saved as a new revision of the match document, merged with anyone else's "
             "as tags are."))

show_archived = st.toggle(_("Show archived matches"), key="matches.show_archived")
own = [x for x in listing(archived=show_archived) if not x.demo and not x.error]
options = ["new", *[str(x.path) for x in own]]
by_path = {str(x.path): x for x in own}
pending = st.session_state.pop("matches.pick_next", None)
if pending in options:
    st.session_state["matches.pick"] = pending
if st.session_state.get("matches.pick") not in options:
    st.session_state["matches.pick"] = options[1] if len(options) > 1 else "new"


def label(option: str) -> str:
    if option == "new":
        return _("+ New match")
    x = by_path[option]
    return _("{match} (archived)", match=x.label()) if x.archived else x.label()


choice = st.selectbox(_("Match"), options, format_func=fixed(options, label), key="matches.pick")
st.caption(_("The demo matches are read-only; tagging on one on the Review page makes your own copy, which then "
             "appears here."))
if choice == "new":
    new_match_panel()
    st.stop()

doc = held(Path(choice))
if changed_on_disk(doc):
    c1, c2 = st.columns([4, 1], vertical_alignment="center")
    c1.warning(_("Someone else saved this match since you opened it. A save of yours is merged with theirs; "
                 "reload to see their changes first."))
    if c2.button(_("Reload"), key="matches.reload", icon=":material/refresh:"):
        st.session_state.pop(HELD, None)
        st.rerun()
st.caption(md(_("Revision {rev} · {path}", rev=doc.revision, path=doc.path)))
details, teams, footage, archive = st.tabs([_("Details"), _("Teams and players"), _("Footage"), _("Archive")])
with details:
    details_tab(doc)
with teams:
    teams_tab(doc)
with footage:
    footage_tab(doc)
with archive:
    archive_tab(doc)
