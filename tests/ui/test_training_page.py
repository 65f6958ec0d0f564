"""The Training and Coach pages: only approved teaching examples are asked, with nothing in the heading
or the clip that names the clause; an answer is scored (fields the expert left blank are not), then
explained with the rulebook's text and the expert's notes; each trainee's record opens only with their
passphrase; the coach sees every trainee's progress and exports it."""

from __future__ import annotations

import json

from saving import save_back
from ui_fixtures import make_app

from review_app.model import load_document
from review_app.training import COACH, People, Person, TeachingExamples, questions_from

PASS = "correct horse battery"


def the_store():
    """The store the app opens on the workspace (its folders come from the fixture's environment)."""
    from review_app.store import open_store

    return open_store()


def approve(workspace, *event_ids):
    """Approve the tags as a coach would (no one is on the roster yet: the store enforces no role)."""
    people = People(the_store().people)
    if the_store().people.people() and not people.find("Coach"):  # given on the server, as `polo-review people`
        the_store().people.set_roles("Coach", [COACH])
    coach = people.find("Coach") or Person("Coach", frozenset())
    examples = TeachingExamples(the_store().training)
    for q in questions_from([load_document(workspace["document"])]):
        if q.event_id in event_ids:
            examples.approve(coach, q.id, q.fingerprint)


def open_training(lang: str = "en", name: str = "Trainee", passphrase: str = PASS, new: bool = True):
    at = make_app(reviewer=name, lang=lang)
    at.switch_page("app_pages/training.py").run()
    assert not at.exception, at.exception
    if new:
        at.text_input(key="training.new_name").input(name)
        at.text_input(key="training.new_passphrase").input(passphrase)
        at.text_input(key="training.new_again").input(passphrase)
        at.button(key="training.enrol").click().run()
    else:
        at.text_input(key="training.name").input(name)
        at.text_input(key="training.passphrase").input(passphrase)
        at.button(key="training.sign_in").click().run()
    assert not at.exception, at.exception
    return at


def table(at, column: str):
    """The data frame shown with this column (data frames carry no key in the test tree)."""
    return next(d.value for d in at.dataframe if column in d.value.columns)


def current(at) -> str:
    return at.session_state["training.current"]


def widget(at, suffix: str):
    for kind in (at.selectbox, at.number_input, at.text_input):
        for w in kind:
            if w.key and w.key.endswith(suffix) and w.key.startswith("training."):
                return w
    raise KeyError(suffix)


def answer(at, situation: str, **call):
    widget(at, f"situation.{current(at)}").set_value(situation)
    for name, value in call.items():
        widget(at, f".{name}").set_value(value)
    at.button(key="training.submit").click().run()
    assert not at.exception, at.exception


def test_answer_is_scored_explained_with_the_rulebook_and_notes_and_kept(workspace):
    approve(workspace, "e1", "e2")
    at = open_training()
    assert current(at) in {"test-match/e1", "test-match/e2"}
    assert list((workspace["footage"].parent / "cache" / "clips").glob("*.mp4"))  # the clip up to the moment
    heading = at.subheader[0].value
    assert heading.startswith("Example ") and "Test Cup" not in heading and "21." not in heading
    if current(at) != "test-match/e2":
        at.button(key="training.next").click().run()
    assert current(at) == "test-match/e2"  # 21.l inadvertent whistle; the umpire restarted wrongly
    assert [w.key.rsplit(".", 1)[1] for w in at.selectbox if w.key.startswith("training.call.")] == [
        "whistle", "restart"]  # the penalty, left blank by the expert, is neither asked nor scored
    answer(at, "21.l", whistle="at_once", restart="throw_in")
    assert any("2 of 2 points" in s.value for s in at.success)
    assert any("inconsistent" in s.value for s in at.success)  # the umpire's own call, explained
    assert list(at.table[0].value.columns) == ["Your call", "Umpire in the clip", "Same"]  # whole, not scrolled
    shown = " ".join(m.value for m in at.markdown).replace("\\", "")
    assert "What the rulebook says: 21.l" in shown and "The expert's notes" in shown
    stored = json.loads((workspace["data"] / "training-scores.json").read_text("utf-8"))
    [attempt] = stored["trainees"]["trainee"]["attempts"]
    assert attempt["question"] == "test-match/e2" and attempt["points"] == 2

    again = open_training(new=False)  # a later session, signed in again, keeps the record
    assert any("2 of 2 points" in i.value and "answers\\: 1" in i.value for i in again.info)


def test_only_approved_examples_are_asked_and_an_edited_tag_leaves_the_quiz(workspace):
    at = open_training()
    assert any("No teaching examples" in i.value for i in at.info)
    approve(workspace, "e1")
    at.run()
    assert current(at) == "test-match/e1"
    at.button(key="training.next").click().run()
    assert current(at) == "test-match/e1"  # the only one
    doc = load_document(workspace["document"])
    doc.events[0]["call"]["restart"] = "throw_in"  # edited after its approval
    save_back(doc)
    at.run()
    assert any("No teaching examples" in i.value for i in at.info)


def test_a_blank_answer_is_asked_for_not_scored_then_a_wrong_one_in_spanish(workspace):
    approve(workspace, "e1", "e2")
    at = open_training(lang="es")
    at.button(key="training.submit").click().run()
    assert not at.exception
    assert any("Elija la situación y silbato, reanudación" in w.value for w in at.warning)
    assert the_store().training.trainees() == []  # nothing recorded for a blank answer
    answer(at, "21.a", whistle="none", restart="knock_in")
    assert any("0 de 2 puntos" in e.value for e in at.error)
    assert any("eligió 21\\.a Bocha" in e.value for e in at.error)  # Markdown-escaped


def test_a_trainees_record_opens_only_with_their_passphrase(workspace):
    approve(workspace, "e1", "e2")
    ana = open_training(name="Ana")
    answer(ana, "21.j" if current(ana) == "test-match/e1" else "21.l", whistle="at_once",
           restart="next_period" if current(ana) == "test-match/e1" else "throw_in")
    ben = make_app(reviewer="Ana", lang="en")  # Ben types Ana's name
    ben.switch_page("app_pages/training.py").run()
    ben.text_input(key="training.name").input("Ana")
    ben.text_input(key="training.passphrase").input("a wrong guess")
    ben.button(key="training.sign_in").click().run()
    assert any("do not match" in e.value for e in ben.error) and "training.person" not in ben.session_state
    assert not any("points" in i.value for i in ben.info)
    ben.text_input(key="training.new_name").input(" ana ")
    ben.text_input(key="training.new_passphrase").input("another passphrase")
    ben.text_input(key="training.new_again").input("another passphrase")
    ben.button(key="training.enrol").click().run()
    assert any("has a passphrase already" in e.value for e in ben.error)
    ben = open_training(name="Ben", passphrase="bens own passphrase")
    assert any("Ben: 0 of 0 points" in i.value.replace("\\", "") for i in ben.info)  # his own, empty record
    stored = json.loads((workspace["data"] / "training-scores.json").read_text("utf-8"))
    assert list(stored["trainees"]) == ["ana"] and len(stored["trainees"]["ana"]["attempts"]) == 1
    people = json.loads((workspace["data"] / "reviewers.json").read_text("utf-8"))["people"]
    assert PASS not in json.dumps(people) and people["ana"]["passphrase"]["kdf"] == "scrypt"


def test_the_coach_page_shows_every_trainees_progress_and_exports_it(workspace, monkeypatch):
    # The first coach account, set up on this machine before anyone holds a role (AppTest gives no address).
    monkeypatch.setattr("review_app.ui.people_parts.local_request", lambda: True)
    coach = make_app(reviewer="Cleo", lang="en")
    coach.switch_page("app_pages/coach.py").run()
    assert any("No coach account yet" in i.value for i in coach.info)
    coach.text_input(key="coach.new_name").input("Cleo")
    coach.text_input(key="coach.new_passphrase").input("coach passphrase")
    coach.text_input(key="coach.new_again").input("coach passphrase")
    coach.button(key="coach.enrol").click().run()
    assert not coach.exception, coach.exception
    approve(workspace, "e1", "e2")
    for name in ("Ana", "Ben"):
        at = open_training(name=name)
        answer(at, "21.j" if current(at) == "test-match/e1" else "21.a", whistle="at_once",
               restart="next_period" if current(at) == "test-match/e1" else "throw_in")
    coach.run()
    summary = table(coach, "Examples tried")
    assert list(summary["Trainee"]) == ["Ana", "Ben"] and list(summary["Answers"]) == [1, 1]
    assert not table(coach, "Situation right (%)").empty
    assert not table(coach, "Score so far (%)").empty
    # a trainee cannot open the coach page: coaches only, by passphrase
    trainee = make_app(reviewer="Ana", lang="en")
    trainee.switch_page("app_pages/coach.py").run()
    trainee.text_input(key="coach.name").input("Ana")
    trainee.text_input(key="coach.passphrase").input(PASS)
    trainee.button(key="coach.sign_in").click().run()
    assert any("do not match, or do not open this" in e.value for e in trainee.error)
    assert People(the_store().people).find("cleo").is_coach


def test_the_coach_approves_an_example_and_it_is_asked(workspace):
    people = People(the_store().people)
    people.enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    coach = make_app(reviewer="Cleo", lang="en")
    coach.switch_page("app_pages/coach.py").run()
    coach.text_input(key="coach.passphrase").input("coach passphrase")
    coach.button(key="coach.sign_in").click().run()
    assert list(table(coach, "Teaching example")["Teaching example"]) == ["not approved"] * 2
    coach.selectbox(key="coach.example").set_value("test-match/e2").run()
    coach.button(key="coach.approve").click().run()
    assert not coach.exception, coach.exception
    assert list(table(coach, "Teaching example")["Teaching example"]) == ["not approved", "approved"]
    at = open_training()
    assert current(at) == "test-match/e2"


def test_a_tag_without_period_or_clock_shows_a_dash_in_the_coachs_list(workspace):
    """The walk: tags coded before the first period start had no period or clock, and the Teaching examples list
    showed "None" (Python's, in English, in either language)."""
    doc = json.loads(workspace["document"].read_text("utf-8"))
    for e in doc["events"]:
        if e["id"] == "e2":
            e.pop("period", None)
            e.pop("clock", None)
    workspace["document"].write_text(json.dumps(doc), "utf-8")
    People(the_store().people).enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    for lang in ("en", "es"):
        coach = make_app(reviewer="Cleo", lang=lang)
        coach.switch_page("app_pages/coach.py").run()
        coach.text_input(key="coach.passphrase").input("coach passphrase")
        coach.button(key="coach.sign_in").click().run()
        assert not coach.exception, coach.exception
        assert coach.dataframe, (lang, [e.value for e in coach.error], [i.value for i in coach.info])
        rows = coach.dataframe[0].value.to_dict("records")  # the teaching examples (the People tab's comes after)
        assert [r[list(r)[3]] for r in rows][1] == "—" and [r[list(r)[4]] for r in rows][1] == "—", rows


def test_a_demo_question_plays_the_quiz_version_of_its_clip(tmp_path, monkeypatch):
    """With the default options the demo's expert tags are the examples; a sample clip is shown without
    the caption that names its rule and the running captions that say the call."""
    for var in ("POLO_REVIEW_FOOTAGE", "POLO_REVIEW_ANNOTATIONS", "POLO_REVIEW_DATA", "POLO_REVIEW_WORKSPACE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    at = open_training()
    viewer = at.session_state["training.viewer"]
    assert viewer.path.is_relative_to(tmp_path / "cache" / "quiz")
    heading = at.subheader[0].value
    assert heading.startswith("Example ") and "Rule" not in heading and "Sample" not in heading


def test_in_spanish_no_card_reads_ninguna_as_tarjeta_wants(workspace):
    """Issue 40: the Training page said "Tarjeta: Ninguno": the first field's word for "none" (the whistle's), where
    "tarjeta" wants "Ninguna". Each field's value reads in its own word, in the answer and in the result."""
    data = json.loads(workspace["document"].read_text("utf-8"))
    for ev in data["events"]:
        ev["call"]["card"] = "none"
    workspace["document"].write_text(json.dumps(data), "utf-8")
    approve(workspace, "e1", "e2")
    at = open_training(lang="es")
    card, whistle = widget(at, ".card"), widget(at, ".whistle")
    assert "Ninguna" in card.options and "Ninguno" not in card.options, card.options
    assert "Ninguno" in whistle.options
    answer(at, "21.a", whistle="none", restart="knock_in", card="none")
    shown = "\n".join(t.value.to_string() for t in at.table)
    assert "Ninguna" in shown, shown


def test_the_situation_is_found_by_the_tag_forms_search(workspace):
    """Issue 40: "foul" + Enter on the Training page picked 21.b.dead-ball and listed 21.f(3) (Streamlit's fuzzy
    filter, a second search); the tag form picks 21.b. The page searches with rules.search as the tag form does,
    and its select has no filter of its own."""
    from streamlit.proto.SelectWidgetFilterMode_pb2 import SelectWidgetFilterMode

    from review_app.rules.search import search_provisions

    approve(workspace, "e1", "e2")
    at = open_training()
    q = current(at)
    at.text_input(key=f"training.search.{q}").input("foul").run()
    assert not at.exception, at.exception
    pick = at.selectbox(key=f"training.situation.{q}")
    assert pick.value == "21.b"
    assert len(pick.options) == 1 + len(search_provisions("foul"))  # "(choose)", then what the search found
    assert pick.proto.filter_mode == SelectWidgetFilterMode.FILTER_MODE_NONE  # no second search in the select
    at.text_input(key=f"training.search.{q}").input("casco").run()
    assert at.selectbox(key=f"training.situation.{q}").value == "21.h"
