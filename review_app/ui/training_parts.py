"""Training page helpers: the question's clip and still, the answer form, the result (with the
rulebook's text and the expert's notes) and the trainee's record. The logic (questions, scoring, the
score store, the quiz clip) is in review_app.training."""

from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from review_app.config import cache_dir
from review_app.errors import PoloReviewError
from review_app.footage.viewer import FrameViewer, format_time
from review_app.i18n import DEFAULT_LANGUAGE
from review_app.rules import provision
from review_app.rules.labels import call_field_label, value_label, verdict_label
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.rulebook import TRANSLATION_NOTICE
from review_app.rules.search import clause_label
from review_app.textsafe import data_url, md
from review_app.training import Answer, Question, Score, ScoreStore
from review_app.training.questions import KEY_FIELDS
from review_app.training.quiz_clip import quiz_footage, sample_scenarios
from review_app.ui.clause_search import searched_clauses
from review_app.ui.context import _, error_line, fixed, folders, lang, progress_bar, rendered


def viewer_for(path: str) -> FrameViewer | None:
    viewer = st.session_state.get("training.viewer")
    if viewer is not None and str(viewer.path) == path:
        return viewer
    update, done = progress_bar(_("Opening {name}", name=path))
    try:
        viewer = FrameViewer(path, progress=update)
    except PoloReviewError as exc:
        error_line(exc)
        return None
    finally:
        done()
    st.session_state["training.viewer"] = viewer
    return viewer


def show_question(q: Question, demo=()) -> None:
    """The clip up to the moment, then that frame as a still; a sample clip in its quiz version (no captions)."""
    scenarios = sample_scenarios(demo)
    if q.footage_sha256 in scenarios and not quiz_ready(q, scenarios):
        with st.spinner(_("Preparing the clip without its captions (once, about half a minute)…")):
            footage = quiz_footage(q.footage, q.footage_sha256, scenarios, cache_dir())
    else:
        footage = quiz_footage(q.footage, q.footage_sha256, scenarios, cache_dir())
    viewer = viewer_for(str(footage))
    if viewer is None:
        return
    update, done = progress_bar(_("exporting clip"))
    try:
        clip = viewer.clip_until(q.frame, folders().clips, before_s=q.lead_s, progress=update)
    except PoloReviewError as exc:
        error_line(exc)
        return
    finally:
        done()
    st.caption(_("The play, from {lead:g} s before up to the moment to judge (frame {frame})", lead=round(q.lead_s, 1),
                 frame=q.frame))
    st.video(str(clip), muted=True)
    with st.expander(_("The moment to judge: frame {frame} ({time})", frame=q.frame, time=format_time(q.time_s, 2)),
                     expanded=False):
        st.image(data_url(viewer.image(q.frame), "image/jpeg"), width="stretch")


def quiz_ready(q: Question, scenarios: dict) -> bool:
    name = scenarios.get(q.footage_sha256 or "")
    return name is None or (cache_dir() / "quiz" / q.footage_sha256[:16] / f"{name}.mp4").is_file()


def _value_widget(name: str, spec, key: str):
    label = call_field_label(name, lang())
    if spec == "number":
        return st.number_input(label, min_value=0.0, value=None, key=key)
    if spec == "text":
        return st.text_input(label, key=key, max_chars=500)
    options = [None, True, False] if spec == "bool" else [None, *spec]
    return st.selectbox(label, options, key=key, format_func=fixed(
        options, lambda v: _("(choose)") if v is None else value_label(v, lang(), name)))


def answer_form(q: Question) -> Answer | None:
    """The trainee's answer: the clause, then the call fields the expert recorded (only those are scored)."""
    # The tag form's search (outside the form: Enter searches, where inside it Enter would submit the answer).
    pick = f"training.situation.{q.id}"
    ids = [None, *searched_clauses(f"training.search.{q.id}", pick)]
    with st.form(f"training.form.{q.id}"):
        situation = st.selectbox(_("What is the situation?"), ids, key=pick, filter_mode=None,
                                 format_func=fixed(ids, lambda c: _("(choose)") if c is None else
                                                   clause_label(provision(c), lang())))
        call = {}
        if q.asked:
            st.markdown("**" + _("What is the correct call?") + "**")
            if any(name not in KEY_FIELDS for name in q.asked):
                st.caption(_("Whistle, restart and penalty are yours to call; a field below them left blank takes "
                             "the value the expert recorded."))
            cols = st.columns(2)
            for n, name in enumerate(q.asked):
                with cols[n % 2]:
                    call[name] = _value_widget(name, CALL_FIELDS[name], f"training.call.{q.id}.{name}")
        else:
            st.caption(_("The expert recorded no call for this example: only the situation is asked."))
        submitted = st.form_submit_button(_("Check my answer"), type="primary", key="training.submit")
    if not submitted:
        return None
    required = [name for name in KEY_FIELDS if name in q.asked]
    if situation is None or any(call.get(name) is None for name in required):
        # a blank key field would be scored as an incomplete call: ask for it instead
        fields = ", ".join(call_field_label(name, lang()).lower() for name in required)
        st.warning(_("Choose the situation and {fields} before checking: each counts.", fields=fields) if fields
                   else _("Choose the situation before checking."), icon=":material/edit_note:")
        return None
    return Answer(situation=situation, call=call)


def show_result(q: Question, result: Score) -> None:
    box = st.success if result.points == result.max_points else st.warning if result.points else st.error
    points = _("{points} of {max} points", points=result.points, max=result.max_points)
    box(f"**{points}** — {md(rendered(result.explanation))}")
    st.markdown(md(_("The rules on your call: {verdict}", verdict=verdict_label(result.call_verdict, lang()))))
    as_recorded = _("(as recorded)")

    def shown(value, name, carried=False):  # each field's own word for a value ("Ninguna" for a card)
        text = _("(not given)") if value is None else value_label(value, lang(), name)
        return md(f"{text} {as_recorded}" if carried else text)  # the table renders Markdown

    # a static table: it wraps in the narrow column instead of hiding its last column behind a scroll
    rows = [{_("Call field"): md(call_field_label(name, lang())),
             _("Your call"): shown(mine, name, carried),
             _("Umpire in the clip"): shown(theirs, name),
             _("Same"): "✓" if same else "✗"} for name, (mine, theirs, same, carried) in result.fields.items()]
    if rows:
        st.table(pd.DataFrame(rows).set_index(_("Call field")))
    p = provision(q.situation)
    st.markdown("**" + md(_("What the rulebook says: {clause} {title}", clause=p.id, title=rendered(p.title))) + "**")
    st.markdown(md(rendered(p.text)))
    if lang() != DEFAULT_LANGUAGE:
        st.caption(rendered(TRANSLATION_NOTICE))
    st.markdown("**" + _("The expert's notes") + "**")
    if q.notes:
        st.text(q.notes)
    else:
        st.caption(_("The expert left no notes on this example."))
    expert_drawings(q)


def expert_drawings(q: Question) -> None:
    """The expert's drawings on the event's frames, painted on stills (review_app.drawings)."""
    if not q.drawings or not q.footage:
        return
    from review_app.drawings.stills import stills_of
    from review_app.footage import Footage

    try:
        with Footage(q.footage) as footage:
            stills = stills_of(footage, q.drawings, q.frame, tag=q.event_id)
    except PoloReviewError as exc:
        error_line(exc)
        return
    st.markdown("**" + _("What the expert drew") + "**")
    for still in stills:
        st.image(still.jpeg, caption=_("Frame {frame}", frame=still.frame), width="stretch")


def record_line(store: ScoreStore, name: str, total: int) -> None:
    try:
        s = store.summary(name)
    except PoloReviewError as exc:
        error_line(exc)
        return
    st.info(md(_("{name}: {points} of {max} points ({percent:.0f}%) · answers: {n} · examples tried: {seen} of "
                 "{total}", name=name, points=s.points, max=s.max_points, percent=s.percent, n=s.attempts,
                 seen=s.questions_seen, total=total)), icon=":material/school:")
    if s.by_clause:
        with st.expander(_("By clause")):
            rows = [{_("Clause"): f"{c} — {rendered(provision(c).title)}" if c else "—",
                     _("Answers"): a, _("Situation right"): sr,
                     _("Call right"): cr} for c, (a, sr, cr) in sorted(s.by_clause.items())]
            st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="training.by_clause_table")


def session_rng() -> random.Random:
    if "training.rng" not in st.session_state:
        st.session_state["training.rng"] = random.Random()
    return st.session_state["training.rng"]
