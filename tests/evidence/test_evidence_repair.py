"""A crash mid-append leaves the case log's last line cut; `evidence repair` sets the cut bytes aside in a read-only
file, records a repair entry, and the case goes on. Nothing else is ever "repaired": an altered entry stays BROKEN."""

from __future__ import annotations

import hashlib
import os
import signal
import stat
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW, forge_log

from review_app.evidence import EvidenceError, LogDamaged, verify_case

IN_TIME = END + timedelta(hours=3)
LATER = NOW + timedelta(hours=1)


@pytest.fixture
def marked(case, videos):
    """Entries: 1 case opened, 2 ev1 received in time, 3 frames marked."""
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    return case


def _cut_append(case, keep: int = 57) -> bytes:
    """What a crash part-way through appending one more entry leaves: the start of a line, no newline."""
    raw = case.log.raw()
    cut = raw.splitlines(keepends=True)[-1][:keep]
    with open(case.log.path, "ab") as fh:
        fh.write(cut)
    return cut


def test_a_cut_last_line_is_set_aside_and_the_case_goes_on(marked):
    complete = marked.log.raw()
    cut = _cut_append(marked)
    with pytest.raises(LogDamaged, match="evidence repair m21 --by NAME"):
        marked.mark("ev1", [20], "Referee", excusal="e2", now=NOW)  # blocked, and told how to unblock it
    done = marked.repair("Chair", now=LATER)
    # The log: its complete entries byte for byte, then the repair entry.
    raw = marked.log.raw()
    assert raw.startswith(complete) and raw.count(b"\n") == 4 and raw.endswith(b"\n")
    data = done.entry["data"]
    assert done.entry["seq"] == 4 and done.entry["type"] == "repair" and done.entry["by"] == "Chair"
    assert done.entry["at"] == "2026-06-16T10:00:00Z"
    assert data == {"after_entry": 3, "cut_bytes": len(cut), "cut_sha256": hashlib.sha256(cut).hexdigest(),
                    "kept_in": "repairs/case.jsonl.cut-20260616T100000Z"}
    # The cut bytes, kept whole and read-only beside the log.
    assert done.kept == marked.folder.path / data["kept_in"] and done.kept.read_bytes() == cut
    assert stat.S_IMODE(done.kept.stat().st_mode) == 0o444
    report = verify_case(marked.folder)
    assert report.intact and report.entries == 4
    assert [str(w) for w in report.warnings] == [
        f"entry 4 is a repair: {len(cut)} bytes of an interrupted append were cut at 2026-06-16T10:00:00Z by Chair "
        "and kept in repairs/case.jsonl.cut-20260616T100000Z"]
    # And the case goes on.
    m = marked.mark("ev1", [20], "Referee", excusal="e2", now=LATER)
    d = marked.decide("forfeiture", "Chair", now=LATER)
    assert (m.seq, d.seq) == (5, 6) and [g["mark_entry"] for g in d.data["grounds"]] == [3, 5]
    assert verify_case(marked.folder).intact and marked.state().repairs[0]["seq"] == 4


def test_repair_refuses_an_intact_log_and_changes_nothing(marked):
    before = marked.log.raw()
    with pytest.raises(EvidenceError, match="nothing to repair: the case log ends in a complete entry"):
        marked.repair("Chair", now=LATER)
    assert marked.log.raw() == before and not (marked.folder.path / "repairs").exists()


@pytest.mark.parametrize("also_cut", [False, True], ids=["complete", "and-a-cut-line"])
def test_an_altered_middle_entry_is_never_repaired(marked, also_cut):
    lines = marked.log.raw().splitlines(keepends=True)
    lines[1] = lines[1].replace(b'"presented_by":"Ana"', b'"presented_by":"Bea"')
    marked.log.path.write_bytes(b"".join(lines))
    if also_cut:
        _cut_append(marked)
    before = marked.log.raw()
    with pytest.raises(EvidenceError, match="not repaired: the case log is damaged at entry 2: its content does not "
                                            "match its hash"):
        marked.repair("Chair", now=LATER)
    assert marked.log.raw() == before and not (marked.folder.path / "repairs").exists()
    report = verify_case(marked.folder)
    assert report.first.entry == 2 and "does not match its hash" in str(report.first)


def test_a_log_the_tool_could_not_have_written_is_never_repaired(marked):
    forge_log(marked.log.path, lambda es: es.append({**es[2], "by": ""}))
    _cut_append(marked)
    with pytest.raises(EvidenceError, match=r"not repaired: the case log is damaged at entry 4 \(frames_marked\): "
                                            "made by nobody"):
        marked.repair("Chair", now=LATER)


def test_a_missing_log_is_not_repaired(case):
    with pytest.raises(EvidenceError, match="nothing to repair: match m21 has no case log"):
        case.repair("Chair", now=LATER)
    assert not case.log.path.exists()


def test_repair_needs_a_person(marked):
    _cut_append(marked)
    with pytest.raises(EvidenceError, match="--by is required"):
        marked.repair("  ", now=LATER)


@pytest.mark.parametrize("damage, says", [
    (lambda p: p.unlink(), "are missing"),
    (lambda p: (os.chmod(p, 0o644), p.write_bytes(b"something else")), "no longer match the SHA-256 it recorded"),
])
def test_verify_rehashes_the_kept_bytes(marked, damage, says):
    _cut_append(marked)
    kept = marked.repair("Chair", now=LATER).kept
    damage(kept)
    report = verify_case(marked.folder)
    assert not report.intact and report.first.entry == 4 and report.first.kind == "repair"
    assert says in str(report.first) and report.summary().startswith("BROKEN at entry 4 (repair): ")


def test_a_first_line_cut_is_repaired_and_the_case_opens_after_it(case, videos):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    opened = case.log.raw().splitlines(keepends=True)[0]
    for p in case.folder.stored_originals():  # as if the crash came before anything was received
        os.chmod(p, 0o644)
        p.unlink()
    case.log.path.write_bytes(opened[:30])
    done = case.repair("Chair", now=NOW)
    assert done.entry["seq"] == 1 and done.entry["data"]["after_entry"] == 0
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    state = case.state()
    assert [e["type"] for e in state.entries] == ["repair", "case_opened", "evidence_received"]
    assert state.opened["match_id"] == "m21" and ev.id == "ev1" and verify_case(case.folder).intact


def test_a_receipt_cut_by_a_crash_is_recorded_again_after_the_repair(case, videos):
    """The original was stored, then the crash cut its receipt: repair says so, and receiving it again records it."""
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    lines = case.log.raw().splitlines(keepends=True)
    case.log.path.write_bytes(lines[0] + lines[1][:100])
    done = case.repair("Chair", now=NOW)
    assert [p.parent.name for p in done.unrecorded] == ["originals"]
    assert "not recorded in the log" in str(verify_case(case.folder).first)
    ev, duplicate = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    assert not duplicate and ev.id == "ev1" and verify_case(case.folder).intact


def test_repair_through_the_command_line(run, videos, tmp_path):
    run("evidence", "add", "m21", videos["phone"], "--from", "Ana", "--received-by", "Committee",
        "--received-at", "2026-06-15T09:30:00-03:00", "--attest-as", "committee")
    code, _, err = run("evidence", "repair", "m21", "--by", "Chair")
    assert code == 2 and err.startswith("polo-review: error: ") and len(err.strip().splitlines()) == 1
    assert "nothing to repair" in err and "Traceback" not in err
    log = tmp_path / "evidence_store" / "m21" / "case.jsonl"
    with open(log, "ab") as fh:
        fh.write(b'{"at":"2026-06-16T0')
    code, _, err = run("evidence", "status", "m21")
    assert code == 2 and "evidence repair m21 --by NAME" in err
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 1 and out.startswith("BROKEN at entry 3: incomplete last line") and "evidence repair m21" in out
    code, out, _ = run("evidence", "repair", "m21", "--by", "Chair")
    assert code == 0 and out.startswith("entry 3: repair by Chair at ") and "19 bytes" in out
    assert "integrity: intact: 3 entries" in out
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 0 and out.startswith("intact: 3 entries")
    assert "  warning: entry 3 is a repair: 19 bytes of an interrupted append were cut at " in out
    code, _, err = run("evidence", "repair", "m21")
    assert code == 2 and "--by" in err and len(err.strip().splitlines()) == 1


APPENDER = """
import os, sys, time, types
from datetime import datetime, timedelta, timezone
from review_app.evidence import EvidenceCase
from review_app.store.filestore import evidence as case_files
from review_app.store import open_evidence
from review_app.model import load_document

def slow(fd, data):  # a disk that takes its time: half the line, a pause, the rest
    done = os.write(fd, data[: len(data) // 2])
    time.sleep(0.3)
    return done + os.write(fd, data[len(data) // 2 :])

case_files.os = types.SimpleNamespace(**{**{k: getattr(os, k) for k in dir(os) if not k.startswith("__")},
                                        "write": slow})
case = EvidenceCase(load_document(sys.argv[1]), open_evidence(sys.argv[2]))
now = datetime(2026, 6, 16, 9, 0, tzinfo=timezone.utc)
for i in range(1000):
    case.correct(2, "Chair", f"note {i}", now=now + timedelta(seconds=i))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_mid_append_leaves_a_case_that_repair_unblocks(case, videos, match_path, store, tmp_path):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    script = tmp_path / "appender.py"
    script.write_text(APPENDER)
    proc = subprocess.Popen([sys.executable, str(script), str(match_path), str(store)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            raw = case.log.raw()
            if raw.count(b"\n") >= 4 and not raw.endswith(b"\n"):  # a few corrections in, and one half-written
                os.kill(proc.pid, signal.SIGKILL)
                break
            time.sleep(0.01)
    finally:
        if proc.poll() is None:
            proc.kill()
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL, err.decode()
    raw = case.log.raw()
    assert not raw.endswith(b"\n")
    with pytest.raises(LogDamaged, match="incomplete last line"):
        case.state()
    entries = raw.count(b"\n")
    done = case.repair("Chair", now=LATER)
    assert done.entry["seq"] == entries + 1 and done.kept.read_bytes() == raw[raw.rfind(b"\n") + 1:]
    report = verify_case(case.folder)
    assert report.intact and str(report.warnings[0]).startswith(f"entry {entries + 1} is a repair: ")
    case.mark("ev1", [10], "Referee", excusal="e2", now=LATER)
    assert case.decide("forfeiture", "Chair", now=LATER).seq == entries + 3 and verify_case(case.folder).intact
