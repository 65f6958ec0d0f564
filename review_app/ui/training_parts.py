"""Training page helpers: the question's clip and still, the answer form, the result and the
trainee's record. The logic (questions, scoring, the score store) is in review_app.training."""

from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.rules import PROVISIONS, provision
from review_app.rules.provision import CALL_FIELDS
from review_app.training import Answer, Question, Score, ScoreStore
from review_app.training.questions import KEY_FIELDS, LEAD_S
from review_app.ui.context import error_line, fixed, folders, lang, progress_bar, tr
from review_app.i18n import pick, register
from review_app.rules.labels import call_field_label, value_label, verdict_label
from review_app.ui.review_saves import clause_text
from review_app.rules.search import clause_label
from review_app.textsafe import data_url, md
from review_app.footage.viewer import FrameViewer, format_time

register({
    "training.clip": {"en": "The play, from {lead:g} s before up to the moment to judge (frame {frame})",
                      "es": "La jugada, desde {lead:g} s antes hasta el momento a juzgar (fotograma {frame})"},
    "training.still": {"en": "The moment to judge: frame {frame} ({time})",
                       "es": "El momento a juzgar: fotograma {frame} ({time})"},
    "training.situation": {"en": "What is the situation? (type to search the clauses)",
                           "es": "¿Cuál es la situación? (escriba para buscar las cláusulas)"},
    "training.call": {"en": "What is the correct call?", "es": "¿Cuál es la decisión correcta?"},
    "training.submit": {"en": "Check my answer", "es": "Comprobar mi respuesta"},
    "training.choose": {"en": "(choose)", "es": "(elija)"},
    "training.not_set": {"en": "(not given)", "es": "(sin indicar)"},
    "training.carried": {"en": "(as recorded)", "es": "(según la anotación)"},
    "training.optional": {"en": "Whistle, restart and penalty are yours to call; a field below them left blank "
                                "takes the value the expert recorded.",
                          "es": "Silbato, reanudación y penal los decide usted; un campo posterior que deje en blanco "
                                "toma el valor que registró el experto."},
    "training.points": {"en": "{points} of {max} points", "es": "{points} de {max} puntos"},
    "training.your_call": {"en": "Your call", "es": "Su decisión"},
    "training.expert_call": {"en": "Umpire in the clip", "es": "Umpire del clip"},
    "training.need_all": {"en": "Choose the situation and {fields} before checking: each counts.",
                          "es": "Elija la situación y {fields} antes de comprobar: cada uno cuenta."},
    "training.field": {"en": "Call field", "es": "Campo"},
    "training.same": {"en": "Same", "es": "Igual"},
    "training.rules_say": {"en": "The rules on your call: {verdict}", "es": "Las reglas sobre su decisión: {verdict}"},
    "training.notes": {"en": "Expert's notes", "es": "Notas del experto"},
    "training.record": {"en": "{name}: {points} of {max} points ({percent:.0f}%) · answers: {n} · "
                                "clips tried: {seen} of {total}",
                        "es": "{name}: {points} de {max} puntos ({percent:.0f}%) · respuestas: {n} · "
                              "clips intentados: {seen} de {total}"},
    "training.by_clause": {"en": "By clause", "es": "Por cláusula"},
    "training.col_attempts": {"en": "Answers", "es": "Respuestas"},
    "training.col_situation": {"en": "Situation right", "es": "Situación correcta"},
    "training.col_call": {"en": "Call right", "es": "Decisión correcta"},
})


def viewer_for(path: str) -> FrameViewer | None:
    viewer = st.session_state.get("training.viewer")
    if viewer is not None and str(viewer.path) == path:
        return viewer
    if viewer is not None:
        viewer.close()
    update, done = progress_bar(tr("review.opening", name=path))
    try:
        viewer = FrameViewer(path, progress=update)
    except PoloReviewError as exc:
        error_line(exc)
        return None
    finally:
        done()
    st.session_state["training.viewer"] = viewer
    return viewer


def show_question(q: Question) -> None:
    """The clip up to the moment, then that frame as a still."""
    viewer = viewer_for(q.footage)
    if viewer is None:
        return
    update, done = progress_bar(tr("progress.export"))
    try:
        clip = viewer.clip_until(q.frame, folders().clips, before_s=LEAD_S, progress=update)
    except PoloReviewError as exc:
        error_line(exc)
        return
    finally:
        done()
    st.caption(tr("training.clip", lead=LEAD_S, frame=q.frame))
    st.video(str(clip), muted=True)
    with st.expander(tr("training.still", frame=q.frame, time=format_time(q.time_s, 2)), expanded=False):
        st.image(data_url(viewer.image(q.frame), "image/jpeg"), width="stretch")


def _value_widget(name: str, spec, key: str):
    label = call_field_label(name, lang())
    if spec == "number":
        return st.number_input(label, min_value=0.0, value=None, key=key)
    if spec == "text":
        return st.text_input(label, key=key, max_chars=500)
    options = [None, True, False] if spec == "bool" else [None, *spec]
    return st.selectbox(label, options, key=key, format_func=fixed(
        options, lambda v: tr("training.choose") if v is None else value_label(v, lang())))


def answer_form(q: Question) -> Answer | None:
    """The trainee's answer: the clause, then the call fields the question asks."""
    with st.form(f"training.form.{q.id}"):
        ids = [None, *[p.id for p in PROVISIONS]]
        situation = st.selectbox(tr("training.situation"), ids, key=f"training.situation.{q.id}",
                                 format_func=fixed(ids, lambda c: tr("training.choose") if c is None else
                                                   clause_label(provision(c), lang())))
        st.markdown(f"**{tr('training.call')}**")
        if len(q.asked) > 3:
            st.caption(tr("training.optional"))
        cols = st.columns(2)
        call = {}
        for n, name in enumerate(q.asked):
            with cols[n % 2]:
                call[name] = _value_widget(name, CALL_FIELDS[name], f"training.call.{q.id}.{name}")
        submitted = st.form_submit_button(tr("training.submit"), type="primary", key="training.submit")
    if not submitted:
        return None
    if situation is None or any(call.get(name) is None for name in KEY_FIELDS if name in q.asked):
        # a blank key field would be scored as an incomplete call: ask for it instead
        fields = ", ".join(call_field_label(name, lang()).lower() for name in KEY_FIELDS if name in q.asked)
        st.warning(tr("training.need_all", fields=fields), icon=":material/edit_note:")
        return None
    return Answer(situation=situation, call=call)


def show_result(q: Question, result: Score) -> None:
    box = st.success if result.points == result.max_points else st.warning if result.points else st.error
    box(f"**{tr('training.points', points=result.points, max=result.max_points)}** — "
        f"{md(pick(result.explanation, lang()))}")
    st.markdown(md(tr("training.rules_say", verdict=verdict_label(result.call_verdict, lang()))))
    def shown(value, carried=False):
        text = tr("training.not_set") if value is None else value_label(value, lang())
        return md(f"{text} {tr('training.carried')}" if carried else text)  # the table renders Markdown

    # a static table: it wraps in the narrow column instead of hiding its last column behind a scroll
    rows = [{tr("training.field"): md(call_field_label(name, lang())),
             tr("training.your_call"): shown(mine, carried),
             tr("training.expert_call"): shown(theirs),
             tr("training.same"): "✓" if same else "✗"} for name, (mine, theirs, same, carried) in result.fields.items()]
    st.table(pd.DataFrame(rows).set_index(tr("training.field")))
    clause_text(provision(q.situation))
    if q.notes:
        with st.expander(tr("training.notes")):
            st.text(q.notes)


def record_line(store: ScoreStore, name: str, total: int) -> None:
    try:
        s = store.summary(name)
    except PoloReviewError as exc:
        error_line(exc)
        return
    st.info(md(tr("training.record", name=name, points=s.points, max=s.max_points, percent=s.percent,
                  n=s.attempts, seen=s.questions_seen, total=total)), icon=":material/school:")
    if s.by_clause:
        with st.expander(tr("training.by_clause")):
            rows = [{tr("common.clause"): f"{c} — {pick(provision(c).title, lang())}" if c else "—",
                     tr("training.col_attempts"): a, tr("training.col_situation"): sr,
                     tr("training.col_call"): cr} for c, (a, sr, cr) in sorted(s.by_clause.items())]
            st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="training.by_clause_table")


def session_rng() -> random.Random:
    if "training.rng" not in st.session_state:
        st.session_state["training.rng"] = random.Random()
    return st.session_state["training.rng"]
