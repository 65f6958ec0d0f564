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
