"""The app's entry point: shared settings in the sidebar (language, reviewer), then the pages.

Run with `polo-review app`, which passes the footage and annotations folders in environment
variables; `streamlit run review_app/ui/server.py` works too, with review_app importable (installed, or
PYTHONPATH naming the checkout), and opens on the bundled samples (server.py serves this script with the
frame addresses the frame view loads pictures from).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.store import is_database, shown
from review_app.textsafe import md
from review_app.ui import context
from review_app.ui.context import _
from review_app.ui.people_parts import sidebar_sign_in

HERE = Path(__file__).resolve().parent

st.set_page_config(page_title="Polo review", page_icon="🏇", layout="wide")

context.new_run()
context.language_switch()
sidebar_sign_in()

PAGES = HERE / "app_pages"
# The Review page is the app's own address (/); Streamlit serves a default page there alone, and /review,
# the address a coach types, was "Page not found". A hidden page at /review takes them to it, with the link's
# query (match, frame, event, lang) kept.
review = st.Page(PAGES / "review.py", title=_("Review"), icon=":material/movie:", url_path="", default=True)


def to_review() -> None:
    st.switch_page(review, query_params={key: st.query_params.get_all(key) for key in st.query_params})


pages = [
    review,
    st.Page(PAGES / "live.py", title=_("Live"), icon=":material/live_tv:", url_path="live"),
    st.Page(PAGES / "matches.py", title=_("Matches"), icon=":material/event:", url_path="matches"),
    st.Page(PAGES / "report.py", title=_("Report"), icon=":material/analytics:", url_path="report"),
    st.Page(PAGES / "evidence.py", title=_("Evidence"), icon=":material/gavel:", url_path="evidence"),
    st.Page(PAGES / "rules.py", title=_("Rules"), icon=":material/menu_book:", url_path="rules"),
    st.Page(PAGES / "training.py", title=_("Training"), icon=":material/school:", url_path="training"),
    st.Page(PAGES / "coach.py", title=_("Coach"), icon=":material/supervisor_account:", url_path="coach"),
    st.Page(PAGES / "panel.py", title=_("Panel"), icon=":material/groups:", url_path="panel"),
    st.Page(PAGES / "agreement.py", title=_("Agreement"), icon=":material/compare_arrows:", url_path="agreement"),
    st.Page(PAGES / "assessment.py", title=_("Assessment"), icon=":material/assignment_ind:", url_path="assessment"),
    st.Page(to_review, title=_("Review"), url_path="review", visibility="hidden"),
]


folders = context.folders()
location = context.configured()
if location and is_database(location):  # a database has no workspace folder: say where things are instead
    st.sidebar.caption(md(_("Store: {store} · Files: {files}", store=shown(location),
                            files=folders.annotations.parent)))
elif folders.demo is not None and folders.workspace is not None:
    st.sidebar.caption(md(_("Workspace (everything the app saves): {workspace}", workspace=folders.workspace)))
else:
    st.sidebar.caption(md(_("Matches: {annotations} · Footage: {footage}", footage=folders.footage,
                            annotations=folders.annotations)))

context.show_flash()
try:
    st.navigation(pages).run()
except PoloReviewError as exc:  # a refusal no part of the page caught (a database away): one line, never a traceback
    context.error_line(exc)
