"""Training: study annotated clips. The app plays the footage up to the moment of a situation;
the trainee says what the situation is and what the correct call is; the answer is scored against
the rules and the expert annotation and explained with the clause; scores are kept per trainee."""

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.textsafe import md
from review_app.training import ScoreStore, next_question, questions_from, score
from review_app.ui.context import _, error_line, folders, listing, reviewer, store
from review_app.ui.training_parts import (
    answer_form,
    record_line,
    session_rng,
    show_question,
    show_result,
)

st.title(_("Training"))
st.caption(_("Watch the play up to the moment, then name the situation and the correct call."))

name = reviewer()
if not name:
    st.info(_("Enter your name in the sidebar: your scores are kept under it across sessions."))
    st.stop()

docs = []
for listed in listing():
    if not listed.error and listed.has_footage:
        docs.append(store().matches.load(str(listed.path)))
questions = questions_from(docs)
approved = store().training.approved()
if approved:  # once coaches have approved teaching examples, trainees study those
    questions = [q for q in questions if q.id in approved] or questions
if not questions:
    st.info(md(_("No annotated clips with footage in {folder}.", folder=folders().annotations)))
    st.stop()
by_id = {q.id: q for q in questions}
scores = ScoreStore(store().training, viewer=name)

try:
    attempts = scores.attempts(name)
except PoloReviewError as exc:
    error_line(exc)
    st.stop()

current = by_id.get(st.session_state.get("training.current"))
if current is None:
    current = next_question(questions, attempts, rng=session_rng())
    st.session_state["training.current"] = current.id
    st.session_state.pop("training.result", None)

record_line(scores, name, len(questions))
# clips come in the order a trainee needs them (untried first), not in the folder's order, so the
# heading names the clip; the record line above counts the clips tried
st.subheader(md(_("{match}: period {period}, clock {clock}", match=current.match_name, period=current.period or "—",
                   clock=current.clock or "—")))

clip, answer_side = st.columns([3, 2], gap="large")
with clip:
    show_question(current)
with answer_side:
    result = st.session_state.get("training.result")
    if result is None or result.question != current.id:
        answer = answer_form(current)
        if answer is not None:
            result = score(current, answer)
            try:
                scores.record(name, result.record())
            except PoloReviewError as exc:
                error_line(exc)
            st.session_state["training.result"] = result
            st.rerun()
    else:
        show_result(current, result)
    if st.button(_("Next clip"), key="training.next", icon=":material/skip_next:"):
        upcoming = next_question(questions, scores.attempts(name), rng=session_rng(), avoid=current.id)
        st.session_state["training.current"] = upcoming.id
        st.session_state.pop("training.result", None)
        st.rerun()
