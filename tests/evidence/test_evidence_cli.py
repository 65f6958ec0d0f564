"""The evidence process through `polo-review`: a whole case end to end, and every bad input as one
line on stderr with exit 2 (no traceback)."""

from __future__ import annotations

import json

import pytest
from evidence_fixtures import write_match


def _add(run, videos, when="2026-06-15T09:30:00-03:00", which="phone"):
    return run("evidence", "add", "m21", videos[which], "--from", "Ana Pérez", "--received-by", "Committee",
               "--received-at", when, "--attest-as", "committee")


def test_a_case_from_receipt_to_forfeiture_and_pack(run, videos, tmp_path):
    code, out, _ = _add(run, videos)
    assert code == 0 and "received ev1" in out and "in time" in out and "2026-06-15T12:30:00Z" in out
    assert list((tmp_path / "evidence_store" / "m21" / "originals").iterdir())  # the default store
    code, out, _ = run("evidence", "mark", "m21", "ev1", "--frame", "10", "--frame", "11", "--excusal", "e2",
                       "--by", "Referee", "--note", "the mare is back")
    assert code == 0 and "excusal e2 (Blue Moon, 21.f(1)(i))" in out and "10 at 0.400 s" in out
    code, out, _ = run("evidence", "decide", "m21", "--decision", "forfeiture", "--by", "Chair", "--as", "committee")
    assert code == 0 and "locked" in out and "must be exacted" in out
    code, out, _ = run("evidence", "status", "m21", "--json")
    status = json.loads(out)
    assert status["locked"] and status["decision"]["decision"] == "forfeiture"
    assert status["deadline_utc"] == "2026-06-15T20:00:00Z" and status["seconds_left"] < 0
    code, out, _ = run("evidence", "status", "m21")
    assert code == 0 and "deadline 2026-06-15T20:00:00Z" in out and "closed" in out
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 0 and out.startswith("intact: 4 entries")
    code, out, _ = run("evidence", "pack", "m21", "--out", tmp_path / "pack")
    assert code == 0 and "1 clips" in out
    assert (tmp_path / "pack" / "evidence-m21.html").exists()


def test_a_match_document_path_works_as_well_as_an_id(run, videos, tmp_path):
    code, out, _ = run("mounts", tmp_path / "annotations" / "m21.json")
    assert code == 0 and "Blue Moon" in out


def test_mounts_table_and_json(run):
    code, out, _ = run("mounts", "m21")
    assert code == 0 and "excusals" in out and "e2" in out and "21.f(1)(i)" in out and "Chispa" in out
    assert "Aurora #" in out and " A #" not in out  # the team's name, not its id (issue 40); --json keeps ids
    code, out, _ = run("mounts", "m21", "--json")
    reg = json.loads(out)
    assert reg["match"] == "m21" and reg["excusals"][0]["mount"] == "Blue Moon"


def test_duplicate_and_late_evidence(run, videos):
    _add(run, videos)
    code, out, _ = _add(run, videos, "2026-06-15T10:00:00Z")
    assert code == 0 and "already received as ev1" in out
    code, out, _ = _add(run, videos, "2026-06-15T20:00:01Z", which="drone")
    assert code == 0 and "LATE: 1 s after the deadline" in out


def test_store_from_the_environment(run, videos, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_EVIDENCE", str(tmp_path / "elsewhere"))
    _add(run, videos)
    assert (tmp_path / "elsewhere" / "m21" / "case.jsonl").exists()


def test_received_at_with_tz(run, videos):
    code, out, _ = run("evidence", "add", "m21", videos["phone"], "--from", "A", "--received-by", "B",
                       "--received-at", "2026-06-15T09:30", "--attest-as", "committee",
                       "--tz", "America/Argentina/Buenos_Aires")
    assert code == 0 and "2026-06-15T12:30:00Z" in out


def test_verify_reports_the_first_broken_entry(run, videos, tmp_path):
    _add(run, videos)
    run("evidence", "mark", "m21", "ev1", "--frame", "10", "--excusal", "e2", "--by", "Referee")
    log = tmp_path / "evidence_store" / "m21" / "case.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(lines[0] + lines[2] + lines[1])
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 1 and out.startswith("BROKEN at entry 2:")
    code, out, _ = run("evidence", "verify", "m21", "--json")
    assert code == 1 and json.loads(out)["first_broken_entry"] == 2


def test_locked_case_through_the_cli(run, videos):
    _add(run, videos, "2026-06-16T09:30:00-03:00")
    code, _, _ = run("evidence", "decide", "m21", "--decision", "out-of-time", "--by", "Chair", "--as", "committee")
    assert code == 0
    code, _, err = run("evidence", "decide", "m21", "--decision", "not-proven", "--by", "Chair", "--as", "committee",
                       "--reason", "x")
    assert code == 2 and "locked" in err and "correct" in err
    code, out, err = run("evidence", "correct", "m21", "--entry", "3", "--by", "Chair", "--reason",
                         "the clerk misspelt the presenter's name")
    assert code == 0 and "entry 4: correction of entry 3" in out


@pytest.mark.parametrize("argv, problem", [
    (["evidence", "add", "m99", "{phone}", "--from", "A", "--received-by", "B", "--received-at", "2026-06-15T10:00Z"],
     "unknown match 'm99'"),
    (["evidence", "add", "m21", "{not_video}", "--from", "A", "--received-by", "B",
      "--received-at", "2026-06-15T10:00Z", "--attest-as", "committee"],
     "not"),
    (["evidence", "add", "m21", "{missing}", "--from", "A", "--received-by", "B", "--received-at", "2026-06-15T10:00Z"],
     "no such file"),
    (["evidence", "add", "m21", "{phone}", "--from", "A", "--received-by", "B", "--received-at", "2026-06-15T10:00"],
     "no UTC offset"),
    (["evidence", "add", "m21", "{phone}", "--from", "A", "--received-by", "B", "--received-at", "tomorrow"],
     "not an ISO 8601 time"),
    (["evidence", "mark", "m21", "ev1", "--frame", "1", "--excusal", "e9", "--by", "R"], "unknown event 'e9'"),
    (["evidence", "mark", "m21", "ev1", "--frame", "1", "--mount", "Pegasus", "--by", "R"], "unknown mount 'Pegasus'"),
    (["evidence", "mark", "m21", "ev5", "--frame", "1", "--excusal", "e2", "--by", "R"], "unknown evidence 'ev5'"),
    (["evidence", "decide", "m21", "--decision", "forfeiture", "--by", "C", "--as", "committee"], "no marked frames"),
    (["evidence", "mark", "m21", "ev1", "--frame", "1", "--mount", "Chispa", "--by", "R"], None),
    (["mounts", "nowhere.json"], "no such file"),
])
def test_bad_input_is_one_clear_line(run, videos, tmp_path, argv, problem):
    _add(run, videos)
    names = {"phone": videos["phone"], "not_video": videos["not_video"], "missing": tmp_path / "missing.mp4"}
    argv = [a.format(**names) for a in argv]
    code, out, err = run(*argv)
    if problem is None:  # a mount never excused is recorded, and says it cannot ground a forfeiture
        assert code == 0 and "never excused" in out
        code, out, err = run("evidence", "decide", "m21", "--decision", "forfeiture", "--by", "C", "--as", "committee")
        problem = "'Chispa' was never excused"
    assert code == 2, (out, err)
    assert err.startswith("polo-review: error: ") and problem in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_an_unwritable_store_is_one_line(run, videos, tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the store should be")
    code, _, err = run("evidence", "add", "m21", videos["phone"], "--from", "A", "--received-by", "B",
                         "--received-at", "2026-06-15T10:00Z", "--attest-as", "committee", "--store", blocked)
    assert code == 2 and err.startswith("polo-review: error: ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_across_spring_forward_23_local_hours_later_is_in_time(run, videos, tmp_path):
    # The game ends 01:30 EST on 2026-03-08; clocks jump to EDT that night.
    write_match(tmp_path / "dst", id="m-dst", date="2026-03-08", end_time_utc="2026-03-08T01:30:00-05:00")
    code, out, err = run("evidence", "add", "m-dst", videos["phone"], "--from", "A", "--received-by", "B",
                         "--received-at", "2026-03-09T01:30", "--attest-as", "committee", "--tz", "America/New_York",
                         "--annotations", tmp_path / "dst")
    assert code == 0, err
    assert "2026-03-09T05:30:00Z" in out and "in time: 1 h before the deadline 2026-03-09T06:30:00Z" in out


def test_a_pack_of_a_match_without_a_case(run, tmp_path):
    code, _, err = run("evidence", "pack", "m21", "--out", tmp_path / "pack")
    assert code == 2 and "no case for match m21 yet" in err
