"""`verify` checks the case log's own rules, not only its hashes: a log whose chain is whole but which the tool
could not have written (a forger recomputed every hash) is BROKEN, naming the entry by number and type. The rules
are those the operations obey before they append, so every log the operations write stays intact."""

from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, NOW, forge_log

from review_app.evidence import EvidenceError, LogDamaged, verify_case
from review_app.evidence.admit import replay
from review_app.evidence.log import chain_problems

IN_TIME = END + timedelta(hours=3)
LATER = "2026-06-16T10:00:00Z"


@pytest.fixture
def decided(case, videos):
    """Entries: 1 case opened, 2 ev1 received in time, 3 frames marked, 4 forfeiture (the case is locked)."""
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    return case


def _new(kind: str, data: dict, by: str = "Chair") -> dict:
    return {"type": kind, "at": LATER, "by": by, "data": data}


def _second_decision(es):
    es.append(_new("decision", {**copy.deepcopy(es[3]["data"]), "decision": "not-proven", "reason": "changed our minds",
                                "grounds": [], "forfeiting_teams": [], "mandatory": False}))


def _mark_of_evidence_never_received(es):
    es.insert(3, _new("frames_marked", {**copy.deepcopy(es[2]["data"]), "evidence": "ev2"}, by="Referee"))


def _mark_after_the_decision(es):
    es.append(_new("frames_marked", copy.deepcopy(es[2]["data"]), by="Referee"))


def _unknown_type(es):
    es.append(_new("verdict", {"decision": "forfeiture"}))


def _opened_twice(es):
    es.append(_new("case_opened", copy.deepcopy(es[0]["data"])))


def _receipt_before_the_case_opened(es):
    es[0], es[1] = es[1], es[0]


def _correction_of_a_later_entry(es):
    es.insert(1, _new("correction", {"corrects": 3, "corrects_type": "frames_marked", "reason": "typo",
                                     "withdraw": False}))


def _correction_of_no_entry(es):
    es.append(_new("correction", {"corrects": 99, "corrects_type": "decision", "reason": "typo", "withdraw": False}))


def _decision_outside_the_vocabulary(es):
    es[3]["data"]["decision"] = "banished"


def _by_nobody(es):
    es[2]["by"] = ""


def _by_blanks(es):
    es[2]["by"] = "   "


def _late_receipt_said_in_time(es):
    es[1]["data"].update(received_at="2026-06-16T08:00:00Z", claimed_at="2026-06-16T08:00:00Z")  # 12 h late


def _forfeiture_on_withdrawn_marks(es):
    es.insert(3, _new("correction", {"corrects": 3, "corrects_type": "frames_marked", "reason": "wrong horse",
                                     "withdraw": True}))


def _withdrawal_of_a_receipt(es):
    es.append(_new("correction", {"corrects": 2, "corrects_type": "evidence_received", "reason": "x",
                                  "withdraw": True}))


def _frame_the_video_does_not_have(es):
    es[2]["data"]["frames"] = [{"frame": 500, "time_s": 20.0}]


FORGERIES = [
    (_second_decision, 5, "decision", "a second decision: the case was decided and locked at entry 4"),
    (_mark_of_evidence_never_received, 4, "frames_marked", "names evidence ev2, which was never received"),
    (_mark_after_the_decision, 5, "frames_marked", "marks frames after the case was decided and locked (entry 4)"),
    (_unknown_type, 5, "verdict", "not a type of entry the tool writes"),
    (_opened_twice, 5, "case_opened", "opens the case again"),
    (_receipt_before_the_case_opened, 1, "evidence_received", "comes before the case was opened"),
    (_correction_of_a_later_entry, 2, "correction", "corrects entry 3, which does not come before it"),
    (_correction_of_no_entry, 5, "correction", "corrects entry 99, which does not come before it"),
    (_decision_outside_the_vocabulary, 4, "decision", "decides 'banished', which is not a decision of 21.f(5)"),
    (_by_nobody, 3, "frames_marked", "made by nobody"),
    (_by_blanks, 3, "frames_marked", "made by nobody"),
    (_late_receipt_said_in_time, 2, "evidence_received",
     "says the evidence was received in time (75600 s), but 2026-06-16T08:00:00Z against the deadline "
     "2026-06-15T20:00:00Z is late (-43200 s)"),
    (_forfeiture_on_withdrawn_marks, 5, "decision", "forfeiture refused: no marked frames"),
    (_withdrawal_of_a_receipt, 5, "correction", "withdraws the marks of entry 2, which marked no frames"),
    (_frame_the_video_does_not_have, 3, "frames_marked", "marks frame 500 of ev1, which has frames 0 to 74"),
]


@pytest.mark.parametrize("forge, n, kind, says", FORGERIES, ids=[f[0].__name__.strip("_") for f in FORGERIES])
def test_a_log_the_tool_could_not_have_written_is_broken_at_that_entry(decided, forge, n, kind, says):
    forge_log(decided.log.path, forge)
    assert chain_problems(decided.log.raw())[1] == []  # the chain is whole: only the rules can tell
    report = verify_case(decided.folder)
    assert not report.intact and report.first.entry == n and report.first.kind == kind
    assert report.summary().startswith(f"BROKEN at entry {n} ({kind}): "), report.summary()
    assert says in str(report.first), str(report.first)
    assert report.to_dict()["first_broken_entry"] == n and report.to_dict()["problems"][0]["type"] == kind
    with pytest.raises(LogDamaged, match=rf"damaged at entry {n} \({kind}\)"):
        decided.state()  # nothing is read off it, or appended to it


def test_the_rules_report_each_refused_entry_and_judge_the_rest_without_it(decided):
    forge_log(decided.log.path, lambda es: (_second_decision(es), _mark_after_the_decision(es)))
    report = verify_case(decided.folder)
    assert [(p.entry, p.kind) for p in report.problems] == [(5, "decision"), (6, "frames_marked")]


def test_a_forged_decision_is_never_shown_as_the_cases_decision(run, videos, tmp_path):
    run("evidence", "add", "m21", videos["phone"], "--from", "Ana", "--received-by", "Committee",
        "--received-at", "2026-06-15T09:30:00-03:00", "--attest-as", "committee")
    run("evidence", "mark", "m21", "ev1", "--frame", "10", "--excusal", "e2", "--by", "Referee")
    run("evidence", "decide", "m21", "--decision", "forfeiture", "--by", "Chair", "--as", "committee")
    log = tmp_path / "evidence_store" / "m21" / "case.jsonl"
    forge_log(log, _second_decision)
    code, out, _ = run("evidence", "verify", "m21")
    assert code == 1 and out.splitlines()[0].startswith("BROKEN at entry 5 (decision): a second decision")
    code, out, err = run("evidence", "status", "m21")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "damaged at entry 5 (decision)" in err and "not-proven" not in err
    code, _, err = run("evidence", "correct", "m21", "--entry", "4", "--by", "Chair", "--reason", "typo")
    assert code == 2 and "damaged at entry 5 (decision)" in err
    code, out, _ = run("evidence", "status", "m21", "--json")
    assert code == 2 and out == ""


def test_every_log_the_operations_write_passes_the_rules(case, videos, tmp_path):
    """Receipts (late, again, after the decision), a working copy, marks of a mount never excused, corrections
    that withdraw, add marks and change the decision: all admitted."""
    case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=30), now=NOW, attest=ATTEST)  # late
    again = tmp_path / "again.MOV"
    again.write_bytes(videos["phone"].read_bytes())
    case.add(again, "Referee's phone", "Referee", IN_TIME, now=NOW, attest=ATTEST)  # the same file, presented earlier
    case.add(videos["drone"], "Bo", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.working_copy("ev2", "Clerk", now=NOW)
    case.mark("ev1", [5, 6], "Referee", mount="Chispa", note="  never excused  ", now=NOW)
    m = case.mark("ev2", [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    case.correct(m.seq, "Chair", "the wrong clip", withdraw=True, evidence_id="ev1", frames=[12], excusal="e2",
                 decision="forfeiture", now=NOW)
    case.correct(1, "Chair", "the clerk's name", now=NOW)
    case.add(videos["drone"], "Cy", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    entries = case.log.entries()
    assert replay(entries)[1] == [] and verify_case(case.folder).intact
    assert [e["type"] for e in entries][-3:] == ["correction", "correction", "evidence_received_again"]


def test_an_operation_never_appends_an_entry_the_rules_refuse(decided):
    before = decided.log.raw()
    with decided.log.locked() as entries, pytest.raises(EvidenceError, match="would break the case log's rules"):
        decided._append(entries, "decision", "Chair", json.loads(before.splitlines()[3])["data"], NOW)
    assert decided.log.raw() == before and verify_case(decided.folder).intact
