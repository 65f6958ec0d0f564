"""Review page, coding at the speed of play: the reviewer's code window (its keys shown in the frame
view, arranged and saved here), the tags the keys make and the window edges dragged on the timeline
(saved as they come, through the same revision check as every save), and the "to complete" list.

The frame view sends the codes and drags it has not heard back about as numbered edits; the frame
area saves those after the last one it saved and tells the view how far it got (`ack`). Playback
never waits for any of it: while the view plays, a code reruns only the frame area (its timeline
shows the new tag) and the rest of the page follows when the view pauses."""

from __future__ import annotations

import math
import time

import msgspec
import pandas as pd
import streamlit as st

from review_app.checker import check_document
from review_app.checker.run import check_event
from review_app.errors import PoloReviewError
from review_app.footage.viewer import FrameViewer, format_time
from review_app.model import MatchDocument, RevisionConflict
from review_app.model.coding import (
    CODE_KEYS,
    LABEL_MAX,
    MAX_LEAD_LAG_S,
    TO_COMPLETE,
    At,
    CodeWindow,
    CodingError,
    checked_window,
    coded_event,
    default_window,
    descriptors,
    heard_calls,
    key_binding,
    key_name,
    load_window,
    save_window,
    to_complete,
    window_change,
)
from review_app.model.edits import commit, put_event
from review_app.model.event import decode_event, read_event, read_events_in_order, written
from review_app.rules import PROVISIONS, provision
from review_app.rules.labels import value_label
from review_app.rules.search import clause_label
from review_app.rules.vocabulary import VerdictKind
from review_app.store import open_records
from review_app.ui import frame_view
from review_app.ui.context import _, error_line, folders, lang, reviewer, store
from review_app.ui.review import angle as review_angle
from review_app.ui.review import pick as review_pick
from review_app.ui.review import saves as review_saves
from review_app.ui.review.sounds import heard

EDITS = "review.edits"  # the view's latest {view, items}, until the page has saved them
ACK = "review.edits_ack"  # (view, seq): the last edit of that view saved
PROBLEM = "review.edits_problem"
WINDOW = "review.code_window"  # (reviewer, CodeWindow) as last read or saved
DRAWN = "review.drawn"  # the match as the timeline last drew it: the base a drag was made on
CHECKED = "review.checked"  # (path, revision, results): the checker's verdicts of the match as saved
BEHIND = "review.page_behind"  # saved while playing: the page outside the frame area is to be drawn again
CODED = "review.last_coded"  # saves.SavedTag: the tag a code key saved last (its umpire pre-fills the next tag)


def _records():
    return open_records(folders().code_windows)


def current_window() -> CodeWindow:
    """The reviewer's code window (the default one until they save their own)."""
    name = reviewer()
    held = st.session_state.get(WINDOW)
    if held is not None and held[0] == name:
        return held[1]
    try:
        window = load_window(_records(), name) if name else default_window()
    except CodingError as exc:
        error_line(exc)
        window = default_window()
    st.session_state[WINDOW] = (name, window)
    return window


def codes(window: CodeWindow, doc: MatchDocument | None = None) -> tuple[frame_view.Code, ...]:
    """The frame view's code keys for `window`, each with the descriptor keys its tags take in `doc`'s match."""
    out = []
    for c in window.codes:
        out.append(frame_view.Code(c.key, key_name(c, lang()), c.situation,
                                   _("Tag the frame on screen as {clause}, playback goes on ({key})",
                                     clause=clause_label(provision(c.situation), lang()), key=c.key.upper()),
                                   clause=c.situation, describe=describe_keys(c.situation, doc)))
    return tuple(out)


def describe_keys(situation: str, doc: MatchDocument | None) -> tuple[dict, ...]:
    """The descriptor keys of a code's tags, each with what it says in the page's language ('P3 Penalty 3')."""
    if doc is None:
        return ()
    names = doc.team_names()

    def said(d) -> str:
        part = d.part.split(".", 1)[1]
        if d.part == "involved.umpire":
            return str(d.value)  # the umpire's name
        if d.part == "involved.offender":
            return _("Offender: {team}", team=names.get(d.value, d.value))
        return value_label(d.value, lang(), part)

    return tuple({"keys": d.keys, "label": said(d), "part": d.part} for d in descriptors(situation, doc.match))


# -- edits from the frame view -----------------------------------------------------------------------

def on_edits(payload: dict) -> None:
    """The view's unsaved codes and drags: kept for the frame area (or the page) to save on its next run."""
    st.session_state[EDITS] = payload


def check(doc: MatchDocument) -> tuple[dict[str, dict], list]:
    """The checker's result for each event of `doc` and the match's findings (the page's one check of
    the match as saved)."""
    events, findings = check_document(doc, store().evidence)
    results = {r.event: r.to_dict() for r in events}
    st.session_state[CHECKED] = (str(doc.path), doc.revision, results)
    return results, findings


def checked(doc: MatchDocument) -> dict[str, dict]:
    """The results of `check`, reusing the page's check when `doc` is the revision it checked."""
    held = st.session_state.get(CHECKED)
    if held is not None and held[:2] == (str(doc.path), doc.revision):
        return held[2]
    return check(doc)[0]


def page_behind() -> bool:
    """Whether codes saved while playing have not reached the rest of the page yet (it is drawn again
    when the view stops); a run of the whole page clears it."""
    return bool(st.session_state.get(BEHIND))


def drawn(doc: MatchDocument) -> None:
    """The match as the timeline is drawn now (its revision goes with each drag)."""
    st.session_state[DRAWN] = doc


def edits_ack() -> dict | None:
    held = st.session_state.get(ACK)
    return {"view": held[0], "seq": held[1]} if held else None


def _change(doc: MatchDocument, viewer: FrameViewer, window: CodeWindow, item: dict, name: str | None):
    def at(frame) -> At:
        index = viewer.clamp(int(frame))
        return At(index, viewer.time_of(index))

    if item.get("kind") == "code":
        code = window.code(str(item.get("key") or ""))
        if code is None:
            raise CodingError(f"no code has the key {str(item.get('key')).upper()} in your code window")
        # while playing, the key answers the whistle just heard (model.coding.key_binding); paused on a frame,
        # it tags that frame, with the whistle heard there or the first after it, as T would
        key = at(item["frame"])
        here, whistle = key_binding(heard_calls(heard(doc)), key, playing=bool(item.get("playing")),
                                    others=read_events_in_order(doc))
        start = at(viewer.index_at(max(0.0, here.time_s - window.lead_s)))
        end = at(viewer.index_at(here.time_s + window.lag_s))
        event = coded_event(doc, code, here, (start, end), name, angle=review_angle.tagging_on(), whistle=whistle,
                            keys=str(item.get("keys") or ""))
        return doc, put_event(doc, complete_if_checked(doc, event) if item.get("keys") else event)
    if item.get("kind") == "window":
        # made on the match as the timeline showed it, so that the revision check finds someone else's
        # change to the same window meanwhile (not only on the match as it is now)
        drawn = st.session_state.get(DRAWN)
        base = drawn if drawn is not None and drawn.path == doc.path and drawn.revision == item.get("rev") else doc
        return base, window_change(base, str(item.get("id")), at(item["start"]), at(item["end"]))
    raise CodingError(f"an edit of an unknown kind: {item.get('kind')!r}")


def complete_if_checked(doc: MatchDocument, event: dict) -> dict:
    """A coded tag described with its keys lands complete (off the "to complete" list) if the checker asks for
    nothing more of it: its verdict, judged without the list's mark, is not incomplete. `event`: the tag as built
    (`model.coding.coded_event`), returned as it is or without the mark."""
    coded = decode_event(event)
    done = msgspec.structs.replace(coded, not_recorded=tuple(p for p in coded.not_recorded if p != TO_COMPLETE))
    return written(done, event) if check_event(doc, done).verdict != VerdictKind.INCOMPLETE else event


def apply_edits(doc: MatchDocument, viewer: FrameViewer | None) -> MatchDocument:
    """Save the view's codes and drags not saved yet, in order, each through the revision check; the
    match as saved. A save that meets someone else's change to the same tag goes to the conflict view."""
    payload = st.session_state.pop(EDITS, None)
    if not payload or doc is None or viewer is None or not viewer.ready or viewer.error is not None:
        return doc
    if payload.get("playing"):
        st.session_state[BEHIND] = True
    view = str(payload.get("view"))
    held_view, done = st.session_state.get(ACK) or (None, 0)
    if held_view != view:
        done = 0
    items = sorted((i for i in payload.get("items") or [] if isinstance(i, dict) and isinstance(i.get("seq"), int)),
                   key=lambda i: i["seq"])
    window, name = current_window(), reviewer()
    for item in items:
        if item["seq"] <= done:
            continue  # saved already (the view sent it again before it heard)
        done = item["seq"]
        st.session_state[ACK] = (view, done)
        if not name:
            st.session_state[PROBLEM] = _("Sign in first (in the sidebar): every change is recorded under the "
                                          "person signed in; reading needs no sign-in.")
            continue
        try:
            base, change = _change(doc, viewer, window, item, name)
            # a demo match is never written: its copy in the workspace takes the change (as save_change)
            written = review_pick.writable(base)
            if written.path != base.path:
                st.session_state.pop(BEHIND, None)  # the page switches to the copy at once
                base, change = _change(written, viewer, window, item, name)
            saved = commit(base, change, store().matches)
        except RevisionConflict as exc:
            review_saves.hold_conflict(base, change, exc)
            break
        except (PoloReviewError, KeyError, TypeError, ValueError) as exc:
            st.session_state[PROBLEM] = _("Error: {message}", message=str(exc))
            continue
        review_pick.remember(saved)
        review_saves.moved_on()  # a moment coded or a window moved: the last save's banner is not about it
        doc = st.session_state[DRAWN] = saved
        tagged = read_event(saved, saved.renamed(change.event_id)) if item.get("kind") == "code" else None
        if tagged is not None:
            st.session_state[CODED] = review_saves.SavedTag(tagged.id, str(saved.path), time.time_ns())
            where = {"id": tagged.id, "clause": tagged.situation, "frame": tagged.position.frame}
            if TO_COMPLETE in tagged.not_recorded:
                st.toast(_("Tagged {id} ({clause}) at frame {frame}: to complete", **where), icon=":material/sell:")
            else:  # its descriptor keys gave all the checker asks for
                st.toast(_("Tagged {id} ({clause}) at frame {frame}: complete", **where), icon=":material/sell:")
    return doc


def problem_line() -> None:
    problem = st.session_state.pop(PROBLEM, None)
    if problem:
        st.warning(problem, icon=":material/warning:")


# -- the code window ---------------------------------------------------------------------------------

def _cell(value):
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


def code_window_editor() -> None:
    """The reviewer's keys, each for a situation, and the lead and lag of the window a key makes."""
    name = reviewer()
    window = current_window()
    with st.expander(_("Code window: one key per situation"), icon=":material/keyboard_alt:"):
        st.caption(_("While the footage plays, a code key tags the frame on screen with its situation and a "
                     "window from the lead before to the lag after; the tag is saved at once and waits in "
                     "To complete for its details. Keys: {keys}.", keys=" ".join(k.upper() for k in CODE_KEYS)))
        rows = pd.DataFrame([{"key": c.key.upper(), "situation": c.situation, "label": c.label}
                             for c in window.codes], columns=["key", "situation", "label"])
        with st.form("review.codes.form", border=False):
            table = st.data_editor(
                rows, num_rows="dynamic", hide_index=True, width="stretch", key="review.codes.table",
                column_config={
                    "key": st.column_config.SelectboxColumn(_("Key"), options=[k.upper() for k in CODE_KEYS],
                                                            required=True),
                    "situation": st.column_config.SelectboxColumn(_("Situation (Rule 21 clause)"),
                                                                  options=[p.id for p in PROVISIONS], required=True),
                    "label": st.column_config.TextColumn(
                        _("Label on the key"), max_chars=LABEL_MAX,
                        help=_("Your club's name for the situation, shown on the key with the clause beside it; "
                               "empty: the situation's own name (Foul, Safety, Helmet off ...). Kept in this "
                               "workspace with your code window.")),
                })
            c1, c2 = st.columns(2)
            lead = c1.number_input(_("Lead: seconds before the key"), min_value=0.0, max_value=MAX_LEAD_LAG_S,
                                   value=float(window.lead_s), step=0.5, key="review.codes.lead")
            lag = c2.number_input(_("Lag: seconds after the key"), min_value=0.0, max_value=MAX_LEAD_LAG_S,
                                  value=float(window.lag_s), step=0.5, key="review.codes.lag")
            if not name:
                st.caption(_("Sign in (in the sidebar) to keep your own code window."))
            saved = st.form_submit_button(_("Save my code window"), disabled=not name, key="review.codes.save")
        if not saved:
            return
        given = [{k: _cell(v) for k, v in row.items()} for row in table.to_dict("records")]
        try:
            kept = save_window(_records(), name, checked_window({"codes": given, "lead_s": lead, "lag_s": lag}))
        except (CodingError, PoloReviewError, OSError) as exc:
            error_line(exc)
            return
        st.session_state[WINDOW] = (name, kept)
        st.toast(_("Code window saved."))
        st.rerun()


# -- the "to complete" list --------------------------------------------------------------------------

def to_complete_list(doc: MatchDocument, open_form, jump) -> None:
    """The coded tags still without their details; Complete opens one on the tag form."""
    waiting = to_complete(doc)
    if not waiting:
        return
    st.markdown("**" + _("To complete ({n})", n=len(waiting)) + "**")
    ids = [e.id for e in waiting]
    if st.session_state.get("review.complete_pick") not in ids:
        st.session_state["review.complete_pick"] = ids[0]
    by_id = {e.id: e for e in waiting}
    # The picker has the side panel's width, Complete under it: beside it, "e5 · 21.i · f10190 · 2:50.0" was cut (a
    # match's frames run to six digits, a clause to "21.general.dangerous-fouls").
    chosen = st.selectbox(_("Coded tag"), ids, key="review.complete_pick", label_visibility="collapsed",
                          format_func=lambda i: f"{i} · {by_id[i].situation} · f{by_id[i].position.frame} · "
                                                f"{format_time(by_id[i].position.time_s, 1)}")
    if st.button(_("Complete"), key="review.complete", type="primary",
                 help=_("Fill in the details of this tag on the tag form")):
        event = by_id[chosen]
        if jump is not None:
            jump(event.position.frame)
        open_form(doc, event.position.frame, event.position.time_s, event)
        st.rerun()
