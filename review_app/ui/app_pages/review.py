"""Review: pick a match and its footage, step to each stoppage, tag it, see the verdict."""

from pathlib import Path

import streamlit as st

from review_app.ui.context import _, reviewer
from review_app.ui.review import coding as review_coding
from review_app.ui.review.drawings import apply_request, drawings_panel, layer_data
from review_app.ui.review.frame import filmstrip, frame_area, go_to, shortcuts_help
from review_app.ui.review.periods import apply_request as apply_period_start
from review_app.ui.review.periods import period_starts_editor
from review_app.ui.review.pick import (
    choose_footage,
    choose_match,
    new_match_form,
    open_viewer,
)
from review_app.ui.review.saves import conflict_panel, undo_bar, verdict_banner
from review_app.ui.review.sounds import apply_dismiss_request, not_dismissed, not_reviewed_list, sounds
from review_app.ui.review.tags import findings_banner, open_form, settle_pick, tag_form, tag_list

if reviewer():  # named: the sidebar's work is done, the frame gets the width
    st.set_page_config(initial_sidebar_state="collapsed")
st.html(Path(__file__).resolve().parents[1] / "review" / "layout.css")
st.title(_("Review a match"))

pick_match, pick_footage = st.columns(2)
with pick_match:
    doc = choose_match()
if doc is None:
    st.stop()
with pick_footage:
    footage = choose_footage(doc)
viewer = open_viewer(footage) if footage else None

ready = viewer is not None and viewer.ready and viewer.error is None
# Whistles and horns: listened to once per file, then cached. The progress bar's slot is on the page
# in every run, so the elements after it keep their places (the frame view is not remounted).
with st.empty():
    found = sounds(viewer) if ready else []
# A link from the Report page: applied once the recording's index is built.
goto = st.session_state.get("review.goto")
if goto and (ready or viewer is None):
    st.session_state.pop("review.goto")
    if ready and goto[0] == str(doc.path):
        go_to(goto[1])
        st.session_state.pop("review.tag_pick", None)  # show the tag at that frame
doc = apply_period_start(doc, viewer)  # Shift+N: a period starts on the frame painted, saved with the match
doc = apply_dismiss_request(doc, viewer, found)  # Shift+D: the whistle heard there dismissed, saved with the match
heard = not_dismissed(found, doc)  # what the page shows and binds tags to: the whistles less those dismissed
# A tag asked for from the frame area (Tag here, T).
request = st.session_state.pop("review.form_request", None)
if request is not None:
    open_form(doc, *request)  # a new tag's whistle moment pre-filled from the whistle heard after it
apply_request(doc)  # a shape drawn on the frame, saved on its tag
# Codes made and window edges dragged in the frame view: saved before the page is drawn (the frame
# area saves those it hears while playing by itself).
doc = review_coding.apply_edits(doc, viewer)
st.session_state.pop(review_coding.BEHIND, None)

results, findings = review_coding.check(doc)
position = st.session_state.get("review.pos", 0) if ready else 0
position_time = viewer.time_of(position) if ready else 0.0

settle_pick(doc, position)  # the tag drawn on is the tag the list shows picked, settled before either is drawn
if viewer is not None:
    # the frame as wide as the page allows beside the tag form and list, which keep it in view
    left, side = st.columns([5, 2], gap="small")
    with left:
        frame_area(review_coding.codes(review_coding.current_window(), doc), layer_data(doc), heard)
        filmstrip(viewer)
        shortcuts_help()
        review_coding.code_window_editor()
        period_starts_editor(doc, viewer)
    # a side panel that stays on screen and scrolls on its own (review/layout.css), beside the frame
    right = side.container(key="review-side")
else:  # no frames to show: the tags take the page's width
    right = st.container()
with right:
    if not conflict_panel(doc):
        verdict_banner(doc, results)
        findings_banner(doc, findings)
        undo_bar(doc)
        tag_form(doc, position, position_time)
        review_coding.to_complete_list(doc, open_form, go_to if ready else None)
        if viewer is None and st.button(_("Tag here"), key="review.tag_nofootage"):
            open_form(doc, 0, 0.0)
            st.rerun()
        if ready:
            not_reviewed_list(doc, heard, go_to)
        tag_list(doc, results, go_to if ready else None, position)
        drawings_panel(doc, go_to if ready else None)
    new_match_form()
