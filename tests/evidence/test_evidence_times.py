"""Times that cannot be forged (issue 38, F3 of the security review): every receipt counts the 24 hours of 21.f(5)
from the server's own time; an earlier time given by hand is kept beside it as a claim and counts only when an
Umpire of the match, its Referee or a committee member, identified, attests it; status, verify and the pack show
both times, and a log that counts an unattested claim is broken."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW, forge_log

from review_app.evidence import EvidenceError, verify_case
from review_app.ground.roles import COMMITTEE, NAME_GIVEN, PASSPHRASE

BACKDATED = END + timedelta(hours=14)  # in time, had it been true; NOW is 13 h after the deadline


def test_a_backdated_receipt_is_kept_as_a_claim_and_counted_from_the_servers_time(case, videos):
    """The review's repro: a receipt typed 174 days back was "In time". Now the window counts from NOW."""
    ev, _ = case.add(videos["phone"], "A spectator", "Com Mary", BACKDATED, now=NOW)
    assert not ev.in_time and ev.received_at == ev.recorded == "2026-06-16T09:00:00Z"
    assert ev.claimed_at == "2026-06-15T10:00:00Z" and ev.attested is None
    report = verify_case(case.folder)
    assert report.intact
    assert report.receipt_lines() == ["entry 2 (ev1) recorded 2026-06-16T09:00:00Z, claimed 2026-06-15T10:00:00Z NOT "
                                      "attested; the 24 hours count from 2026-06-16T09:00:00Z"]


def test_an_attested_claim_counts_and_the_attestation_is_recorded(case, videos):
    ev, _ = case.add(videos["phone"], "A spectator", "Com Mary", BACKDATED, now=NOW)
    entry = case.attest_receipt(ev.seq, "Com Mary", "committee", PASSPHRASE, now=NOW + timedelta(minutes=5))
    assert entry["type"] == "receipt_attested" and entry["by"] == "Com Mary" and entry["at"] == "2026-06-16T09:05:00Z"
    ev = case.state().evidence["ev1"]
    assert ev.in_time and ev.received_at == "2026-06-15T10:00:00Z" and ev.recorded == "2026-06-16T09:00:00Z"
    assert ev.attested["as"] == "committee" and ev.attested["identified"] == PASSPHRASE
    with pytest.raises(EvidenceError, match="attested already"):
        case.attest_receipt(ev.seq, "Com Mary", "committee", PASSPHRASE, now=NOW)
    assert verify_case(case.folder).intact


def test_a_name_merely_typed_cannot_attest(case, videos):
    ev, _ = case.add(videos["phone"], "A spectator", "Com Mary", BACKDATED, now=NOW)
    with pytest.raises(EvidenceError, match="is not identified"):
        case.attest_receipt(ev.seq, "Com Mary", "committee", NAME_GIVEN, now=NOW)
    with pytest.raises(EvidenceError, match="is not identified"):
        case.add(videos["drone"], "A spectator", "Com Mary", BACKDATED, now=NOW, attest=("committee", NAME_GIVEN))
    assert not case.state().evidence["ev1"].in_time and "ev2" not in case.state().evidence


def test_an_umpire_who_is_not_the_matchs_cannot_attest(case, videos):
    ev, _ = case.add(videos["phone"], "A spectator", "Somebody", BACKDATED, now=NOW)
    with pytest.raises(EvidenceError, match="attestation refused: Somebody is not an Umpire of this match"):
        case.attest_receipt(ev.seq, "Somebody", "umpire", PASSPHRASE, now=NOW)


def test_once_roles_exist_only_a_committee_member_attests_as_the_committee(doc, tmp_path, videos):
    from review_app.evidence import EvidenceCase
    from review_app.ground.roles import RoleRefused
    from review_app.store import open_store

    store = open_store(tmp_path / "ws")
    store.people.set_roles("Com Mary", {COMMITTEE})
    store.people.set_roles("Trainee Tom", {"trainee"})
    case = EvidenceCase(doc, store.evidence)
    ev, _ = case.add(videos["phone"], "A spectator", "Trainee Tom", BACKDATED, now=NOW)
    with pytest.raises(RoleRefused, match="Trainee Tom may not attest"):
        case.attest_receipt(ev.seq, "Trainee Tom", "committee", PASSPHRASE, now=NOW)
    case.attest_receipt(ev.seq, "Com Mary", "committee", PASSPHRASE, now=NOW)
    assert case.state().evidence["ev1"].in_time


def test_a_forged_receipt_counting_an_unattested_claim_breaks_verify(case, videos):
    case.add(videos["phone"], "A spectator", "Com Mary", BACKDATED, now=NOW)

    def count_the_claim(entries):
        entries[1]["data"].update(received_at="2026-06-15T10:00:00Z", in_time=True, margin_s=36000)

    forge_log(case.log.path, count_the_claim)
    report = verify_case(case.folder)
    assert not report.intact and report.first.entry == 2 and "counts the 24 hours from" in str(report.first)


def test_a_forged_attestation_by_nobody_identified_breaks_verify(case, videos):
    ev, _ = case.add(videos["phone"], "A spectator", "Com Mary", BACKDATED, now=NOW)
    case.attest_receipt(ev.seq, "Com Mary", "committee", PASSPHRASE, now=NOW)
    forge_log(case.log.path, lambda es: es[2]["data"].update(identified=NAME_GIVEN))
    report = verify_case(case.folder)
    assert not report.intact and report.first.entry == 3 and "without its person identified" in str(report.first)


def test_a_case_opened_before_format_2_warns_of_typed_times(case, videos):
    case.add(videos["phone"], "Ana", "Committee", BACKDATED, now=NOW, attest=ATTEST)

    def old_format(entries):  # what the tool wrote before: format 1, the typed time counted, no claim kept
        entries[0]["data"]["log_format"] = 1
        for key in ("claimed_at", "attested"):
            entries[1]["data"].pop(key)

    forge_log(case.log.path, old_format)
    report = verify_case(case.folder)
    assert report.intact
    assert any("counts the 24 hours from the typed time 2026-06-15T10:00:00Z" in str(w) for w in report.warnings)


def test_a_killed_receipts_temporary_file_is_reported_by_verify(case, videos):
    """Low item of the review: a kill during a 400 MB receipt left originals/.incoming.* that verify never named."""
    case.add(videos["phone"], "Ana", "Committee", NOW, now=NOW)
    left = case.folder.path / "originals" / ".incoming.abc123.mp4"
    left.write_bytes(b"x" * 1000)
    report = verify_case(case.folder)
    assert report.intact and any(".incoming.abc123.mp4 (1000 bytes) was left by an interrupted receipt" in str(w)
                                 for w in report.warnings)


def test_the_command_line_shows_both_times_and_attests(run, videos, tmp_path):
    code, out, _ = run("evidence", "add", "m21", videos["phone"], "--from", "A spectator", "--received-by", "Com Mary",
                       "--received-at", "2026-06-15T10:00:00Z")
    assert code == 0 and "LATE" in out and "claimed received 2026-06-15T10:00:00Z, NOT attested" in out
    code, out, _ = run("evidence", "status", "m21")
    assert code == 0 and "LATE" in out and "NOT attested" in out and "recorded 20" in out
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 0 and "claimed 2026-06-15T10:00:00Z NOT attested" in out
    code, out, err = run("evidence", "attest", "m21", "--entry", "2", "--by", "Com Mary", "--as", "committee")
    assert code == 0 and "in time" in out, err
    code, out, _ = run("evidence", "status", "--json", "m21")
    ev = json.loads(out)["evidence"][0]
    assert ev["in_time"] and ev["claimed_at"] == "2026-06-15T10:00:00Z" and ev["attested"]["by"] == "Com Mary"
    code, out, _ = run("evidence", "pack", "m21", "--out", tmp_path / "pack")
    html = (tmp_path / "pack" / "evidence-m21.html").read_text("utf-8")
    assert code == 0 and "claimed received 2026-06-15T10:00:00Z, attested by Com Mary" in html
    assert "recorded in entry 2 at 20" in html
