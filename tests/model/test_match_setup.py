"""Setting up a match: rosters from a spreadsheet's CSV (refused whole, one line per bad row and column),
details with times in the venue's zone stored in UTC, teams keeping their ids, mounts added to a string,
archive; footage registered by path; the demo copied into the workspace, never written."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, time
from pathlib import Path

import pytest
from match_docs import base_document

from review_app.config import Demo, Folders
from review_app.i18n import translate
from review_app.model import document_from_data, load_document
from review_app.model import roster as rosters
from review_app.model.demo import copy_to_workspace, is_demo
from review_app.model.match_setup import (
    Details,
    MatchSetupError,
    archived,
    details_of,
    new_match_data,
    string_of,
    suggest_id,
    with_details,
    with_mount,
    with_roster,
    with_teams,
)
from review_app.model.recordings import FootageRegister, RecordingError, allowed_roots, attach, review_on
from review_app.samples.demo import ensure_demo
from review_app.store import open_matches, open_records, open_register, open_store

ROOT = Path(__file__).resolve().parents[2]


def problems(data: bytes, lang: str = "en") -> list[str]:
    with pytest.raises(rosters.RosterError) as caught:
        rosters.parse(data)
    return [translate(p, lang) for p in caught.value.problems]


# -- rosters -----------------------------------------------------------------------------------

def test_the_template_reads_back_as_two_teams_of_four_with_their_strings():
    for lang in ("en", "es"):
        red, blue = rosters.parse(rosters.template(lang).encode("utf-8-sig"))
        assert (red.name, red.colour, len(red.players), blue.name) == ("Red", "#c62828", 4, "Blue")
        assert red.players[0]["mounts"] == ["Tormenta", "Lucero", "Bandolera"] and red.players[2]["handicap"] == 6


def test_a_spanish_spreadsheet_csv_in_latin1_with_semicolons_reads():
    rows = list(csv.reader(io.StringIO(rosters.template("es"))))
    out = io.StringIO()
    csv.writer(out, delimiter=";").writerows(rows)
    red, _blue = rosters.parse(out.getvalue().encode("cp1252"))
    assert red.players[0]["name"] == "Tomás Ferreyra" and red.players[0]["mounts"][1] == "Lucero"


def test_each_bad_row_gets_one_line_naming_row_and_column_as_the_file_names_it():
    data = (b"team,number,name,handicap,mounts\n"
            b"Red,1,Ana,3,Luna; Sol\n"
            b"Red,5,Bea,2,\n"          # row 3: number out of range
            b"Blue,1,,x,\n"            # row 4: no name, bad handicap
            b"Blue,2,Caro,12,Nube;nube\n"  # row 5: handicap out of range, a mount twice
            b"Red,1,Dani,0,\n"         # row 6: Red #1 again
            b"Green,1,Eva,1,\n")  # row 7: a third team
    assert problems(data) == [
        "row 3, column number: 5 is not a number from 1 to 4",
        "row 4, column name: empty; give the player's name",
        "row 4, column handicap: 'x' is not a handicap (-2 to 10 goals)",
        "row 5, column handicap: 12 is outside -2 to 10 goals",
        "row 5, column mounts: 'nube' is listed twice",
        "row 6, column number: Red #1 is given twice (also in row 2)",
        "row 7, column team: 'Green' would be a third team; a match has two (Red, Blue)",
    ]
    assert problems(data, "es")[0] == "fila 3, columna number: 5 no es un número del 1 al 4"


def test_a_roster_missing_a_column_or_a_team_or_not_text_is_refused_in_one_line():
    assert problems(b"team,name\nRed,Ana\n") == [
        "row 1: column number is missing (the template's columns: team, colour, number, name, handicap, mounts)"]
    assert problems(b"team,number,name,shoe size\n") == [
        "row 1: column 'shoe size' is not one of the roster's columns (team, colour, number, name, handicap, mounts)"]
    assert problems(b"team,number,name\nRed,1,Ana\n") == ["the roster names 1 team; a match has two"]
    assert problems(b"") == ["the file is empty; download the template to see the columns"]
    assert problems(b"\x81\x8d\x8f\x90\x9d") == ["the file is not text (save the spreadsheet as CSV)"]
    assert problems(b"team,colour,number,name\nRed,red,1,A\nRed,blue,2,B\nBlue,,1,C\n") == [
        "row 3, column colour: 'blue' differs from 'red' given for Red in row 2"]


def test_a_match_exported_as_a_roster_imports_back_unchanged():
    doc = document_from_data(base_document())
    doc = with_roster(doc, rosters.parse(rosters.template().encode()))
    again = with_roster(doc, rosters.parse(rosters.to_csv(doc.match["teams"]).encode()))
    assert again.match["teams"] == doc.match["teams"]


def test_a_mounts_marks_are_kept_beside_its_name_never_in_it():
    red, _blue = rosters.parse(rosters.template().encode())
    lucia = red.players[1]
    # the comma inside the brackets separates no mounts
    assert lucia["mounts"] == ["Mora", "Alondra"]
    assert lucia["mount_marks"] == {"Mora": "white blaze", "Alondra": "bay, two white socks"}
    doc = with_roster(document_from_data(base_document()), [red, _blue])
    assert string_of(doc, "red", 2) == ["Mora", "Alondra"]  # a tag names the mount, not its marks
    assert "Mora (white blaze); Alondra (bay, two white socks)" in rosters.to_csv(doc.match["teams"])
    # edited as text on the Matches page: marks changed, one removed, one added
    edited = with_teams(doc, [{"name": "Red", "players": [
        {"number": 2, "name": "Lucía Arana", "mounts": "Mora (white blaze, star); Alondra; Nube ( grey )"}]},
        {"name": "Blue", "players": []}])
    player = edited.match["teams"][0]["players"][0]
    assert player["mounts"] == ["Mora", "Alondra", "Nube"]
    assert player["mount_marks"] == {"Mora": "white blaze, star", "Nube": "grey"}
    plain = with_teams(edited, [{"name": "Red", "players": [{"number": 2, "mounts": "Mora; Alondra"}]},
                                {"name": "Blue", "players": []}])
    assert "mount_marks" not in plain.match["teams"][0]["players"][0]


def test_marks_too_long_are_a_bad_cell_named_by_row_and_column():
    data = rosters.template().replace("Mora (white blaze)", "Mora (" + "x" * 300 + ")").encode()
    assert problems(data) == ["row 3, column mounts: a mount's name or marks are longer than 200 characters"]


def test_a_roster_keeps_the_team_ids_the_tags_use():
    doc = document_from_data(base_document())  # teams red (Red) and blue (Blue)
    swapped = rosters.parse(rosters.template().replace("Red", "Tmp").replace("Blue", "Red").replace("Tmp", "Blue")
                            .encode())  # Blue listed first
    teams = with_roster(doc, swapped).match["teams"]
    assert [(t["id"], t["name"]) for t in teams] == [("blue", "Blue"), ("red", "Red")]
    renamed = rosters.parse(rosters.template().replace("Red", "Alpha").replace("Blue", "Bravo").encode())
    assert [t["id"] for t in with_roster(doc, renamed).match["teams"]] == ["red", "blue"]  # by place


# -- details and times -----------------------------------------------------------------------------

def details(**kw) -> Details:
    return Details(**{"name": "Final", "day": date(2026, 3, 29), "time_zone": "Europe/London", **kw})


def test_times_are_given_on_the_venues_clocks_and_stored_in_utc():
    doc = document_from_data(base_document())
    got = with_details(doc, details(start=time(15, 0), end=time(16, 40), venue="Guards", periods=4,
                                    upper_handicap=22, referee="R. Eferee", umpires=["A", " B "],
                                    courtesy_changes=False, other_announcements="No time-outs in period 4"))
    m = got.match
    assert (m["start_time_utc"], m["end_time_utc"]) == ("2026-03-29T14:00:00Z", "2026-03-29T15:40:00Z")  # BST
    assert m["time_zone"] == "Europe/London" and m["venue"] == "Guards" and m["umpires"] == ["A", "B"]
    assert m["announcements"] == {"courtesy_changes_allowed": False, "other": "No time-outs in period 4"}
    back = details_of(got)
    assert (back.start, back.end, back.time_zone, back.upper_handicap) == (time(15, 0), time(16, 40),
                                                                           "Europe/London", 22)
    late = with_details(doc, details(start=time(23, 0), end=time(0, 30), time_zone="UTC"))
    assert late.match["end_time_utc"] == "2026-03-30T00:30:00Z"  # past midnight: the next day


def test_a_time_the_clocks_skip_or_repeat_is_refused_not_guessed():
    doc = document_from_data(base_document())
    with pytest.raises(MatchSetupError, match="does not exist in Europe/London"):
        with_details(doc, details(start=time(1, 30)))  # 29 March 2026: 01:00 -> 02:00
    with pytest.raises(MatchSetupError, match="happens twice"):
        with_details(doc, details(day=date(2026, 10, 25), end=time(1, 30)))
    with pytest.raises(MatchSetupError) as caught:
        with_details(doc, details(name="  "))
    assert translate(caught.value.message, "es") == "el nombre del partido está vacío"


def test_a_new_match_from_details_and_a_roster_and_its_id():
    d = details(name="Copa Oro — Final")
    assert suggest_id(d.name, d.day) == "2026-03-29-copa-oro-final"
    data = new_match_data("2026-03-29-copa-oro-final", d, roster=rosters.parse(rosters.template().encode()))
    assert data["match"]["teams"][0]["id"] == "A" and data["events"] == []
    data = new_match_data("m1", d, teams=[{"name": "Red", "color": "red"}, {"name": "Blue", "color": ""}])
    assert data["match"]["teams"][0] == {"id": "A", "name": "Red", "color": "red", "players": []}
    with pytest.raises(MatchSetupError, match="no spaces"):
        new_match_data("bad id", d, teams=[{"name": "R"}, {"name": "B"}])
    with pytest.raises(MatchSetupError, match="the name of team 2 is empty"):  # which one, said
        new_match_data("m2", d, teams=[{"name": "R"}, {"name": ""}])


def test_teams_edited_and_a_mount_added_to_a_players_string():
    doc = document_from_data(base_document())
    doc = with_teams(doc, [{"name": "Red", "color": "#f00", "players": [
        {"number": 2, "name": "Ana", "handicap": 3.0, "mounts": "Luna; Sol; luna"}]},
        {"name": "Blue", "players": []}])
    assert doc.match["teams"][0]["players"] == [{"number": 2, "name": "Ana", "handicap": 3, "mounts": ["Luna", "Sol"],
                                                 "id": "ana"}]
    assert string_of(doc, "red", 2) == ["Luna", "Sol"]
    more = with_mount(doc, "red", 2, " Estrella ")
    assert string_of(more, "red", 2) == ["Luna", "Sol", "Estrella"] and string_of(doc, "red", 2) == ["Luna", "Sol"]
    assert with_mount(more, "red", 2, "sol") is more  # already in the string
    assert string_of(with_mount(doc, "blue", 4, "Nube"), "blue", 4) == ["Nube"]  # a player not listed yet
    with pytest.raises(MatchSetupError, match="number 2 is given twice"):
        with_teams(doc, [{"name": "Red", "players": [{"number": 2}, {"number": 2}]}, {"name": "Blue"}])


def test_archive_and_restore_and_every_change_is_a_revision(tmp_path):
    store = open_matches(tmp_path)
    doc = store.create(new_match_data("m1", details(), teams=[{"name": "R"}, {"name": "B"}]))
    assert doc.revision == 1
    doc = store.save(archived(doc))
    assert doc.revision == 2 and doc.match["archived"] is True
    doc = store.save(archived(doc, False))
    assert doc.revision == 3 and "archived" not in doc.match


# -- footage ---------------------------------------------------------------------------------------

def test_a_file_registered_by_path_is_hashed_made_read_only_and_allowed(tmp_path, tmp_path_factory):
    outside = tmp_path_factory.mktemp("media") / "final.mp4"
    outside.write_bytes(b"\x00" * 1000)
    register = FootageRegister(open_records(tmp_path / "registered.json"))
    got = register.register(outside, "Coach")
    assert got.path == outside and got.size == 1000 and got.read_only and got.changed() is None
    assert not outside.stat().st_mode & 0o222
    with pytest.raises(RecordingError, match="full path"):
        register.register("final.mp4")
    with pytest.raises(RecordingError, match="not a video file extension"):
        register.register(tmp_path / "registered.json")
    with pytest.raises(RecordingError, match="no such file"):
        register.register(outside.parent / "missing.mp4")
    folders = Folders(tmp_path / "f", tmp_path / "ann", tmp_path)
    assert (tmp_path / "registered.json").rename(folders.registered)
    assert outside in allowed_roots(folders, open_register(folders))
    doc = document_from_data(base_document(), tmp_path / "ann" / "m.json")
    doc = attach(doc, outside, how="registered", sha256=got.sha256, size=1000, name="final.mp4", by="Coach")
    assert doc.data["recordings"][0]["path"] == str(outside) and doc.footage["sha256"] == got.sha256
    assert doc.footage_path(allowed_roots(folders, open_register(folders))) == outside
    second = attach(doc, tmp_path / "f" / "b.mp4", how="folder", sha256="b" * 64)
    assert second.footage["sha256"] == got.sha256  # the match keeps the footage it is reviewed on
    assert review_on(second, "b" * 64).footage == {"path": "../f/b.mp4", "sha256": "b" * 64}


# -- the demo ---------------------------------------------------------------------------------------

def snapshot(folder: Path) -> dict:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()}


def test_tagging_on_the_demo_copies_it_into_the_workspace_and_leaves_the_demo_alone(tmp_path):
    demo = Demo(ROOT / "sample_clips", ROOT / "annotations", shipped=True)
    before = snapshot(demo.annotations), snapshot(demo.footage)
    folders = Folders(tmp_path / "footage", tmp_path / "matches", tmp_path, tmp_path / "evidence", workspace=tmp_path,
                      demo=demo)
    store = open_store(folders)
    sample = load_document(demo.annotations / "sample-safety.json")
    assert is_demo(sample.path, folders)
    mine = copy_to_workspace(sample, store, demo, by="Coach")
    assert mine.path == tmp_path / "matches" / "sample-safety.json" and not is_demo(mine.path, folders)
    assert mine.events == sample.events and mine.footage["sha256"] == sample.footage["sha256"]
    clip = mine.footage_path((folders.footage,))
    assert clip.is_relative_to(folders.uploads) and clip.read_bytes() == (demo.footage / "safety.mp4").read_bytes()
    assert mine.data["recordings"][0]["how"] == "demo"
    assert copy_to_workspace(sample, store, demo).path == mine.path  # once
    assert (snapshot(demo.annotations), snapshot(demo.footage)) == before


@pytest.mark.slow
def test_an_installed_package_without_samples_renders_the_demo_once(tmp_path, monkeypatch):
    import review_app.samples.generate as generate
    from review_app.samples.scenarios import BUILDERS

    real = generate.generate
    monkeypatch.setattr(generate, "generate", lambda out, ann, only=None, progress=None: real(
        out, ann, ["safety"], progress))  # one scenario stands for the ten
    demo = Demo(tmp_path / "demo" / "sample_clips", tmp_path / "demo" / "annotations", shipped=False)
    seen = []
    assert ensure_demo(demo, lambda n, total, name: seen.append((n, total, name)))
    assert seen == [(1, len(BUILDERS), "safety")]
    doc = load_document(demo.annotations / "sample-safety.json")
    assert doc.footage_path().read_bytes()[:8]
    assert not ensure_demo(demo)  # there already
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".demo.")]
    assert json.loads((demo.annotations / "sample-safety.json").read_text("utf-8"))["match"]["id"] == "sample-safety"


def test_a_row_with_an_unquoted_separator_is_refused_not_imported_cut_short():
    # `Alba (bay, star)` unquoted: 7 values under 6 columns; before, " star)" was dropped without a word
    data = (b"team,colour,number,name,handicap,mounts\nRed,,1,Ana,2,Sombra; Alba (bay, star)\n"
            b"Blue,,1,Bea,1,Luna\n")
    assert problems(data) == ["row 2: 7 values under 6 columns (from ' star)' on); a value holding the separator, "
                              "as the mounts' marks \"Alba (bay, star)\", must be in double quotes"]
    with pytest.raises(rosters.RosterError) as caught:
        rosters.parse(data, path="roster.csv")
    assert str(caught.value).startswith("roster.csv: row 2: 7 values") or caught.value.path == "roster.csv"
    quoted = data.replace(b"Sombra; Alba (bay, star)", b'"Sombra; Alba (bay, star)"')
    (red, _blue) = rosters.parse(quoted)
    assert red.players[0]["mounts"] == ["Sombra", "Alba"] and red.players[0]["mount_marks"] == {"Alba": "bay, star"}
