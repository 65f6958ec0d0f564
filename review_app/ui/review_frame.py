"""Review page, left: the exact frame at the current position, stepping and jumping, the
filmstrip and the timeline with the tags, and a short clip around the position.

The frame area is a fragment: a step reruns only it, and the decoder kept in the session
decodes just the frames in between."""

from __future__ import annotations

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.footage.viewer import FrameViewer, format_time, parse_time
from review_app.reports import timeline
from review_app.textsafe import data_url, md
from review_app.ui import step_keys
from review_app.ui.context import N_, _, error_line, folders, lang, progress_bar

CLIP_BEFORE_S = 3.0
CLIP_AFTER_S = 3.0
STRIP_COUNT = 10

# (key, label, what it does, frames, seconds, keyboard shortcut); the words are translated where shown
STEPS = (
    ("review.back5s", N_("−5 s"), N_("five seconds back"), 0, -5.0, "J"),
    ("review.back1s", N_("−1 s"), N_("one second back"), 0, -1.0, "Shift+Left"),
    ("review.back1f", N_("−1 f"), N_("one frame back"), -1, 0.0, "Left"),
    ("review.fwd1f", N_("+1 f"), N_("one frame forward"), 1, 0.0, "Right"),
    ("review.fwd1s", N_("+1 s"), N_("one second forward"), 0, 1.0, "Shift+Right"),
    ("review.fwd5s", N_("+5 s"), N_("five seconds forward"), 0, 5.0, "L"),
)


def _viewer() -> FrameViewer | None:
    return st.session_state.get("review.viewer")


def go_to(frame: int) -> None:
    viewer = _viewer()
    if viewer is not None:
        st.session_state["review.pos"] = viewer.clamp(frame)
        st.session_state["review.jump_error"] = None  # a move answers an old complaint


def _step(frames: int, seconds: float) -> None:
    viewer = _viewer()
    if viewer is not None:
        go_to(viewer.step(st.session_state.get("review.pos", 0), frames=frames, seconds=seconds))


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


def timeline_key() -> str:
    """The chart's key changes after each click it answers: a chart keeps its selection, so
    clicking the same spot again (after stepping away) would otherwise do nothing."""
    return f"review.timeline.{st.session_state.get('review.timeline_n', 0)}"


def _timeline_clicked() -> None:
    frame = timeline.clicked_frame(st.session_state.get(timeline_key()))
    if frame is not None:
        go_to(frame)
        st.session_state["review.timeline_n"] = st.session_state.get("review.timeline_n", 0) + 1


@st.fragment
def frame_area(marks: list[dict]) -> None:
    """`marks`: the tags to show on the timeline (id, frame, time_s, clause, verdict)."""
    viewer = _viewer()
    if viewer is None:
        return
    pos = viewer.clamp(st.session_state.get("review.pos", 0))
    moves = step_keys.take()  # key presses since the last run, every one of them
    for frames, seconds in moves:
        pos = viewer.step(pos, frames=frames, seconds=seconds)
    if moves:
        go_to(pos)
    st.session_state["review.pos"] = pos
    t = viewer.time_of(pos)
    png = bool(st.session_state.get("review.png"))
    st.markdown(_("**Frame {frame}** of {last} · **{time}** ({seconds} s)", frame=pos, last=viewer.frame_count - 1,
                  time=format_time(t, 3), seconds=format(t, ".3f")))
    image = viewer.image(pos, "png" if png else "jpeg")
    st.image(data_url(image, "image/png" if png else "image/jpeg"), width="stretch")

    # back on one row, forward on the next: each button keeps room for its shortcut's hint
    for row in (STEPS[:3], STEPS[3:]):
        for col, (key, label, what, frames, seconds, shortcut) in zip(st.columns(3), row, strict=True):
            col.button(_(label), key=key, on_click=_step, args=(frames, seconds), shortcut=shortcut,
                       width="stretch", help=_("Step {what} ({shortcut})", what=_(what), shortcut=shortcut))
    c1, c2, c3 = st.columns(3, vertical_alignment="center")
    if c1.button(_("Tag here"), key="review.tag", type="primary", shortcut="T", width="stretch",
                 icon=":material/sell:"):
        st.session_state["review.form_request"] = (pos, t)
        st.rerun(scope="app")
    play = c2.button(_("Play ±3 s"), key="review.play", shortcut="P", icon=":material/play_arrow:",
                     width="stretch")
    with c3:
        st.toggle(_("Lossless PNG"), key="review.png")

    c1, c2, c3, c4 = st.columns([3, 1, 3, 1], vertical_alignment="bottom")
    c1.text_input(_("Go to time (s or m:ss)"), key="review.jump_time_value", placeholder="0:41.2", on_change=_jump_time,
                  max_chars=40)
    c2.button(_("Go"), key="review.jump_time_go", on_click=_jump_time, width="stretch")
    c3.text_input(_("Go to frame"), key="review.jump_frame_value", placeholder=f"0–{viewer.frame_count - 1}",
                  on_change=_jump_frame, max_chars=12)
    c4.button(_("Go"), key="review.jump_frame_go", on_click=_jump_frame, width="stretch")
    if st.session_state.get("review.jump_error"):
        st.warning(md(st.session_state["review.jump_error"]), icon=":material/warning:")

    st.caption(_("Timeline: click to jump; ticks are tags coloured by verdict"))
    st.vega_lite_chart(spec=timeline.spec(viewer.info.duration_s, viewer.frame_count, marks, t, lang(),
                                     _("Time")),
                       key=timeline_key(), on_select=_timeline_clicked, selection_mode=["seek", "tag"],
                       height=timeline.HEIGHT,
                       width="stretch")
    _clip_area(viewer, pos, play)
    step_keys.listen((shortcut, frames, seconds) for _key, _label, _what, frames, seconds, shortcut in STEPS)


def _clip_area(viewer: FrameViewer, pos: int, play: bool) -> None:
    if play:
        update, done = progress_bar(_("Play ±3 s"))
        try:
            path = viewer.clip_around(pos, folders().clips, before_s=CLIP_BEFORE_S, after_s=CLIP_AFTER_S,
                                      progress=update)
            st.session_state["review.clip"] = (str(path), pos)
        except PoloReviewError as exc:
            error_line(exc)
        finally:
            done()
    clip = st.session_state.get("review.clip")
    if clip:
        path, at = clip
        if st.button(_("Close clip"), key="review.close_clip", icon=":material/close:"):
            st.session_state.pop("review.clip", None)
            st.rerun(scope="fragment")
        st.video(path, autoplay=True, muted=True)
        first = viewer.index_at(max(0.0, viewer.time_of(at) - CLIP_BEFORE_S))
        last = viewer.index_at(min(viewer.info.duration_s, viewer.time_of(at) + CLIP_AFTER_S))
        st.caption(_("Frames {first}–{last} (time and frame burnt in)", first=first, last=last))


def filmstrip(viewer: FrameViewer) -> None:
    """Thumbnails spread over the match; each button jumps to its frame."""
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


def shortcuts_help() -> None:
    with st.expander(_("Keyboard shortcuts"), icon=":material/keyboard:"):
        st.markdown(_("| Key | Action |\n|---|---|\n| ← / → | one frame back / forward |\n"
                      "| Shift+← / Shift+→ | one second back / forward |\n| J / L | five seconds back / forward |\n"
                      "| T | tag the current frame |\n| P | play ±3 s around the frame |\n\n"
                      "Shortcuts work when the cursor is not in a text field."))
