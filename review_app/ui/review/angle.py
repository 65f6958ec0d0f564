"""Review page, the second angle: another recording of the match shown beside the frame view at the same
instant, its offset found from the sound or nudged frame by frame ([ and ]) and saved with the match, and
which angle new tags are made on. The logic is model.angles (and sound.find_offset); this module adds the
widgets, the progress and the lines that say what went wrong or how sure the offset is."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.footage import web
from review_app.footage.uploads import shown_name
from review_app.footage.viewer import FrameViewer
from review_app.model import MatchDocument
from review_app.model.angles import Offset, nudged, offset_of, other_recordings, recording_label, with_offset
from review_app.model.recordings import recording_path
from review_app.sound import SoundError, find_offset
from review_app.textsafe import md
from review_app.ui import frame_view
from review_app.ui.context import N_, _, lang, progress_bar, reviewer, roots, store
from review_app.ui.review import pick as review_pick

PICK = "review.angle_pick"  # the second angle's SHA-256 ("" or absent: none)
ON = "review.angle_on"  # which angle new tags are made on: "footage" or "angle"
VIEWER = "review.angle_viewer"
NOTE = "review.angle_note"  # (kind, text): what the last sync or nudge came to, said on the next run
CONFLICT = N_("Someone else changed this angle's offset meanwhile: theirs is shown now. Nudge again if it needs "
              "it.")
NUDGES = (("angle.earlier", "["), ("angle.later", "]"))


@dataclass(frozen=True)
class Shown:
    """The second angle on screen: its recording, its viewer and its offset (None: never set)."""

    sha256: str
    name: str
    viewer: FrameViewer
    offset: Offset | None
    footage_sha256: str

    @property
    def seconds(self) -> float:
        return self.offset.seconds if self.offset is not None else 0.0


def _main() -> FrameViewer | None:
    viewer = st.session_state.get("review.viewer")
    return viewer if viewer is not None and viewer.ready and viewer.error is None else None


def _name(doc: MatchDocument, entry: dict) -> str:
    if entry.get("name"):
        return entry["name"]
    path = recording_path(doc, entry, roots())
    return shown_name(path, store().footage) if path is not None else recording_label(doc, entry["sha256"])


def _open(path) -> FrameViewer | None:
    """The second angle's viewer, opened once per file; its frame index is waited for with a progress bar
    (the coach asked for this angle, and it cannot follow the footage without its frames' times)."""
    viewer = st.session_state.get(VIEWER)
    if viewer is None or viewer.path != path:
        try:
            viewer = FrameViewer(path, wait=False)
        except PoloReviewError as exc:
            _note("error", _("Error: {message}", message=md(exc)))
            return None
        st.session_state[VIEWER] = viewer
    if not viewer.ready:
        update, done = progress_bar(_("Reading {name} (frame index and checksum)", name=md(path.name)))
        try:
            viewer.source.wait(progress=update)
        finally:
            done()
    if viewer.error is not None:
        _note("error", _("Error: {message}", message=md(viewer.error)))
        return None
    return viewer


def shown(doc: MatchDocument | None) -> Shown | None:
    """The second angle picked for this match, opened (None: none picked, or it cannot be shown, said)."""
    main = _main()
    sha = st.session_state.get(PICK)
    if doc is None or main is None or not sha:
        return None
    footage_sha = main.info.sha256
    entry = next((r for r in other_recordings(doc, footage_sha) if r["sha256"] == sha), None)
    path = recording_path(doc, entry, roots()) if entry is not None else None
    if path is None:  # not this match's, the footage itself now, or its file is gone: nothing beside
        st.session_state.pop(PICK, None)
        return None
    viewer = _open(path)
    if viewer is None:
        st.session_state.pop(PICK, None)
        return None
    return Shown(sha, _name(doc, entry), viewer, offset_of(doc, sha, footage_sha), footage_sha)


def tagging_on() -> str | None:
    """The recording new tags are made on, when it is the second angle (None: the footage)."""
    sha = st.session_state.get(PICK)
    return sha if sha and st.session_state.get(ON) == "angle" and _main() is not None else None


def offset_text(seconds: float) -> str:
    return _("Offset {offset} s", offset=format(seconds, "+.3f"))


def component_data(angle: Shown | None) -> dict | None:
    """What the frame view needs to draw the second angle beside the footage (frame_angle.js)."""
    if angle is None:
        return None
    info = angle.viewer.info
    return {
        "src": f"{web.prefix(st.get_option('server.baseUrlPath'))}/{angle.viewer.source.token}",
        "offset": angle.seconds, "count": info.frame_count, "duration": info.duration_s,
        "width": info.width, "height": info.height, "name": angle.name,
        "offsetText": offset_text(angle.seconds) if angle.offset is not None else _("Offset not set"),
        "focused": st.session_state.get(ON) == "angle",
        "text": {"title": _("Second angle:"), "tagging": _("new tags are made on this angle"),
                 "earlier": _("◂ 1 frame"), "later": _("1 frame ▸"),
                 "earlierHelp": _("Second angle one frame earlier (saved with the match)"),
                 "laterHelp": _("Second angle one frame later (saved with the match)"),
                 "nothing": _("This angle shows nothing at this instant (it starts later or has ended)")},
    }


def actions(angle: Shown | None) -> tuple[frame_view.Action, ...]:
    """The nudges, as actions of the view: the app hears them with the footage's frame on screen."""
    if angle is None:
        return ()
    return tuple(frame_view.Action(name, key, _("Nudge"), "") for name, key in NUDGES)


def _note(kind: str, text: str) -> None:
    st.session_state[NOTE] = (kind, text)


def nudge(name: str, frame: int) -> None:
    """[ or ]: the second angle one of its frames earlier or later at the footage's frame `frame`, saved."""
    doc, main, angle_viewer = st.session_state.get("review.doc"), _main(), st.session_state.get(VIEWER)
    sha = st.session_state.get(PICK)
    if doc is None or main is None or angle_viewer is None or not angle_viewer.ready or not sha:
        return
    footage_sha = main.info.sha256
    before = offset_of(doc, sha, footage_sha)
    seconds = nudged(before.seconds if before else 0.0, main.time_of(frame), angle_viewer.footage.times(),
                     angle_viewer.info.duration_s, -1 if name == "angle.earlier" else 1)
    st.session_state["review.pos"] = frame
    review_pick.save_change(doc, lambda d: with_offset(d, sha, seconds, footage_sha256=footage_sha, how="nudged",
                                                       by=reviewer()), NOTE, CONFLICT)


def _find_from_sound(doc: MatchDocument, angle: Shown) -> None:
    main = _main()
    with st.spinner(_("Listening to both recordings for the offset…")):
        try:
            found = find_offset(main.path, angle.viewer.path)
        except SoundError as exc:  # no sound, too short, no overlap: one line naming the file
            _note("error", md(exc.localized(lang())))
            return
        except PoloReviewError as exc:
            _note("error", _("Error: {message}", message=md(exc)))
            return
    saved = review_pick.save_change(doc, lambda d: with_offset(d, angle.sha256, found.offset_s,
                                                               footage_sha256=angle.footage_sha256, how="sound",
                                                               confidence=found.confidence, by=reviewer()),
                                    NOTE, CONFLICT)
    if saved is not None:
        _note("success", _("Offset found from the sound and saved: {offset} s (confidence {confidence}).",
                           offset=format(found.offset_s, "+.3f"), confidence=format(found.confidence, ".2f")))


def _status(angle: Shown) -> None:
    """How the offset was set and how sure it is; a low confidence is a warning, never left out."""
    off = angle.offset
    if off is None:
        st.info(_("Offset not set: both angles are shown as if they started together. Find it from the sound, or "
                  "nudge the second angle frame by frame ([ and ]) until both show the same moment."),
                icon=":material/sync_problem:")
        return
    who = off.set_by or _("someone")
    if off.how == "sound":
        st.caption(_("{offset}: found from the sound (confidence {confidence}), by {who}.",
                     offset=offset_text(off.seconds), confidence=format(off.confidence, ".2f"), who=md(who)))
    elif off.how == "clock":
        st.caption(_("{offset}: from the live recorder's arrival clock (each camera's frames at the time they "
                     "came), by {who}. Nudge it with [ and ] if one whistle seen in both angles differs.",
                     offset=offset_text(off.seconds), who=md(who)))
    else:
        st.caption(_("{offset}: nudged frame by frame by {who}.", offset=offset_text(off.seconds), who=md(who)))
    if off.low_confidence:
        st.warning(_("Low confidence ({confidence}): the offset the sound gave may be wrong. Check it against one "
                     "whistle seen in both angles, and nudge it with [ and ] if they differ.",
                     confidence=format(off.confidence, ".2f")), icon=":material/warning:")


def controls(doc: MatchDocument | None, angle: Shown | None) -> None:
    """Under the frame view: pick the second angle, say which one new tags are made on, find the offset."""
    main = _main()
    if doc is None or main is None:
        return
    others = other_recordings(doc, main.info.sha256)
    with st.expander(_("Second angle"), expanded=bool(st.session_state.get(PICK)), icon=":material/switch_video:"):
        if not others:
            st.caption(_("Attach another recording of this match (Footage: Attach footage to this match…, or the "
                         "Matches page) to see it beside this one at the same instant."))
            return
        names = {r["sha256"]: _name(doc, r) for r in others}
        options = ["", *names]
        if st.session_state.get(PICK) not in options:
            st.session_state[PICK] = ""
        c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
        c1.selectbox(_("Show beside the footage"), options, key=PICK,
                     format_func=lambda s: names.get(s) or _("No second angle"))
        note = st.session_state.pop(NOTE, None)
        if note is not None:
            getattr(st, note[0])(note[1], icon=":material/warning:" if note[0] == "error" else None)
        if angle is None:
            return
        c2.segmented_control(_("New tags are made on"), ["footage", "angle"], key=ON, default="footage",
                             format_func=lambda o: _("the footage") if o == "footage" else _("the second angle"),
                             help=_("The tag records the recording it was made on; its frames are the footage's "
                                    "either way."))
        _status(angle)
        if st.button(_("Find offset from sound"), key="review.angle_sync", icon=":material/graphic_eq:",
                     help=_("Match the two recordings' sound: whistles, horns, hoofbeats, the crowd")):
            _find_from_sound(doc, angle)
            st.rerun()  # the page with the offset saved (the frame view keeps its place)
