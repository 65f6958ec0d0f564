"""Receiving evidence, marking frames, deciding and correcting, through the library."""

from __future__ import annotations

import os
import stat
from datetime import datetime, timedelta

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, NEVER_EXCUSED_MOUNT, NOW, flip_byte

from review_app.errors import PoloReviewError
from review_app.evidence import CaseLocked, EvidenceError, verify_case, window
from review_app.evidence.grounds import rule_text
from review_app.footage import Footage

IN_TIME = END + timedelta(hours=13)
LATE = END + timedelta(hours=24, seconds=1)


def test_intake_stores_the_original_read_only_under_its_hash(case, videos):
    ev, duplicate = case.add(videos["phone"], "Ana Pérez", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    stored = case.original_path(ev)
    assert not duplicate and ev.id == "ev1"
    assert stored.name == f"{ev.sha256}.mp4" and stored.parent.name == "originals"
    assert stored.read_bytes() == videos["phone"].read_bytes()
    assert stat.S_IMODE(os.stat(stored).st_mode) == 0o444
    with Footage(videos["phone"]) as v:
        assert ev.sha256 == v.info.sha256 and ev.video["frame_count"] == v.info.frame_count
    assert ev.received_at == "2026-06-15T09:00:00Z" and ev.presented_by == "Ana Pérez" and ev.received_by == "Committee"
    assert ev.in_time and ev.margin_s == 11 * 3600
    assert ev.presented_name == "phone.mp4"  # kept as a fact, never used to name the stored file


def test_the_same_file_received_twice_is_recognised_by_its_hash(case, videos, tmp_path):
    first, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    renamed = tmp_path / "renamed_by_the_second_witness.MOV"
    renamed.write_bytes(videos["phone"].read_bytes())
    again, duplicate = case.add(renamed, "Luis", "Referee", IN_TIME + timedelta(hours=1), now=NOW, attest=ATTEST)
    assert duplicate and again.id == first.id
    assert [r["presented_by"] for r in again.receipts] == ["Ana", "Luis"]
    assert len(case.folder.stored_originals()) == 1
    other, dup2 = case.add(videos["drone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    assert not dup2 and other.id == "ev2"


def test_late_evidence_is_recorded_but_flagged(case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", LATE, now=NOW + timedelta(days=2), attest=ATTEST)
    assert not ev.in_time and ev.margin_s == -1
    assert ev.id in case.state().evidence


def test_a_receipt_time_in_the_future_is_refused(case, videos):
    with pytest.raises(EvidenceError, match="later than now"):
        case.add(videos["phone"], "Ana", "Committee", NOW + timedelta(hours=1), now=NOW, attest=ATTEST)


@pytest.mark.parametrize("name, problem", [("not_video", "not"), ("missing", "no such file")])
def test_not_a_video_or_a_missing_file_is_refused_and_nothing_stored(case, videos, tmp_path, name, problem):
    path = videos.get(name, tmp_path / "missing.mp4")
    with pytest.raises(PoloReviewError, match=problem):
        case.add(path, "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    assert case.folder.stored_originals() == []


def test_names_are_required(case, videos):
    with pytest.raises(EvidenceError, match="--from is required"):
        case.add(videos["phone"], "  ", "Committee", IN_TIME, now=NOW, attest=ATTEST)


def _received(case, videos, when=IN_TIME, which="phone"):
    return case.add(videos[which], "Ana", "Committee", when, now=NOW, attest=ATTEST)[0]


def test_marks_take_each_frame_time_from_the_footage(case, videos):
    ev = _received(case, videos)
    m = case.mark(ev.id, [40, 10, 10], "Referee", excusal="e2", note="grey mare, white blaze", now=NOW)
    with Footage(case.original_path(ev)) as v:
        assert m.frames == [{"frame": 10, "time_s": round(v.time_of(10), 6)},
                            {"frame": 40, "time_s": round(v.time_of(40), 6)}]
    assert (m.excusal, m.mount, m.clause, m.team, m.number) == ("e2", EXCUSED_MOUNT, "21.f(1)(i)", "A", 2)


def test_marking_by_mount_name_finds_its_excusal(case, videos):
    ev = _received(case, videos)
    assert case.mark(ev.id, [5], "Referee", mount="blue  MOON", now=NOW).excusal == "e2"


@pytest.mark.parametrize("kwargs, problem", [
    ({"excusal": "e9"}, "unknown event 'e9'"),
    ({"excusal": "e1"}, r"event e1 \(21.f\(2\)\) did not excuse a mount"),
    ({"mount": "Pegasus"}, "unknown mount 'Pegasus'"),
    ({}, "say what the frames show"),
    ({"excusal": "e2", "frames": [75]}, "past the end"),
    ({"excusal": "e2", "evidence": "ev7"}, "unknown evidence 'ev7'"),
])
def test_bad_marks_are_refused(case, videos, kwargs, problem):
    ev = _received(case, videos)
    frames = kwargs.pop("frames", [3])
    evidence = kwargs.pop("evidence", ev.id)
    with pytest.raises(PoloReviewError, match=problem):
        case.mark(evidence, frames, "Referee", now=NOW, **kwargs)


def test_forfeiture_with_in_time_evidence_linked_to_an_excusal(case, videos):
    ev = _received(case, videos)
    case.mark(ev.id, [10, 11], "Referee", excusal="e2", now=NOW)
    d = case.decide("forfeiture", "Committee chair", now=NOW)
    assert d.decision == "forfeiture" and d.by == "Committee chair" and d.at == "2026-06-16T09:00:00Z"
    assert d.data["clause"] == "21.f(5)" and d.data["mandatory"]
    assert d.data["rule_text"] == rule_text() and "must be exacted" in d.data["rule_text"]["en"]
    assert "deberá aplicarse" in d.data["rule_text"]["es"]
    assert d.data["forfeiting_teams"] == [{"id": "A", "name": "Aurora"}]
    assert [g["excusal"] for g in d.data["grounds"]] == ["e2"]
    assert verify_case(case.folder).intact


def test_forfeiture_refused_on_late_evidence(case, videos):
    ev = _received(case, videos, LATE)
    case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    with pytest.raises(EvidenceError, match="after the deadline.*cannot ground a forfeiture"):
        case.decide("forfeiture", "Chair", now=NOW)


def test_forfeiture_refused_without_marked_frames(case, videos):
    _received(case, videos)
    with pytest.raises(EvidenceError, match="no marked frames"):
        case.decide("forfeiture", "Chair", now=NOW)


def test_evidence_about_a_mount_never_excused_gives_no_forfeiture(case, videos):
    ev = _received(case, videos)
    m = case.mark(ev.id, [10], "Referee", mount=NEVER_EXCUSED_MOUNT, now=NOW)
    assert m.excusal is None and m.mount == NEVER_EXCUSED_MOUNT
    with pytest.raises(EvidenceError, match="'Chispa' was never excused"):
        case.decide("forfeiture", "Chair", now=NOW)
    assert case.decide("not-proven", "Chair", "Chispa was never excused", now=NOW).decision == "not-proven"


def test_forfeiture_refused_when_the_original_was_altered(case, videos):
    ev = _received(case, videos)
    case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    flip_byte(case.original_path(ev))
    with pytest.raises(EvidenceError, match="no longer matches its hash"):
        case.decide("forfeiture", "Chair", now=NOW)


def test_not_proven_needs_a_reason(case, videos):
    _received(case, videos)
    with pytest.raises(EvidenceError, match="needs its reason"):
        case.decide("not-proven", "Chair", now=NOW)


def test_out_of_time_only_when_all_evidence_came_late(case, videos):
    _received(case, videos, IN_TIME)
    with pytest.raises(EvidenceError, match="received within the 24-hour window"):
        case.decide("out-of-time", "Chair", now=NOW)


def test_out_of_time_on_late_evidence(case, videos):
    _received(case, videos, LATE)
    assert case.decide("out-of-time", "Chair", now=NOW).decision == "out-of-time"


def test_a_decided_case_is_locked(case, videos):
    ev = _received(case, videos)
    case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    with pytest.raises(CaseLocked, match="decided .*locked.*correct"):
        case.decide("not-proven", "Chair", "changed my mind", now=NOW)
    with pytest.raises(CaseLocked):
        case.mark(ev.id, [11], "Referee", excusal="e2", now=NOW)
    assert len(case.state().decisions) == 1


def test_corrections_are_new_entries_never_edits(case, videos):
    ev = _received(case, videos)
    mark = case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    decision = case.decide("forfeiture", "Chair", now=NOW)
    before = case.log.raw()
    with pytest.raises(EvidenceError, match="grounds the forfeiture in force"):
        case.correct(mark.seq, "Chair", "wrong horse", withdraw=True, now=NOW)
    entry = case.correct(mark.seq, "Chair", "the horse in frame 10 is a lookalike", withdraw=True,
                         decision="not-proven", now=NOW)
    after = case.log.raw()
    assert after.startswith(before)  # appended, nothing rewritten
    state = case.state()
    assert state.decision.decision == "not-proven" and state.decision.seq == entry["seq"] == decision.seq + 1
    assert state.marks[0].withdrawn_by == entry["seq"] and state.live_marks == []
    # A further correction adds marks and restores the forfeiture, still by appending.
    case.correct(entry["seq"], "Chair", "frame 40 shows the mare's brand", evidence_id=ev.id, frames=[40],
                 excusal="e2", decision="forfeiture", now=NOW)
    assert case.state().decision.decision == "forfeiture"
    assert verify_case(case.folder).intact


def test_a_correction_needs_an_existing_entry_and_a_reason(case, videos):
    _received(case, videos)
    with pytest.raises(EvidenceError, match="no entry 99"):
        case.correct(99, "Chair", "typo", now=NOW)
    with pytest.raises(EvidenceError, match="needs its reason"):
        case.correct(2, "Chair", " ", now=NOW)


def test_the_window_cannot_move_after_the_case_opened(case, videos, doc):
    _received(case, videos)
    doc.match["end_time_utc"] = "2026-06-14T22:00:00Z"
    with pytest.raises(EvidenceError, match="window cannot move"):
        _received(case, videos, which="drone")


def test_a_working_copy_records_its_parent(case, videos):
    ev = _received(case, videos)
    out = case.working_copy(ev.id, "Clerk", now=NOW)
    assert out.read_bytes() == case.original_path(ev).read_bytes() and out != case.original_path(ev)
    assert case.state().working_copies[0]["parent_sha256"] == ev.sha256
    out.write_bytes(b"scribbled on")  # working copies may change; originals may not
    assert verify_case(case.folder).intact



def test_a_receipt_recorded_after_the_fact_in_a_local_zone(case, videos):
    # The committee notes "09:30 in Buenos Aires" the morning after; the app and the CLI both store it in UTC.
    received = window.parse_time(datetime(2026, 6, 15, 9, 30).isoformat(timespec="seconds"),
                                 "America/Argentina/Buenos_Aires")
    ev, _ = case.add(videos["phone"], "Ana", "Committee", received, now=NOW, attest=ATTEST)
    assert ev.received_at == "2026-06-15T12:30:00Z" and ev.in_time and ev.margin_s == 7 * 3600 + 30 * 60
    late = window.parse_time("2026-06-15T17:00:01", "America/Argentina/Buenos_Aires")  # 20:00:01Z
    ev2, _ = case.add(videos["drone"], "Luis", "Committee", late, now=NOW, attest=ATTEST)
    assert not ev2.in_time and ev2.margin_s == -1


def test_a_decision_after_the_game_waits_for_the_games_end_by_the_servers_clock(case, videos):
    """21.f(5)'s decision on evidence "within 24 hours after a game" is entered from the match's scheduled end on:
    before it (by the server's time) refused, saying from when; at the end itself taken. A correction that decides
    is held to the same."""
    from review_app.evidence.errors import GameNotOver
    from review_app.i18n import translate

    early = END - timedelta(minutes=30)
    case.add(videos["phone"], "Ana", "Committee", early, now=early)
    case.mark("ev1", [10], "Referee", excusal="e2", now=early)
    with pytest.raises(GameNotOver) as refused:
        case.decide("forfeiture", "Chair", now=early)
    assert "from the match's scheduled end, 2026-06-14T20:00:00Z, until 2026-06-15T20:00:00Z" in str(refused.value)
    assert "la hora del servidor es 2026-06-14T19:30:00Z" in translate(refused.value.message, "es")
    assert case.state().decision is None
    with pytest.raises(GameNotOver):
        case.correct(2, "Chair", "the marks are right", decision="forfeiture", now=early)
    assert case.decide("forfeiture", "Chair", now=END).decision == "forfeiture"
