"""A tournament committee, and the forfeiting team's lawyer, trying to break the record of a 21.f(5) case:
nothing recorded may be lost or overwritten, and nothing derived from an altered original may claim its hash."""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, MATCH, NOW, RETURNED, flip_byte, write_match

from review_app.evidence import (
    EvidenceCase,
    EvidenceError,
    LogDamaged,
    verify_case,
    window,
)
from review_app.model import load_document
from review_app.store import open_evidence

IN_TIME = END + timedelta(hours=3)
LATE = END + timedelta(hours=25)


def _log(case) -> bytes:
    return case.log.path.read_bytes()


# -- the record cannot be lost by deleting it -----------------------------------------------------------------
@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_a_deleted_log_is_never_replaced_by_a_new_case(case, videos, how):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    if how == "deleted":
        case.log.path.unlink()
    else:
        case.log.path.write_bytes(b"")
    for attempt in (lambda: case.state(),
                    lambda: case.add(videos["drone"], "Bo", "Committee", IN_TIME, now=NOW, attest=ATTEST),
                    lambda: case.decide("not-proven", "Chair", "nothing", now=NOW)):
        with pytest.raises(LogDamaged, match="missing or empty"):
            attempt()
    assert not case.log.path.exists() or _log(case) == b""  # nothing was started over the lost record


# -- nothing derived from an altered original claims the original's hash ----------------------------------------
def test_frames_of_an_altered_original_cannot_be_marked(case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    flip_byte(case.original_path(ev))
    with pytest.raises(EvidenceError, match="no longer matches its hash"):
        case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    assert [e["type"] for e in case.state().entries] == ["case_opened", "evidence_received"]


def test_receiving_again_never_replaces_an_altered_original(case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    path = case.original_path(ev)
    flip_byte(path)
    altered = path.read_bytes()
    with pytest.raises(EvidenceError, match="no longer matches its hash; nothing was recorded"):
        case.add(videos["phone"], "Bo", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    assert path.read_bytes() == altered and len(case.state().entries) == 2  # the alteration is kept for verify


def test_a_missing_original_is_put_back_by_the_same_bytes_and_says_so(case, videos):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.original_path(ev).unlink()
    again, duplicate = case.add(videos["phone"], "Bo", "Committee", IN_TIME, now=NOW, presented_name="clip.MOV",
                                attest=ATTEST)
    assert duplicate and case.original_path(again).exists()  # under its recorded name, whatever the new name
    assert case.state().entries[-1]["data"]["restored_original"] == ev.stored
    assert verify_case(case.folder).intact


# -- when evidence counts as presented --------------------------------------------------------------------------
def test_the_earliest_presentation_on_record_is_the_one_the_window_judges(case, videos):
    case.add(videos["phone"], "Ana", "Committee", LATE, now=NOW, attest=ATTEST)
    assert not case.state().evidence["ev1"].in_time
    case.add(videos["phone"], "Referee's phone", "Referee", IN_TIME, now=NOW, attest=ATTEST)  # entered after the fact
    ev = case.state().evidence["ev1"]
    assert ev.in_time and ev.received_at == window.utc_text(IN_TIME) and ev.earliest["seq"] == 3
    assert [r["in_time"] for r in ev.receipts] == [False, True] and all(r["recorded"] for r in ev.receipts)
    with pytest.raises(EvidenceError, match="out of time refused"):
        case.decide("out-of-time", "Chair", now=NOW)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    d = case.decide("forfeiture", "Chair", now=NOW)
    assert d.data["grounds"][0]["receipt_entry"] == 3


def test_a_receipt_before_the_match_day_is_refused(case, videos):
    with pytest.raises(EvidenceError, match="before the match day"):
        case.add(videos["phone"], "Ana", "Committee", END - timedelta(days=2), now=NOW, attest=ATTEST)
    assert not case.log.path.exists()
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END - timedelta(hours=2), now=NOW,
                     attest=ATTEST)  # during the game day
    assert ev.in_time


def test_an_uploads_error_names_the_upload_not_the_temporary_file(case, videos):
    with pytest.raises(EvidenceError) as exc:
        case.add(videos["not_video"], "Ana", "Committee", IN_TIME, now=NOW, presented_name="my ../clip ü.mp4")
    assert str(exc.value).startswith("my ../clip ü.mp4: ") and str(videos["not_video"]) not in str(exc.value)


# -- marks and decisions ---------------------------------------------------------------------------------------
def test_a_correction_does_not_drop_what_it_cannot_apply(case, videos):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    for kwargs in ({"excusal": "e2"}, {"note": "a better note"}, {"mount": "Blue Moon"}):
        with pytest.raises(EvidenceError, match="describe new marks"):
            case.correct(3, "Chair", "fix", now=NOW, **kwargs)
    with pytest.raises(EvidenceError, match="need their frames"):
        case.correct(3, "Chair", "fix", evidence_id="ev1", excusal="e2", now=NOW)
    assert len(case.state().entries) == 3


def test_a_forfeiture_is_refused_when_the_document_now_names_another_mount(case, videos, match_path, store):
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    events = copy.deepcopy(MATCH["events"]) + [RETURNED]
    events[1]["involved"] = {"players": [{"team": "A", "number": 2, "mount": "Sol"}], "mount": "Sol"}
    write_match(match_path.parent, events=events)
    edited = EvidenceCase(load_document(match_path), open_evidence(store))
    with pytest.raises(EvidenceError, match="now says e2 excused 'Sol'"):
        edited.decide("forfeiture", "Chair", now=NOW)


