"""Review: pick a match and its footage, step to each stoppage, tag it, see the verdict."""

import streamlit as st

from review_app.checker import check_document
from review_app.evidence import store_root
from review_app.ui.context import _
from review_app.ui.review_frame import filmstrip, frame_area, go_to, shortcuts_help
from review_app.ui.review_pick import (
    choose_footage,
    choose_match,
    new_match_form,
    open_viewer,
)
from review_app.ui.review_saves import conflict_panel, undo_bar, verdict_banner
from review_app.ui.review_tags import findings_banner, open_form, tag_form, tag_list

st.title(_("Review a match"))

pick_match, pick_footage = st.columns(2)
with pick_match:
    doc = choose_match()
if doc is None:
    st.stop()
with pick_footage:
    footage = choose_footage(doc)
viewer = open_viewer(footage) if footage else None

# A tag asked for from the frame area (button or T) or a link from the Report page.
goto = st.session_state.pop("review.goto", None)
if viewer is not None and goto and goto[0] == str(doc.path):
    go_to(goto[1])
    st.session_state.pop("review.tag_pick", None)  # show the tag at that frame
request = st.session_state.pop("review.form_request", None)
if request is not None:
    open_form(doc, *request)

checked, findings = check_document(doc, store_root())
results = {r.event: r.to_dict() for r in checked}
marks = [{"id": e, "frame": r["frame"], "time_s": r["time_s"], "clause": r["clause"], "verdict": r["verdict"]}
         for e, r in results.items()]
position = st.session_state.get("review.pos", 0) if viewer else 0
position_time = viewer.time_of(position) if viewer else 0.0

if viewer is not None:
    left, right = st.columns([7, 5], gap="medium")
    with left:
        frame_area(marks)
        filmstrip(viewer)
        shortcuts_help()
else:  # no frames to show: the tags take the page's width
    right = st.container()
with right:
    if not conflict_panel(doc):
        verdict_banner(doc, results)
        findings_banner(doc, findings)
        undo_bar(doc)
        tag_form(doc, position, position_time)
        if viewer is None and st.button(_("Tag here"), key="review.tag_nofootage"):
            open_form(doc, 0, 0.0)
            st.rerun()
        tag_list(doc, results, go_to if viewer is not None else None, position)
    new_match_form()
