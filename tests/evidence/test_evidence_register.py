"""The mount register as the evidence process reads it: excusals with the rider of the excused
mount, later appearances, and what concurrent committee members do to the log."""

from __future__ import annotations

import copy
import json
import threading
from datetime import timedelta

from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW

from review_app.evidence import verify_case
from review_app.model import document_from_data
from review_app.model.mounts import mount_register


def _doc_with(*events):
    data = copy.deepcopy(MATCH)
    data["events"].extend(events)
    return document_from_data(data)


def test_the_excusal_names_the_rider_of_the_excused_mount_not_the_first_listed():
    data = copy.deepcopy(MATCH)
    data["events"][1]["involved"]["players"].insert(0, {"team": "B", "number": 4, "mount": "Tango"})
    reg = mount_register(document_from_data(data))
    assert [(e.mount, e.team, e.number) for e in reg.excusals] == [(EXCUSED_MOUNT, "A", 2)]


def test_a_later_appearance_of_an_excused_mount_is_in_the_register():
    doc = _doc_with({"id": "e3", "position": {"frame": 900, "time_s": 36.0}, "period": 4, "clock": "1:00",
                     "situation": "21.f(2)", "facts": {"ball_out_of_play_or_neutral": True},
                     "call": {"time_allowed_s": 60, "restart": "throw_in"},
                     "involved": {"players": [{"team": "A", "number": 2, "mount": "blue moon"}]}})
    (exc,) = mount_register(doc).excusals
    assert [(s.event, s.frame, s.team, s.number) for s in exc.returned] == [("e3", 900, "A", 2)]


def test_the_mounts_command_shows_a_later_appearance(tmp_path, capsys):
    from review_app.cli import main

    data = copy.deepcopy(MATCH)
    data["events"].append({"id": "e3", "position": {"frame": 900, "time_s": 36.0}, "situation": "21.f(2)",
                           "facts": {"ball_out_of_play_or_neutral": True}, "call": {},
                           "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}]}})
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    assert main(["mounts", str(path)]) == 0
    assert "e3 (frame 900, Aurora #2)" in capsys.readouterr().out  # the team by its name (issue 40)


def test_committee_members_appending_at_once_keep_the_chain_whole(case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=1), now=NOW, attest=ATTEST)
    errors = []

    def correct(n):
        try:
            case.correct(ev.seq, f"Member {n}", f"note {n}", now=NOW)
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=correct, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    report = verify_case(case.folder)
    assert report.intact and report.entries == 2 + 8


def test_the_evidence_library_never_imports_streamlit():
    import subprocess
    import sys

    code = ("import sys, review_app.evidence, review_app.reports.evidence_pack, review_app._cli.evidence; "
            "sys.exit('streamlit' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
