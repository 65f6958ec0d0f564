"""The Matches page through the app's entry point: a new match from a roster CSV with footage in the
same step, every detail edited and saved as a revision, a bad roster refused whole, footage attached
to the named match only, archive and restore."""

from __future__ import annotations

import json
from datetime import time
from pathlib import Path

import pytest
from saving import save_back
from ui_fixtures import make_app
from uploading import send_file

from review_app.model import load_document
from review_app.model import roster as rosters


def open_matches(lang: str = "en"):
    at = make_app(lang=lang)
    at.switch_page("app_pages/matches.py").run()
    assert not at.exception, at.exception
    return at


def widget(at, suffix: str, prefix: str = "matches."):
    for kind in (at.text_input, at.date_input, at.selectbox, at.number_input, at.time_input, at.radio,
                 at.text_area, at.file_uploader):
        for w in kind:
            if w.key and w.key.startswith(prefix) and w.key.endswith(suffix):
                return w
    raise KeyError(suffix)


def run(at):
    at.run()
    assert not at.exception, at.exception
    return at


def test_new_match_from_a_roster_with_an_end_time_announcements_and_an_upload(workspace):
    at = open_matches()
    at.selectbox(key="matches.pick").set_value("new")
    run(at)
    widget(at, ".name", "matches.new.").input("Copa Oro final")
    widget(at, ".venue", "matches.new.").input("Campo 1, Pilar")
    widget(at, ".zone", "matches.new.").set_value("America/Argentina/Buenos_Aires")
    widget(at, ".start", "matches.new.").set_value(time(15, 0))
    widget(at, ".end", "matches.new.").set_value(time(16, 45))
    widget(at, ".goal", "matches.new.").set_value(6)
    widget(at, ".referee", "matches.new.").input("Martín Oyarzábal")
    widget(at, ".umpires", "matches.new.").input("Carlos Medina, Emily Rhodes")
    widget(at, ".courtesy", "matches.new.").set_value(True)
    widget(at, ".other", "matches.new.").input("Ten-minute half time")
    widget(at, ".roster", "matches.new.").set_value(("roster.csv", rosters.template().encode(), "text/csv"))
    upload_key = next(k for k in at.session_state if k.startswith("matches.new.") and k.endswith(".upload.ticket"))
    sent = send_file(at, upload_key.removesuffix(".ticket"), workspace["video"], name="final.mp4")
    widget(at, ".id", "matches.new.").input("copa-oro-final")
    at.button(key="matches.create").click()
    run(at)
    assert any("created" in s.value for s in at.success), [e.value for e in at.error]
    doc = load_document(workspace["annotations"] / "copa-oro-final.json")
    m = doc.match
    assert m["venue"] == "Campo 1, Pilar" and m["time_zone"] == "America/Argentina/Buenos_Aires"
    assert m["start_time_utc"] == f"{m['date']}T18:00:00Z" and m["end_time_utc"] == f"{m['date']}T19:45:00Z"
    assert m["upper_handicap"] == 6 and m["referee"] == "Martín Oyarzábal"
    assert m["umpires"] == ["Carlos Medina", "Emily Rhodes"]
    assert m["announcements"] == {"courtesy_changes_allowed": True, "other": "Ten-minute half time"}
    red, blue = m["teams"]
    assert (red["name"], red["color"], blue["name"]) == ("Red", "#c62828", "Blue")
    assert red["players"][0] == {"number": 1, "id": "tomas-ferreyra", "name": "Tomás Ferreyra", "handicap": 4,
                                 "mounts": ["Tormenta", "Lucero", "Bandolera"]}
    [rec] = doc.data["recordings"]
    assert rec["how"] == "upload" and rec["name"] == "final.mp4" and rec["added_by"] == "Tester"
    assert doc.footage["sha256"] == rec["sha256"] and doc.footage["frame_count"] == 200
    stored = workspace["footage"] / "uploads" / f"{rec['sha256']}.mp4"
    assert stored.is_file() and not stored.stat().st_mode & 0o222  # read-only
    assert at.session_state["matches.pick"].endswith("copa-oro-final.json")
    assert not sent.path.exists()  # the file as sent is gone once stored under its hash
    # the other match got nothing: an upload goes to the match named only
    assert "recordings" not in json.loads(workspace["document"].read_text("utf-8"))


def test_a_roster_with_bad_rows_creates_nothing_and_names_each_row_and_column(workspace):
    at = open_matches(lang="es")
    at.selectbox(key="matches.pick").set_value("new")
    run(at)
    widget(at, ".name", "matches.new.").input("Semifinal")
    bad = "equipo;número;nombre;hándicap\nRojo;1;Ana;3\nRojo;9;Bea;2\nAzul;1;;x\n".encode("cp1252")
    widget(at, ".roster", "matches.new.").set_value(("roster.csv", bad, "text/csv"))
    at.button(key="matches.create").click()
    run(at)
    [error] = at.error
    assert "fila 3, columna número" in error.value and "fila 4, columna nombre" in error.value
    assert "fila 4, columna hándicap" in error.value
    assert [p.name for p in workspace["annotations"].iterdir() if p.suffix == ".json"] == ["test-match.json"]



def test_a_roster_row_with_an_unquoted_comma_is_refused_naming_the_file_and_row(workspace):
    at = open_matches()
    at.selectbox(key="matches.pick").set_value("new")
    run(at)
    widget(at, ".name", "matches.new.").input("Semifinal")
    bad = b"team,colour,number,name,handicap,mounts\nRed,,1,Ana,2,Sombra; Alba (bay, star)\nBlue,,1,Bea,1,Luna\n"
    widget(at, ".roster", "matches.new.").set_value(("club-roster.csv", bad, "text/csv"))
    at.button(key="matches.create").click()
    run(at)
    [error] = at.error
    shown = error.value.replace("\\", "")  # as read, without the markdown's escapes
    assert shown.startswith("club-roster.csv: row 2: 7 values under 6 columns"), shown
    assert [p.name for p in workspace["annotations"].iterdir() if p.suffix == ".json"] == ["test-match.json"]


def test_every_detail_is_edited_and_saved_as_a_revision_merged_with_another_save(workspace):
    at = open_matches()
    assert at.session_state["matches.pick"].endswith("test-match.json")
    other = load_document(workspace["document"])  # someone else adds a tag note meanwhile
    other.events[0]["notes"] = "seen by the other coach"
    save_back(other)
    run(at)
    assert any("Someone else saved this match" in w.value for w in at.warning)
    widget(at, ".name", "matches.d.").input("Test Cup final (replayed)")
    widget(at, ".zone", "matches.d.").set_value("Europe/London")
    widget(at, ".start", "matches.d.").set_value(time(23, 30))
    widget(at, ".end", "matches.d.").set_value(time(0, 50))
    widget(at, ".periods", "matches.d.").set_value(4)
    widget(at, ".tack", "matches.d.").set_value(False)
    at.button(key="matches.details_save").click()
    run(at)
    saved = json.loads(workspace["document"].read_text("utf-8"))
    m = saved["match"]
    assert saved["revision"] == 2 and saved["events"][0]["notes"] == "seen by the other coach"  # both kept
    assert m["name"] == "Test Cup final (replayed)" and m["periods"] == 4
    assert m["start_time_utc"] == "2026-03-01T23:30:00Z" and m["end_time_utc"] == "2026-03-02T00:50:00Z"
    assert m["announcements"] == {"tack_provision_6_goal": False}
    assert any("next day" in i.value for i in at.info)


def test_the_roster_tab_imports_and_the_archive_hides_the_match(workspace):
    at = open_matches()
    at.file_uploader(key=next(w.key for w in at.file_uploader if w.key.startswith("matches.roster_file"))).set_value(
        ("r.csv", rosters.template().replace("Red", "Alpha").replace("Blue", "Bravo").encode(), "text/csv"))
    at.button(key="matches.roster_go").click()
    run(at)
    teams = json.loads(workspace["document"].read_text("utf-8"))["match"]["teams"]
    assert [t["id"] for t in teams] == ["A", "B"] and teams[1]["players"][2]["mounts"] == ["Chiquita", "Gitana"]
    at.button(key="matches.archive").click()
    run(at)
    assert json.loads(workspace["document"].read_text("utf-8"))["match"]["archived"] is True
    assert at.session_state["matches.pick"] == "new"  # no longer offered
    review = make_app()
    review.run()
    assert any("No matches yet" in i.value for i in review.info)
    at.toggle(key="matches.show_archived").set_value(True)
    run(at)
    at.selectbox(key="matches.pick").set_value(str(workspace["document"]))
    run(at)
    at.button(key="matches.restore").click()
    run(at)
    assert "archived" not in json.loads(workspace["document"].read_text("utf-8"))["match"]


def a_coach_signed_in(at, name: str = "Coach Carla"):
    from review_app.ground.roles import COACH, Person

    at.session_state["app.reviewer"] = name
    at.session_state["app.person"] = Person(name, frozenset({COACH}))
    return at


def test_footage_registered_by_path_is_attached_read_only_and_never_copied(workspace, tmp_path_factory,
                                                                           monkeypatch):
    big = tmp_path_factory.mktemp("elsewhere") / "final-camera-2.mp4"  # outside the workspace
    big.write_bytes(workspace["video"].read_bytes())
    monkeypatch.setenv("POLO_REVIEW_REGISTER_FROM", str(big.parent))  # a folder the operator names
    at = a_coach_signed_in(open_matches())
    widget(at, "intake.path").input(str(big))
    at.button(key="matches.intake.path_go").click()
    run(at)
    doc = load_document(workspace["document"])
    rec = doc.data["recordings"][-1]
    assert rec["how"] == "registered" and rec["path"] == str(big) and len(rec["sha256"]) == 64
    assert not big.stat().st_mode & 0o222
    assert not (workspace["footage"] / "uploads").exists()  # nothing copied
    register = json.loads((workspace["data"] / "registered-footage.json").read_text("utf-8"))
    assert register["files"][0]["path"] == str(big)
    widget(at, "intake.path").input(str(big.parent / "nope.mp4"))
    at.button(key="matches.intake.path_go").click()
    run(at)
    assert any("no such file" in e.value for e in at.error)


def test_a_match_whose_goal_level_is_a_whole_number_opens(workspace):
    data = json.loads(workspace["document"].read_text("utf-8"))
    data["match"]["upper_handicap"] = 6  # as the samples and hand-written documents hold it
    workspace["document"].write_text(json.dumps(data), "utf-8")
    at = open_matches()
    assert widget(at, ".goal", "matches.d.").value == 6.0


def test_registering_by_path_needs_a_coach_and_a_configured_folder(workspace, tmp_path_factory):
    """F4 (security review): an anonymous visitor registered any video on the server's disk by its path; it was
    attached, made read-only and served. Now: a coach signed in, and only inside the footage folders."""
    secret = tmp_path_factory.mktemp("secret") / "private-home-video.mp4"
    secret.write_bytes(workspace["video"].read_bytes())
    mode = secret.stat().st_mode
    at = open_matches()  # signed in, but not a coach
    widget(at, "intake.path").input(str(secret))
    at.button(key="matches.intake.path_go").click()
    run(at)
    assert any("needs a coach signed in" in e.value for e in at.error)
    a_coach_signed_in(at)
    widget(at, "intake.path").input(str(secret.parent.parent / "x" / ".." / secret.parent.name / secret.name))
    at.button(key="matches.intake.path_go").click()
    run(at)
    assert any("only a file inside the footage folders" in e.value for e in at.error)
    assert secret.stat().st_mode == mode and "recordings" not in load_document(workspace["document"]).data or all(
        r["path"] != str(secret) for r in load_document(workspace["document"]).data["recordings"])
    inside = workspace["footage"] / "camera-3.mp4"
    inside.write_bytes(workspace["video"].read_bytes())
    widget(at, "intake.path").input(str(inside))
    at.button(key="matches.intake.path_go").click()
    run(at)
    assert load_document(workspace["document"]).data["recordings"][-1]["path"].endswith("camera-3.mp4")


def test_a_roster_with_an_unterminated_quote_is_one_line_not_a_traceback(workspace):
    """Low item: Chromium showed the full traceback with the server's paths for such a roster."""
    at = open_matches()
    at.selectbox(key="matches.pick").set_value("new")
    run(at)
    widget(at, ".name", "matches.new.").input("Semifinal")
    bad = ('team,number,name\nRed,1,"Ana' + "x" * 200_000 + "\n").encode()
    widget(at, ".roster", "matches.new.").set_value(("roster.csv", bad, "text/csv"))
    at.button(key="matches.create").click()
    run(at)
    assert not at.exception and len(at.error) == 1 and "not a CSV a spreadsheet writes" in at.error[0].value


def test_back_from_another_page_the_match_is_read_again_when_it_was_saved_meanwhile(workspace):
    """Issue 40: after tagging on the Review page (the document at a later revision), the Matches page said
    "Someone else saved this match since you opened it" and showed its first revision: the copy it held from
    before was compared with the stored one. Back from another page, nothing was edited on its forms: it reads
    the match again."""
    at = open_matches()
    assert any(c.value.startswith("Revision 0 ") for c in at.caption)
    at.switch_page("app_pages/review.py")
    run(at)
    tagged = load_document(workspace["document"])  # this reviewer's tag, saved on the Review page
    tagged.events[0]["notes"] = "tagged on the Review page"
    save_back(tagged)
    at.switch_page("app_pages/matches.py")
    run(at)
    assert not any("Someone else saved" in w.value for w in at.warning)
    assert any(c.value.startswith("Revision 1 ") for c in at.caption), [c.value for c in at.caption]
    other = load_document(workspace["document"])  # while the page is on screen, another's save is still said
    other.events[0]["notes"] = "seen by the other coach"
    save_back(other)
    run(at)
    assert any("Someone else saved this match" in w.value for w in at.warning)


@pytest.mark.parametrize("lang, says", [("en", "move it there, or upload it instead"),
                                        ("es", "muévalo allí, o súbalo")])
def test_a_path_outside_the_footage_folders_is_refused_naming_where_to_put_it(workspace, tmp_path_factory, lang,
                                                                               says):
    """Walk 8: a coach giving the full path of a recording in their home folder was told "only a file inside the
    footage folders is registered by its path (the footage folder, ...)", in English on the Spanish page too, and
    not where that folder is (on a new workspace it did not exist yet). Now the line names it, in the page's
    language; still nothing of the path given."""
    outside = tmp_path_factory.mktemp("home") / "final.mp4"
    outside.write_bytes(workspace["video"].read_bytes())
    at = a_coach_signed_in(open_matches(lang))
    widget(at, "intake.path").input(str(outside))
    at.button(key="matches.intake.path_go").click()
    run(at)
    errors = [e.value.replace("\\", "") for e in at.error]  # shown as Markdown, with its marks escaped
    line = next((e for e in errors if says in e), None)
    assert line is not None, errors
    assert str(Path(workspace["footage"]).resolve()) in line and str(outside.parent) not in line, line


def test_the_same_recording_under_another_name_says_it_replaces_the_entry(workspace):
    """Walk 8: registering cam3.mp4, a copy of the match's recording, said "cam3.mp4 is attached" while the match's
    own left the Footage table (one entry a SHA-256, `model.recordings.attach`). It now says which entry it took."""
    at = a_coach_signed_in(open_matches())
    first = Path(workspace["video"])
    widget(at, "intake.path").input(str(first))  # the match's recording itself again: nothing replaced
    at.button(key="matches.intake.path_go").click()
    run(at)
    assert any(f"{first.name} is attached to" in s.value.replace("\\", "") for s in at.success) and not at.info
    copy = workspace["footage"] / "cam3.mp4"
    copy.write_bytes(first.read_bytes())
    widget(at, "intake.path").input(str(copy))
    at.button(key="matches.intake.path_go").click()
    run(at)
    said = [i.value.replace("\\", "") for i in at.info]
    assert any(f"cam3.mp4 is the same recording as {first.name}" in s and "now names cam3.mp4" in s for s in said), \
        said
    assert not any("is attached to" in s.value for s in at.success)
