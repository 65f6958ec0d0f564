"""The Evidence page: post-game evidence of a returned excused mount (21.f(5)).

Pick a match; see its mount register, the 24-hour deadline and the time left; receive a video by
upload; mark the frames that show the excused mount being played; record the decision; check the
case's integrity and download the evidence pack. A thin layer: every step is a call into
review_app.evidence, which records it in the case's hash-chained log.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.evidence import DECISIONS, EvidenceCase, list_matches, store_root, verify_case, window
from review_app.evidence.grounds import rule_text
from review_app.footage import Footage
from review_app.ui.i18n import DEFAULT_LANGUAGE, register, t

try:  # the app's shared state: language, folders, reviewer, one-line errors
    from review_app.ui import context
    from review_app.ui.settings import MAX_UPLOAD_MB
    from review_app.ui.textsafe import md
except ImportError:  # the page on its own, without the app's helpers: the same session keys, plain defaults
    context = None
    MAX_UPLOAD_MB = int(st.get_option("server.maxUploadSize"))

    def md(text: object) -> str:
        return re.sub(r"([\\`*_{}\[\]()#+\-.!|>~<$:])", r"\\\1", "" if text is None else str(text))


def _lang() -> str:
    return context.lang() if context else st.session_state.get("app.lang") or DEFAULT_LANGUAGE


def _annotations() -> Path:
    if context:
        return context.folders().annotations
    return Path(os.environ.get("POLO_REVIEW_ANNOTATIONS") or "annotations")


def _reviewer() -> str | None:
    return context.reviewer() if context else st.session_state.get("app.reviewer") or None


def tr(key: str, **fmt) -> str:
    return t(key, _lang(), **fmt)


def error_line(exc: Exception) -> None:
    st.error(tr("common.error", message=str(exc)), icon="⚠️")


register({
    "evidence.title": {"en": "Post-game evidence (21.f(5))", "es": "Pruebas posteriores al partido (21.f(5))"},
    "evidence.intro": {
        "en": "Evidence that an excused mount was returned to play, presented within 24 hours after the game, "
              "grounds a forfeiture. Every step below is recorded in a tamper-evident log.",
        "es": "Una prueba de que un caballo excusado volvió a jugar, presentada dentro de las 24 horas posteriores "
              "al partido, funda la pérdida del partido. Cada paso queda en un registro a prueba de manipulaciones."},
    "evidence.store": {"en": "Evidence store: {path}", "es": "Almacén de pruebas: {path}"},
    "evidence.game_end": {"en": "Game ended (UTC)", "es": "Fin del partido (UTC)"},
    "evidence.deadline": {"en": "Deadline (UTC)", "es": "Plazo (UTC)"},
    "evidence.time_left": {"en": "Time left", "es": "Tiempo restante"},
    "evidence.tab_register": {"en": "Mount register", "es": "Registro de caballos"},
    "evidence.tab_intake": {"en": "Receive evidence", "es": "Recibir pruebas"},
    "evidence.tab_mark": {"en": "Mark frames", "es": "Marcar fotogramas"},
    "evidence.tab_decide": {"en": "Decision", "es": "Decisión"},
    "evidence.tab_integrity": {"en": "Integrity and pack", "es": "Integridad y expediente"},
    "evidence.mounts": {"en": "Mounts ridden", "es": "Caballos montados"},
    "evidence.excusals": {"en": "Excusals", "es": "Caballos excusados"},
    "evidence.no_excusals": {"en": "No mount was excused in this match.", "es": "Ningún caballo fue excusado en este partido."},
    "evidence.unnamed": {"en": "Excused but not named (cannot be followed): {events}",
                         "es": "Excusado sin nombre (no puede seguirse): {events}"},
    "evidence.upload": {"en": "Video presented as evidence", "es": "Vídeo presentado como prueba"},
    "evidence.upload_help": {
        "en": "Up to {mb} MB. Stored read-only under its SHA-256, never under the uploaded name. Larger files: "
              "polo-review evidence add.",
        "es": "Hasta {mb} MB. Se guarda de solo lectura bajo su SHA-256, nunca con el nombre subido. Archivos "
              "mayores: polo-review evidence add."},
    "evidence.from": {"en": "Presented by", "es": "Presentada por"},
    "evidence.received_by": {"en": "Received by", "es": "Recibida por"},
    "evidence.received_at": {"en": "Received at (ISO 8601 with offset; empty = now)",
                             "es": "Recibida el (ISO 8601 con desfase; vacío = ahora)"},
    "evidence.tz": {"en": "Time zone for a time without offset (IANA, e.g. America/New_York)",
                    "es": "Zona horaria para una hora sin desfase (IANA, p. ej. America/Argentina/Buenos_Aires)"},
    "evidence.receive": {"en": "Receive", "es": "Recibir"},
    "evidence.too_large": {"en": "The file is larger than {mb} MB.", "es": "El archivo supera los {mb} MB."},
    "evidence.received_ok": {"en": "Received {id}: SHA-256 {sha}", "es": "Recibida {id}: SHA-256 {sha}"},
    "evidence.duplicate": {"en": "Already received as {id} (same SHA-256); this presentation was recorded against it.",
                           "es": "Ya recibida como {id} (mismo SHA-256); esta presentación quedó registrada en ella."},
    "evidence.late": {"en": "LATE by {d}: recorded, but it cannot ground a forfeiture under 21.f(5).",
                      "es": "FUERA DE PLAZO por {d}: registrada, pero no puede fundar una pérdida del partido por 21.f(5)."},
    "evidence.in_time": {"en": "In time: {d} before the deadline.", "es": "En plazo: {d} antes del vencimiento."},
    "evidence.received_list": {"en": "Evidence received", "es": "Pruebas recibidas"},
    "evidence.none": {"en": "No evidence received yet.", "es": "Todavía no se recibieron pruebas."},
    "evidence.pick_evidence": {"en": "Evidence", "es": "Prueba"},
    "evidence.frame": {"en": "Frame", "es": "Fotograma"},
    "evidence.frame_caption": {"en": "Frame {i} at {t} s (of {n})", "es": "Fotograma {i} a {t} s (de {n})"},
    "evidence.add_frame": {"en": "Add this frame", "es": "Añadir este fotograma"},
    "evidence.clear_frames": {"en": "Clear", "es": "Borrar"},
    "evidence.selected": {"en": "Frames to mark: {frames}", "es": "Fotogramas a marcar: {frames}"},
    "evidence.shows": {"en": "The frames show", "es": "Los fotogramas muestran"},
    "evidence.shows_excusal": {"en": "{mount}, excused under {clause} (event {event})",
                               "es": "{mount}, excusado por {clause} (evento {event})"},
    "evidence.shows_mount": {"en": "{mount} (never excused)", "es": "{mount} (nunca excusado)"},
    "evidence.note": {"en": "Note", "es": "Nota"},
    "evidence.mark": {"en": "Mark these frames", "es": "Marcar estos fotogramas"},
    "evidence.marked": {"en": "Entry {n}: frames marked.", "es": "Entrada {n}: fotogramas marcados."},
    "evidence.marks": {"en": "Marked frames", "es": "Fotogramas marcados"},
    "evidence.locked": {"en": "The case is decided and locked; changes are corrections (below, or polo-review evidence correct).",
                        "es": "El caso está decidido y cerrado; los cambios son correcciones (abajo, o polo-review evidence correct)."},
    "evidence.name_needed": {"en": "Enter your name in the sidebar first: it is recorded on every entry.",
                             "es": "Primero escriba su nombre en la barra lateral: se registra en cada entrada."},
    "evidence.decision": {"en": "Decision", "es": "Decisión"},
    "evidence.reason": {"en": "Reason (required for not proven)", "es": "Motivo (obligatorio si no se prueba)"},
    "evidence.record": {"en": "Record the decision", "es": "Registrar la decisión"},
    "evidence.decided": {"en": "Decision: {d}, by {by}, {at} (entry {n}).", "es": "Decisión: {d}, por {by}, {at} (entrada {n})."},
    "evidence.rule": {"en": "Rule 21.f(5)", "es": "Regla 21.f(5)"},
    "evidence.forfeiture": {"en": "Forfeiture", "es": "Pérdida del partido"},
    "evidence.not-proven": {"en": "Not proven", "es": "No probado"},
    "evidence.out-of-time": {"en": "Out of time", "es": "Fuera de plazo"},
    "evidence.correct": {"en": "Record a correction", "es": "Registrar una corrección"},
    "evidence.correct_entry": {"en": "Entry corrected", "es": "Entrada corregida"},
    "evidence.correct_reason": {"en": "Reason for the correction", "es": "Motivo de la corrección"},
    "evidence.correct_withdraw": {"en": "Withdraw the marks of that entry", "es": "Retirar las marcas de esa entrada"},
    "evidence.correct_decision": {"en": "Corrected decision (optional)", "es": "Decisión corregida (opcional)"},
    "evidence.corrected": {"en": "Entry {n}: correction recorded.", "es": "Entrada {n}: corrección registrada."},
    "evidence.verify": {"en": "Verify now", "es": "Verificar ahora"},
    "evidence.intact": {"en": "Intact: {n} entries chained, {o} originals match their hashes.",
                        "es": "Íntegro: {n} entradas encadenadas, {o} originales coinciden con su hash."},
    "evidence.broken": {"en": "BROKEN at {problem}", "es": "ROTO en {problem}"},
    "evidence.head": {"en": "Head hash (keep a copy elsewhere): {head}", "es": "Hash final (guarde una copia aparte): {head}"},
    "evidence.build_pack": {"en": "Build the evidence pack", "es": "Generar el expediente"},
    "evidence.download_pack": {"en": "Download the pack (.zip)", "es": "Descargar el expediente (.zip)"},
    "evidence.no_end_time": {"en": "This match has no end time; the 24-hour window cannot be computed.",
                             "es": "Este partido no tiene hora de fin; no puede calcularse el plazo de 24 horas."},
})

lang = _lang()
st.title(tr("evidence.title"))
st.caption(tr("evidence.intro"))

docs = list_matches(_annotations())
if not docs:
    st.info(tr("common.no_documents", folder=str(_annotations())))
    st.stop()
by_id = {d.match_id: d for d in docs}
match_id = st.selectbox(tr("common.match"), list(by_id), key="evidence.match",
                        format_func=lambda i: f"{by_id[i].match.get('name') or i} ({i})")
doc = by_id[match_id]
case = EvidenceCase(doc, store_root())
st.caption(md(tr("evidence.store", path=str(case.folder.root.resolve()))))
me = _reviewer()


def shown(call, *args, **kwargs):
    """Run a library call; a user error becomes one line on the page."""
    try:
        return call(*args, **kwargs)
    except PoloReviewError as exc:
        error_line(exc)
        return None


try:
    end, deadline, state = case.game_end(), case.deadline(), case.state()
except PoloReviewError as exc:
    error_line(exc)
    st.stop()
now = window.now_utc()
c1, c2, c3 = st.columns(3)
c1.metric(tr("evidence.game_end"), window.utc_text(end))
c2.metric(tr("evidence.deadline"), window.utc_text(deadline))
c3.metric(tr("evidence.time_left"), window.time_left_text(deadline, now, lang))
if state.locked:
    st.info(tr("evidence.locked"))

t_reg, t_in, t_mark, t_dec, t_int = st.tabs([tr("evidence.tab_register"), tr("evidence.tab_intake"), tr("evidence.tab_mark"),
                                             tr("evidence.tab_decide"), tr("evidence.tab_integrity")])
reg = case.register()

with t_reg:
    st.subheader(tr("evidence.excusals"))
    if reg.excusals:
        st.dataframe(pd.DataFrame([{
            tr("common.clause"): e.clause, "event": e.event, "mount": e.mount,
            "player": f"{e.team} #{e.number}" if e.team else "", tr("common.period"): e.period, "clock": e.clock,
            tr("common.frame"): e.frame, tr("common.time"): round(e.time_s, 3),
            "seen again": ", ".join(f"{s.event} ({tr('common.frame')} {s.frame})" for s in e.returned)}
            for e in reg.excusals]), hide_index=True, key="evidence.excusals_table")
    else:
        st.write(tr("evidence.no_excusals"))
    if reg.unnamed_excusals:
        st.warning(tr("evidence.unnamed", events=", ".join(reg.unnamed_excusals)))
    st.subheader(tr("evidence.mounts"))
    st.dataframe(pd.DataFrame([{"mount": m.mount, "riders": ", ".join(f"{t} #{n}" for t, n in m.riders),
                                "events": ", ".join(s.event for s in m.sightings)} for m in reg.mounts.values()]),
                 hide_index=True, key="evidence.mounts_table")

with t_in:
    with st.form("evidence.intake", clear_on_submit=True):
        upload = st.file_uploader(tr("evidence.upload"), key="evidence.upload",
                                  help=tr("evidence.upload_help", mb=MAX_UPLOAD_MB))
        st.caption(tr("evidence.upload_help", mb=MAX_UPLOAD_MB))
        presented_by = st.text_input(tr("evidence.from"), key="evidence.from", max_chars=200)
        received_by = st.text_input(tr("evidence.received_by"), value=me or "", key="evidence.received_by", max_chars=200)
        received_at = st.text_input(tr("evidence.received_at"), key="evidence.received_at", placeholder="2026-06-15T09:30:00-03:00")
        tz = st.text_input(tr("evidence.tz"), key="evidence.tz")
        if st.form_submit_button(tr("evidence.receive"), key="evidence.receive") and upload is not None:
            if upload.size > MAX_UPLOAD_MB * 2**20:
                st.error(tr("evidence.too_large", mb=MAX_UPLOAD_MB))
            else:
                with tempfile.TemporaryDirectory() as tmp:
                    # The upload is written under a fixed name; its own name is only recorded as a fact.
                    path = Path(tmp) / "upload.bin"
                    path.write_bytes(upload.getbuffer())
                    when = shown(window.parse_time, received_at, tz or None) if received_at.strip() else None
                    got = None if (received_at.strip() and when is None) else shown(
                        case.add, path, presented_by, received_by, when, presented_name=upload.name)
                if got:
                    ev, duplicate = got
                    r = ev.receipts[-1]
                    st.success(tr("evidence.duplicate", id=ev.id) if duplicate else tr("evidence.received_ok", id=ev.id, sha=ev.sha256))
                    (st.info if r["in_time"] else st.error)(
                        tr("evidence.in_time" if r["in_time"] else "evidence.late", d=window.duration_text(r["margin_s"])))
                    state = case.state()
    st.subheader(tr("evidence.received_list"))
    if state.evidence:
        st.dataframe(pd.DataFrame([{
            "id": e.id, "received (UTC)": e.received_at, tr("evidence.from"): e.presented_by,
            tr("evidence.received_by"): e.received_by,
            "window": tr("evidence.in_time" if e.in_time else "evidence.late", d=window.duration_text(e.margin_s)),
            "sha256": e.sha256} for e in state.evidence.values()]), hide_index=True, key="evidence.list")
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
        options = [("excusal", e.event) for e in reg.excusals] + [
            ("mount", m.mount) for m in reg.mounts.values() if m.mount.casefold() not in {e.mount.casefold() for e in reg.excusals}]
        excusal_by_event = {e.event: e for e in reg.excusals}
        if options and not state.locked:
            what = st.selectbox(tr("evidence.shows"), options, key="evidence.shows", format_func=lambda o: (
                tr("evidence.shows_excusal", mount=excusal_by_event[o[1]].mount, clause=excusal_by_event[o[1]].clause,
                   event=o[1]) if o[0] == "excusal" else tr("evidence.shows_mount", mount=o[1])))
            note = st.text_input(tr("evidence.note"), key="evidence.note", max_chars=5000)
            if st.button(tr("evidence.mark"), key="evidence.mark", disabled=not chosen):
                if not me:
                    st.warning(tr("evidence.name_needed"))
                else:
                    m = shown(case.mark, ev_id, sorted(chosen), me, note=note,
                              **({"excusal": what[1]} if what[0] == "excusal" else {"mount": what[1]}))
                    if m:
                        st.success(tr("evidence.marked", n=m.seq))
                        chosen.clear()
                        state = case.state()
    if state.marks:
        st.subheader(tr("evidence.marks"))
        st.dataframe(pd.DataFrame([{
            "entry": m.seq, "evidence": m.evidence, tr("common.frame"): ", ".join(f"{f['frame']} ({f['time_s']:.3f} s)" for f in m.frames),
            "excusal": m.excusal or "—", "mount": m.mount, "by": m.by, "withdrawn": m.withdrawn_by or ""}
            for m in state.marks]), hide_index=True, key="evidence.marks_table")

with t_dec:
    text = rule_text()
    st.markdown(f"**{tr('evidence.rule')}**")
    st.caption(md(text.get(lang) or text["en"]))
    if lang != "en":
        st.caption(tr("common.spanish_note"))
    if state.decision:
        d = state.decision
        st.success(tr("evidence.decided", d=tr(f"evidence.{d.decision}"), by=d.by, at=d.at, n=d.seq))
        if d.data.get("reason"):
            st.write(md(d.data["reason"]))
    else:
        choice = st.radio(tr("evidence.decision"), DECISIONS, key="evidence.decision",
                          format_func=lambda k: tr(f"evidence.{k}"), horizontal=True)
        reason = st.text_area(tr("evidence.reason"), key="evidence.reason", max_chars=5000)
        if st.button(tr("evidence.record"), key="evidence.record"):
            if not me:
                st.warning(tr("evidence.name_needed"))
            elif shown(case.decide, choice, me, reason):
                st.rerun()
    if state.entries:
        with st.expander(tr("evidence.correct")), st.form("evidence.correction"):
            entry = st.number_input(tr("evidence.correct_entry"), 1, len(state.entries), len(state.entries),
                                    key="evidence.correct_entry")
            why = st.text_input(tr("evidence.correct_reason"), key="evidence.correct_reason", max_chars=5000)
            withdraw = st.checkbox(tr("evidence.correct_withdraw"), key="evidence.correct_withdraw")
            new = st.selectbox(tr("evidence.correct_decision"), ("", *DECISIONS), key="evidence.correct_decision",
                               format_func=lambda k: tr(f"evidence.{k}") if k else "—")
            if st.form_submit_button(tr("evidence.correct"), key="evidence.correct_submit"):
                if not me:
                    st.warning(tr("evidence.name_needed"))
                else:
                    done = shown(case.correct, int(entry), me, why, decision=new or None, withdraw=withdraw)
                    if done:
                        st.success(tr("evidence.corrected", n=done["seq"]))

with t_int:
    report = verify_case(case.folder)
    if report.intact:
        st.success(tr("evidence.intact", n=report.entries, o=report.originals))
    else:
        st.error(tr("evidence.broken", problem=str(report.first)))
    for w in report.warnings:
        st.warning(w)
    if report.head:
        st.code(report.head, language=None)
        st.caption(tr("evidence.head", head=report.head[:16] + "…"))
    if state.entries and st.button(tr("evidence.build_pack"), key="evidence.build_pack"):
        from review_app.evidence.pack import build_pack, zip_folder

        with tempfile.TemporaryDirectory() as tmp:
            pack = shown(build_pack, case, Path(tmp) / f"evidence-{match_id}")
            if pack:
                st.session_state[f"evidence.pack.{match_id}"] = zip_folder(pack.html.parent)
    data = st.session_state.get(f"evidence.pack.{match_id}")
    if data:
        st.download_button(tr("evidence.download_pack"), data, file_name=f"evidence-{match_id}.zip",
                           mime="application/zip", key="evidence.download_pack")
