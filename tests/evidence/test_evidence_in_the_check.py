"""The checker judges 21.f(5) on the match's evidence case where one exists: the receipts settle whether
the evidence came within 24 hours, and a forfeiture decided in the case counts as exacted."""

from __future__ import annotations

from datetime import timedelta

from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW, RETURNED, write_match

from review_app.checker import check_paths

IN_TIME = END + timedelta(hours=13)
LATE = END + timedelta(hours=30)
# The committee's 21.f(5) event: the excused mount seen again after the game, nothing typed about the evidence.
POST_GAME = {"id": "e4", "position": {"frame": 950, "time_s": 38.0}, "period": 3, "clock": "5:40",
             "situation": "21.f(5)", "facts": {}, "call": {"penalty": "none"},
             "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}], "mount": EXCUSED_MOUNT}}


def _events():
    return [*MATCH["events"], RETURNED, POST_GAME]


def _check(path, store):
    from review_app.store import open_evidence

    result = check_paths([path], evidence=open_evidence(store))
    by_id = {r.event: r for r in result.events}
    return by_id["e4"], [f for f in result.findings if f.kind == "excused_mount_returned"]


def test_without_a_case_the_typed_facts_decide(tmp_path):
    path = write_match(tmp_path / "annotations", _events())
    e4, _ = _check(path, tmp_path / "no-store")
    assert e4.verdict == "inconsistent"  # the mandatory finding falls on it; its own facts are missing
    assert "detected_during_game" not in e4.missing or e4.findings


def test_in_time_evidence_and_a_forfeiture_decision_settle_the_event(tmp_path, videos):
    from review_app.evidence import EvidenceCase
    from review_app.model import load_document
    from review_app.store import open_evidence

    path = write_match(tmp_path / "annotations", _events())
    store = tmp_path / "store"
    case = EvidenceCase(load_document(path), open_evidence(store))
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    e4, findings = _check(path, store)
    assert e4.verdict == "inconsistent" and "forfeiture" in e4.explanation.render("en")  # not yet exacted
    assert findings[0].severity == "mandatory"
    case.mark(ev.id, [10, 11], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Committee chair", now=NOW)
    e4, findings = _check(path, store)
    assert e4.verdict == "consistent", e4.explanation.render("en")
    assert all(f.severity == "info" for f in findings)  # exacted by the committee's decision


def test_late_evidence_cannot_ground_a_forfeiture(tmp_path, videos):
    from review_app.evidence import EvidenceCase
    from review_app.model import load_document
    from review_app.store import open_evidence

    path = write_match(tmp_path / "annotations", _events())
    store = tmp_path / "store"
    EvidenceCase(load_document(path), open_evidence(store)).add(videos["phone"], "Ana", "Committee", LATE, now=NOW,
                                                                attest=ATTEST)
    e4, _ = _check(path, store)
    assert e4.verdict == "consistent"  # the 21.f(5) judge: late evidence grounds no forfeiture
    assert "24 hours" in e4.explanation.render("en")


def test_the_assessment_credits_the_committees_decision_to_no_umpire(tmp_path, store, videos):
    """The walk: the tag form pre-filled the umpire on the committee's 21.f(5) event, and the Assessment counted
    the forfeiture the committee decided after the game as that umpire's correct call. Nothing typed on the tag
    says it was after the game: the case does."""
    import copy

    from review_app.assessment.report import assess
    from review_app.evidence import EvidenceCase
    from review_app.model import load_document
    from review_app.store import open_evidence

    post_game = copy.deepcopy(POST_GAME)
    post_game["involved"]["umpire"] = "Ana Umpire"  # pre-filled by the tag form
    path = write_match(tmp_path / "annotations", [*MATCH["events"], RETURNED, post_game], umpires=["Ana Umpire"])
    doc = load_document(path)
    case = EvidenceCase(doc, open_evidence(store))
    case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    a = assess([doc], "Ana Umpire", evidence=open_evidence(store))
    assert a.incidents == []
    (match,) = a.matches
    assert [(i.event, i.decided_after_by) for i in match.after_game] == [("e4", "committee")]
    assert a.total("correct") == 0
