"""Review page, the frame side: the frame view (stepping, playing, looping and zooming in the
browser, with its code keys and its timeline of the tags), Tag here, jumps to a time or frame, and
the filmstrip.

The frame area is a fragment: a position the view reports or a jump reruns only it (a code or a
dragged window edge reruns the page, which saves it). While a new recording is indexed, the view
shows its first frame and the page says what comes when the index is built."""

from __future__ import annotations

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.footage.viewer import FrameViewer, format_time, parse_time
from review_app.model.edits import moments_for
from review_app.model.event import read_events
from review_app.reports import timeline
from review_app.textsafe import data_url, md
from review_app.ui import frame_view
from review_app.ui.context import N_, _, error_line, lang, progress_bar
from review_app.ui.review import angle as review_angle
from review_app.ui.review import coding as review_coding
from review_app.ui.review import drawings as review_drawings
from review_app.ui.review import periods as review_periods
from review_app.ui.review import sounds as review_sounds
from review_app.ui.review.pick import VIEW

STRIP_COUNT = 10


def _viewer() -> FrameViewer | None:
    return st.session_state.get("review.viewer")


def go_to(frame: int) -> None:
    """Move to `frame`: the page's position and the frame view (which takes the keyboard focus)."""
    viewer = _viewer()
    if viewer is not None and viewer.ready and viewer.error is None:
        st.session_state["review.pos"] = viewer.clamp(frame)
        frame_view.seek(VIEW, st.session_state["review.pos"])
        st.session_state["review.jump_error"] = None  # a move answers an old complaint


def _settled(frame: int) -> None:
    """The view stopped on `frame` (a pause, a run of steps): the page's position, no seek back."""
    st.session_state["review.pos"] = frame
    st.session_state["review.jump_error"] = None
    if review_coding.page_behind():  # codes saved while it played: the tag list and To complete catch up
        st.session_state["review.form_request_moment"] = True


def _tag_at(frame: int) -> None:
    viewer = _viewer()
    st.session_state["review.pos"] = frame
    st.session_state["review.form_request"] = (frame, viewer.time_of(frame))


def _action(name: str, frame: int) -> None:
    if name == "tag":
        _tag_at(frame)
    elif name == review_periods.ACTION:  # Shift+N: the next period starts on the frame painted
        review_periods.start_here(frame)
    elif name == review_sounds.DISMISS_ACTION:  # Shift+D: the whistle heard there is no whistle
        review_sounds.dismiss_here(frame)
    elif name.startswith("angle."):  # [ or ]: the second angle's offset, one of its frames
        review_angle.nudge(name, frame)
    elif name.startswith("moment."):  # a tag's moment, at the frame painted when its key was pressed
        form = st.session_state.get("review.form")
        if form is not None:
            viewer = _viewer()
            st.session_state["review.pos"] = frame
            form.set_moment(name.removeprefix("moment."), frame, viewer.time_of(frame))
            st.session_state["review.form_request_moment"] = True


def _actions(angle: review_angle.Shown | None = None) -> tuple:
    """Tag here, a period's start, a whistle heard dismissed as none, while a tag is open its moments, and with a
    second angle its nudges: each key carries the frame on screen. Shift+D is offered with or without whistles heard
    (the page says where none is): the view would otherwise take it for a code key on D."""
    out = [frame_view.Action("tag", "T", _("Tag here"), _("Tag the frame on screen")), review_periods.action(),
           review_sounds.dismiss_action(), *review_angle.actions(angle)]
    form = st.session_state.get("review.form")
    if form:
        # The tag's clause's moments: the whistle, restart and neutral play, and the events its restart waits for.
        offered = moments_for(st.session_state.get("review.form.situation"), form.moments)
        out += [frame_view.Action(f"moment.{moment}", key, _(label),
                                  _("Set the {what} to the frame on screen ({shortcut})", what=_(label).lower(),
                                    shortcut=key))
                for moment, label, key in offered if key]
    return tuple(out)


def _jump_time() -> None:
    """Go to the time typed (Enter in the field, or its Go button)."""
    viewer = _viewer()
    text = st.session_state.get("review.jump_time_value", "")
    if viewer is None or not (text or "").strip():
        return
    try:
        seconds = parse_time(text)
    except PoloReviewError:
        st.session_state["review.jump_error"] = _("“{text}” is not a time: write seconds (41.2) or minutes:seconds "
                                                  "(0:41.2).", text=text.strip())
        return
    go_to(viewer.index_at(seconds))


def _jump_frame() -> None:
    """Go to the frame typed (Enter in the field, or its Go button). A text field, not a number
    field: its −/+ would jump from the number last typed, not from the frame shown."""
    viewer = _viewer()
    text = (st.session_state.get("review.jump_frame_value") or "").strip()
    if viewer is None or not text:
        return
    if not text.isascii() or not text.isdigit():
        st.session_state["review.jump_error"] = _("“{text}” is not a frame number: write a whole number from 0 to "
                                                  "{last}.", text=text, last=viewer.frame_count - 1)
        return
    go_to(int(text))  # past the end: the last frame


@st.fragment
def frame_area(codes: tuple[frame_view.Code, ...] = (), drawing: dict | None = None,
               heard: list | None = None) -> None:
    """The frame view with the reviewer's code keys and the timeline of the match's tags; `drawing`: the
    drawing layer's data (review_drawings.layer_data); `heard`: the whistles and horns detected in the
    footage (review_app.sound.Sound), on the timeline and under the previous / next whistle keys."""
    heard = heard or []
    viewer = _viewer()
    if viewer is None:
        return
    if viewer.error is not None:
        error_line(viewer.error)
        return
    # codes and drags from the view, saved here (a rerun of this fragment alone while the view plays)
    before, conflict = st.session_state.get("review.doc"), st.session_state.get("review.conflict")
    doc = review_coding.apply_edits(before, viewer)
    new_conflict = st.session_state.get("review.conflict") is not conflict
    if new_conflict or (doc is not before and not review_coding.page_behind()):
        st.rerun(scope="app")  # a new conflict to show, or a save made while paused: the whole page at once
    tags = None
    if doc is not None:
        tags = timeline.data(read_events(doc), review_coding.checked(doc), lang(), doc.revision,
                             sounds=review_sounds.timeline_marks(heard))
        review_coding.drawn(doc)
    ready = viewer.ready
    pos = viewer.clamp(st.session_state.get("review.pos", 0)) if ready else 0
    st.session_state["review.pos"] = pos
    angle = review_angle.shown(doc) if ready else None
    frame_view.frame_view(viewer, key=VIEW, position=pos, png=bool(st.session_state.get("review.png")),
                          actions=_actions(angle), on_position=_settled, on_action=_action, drawing=drawing,
                          on_drawing=review_drawings.received, codes=codes, timeline=tags,
                          edits_ack=review_coding.edits_ack(), on_edits=review_coding.on_edits,
                          whistles=review_sounds.whistle_frames(heard), angle=review_angle.component_data(angle))
    if review_drawings.pending():
        st.rerun(scope="app")  # a shape drawn: the page saves it on its tag
    if st.session_state.get("review.form_request") is not None \
            or st.session_state.pop("review.form_request_moment", None):
        st.rerun(scope="app")  # the tag form is outside this fragment
    if not ready:
        frame_view.opening(viewer)
        return

    c1, c2, c3, c4, c5, c6 = st.columns([2, 3, 1, 3, 1, 3], vertical_alignment="bottom")  # "Lossless PNG" whole
    if c1.button(_("Tag here"), key="review.tag", type="primary", width="stretch", icon=":material/sell:",
                 help=_("Tag the frame on screen (T)")):
        _tag_at(pos)
        st.rerun(scope="app")
    c2.text_input(_("Go to time (s or m:ss)"), key="review.jump_time_value", placeholder="0:41.2", on_change=_jump_time,
                  max_chars=40)
    c3.button(_("Go"), key="review.jump_time_go", on_click=_jump_time, width="stretch")
    c4.text_input(_("Go to frame"), key="review.jump_frame_value", placeholder=f"0–{viewer.frame_count - 1}",
                  on_change=_jump_frame, max_chars=12)
    c5.button(_("Go"), key="review.jump_frame_go", on_click=_jump_frame, width="stretch")
    with c6:
        st.toggle(_("Lossless PNG"), key="review.png", help=_("Frames as lossless PNG: slower, for close inspection"))
    if st.session_state.get("review.jump_error"):
        st.warning(md(st.session_state["review.jump_error"]), icon=":material/warning:")
    review_coding.problem_line()
    review_angle.controls(doc, angle)


def filmstrip(viewer: FrameViewer) -> None:
    """Thumbnails spread over the match; each button jumps to its frame."""
    if not viewer.ready or viewer.error is not None:
        return
    if ("strip", viewer.path) != st.session_state.get("review._strip_for"):
        update, done = progress_bar(_("Filmstrip"))
        try:
            viewer.filmstrip(STRIP_COUNT, 72, progress=update)
        except PoloReviewError as exc:
            error_line(exc)
            return
        finally:
            done()
        st.session_state["review._strip_for"] = ("strip", viewer.path)
    thumbs = viewer.filmstrip(STRIP_COUNT, 72)
    cols = st.columns(len(thumbs)) if thumbs else []
    for n, (col, thumb) in enumerate(zip(cols, thumbs, strict=False)):
        col.image(data_url(thumb.jpeg, "image/jpeg"), width="stretch")
        col.button(format_time(thumb.time_s, 0), key=f"review.strip.{n}", on_click=go_to, args=(thumb.index,),
                   width="stretch")


# (keys, what they do) in the frame view; the words are translated where shown
SHORTCUTS = (
    ("← / →", N_("one frame back / forward (pauses first)")),
    ("Shift+← / Shift+→", N_("one second back / forward")),
    ("J / K / L", N_("play backwards / pause / play forwards; J or L again: faster")),
    (N_("Space"), N_("play / pause")),
    ("↑ / ↓", N_("faster / slower (0.1×, 0.25×, 0.5×, 1×, 2×)")),
    ("I / O", N_("loop from / up to the frame on screen")),
    ("P / C", N_("loop three seconds either side of the frame / stop looping")),
    (N_("Home / End"), N_("first / last frame")),
    ("T", N_("tag the frame on screen")),
    ("Shift+N", N_("the next period starts at the frame on screen (saved with the match; every tag's period and "
                   "clock follow from it)")),
    ("W / E / N", N_("with a tag open: its whistle / restart / neutral play at the frame on screen")),
    ("A / M / X / S", N_("with a tag open, where its clause's restart waits for it: the player back on another mount "
                         "/ the mount off the field / the player off the field / the player able to resume or a "
                         "substitute on")),
    (", / .", N_("previous / next whistle heard")),
    ("Shift+D", N_("at a whistle heard (, or .): not a whistle, dismissed (saved with the match; restored from the "
                   "list of whistles not yet reviewed)")),
    ("[ / ]", N_("with a second angle: it one of its frames earlier / later (saved with the match)")),
    (N_("1–9, letters"), N_("your code keys: tag the frame on screen while playing (playback goes on)")),
    ("F", N_("full screen (the frame number and the keys stay)")),
    (N_("wheel or pinch / drag / 0"), N_("zoom / pan / whole picture")),
)


def shortcuts_help() -> None:
    with st.expander(_("Keyboard shortcuts"), icon=":material/keyboard:"):
        key, action = _("Key"), _("Action")
        rows = "".join(f"| {_(keys)} | {_(what)} |\n" for keys, what in SHORTCUTS)
        st.markdown(f"| {key} | {action} |\n|---|---|\n{rows}\n" +
                    _("Shortcuts work when the cursor is not in a text field; after a jump the frame view has them "
                      "again."))
