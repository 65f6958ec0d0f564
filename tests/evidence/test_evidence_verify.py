"""What `verify` finds, what it says it cannot prove, and the command line under a committee and the forfeiting
team's lawyer: every user error one line with exit 2, every presentation of a video shown with its entry."""

from __future__ import annotations

import json
import os
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW, write_match

from review_app.evidence import EvidenceCase, LogDamaged, verify_case
from review_app.evidence.canonical import GENESIS, canonical, entry_hash
from review_app.model import load_document
from review_app.store import open_evidence

IN_TIME = END + timedelta(hours=3)


def _log(case) -> bytes:
    return case.log.path.read_bytes()


def one_line_error(code, err, problem=None):
    assert code == 2 and err.startswith("polo-review: error: ") and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    if problem:
        assert problem in err, err


def test_a_deleted_log_is_named_as_entry_1(case, videos):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.log.path.unlink()
    report = verify_case(case.folder)
    assert report.first.entry == 1 and "record of this case was deleted" in report.first.message
    with pytest.raises(LogDamaged):
        case.state()


# -- verify: what it finds, and what it says it cannot ---------------------------------------------------------------
@pytest.fixture
def decided(case, videos):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    return case


def _forge(case, change) -> None:
    """Rewrite the whole log with `change` applied and every hash recomputed: a consistent forgery."""
    entries = [json.loads(line) for line in _log(case).splitlines()]
    change(entries)
    prev, out = GENESIS, b""
    for e in entries:
        e["prev"] = prev
        e["hash"] = prev = entry_hash(e)
        out += canonical(e) + b"\n"
    case.log.path.write_bytes(out)


def _move_receipt_in_time(entries):
    """A careful forgery: the receipt moved, and what it says of the window with it (one hour before the deadline)."""
    entries[1]["data"].update(received_at="2026-06-15T19:00:00Z", claimed_at="2026-06-15T19:00:00Z", in_time=True,
                              margin_s=3600)


def test_a_rehashed_forgery_passes_the_chain_but_not_an_anchor(decided, tmp_path):
    head = decided.state().head
    copy_of_log = tmp_path / "pack-case.jsonl"
    copy_of_log.write_bytes(_log(decided))
    _forge(decided, _move_receipt_in_time)
    plain = verify_case(decided.folder)
    assert plain.intact and "rewritten whole" in plain.note()  # it says it cannot tell
    anchored = verify_case(decided.folder, head=head.upper())
    assert not anchored.intact and anchored.summary().startswith("BROKEN: the anchored head")
    assert anchored.first_broken_entry is None  # a head alone cannot name the entry rewritten
    against = verify_case(decided.folder, against=copy_of_log)
    assert against.first.entry == 2 and "changed after that copy" in against.first.message


def test_against_an_earlier_copy_names_cut_and_added_entries(decided, tmp_path):
    earlier = tmp_path / "case.jsonl"
    earlier.write_bytes(_log(decided))
    decided.correct(4, "Chair", "typo in the chair's name", now=NOW)
    report = verify_case(decided.folder, against=earlier)
    assert report.intact and report.anchored_entries == 4 and "were added after" in report.warnings[0]
    decided.log.path.write_bytes(b"".join(_log(decided).splitlines(keepends=True)[:3]))
    report = verify_case(decided.folder, against=earlier)
    assert report.first.entry == 4 and "entry 4 of the earlier copy case.jsonl missing here" in report.first.message


def test_a_stray_file_in_the_store_is_not_called_an_entry(decided):
    (decided.folder.originals / "extra.mp4").write_bytes(b"x")
    report = verify_case(decided.folder)
    assert report.summary().startswith("BROKEN: store: originals/extra.mp4")
    assert report.to_dict()["first_broken_entry"] is None


# -- the command line -----------------------------------------------------------------------------------------
def _add(run, videos, *extra, which="phone", when="2026-06-15T09:30:00-03:00"):
    return run("evidence", "add", "m21", videos[which], "--from", "Ana", "--received-by", "Committee",
               "--received-at", when, "--attest-as", "committee", *extra)


@pytest.mark.parametrize("argv, problem", [
    (["evidence", "mark", "m21", "ev1", "--frame", "1", "--excusal", "e2", "--mount", "Blue Moon", "--by", "R"],
     "not allowed with argument"),
    (["evidence", "mark", "m21", "ev1", "--frame", "x", "--excusal", "e2", "--by", "R"], "invalid int value"),
    (["evidence", "decide", "m21", "--decision", "maybe", "--by", "C"], "invalid choice"),
    (["evidence", "decide", "m21", "--decision", "forfeiture"], "--by"),
    (["evidence"], "required"),
    (["evidence", "verify", "m21", "--head", "deadbeef"], "64 hexadecimal digits"),
    (["evidence", "verify", "m21", "--head", ""], "64 hexadecimal digits"),
    (["evidence", "verify", "m21", "--against", "nowhere.jsonl"], "--against"),
    (["evidence", "add", "m21", "{phone}", "--from", "A", "--received-by", "B", "--tz", "Europe/Paris"],
     "give both or neither"),
    (["evidence", "add", "m21", "{phone}", "--from", "A", "--received-by", "B", "--received-at", "2026-06-15T10:00Z",
      "--tz", "Europe/Paris"], "not both"),
    (["evidence", "add", "m21", "{phone}", "--from", "A", "--received-by", "B", "--received-at", "2026-06-12T10:00Z"],
     "before the match day"),
    (["evidence", "correct", "m21", "--entry", "2", "--by", "C", "--reason", "r", "--note", "new"],
     "describe new marks"),
])
def test_every_user_error_is_one_line(run, videos, argv, problem):
    _add(run, videos)
    code, _, err = run(*[a.format(**videos) for a in argv])
    one_line_error(code, err, problem)


def test_a_tz_that_agrees_with_the_offset_is_fine(run, videos):
    code, out, _ = _add(run, videos, "--tz", "Europe/Paris", when="2026-06-15T10:00:00+02:00")
    assert code == 0 and "2026-06-15T08:00:00Z" in out


def test_verify_of_no_case_is_a_user_error_unless_a_head_was_anchored(run, videos, tmp_path):
    one_line_error(*run("evidence", "verify", "m21")[::2], "no case of match m21")
    code, out, _ = run("evidence", "verify", "m21", "--head", "a" * 64)
    assert code == 1 and out.startswith("BROKEN: the anchored head")
    (tmp_path / "outside").mkdir()
    one_line_error(*run("evidence", "verify", "../outside", "--store", tmp_path / "evidence_store")[::2])


def test_verify_says_what_an_unanchored_intact_result_cannot_show(run, videos):
    _add(run, videos)
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 0 and out.startswith("intact: 2 entries") and "rewritten whole with new hashes" in out
    head = json.loads(run("evidence", "verify", "m21", "--json")[1])["head"]
    code, out, _ = run("evidence", "verify", "m21", "--head", head)
    assert code == 0 and "entries 1..2 are as anchored" in out and "note:" not in out


def test_a_deleted_entry_lists_a_few_problems_not_every_later_entry(run, videos, tmp_path):
    _add(run, videos)
    for frame in range(10, 18):
        run("evidence", "mark", "m21", "ev1", "--frame", frame, "--excusal", "e2", "--by", "R")
    log = tmp_path / "evidence_store" / "m21" / "case.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:2] + lines[3:]))
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 1 and out.startswith("BROKEN at entry 3:") and "more problems (--json lists them all)" in out
    assert len(out.splitlines()) <= 8


def test_status_lists_every_presentation_and_when_it_was_recorded(run, videos):
    _add(run, videos, when="2026-06-15T20:30:00Z")
    code, out, _ = _add(run, videos, when="2026-06-15T12:00:00Z")
    assert code == 0 and "ev1 counts as presented 2026-06-15T12:00:00Z (entry 3)" in out and ": in time" in out
    code, out, _ = run("evidence", "status", "m21")
    assert "presented 2026-06-15T20:30:00Z by Ana to Committee: late (entry 2, recorded" in out
    assert "presented 2026-06-15T12:00:00Z by Ana to Committee: in time (entry 3, recorded" in out
    assert "ev1  received 2026-06-15T12:00:00Z" in out


def test_a_receipt_after_the_decision_says_it_changes_nothing(run, videos):
    _add(run, videos)
    run("evidence", "decide", "m21", "--decision", "not-proven", "--by", "C", "--as", "committee", "--reason", "blurry")
    code, out, _ = _add(run, videos, which="drone")
    assert code == 0 and "note: the case is decided (not-proven, entry 3)" in out


def test_two_committee_members_receiving_at_once_keep_every_receipt(tmp_path, videos):
    """Two `evidence add` processes at the same moment: both receipts recorded, the chain whole."""
    import subprocess
    import sys

    folder = tmp_path / "annotations"
    write_match(folder)
    env = {**os.environ, "POLO_REVIEW_EVIDENCE": str(tmp_path / "store")}
    procs = [subprocess.Popen([sys.executable, "-m", "review_app", "evidence", "add", "m21", str(videos[name]),
                               "--from", name, "--received-by", "C", "--received-at", "2026-06-15T10:00:00Z",
                               "--attest-as", "committee",
                               "--annotations", str(folder)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for name in ("phone", "drone", "phone")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0], [p.stderr.read() for p in procs]
    case = EvidenceCase(load_document(folder / "m21.json"), open_evidence(tmp_path / "store"))
    state = case.state()
    assert len(state.entries) == 4 and len(state.evidence) == 2 and verify_case(case.folder).intact
