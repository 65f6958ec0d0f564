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
from pathlib import Path

import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.evidence import (
    DECISIONS,
    CaseState,
    EvidenceCase,
    default_match,
    list_matches,
    store_root,
    verify_case,
    window,
)
from review_app.evidence.grounds import rule_text
from review_app.evidence.verify import check_head
from review_app.footage import Footage
from review_app.ui.context import error_line, fixed, folders, reviewer, tr
from review_app.ui.context import lang as page_language
from review_app.evidence.page_strings import EVIDENCE_STRINGS
from review_app.i18n import register
from review_app.config import MAX_UPLOAD_MB
from review_app.textsafe import md

register(EVIDENCE_STRINGS)

lang = page_language()
st.title(tr("evidence.title"))
st.caption(tr("evidence.intro"))

docs = list_matches(folders().annotations)
if not docs:
    st.info(tr("common.no_documents", folder=str(folders().annotations)))
    st.stop()
by_id = {d.match_id: d for d in docs}
# The first time, the picker opens on a match with an excusal and an end time; then it keeps the reviewer's choice.
first = {} if "evidence.match" in st.session_state else {"index": default_match(docs)}
match_id = st.selectbox(tr("common.match"), list(by_id), key="evidence.match", **first,
                        format_func=fixed(by_id, lambda i: f"{by_id[i].match.get('name') or i} ({i})"))
doc = by_id[match_id]
case = EvidenceCase(doc, store_root())
st.caption(md(tr("evidence.store", path=str(case.folder.root.resolve()))))
me = reviewer()


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
if not log_ok:
    st.warning(tr("evidence.log_unreadable"))
    state = CaseState()
end = deadline = None
if not doc.match.get("end_time_utc"):
    st.warning(tr("evidence.no_end_time", path=md(doc.path)), icon=":material/schedule:")
else:
    try:
        end = case.game_end()
        deadline = window.deadline_after(end)
    except PoloReviewError as exc:
        st.warning(tr("evidence.bad_end_time", message=md(exc)), icon=":material/schedule:")
if end is not None:
    now = window.now_utc()
    # Plain text, not st.metric: a metric's large type cuts a full UTC time short in a third of the page.
    with st.container(border=True):
        for col, label, value in zip(st.columns(3), ("evidence.game_end", "evidence.deadline", "evidence.time_left"), (
                window.utc_text(end), window.utc_text(deadline), window.time_left_text(deadline, now, lang))):
            col.caption(tr(label))
            col.markdown(f"**{value}**")
opened_end = (state.opened or {}).get("end_time_utc")
if opened_end and opened_end != (window.utc_text(end) if end else None):
    st.warning(tr("evidence.end_moved", opened=opened_end, now=window.utc_text(end) if end else "—"))
if state.locked:
    st.info(tr("evidence.locked"))
can_receive = end is not None and log_ok
can_decide = end is not None and log_ok

# Checked once per run (the anchor as last typed in the Integrity tab): the Decision tab needs it too.
anchor = (st.session_state.get("evidence.anchor") or "").strip()
try:
    anchor = check_head(anchor) if anchor else ""
    anchor_bad = False
except PoloReviewError:
    anchor, anchor_bad = "", True  # said in the Integrity tab, in the page's language
report = shown(verify_case, case.folder, head=anchor or None) if case.folder.path.exists() else None
if report is not None and report.empty and not anchor:
    report = None  # nothing received or recorded yet (a folder may hold only the lock): nothing broken
wrote = False  # an entry appended further down this run: the Integrity tab checks again

t_reg, t_in, t_mark, t_dec, t_int = st.tabs([tr("evidence.tab_register"), tr("evidence.tab_intake"), tr("evidence.tab_mark"),
                                             tr("evidence.tab_decide"), tr("evidence.tab_integrity")])


def rider(team: str | None, number: int | None) -> str:
    return f"{team} #{number}" if team else ""


with t_reg:
    for e in reg.excusals:
        if e.returned:
            seen = ", ".join(tr("evidence.seen_in", event=s.event, frame=s.frame,
                                rider=f", {rider(s.team, s.number)}" if s.team else "") for s in e.returned)
            st.warning(tr("evidence.returned", mount=md(e.mount), clause=e.clause, event=e.event, seen=seen),
                       icon=":material/warning:")
    st.subheader(tr("evidence.excusals"))
    if reg.excusals:
        st.dataframe(pd.DataFrame([{
            tr("common.clause"): e.clause, tr("evidence.col.event"): e.event, tr("evidence.col.mount"): e.mount,
            tr("evidence.col.player"): rider(e.team, e.number), tr("common.period"): e.period,
            tr("evidence.col.clock"): e.clock, tr("common.frame"): e.frame, tr("common.time"): round(e.time_s, 3),
            tr("evidence.col.seen_again"): ", ".join(f"{s.event} ({tr('common.frame')} {s.frame})" for s in e.returned)}
            for e in reg.excusals]), hide_index=True, key="evidence.excusals_table")
    else:
        st.write(tr("evidence.no_excusals"))
    if reg.unnamed_excusals:
        st.warning(tr("evidence.unnamed", events=", ".join(reg.unnamed_excusals)))
    st.subheader(tr("evidence.mounts"))
    st.dataframe(pd.DataFrame([{
        tr("evidence.col.mount"): m.mount, tr("evidence.col.riders"): ", ".join(rider(t, n) for t, n in m.riders),
        tr("evidence.col.events"): ", ".join(s.event for s in m.sightings)} for m in reg.mounts.values()]),
        hide_index=True, key="evidence.mounts_table")

with t_in:
    if not can_receive:
        st.info(tr("evidence.needs_end_time") if end is None else tr("evidence.log_unreadable"))
    for kind, key, fmt in st.session_state.pop("evidence.flash", []):  # the outcome of the last receipt
        getattr(st, kind)(tr(key, **fmt))
    zones = window.zone_names()
    zone_now = st.session_state.get("evidence.zone") or zones[0]
    # Not cleared on submit, so a refused time or name keeps what was entered; after a receipt the fields of
    # the next one get new keys (the generation), which empties them, the file included.
    gen = st.session_state.setdefault("evidence.intake_gen", 0)
    with st.form("evidence.intake"):
        off = not can_receive
        upload = st.file_uploader(tr("evidence.upload"), key=f"evidence.upload.{gen}", disabled=off,
                                  help=tr("evidence.upload_help", mb=MAX_UPLOAD_MB))
        st.caption(tr("evidence.upload_help", mb=MAX_UPLOAD_MB))
        presented_by = st.text_input(tr("evidence.from"), key=f"evidence.from.{gen}", max_chars=200, disabled=off)
        if me and not (st.session_state.get("evidence.received_by") or "").strip():
            st.session_state["evidence.received_by"] = me  # the reviewer, also once named after the page opened
        received_by = st.text_input(tr("evidence.received_by"), key="evidence.received_by", max_chars=200, disabled=off)
        at_now = st.checkbox(tr("evidence.at_now"), value=True, key=f"evidence.at_now.{gen}", disabled=off)
        c1, c2 = st.columns(2)
        # A date and a time as the zone's clocks showed them; the library reads them in that zone, as the
        # command line reads --received-at with --tz, and refuses a time the clocks skipped or repeated.
        moment = c1.datetime_input(tr("evidence.received_at"), value=window.wall_clock(window.now_utc(), zone_now),
                                   key=f"evidence.received_at.{gen}", step=60, format="YYYY-MM-DD", disabled=off)
        zone = c2.selectbox(tr("evidence.zone"), zones, key="evidence.zone", help=tr("evidence.zone_help"),
                            disabled=off)  # UTC first: the default
        if st.form_submit_button(tr("evidence.receive"), key="evidence.receive", disabled=off):
            # Ticked: the library takes its own clock at the moment of receipt (as the command line without
            # --received-at). Unticked: the same call as --received-at TIME --tz ZONE.
            when = None if at_now else shown(window.parse_time, moment.isoformat(timespec="seconds"), zone)
            if at_now or when is not None:  # else shown() has put the refusal on the page
                if upload is None:
                    st.warning(tr("evidence.no_file"))
                elif not presented_by.strip() or not received_by.strip():
                    st.warning(tr("evidence.names_needed"))
                elif upload.size > MAX_UPLOAD_MB * 2**20:
                    st.error(tr("evidence.too_large", mb=MAX_UPLOAD_MB))
                else:
                    with tempfile.TemporaryDirectory() as tmp:
                        # The upload is written under a fixed name; its own name is only recorded as a fact.
                        path = Path(tmp) / "upload.bin"
                        path.write_bytes(upload.getbuffer())
                        got = shown(case.add, path, presented_by, received_by, when, presented_name=upload.name)
                    if got:
                        ev, duplicate = got
                        r = ev.receipts[-1]
                        st.session_state["evidence.flash"] = [
                            ("success", "evidence.duplicate", {"id": ev.id, "at": r["received_at"]}) if duplicate else
                            ("success", "evidence.received_ok", {"id": ev.id, "at": r["received_at"], "sha": ev.sha256}),
                            ("info", "evidence.in_time", {"d": window.duration_text(r["margin_s"])}) if r["in_time"] else
                            ("error", "evidence.late", {"d": window.duration_text(r["margin_s"])})]
                        st.session_state["evidence.intake_gen"] = gen + 1
                        st.rerun()
    st.subheader(tr("evidence.received_list"))
    if state.evidence:
        st.dataframe(pd.DataFrame([{
            tr("evidence.col.id"): e.id, tr("evidence.col.received"): e.received_at, tr("evidence.from"): e.presented_by,
            tr("evidence.received_by"): e.received_by,
            tr("evidence.col.window"): tr("evidence.in_time" if e.in_time else "evidence.late",
                                          d=window.duration_text(e.margin_s)),
            tr("evidence.col.presentations"): len(e.receipts),
            "SHA-256": e.sha256} for e in state.evidence.values()]), hide_index=True, key="evidence.list")
        again = [(e, r) for e in state.evidence.values() if len(e.receipts) > 1 for r in e.receipts]
        if again:  # every presentation of a video received more than once, with the entry that recorded it
            st.caption(tr("evidence.presentations"))
            st.dataframe(pd.DataFrame([{
                tr("evidence.col.id"): e.id, tr("evidence.col.received"): r["received_at"],
                tr("evidence.from"): r["presented_by"], tr("evidence.received_by"): r["received_by"],
                tr("evidence.col.window"): tr("evidence.in_time_short" if r["in_time"] else "evidence.late_short"),
                tr("evidence.col.entry"): r["seq"], tr("evidence.col.recorded"): r["recorded"]} for e, r in again]),
                hide_index=True, key="evidence.presentations_table")
    else:
        st.write(tr("evidence.none"))

with t_mark:
    if not state.evidence:
        st.write(tr("evidence.none"))
    else:
        ev_id = st.selectbox(tr("evidence.pick_evidence"), list(state.evidence), key="evidence.mark_evidence")
        ev = state.evidence[ev_id]
        chosen_key = f"evidence.chosen.{match_id}.{ev_id}"
        chosen: list[int] = st.session_state.setdefault(chosen_key, [])
        last = max(0, int(ev.video["frame_count"]) - 1)
        frame_key = f"evidence.frame.{match_id}.{ev_id}"
        st.session_state.setdefault(frame_key, 0)
        cols = st.columns(5)
        for col, step in zip(cols, (-10, -1, 1, 10)):
            if col.button(f"{step:+d}", key=f"evidence.step{step}"):
                st.session_state[frame_key] = max(0, min(last, st.session_state[frame_key] + step))
        index = cols[4].number_input(tr("evidence.frame"), 0, last, key=frame_key, step=1)
        frame = None
        video = shown(Footage, case.original_path(ev))  # a missing or altered original is one line, not a crash
        if video is not None:
            with video:
                frame = shown(video.frame, int(index))
        if frame is not None:
            st.image(frame.image, channels="BGR", caption=tr("evidence.frame_caption", i=frame.index,
                                                              t=f"{frame.time_s:.3f}", n=ev.video["frame_count"]))
        b1, b2 = st.columns(2)
        if b1.button(tr("evidence.add_frame"), key="evidence.add_frame") and int(index) not in chosen:
            chosen.append(int(index))
        if b2.button(tr("evidence.clear_frames"), key="evidence.clear_frames"):
            chosen.clear()
        st.write(tr("evidence.selected", frames=", ".join(map(str, sorted(chosen))) or "—"))
        excused = {e.mount.casefold() for e in reg.excusals}
        options = [("excusal", e.event) for e in reg.excusals] + [
            ("mount", m.mount) for m in reg.mounts.values() if m.mount.casefold() not in excused]
        excusal_by_event = {e.event: e for e in reg.excusals}
        if options and not state.locked:
            what = st.selectbox(tr("evidence.shows"), options, key="evidence.shows", format_func=fixed(options, lambda o: (
                tr("evidence.shows_excusal", mount=excusal_by_event[o[1]].mount, clause=excusal_by_event[o[1]].clause,
                   event=o[1]) if o[0] == "excusal" else tr("evidence.shows_mount", mount=o[1]))))
            note = st.text_input(tr("evidence.note"), key="evidence.note", max_chars=5000)
            if st.button(tr("evidence.mark"), key="evidence.mark", disabled=not chosen):
                if not me:
                    st.warning(tr("evidence.name_needed"))
                else:
                    m = shown(case.mark, ev_id, sorted(chosen), me, note=note,
                              **({"excusal": what[1]} if what[0] == "excusal" else {"mount": what[1]}))
                    if m:
                        st.success(tr("evidence.marked", n=m.seq))
                        wrote = True
                        chosen.clear()
                        state = case.state()
    if state.marks:
        st.subheader(tr("evidence.marks"))
        st.dataframe(pd.DataFrame([{
            tr("evidence.col.entry"): m.seq, tr("evidence.col.id"): m.evidence,
            tr("common.frame"): ", ".join(f"{f['frame']} ({f['time_s']:.3f} s)" for f in m.frames),
            tr("evidence.col.excusal"): m.excusal or "—", tr("evidence.col.mount"): m.mount, tr("evidence.col.by"): m.by,
            tr("evidence.col.withdrawn"): m.withdrawn_by or ""}
            for m in state.marks]), hide_index=True, key="evidence.marks_table")

decision_label = fixed(DECISIONS, lambda k: tr(f"evidence.{k}"))
with t_dec:
    text = rule_text()
    st.markdown(f"**{tr('evidence.rule')}**")
    st.caption(md(text.get(lang) or text["en"]))
    if lang != "en":
        st.caption(tr("common.spanish_note"))
    if state.decision:
        d = state.decision
        st.success(tr("evidence.decided", d=decision_label(d.decision), by=md(d.by), at=d.at, n=d.seq))
        if d.data.get("reason"):
            st.write(md(d.data["reason"]))
        altered = sorted({g["evidence"] for g in d.data.get("grounds", [])} & set(report.altered if report else ()))
        if altered:
            st.error(tr("evidence.grounds_altered", ids=", ".join(altered)), icon=":material/warning:")
        if d.data.get("forfeiting_teams"):
            st.error(tr("evidence.forfeiting", teams=md(", ".join(t["name"] for t in d.data["forfeiting_teams"]))),
                     icon=":material/gavel:")
        if d.data.get("grounds"):
            st.dataframe(pd.DataFrame([{
                tr("evidence.col.entry"): g["mark_entry"], tr("evidence.col.id"): g["evidence"],
                tr("evidence.col.received"): g["received_at"], tr("evidence.col.mount"): g["mount"],
                tr("common.clause"): g["clause"], tr("evidence.col.excusal"): g["excusal"],
                tr("common.frame"): ", ".join(str(f["frame"]) for f in g["frames"])} for g in d.data["grounds"]]),
                hide_index=True, key="evidence.grounds_table")
    else:
        if not can_decide:
            st.info(tr("evidence.needs_end_time") if end is None else tr("evidence.log_unreadable"))
        choice = st.radio(tr("evidence.decision"), DECISIONS, key="evidence.decision", format_func=decision_label,
                          horizontal=True, disabled=not can_decide)
        reason = st.text_area(tr("evidence.reason"), key="evidence.reason", max_chars=5000, disabled=not can_decide)
        if st.button(tr("evidence.record"), key="evidence.record", disabled=not can_decide):
            if not me:
                st.warning(tr("evidence.name_needed"))
            elif choice == "not-proven" and not reason.strip():
                st.warning(tr("evidence.reason_needed"))
            elif shown(case.decide, choice, me, reason):
                st.rerun()
    if state.entries:
        with st.expander(tr("evidence.correct")), st.form("evidence.correction"):
            entry = st.number_input(tr("evidence.correct_entry"), 1, len(state.entries), len(state.entries),
                                    key="evidence.correct_entry")
            why = st.text_input(tr("evidence.correct_reason"), key="evidence.correct_reason", max_chars=5000)
            withdraw = st.checkbox(tr("evidence.correct_withdraw"), key="evidence.correct_withdraw")
            corrected = ("", *DECISIONS)
            new = st.selectbox(tr("evidence.correct_decision"), corrected, key="evidence.correct_decision",
                               format_func=fixed(corrected, lambda k: decision_label(k) if k else "—"))
            if st.form_submit_button(tr("evidence.correct"), key="evidence.correct_submit"):
                if not me:
                    st.warning(tr("evidence.name_needed"))
                else:
                    done = shown(case.correct, int(entry), me, why, decision=new or None, withdraw=withdraw)
                    if done:
                        st.success(tr("evidence.corrected", n=done["seq"]))
                        wrote = True

with t_int:
    if wrote:
        report = shown(verify_case, case.folder, head=anchor or None)
    verdict = st.container()  # the result first; the optional anchor it was checked against below it
    st.text_input(tr("evidence.anchor"), key="evidence.anchor", max_chars=80, help=tr("evidence.anchor_help"))
    if anchor_bad:
        st.warning(tr("evidence.anchor_bad"))
    with verdict:
        if report is None:
            st.info(tr("evidence.no_case"))
        elif report.intact:
            st.success(tr("evidence.intact", n=report.entries, o=report.originals))
            if report.anchor:
                st.success(tr("evidence.anchored", n=report.anchored_entries))
            else:
                st.caption(tr("evidence.intact_limits"))
        else:
            st.error(tr("evidence.broken", problem=md(report.first)))
        for w in report.warnings if report else ():
            st.warning(tr("evidence.verify_warning", message=md(w)))
    if report and report.head:
        st.code(report.head, language=None)
        st.caption(tr("evidence.head", head=report.head[:16] + "…"))
    if log_ok and state.entries and st.button(tr("evidence.build_pack"), key="evidence.build_pack"):
        from review_app.evidence.pack import build_pack, zip_folder

        with tempfile.TemporaryDirectory() as tmp:
            pack = shown(build_pack, case, Path(tmp) / f"evidence-{match_id}")
            if pack:
                st.session_state[f"evidence.pack.{match_id}"] = zip_folder(pack.html.parent)
    data = st.session_state.get(f"evidence.pack.{match_id}")
    if data:
        st.download_button(tr("evidence.download_pack"), data, file_name=f"evidence-{match_id}.zip",
                           mime="application/zip", key="evidence.download_pack")
