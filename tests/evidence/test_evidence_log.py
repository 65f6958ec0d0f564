"""The case log's canonical form and hash chain, and what `verify` finds when anything is altered."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW, flip_byte

from review_app.evidence import LogDamaged, verify_case
from review_app.evidence.canonical import GENESIS, canonical, entry_hash
from review_app.evidence.log import chain_problems


def test_canonical_form_is_sorted_compact_utf8():
    assert canonical({"b": 1, "a": ["ñ", 0.5, None, True]}) == '{"a":["ñ",0.5,null,true],"b":1}'.encode()
    with pytest.raises(ValueError):
        canonical({"x": float("nan")})


@pytest.fixture
def decided(case, videos):
    """A case with five entries: opened, received, marked, marked, decided."""
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=3), now=NOW, attest=ATTEST)
    case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    case.mark(ev.id, [40], "Referee", excusal="e2", note="second angle", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    return case


def _lines(case) -> list[bytes]:
    return case.log.path.read_bytes().splitlines(keepends=True)


def _write(case, lines) -> None:
    case.log.path.write_bytes(b"".join(lines))


def test_each_line_is_the_canonical_entry_chained_to_the_one_before(decided):
    lines = _lines(decided)
    assert len(lines) == 5
    prev = GENESIS
    for n, line in enumerate(lines, start=1):
        entry = json.loads(line)
        assert line == canonical(entry) + b"\n"
        assert entry["seq"] == n and entry["prev"] == prev
        body = {k: v for k, v in entry.items() if k != "hash"}
        assert entry["hash"] == entry_hash(entry) == hashlib.sha256(canonical(body)).hexdigest()
        prev = entry["hash"]
    report = verify_case(decided.folder)
    assert report.intact and report.entries == 5 and report.originals == 1 and report.head == prev
    assert report.summary().startswith("intact")


def test_a_flipped_byte_in_an_original_is_found(decided):
    ev = decided.state().evidence["ev1"]
    flip_byte(decided.original_path(ev))
    report = verify_case(decided.folder)
    assert not report.intact and report.first.entry == ev.seq
    assert "no longer matches its recorded hash" in report.first.message


def test_a_deleted_original_is_found(decided):
    path = decided.original_path(decided.state().evidence["ev1"])
    path.unlink()
    assert "is missing" in verify_case(decided.folder).first.message


def test_an_edited_entry_is_the_first_broken_one(decided):
    lines = _lines(decided)
    lines[2] = lines[2].replace(b'"frame":10', b'"frame":11')
    _write(decided, lines)
    report = verify_case(decided.folder)
    assert report.first.entry == 3 and "does not match its hash" in report.first.message
    with pytest.raises(LogDamaged, match="entry 3"):
        decided.state()  # nothing is read, or appended, from a broken log


def test_an_edit_with_its_hash_recomputed_breaks_the_next_entry(decided):
    lines = _lines(decided)
    entry = json.loads(lines[1])
    entry["data"].update(received_at="2026-06-14T21:00:00Z", claimed_at="2026-06-14T21:00:00Z")  # pretend earlier
    entry["hash"] = entry_hash(entry)
    lines[1] = canonical(entry) + b"\n"
    _write(decided, lines)
    report = verify_case(decided.folder)
    assert any(p.entry == 3 and "does not follow the entry before it" in p.message for p in report.problems)
    # The edited receipt itself no longer adds up: its margin was computed from the time it was received.
    assert report.first.entry == 2 and str(report.first).startswith("entry 2 (evidence_received): says the evidence "
                                                                     "was received in time (75600 s), but")


def test_a_deleted_entry_is_found(decided):
    lines = _lines(decided)
    del lines[2]
    _write(decided, lines)
    report = verify_case(decided.folder)
    assert report.first.entry == 3 and "holds entry number 4" in report.first.message


def test_reordered_entries_are_found(decided):
    lines = _lines(decided)
    lines[2], lines[3] = lines[3], lines[2]
    _write(decided, lines)
    assert verify_case(decided.folder).first.entry == 3


def test_a_rewritten_but_equal_entry_is_found(decided):
    lines = _lines(decided)
    lines[1] = json.dumps(json.loads(lines[1]), indent=1).replace("\n", " ").encode() + b"\n"
    _write(decided, lines)
    report = verify_case(decided.folder)
    assert report.first.entry == 2 and "canonical form" in report.first.message


def test_a_half_written_last_entry_is_reported_and_not_built_on(decided, videos):
    raw = decided.log.path.read_bytes()
    decided.log.path.write_bytes(raw + raw.splitlines(keepends=True)[-1][:40])  # a crash mid-append
    report = verify_case(decided.folder)
    assert report.first.entry == 6 and "incomplete last line" in report.first.message
    with pytest.raises(LogDamaged, match="entry 6"):
        decided.correct(5, "Chair", "typo", now=NOW)


def test_cut_entries_are_found_against_an_anchored_head(decided):
    head = decided.state().head
    lines = _lines(decided)
    _write(decided, lines[:-1])  # the decision removed; the chain alone still looks whole
    assert verify_case(decided.folder).intact
    report = verify_case(decided.folder, head=head)
    assert not report.intact and "anchored head" in report.first.message


def test_an_original_not_in_the_log_is_reported(decided):
    stray = decided.folder.originals / ("0" * 64 + ".mp4")
    stray.write_bytes(b"x")
    report = verify_case(decided.folder)
    assert not report.intact and "not recorded in the log" in report.first.message


def test_a_writable_original_is_a_warning(decided):
    os.chmod(decided.original_path(decided.state().evidence["ev1"]), 0o644)
    report = verify_case(decided.folder)
    assert report.intact and "read-only" in report.warnings[0]


def test_chain_problems_of_garbage():
    entries, problems = chain_problems(b"not json\n")
    assert entries == [] and problems[0].entry == 1
