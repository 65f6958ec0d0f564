"""The live frame view: the frame view (frame_view.js, its timeline, drawing layer and second angle) over a
feed still being recorded, following the live edge, with "Last whistle" (W) showing both angles at the
last whistle and three seconds either side, slowed (frame_live.js). Frames come from the live feeds'
routes (review_app.live.web)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from review_app.footage import frames
from review_app.live import web as live_web
from review_app.live.feed import LiveFeed
from review_app.ui.context import _, page_run
from review_app.ui.frame_view import _texts, timeline_texts
from review_app.ui.review.drawings import tool_words

_HERE = Path(__file__).resolve().parent
_VIEW_JS = (_HERE / "frame_view.js").read_text("utf-8")
_MOUNT = "export default function (component)"
if _MOUNT not in _VIEW_JS:  # the frame view's own mount is replaced by the live one (frame_live.js)
    raise RuntimeError("frame_view.js no longer ends in its default export; update review_app/ui/live_view.py")
_component = st.components.v2.component(
    "polo_review_live_view",
    js="\n".join([*((_HERE / name).read_text("utf-8") for name in ("page_runs.js", "frame_timeline.js")),
                  _VIEW_JS.split(_MOUNT)[0],
                  *((_HERE / name).read_text("utf-8") for name in ("frame_drawing.js", "frame_angle.js",
                                                                   "frame_live.js"))]),
    css="\n".join((_HERE / name).read_text("utf-8") for name in ("frame_view.css", "frame_timeline.css")),
)


def src(token: str) -> str:
    return f"{live_web.prefix(st.get_option('server.baseUrlPath'))}/{token}"


def angle_data(token: str, feed: LiveFeed, offset_s: float, how: str) -> dict:
    width, height = feed.size()
    return {
        "src": src(token), "offset": offset_s, "count": feed.frame_count, "duration": feed.duration_s,
        "width": width, "height": height, "name": feed.name,
        "offsetText": _("Offset {offset} s ({how})", offset=format(offset_s, "+.3f"), how=how),
        "focused": False,
        "text": {"title": _("Second angle:"), "earlier": "", "later": "", "earlierHelp": "", "laterHelp": "",
                 "nothing": _("This angle shows nothing at this instant (it starts later or has ended)")},
    }


def live_view(token: str, feed: LiveFeed, *, key: str, whistles: list[int], timeline: dict | None,
              angle: dict | None, status: str, replay: dict | None = None, on_position=None,
              on_replay=None, on_mark=None) -> None:
    """The live view of `feed`; `replay` the last whistle ({"frame": in `feed`, "angle": the second angle's
    frame at that instant, or None}) that W shows; `on_position(frame)` when it settles on a frame,
    `on_replay(frame)` when the official asks for the last whistle (W), with that whistle's frame;
    `on_mark({"wall", "frame", "following"})` when the official marks a whistle heard (M): the press's
    instant on the server's clock, the frame on screen and whether the view followed the live edge."""
    width, height = feed.size()
    number, frame = st.session_state.setdefault(f"{key}.seek", (0, max(0, feed.frame_count - 1)))
    data = {
        "view": key, "run": page_run(), "src": src(token), "fmt": "jpg", "width": width, "height": height,
        "ready": feed.frame_count > 0, "count": feed.frame_count, "duration": feed.duration_s, "status": None,
        "seek": {"id": number, "frame": frame}, "budget": frames.BROWSER_FRAME_BYTES,
        "previewSide": frames.PREVIEW_SIDE, "whistles": whistles, "actions": [],
        "codes": {"items": [], "ack": None},
        "timeline": None if timeline is None else {**timeline, "text": timeline_texts()},
        "text": _texts(), "angle": angle,
        # no tag is drawn on here, but the tools are on screen: their words, not their ids ("ball_line")
        "drawing": {"tag": None, "shapes": [], "text": tool_words()},
        "live": {"status": status, "edge": feed.edge_frame, "replay": replay,
                 "clock": f"{live_web.prefix(st.get_option('server.baseUrlPath'))}/clock", "text": {
            "live": _("● Live"), "liveHelp": _("Follow the live edge"),
            "lastWhistle": _("Last whistle"),
            "lastWhistleHelp": _("Both angles at the last whistle, then 3 s either side, slowed"),
            "mark": _("Mark whistle"),
            "markHelp": _("A whistle heard that the page missed: marked at this moment less the reaction time")}},
    }

    def moved() -> None:
        value = st.session_state.get(key)
        position = value.get("position") if isinstance(value, dict) else getattr(value, "position", None)
        if on_position is not None and isinstance(position, int):
            on_position(position)

    def acted() -> None:
        value = st.session_state.get(key)
        action = value.get("action") if isinstance(value, dict) else getattr(value, "action", None)
        if on_replay is not None and isinstance(action, dict) and action.get("name") == "replay":
            on_replay(int(action.get("frame", 0)))
        if on_mark is not None and isinstance(action, dict) and action.get("name") == "mark":
            on_mark({"wall": float(action.get("wall", 0.0)), "frame": int(action.get("frame", 0)),
                     "following": bool(action.get("following"))})

    _component(key=key, data=data, on_position_change=moved, on_action_change=acted,
               on_drawing_change=lambda: None, on_edits_change=lambda: None, height="content", width="stretch")
