"""Review page, right: the tag form at the current position (clause, facts, call, players,
umpire, notes) and the list of tags (jump, edit, delete). What follows a save (verdict, undo,
conflict) is in review_saves.py."""

from __future__ import annotations

import copy

import pandas as pd
import streamlit as st

from review_app.model import (
    MatchDocument,
    next_event_id,
)
from review_app.rules import provision
from review_app.rules.provision import CALL_FIELDS, Fact
from review_app.ui.context import error_line, fixed, lang, reviewer, tr
from review_app.i18n import pick, register
from review_app.rules.labels import (
    call_field_label,
    value_label,
    verdict_label,
)
from review_app.ui.review_saves import FORM, clause_text, save_change
from review_app.model.edits import (
    TagError,
    build_event,
    delete_event,
    put_event,
)
from review_app.rules.search import clause_label, search_provisions
from review_app.textsafe import md
from review_app.footage.viewer import format_time

register({
    "review.form_new": {"en": "New tag {id} at frame {frame} ({time})", "es": "Nueva etiqueta {id} en el fotograma {frame} ({time})"},
    "review.form_edit": {"en": "Edit tag {id} at frame {frame} ({time})", "es": "Editar etiqueta {id} en el fotograma {frame} ({time})"},
    "review.search": {"en": "Find the situation (clause or name)", "es": "Buscar la situación (cláusula o nombre)"},
    "review.situation": {"en": "Situation (Rule 21 clause)", "es": "Situación (cláusula de la Regla 21)"},
    "review.no_match": {"en": "No clause matches that search.", "es": "Ninguna cláusula coincide con la búsqueda."},
    "review.clause_text": {"en": "What the rulebook says", "es": "Qué dice el reglamento"},
    "review.facts": {"en": "Facts seen", "es": "Hechos observados"},
    "review.call": {"en": "The call made", "es": "La decisión tomada"},
    "review.involved": {"en": "Who was involved", "es": "Quiénes intervinieron"},
    "review.player": {"en": "Player {n}: team", "es": "Jugador {n}: equipo"},
    "review.number": {"en": "Number", "es": "Número"},
    "review.mount": {"en": "Mount ridden", "es": "Caballo montado"},
    "review.mount_concerned": {"en": "Mount the situation concerns", "es": "Caballo al que se refiere la situación"},
    "review.umpire": {"en": "Umpire who made the call", "es": "Umpire que tomó la decisión"},
    "review.period": {"en": "Period", "es": "Chukker"},
    "review.clock": {"en": "Game clock (m:ss)", "es": "Reloj de juego (m:ss)"},
    "review.notes": {"en": "Notes", "es": "Notas"},
    "review.move_here": {"en": "Move the tag to the current frame ({frame})", "es": "Mover la etiqueta al fotograma actual ({frame})"},
    "review.not_recorded": {"en": "not recorded", "es": "sin registrar"},
    "review.optional": {"en": "optional", "es": "opcional"},
    "review.saved": {"en": "Saved {id}: {verdict}", "es": "Guardada {id}: {verdict}"},
    "review.tags": {"en": "Tags ({n})", "es": "Etiquetas ({n})"},
    "review.no_tags": {"en": "No tags yet. Step to a stoppage and press Tag here (T).",
                       "es": "Aún no hay etiquetas. Vaya a una detención y pulse Etiquetar (T)."},
    "review.pick_tag": {"en": "Tag", "es": "Etiqueta"},
    "review.jump": {"en": "Jump to", "es": "Ir a"},
    "review.edit": {"en": "Edit", "es": "Editar"},
    "review.delete": {"en": "Delete", "es": "Borrar"},
    "review.deleted": {"en": "Deleted tag {id}.", "es": "Etiqueta {id} eliminada."},
    "review.undo": {"en": "Undo", "es": "Deshacer"},
    "review.undone": {"en": "Restored tag {id}.", "es": "Etiqueta {id} restaurada."},
    "review.conflict": {
        "en": "Not saved: someone else saved this match meanwhile (revision {theirs} on disk; you started from "
              "revision {mine}). Nothing was overwritten. The versions differ here:",
        "es": "No se guardó: otra persona guardó este partido mientras tanto (revisión {theirs} en disco; usted "
              "partió de la revisión {mine}). No se sobrescribió nada. Las versiones difieren aquí:"},
    "review.yours": {"en": "Your version", "es": "Su versión"},
    "review.only_yours": {"en": "only in your version", "es": "solo en su versión"},
    "review.only_theirs": {"en": "only in the saved version", "es": "solo en la versión guardada"},
    "review.differs_in": {"en": "differs in {fields}", "es": "difiere en {fields}"},
    "review.theirs": {"en": "Saved version (on disk)", "es": "Versión guardada (en disco)"},
    "review.apply_mine": {"en": "Make my change on the saved version", "es": "Aplicar mi cambio sobre la versión guardada"},
    "review.field": {"en": "Field", "es": "Campo"},
    "review.both_added": {"en": "You both added a new tag {id}: making your change keeps theirs and saves yours "
                                "under the next free id.",
                          "es": "Ambos agregaron una etiqueta nueva {id}: aplicar su cambio conserva la otra y guarda "
                                "la suya con el siguiente id libre."},
    "review.both_versions": {"en": "Both versions of {what} in full", "es": "Las dos versiones de {what} completas"},
    "review.renamed": {"en": "{old} was taken meanwhile: your tag was saved as {new}.",
                       "es": "{old} se usó mientras tanto: su etiqueta se guardó como {new}."},
    "review.discard_mine": {"en": "Discard my change", "es": "Descartar mi cambio"},
    "review.col_tag": {"en": "Tag", "es": "Etiqueta"},
    "review.col_time": {"en": "Time", "es": "Tiempo"},
    "review.col_who": {"en": "Umpire", "es": "Umpire"},
    "review.col_reviewer": {"en": "Reviewer", "es": "Revisor"},
    "review.col_notes": {"en": "Notes", "es": "Notas"},
})



# -- opening the form ---------------------------------------------------------------

def open_form(doc: MatchDocument, frame: int, time_s: float, event: dict | None = None) -> None:
    """Open the tag form on a copy of the match as it is now (the base its save is checked against)."""
    form = st.session_state.get(FORM)
    if event is None and form and form["mode"] == "new" and form["base"].path == doc.path:
        # Tag here again while a new tag is open: the same tag, moved to this frame; what was typed stays
        form.update(frame=frame, time_s=time_s)
        return
    base = doc.copy()
    if event is None:
        previous = [e for e in doc.events_in_order() if e["position"]["frame"] <= frame]
        last = previous[-1] if previous else {}
        st.session_state[FORM] = {
            "mode": "new", "id": next_event_id(doc), "frame": frame, "time_s": time_s, "base": base,
            "event": {"situation": last.get("situation", "21.b"), "period": last.get("period"),
                      "involved": {"umpire": (last.get("involved") or {}).get("umpire")}},
        }
    else:
        st.session_state[FORM] = {"mode": "edit", "id": event["id"], "frame": event["position"]["frame"],
                                  "time_s": event["position"]["time_s"], "base": base,
                                  "event": copy.deepcopy(event)}
    st.session_state.pop("review.form.search", None)
    st.session_state.pop("review.form.situation", None)


# -- widgets for facts and call fields ----------------------------------------------------

def _value_text(value) -> str:
    return tr("review.not_recorded") if value is None else value_label(value, lang())


def _tri_state(label: str, key: str, value):
    options = [None, True, False]
    return st.radio(label, options, index=options.index(value) if value in options else 0, key=key,
                    horizontal=True, format_func=fixed(options, _value_text))


def _choice(label: str, key: str, choices, value):
    options = [None, *choices]
    return st.selectbox(label, options, index=options.index(value) if value in options else 0, key=key,
                        format_func=fixed(options, _value_text))


def fact_widget(fact: Fact, key: str, value):
    label = pick(fact.label, lang()) + (f" ({fact.unit})" if fact.unit else "") + \
        ("" if fact.required else f" ({tr('review.optional')})")
    if fact.kind == "bool":
        return _tri_state(label, key, value)
    if fact.kind == "enum":
        return _choice(label, key, fact.choices, value)
    if fact.kind == "number":
        return st.number_input(label, min_value=0.0, value=None if value is None else float(value), key=key)
    return st.text_input(label, value=value or "", key=key, max_chars=500)


def call_widget(name: str, spec, key: str, value):
    label = call_field_label(name, lang())
    if spec == "bool":
        return _tri_state(label, key, value)
    if spec == "number":
        return st.number_input(label, min_value=0.0, value=None if value is None else float(value), key=key)
    if spec == "text":
        return st.text_input(label, value=value or "", key=key, max_chars=500)
    return _choice(label, key, spec, value)



# -- the form ------------------------------------------------------------------------------

def tag_form(doc: MatchDocument, current_frame: int, current_time: float) -> None:
    form = st.session_state.get(FORM)
    if not form:
        return
    if form["base"].path != doc.path:
        st.session_state.pop(FORM, None)
        return
    event, eid = form["event"], form["id"]
    title = "review.form_new" if form["mode"] == "new" else "review.form_edit"
    st.subheader(tr(title, id=eid, frame=form["frame"], time=format_time(form["time_s"], 2)))

    query = st.text_input(tr("review.search"), key="review.form.search", placeholder="21.d / injured / lesión")
    found = [p.id for p in search_provisions(query, lang())]
    if not found:
        st.warning(tr("review.no_match"))
        found = [event.get("situation") or "21.b"]
    if st.session_state.get("review.form.situation") not in found:
        st.session_state["review.form.situation"] = event.get("situation") if event.get("situation") in found else found[0]
    situation = st.selectbox(tr("review.situation"), found, key="review.form.situation",
                             format_func=fixed(found, lambda c: clause_label(provision(c), lang())))
    p = provision(situation)
    st.caption(md(pick(p.summary, lang())))
    clause_text(p)

    base_key = f"review.f.{eid}.{situation}"
    facts_now = event.get("facts") or {}
    call_now = event.get("call") or {}
    involved = event.get("involved") or {}
    players_now = involved.get("players") or []
    teams = form["base"].match["teams"]
    with st.form(base_key, border=True):
        st.markdown(f"**{tr('review.facts')}**")
        facts = {f.name: fact_widget(f, f"{base_key}.fact.{f.name}", facts_now.get(f.name)) for f in p.facts}
        st.markdown(f"**{tr('review.call')}**")
        cols = st.columns(2)
        call = {}
        for n, (name, spec) in enumerate(CALL_FIELDS.items()):
            with cols[n % 2]:
                call[name] = call_widget(name, spec, f"{base_key}.call.{name}", call_now.get(name))
        st.markdown(f"**{tr('review.involved')}**")
        players = []
        team_ids = [None, *[tm["id"] for tm in teams]]
        names = {tm["id"]: tm["name"] for tm in teams}
        team_label = fixed(team_ids, lambda x: tr("common.none") if x is None else names.get(x, x))
        for n in range(2):
            row = players_now[n] if n < len(players_now) else {}
            c1, c2, c3 = st.columns([2, 1, 2])
            team = c1.selectbox(tr("review.player", n=n + 1), team_ids, key=f"{base_key}.team{n}",
                                index=team_ids.index(row.get("team")) if row.get("team") in team_ids else 0,
                                format_func=team_label)
            number = c2.selectbox(tr("review.number"), [1, 2, 3, 4], key=f"{base_key}.number{n}",
                                  index=int(row.get("number", 1)) - 1)
            mount = c3.text_input(tr("review.mount"), value=row.get("mount") or "", key=f"{base_key}.mount{n}",
                                  max_chars=200)
            players.append({"team": team, "number": number, "mount": mount})
        umpires = form["base"].match.get("umpires") or []
        c1, c2 = st.columns(2)
        umpire_now = involved.get("umpire")
        umpire_options = [None, *umpires] + ([umpire_now] if umpire_now and umpire_now not in umpires else [])
        umpire = c1.selectbox(tr("review.umpire"), umpire_options, key=f"{base_key}.umpire",
                              index=umpire_options.index(umpire_now) if umpire_now in umpire_options else 0,
                              accept_new_options=True,
                              format_func=fixed(umpire_options, lambda x: tr("common.none") if x is None else x))
        mount_concerned = c2.text_input(tr("review.mount_concerned"), value=involved.get("mount") or "",
                                        key=f"{base_key}.mount_concerned", max_chars=200)
        c1, c2 = st.columns(2)
        periods = int(form["base"].match.get("periods") or 8)
        period = c1.number_input(tr("review.period"), min_value=1, max_value=periods, step=1,
                                 value=event.get("period"), key=f"{base_key}.period")
        clock = c2.text_input(tr("review.clock"), value=event.get("clock") or "", key=f"{base_key}.clock",
                              placeholder="6:30", max_chars=5)
        notes = st.text_area(tr("review.notes"), value=event.get("notes") or "", key=f"{base_key}.notes",
                             max_chars=5000)
        move = False
        if form["mode"] == "edit" and current_frame != form["frame"]:
            move = st.checkbox(tr("review.move_here", frame=current_frame), key=f"{base_key}.move")
        name = reviewer()
        if not name:
            st.warning(tr("app.reviewer_needed"))
        c1, c2 = st.columns(2)
        save = c1.form_submit_button(tr("common.save"), type="primary", disabled=not name, key="review.form.save")
        cancel = c2.form_submit_button(tr("common.cancel"), key="review.form.cancel")
    if cancel:
        st.session_state.pop(FORM, None)
        st.rerun()
    if not save:
        return
    frame, time_s = (current_frame, current_time) if move else (form["frame"], form["time_s"])
    try:
        new_event = build_event(
            event_id=eid, frame=frame, time_s=time_s, situation=situation, facts=facts, call=call,
            period=period, clock=clock, players=players, umpire=umpire, mount=mount_concerned,
            reviewer=name if form["mode"] == "new" else (event.get("reviewer") or name), notes=notes)
        if form["mode"] == "edit" and name and new_event.get("reviewer") != name:
            new_event["reviewer"] = name  # the last person to change a tag answers for it
    except (TagError, KeyError) as exc:
        error_line(exc)
        return
    save_change(form["base"], put_event(form["base"], new_event))


# -- the list ------------------------------------------------------------------------------------

def tag_list(doc: MatchDocument, results: dict[str, dict], jump, position: int = 0) -> None:
    events = list(doc.events_in_order())
    st.subheader(tr("review.tags", n=len(events)))
    if not events:
        st.caption(tr("review.no_tags"))
        return
    rows = []
    for e in events:
        r = results.get(e["id"], {})
        rows.append({
            tr("review.col_tag"): e["id"],
            tr("common.frame"): e["position"]["frame"],
            tr("review.col_time"): format_time(e["position"]["time_s"], 2),
            tr("common.period"): e.get("period"),
            tr("common.clause"): e["situation"],
            tr("common.verdict"): verdict_label(r.get("verdict", ""), lang()),
            tr("review.col_who"): (e.get("involved") or {}).get("umpire"),
            tr("review.col_reviewer"): e.get("reviewer"),
            tr("review.col_notes"): e.get("notes"),
        })
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="review.tag_table")
    ids = [e["id"] for e in events]
    pending = st.session_state.pop("review.tag_pick_next", None)
    if pending in ids:
        st.session_state["review.tag_pick"] = pending
    if st.session_state.get("review.tag_pick_doc") != str(doc.path):
        # Another match: set the choice anew even when the same id exists there (e1 in both), or
        # the browser keeps showing the other match's label for it.
        st.session_state["review.tag_pick_doc"] = str(doc.path)
        if pending not in ids:
            st.session_state.pop("review.tag_pick", None)
    if st.session_state.get("review.tag_pick") not in ids:  # the tag at or before the current frame
        before = [e["id"] for e in events if e["position"]["frame"] <= position]
        st.session_state["review.tag_pick"] = before[-1] if before else ids[0]
    chosen = st.selectbox(tr("review.pick_tag"), ids, key="review.tag_pick",
                          format_func=fixed(ids, lambda i: f"{i} · {doc.event(i)['situation']} · "
                                                           f"f{doc.event(i)['position']['frame']}"))
    event = doc.event(chosen)
    if jump is None:  # no footage open: nothing to jump to
        c3, c4 = st.columns(2)
    else:
        c2, c3, c4 = st.columns(3)
        if c2.button(tr("review.jump"), key="review.tag_jump", icon=":material/my_location:", width="stretch"):
            jump(event["position"]["frame"])
            st.rerun()
    if c3.button(tr("review.edit"), key="review.tag_edit", icon=":material/edit:", width="stretch"):
        open_form(doc, event["position"]["frame"], event["position"]["time_s"], event)
        st.rerun()
    if c4.button(tr("review.delete"), key="review.tag_delete", icon=":material/delete:", width="stretch"):
        save_change(doc, delete_event(doc, chosen))
