"""The frame view: one recording's exact frames, stepped and played in the browser.

A custom component (Streamlit components v2; the JavaScript and CSS beside this file, shipped as
they are, no build step). The browser fetches each frame by its address on the app's own server
(review_app.footage.web) and keeps the frames around the playhead; stepping and playing happen
there, with no rerun of the app per frame. The app hears the position only when it matters: when
a pause or a run of steps settles (`position`), with an action such as Tag here (`action`, which
carries its frame), on a click elsewhere on the page. The app moves the view with `seek`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from review_app.footage import frames, web
from review_app.footage.viewer import FrameViewer
from review_app.textsafe import md
from review_app.ui.context import _, page_run

_HERE = Path(__file__).resolve().parent
# one module: the view, its drawing layer, and its timeline and code keys (files of their own, separate concerns),
# after the rule on the page runs' data (page_runs.js)
SCRIPT = "\n".join((_HERE / name).read_text("utf-8") for name in (
    "page_runs.js", "frame_timeline.js", "frame_view.js", "frame_drawing.js", "frame_angle.js"))
_component = st.components.v2.component(
    "polo_review_frame_view",
    js=SCRIPT,
    css="\n".join((_HERE / name).read_text("utf-8") for name in ("frame_view.css", "frame_timeline.css")),
)


@dataclass(frozen=True)
class Action:
    """A button (and key) of the view that hands the app the frame on screen."""

    name: str
    key: str  # one letter
    label: str
    help: str = ""


@dataclass(frozen=True)
class Code:
    """A code key of the view: it tags the frame on screen while playback goes on."""

    key: str  # one character
    label: str  # what the key is called: the situation's name, or the coach's own words
    situation: str
    help: str = ""
    clause: str = ""  # shown beside the label (the clause id), unless the label is the clause itself
    # the keys that describe its tag right after it: ({keys, label, part}, ...) (model.coding.descriptors)
    describe: tuple[dict, ...] = ()


def seek(key: str, frame: int) -> None:
    """Move the view `key` to `frame` on its next run (and give it the keyboard focus)."""
    number, _frame = st.session_state.get(f"{key}.seek", (0, 0))
    st.session_state[f"{key}.seek"] = (number + 1, int(frame))


def _value(key: str, name: str):
    value = st.session_state.get(key)
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


def _texts() -> dict[str, str]:
    return {
        "back1s": _("−1 s"), "back1sHelp": _("One second back"),
        "back1f": _("−1 f"), "back1fHelp": _("One frame back"),
        "fwd1f": _("+1 f"), "fwd1fHelp": _("One frame forward"),
        "fwd1s": _("+1 s"), "fwd1sHelp": _("One second forward"),
        "reverseHelp": _("Play backwards; again: faster"),
        "pauseHelp": _("Pause"),
        "playHelp": _("Play; again: faster"),
        "speedHelp": _("Speed"),
        "loopIn": _("In"), "loopInHelp": _("Loop from this frame"),
        "loopOut": _("Out"), "loopOutHelp": _("Loop up to this frame"),
        "loopAround": _("Loop ±3 s"), "loopAroundHelp": _("Play three seconds either side, over and over"),
        "loopClear": _("No loop"), "loopClearHelp": _("Stop looping"),
        "zoomResetHelp": _("Whole picture (wheel or pinch zooms, drag pans, double-click resets)"),
        "fullscreenHelp": _("Full screen"),
        "prevWhistle": _("◂ Whistle"), "prevWhistleHelp": _("Previous whistle heard"),
        "nextWhistle": _("Whistle ▸"), "nextWhistleHelp": _("Next whistle heard"),
        "noWhistleAfter": _("no whistle heard after this frame: the last is at frame {frame}"),
        "noWhistleBefore": _("no whistle heard before this frame: the first is at frame {frame}"),
        "nothingToChoose": _("Nothing to choose with {key} for {situation}; the tag is kept as it is"),
        "viewHelp": _("Frame view: arrow keys step, J K L play, wheel zooms"),
        # the last frame's number, said as such: "of 3595" read as a count of 3595 (there are 3596, from 0)
        "position": _("Frame {frame} (0 to {last}) · {time} ({seconds} s)"),
        "first": _("First frame"),
        "paused": _("paused"),
        "loop": _("loop {a}–{b}"),
        "loading": _("loading frame {frame}…"),
        "preview": _("smaller picture while playing"),
        "noFrames": _("This server does not serve frames: start the app with polo-review app."),
    }


def timeline_texts() -> dict[str, str]:
    return {
        "rows": _("Rows of the timeline"), "byClause": _("Rows by clause"), "byUmpire": _("Rows by umpire"),
        "zoomIn": _("Zoom in (or the wheel over the timeline)"), "zoomOut": _("Zoom out"),
        "whole": _("Whole match"), "wholeHelp": _("Show the whole match"),
        "wholeShown": _("whole match"), "framesShown": _("{n} frames shown"), "secondsShown": _("{s} s shown"),
        "noUmpire": _("(no umpire)"), "empty": _("No tags yet"),
        "hint": _("Click to go there; drag to scroll; wheel to zoom; drag a window's edge to move it"),
        "tagHint": _("{id} · {clause} · {verdict} · frame {frame}"), "windowHint": _("window {a}–{b}"),
        "toComplete": _("to complete"), "saving": _("being saved"),
        "dragStart": _("Drag to move the window's start"), "dragEnd": _("Drag to move the window's end"),
        "sounds": _("Whistles and horns"), "soundHint": _("{sound} heard · frame {frame} · click to go there"),
        # the legend names each kind, never one mark's own label ("Whistle, 4 heard together" was shown for all)
        "soundKinds": {"whistle": _("Whistle"), "horn": _("Horn")},
    }


def frame_view(viewer: FrameViewer, *, key: str, position: int, png: bool = False,
               actions: tuple[Action, ...] = (), on_position: Callable[[int], None] | None = None,
               on_action: Callable[[str, int], None] | None = None, drawing: dict | None = None,
               on_drawing: Callable[[dict], None] | None = None, codes: tuple[Code, ...] = (),
               timeline: dict | None = None, edits_ack: dict | None = None,
               on_edits: Callable[[dict], None] | None = None, whistles: list[int] | None = None,
               angle: dict | None = None, fit_window: bool = False) -> None:
    """Show `viewer`'s recording. `position`: where the view starts when it is first shown (then the
    browser keeps its own position; `seek` moves it). `on_position(frame)` when the view settles on
    a frame; `on_action(name, frame)` when one of `actions` is used. `drawing`: the drawing layer's
    data (review_drawings.layer_data: the tag drawn on, its drawings, the words); `on_drawing(value)`
    with a shape drawn ({op: "add", shape, tag, frame}) or one erased ({op: "remove", id, tag}).
    `codes`: the code keys; `timeline`: {marks, sounds, styles} (reports.timeline) to draw under the view.
    `on_edits({view, items})`: the codes made and window edges dragged that the app has not
    acknowledged yet (numbered `seq` in order); `edits_ack`: {view, seq}, the last one saved.
    `whistles`: the frames where whistles were heard, which the previous / next whistle keys (, and .)
    jump between in the browser. `angle`: a second recording to show beside this one at the same instant
    (review_angle.component_data: its frames' address, its offset, its words), or None. `fit_window`:
    the view sits far down its page (in a tab): sized for the window it is scrolled into, as the Review
    page's, not shrunk to the room left below its place on the page."""
    ready = viewer.source.ready and viewer.source.error is None
    data = {
        **_recording_data(viewer, key, position, png, ready),
        "whistles": sorted(int(f) for f in whistles or ()),
        "actions": [{"name": a.name, "key": a.key.lower(), "label": a.label, "help": a.help} for a in actions],
        "codes": {"items": [{"key": c.key.lower(), "label": c.label, "situation": c.situation, "help": c.help,
                             "clause": c.clause, "describe": list(c.describe)}
                            for c in codes], "ack": edits_ack},
        "timeline": None if timeline is None else {**timeline, "text": timeline_texts()},
        "text": _texts(),
        "drawing": drawing or {},
        "angle": angle if ready else None,
        "fitWindow": fit_window,
        "run": page_run(),
    }
    _component(key=key, data=data, **_listeners(viewer, key, ready, actions, on_position, on_action, on_drawing,
                                                 on_edits),
               height="content", width="stretch")


def _recording_data(viewer: FrameViewer, key: str, position: int, png: bool, ready: bool) -> dict:
    """What the browser needs of the recording: where its frames are, their size and number, and where the view
    is to be (`position` the first time, then wherever `seek` last moved it)."""
    source = viewer.source
    info = viewer.info if ready else None
    number, frame = st.session_state.setdefault(f"{key}.seek", (0, int(position)))
    return {
        "src": f"{web.prefix(st.get_option('server.baseUrlPath'))}/{source.token}",
        "fmt": "png" if png else "jpg",
        "width": source.width,
        "height": source.height,
        "ready": ready,
        "count": info.frame_count if info else None,
        "duration": info.duration_s if info else None,
        # the progress itself is the bar under the view (a fragment of its own): this text is sent once
        "status": None if ready else _("The first frame is shown while the file is read; stepping, playing and exact "
                                       "seeking come when the frame index is built."),
        "seek": {"id": number, "frame": frame},
        "budget": frames.BROWSER_FRAME_BYTES,
        "previewSide": frames.PREVIEW_SIDE,
    }


def _listeners(viewer: FrameViewer, key: str, ready: bool, actions: tuple[Action, ...],
               on_position: Callable[[int], None] | None, on_action: Callable[[str, int], None] | None,
               on_drawing: Callable[[dict], None] | None, on_edits: Callable[[dict], None] | None
               ) -> dict[str, Callable[[], None]]:
    """The component's change callbacks, each handing the app's callback what the browser sent, checked; nothing
    before the recording is ready."""
    def moved() -> None:
        value = _value(key, "position")
        if on_position is not None and isinstance(value, int) and ready:
            on_position(viewer.clamp(value))

    def acted() -> None:
        value = _value(key, "action")
        if on_action is None or not isinstance(value, dict) or not ready:
            return
        name, at = value.get("name"), value.get("frame")
        if name in {a.name for a in actions} and isinstance(at, int):
            on_action(name, viewer.clamp(at))

    def drew() -> None:
        value = _value(key, "drawing")
        if on_drawing is not None and isinstance(value, dict) and ready:
            on_drawing(value)

    def edited() -> None:
        value = _value(key, "edits")
        if on_edits is not None and isinstance(value, dict) and isinstance(value.get("items"), list) and ready:
            on_edits(value)

    return {"on_position_change": moved, "on_action_change": acted, "on_drawing_change": drew,
            "on_edits_change": edited}


@st.fragment(run_every=0.5)
def opening(viewer: FrameViewer) -> None:
    """While the recording's index is built: its progress; once built, the whole page again."""
    if viewer.ready:
        st.rerun(scope="app")
    _stage, fraction = viewer.progress
    st.progress(fraction, text=_("Reading {name} (frame index and checksum): {percent}", name=md(viewer.path.name),
                                 percent=format(fraction, ".0%")))
