"""Training: study the tags coaches approved as teaching examples. The app plays the footage up to the
moment of a situation (a sample clip in its quiz version, without the captions that name it); the
trainee, signed in, says what the situation is and what the correct call is; the answer is scored
against the rules and the expert annotation, then the rulebook's text and the expert's notes are
shown; scores are kept in the trainee's own record."""

import streamlit as st

from review_app.errors import PoloReviewError
from review_app.model.catalog import match_documents
from review_app.store import open_matches
from review_app.textsafe import md
from review_app.training import ScoreStore, TeachingExamples, next_question, questions_from, score
from review_app.ui.context import _, error_line, folders, listing, load_listed, roots, store
from review_app.ui.people_parts import trainee_sign_in
from review_app.ui.training_parts import (
    answer_form,
    record_line,
    session_rng,
    show_question,
    show_result,
)

st.title(_("Training"))
st.caption(_("Watch the play up to the moment, then name the situation and the correct call."))

person = trainee_sign_in()
if person is None:
    st.stop()
name = person.name  # the store is asked as this person, never as a name typed in

docs = []
for listed in listing():
    if not listed.error and listed.has_footage:
        try:
            docs.append(load_listed(listed))
        except PoloReviewError as exc:  # changed since it was listed
            error_line(exc)
demo = match_documents(open_matches(folders().demo.annotations)) if folders().demo else []
try:
    questions = TeachingExamples(store().training, demo).quizzed(questions_from(docs, roots=roots()))
except PoloReviewError as exc:
    error_line(exc)
    st.stop()
if not questions:
    st.info(_("No teaching examples with footage yet: a coach approves tags as teaching examples on the Coach page, "
              "and only those are asked."))
    st.stop()
order = {q.id: n for n, q in enumerate(questions, start=1)}
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
# Nothing in the heading names the match or the clause: a sample's match name says its rule.
st.subheader(md(_("Example {n} of {total}: period {period}, clock {clock}", n=order[current.id], total=len(questions),
                  period=current.period or "—", clock=current.clock or "—")))

clip, answer_side = st.columns([3, 2], gap="large")
with clip:
    show_question(current, demo)
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
    if st.button(_("Next example"), key="training.next", icon=":material/skip_next:"):
        upcoming = next_question(questions, scores.attempts(name), rng=session_rng(), avoid=current.id)
        st.session_state["training.current"] = upcoming.id
        st.session_state.pop("training.result", None)
        st.rerun()
