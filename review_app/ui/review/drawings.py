"""Review page: drawing on a tag's frame. The frame view's drawing layer (frame_drawing.js) sends each
shape drawn or erased; it is saved on the tag picked in the tag list, recording who drew it. Beside the
list, the tag's drawings can be recoloured, relabelled and removed. The shapes and their checks are
the library's (review_app.drawings)."""

from __future__ import annotations

import msgspec
import streamlit as st

from review_app.drawings import DrawingError, clean
from review_app.drawings.shapes import COLORS, TEXT_MAX
from review_app.model import MatchDocument
from review_app.model.edits import add_drawing, put_record, remove_drawing, update_drawing
from review_app.model.event import Event, read_event
from review_app.ui.context import N_, _, error_line, fixed, reviewer
from review_app.ui.review.saves import save_change

REQUEST = "review.drawing_request"  # a shape from the view, saved by the next run of the page
LAYER_TAG = "review.drawing_layer_tag"  # the tag the drawing layer was last given (what a shape is drawn on)
KIND_LABELS = {"line": N_("Line"), "arrow": N_("Arrow"), "circle": N_("Circle"), "freehand": N_("Freehand"),
               "text": N_("Text"), "ball_line": N_("Line of the ball")}
COLOR_LABELS = dict(zip(COLORS, (N_("yellow"), N_("red"), N_("white"), N_("blue"), N_("green"), N_("black")),
                        strict=True))


def drawn_on(doc: MatchDocument) -> Event | None:
    """The tag drawings go to: the one picked in the tag list."""
    pick = st.session_state.get("review.tag_pick")
    return read_event(doc, pick) if pick else None


def tool_words() -> dict[str, str]:
    """The drawing tools' labels and help, in the page's language (every page with a frame view)."""
    text = {kind: _(label) for kind, label in KIND_LABELS.items()}
    text.update({
        "lineHelp": _("Draw a line: drag"), "arrowHelp": _("Draw an arrow: drag from its tail to its head"),
        "circleHelp": _("Draw a circle: drag from its centre"), "freehandHelp": _("Draw freehand: drag"),
        "textHelp": _("Write text: type it in the box, then click the frame"),
        "ball_lineHelp": _("The line of the ball: drag from the ball the way it travels (drawn to the frame's "
                           "edges)"),
        "erase": _("Erase"), "eraseHelp": _("Erase a drawing: click it"),
        "color": _("Colour"), "textPlaceholder": _("Text to place"),
        "noTag": _("Pick a tag in the list to draw on its frames"),
    })
    return text


def layer_data(doc: MatchDocument) -> dict:
    """What the frame view's drawing layer shows: the picked tag's drawings, and its words."""
    event = drawn_on(doc)
    text = tool_words()
    st.session_state[LAYER_TAG] = event.id if event else None
    return {"tag": event.id if event else None, "shapes": msgspec.to_builtins(event.drawings) if event else [],
            "colors": list(COLORS), "text": text}


def received(value: dict) -> None:
    """A shape from the view (its callback): kept for the page's next run, which saves it."""
    st.session_state[REQUEST] = value


def pending() -> bool:
    return st.session_state.get(REQUEST) is not None


def apply_request(doc: MatchDocument) -> None:
    """Save the shape the view sent, on the tag it was drawn for (a rerun follows a save)."""
    value = st.session_state.pop(REQUEST, None)
    if not isinstance(value, dict):
        return
    event = read_event(doc, str(value.get("tag")))
    if event is None:
        st.warning(_("The tag drawn on is no longer in this match; the drawing was not saved."))
        return
    name = reviewer()
    if not name:
        st.warning(_("Sign in first (in the sidebar): every change is recorded under the person signed in; "
                     "reading needs no sign-in."))
        return
    try:
        if value.get("op") == "add":
            frame = value.get("frame")
            new, _id = add_drawing(event, clean(value.get("shape"), frame=frame if isinstance(frame, int) else -1,
                                                by=name))
        elif value.get("op") == "remove":
            new = remove_drawing(event, str(value.get("id")))
        else:
            return
    except DrawingError as exc:
        error_line(exc)
        return
    save_change(doc, put_record(doc, new))


def drawings_panel(doc: MatchDocument, go_to=None) -> None:
    """The picked tag's drawings: each one's kind, frame and author; recolour, relabel or remove it."""
    event = drawn_on(doc)
    if event is None:
        return
    drawings = event.drawings
    with st.expander(_("Drawings on {tag} ({n})", tag=event.id, n=len(drawings)), icon=":material/draw:"):
        if not drawings:
            st.caption(_("Choose a tool under the frame and drag on the picture to draw on this tag."))
            return
        ids = [d.id for d in drawings]
        by_id = {d.id: d for d in drawings}

        def label(did: str) -> str:
            d = by_id[did]
            return _("{id} · {kind} on frame {frame} · by {who}", id=did, kind=_(KIND_LABELS[d.kind]),
                     frame=d.frame, who=d.by or "—")

        chosen = st.selectbox(_("Drawing"), ids, key=f"review.drawing.{event.id}", format_func=fixed(ids, label))
        d = by_id[chosen]
        own = f"{event.id}.{chosen}"
        with st.form(f"review.drawing.form.{own}", border=False):
            colors = list(COLORS) + ([d.color] if d.color not in COLORS else [])
            color = st.selectbox(_("Colour"), colors, key=f"review.drawing.color.{own}",
                                 index=colors.index(d.color) if d.color in colors else 0,
                                 format_func=fixed(colors, lambda c: _(COLOR_LABELS[c]) if c in COLOR_LABELS else c))
            text = st.text_input(_("Text"), value=d.text or "", max_chars=TEXT_MAX,
                                 key=f"review.drawing.text.{own}",
                                 help=_("Written beside the shape (a text drawing is only this)"))
            c1, c2 = st.columns(2)
            save = c1.form_submit_button(_("Save"), disabled=not reviewer(), key="review.drawing.save")
            remove = c2.form_submit_button(_("Remove"), disabled=not reviewer(), key="review.drawing.remove")
        if go_to is not None and st.button(_("Go to its frame"), key=f"review.drawing.go.{own}"):
            go_to(d.frame)
            st.rerun()
        try:
            if save:
                save_change(doc, put_record(doc, update_drawing(event, chosen, by=reviewer(), color=color,
                                                                text=text or None)))
            elif remove:
                save_change(doc, put_record(doc, remove_drawing(event, chosen)))
        except DrawingError as exc:
            error_line(exc)
