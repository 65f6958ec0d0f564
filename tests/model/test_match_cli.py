"""`polo-review match new|edit|show|archive|template`: the Matches page's setup from the command line, in
the same workspace; a bad roster is one line per row, nothing is created."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import av
import pytest

from review_app.cli import main
from review_app.model import load_document

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def ws(tmp_path):
    return tmp_path / "ws"


@pytest.fixture
def small_video(tmp_path_factory) -> Path:
    """A copy of a sample clip outside the workspace (registering makes it read-only)."""
    path = tmp_path_factory.mktemp("media") / "final.mp4"
    shutil.copyfile(ROOT / "sample_clips" / "safety.mp4", path)
    return path


def cli(*argv) -> int:
    return main(["match", *map(str, argv)])


def test_new_from_a_roster_then_edit_show_and_archive(ws, tmp_path, capsys, small_video):
    assert cli("template") == 0
    roster = tmp_path / "roster.csv"
    roster.write_text(capsys.readouterr().out, "utf-8")
    assert cli("new", "cup-final", "--workspace", ws, "--name", "Cup final", "--date", "2026-06-14",
               "--tz", "America/Argentina/Buenos_Aires", "--start", "15:00", "--end", "16:45", "--roster", roster,
               "--umpire", "Carlos Medina", "--umpire", "Emily Rhodes", "--referee", "Martín Oyarzábal",
               "--goal-level", "6", "--courtesy-changes", "yes", "--announcement", "Ten-minute half time",
               "--footage", small_video, "--by", "Coach") == 0
    path = ws / "matches" / "cup-final.json"
    doc = load_document(path)
    assert doc.match["end_time_utc"] == "2026-06-14T19:45:00Z" and doc.match["upper_handicap"] == 6
    assert doc.match["teams"][0]["players"][0]["mounts"] == ["Tormenta", "Lucero", "Bandolera"]
    with av.open(str(small_video)) as container:  # the frames as FFmpeg decodes them, not our index
        decoded = sum(1 for _ in container.decode(video=0))
    assert doc.data["recordings"][0]["path"] == str(small_video) and doc.footage["frame_count"] == decoded
    assert cli("edit", "cup-final", "--workspace", ws, "--name", "Cup final (replay)", "--end", "00:30",
               "--venue", "Palermo", "--announcement", "") == 0
    doc = load_document(path)
    assert doc.revision == 2 and doc.match["name"] == "Cup final (replay)" and doc.match["venue"] == "Palermo"
    assert doc.match["end_time_utc"] == "2026-06-15T03:30:00Z"  # 00:30 after a 15:00 start: the next day
    assert doc.match["announcements"] == {"courtesy_changes_allowed": True}
    capsys.readouterr()
    assert cli("show", "cup-final", "--workspace", ws) == 0
    shown = capsys.readouterr().out
    assert "end   2026-06-15 00:30 America/Argentina/Buenos_Aires (2026-06-15T03:30:00Z)" in shown
    assert "#1 Tomás Ferreyra, 4: Tormenta; Lucero; Bandolera" in shown and "(registered," in shown
    assert cli("show", "cup-final", "--workspace", ws, "--json") == 0
    assert json.loads(capsys.readouterr().out)["match"]["venue"] == "Palermo"
    assert cli("archive", "cup-final", "--workspace", ws) == 0
    assert load_document(path).match["archived"] is True
    assert cli("archive", "cup-final", "--workspace", ws, "--undo") == 0
    assert "archived" not in load_document(path).match


def test_a_bad_roster_is_one_line_per_row_and_creates_nothing(ws, tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("team,number,name\nRed,9,Ana\nBlue,1,\nRed,2,Bea\n", "utf-8")
    assert cli("new", "m1", "--workspace", ws, "--name", "X", "--date", "2026-01-01", "--roster", bad) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"polo-review: error: {bad}: row 2, column number: 9 is not a number from 1 to 4",
                   f"polo-review: error: {bad}: row 3, column name: empty; give the player's name"]
    assert not (ws / "matches" / "m1.json").exists()


def test_bad_input_is_one_line(ws, capsys):
    assert cli("new", "--workspace", ws, "--name", "X", "--date", "2026-01-01") == 2
    assert "give the teams" in capsys.readouterr().err
    assert cli("new", "--workspace", ws, "--name", "X", "--date", "2026-03-29", "--team", "A", "--team", "B",
               "--tz", "Europe/London", "--start", "01:30") == 2
    assert capsys.readouterr().err.strip().endswith("does not exist in Europe/London (the clocks go forward then)")
    assert cli("edit", "nope", "--workspace", ws) == 2
    assert "no match 'nope'" in capsys.readouterr().err
    assert cli("new", "--workspace", ws, "--name", "X", "--date", "2026-01-01", "--team", "A", "--team", "B") == 0
    assert (ws / "matches" / "2026-01-01-x.json").is_file()


def test_a_roster_row_with_an_unquoted_comma_is_one_line_naming_the_file_and_row(ws, tmp_path, capsys):
    bad = tmp_path / "roster.csv"
    bad.write_text("team,colour,number,name,handicap,mounts\nRed,,1,Ana,2,Sombra; Alba (bay, star)\n"
                   "Blue,,1,Bea,1,Luna\n", "utf-8")
    assert cli("new", "--name", "Cup", "--date", "2026-03-01", "--roster", bad, "--workspace", ws) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"polo-review: error: {bad}: row 2: 7 values under 6 columns (from ' star)' on); a value holding "
                   "the separator, as the mounts' marks \"Alba (bay, star)\", must be in double quotes"]
    assert not list((ws / "matches").glob("*.json")) if (ws / "matches").exists() else True


def test_a_roster_with_an_unterminated_quote_is_one_line_and_exit_2(ws, tmp_path, capsys):
    """Low item of the security review: a 900 KB field in an unterminated quote raised csv.Error (exit 1)."""
    bad = tmp_path / "quote.csv"
    bad.write_text('team,number,name\nRed,1,"Ana' + "x" * 200_000 + "\n", "utf-8")
    assert cli("new", "m1", "--workspace", ws, "--name", "X", "--date", "2026-01-01", "--roster", bad) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "not a CSV a spreadsheet writes" in err[0] and "Traceback" not in err[0]
    assert not (ws / "matches" / "m1.json").exists()
