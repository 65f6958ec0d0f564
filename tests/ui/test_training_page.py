"""The Training page: a clip up to the moment, an answer, its score and explanation, and the
trainee's record kept in the score store across sessions."""

from __future__ import annotations

import json

from ui_fixtures import make_app


def open_training(lang: str = "en", reviewer: str | None = "Trainee"):
    at = make_app(reviewer=reviewer, lang=lang)
    at.switch_page("app_pages/training.py").run()
    assert not at.exception, at.exception
    return at


def current(at) -> str:
    return at.session_state["training.current"]


def widget(at, suffix: str):
    for kind in (at.selectbox, at.number_input, at.text_input):
        for w in kind:
            if w.key and w.key.endswith(suffix) and w.key.startswith("training."):
                return w
    raise KeyError(suffix)


def test_answer_is_scored_explained_and_kept(workspace):
    at = open_training()
    assert current(at) in {"test-match/e1", "test-match/e2"}
    assert list((workspace["footage"].parent / "cache" / "clips").glob("*.mp4"))  # the clip up to the moment
    if current(at) != "test-match/e2":
        at.button(key="training.next").click().run()
    assert current(at) == "test-match/e2"  # 21.l inadvertent whistle; the umpire restarted wrongly
    widget(at, "situation.test-match/e2").set_value("21.l")
    widget(at, ".whistle").set_value("at_once")
    widget(at, ".restart").set_value("throw_in_toward_boards")
    widget(at, ".penalty").set_value("none")
    at.button(key="training.submit").click().run()
    assert not at.exception
    assert any("2 of 2 points" in s.value for s in at.success)
    assert any("inconsistent" in s.value for s in at.success)  # the umpire's own call, explained
    assert list(at.table[0].value.columns) == ["Your call", "Umpire in the clip", "Same"]  # whole, not scrolled
    stored = json.loads((workspace["data"] / "training-scores.json").read_text("utf-8"))
    [attempt] = stored["trainees"]["trainee"]["attempts"]
    assert attempt["question"] == "test-match/e2" and attempt["points"] == 2

    again = open_training()  # a later session keeps the record
    assert any("2 of 2 points" in i.value and "answers\\: 1" in i.value for i in again.info)


def test_a_blank_answer_is_asked_for_not_scored_then_a_wrong_one_in_spanish(workspace):
    at = open_training(lang="es")
    at.button(key="training.submit").click().run()
    assert not at.exception
    assert any("Elija la situación y silbato, reanudación, penal" in w.value for w in at.warning)
    assert not (workspace["data"] / "training-scores.json").exists()  # nothing recorded for a blank answer
    q = current(at)
    widget(at, f"situation.{q}").set_value("21.a")
    widget(at, ".whistle").set_value("none")
    widget(at, ".restart").set_value("knock_in")
    widget(at, ".penalty").set_value("none")
    at.button(key="training.submit").click().run()
    assert not at.exception
    assert any("0 de 2 puntos" in e.value for e in at.error)
    assert any("eligió 21\\.a Bocha" in e.value for e in at.error)  # Markdown-escaped


def test_training_needs_a_name(workspace):
    at = open_training(reviewer=None)
    assert any("Enter your name" in i.value for i in at.info)
