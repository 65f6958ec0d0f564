"""Review page: the match's period starts (model.periods). Shift+N in the frame view (or its button) says "the
next period starts here" on the frame on screen; the expander lists the starts, to correct or delete. Each
change is saved with the match through the store, as any match edit (revision check and merge)."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.footage.viewer import FrameViewer, format_time
from review_app.model import MatchDocument
from review_app.model.periods import PeriodStart, most_periods, period_starts, with_period_starts, with_start_here
from review_app.ui import frame_view
from review_app.ui.context import N_, _, error_line, reviewer
from review_app.ui.review import pick as review_pick

ACTION = "period.start"
KEY = "shift+n"  # N alone is the neutral-play moment of an open tag
REQUEST = "review.period_start"  # the frame Shift+N was pressed on, until the page saves it
NOTE = "review.periods_note"  # (kind, text): said on the page's next run
CONFLICT = N_("Someone else changed the period starts meanwhile: theirs are shown now. Set yours again if they "
              "still need it.")


def action() -> frame_view.Action:
    return frame_view.Action(ACTION, KEY, _("Period starts here"),
                             _("The next period starts at the frame on screen"))


def _note(kind: str, text: str) -> None:
    st.session_state[NOTE] = (kind, text)


def start_here(frame: int) -> None:
    """Shift+N (the view's callback): the next period is to start at `frame`, the frame painted when the key was
    pressed; the page saves it on its run (`apply_request`), before anything is drawn from the match."""
    st.session_state[REQUEST] = int(frame)
    st.session_state["review.pos"] = int(frame)
    st.session_state["review.form_request_moment"] = True  # the whole page runs: the list and the tag form follow


def apply_request(doc: MatchDocument, viewer: FrameViewer | None) -> MatchDocument:
    """Save the period start Shift+N asked for, if any; the match as it is then."""
    frame = st.session_state.pop(REQUEST, None)
    if frame is None or viewer is None or not viewer.ready or viewer.error is not None:
        return doc
    frame = viewer.clamp(frame)
    period: list[int] = []

    def change(d: MatchDocument) -> MatchDocument:
        changed, number = with_start_here(d, frame, viewer.time_of(frame), reviewer())
        period.append(number)
        return changed

    saved = review_pick.save_change(doc, change, NOTE, CONFLICT)
    if saved is None:
        return doc
    _note("success", _("Period {n} starts at frame {frame} ({time}).", n=period[-1], frame=frame,
                       time=format_time(viewer.time_of(frame), 2)))
    return saved


def _rows(starts: list[PeriodStart], scheduled: int | None) -> pd.DataFrame:
    return pd.DataFrame([{"period": s.period, "frame": s.frame, "time": format_time(s.time_s, 2),
                          "kind": _("overtime") if scheduled and s.period > scheduled else "",
                          "set_by": s.set_by or ""} for s in starts],
                        columns=["period", "frame", "time", "kind", "set_by"])


def _given(table: pd.DataFrame, viewer: FrameViewer) -> list[PeriodStart] | None:
    """The rows of the table as starts (time from the frame), or None after saying which row is not whole."""
    out = []
    for n, row in enumerate(table.to_dict("records"), 1):
        period, frame = row.get("period"), row.get("frame")
        if period is None or frame is None or (isinstance(period, float) and math.isnan(period)) \
                or (isinstance(frame, float) and math.isnan(frame)):
            st.error(_("Row {n}: give both the period and the frame.", n=n))
            return None
        index = viewer.clamp(int(frame))
        out.append(PeriodStart(int(period), index, viewer.time_of(index)))
    return out


def period_starts_editor(doc: MatchDocument, viewer: FrameViewer | None) -> None:
    """The match's period starts: each period's number and frame, to correct or delete; Shift+N adds one."""
    note = st.session_state.pop(NOTE, None)
    if note is not None:
        (st.error if note[0] == "error" else st.toast)(note[1])
    starts = period_starts(doc)
    scheduled = doc.match.get("periods")
    title = _("Period starts ({n})", n=len(starts))
    with st.expander(title, icon=":material/timer:"):
        st.caption(_("Step to where a period starts and press Shift+N (or Period starts here): the next period "
                     "starts there. Every tag's period and game clock are pre-filled from the last start at or "
                     "before it (the clock as footage time since the start, stoppages included). Past period "
                     "{periods}: overtime.", periods=scheduled or "—"))
        if viewer is None or not viewer.ready:
            st.dataframe(_rows(starts, scheduled), hide_index=True, width="stretch")
            return
        with st.form("review.periods.form", border=False):
            table = st.data_editor(
                _rows(starts, scheduled), num_rows="dynamic", hide_index=True, width="stretch",
                key="review.periods.table", disabled=["time", "kind", "set_by"],
                column_config={
                    "period": st.column_config.NumberColumn(_("Period"), min_value=1,
                                                            max_value=most_periods(doc.match), step=1,
                                                            required=True),
                    "frame": st.column_config.NumberColumn(_("Frame"), min_value=0,
                                                           max_value=max(0, viewer.frame_count - 1), step=1,
                                                           required=True),
                    "time": st.column_config.TextColumn(_("Time")),
                    "kind": st.column_config.TextColumn(_("Overtime")),
                    "set_by": st.column_config.TextColumn(_("Set by")),
                })
            saved = st.form_submit_button(_("Save the period starts"), key="review.periods.save")
    if not saved:
        return
    given = _given(table, viewer)
    if given is None:
        return
    try:
        with_period_starts(doc, given)  # checked before the save, so a bad row is one line, nothing written
    except PoloReviewError as exc:
        error_line(exc)
        return
    kept = review_pick.save_change(doc, lambda d: with_period_starts(d, given, reviewer()), NOTE, CONFLICT)
    if kept is not None:
        _note("success", _("Period starts saved."))
    st.rerun()
