"""Review page, the sound: the whistles and horns heard in the footage (detected once per file, kept
by its hash), the list of whistles no tag accounts for, the whistles a coach dismissed as none (the list's button,
Shift+D), and the whistle a new tag starts with."""

from __future__ import annotations

import streamlit as st

from review_app.footage.viewer import FrameViewer, format_time
from review_app.model import MatchDocument
from review_app.model.coding import At, Call, bound_call, event_call, heard_calls, unbound_calls
from review_app.model.dismissed import (
    HEARD_AGAIN_S,
    DismissedWhistle,
    dismissed_whistles,
    undismissed,
    with_dismissed,
    without_dismissed,
)
from review_app.model.event import read_events_in_order
from review_app.model.tag_draft import NEW, TagForm
from review_app.sound import cache, matching
from review_app.sound.detect import Sound
from review_app.textsafe import md
from review_app.ui import frame_view
from review_app.ui.context import N_, _, lang, reviewer
from review_app.ui.review import pick as review_pick

LISTEN_WAIT_S = 0.3  # how long the page waits for the listening before showing its progress instead
NOTE = "review.dismissed_note"  # (kind, text): said on the page's next run
DISMISS_ACTION = "whistle.dismiss"
DISMISS_KEY = "shift+d"  # D alone may be a code key
DISMISS_REQUEST = "review.dismiss_request"  # the frame Shift+D was pressed on, until the page saves it
CONFLICT = N_("Someone else changed the dismissed whistles meanwhile: theirs are shown now. Do yours again if it is "
              "still needed.")


def sounds(viewer: FrameViewer | None) -> list[Sound]:
    """The footage's whistles and horns: from the session, or from the listening done in the background
    (`cache.listen`, once per file: from the cache on disk when it was listened to before). Until it is
    done, [] and its progress on the page, which goes on meanwhile. [] without footage or sound."""
    if viewer is None or not viewer.ready or viewer.error is not None:
        return []
    sha = viewer.info.sha256
    held = st.session_state.get("review._sounds")
    if held and held[0] == sha:
        return held[1]
    # Another recording's sounds are no answer for this one: until it is listened to, nothing is said of its sound
    # (not "only noise"), and no tag is bound to a whistle of the other.
    st.session_state.pop("review._sounds", None)
    job = cache.listen(viewer.path, sha)
    st.session_state["review.listening"] = job
    job.wait(LISTEN_WAIT_S)  # a known or short file is done by then: no progress shown
    if not job.done:
        st.session_state["review.listening_run"] = st.session_state.get("review.listening_run", 0) + 1
        _listening(job)
        return []
    st.session_state["review._sounds"] = (sha, job.sounds, job.problem)
    return job.sounds


@st.fragment(run_every=0.5)
def _listening(job: cache.Listening) -> None:
    """The listening's progress; once done, the whole page again (the whistles on the timeline, the list).
    Only from a run of its own: drawn within the page's run (the first time in each), it lets that run
    finish, and its next tick reruns the page."""
    run = st.session_state.get("review.listening_run")
    if job.done and st.session_state.get("review.listening_seen") == run:
        st.rerun(scope="app")
    st.session_state["review.listening_seen"] = run
    st.progress(job.fraction, text=_("Listening for whistles and horns: {percent}",
                                     percent=format(job.fraction, ".0%")))


def _recording() -> str | None:
    """The SHA-256 of the recording whose sounds the page holds (None before any is listened to)."""
    held = st.session_state.get("review._sounds")
    return held[0] if held else None


def not_dismissed(found: list[Sound], doc: MatchDocument) -> list[Sound]:
    """`found` (the page's sounds: `sounds`) less the whistles the match dismissed in the recording they were heard
    in."""
    recording = _recording()
    return undismissed(found, doc, recording) if found and recording else list(found)


def heard(doc: MatchDocument) -> list[Sound]:
    """The sounds found in the footage open on the page ([] before they are, or without footage), less the whistles
    the match dismissed."""
    held = st.session_state.get("review._sounds")
    return not_dismissed(held[1], doc) if held else []


def sound_problem():
    held = st.session_state.get("review._sounds")
    return held[2] if held else None


def _whistle_label(call: list[Sound]) -> str:
    return _("Whistle") if len(call) == 1 else _("Whistle, {n} heard together", n=len(call))


def timeline_marks(found: list[Sound]) -> list[dict]:
    """One mark per horn and per call: the whistles of one call, a fraction of a second apart (one umpire's
    repeated blasts, or both umpires'), are one stoppage and would be one blot on the match's timeline; its mark
    names how many."""
    marks = [{"kind": "whistle", "label": _whistle_label(call), "frame": call[0].start_frame,
              "time_s": call[0].start_s} for call in matching.calls(found)]
    marks += [{"kind": "horn", "label": _("Horn"), "frame": s.start_frame, "time_s": s.start_s}
              for s in found if s.kind == "horn"]
    return sorted(marks, key=lambda m: m["time_s"])


def whistle_frames(found: list[Sound]) -> list[int]:
    """Where `,` and `.` jump: the first blast of each call (a coach goes from stoppage to stoppage,
    not through the blasts of one), the whistles tags are bound to."""
    return [call[0].frame for call in heard_calls(found)]


def prefill(form: TagForm, doc: MatchDocument) -> None:
    """A tag's whistle moment from the whistle it is bound to (model.coding.bound_call: the first heard
    after its incident, unless it is the whistle of a later incident tagged on `doc`, the match as it is now; or
    for a coded tag the last heard before its key), marked as pre-filled so the form says so; a moment the
    reviewer set (or moved) is left alone."""
    moments = form.taken_moments()
    set_by_hand = moments.get("whistle") and moments["whistle"].get("frame") != form.whistle_heard
    if set_by_hand:
        return
    calls = heard_calls(heard(doc))
    # a new tag's id is only the next free one when its form opened (a code key may have taken it since)
    others = [e for e in read_events_in_order(doc) if form.mode == NEW or e.id != form.id]
    n = bound_call(calls, form.time_s, coded=form.tag.window is not None, others=others)
    if n is None:
        moments.pop("whistle", None)
        form.whistle_heard = None
        return
    first = calls[n][0]
    moments["whistle"] = {"frame": first.frame, "time_s": round(first.time_s, 4)}
    form.whistle_heard = first.frame


def not_reviewed_list(doc: MatchDocument, found: list[Sound], jump) -> None:
    """Calls no tag accounts for, each a button to its first blast's frame (no stoppage is missed) and one to
    dismiss it as no whistle; then the whistles dismissed, each to restore. Counted in calls, as the list is (a
    triple blast is one stoppage to review). `found`: the sounds heard, less those dismissed (`not_dismissed`)."""
    problem = sound_problem()
    if problem is not None:
        st.caption(_("No whistles can be found: {problem}", problem=md(problem.localized(lang()))))
        return
    said = st.session_state.pop(NOTE, None)  # above the list, which may be closed (every whistle reviewed)
    if said:
        (st.success if said[0] == "success" else st.error)(said[1])
    held = st.session_state.get("review._sounds")
    recording = _recording()
    dismissed = dismissed_whistles(doc, recording) if recording else []
    if not found and not dismissed:
        if held is not None and held[2] is None:  # listened to, sound heard, nothing in it
            st.caption(_("Only noise in the sound track: no whistle or horn heard."))
        return
    calls = heard_calls(found)
    missing = [calls[n] for n in unbound_calls(calls, read_events_in_order(doc))]
    title = _("Whistles not yet reviewed ({n} of {total})", n=len(missing), total=len(calls))
    with st.expander(title, expanded=bool(missing), icon=":material/campaign:"):
        if not missing:
            st.caption(_("Every whistle heard has a tag."))
        for n, call in enumerate(missing):
            key = f"review.unreviewed.{n}"
            st.button(_call_label(call), key=key, on_click=jump, args=(call[0].frame,), width="stretch",
                      disabled=jump is None)
            # Under the call's line, small: a button to each later whistle of it, and the call dismissed.
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                _later_whistles(call, key, jump)
                st.button(_("Not a whistle"), key=f"{key}.dismiss", icon=":material/block:", type="tertiary",
                          help=_("Dismiss it: a bird, the PA or a spectator, no stoppage. It leaves this list, "
                                 "the whistle keys and the timeline; it can be restored below."),
                          on_click=_dismiss, args=(doc, recording, call[0]))
        if dismissed and recording:
            _dismissed_list(doc, recording, dismissed, jump)


def dismiss_action() -> frame_view.Action:
    return frame_view.Action(DISMISS_ACTION, DISMISS_KEY, _("Not a whistle"),
                             _("Dismiss the whistle heard at the frame on screen (a bird, the PA, a spectator): "
                               "go to it with , or ."))


def dismiss_here(frame: int) -> None:
    """Shift+D (the view's callback): the whistle heard at `frame`, the frame painted when the key was pressed, is to
    be dismissed; the page saves it on its run (`apply_dismiss_request`), before anything is drawn from the match."""
    st.session_state[DISMISS_REQUEST] = int(frame)
    st.session_state["review.pos"] = int(frame)
    st.session_state["review.form_request_moment"] = True  # the whole page runs: the list follows


def apply_dismiss_request(doc: MatchDocument, viewer: FrameViewer | None, found: list[Sound]) -> MatchDocument:
    """Dismiss the call Shift+D asked for, if any: the one whose first whistle is heard at the frame it was pressed
    on (where `,` and `.` stop), unless a tag answers it (a stoppage, not a bird); the match as it is then. `found`:
    the page's sounds (`sounds`)."""
    frame = st.session_state.pop(DISMISS_REQUEST, None)
    recording = _recording()
    if frame is None or viewer is None or not viewer.ready or viewer.error is not None or recording is None:
        return doc
    at_s = viewer.time_of(viewer.clamp(frame))
    calls = heard_calls(not_dismissed(found, doc))
    n = next((n for n, c in enumerate(calls) if c[0].frame == frame or abs(c[0].time_s - at_s) <= HEARD_AGAIN_S),
             None)
    if n is None:
        st.session_state[NOTE] = ("error", _("No whistle is heard at frame {frame}: go to one with , or . and "
                                             "press Shift+D there.", frame=frame))
        return doc
    answered = [e.id for e in read_events_in_order(doc) if event_call(calls, e) == n]
    if answered:
        st.session_state[NOTE] = ("error", _("The whistle at frame {frame} is answered by tag {tag}: a stoppage, "
                                             "not dismissed. Delete or move the tag first if it is no whistle.",
                                             frame=calls[n][0].frame, tag=", ".join(answered)))
        return doc
    return _dismiss(doc, recording, calls[n][0]) or doc


def _dismiss(doc: MatchDocument, recording: str, first: At) -> MatchDocument | None:
    """Dismiss the call whose first whistle is `first`, for the reviewer signed in (the list's button, Shift+D); an
    open tag form whose whistle was pre-filled from it takes the whistle heard after its incident now."""
    saved = review_pick.save_change(
        doc, lambda d: with_dismissed(d, recording, first.frame, first.time_s, reviewer()), NOTE, CONFLICT)
    if saved is None:
        return None
    st.session_state[NOTE] = ("success", _("The whistle at frame {frame} is dismissed: not a whistle.",
                                           frame=first.frame))
    form = st.session_state.get("review.form")
    if form is not None and form.whistle_heard == first.frame:
        prefill(form, saved)
    return saved


def _restore(doc: MatchDocument, recording: str, frame: int) -> None:
    if review_pick.save_change(doc, lambda d: without_dismissed(d, recording, frame), NOTE, CONFLICT):
        st.session_state[NOTE] = ("success", _("The whistle at frame {frame} is back on the list.", frame=frame))


def _dismissed_list(doc: MatchDocument, recording: str, dismissed: list[DismissedWhistle], jump) -> None:
    """The whistles dismissed, each with who dismissed it, a button to its frame and one to restore it."""
    st.caption(_("Dismissed: no whistle ({n})", n=len(dismissed)))
    for d in dismissed:
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.button(_("Frame {frame} ({time}), by {who}", time=format_time(d.time_s, 2), frame=d.frame,
                        who=d.set_by),
                      key=f"review.dismissed.{d.frame}", on_click=jump, args=(d.frame,), type="tertiary",
                      disabled=jump is None)
            st.button(_("Restore"), key=f"review.dismissed.{d.frame}.restore", icon=":material/undo:",
                      type="tertiary", on_click=_restore, args=(doc, recording, d.frame))


def _later_whistles(call: Call, key: str, jump) -> None:
    """A button to each whistle of a call after its first (a repeated blast, or the other umpire's): `,` and `.` go
    from stoppage to stoppage, and the line names these whistles' frames, so each is one press away too."""
    for m, later in enumerate(call[1:], 1):
        st.button(_("Then at {time} (frame {frame})", time=format_time(later.time_s, 2), frame=later.frame),
                  key=f"{key}.{m}", on_click=jump, args=(later.frame,), disabled=jump is None)


def _call_label(call: Call) -> str:
    """A call's line in the list: its first whistle's time and frame, and every whistle's frame where more are
    heard together (a double or triple blast, or both umpires blowing: one stoppage, and the coach sees each whistle
    heard; "blasts" would say one umpire where the list cannot tell)."""
    first = call[0]
    if len(call) == 1:
        return _("Whistle at {time} (frame {frame})", time=format_time(first.time_s, 2), frame=first.frame)
    return _("Whistle at {time} (frame {frame}), {n} heard together: frames {frames}",
             time=format_time(first.time_s, 2), frame=first.frame, n=len(call),
             frames=", ".join(str(b.frame) for b in call))
