"""Live review: the match's camera feeds as they are recorded (polo-review live), the last whistle on
both angles at a key, the call under review tagged and judged at once, and the review decision recorded."""

import time
from pathlib import Path

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.footage.viewer import format_time
from review_app.live import web as live_web
from review_app.live.session import (
    REACTION_MAX_S,
    REACTION_S,
    SOUND_MIN_WHISTLES,
    SOUND_TRAVEL_MAX_S,
    SOUND_WHISTLES,
    LiveError,
    heard_on_either,
    live_sync,
    mark_whistle,
    ready_whistles,
    sessions,
)
from review_app.model.event import read_events
from review_app.model.review_decisions import DECISIONS, decisions, with_decision
from review_app.reports import timeline
from review_app.textsafe import md
from review_app.ui import live_view
from review_app.ui.context import _, error_line, folders, lang, reviewer, signed_in_reviewer, store
from review_app.ui.review import coding as review_coding
from review_app.ui.review.pick import current_document, remember
from review_app.ui.review.saves import verdict_banner
from review_app.ui.review.tags import open_form, tag_form, tag_list

REPLAYED, SHOWN = "live.replayed", "live.replayed_shown"  # the whistle under review (W), and the one the form offers
# The decision form's widgets, keyed: their identity never depends on the whistles heard or the one under
# review, so a run of the page (a new whistle, W, the name given) never resets what is typed or chosen.
WHISTLE, TAG, DECISION, REASON = ("live.decision.whistle", "live.decision.event", "live.decision.decision",
                                  "live.decision.reason")
REACTION = "live.reaction_s"  # the reaction time M takes off (REACTION_S unless the official changes it)
PRESSED = "live.mark_pressed"  # the instant of the last M handled
MARKED = "live.marked"  # (kind, text): what the last M came to, said until the next
OFFERED = "live.decision.offered"  # the whistle under review the form last put in its whistle box
CLEAR = "live.decision.recorded"  # a decision was recorded: the next run empties the form
ALIVE_S = 5.0  # a session whose recorder wrote its state this recently is recording
DECISION_LABELS = {"stands": _("The call stands"), "overturned": _("The call is overturned")}

st.html(Path(__file__).resolve().parents[1] / "review" / "layout.css")
st.title(_("Live review"))

found = [s for s in sessions(folders().footage) if s.get("cameras")]
if not found:
    st.info(_("No live recording yet. Start one beside the field: polo-review live MATCH --camera A=URL "
              "--camera B=URL (see the README's Live review section)."))
    st.stop()
wanted = st.query_params.get("match")
ids = [s["match_id"] for s in found]
session = found[ids.index(wanted)] if wanted in ids else found[0]
if len(found) > 1:
    pick = st.selectbox(_("Live match"), ids, index=ids.index(session["match_id"]), key="live.match")
    session = found[ids.index(pick)]
folder = Path(session["folder"])
doc = None
if session.get("document"):
    try:
        doc = current_document(Path(session["document"]))
    except PoloReviewError as exc:
        error_line(exc)

cameras = session["cameras"]
main_name = cameras[0]
angle_name = cameras[1] if len(cameras) > 1 else None


def _status_line(state: dict, name: str) -> str:
    feed = next((f for f in state.get("feeds", []) if f["feed"] == name), None)
    alive = time.time() - float(state.get("updated_wall", 0)) < ALIVE_S and state.get("state") == "recording"
    if feed is None or not alive:
        return _("{camera}: not recording", camera=name)
    if feed["connected"]:
        return _("{camera}: ● recording", camera=name)
    return _("{camera}: ✕ no signal, reconnecting", camera=name)


def _sync_words(sync) -> str:
    """Which sync the second angle is shown at, said on the page (live_sync)."""
    if sync.sound_s is None:
        return _("recording's arrival clock; no whistle heard on both cameras yet")
    if not sync.moved_s and not sync.beyond:
        return _("recording's arrival clock; the sound of {n} whistles agrees within {bound} s of sound travel",
                 n=sync.whistles, bound=format(SOUND_TRAVEL_MAX_S, ".2f"))
    if not sync.moved_s:  # some whistles' sound put it beyond, not enough of them (live_sync)
        return _("recording's arrival clock, kept: {beyond} of the last {recent} whistles put it beyond {bound} s of "
                 "sound travel; the sound moves the clock only when each of at least {least} whistles does, on the "
                 "same side",
                 beyond=sync.beyond, recent=min(sync.whistles, SOUND_WHISTLES), least=SOUND_MIN_WHISTLES,
                 bound=format(SOUND_TRAVEL_MAX_S, ".2f"))
    return _("recording's arrival clock moved {moved} s by the sound of {n} whistles (the most sound travel, "
             "{bound} s, allows)", moved=format(sync.moved_s, "+.3f"), n=sync.whistles,
             bound=format(SOUND_TRAVEL_MAX_S, ".2f"))


def _mark(press: dict, main) -> None:
    """M: a whistle the official heard, at the press's instant (following the live edge) or the frame on
    screen (stepped back), less the reaction time, on the recorder's arrival clock (session.mark_whistle)."""
    if st.session_state.get(PRESSED) == press["wall"]:
        return  # the same press heard again (the view's action is read on more than one run)
    st.session_state[PRESSED] = press["wall"]
    reaction = float(st.session_state.get(REACTION, REACTION_S))
    if press["following"]:
        at = press["wall"] - float(session.get("zero_wall", 0.0))
    else:
        at = main.time_of(min(max(0, press["frame"]), main.frame_count - 1)) + main.arrival_first_s
    try:
        mark_whistle(folder, at - reaction, reaction_s=reaction, by=reviewer() or "")
    except (LiveError, OSError) as exc:
        st.session_state[MARKED] = ("error", _("The whistle could not be marked: {problem}", problem=md(exc)))
        return
    st.session_state[MARKED] = ("success", _("Whistle marked {reaction} s before M was pressed; W shows it on both "
                                             "angles.", reaction=format(reaction, "g")))


@st.fragment(run_every=0.5)
def live_area() -> None:
    state = next((s for s in sessions(folders().footage) if s["match_id"] == session["match_id"]), session)
    token, main = live_web.open_feed(folder / main_name)
    if not main.frame_count:
        st.info(_("Waiting for the first frames from {camera}…", camera=main_name))
        return
    angle = other = None
    if angle_name is not None:
        angle_token, other = live_web.open_feed(folder / angle_name)
        if other.frame_count:
            sync = live_sync(main, other)
            angle = live_view.angle_data(angle_token, other, sync.offset_s, _sync_words(sync))
    # the whistles shown, the last once W can show it on both angles at once (its pictures made)
    heard, replay = ready_whistles(main, other if angle is not None else None, angle["offset"] if angle else 0.0)
    results = review_coding.checked(doc) if doc is not None else {}
    marks = timeline.data(read_events(doc) if doc is not None else (), results, lang(), doc.revision if doc else 0,
                          sounds=[{"kind": "whistle", "label": _("Whistle"), "frame": w.frame} for w in heard])
    status = " · ".join(_status_line(state, n) for n in cameras)
    live_view.live_view(token, main, key="live.view", whistles=[w.frame for w in heard], timeline=marks,
                        angle=angle, replay=replay, status=status,
                        on_position=lambda f: st.session_state.__setitem__("live.pos", f),
                        on_replay=lambda f: st.session_state.__setitem__(REPLAYED, f),
                        on_mark=lambda press: _mark(press, main))
    note = st.session_state.get(MARKED)  # said until the next M (the fragment runs every half second)
    if note is not None:
        getattr(st, note[0])(note[1])
    if st.session_state.get(REPLAYED) is not None and st.session_state.get(REPLAYED) != st.session_state.get(SHOWN):
        st.session_state[SHOWN] = st.session_state[REPLAYED]
        st.rerun(scope="app")  # the decision form below offers the whistle under review
    gaps = [(name, g) for name in cameras for g in live_web.open_feed(folder / name)[1].gaps()]
    if gaps:
        st.caption(" · ".join(_("{camera}: no signal {start}–{end} ({seconds} s), reconnected", camera=name,
                                start=format_time(g.from_s), end=format_time(g.to_s),
                                seconds=format(g.to_s - g.from_s, ".1f")) for name, g in gaps))
    if heard:
        last = heard[-1]
        st.caption(_("Whistles heard: {n}; the last at {time} (frame {frame}). W shows it on both angles.",
                     n=len(heard), time=format_time(last.start_s), frame=last.frame))


# The fragment inside a block the whole page draws (not straight in the page's body): a full run of the page
# whose fragment block never reaches the browser (seen under load, after W) leaves the browser dropping the
# fragment's block as stale and closing the gap; the fragment's next run then wrote its block over the page's
# next block, the two columns with the decision form, which vanished until the page ran again. In a block
# of its own, only that block's place can be taken.
with st.container():
    live_area()
st.number_input(_("Reaction time for M (s)"), min_value=0.0, max_value=REACTION_MAX_S, value=REACTION_S, step=0.1,
                key=REACTION, help=_("M (Mark whistle) marks a whistle the page did not hear: at the moment M is "
                                     "pressed (or the frame on screen, when stepped back) less this."))


def decision_form(doc, heard: list) -> None:
    """The review decision against a whistle heard. What is typed and chosen stays in the form until the
    decision is recorded: not emptied on submit (a refused decision keeps its reason to correct and send
    again), and, being keyed, kept through the page's runs in between."""
    if st.session_state.pop(CLEAR, False):  # recorded on the last run: empty for the next decision (set, so
        st.session_state.update({TAG: None, DECISION: DECISIONS[0], REASON: ""})  # the browser shows it so)
    by_frame = {w.frame: w for w in heard}
    frames = [w.frame for w in reversed(heard)]  # the last heard first
    replayed = st.session_state.get(REPLAYED)
    if replayed in by_frame and st.session_state.get(OFFERED) != replayed:
        st.session_state[WHISTLE] = replayed  # a new replay (W) offers its whistle, once
        st.session_state[OFFERED] = replayed
    if st.session_state.get(WHISTLE) not in by_frame:
        st.session_state[WHISTLE] = replayed if replayed in by_frame else frames[0]
    with st.form("live.decision"):
        frame = st.selectbox(_("Whistle"), frames, key=WHISTLE, format_func=lambda f: _(
            "Whistle at {time} (frame {frame})", time=format_time(by_frame[f].start_s), frame=f))
        tags = [e.id for e in read_events(doc)]
        if st.session_state.get(TAG) not in (None, *tags):
            st.session_state[TAG] = None  # its tag deleted meanwhile
        event = st.selectbox(_("Tag of the call (if made)"), [None, *tags], format_func=lambda t: t or "—", key=TAG)
        decision = st.radio(_("Decision"), DECISIONS, format_func=DECISION_LABELS.get, horizontal=True, key=DECISION)
        reason = st.text_area(_("Reason"), max_chars=2000, key=REASON)
        if st.form_submit_button(_("Record the review decision")):
            w = by_frame[frame]
            try:
                if not signed_in_reviewer():
                    st.stop()
                changed = with_decision(doc, frame=w.frame, time_s=w.start_s, decision=decision, reason=reason,
                                        by=reviewer(), event=event)
                saved = store().matches.save(changed, str(doc.path))
            except PoloReviewError as exc:
                error_line(exc)  # refused: the form keeps what was typed, to correct and send again
            else:
                remember(saved)
                st.session_state[CLEAR] = True
                st.rerun()


if doc is None:
    st.stop()
_token, main = live_web.open_feed(folder / main_name)
heard = main.whistles()
if angle_name is not None and main.frame_count:  # as the live view lists them: heard on either camera
    _other_token, other_feed = live_web.open_feed(folder / angle_name)
    if other_feed.frame_count:
        heard = heard_on_either(main, other_feed, live_sync(main, other_feed).offset_s)
results, _findings = review_coding.check(doc)
position = min(int(st.session_state.get("live.pos", 0)), max(0, main.frame_count - 1))

call, decide = st.columns(2)
with call:
    st.subheader(_("The call under review"))
    verdict_banner(doc, results)
    if heard and st.button(_("Tag the call at the last whistle"), key="live.tag_whistle"):
        open_form(doc, heard[-1].frame, heard[-1].start_s)
        st.rerun()
    if main.frame_count and st.button(_("Tag the call at the frame on screen"), key="live.tag_here"):
        open_form(doc, position, main.time_of(position))
        st.rerun()
    tag_form(doc, position, main.time_of(position) if main.frame_count else 0.0)
    tag_list(doc, results, None, position)

with decide:
    st.subheader(_("Review decision"))
    if not heard:
        st.caption(_("A review decision is made against a whistle: none heard yet."))
    else:
        decision_form(doc, heard)
    for d in reversed(decisions(doc)):
        label = DECISION_LABELS.get(d["decision"], d["decision"])
        st.markdown(_("**{decision}** · whistle at {time} (frame {frame}) · {by}, {at}", decision=label,
                      time=format_time(d["whistle"]["time_s"]), frame=d["whistle"]["frame"], by=md(d["by"]),
                      at=d["at_utc"]) + "  \n" + md(d["reason"]))
