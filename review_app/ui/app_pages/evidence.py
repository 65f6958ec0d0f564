"""The Evidence page: post-game evidence of a returned excused mount (21.f(5)).

Pick a match (the picker opens on one with an end time whose excused mount was seen again); see its
mount register, the 24-hour deadline and the time left; receive a video by upload, received now or at
a date and time given in a time zone; mark the frames that show the excused mount being played;
record the decision; check the case's integrity and download the evidence pack. The register shows for
any match; without the game's end time receiving and deciding are disabled. A thin layer: every step
is a call into review_app.evidence, which records it in the case's hash-chained log. The page composes
its own lines in the chosen language; a library's refusal keeps its English line behind a translated label.
"""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path

import pandas as pd
import streamlit as st

from review_app.config import MAX_UPLOAD_MB
from review_app.drawings.shapes import COLORS
from review_app.errors import PoloReviewError
from review_app.evidence import (
    DECISIONS,
    CaseState,
    EvidenceCase,
    default_match,
    verify_case,
    window,
)
from review_app.evidence.grounds import rule_text
from review_app.evidence.verify import check_head
from review_app.footage.viewer import FrameViewer
from review_app.i18n import DEFAULT_LANGUAGE, Message
from review_app.textsafe import md
from review_app.ui import frame_view, upload_view
from review_app.ui.context import (
    N_,
    _,
    dash,
    documents,
    error_line,
    fixed,
    folders,
    identified,
    lang,
    pgettext,
    rendered,
    reviewer,
    signed_in_reviewer,
    store,
)
from review_app.ui.footage_intake import upload_missing
from review_app.ui.people_parts import committee_sign_in, identified_text
from review_app.ui.review.drawings import tool_words
from review_app.ui.upload_route import Spooled

# What a decision is called (DECISIONS holds the library's names for them).
DECISION_NAMES = {"forfeiture": N_("Forfeiture"), "not-proven": N_("Not proven"), "out-of-time": N_("Out of time")}

if reviewer():  # as on the Review page: the sidebar's work is done, the frame view gets the width
    st.set_page_config(initial_sidebar_state="collapsed")
st.html(Path(__file__).resolve().parents[1] / "review" / "layout.css")  # the Review page's margins
st.title(_("Post-game evidence (21.f(5))"))
st.caption(_("Evidence that an excused mount was returned to play, presented within 24 hours after the game, grounds "
             "a forfeiture. Every step below is recorded in a tamper-evident log."))

docs = documents()  # the workspace's matches and the demo's
if not docs:
    st.info(_("No match documents in {folder}.", folder=str(folders().annotations)))
    st.stop()
by_id = {d.match_id: d for d in docs}
# The first time, the picker opens on a match with an excusal and an end time; then it keeps the reviewer's choice,
# also on coming back from another page (Streamlit forgets a widget's value once a page without it is shown:
# the choice is kept under a key of its own).
KEPT = "evidence.match_kept"
if "evidence.match" not in st.session_state:
    kept = st.session_state.get(KEPT)
    first = {"index": list(by_id).index(kept) if kept in by_id else default_match(docs)}
else:
    first = {}
match_id = st.selectbox(_("Match"), list(by_id), key="evidence.match", **first,
                        format_func=fixed(by_id, lambda i: f"{by_id[i].match.get('name') or i} ({i})"))
st.session_state[KEPT] = match_id
doc = by_id[match_id]
case = EvidenceCase(doc, store().evidence)
st.caption(md(_("Evidence store: {path}", path=str(case.folder.root.resolve()))))
me = reviewer()
item = pgettext("one piece of evidence", "Evidence")  # "Evidence" the page is another word in Spanish


UPLOAD_KEY = "evidence.upload"  # the upload view's (it starts empty again after each receipt: upload_view.taken)

# 21.f(5)'s authorities (the Committee first: this page is usually its), and anyone else evidence is presented to.
AUTHORITIES = ("committee", "umpire", "referee")
PRESENTED_TO = (*AUTHORITIES, "other")
AUTHORITY_LABELS = {"committee": N_("Host Tournament Committee"), "umpire": N_("Umpire"), "referee": N_("Referee"),
                    "other": N_("Someone else")}


def shown(call, *args, **kwargs):
    """Run a library call; a user error becomes one line on the page."""
    try:
        return call(*args, **kwargs)
    except PoloReviewError as exc:
        error_line(exc)
        return None


# The register needs only the match document; the window needs its end time; the rest needs the case log.
reg = case.register()
state = shown(case.state)
log_ok = state is not None
log_unreadable = _("The case log cannot be read; only the register and the integrity check are shown.")
if not log_ok:
    st.warning(log_unreadable)
    state = CaseState()
end = deadline = None
if not doc.match.get("end_time_utc"):
    st.warning(_("This match has no end time (`match.end_time_utc`), so the 24-hour window of 21.f(5) cannot be "
                 "computed. Record when the game ended in the match document ({path}); receiving evidence and "
                 "deciding stay disabled until then.", path=md(doc.path)), icon=":material/schedule:")
else:
    try:
        end = case.game_end()
        deadline = window.deadline_after(end)
    except PoloReviewError as exc:
        st.warning(_("The match's end time cannot be read, so the 24-hour window cannot be computed; receiving "
                     "evidence and deciding stay disabled until it is corrected. Detail: {message}", message=md(exc)),
                   icon=":material/schedule:")
if end is not None:
    now = window.now_utc()
    # Plain text, not st.metric: a metric's large type cuts a full UTC time short in a third of the page.
    with st.container(border=True):
        # The third box says the window's state in its own words ("23 h 28 min left", "closed 2 h ago"): its label
        # names the window, as the receipts' column does, rather than saying "left" a second time.
        left_text = rendered(window.window_state(end, deadline, now))
        ended = _("Game ends (UTC)") if now < end else _("Game ended (UTC)")  # the recorded end may be still to come
        for col, label, value in zip(st.columns(3), (ended, _("Deadline (UTC)"), _("24-hour window")),
                                     (window.utc_text(end), window.utc_text(deadline), left_text), strict=True):
            col.caption(label)
            col.markdown(f"**{value}**")
opened_end = (state.opened or {}).get("end_time_utc")
if opened_end and opened_end != (window.utc_text(end) if end else None):
    st.warning(_("This case was opened with the game's end at {opened}; the match document now gives {now}. Receipts "
                 "are judged against the first; new evidence is refused until the two agree.", opened=opened_end,
                 now=window.utc_text(end) if end else "—"))
if state.locked:
    st.info(_("The case is decided and locked; changes are corrections (below, or polo-review evidence correct)."))
can_receive = end is not None and log_ok
can_decide = end is not None and log_ok

# Checked once per run (the anchor as last typed in the Integrity tab): the Decision tab needs it too.
anchor = (st.session_state.get("evidence.anchor") or "").strip()
try:
    anchor = check_head(anchor) if anchor else ""
    anchor_bad = False
except PoloReviewError:
    anchor, anchor_bad = "", True  # said in the Integrity tab, in the page's language
report = shown(verify_case, case.folder, head=anchor or None)
if report is not None and report.empty and not anchor:
    report = None  # nothing received or recorded yet (a folder may hold only the lock): nothing broken
wrote = False  # an entry appended further down this run: the Integrity tab checks again

# Keyed, so the tab in use stays open when a step reruns the page (a decision recorded is seen where it was made).
t_reg, t_in, t_mark, t_dec, t_int = st.tabs([_("Mount register"), _("Receive evidence"), _("Mark frames"),
                                             _("Decision"), _("Integrity and pack")], key="evidence.tabs",
                                            on_change="rerun")


def in_time(margin: str, received_at: str, game_end: datetime | None) -> str:
    """In time, and, for evidence received before the game's recorded end, how long before it (as `polo-review
    evidence add` says): the window runs from the end, so "in time" alone read as if the game were over."""
    said = _("In time: {d} before the deadline.", d=margin)
    taken = window.from_utc_text(received_at)
    if game_end is None or taken >= game_end:
        return said
    return said + " " + _("It was received {d} before the game's recorded end.",
                          d=window.duration_text((game_end - taken).total_seconds()))


def late(margin: str) -> str:
    return _("LATE by {d}: recorded, but it cannot ground a forfeiture under 21.f(5).", d=margin)


def claim_text(r: dict) -> str:
    """A receipt's claimed earlier time, and whether it counts (attested, by whom and as whom)."""
    if not r.get("claimed_at"):
        return "—"
    a = r.get("attested")
    if a:
        return _("{at}, attested by {by} ({role})", at=r["claimed_at"], by=a["by"], role=_(AUTHORITY_LABELS[a["as"]]))
    return _("{at}, not attested: not counted", at=r["claimed_at"])


def claim_lines(r: dict) -> list[tuple[str, str]]:
    """What a receipt just recorded says of its two times."""
    if not r.get("claimed_at"):
        return []
    if r.get("attested"):
        return [("info", _("Recorded at {recorded} (the server's clock); received at {claimed} as attested: the 24 "
                           "hours count from {claimed}.", recorded=r["recorded"], claimed=r["claimed_at"]))]
    return [("warning", _("Recorded at {recorded} (the server's clock). The earlier time given, {claimed}, is kept "
                          "as a claim and does not count until an Umpire, the Referee or a committee member, signed "
                          "in, attests it (below).", recorded=r["recorded"], claimed=r["claimed_at"]))]


def attestation(name: str, presented_to: str) -> tuple[str, str] | None | bool:
    """(as whom, how identified) for the person attesting, or False after saying why they cannot."""
    person, identified = attester()
    if presented_to not in AUTHORITIES:
        st.warning(_("Only evidence presented to an Umpire, the Referee or the Host Tournament Committee is attested "
                     "by them."))
        return False
    if not person or " ".join(name.split()).casefold() != " ".join(person.split()).casefold():
        st.warning(_("Only the person who received it attests the time, signed in (the Decision tab's sign-in, or "
                     "the configured sign-in); or record it now and have it attested below."))
        return False
    return presented_to, identified


def attester() -> tuple[str | None, str | None]:
    """Who is signed in to attest, and how they were identified (never a typed name)."""
    return reviewer(), identified()


def attest_form() -> None:
    """Claimed earlier times not attested yet: a signed-in Umpire, Referee or committee member attests one."""
    open_claims = [(e, r) for e in state.evidence.values() for r in e.receipts
                   if r.get("claimed_at") and not r.get("attested")]
    if not open_claims or state.locked:
        return
    person, identified = attester()
    with st.expander(_("Attest a claimed receipt time")), st.form("evidence.attest_form"):
        if not person:
            st.info(_("Sign in first (the Decision tab, or the configured sign-in): an attestation is recorded under "
                      "the person signed in."))
        labels = {r["seq"]: _("Entry {n}: {ev} claimed {at}", n=r["seq"], ev=e.id, at=r["claimed_at"])
                  for e, r in open_claims}
        seq = st.selectbox(_("Receipt"), list(labels), key="evidence.attest_entry", format_func=labels.get)
        role = st.radio(_("Attesting as"), AUTHORITIES, key="evidence.attest_as", horizontal=True,
                        format_func=fixed(AUTHORITIES, lambda k: _(AUTHORITY_LABELS[k])))
        if st.form_submit_button(_("Attest"), key="evidence.attest_submit", disabled=not person):
            if shown(case.attest_receipt, seq, person, role, identified):
                st.rerun()


def _marked_on(state, m) -> str:
    """The video a mark's frames were marked on: its name as presented and the start of its SHA-256."""
    ev = state.evidence.get(m.evidence)
    name = ev.presented_name if ev is not None and ev.presented_name else m.evidence
    return f"{name} · {m.sha256[:12]}"


def evidence_drawing() -> dict:
    """The frame view's drawing tools as the Review page labels them, put down here: evidence is marked,
    not drawn on (a drawing belongs to a tag, on the Review page)."""
    return {"tag": None, "shapes": [], "colors": list(COLORS),
            "text": {**tool_words(), "noTag": _("Drawings are made on a tag, on the Review page; here frames are "
                                                "marked as evidence")}}


def decision_problem(choice: str | None, reason: str) -> str | None:
    """Why `choice` cannot be recorded yet, said in the page's language with the tab that puts it right
    (the library's refusal would name the command line); None: let the library decide."""
    if choice is None:
        return _("Choose a decision first.")
    if choice == "not-proven" and not reason.strip():
        return _("A not-proven decision needs its reason.")
    if choice != "not-proven" and not state.evidence:
        return _("No evidence has been received yet: receive the video in the Receive evidence tab first (Not "
                 "proven may be decided without any).")
    if choice != "forfeiture":
        return None
    if not reg.excusals:
        return _("No mount was excused in this match, so there is no forfeiture to decide under 21.f(5): choose "
                 "Not proven and give the reason.")
    if not state.live_marks:
        return _("No frames are marked yet. In the Mark frames tab, add the frames that show the excused mount "
                 "being played and press Mark these frames; then record the decision here.")
    if not any(m.excusal for m in state.live_marks):
        return _("The marked frames show only mounts that were never excused. In the Mark frames tab, mark the "
                 "frames that show an excused mount; or choose Not proven here.")
    return None


TEAM_NAMES = doc.team_names()  # the register keeps team ids; the page names each team as the match does


def rider(team: str | None, number: int | None) -> str:
    return f"{TEAM_NAMES.get(team) or team} #{number}" if team else ""


with t_reg:
    for e in reg.excusals:
        if e.returned:
            seen = ", ".join(_("event {event} (frame {frame}{rider})", event=s.event, frame=s.frame,
                                rider=", " + rider(s.team, s.number) if s.team else "") for s in e.returned)
            st.warning(_("Excused mount seen again: {mount}, excused under {clause} in event {event}, appears after "
                         "it in {seen}.", mount=md(e.mount), clause=e.clause, event=e.event, seen=seen),
                       icon=":material/warning:")
    st.subheader(_("Excusals"))
    if reg.excusals:
        st.dataframe(pd.DataFrame([{
            _("Clause"): e.clause, _("Event"): e.event, _("Mount"): e.mount,
            _("Player"): rider(e.team, e.number), _("Period"): dash(e.period),
            _("Clock"): dash(e.clock), _("Frame"): e.frame, _("Time"): round(e.time_s, 3),
            _("Seen again"): ", ".join("{} ({} {})".format(s.event, _("Frame"), s.frame) for s in e.returned)}
            for e in reg.excusals]), hide_index=True, key="evidence.excusals_table")
    else:
        st.write(_("No mount was excused in this match."))
    if reg.unnamed_excusals:
        st.warning(_("Excused but not named (cannot be followed): {events}", events=", ".join(reg.unnamed_excusals)))
    st.subheader(_("Mounts ridden"))
    st.dataframe(pd.DataFrame([{
        _("Mount"): m.mount, _("Ridden by"): ", ".join(rider(t, n) for t, n in m.riders),
        _("Seen in events"): ", ".join(s.event for s in m.sightings)} for m in reg.mounts.values()]),
        hide_index=True, key="evidence.mounts_table")

with t_in:
    if not can_receive:
        st.info(_("Disabled until the match's end time is recorded.") if end is None else log_unreadable)
    for kind, text in st.session_state.pop("evidence.flash", []):  # the outcome of the last receipt
        getattr(st, kind)(text)
    zones = window.zone_names()
    zone_now = st.session_state.get("evidence.zone") or zones[0]
    # Not cleared on submit, so a refused time or name keeps what was entered; after a receipt the fields of
    # the next one get new keys (the generation), which empties them, the file included.
    gen = st.session_state.setdefault("evidence.intake_gen", 0)
    with st.form("evidence.intake"):
        off = not can_receive
        # Streamed to the evidence store's folder as it is sent (never whole in the server's memory); the receipt
        # itself (its hash, and the server's time) is taken from that file when Receive is pressed, as before.
        upload = upload_view.upload(UPLOAD_KEY, _("Video presented as evidence"), folder=case.folder.root,
                                    limit_mb=MAX_UPLOAD_MB, disabled=off,
                                    help=_("Up to {mb} MB. Stored read-only under its SHA-256, never under the "
                                           "uploaded name. Larger files: polo-review evidence add.", mb=MAX_UPLOAD_MB))
        st.caption(_("Up to {mb} MB. Stored read-only under its SHA-256, never under the uploaded name. Larger files:"
                     " polo-review evidence add.", mb=MAX_UPLOAD_MB))
        presented_by = st.text_input(_("Presented by"), key=f"evidence.from.{gen}", max_chars=200, disabled=off)
        # Whoever records the receipt received it: the person signed in, never a name typed here.
        received_by = me or ""
        st.session_state["evidence.received_by"] = received_by or _("(sign in first)")  # shown, never read back
        st.text_input(_("Received by"), key="evidence.received_by", disabled=True,
                      help=_("The person signed in: a receipt is recorded under their name."))
        presented_to = st.selectbox(_("Presented to"), PRESENTED_TO, key="evidence.presented_to", disabled=off,
                                    format_func=fixed(PRESENTED_TO, lambda k: _(AUTHORITY_LABELS[k])),
                                    help=_("21.f(5): evidence presented to the Umpire(s), a Referee or the Host "
                                           "Tournament Committee; presented to anyone else, it grounds no "
                                           "forfeiture."))
        at_now = st.checkbox(_("Received now (the moment you press Receive)"), value=True,
                             key=f"evidence.at_now.{gen}", disabled=off,
                             help=_("Every receipt records the server's own time. An earlier time given below is "
                                    "kept beside it as a claim, and counts for the 24 hours only when an Umpire, the "
                                    "Referee or a committee member, signed in, attests it."))
        c1, c2 = st.columns(2)
        # A date and a time as the zone's clocks showed them; the library reads them in that zone, as the
        # command line reads --received-at with --tz, and refuses a time the clocks skipped or repeated.
        moment = c1.datetime_input(_("Received at (date and time; used when \"Received now\" is unticked)"),
                                   value=window.wall_clock(window.now_utc(), zone_now),
                                   key=f"evidence.received_at.{gen}", step=60, format="YYYY-MM-DD", disabled=off)
        zone = c2.selectbox(_("Time zone of that date and time"), zones, key="evidence.zone",
                            help=_("The receipt is stored in UTC. A time this zone's clocks skip or show twice (a "
                                   "daylight-saving change) is refused as unclear: give it in UTC instead."),
                            disabled=off)  # UTC first: the default
        attesting = st.checkbox(_("I attest that I received it at that time (signed-in Umpire, Referee or committee "
                                  "member, as whom it was presented to)"), key=f"evidence.attest.{gen}", disabled=off)
        if st.form_submit_button(_("Receive"), key="evidence.receive", disabled=off):
            # Ticked: the library takes its own clock at the moment of receipt (as the command line without
            # --received-at). Unticked: the same call as --received-at TIME --tz ZONE.
            when = None if at_now else shown(window.parse_time, moment.isoformat(timespec="seconds"), zone)
            # else shown() has put the refusal on the page, or signed_in_reviewer() that a receipt is recorded under
            # the person signed in
            if (at_now or when is not None) and signed_in_reviewer():
                if not isinstance(upload, Spooled):
                    upload_missing(upload, _("Choose the video presented first."))
                elif not presented_by.strip() or not received_by.strip():
                    st.warning(_("Enter who presented the video and who received it."))
                elif upload.size > MAX_UPLOAD_MB * 2**20:
                    st.error(_("The file is larger than {mb} MB.", mb=MAX_UPLOAD_MB))
                else:
                    # The upload is on the server's disk under a name of the server's; its own name is only
                    # recorded as a fact.
                    attest = attestation(received_by, presented_to) if attesting and when is not None else None
                    got = None if attest is False else shown(
                        case.add, upload.path, presented_by, received_by, when, presented_name=upload.name,
                        presented_to=presented_to, attest=attest)
                    if got:
                        upload_view.taken(UPLOAD_KEY, upload)
                        ev, duplicate = got
                        r = ev.receipts[-1]
                        margin = window.duration_text(r["margin_s"])
                        st.session_state["evidence.flash"] = [
                            ("success", _("Already received as {id} (same SHA-256); this presentation, at {at}, was "
                                          "recorded against it.", id=ev.id, at=r["received_at"]) if duplicate else
                             _("Received {id} at {at}: SHA-256 {sha}", id=ev.id, at=r["received_at"], sha=ev.sha256)),
                            *claim_lines(r),
                            ("info", in_time(margin, r["received_at"], end)) if r["in_time"] else
                            ("error", late(margin))]
                        st.session_state["evidence.intake_gen"] = gen + 1
                        st.rerun()
    st.subheader(_("Evidence received"))
    if state.evidence:
        st.dataframe(pd.DataFrame([{
            item: e.id, _("Received (UTC)"): e.received_at, _("Recorded (UTC)"): e.recorded,
            _("Claimed (UTC)"): claim_text(e.earliest), _("Presented by"): e.presented_by,
            _("Received by"): e.received_by,
            _("Presented to"): _(AUTHORITY_LABELS[e.presented_to]) if e.presented_to else "—",
            _("24-hour window"): in_time(window.duration_text(e.margin_s), e.received_at, end) if e.in_time else
            late(window.duration_text(e.margin_s)),
            _("Presentations"): len(e.receipts),
            "SHA-256": e.sha256} for e in state.evidence.values()]), hide_index=True, key="evidence.list")
        again = [(e, r) for e in state.evidence.values() if len(e.receipts) > 1 for r in e.receipts]
        if again:  # every presentation of a video received more than once, with the entry that recorded it
            st.caption(_("Every presentation of a video received more than once. The earliest on record is the one "
                         "the 24-hour window is judged by; \"Recorded\" is when its entry was written, so a receipt "
                         "entered after the fact shows."))
            st.dataframe(pd.DataFrame([{
                item: e.id, _("Received (UTC)"): r["received_at"],
                _("Presented by"): r["presented_by"], _("Received by"): r["received_by"],
                _("24-hour window"): _("in time") if r["in_time"] else _("late"),
                _("Entry"): r["seq"], _("Recorded (UTC)"): r["recorded"]} for e, r in again]),
                hide_index=True, key="evidence.presentations_table")
        attest_form()
    else:
        st.write(_("No evidence received yet."))

def no_excusal_explained() -> None:
    """Why nothing on this match can ground a forfeiture, and what to do instead (the Decision tab)."""
    st.info(_("No mount was excused in this match (21.f(1), 21.f(3) or 21.f(4)), so no frames can show an "
              "excused mount being played and a forfeiture under 21.f(5) cannot be decided. You may still mark "
              "frames as showing a mount that was never excused; to close the case, choose Not proven in the "
              "Decision tab and give the reason."), icon=":material/info:")


with t_mark:
    if not reg.excusals:
        no_excusal_explained()
    if not state.evidence:
        st.write(_("No evidence received yet: receive the video in the Receive evidence tab first."))
    else:
        ev_id = st.selectbox(item, list(state.evidence), key="evidence.mark_evidence")
        ev = state.evidence[ev_id]
        chosen_key = f"evidence.chosen.{match_id}.{ev_id}"
        chosen: list[int] = st.session_state.setdefault(chosen_key, [])
        last = max(0, int(ev.video["frame_count"]) - 1)
        frame_key, view_key = f"evidence.frame.{match_id}.{ev_id}", f"evidence.view.{match_id}.{ev_id}"
        st.session_state.setdefault(frame_key, 0)

        def settled(at: int) -> None:  # the view stopped on a frame: the Frame field follows it
            st.session_state[frame_key] = at

        def typed() -> None:  # a frame typed: the view goes there
            frame_view.seek(view_key, st.session_state[frame_key])

        def add(_name: str, at: int) -> None:
            settled(at)
            if at not in chosen:
                chosen.append(at)

        # As on the Review page: the frame as wide as the page allows, the marking beside it.
        view_col, mark_col = st.columns([5, 2], gap="small")
        with view_col:
            # a missing or altered original is one line, not a crash
            viewer = shown(FrameViewer, case.original_path(ev), wait=False)
            if viewer is not None and viewer.error is None:
                viewer.source.wait(0.3)
                frame_view.frame_view(viewer, key=view_key, position=st.session_state[frame_key],
                                      actions=(frame_view.Action("add", "A", _("Add this frame")),),
                                      on_position=settled, on_action=add, drawing=evidence_drawing(),
                                      fit_window=True)
                if not viewer.ready:
                    frame_view.opening(viewer)
            elif viewer is not None:
                error_line(viewer.error)
        with mark_col:
            index = st.number_input(_("Frame"), 0, last, key=frame_key, step=1, on_change=typed)
            b1, b2 = st.columns(2)
            if b1.button(_("Add this frame"), key="evidence.add_frame", help=_("Add the frame on screen (A)")) and \
                    int(index) not in chosen:
                chosen.append(int(index))
            if b2.button(_("Clear"), key="evidence.clear_frames"):
                chosen.clear()
            st.write(_("Frames to mark: {frames}", frames=", ".join(map(str, sorted(chosen))) or "—"))
            excused = {e.mount.casefold() for e in reg.excusals}
            options = [("excusal", e.event) for e in reg.excusals] + [
                ("mount", m.mount) for m in reg.mounts.values() if m.mount.casefold() not in excused]
            excusal_by_event = {e.event: e for e in reg.excusals}
            if state.locked:
                st.caption(_("The case is decided and locked: frames are marked now only through a correction "
                             "(Decision tab)."))
            elif not options:
                # the register is the tags': a roster's strings of mounts name no mount ridden at a moment
                st.caption(_("No tag of this match names a mount (one ridden, or the one a situation concerns), so "
                             "the frames cannot be marked as showing one; the strings of mounts on the Matches page "
                             "are not enough. Name the mount in the tags (Review page), or decide in the Decision "
                             "tab."))
            else:
                def shows(o) -> str:
                    if o[0] != "excusal":
                        return _("{mount} (never excused)", mount=o[1])
                    excusal = excusal_by_event[o[1]]
                    return _("{mount}, excused under {clause} (event {event})", mount=excusal.mount,
                             clause=excusal.clause, event=o[1])

                what = st.selectbox(_("The frames show"), options, key="evidence.shows",
                                    format_func=fixed(options, shows))
                note = st.text_input(_("Note"), key="evidence.note", max_chars=5000)
                if not chosen:
                    st.caption(_("Add the frames that show it (the A key, or Add this frame), then mark them."))
                if st.button(_("Mark these frames"), key="evidence.mark", disabled=not chosen, type="primary"):
                    if signed_in_reviewer():  # marks are recorded under the person signed in
                        m = shown(case.mark, ev_id, sorted(chosen), me, note=note,
                                  **({"excusal": what[1]} if what[0] == "excusal" else {"mount": what[1]}))
                        if m:
                            st.success(_("Entry {n}: frames marked. Next: the Decision tab.", n=m.seq))
                            wrote = True
                            chosen.clear()
                            state = case.state()
    if state.marks:
        st.subheader(_("Marked frames"))
        st.dataframe(pd.DataFrame([{
            _("Entry"): m.seq, item: m.evidence,
            # the video the frames were marked on (each mark records its item and checksum): the angle
            _("Marked on"): _marked_on(state, m),
            _("Frame"): ", ".join(f"{f['frame']} ({f['time_s']:.3f} s)" for f in m.frames),
            _("Excusal (event)"): m.excusal or "—", _("Mount"): m.mount, _("By"): m.by,
            _("Withdrawn by entry"): m.withdrawn_by or ""}
            for m in state.marks]), hide_index=True, key="evidence.marks_table")

decision_label = fixed(DECISIONS, lambda k: _(DECISION_NAMES[k]))
with t_dec:
    text = rule_text()
    st.markdown("**" + _("Rule 21.f(5)") + "**")
    st.caption(md(rendered(text)))
    if lang() != DEFAULT_LANGUAGE:
        st.caption(_("Spanish: educational translation; the English text prevails."))
    if state.decision:
        d = state.decision
        st.success(_("Decision: {d}, by {by}, {at} (entry {n}).", d=decision_label(d.decision), by=md(d.by), at=d.at,
                     n=d.seq))
        if d.data.get("authority") in AUTHORITY_LABELS:
            st.caption(_("Decided as: {who} (21.f(5)).", who=_(AUTHORITY_LABELS[d.data["authority"]])))
        st.caption(_("How {by} was identified: {how}", by=md(d.by), how=identified_text(d.identified)))
        if d.data.get("reason"):
            st.write(md(d.data["reason"]))
        altered = sorted({g["evidence"] for g in d.data.get("grounds", [])} & set(report.altered if report else ()))
        if altered:
            st.error(_("The original of {ids}, on which this decision rests, is missing or no longer matches its hash"
                       " (see Integrity and pack).", ids=", ".join(altered)), icon=":material/warning:")
        if d.data.get("forfeiting_teams"):
            teams = md(", ".join(t["name"] for t in d.data["forfeiting_teams"]))
            st.error(_("Team forfeiting: {teams}. Under 21.f(5) this penalty must be exacted.", teams=teams),
                     icon=":material/gavel:")
        if d.data.get("grounds"):
            st.dataframe(pd.DataFrame([{
                _("Entry"): g["mark_entry"], item: g["evidence"],
                _("Received (UTC)"): g["received_at"], _("Mount"): g["mount"],
                _("Clause"): g["clause"], _("Excusal (event)"): g["excusal"],
                _("Frame"): ", ".join(str(f["frame"]) for f in g["frames"])} for g in d.data["grounds"]]),
                hide_index=True, key="evidence.grounds_table")
    # Who decides, and how they were identified (recorded with the decision): once anyone holds a role, a
    # committee member signed in with their passphrase (or the configured sign-in), never a name typed.
    decider, identified = committee_sign_in("evidence")
    if not state.decision:
        if not can_decide:
            st.info(_("Disabled until the match's end time is recorded.") if end is None else log_unreadable)
        if can_decide and not reg.excusals:
            no_excusal_explained()
        # None chosen at first: a decision of this weight is picked, never left at a default.
        choice = st.radio(_("Decision"), DECISIONS, key="evidence.decision", format_func=decision_label,
                          horizontal=True, disabled=not can_decide, index=None)
        reason = st.text_area(_("Reason (required for not proven)"), key="evidence.reason", max_chars=5000,
                              disabled=not can_decide)
        authority = st.radio(_("Deciding as"), AUTHORITIES, key="evidence.authority", horizontal=True,
                             format_func=fixed(AUTHORITIES, lambda k: _(AUTHORITY_LABELS[k])), disabled=not can_decide,
                             help=_("21.f(5) names the Umpire(s), a Referee and the Host Tournament Committee; an "
                                    "Umpire or the Referee must be the match's own."))
        if st.button(_("Record the decision"), key="evidence.record", disabled=not can_decide or not identified):
            problem = decision_problem(choice, reason)
            if not decider:
                st.warning(_("Sign in first (in the sidebar): it is recorded on every entry."))
            elif problem:
                st.warning(problem)
            elif shown(case.decide, choice, decider, reason, authority=authority, identified=identified):
                st.rerun()
    if state.entries and identified:
        with st.expander(_("Record a correction")), st.form("evidence.correction"):
            entry = st.number_input(_("Entry corrected"), 1, len(state.entries), len(state.entries),
                                    key="evidence.correct_entry")
            why = st.text_input(_("Reason for the correction"), key="evidence.correct_reason", max_chars=5000)
            withdraw = st.checkbox(_("Withdraw the marks of that entry"), key="evidence.correct_withdraw")
            corrected = ("", *DECISIONS)
            new = st.selectbox(_("Corrected decision (optional)"), corrected, key="evidence.correct_decision",
                               format_func=fixed(corrected, lambda k: decision_label(k) if k else "—"))
            if st.form_submit_button(_("Record a correction"), key="evidence.correct_submit"):
                if not decider:
                    st.warning(_("Sign in first (in the sidebar): it is recorded on every entry."))
                else:
                    done = shown(case.correct, int(entry), decider, why, decision=new or None, withdraw=withdraw,
                                 identified=identified)
                    if done:
                        st.success(_("Entry {n}: correction recorded.", n=done["seq"]))
                        wrote = True

with t_int:
    if wrote:
        report = shown(verify_case, case.folder, head=anchor or None)
    verdict = st.container()  # the result first; the optional anchor it was checked against below it
    st.text_input(_("Head hash kept outside the store (optional)"), key="evidence.anchor", max_chars=80,
                  help=_("The head hash from an earlier pack, printout or message. If this log still contains it, "
                         "every entry up to it is as it was then; if not, the log was cut or rewritten since."))
    if anchor_bad:
        st.warning(_("That is not a head hash: give all 64 hexadecimal digits. Checked without it."))
    with verdict:
        if report is None:
            st.info(_("No case yet: nothing has been received or recorded for this match."))
        elif report.intact:
            st.success(_("Intact: {n} entries chained, {o} originals match their hashes.", n=report.entries,
                         o=report.originals))
            if report.anchor:
                st.success(_("The head kept outside the store is entry {n}: entries 1 to {n} are as they were then.",
                             n=report.anchored_entries))
            else:
                st.caption(_("Intact: no entry was altered, removed or reordered and the originals match their "
                             "hashes. A log cut at its end or rewritten whole with new hashes would pass too; only a "
                             "head hash kept outside the store (below) tells them apart."))
        elif report.first.translatable:  # a rule of the log broken: said in the page's language
            st.error(pgettext("said in the page's language", "BROKEN: {problem}",
                              problem=md(report.first.render(lang()))))
        else:
            st.error(_("BROKEN: {problem}", problem=md(report.first)))
        for w in report.warnings if report else ():
            if isinstance(w, Message):
                st.warning(pgettext("said in the page's language", "Warning: {message}", message=md(rendered(w))))
            else:
                st.warning(_("Warning: {message}", message=md(w)))
    if report and report.head:
        st.code(report.head, language=None)
        st.caption(_("Head hash (keep a copy elsewhere): {head}", head=report.head[:16] + "…"))
    if log_ok and state.entries and st.button(_("Build the evidence pack"), key="evidence.build_pack"):
        from review_app.reports.evidence_pack import build_pack, zip_folder

        with tempfile.TemporaryDirectory() as tmp:
            pack = shown(build_pack, case, Path(tmp) / f"evidence-{match_id}")
            if pack:
                st.session_state[f"evidence.pack.{match_id}"] = zip_folder(pack.html.parent)
    data = st.session_state.get(f"evidence.pack.{match_id}")
    if data:
        st.download_button(_("Download the pack (.zip)"), data, file_name=f"evidence-{match_id}.zip",
                           mime="application/zip", key="evidence.download_pack")
