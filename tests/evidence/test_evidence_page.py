"""The Evidence page, driven with Streamlit's AppTest through the app's entry point: it shows the register
and the deadline, receives evidence with its receipt time, marks frames, records a decision and shows the
integrity, in English and Spanish, with no exception on any run."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from evidence_fixtures import ATTEST, END, MATCH, NO_EXCUSAL, NOW, RETURNED, write_match
from uploading import send_file

pytest.importorskip("streamlit.testing.v1")

UI = Path(__file__).resolve().parents[2] / "review_app" / "ui"
APP, PAGE = UI / "app.py", UI / "app_pages" / "evidence.py"


@pytest.fixture
def env(match_path, store, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(match_path.parent))
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(store))
    monkeypatch.setenv("POLO_REVIEW_FOOTAGE", str(tmp_path / "footage"))
    monkeypatch.setenv("POLO_REVIEW_DATA", str(tmp_path / "data"))
    return match_path.parent


def open_page(lang: str = "en", reviewer: str | None = "Committee chair"):
    """The Evidence page as the app shows it: the entry point's sidebar, language and reviewer."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state["app.lang"] = lang
    if reviewer:
        at.session_state["app.reviewer"] = reviewer
    at.switch_page("app_pages/evidence.py").run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def page(env):
    return open_page


def _text(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [m.label for m in at.metric]
    parts += [str(m.value) for m in at.metric] + [s.value for s in at.success] + [e.value for e in at.error]
    parts += [i.value for i in at.info] + [w.value for w in at.warning]
    return "\n".join(parts)


def _columns(at) -> list[str]:
    return [c for df in at.dataframe for c in df.value.columns]


def test_the_page_shows_the_register_and_the_deadline(page):
    at = page()
    assert [t.value for t in at.title] == ["Post-game evidence (21.f(5))"]
    assert "2026-06-15T20:00:00Z" in _text(at)
    assert len(at.dataframe) >= 2  # excusals and mounts
    assert not at.warning


def test_marking_frames_and_deciding_forfeiture(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = page()
    at.number_input(key="evidence.frame.m21.ev1").set_value(10).run()
    at.button(key="evidence.add_frame").click().run()
    at.number_input(key="evidence.frame.m21.ev1").set_value(11).run()
    assert at.session_state["evidence.view.m21.ev1.seek"][1] == 11  # the frame view went there
    at.button(key="evidence.add_frame").click().run()
    assert not at.exception and "10, 11" in _text(at)
    at.button(key="evidence.mark").click().run()
    assert not at.exception
    assert "Intact: 3 entries chained, 1 originals match their hashes." in [s.value for s in at.success]  # this run's
    mark = case.state().marks[0]
    assert [f["frame"] for f in mark.frames] == [10, 11] and mark.excusal == "e2" and mark.by == "Committee chair"
    marks = next(d.value for d in at.dataframe if "Marked on" in d.value.columns)  # the video, named
    ev = case.state().evidence["ev1"]
    assert list(marks["Marked on"]) == [f"{ev.presented_name} · {ev.sha256[:12]}"]
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception
    assert case.state().decision.decision == "forfeiture"
    assert "Intact" in _text(at)
    at.button(key="evidence.build_pack").click().run()
    assert not at.exception and at.session_state["evidence.pack.m21"][:2] == b"PK"


def test_a_refused_decision_is_one_line_on_the_page(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = page()
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception
    # said in the page's words, pointing to the tab (the library's line names the command line)
    assert any("No frames are marked yet. In the Mark frames tab" in w.value for w in at.warning)


def test_spanish(page):
    at = page("es")
    assert "Vencimiento (UTC)" in _text(at)
    assert {"Evento", "Caballo", "Jugador", "Visto de nuevo", "Montado por"} <= set(_columns(at))


def test_a_missing_original_is_one_line_on_the_page(page, case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.original_path(ev).unlink()
    at = page()
    assert any("no such file" in e.value for e in at.error)
    assert any("BROKEN" in e.value for e in at.error)


# -- a match without an end time ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang, warning, needs", [
    ("en", "24-hour window of 21.f(5) cannot be computed", "Disabled until the match's end time is recorded."),
    ("es", "no puede calcularse el plazo de 24 horas", "Desactivado hasta que se registre la hora de fin del partido."),
])
def test_without_an_end_time_the_register_shows_and_intake_and_decision_are_disabled(
        env, match_path, lang, warning, needs):
    write_match(match_path.parent, end_time_utc=None)
    at = open_page(lang)
    assert not at.exception
    assert len(at.warning) == 1 and warning in at.warning[0].value and "end\\_time\\_utc" not in at.warning[0].value
    assert [i.value for i in at.info].count(needs) == 2  # in Receive evidence and in Decision
    assert len(at.dataframe) == 2 and "Blue Moon" in at.dataframe[0].value.to_string()
    assert not at.metric and ("Vencimiento (UTC)" if lang == "es" else "Deadline (UTC)") not in _text(at)
    assert at.button(key="evidence.receive").disabled and at.radio(key="evidence.decision").disabled
    assert at.button(key="evidence.record").disabled
    assert not at.error  # a warning, not an error, and no English library line on the Spanish page
    if lang == "es":
        assert "the match document" not in _text(at)


def test_an_end_time_changed_after_the_case_opened_is_a_warning_and_new_evidence_is_refused(
        page, match_path, case, videos, frozen_now):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    write_match(match_path.parent, end_time_utc="2026-06-14T21:00:00Z")
    at = page("es")
    assert any("se abrió con el fin del partido a las 2026-06-14T20:00:00Z" in w.value
               and "2026-06-14T21:00:00Z" in w.value for w in at.warning)
    at = _fill(at, videos["drone"])
    assert any("the window cannot move" in e.value for e in at.error) and len(case.state().evidence) == 1


def test_the_picker_opens_on_a_match_whose_excused_mount_is_seen_again(env, match_path):
    folder = match_path.parent
    match_path.unlink()
    write_match(folder, id="a-no-end", end_time_utc=None)
    write_match(folder, id="b-no-excusal", events=NO_EXCUSAL)
    write_match(folder, id="c-returned", events=[*MATCH["events"], RETURNED])
    at = open_page()
    assert at.selectbox(key="evidence.match").value == "c-returned"
    assert any("Excused mount seen again: Blue Moon" in w.value and "event e3" in w.value for w in at.warning)
    at.selectbox(key="evidence.match").set_value("a-no-end").run()  # the reviewer's choice is kept
    assert not at.exception and at.selectbox(key="evidence.match").value == "a-no-end"
    at.run()
    assert at.selectbox(key="evidence.match").value == "a-no-end"


def test_without_a_qualifying_match_the_picker_opens_on_the_first(env, match_path):
    match_path.unlink()
    write_match(match_path.parent, id="a-no-end", end_time_utc=None)
    write_match(match_path.parent, id="b-no-excusal", events=NO_EXCUSAL)
    at = open_page("es")
    assert at.selectbox(key="evidence.match").value == "a-no-end"
    assert not at.exception and at.warning


# -- receiving through the page --------------------------------------------------------------------------------
@pytest.fixture
def frozen_now(monkeypatch):
    """The page's clock at the tests' NOW, so a receipt time in June 2026 is never 'in the future'."""
    from review_app.evidence import window

    monkeypatch.setattr(window, "now_utc", lambda: NOW)


def _fill(at, video: Path | None, *, presented_by: str = "Ana Pérez", at_now: bool = True,
          when: datetime | None = None, zone: str | None = None, attest: bool = False,
          presented_to: str | None = None):
    gen = at.session_state["evidence.intake_gen"]
    if presented_to:
        at.selectbox(key="evidence.presented_to").set_value(presented_to)
    if attest:
        at.checkbox(key=f"evidence.attest.{gen}").set_value(True)
    if video is not None and "evidence.upload.ticket" in at.session_state:  # the view sends for someone signed in
        send_file(at, "evidence.upload", video)
    at.text_input(key=f"evidence.from.{gen}").set_value(presented_by)
    at.checkbox(key=f"evidence.at_now.{gen}").set_value(at_now)
    if when is not None:
        at.datetime_input(key=f"evidence.received_at.{gen}").set_value(when)
    if zone is not None:
        at.selectbox(key="evidence.zone").set_value(zone)
    at.button(key="evidence.receive").click().run()
    assert not at.exception, at.exception
    return at


def test_intake_defaults_now_and_utc(page, frozen_now):
    at = page()
    gen = at.session_state["evidence.intake_gen"]
    assert at.checkbox(key=f"evidence.at_now.{gen}").value is True
    assert at.selectbox(key="evidence.zone").value == "UTC"
    assert at.datetime_input(key=f"evidence.received_at.{gen}").value == datetime(2026, 6, 16, 9, 0)
    assert at.text_input(key="evidence.received_by").value == "Committee chair"


def signed_in_committee(at, name: str = "Committee chair"):
    """A committee member signed in on the page with a passphrase (the Decision tab's sign-in)."""
    from review_app.ground.roles import COMMITTEE, Person

    at.session_state["evidence.person"] = Person(name, frozenset({COMMITTEE}))
    return at


def test_a_receipt_time_given_in_a_zone_is_recorded_in_utc(page, case, videos, frozen_now):
    at = _fill(signed_in_committee(page()), videos["phone"], at_now=False, when=datetime(2026, 6, 15, 9, 30),
               zone="America/Argentina/Buenos_Aires", attest=True)
    ev = case.state().evidence["ev1"]
    assert ev.recorded == "2026-06-16T09:00:00Z" and ev.attested["by"] == "Committee chair"
    assert ev.received_at == "2026-06-15T12:30:00Z" and ev.in_time and ev.received_by == "Committee chair"
    assert ev.presented_by == "Ana Pérez" and ev.presented_name == "phone.mp4"
    assert any("Received ev1 at 2026-06-15T12:30:00Z" in s.value for s in at.success)
    assert any("In time: 7 h 30 min before the deadline." == i.value for i in at.info)
    gen = at.session_state["evidence.intake_gen"]
    assert gen == 1 and at.text_input(key=f"evidence.from.{gen}").value == ""  # the next receipt starts empty
    assert at.selectbox(key="evidence.zone").value == "America/Argentina/Buenos_Aires"  # the zone is kept


def test_received_now_takes_the_clock_at_submission(page, case, videos, frozen_now):
    _fill(page("es"), videos["phone"], at_now=True, when=datetime(2026, 6, 15, 9, 30), zone="America/New_York")
    assert case.state().evidence["ev1"].received_at == "2026-06-16T09:00:00Z"  # NOW, late; the picker ignored


def test_a_backdated_receipt_without_attestation_counts_from_the_servers_time(page, case, videos, frozen_now):
    """F3 (security review): a time typed into the Receive form, with nobody signed in to attest it, was recorded as
    in time. It is kept as a claim beside the server's own time, and the 24 hours count from the server's time."""
    at = _fill(page(), videos["phone"], at_now=False, when=datetime(2026, 6, 15, 10, 0), zone="UTC")
    ev = case.state().evidence["ev1"]
    assert ev.received_at == ev.recorded == "2026-06-16T09:00:00Z" and not ev.in_time
    assert ev.claimed_at == "2026-06-15T10:00:00Z" and ev.attested is None
    assert any("kept as a claim" in w.value for w in at.warning)
    assert any(e.value.startswith("LATE by 13 h") for e in at.error)
    table = next(df.value for df in at.dataframe if "Claimed (UTC)" in df.value.columns)
    assert table["Claimed (UTC)"][0] == "2026-06-15T10:00:00Z, not attested: not counted"
    assert table["Recorded (UTC)"][0] == "2026-06-16T09:00:00Z"


def test_receiving_needs_a_signed_in_receiver(page, case, videos, frozen_now):
    """F5: "Received by" was typed, so anyone recorded a receipt as "Com Mary". It is the person signed in."""
    at = page(reviewer=None)
    assert at.text_input(key="evidence.received_by").disabled
    at = _fill(at, videos["phone"], at_now=False, when=datetime(2026, 6, 15, 10, 0), zone="UTC", attest=True)
    assert not case.state().entries and any("Sign in first" in w.value for w in at.warning)


def test_attesting_is_for_whoever_received_it(page, case, videos, frozen_now):
    at = _fill(page(), videos["phone"], at_now=False, when=datetime(2026, 6, 15, 10, 0), zone="UTC",
               presented_to="other", attest=True)
    assert not case.state().entries and any("Only evidence presented to" in w.value for w in at.warning)


def test_a_claim_attested_later_on_the_page_counts(page, case, videos, frozen_now):
    at = _fill(page(), videos["phone"], at_now=False, when=datetime(2026, 6, 15, 10, 0), zone="UTC")
    assert not case.state().evidence["ev1"].in_time
    signed_in_committee(at).run()
    at.radio(key="evidence.attest_as").set_value("committee")
    at.button(key="evidence.attest_submit").click().run()
    assert not at.exception, at.exception
    ev = case.state().evidence["ev1"]
    assert ev.in_time and ev.received_at == "2026-06-15T10:00:00Z" and ev.attested["by"] == "Committee chair"
    assert [e["type"] for e in case.state().entries][-1] == "receipt_attested"


def test_late_in_spanish(page, case, videos, frozen_now):
    at = _fill(signed_in_committee(page("es")), videos["phone"], at_now=False,
               when=datetime(2026, 6, 15, 20, 0, 0) + timedelta(minutes=1), zone="UTC", attest=True)
    assert not case.state().evidence["ev1"].in_time
    assert any(e.value.startswith("FUERA DE PLAZO por 1 min") for e in at.error)


@pytest.mark.parametrize("lang, label", [("en", "Error: "), ("es", "Error (detalle en inglés): ")])
@pytest.mark.parametrize("when, problem", [
    (datetime(2026, 11, 1, 1, 30), "happens twice in America/New\\_York"),  # clocks go back: which 01:30?
    (datetime(2026, 3, 8, 2, 30), "does not exist in America/New\\_York"),  # clocks go forward: no 02:30
])
def test_a_time_the_clocks_repeat_or_skip_is_refused_and_the_form_kept(page, case, videos, frozen_now, lang, label,
                                                                        when, problem):
    at = _fill(page(lang), videos["phone"], at_now=False, when=when, zone="America/New_York")
    assert not case.state().entries
    assert [e.value for e in at.error if e.value.startswith(label) and problem in e.value]
    gen = at.session_state["evidence.intake_gen"]
    assert gen == 0 and at.text_input(key=f"evidence.from.{gen}").value == "Ana Pérez"  # nothing to type again
    assert at.datetime_input(key=f"evidence.received_at.{gen}").value == when


@pytest.mark.parametrize("lang, text", [("en", "Choose the video presented first."),
                                        ("es", "Primero elija el vídeo presentado.")])
def test_no_file_is_a_translated_line(page, case, frozen_now, lang, text):
    at = _fill(page(lang), None)
    assert [w.value for w in at.warning] == [text] and not case.state().entries


def test_names_are_asked_for_in_the_pages_language(page, case, videos, frozen_now):
    at = _fill(page("es"), videos["phone"], presented_by="  ")
    assert "Indique quién presentó el vídeo y quién lo recibió." in [w.value for w in at.warning]
    assert not case.state().entries


# -- labels made in the run's language (AppTest formats a chosen option after the run) ------------------------
def test_spanish_choices_can_be_set_by_value(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=30), now=NOW, attest=ATTEST)  # late
    at = page("es")
    assert at.radio(key="evidence.decision").options == ["Pérdida del partido", "No probado", "Fuera de plazo"]
    at.radio(key="evidence.decision").set_value("out-of-time").run()
    assert not at.exception and at.radio(key="evidence.decision").value == "out-of-time"
    assert at.selectbox(key="evidence.shows").options[0] == "Blue Moon, excusado por 21.f(1)(i) (evento e2)"
    at.selectbox(key="evidence.shows").set_value(("mount", "Chispa")).run()
    assert not at.exception and at.selectbox(key="evidence.shows").value == ("mount", "Chispa")
    at.button(key="evidence.record").click().run()
    assert not at.exception and case.state().decision.decision == "out-of-time"
    assert any("Decisión: Fuera de plazo" in s.value for s in at.success)
    at.text_input(key="evidence.correct_reason").set_value("la prueba no muestra el caballo excusado")
    at.selectbox(key="evidence.correct_decision").set_value("not-proven")
    at.button(key="evidence.correct_submit").click().run()
    assert not at.exception and case.state().decision.decision == "not-proven"


def test_every_evidence_string_has_its_spanish(page, case, videos):
    """The page's words come from the catalogue: each one the page uses is translated there, and the page
    shows them (the glossary's words: período; a piece of evidence is a "Prueba", the page "Evidencia")."""
    from review_app.i18n import catalogue

    template = catalogue.extract()
    used = {m.id if isinstance(m.id, str) else m.id[0] for m in template
            if any(loc.endswith("app_pages/evidence.py") for loc, _line in m.locations)}
    assert len(used) > 80 and [p for p in catalogue.problems("es", template) if p.id in used] == []
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = page("es")
    assert not at.exception
    assert {"Período", "Disposición", "Fotograma"} <= set(_columns(at))
    assert {"Prueba", "Recibida (UTC)", "Plazo de 24 horas"} <= set(_columns(at))
    assert "quedan " in _text(at) or "cerrado hace " in _text(at)  # the time left, in Spanish words
    # The window's box names the window once; its value says what is left ("Tiempo restante: quedan 3 h" said it twice)
    assert "Tiempo restante" not in _text(at) and "Plazo de 24 horas" in [c.value for c in at.caption]
    assert at.selectbox(key="evidence.mark_evidence").label == "Prueba"


def test_the_page_on_its_own_without_the_app(env):
    """`streamlit run` on the page file alone: plain defaults for the app's helpers' session keys."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.session_state["app.lang"] = "es"
    at.run()
    assert not at.exception and "Vencimiento (UTC)" in _text(at)


# -- what the committee and the forfeiting team see -----------------------------------------------------------
FORFEITING = {"en": "Team forfeiting: Aurora. Under 21.f(5) this penalty must be exacted.",
              "es": "Equipo que pierde el partido: Aurora. Según 21.f(5) esta sanción debe aplicarse."}


@pytest.mark.parametrize("lang, text", list(FORFEITING.items()))
def test_a_forfeiture_shows_the_team_its_grounds_and_that_it_must_be_exacted(page, case, videos, lang, text):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.mark("ev1", [10, 11], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    at = page(lang)
    assert text in [e.value for e in at.error]
    grounds = next(df.value for df in at.dataframe if "e2" in df.value.to_string() and "10, 11" in df.value.to_string())
    assert "Blue Moon" in grounds.to_string() and "21.f(1)(i)" in grounds.to_string()


@pytest.mark.parametrize("lang, text", [("en", "A not-proven decision needs its reason."),
                                        ("es", "Una decisión de no probado necesita su motivo.")])
def test_not_proven_without_a_reason_is_asked_in_the_pages_language(page, case, videos, lang, text):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = page(lang)
    at.radio(key="evidence.decision").set_value("not-proven").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception and text in [w.value for w in at.warning] and not case.state().decisions
    assert not at.error  # no English library line


def test_a_refused_first_decision_leaves_no_case_not_a_broken_one(page, case):
    at = page()
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()  # refused: nothing received; the case folder now holds a lock
    assert not at.exception and any("No evidence has been received yet: receive the video in the Receive evidence "
                                    "tab first" in w.value for w in at.warning)
    at = page()
    assert "No case yet" in _text(at) and not any("BROKEN" in e.value for e in at.error)


def test_every_presentation_of_a_video_is_listed(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=30), now=NOW, attest=ATTEST)  # late
    case.add(videos["phone"], "Referee", "Referee", END + timedelta(hours=2), now=NOW, attest=ATTEST)  # earlier
    at = page()
    table = next(df.value for df in at.dataframe if "Entry" in df.value.columns)
    assert list(table["Entry"]) == [2, 3] and list(table["24-hour window"]) == ["late", "in time"]
    listed = next(df.value for df in at.dataframe if "Presentations" in df.value.columns)
    assert list(listed["Presentations"]) == [2] and "In time" in listed["24-hour window"][0]


def test_the_integrity_tab_checks_a_head_kept_elsewhere(page, case, videos):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    head = case.state().head
    at = page()
    assert any("rewritten whole" in c.value for c in at.caption)  # what intact cannot show, said
    at.text_input(key="evidence.anchor").set_value(head).run()
    assert any("entries 1 to 2 are as they were then" in s.value for s in at.success)
    case.log.path.write_bytes(b"".join(case.log.path.read_bytes().splitlines(keepends=True)[:1]))
    at = page()
    at.text_input(key="evidence.anchor").set_value(head).run()
    assert not at.exception and any("BROKEN" in e.value and "anchored head" in e.value for e in at.error)


def test_a_non_video_upload_is_named_as_uploaded(page, case, videos, frozen_now):
    at = page()
    gen = at.session_state["evidence.intake_gen"]
    send_file(at, "evidence.upload", name="my clip.mp4", data=b"not a video at all\n" * 10)
    at.text_input(key=f"evidence.from.{gen}").set_value("Ana")
    at.button(key="evidence.receive").click().run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any(e.startswith("Error: my clip") and "is a text file" in e for e in errors), errors
    assert not any("upload" in e or "/tmp" in e for e in errors), errors


def test_a_forfeiture_resting_on_an_altered_original_says_so_where_it_is_shown(page, case, videos):
    from evidence_fixtures import flip_byte

    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    flip_byte(case.original_path(case.state().evidence["ev1"]))
    at = page("es")
    assert any(e.value.startswith("El original de ev1, en el que se funda esta decisión") for e in at.error)
    assert any(e.value.startswith("ROTO (detalle en inglés): entry 2") for e in at.error), [e.value for e in at.error]


@pytest.mark.parametrize("lang, text", [("en", "That is not a head hash"), ("es", "Eso no es un hash final")])
def test_a_mistyped_head_is_a_translated_warning_not_a_broken_case(page, case, videos, lang, text):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = page(lang)
    at.text_input(key="evidence.anchor").set_value("deadbeef").run()
    assert not at.exception and any(w.value.startswith(text) for w in at.warning) and not at.error


@pytest.mark.parametrize("lang, broken", [("en", "BROKEN: entry 4 (frames_marked): made by nobody"),
                                          ("es", "ROTO: entrada 4 (frames_marked): hecha por nadie")])
def test_a_broken_rule_of_the_log_is_said_in_the_pages_language(page, case, videos, lang, broken):
    from evidence_fixtures import forge_log

    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    forge_log(case.log.path, lambda es: es.append({**es[2], "by": ""}))  # frames marked by nobody
    at = page(lang)
    errors = [e.value.replace("\\", "") for e in at.error]  # the detail is Markdown-escaped
    assert not at.exception and any(e.startswith(broken) for e in errors), errors


@pytest.mark.parametrize("lang, repaired", [("en", "Warning: entry 4 is a repair: 17 bytes"),
                                            ("es", "Aviso: la entrada 4 es una reparación: Chair cortó")])
def test_a_repair_is_said_in_the_pages_language_and_the_case_stays_intact(page, case, videos, lang, repaired):
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    with open(case.log.path, "ab") as fh:
        fh.write(b'{"at":"2026-06-16')  # an append cut by a crash
    at = page(lang)
    assert not at.exception and any("evidence repair m21 --by NAME" in e.value.replace("\\", "") for e in at.error)
    case.repair("Chair", now=NOW)
    at = page(lang)
    warnings = [w.value.replace("\\", "") for w in at.warning]  # the detail is Markdown-escaped
    assert not at.exception and not at.error and any(w.startswith(repaired) for w in warnings), warnings


def test_the_match_chosen_stays_chosen_on_coming_back_to_the_page(page, env):
    write_match(env, events=[], id="m22", name="Aurora v Bravo, semifinal")  # no excusal: not the page's first
    at = page()
    assert len(at.selectbox(key="evidence.match").options) >= 2
    assert at.selectbox(key="evidence.match").value == "m21"  # the page opens on the match with the excusal
    other = "m22"
    at.selectbox(key="evidence.match").set_value(other).run()
    at.switch_page("app_pages/rules.py").run()
    at.switch_page("app_pages/evidence.py").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="evidence.match").value == other  # not the match the page first opens on


def test_the_mount_register_names_each_team_by_its_name(env, match_path):
    """Issue 40: the register said "ridden by A #2": the team's id. It names the team as the match does."""
    write_match(match_path.parent, events=[*MATCH["events"], RETURNED])
    at = open_page()
    [seen] = [w.value for w in at.warning if "Excused mount seen again" in w.value]
    assert "Aurora #2" in seen and "A #2" not in seen.replace("Aurora #2", ""), seen
    tables = "\n".join(d.value.to_string() for d in at.dataframe)
    assert "Aurora #" in tables and "A #" not in tables.replace("Aurora #", ""), tables


# -- a decision after the game is entered once the game has ended -------------------------------------------------
BEFORE_THE_END = {
    "en": "Not yet: a decision on evidence presented after the game (21.f(5)) can be entered once the game has ended, "
          "from the match's scheduled end, 2026-06-14T20:00:00Z, until 2026-06-15T20:00:00Z (UTC); the server's "
          "time is 2026-06-14T19:15:00Z.",
    "es": "Todavía no: una decisión sobre pruebas presentadas después del partido (21.f(5)) puede registrarse una vez "
          "terminado el partido, desde el fin programado del partido, 2026-06-14T20:00:00Z, hasta "
          "2026-06-15T20:00:00Z (UTC); la hora del servidor es 2026-06-14T19:15:00Z.",
}


@pytest.mark.parametrize("lang, text", list(BEFORE_THE_END.items()))
def test_a_forfeiture_before_the_scheduled_end_is_refused_saying_when(page, case, videos, monkeypatch, lang, text):
    """The walk: the page took a forfeiture after the game while the game had not ended. Refused in one line that
    says from when (the match's scheduled end) against the server's time; nothing is recorded."""
    from review_app.evidence import window

    early = END - timedelta(minutes=45)
    case.add(videos["phone"], "Ana", "Committee", early - timedelta(minutes=5), now=early - timedelta(minutes=5))
    case.mark("ev1", [10, 11], "Referee", excusal="e2", now=early)
    monkeypatch.setattr(window, "now_utc", lambda: early)
    at = page(lang)
    at.radio(key="evidence.decision").set_value("forfeiture").run()
    at.button(key="evidence.record").click().run()
    assert not at.exception, at.exception
    assert [e.value.replace("\\", "") for e in at.error if "21.f(5))" in e.value.replace("\\", "")] == [text]
    assert case.state().decision is None


def test_with_strings_of_mounts_but_no_tag_naming_one_the_mark_tab_says_so(env, match_path, case, videos):
    """Walk 8: a match set up from a roster (each player's string of mounts) with tags naming no mount said "No mount
    is recorded in this match" on the Mark frames tab, beside the Teams tab listing every mount. The frames are
    marked as showing a mount the tags name (the register), so it says that the tags name none."""
    import json

    data = json.loads(match_path.read_text("utf-8"))
    data["match"]["teams"][0]["players"][0]["mounts"] = ["Pampa", "Brisa"]
    for event in data["events"]:
        event["involved"] = {}
    match_path.write_text(json.dumps(data), "utf-8")
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=2), now=NOW, attest=ATTEST)
    at = open_page()
    text = _text(at)
    assert "No mount is recorded in this match" not in text
    assert "No tag of this match names a mount" in text, text
    es = _text(open_page("es"))
    assert "Ninguna etiqueta de este partido nombra un caballo" in es, es


def test_before_the_games_recorded_end_the_page_says_the_game_ends_and_the_window_opens_then(page, monkeypatch):
    """Walk 8: at 00:30 for a game ending at 16:45 the page said "Game ended (UTC) 2026-12-08T16:45:00Z" and
    "24-hour window: 1 d 16 h 14 min left"."""
    from review_app.evidence import window

    monkeypatch.setattr(window, "now_utc", lambda: END - timedelta(hours=2))
    text = _text(page())
    assert "Game ends (UTC)" in text and "Game ended (UTC)" not in text, text
    assert "opens when the game ends, in 2 h" in text and "left" not in text.split("24-hour window")[1][:40], text
    es = _text(page("es"))
    assert "se abre cuando termina el partido, en 2 h" in es, es


def test_evidence_received_before_the_games_recorded_end_says_so(page, case, videos, frozen_now):
    """Walk 8: evidence received before the game's recorded end read only "In time: … before the deadline", as if
    the game were over; `polo-review evidence add` says how long before the end it came, and so does the page, in
    the message on receipt and in the table of evidence received."""
    at = _fill(signed_in_committee(page()), videos["phone"], at_now=False, when=END.replace(tzinfo=None) -
               timedelta(hours=2), zone="UTC", attest=True)
    said = "In time: 1 d 2 h before the deadline. It was received 2 h before the game's recorded end."
    assert any(i.value == said for i in at.info), [i.value for i in at.info]
    es = [str(cell) for df in page("es").dataframe for cell in df.value.to_numpy().ravel()]
    assert "En plazo: 1 d 2 h antes del vencimiento. Se recibió 2 h antes del fin registrado del partido." in es, es
