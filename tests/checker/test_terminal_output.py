"""Names people typed reach a terminal without the control characters that would act on it."""

from __future__ import annotations

import json

from match_docs import base_document, event

from review_app.cli import main
from review_app.textsafe import for_terminal

ESC = "\x1b[2J\x1b[31m"


def test_control_characters_are_dropped_tabs_and_newlines_kept():
    assert for_terminal(f"Luna{ESC}\x07\x9b\tmare\n") == "Luna[2J[31m\tmare\n"


def test_check_table_and_mounts_print_no_escape_codes(tmp_path, capsys):
    doc = base_document("m1", umpires=[f"Ana{ESC}"])
    e = event("e1", 10, "21.f(3)", {"mount_sound": False}, {"whistle": "at_once", "mount_excused": True},
              mount=f"Luna{ESC}", umpire=f"Ana{ESC}")
    again = event("e2", 400, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"},
                  period=3, players=[{"team": "red", "number": 1, "mount": f"Luna{ESC}"}])
    doc["events"] = [e, again]
    path = tmp_path / "m1.json"
    path.write_text(json.dumps(doc), "utf-8")
    main(["check", str(path)])
    table = capsys.readouterr().out
    main(["mounts", str(path)])
    mounts = capsys.readouterr().out
    assert "Luna" in table and "Luna" in mounts  # the finding names the mount ridden again
    assert "\x1b" not in table and "\x1b" not in mounts


def test_check_table_shows_a_dash_for_a_tag_without_period_or_clock(tmp_path, capsys):
    """Issue 40: a tag lacking its period and clock printed <NA> and NaN in the table."""
    doc = base_document("m1")
    e = event("e1", 10, "21.h", {}, {"whistle": "at_once"})
    del e["period"], e["clock"]
    doc["events"] = [e]
    path = tmp_path / "m1.json"
    path.write_text(json.dumps(doc), "utf-8")
    assert main(["check", str(path)]) == 0
    table = capsys.readouterr().out
    assert "<NA>" not in table and "NaN" not in table and "None" not in table, table
    [row] = [line for line in table.splitlines() if line.startswith("m1 ") or line.strip().startswith("m1 ")]
    assert row.split()[1:4] == ["e1", "—", "—"], row


def test_check_of_nothing_readable_prints_only_the_error_line(tmp_path, capsys):
    """Issue 40: an invalid document's one-line error was followed by "No events. 0 documents…" on stdout."""
    path = tmp_path / "broken.json"
    path.write_text("{not json", "utf-8")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "broken.json" in err, (out, err)
    good = tmp_path / "m1.json"  # with one document read, its report is printed and the other's error said
    doc = base_document("m1")
    doc["events"] = [event("e1", 10, "21.h", {}, {"whistle": "at_once"})]
    good.write_text(json.dumps(doc), "utf-8")
    assert main(["check", str(path), str(good)]) == 2
    out, err = capsys.readouterr()
    assert "1 documents" in out and "broken.json" in err
