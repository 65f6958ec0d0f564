"""21.f(5): "If, within 24 hours after a game, the Umpire(s), a Referee, or the Host Tournament Committee is
presented with conclusive physical evidence ... the penalty shall be forfeiture." Who may decide the case, to whom
the evidence was presented, and the match check's view of both, read from the case (schema 2.1)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW, RETURNED, write_match

from review_app.checker import check_paths
from review_app.evidence import EvidenceCase, EvidenceError
from review_app.model import load_document
from review_app.store import open_evidence

IN_TIME = END + timedelta(hours=13)
QUOTE = "the Umpire(s), a Referee, or the Host Tournament Committee is presented with conclusive physical evidence"
POST_GAME = {"id": "e4", "position": {"frame": 950, "time_s": 38.0}, "period": 3, "clock": "5:40",
             "situation": "21.f(5)", "facts": {}, "call": {"penalty": "none"},
             "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}], "mount": EXCUSED_MOUNT}}
OFFICIALS = {"umpires": ["Uma Umpire", "Ugo Umpire"], "referee": "Rita Referee"}


def _marked(tmp_path, videos, presented_to=None):
    path = write_match(tmp_path / "annotations", [*MATCH["events"], RETURNED, POST_GAME], **OFFICIALS)
    case = EvidenceCase(load_document(path), open_evidence(tmp_path / "store"))
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, presented_to=presented_to, attest=ATTEST)
    case.mark(ev.id, [10, 11], "Referee", excusal="e2", now=NOW)
    return path, case


def _e4(path, store):
    return next(r for r in check_paths([path], evidence=open_evidence(store)).events if r.event == "e4")


def test_a_forfeiture_decided_by_a_team_captain_is_refused_in_one_line_quoting_the_rule(run, videos):
    """Before 2.1 `--by "Red team captain"` was recorded and reported as the Committee's."""
    assert run("evidence", "add", "m21", videos["phone"], "--from", "Ana", "--received-by", "Committee",
               "--received-at", "2026-06-15T09:30:00-03:00", "--attest-as", "committee",
               "--presented-to", "committee")[0] == 0
    assert run("evidence", "mark", "m21", "ev1", "--frame", "10", "--excusal", "e2", "--by", "Referee")[0] == 0
    for extra in ([], ["--as", "captain"], ["--as", "other"]):
        code, out, err = run("evidence", "decide", "m21", "--decision", "forfeiture", "--by", "Red team captain",
                             *extra)
        assert code == 2 and not out and len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert "decision refused" in err and QUOTE in err and "--as umpire, referee or committee" in err
    code, out, _ = run("evidence", "status", "m21")
    assert code == 0 and "decision: none yet" in out  # nothing recorded
    code, out, _ = run("evidence", "decide", "m21", "--decision", "forfeiture", "--by", "Chair", "--as", "committee")
    assert code == 0 and "by Chair as committee" in out
    code, out, _ = run("evidence", "status", "m21")
    assert "by Committee (committee)" in out and "by Chair as committee at" in out


def test_an_umpire_decides_only_as_the_match_documents_own(tmp_path, videos):
    _path, case = _marked(tmp_path, videos)
    with pytest.raises(EvidenceError, match="is not an Umpire of this match .*Uma Umpire, Ugo Umpire"):
        case.decide("forfeiture", "Red team captain", now=NOW, authority="umpire")
    assert case.state().decision is None
    d = case.decide("forfeiture", "uma  umpire", now=NOW, authority="Umpire")  # spacing and case are the same person
    assert d.data["authority"] == "umpire" and d.by == "uma umpire"


def test_a_player_of_the_match_is_no_authority(tmp_path, videos):
    path = write_match(tmp_path / "annotations", [*MATCH["events"], RETURNED, POST_GAME],
                       teams=[{**MATCH["match"]["teams"][0],
                               "players": [{"number": 1, "name": "Red Captain"}, {"number": 2}]},
                              MATCH["match"]["teams"][1]])
    case = EvidenceCase(load_document(path), open_evidence(tmp_path / "store"))
    with pytest.raises(EvidenceError, match="plays for Aurora in this match"):
        case.decide("not-proven", "red captain", "nothing seen", now=NOW, authority="committee")


def test_the_check_reports_the_authority_the_case_recorded(tmp_path, videos):
    path, case = _marked(tmp_path, videos, presented_to="committee")
    case.decide("forfeiture", "Rita Referee", now=NOW, authority="referee")
    e4 = _e4(path, tmp_path / "store")
    assert e4.verdict == "consistent", e4.explanation.render("en")
    from review_app.reports.evidence_pack import _timeline  # the pack's account of the case says the same

    told = [what.render("en") for _at, what in _timeline(case.state()) if not isinstance(what, str)]
    assert "ev1 received from Ana by Committee (Host Tournament Committee)" in told
    assert "Decision: Forfeiture, by Rita Referee (Referee; identified by command line on the server)" in told


def test_evidence_presented_to_someone_else_grounds_no_forfeiture(tmp_path, videos):
    path, case = _marked(tmp_path, videos, presented_to="other")
    with pytest.raises(EvidenceError, match="presented to Committee, someone else; 21.f\\(5\\) grounds it"):
        case.decide("forfeiture", "Chair", now=NOW)
    assert case.state().evidence["ev1"].presented_to == "other"


def test_a_presentation_to_someone_else_is_inconsistent_in_the_match_check_naming_it(tmp_path, videos):
    """The match document's view of the presentation comes from the case: a forfeiture recorded in the document on
    evidence the case says was presented to someone else is inconsistent, in that part."""
    path, _case = _marked(tmp_path, videos, presented_to="other")
    result = check_paths([path], evidence=open_evidence(tmp_path / "store"))
    e4 = next(r for r in result.events if r.event == "e4")  # no forfeiture: none could be grounded
    assert e4.verdict == "consistent", e4.explanation.render("en")
    returned = [f for f in result.findings if f.kind == "excused_mount_returned"]
    assert returned and all(f.severity == "info" and "presented to someone other than" in f.explanation.render("en")
                            for f in returned)
    data = load_document(path).data
    data["events"][-1]["call"] = {"penalty": "forfeiture", "decided_by": "committee"}
    path.write_text(__import__("json").dumps(data), "utf-8")
    e4 = _e4(path, tmp_path / "store")
    assert e4.verdict == "inconsistent" and e4.wrong == ("presented_to",)
    assert "presented to Committee" in e4.explanation.render("en")


def test_a_presented_to_that_is_not_one_of_the_choices_is_refused(tmp_path, videos):
    path = write_match(tmp_path / "annotations")
    case = EvidenceCase(load_document(path), open_evidence(tmp_path / "store"))
    with pytest.raises(EvidenceError, match="say whom it was presented to"):
        case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, presented_to="captain")


def test_a_corrected_decision_is_made_as_an_authority_too(tmp_path, videos, run):
    _path, case = _marked(tmp_path, videos)
    first = case.decide("forfeiture", "Chair", now=NOW)
    with pytest.raises(EvidenceError, match="decision refused: Red team captain decides as 'captain'"):
        case.correct(first.seq, "Red team captain", "we disagree", decision="not-proven", now=NOW,
                     authority="captain")
    entry = case.correct(first.seq, "Rita Referee", "the video is not conclusive", decision="not-proven", now=NOW,
                         authority="referee")
    assert entry["data"]["decision"]["authority"] == "referee" and case.state().decision.decision == "not-proven"
    # through the command line, a corrected decision without --as is refused like a decision
    assert run("evidence", "add", "m21", videos["phone"], "--from", "Ana", "--received-by", "Committee",
               "--received-at", "2026-06-15T09:30:00-03:00", "--attest-as", "committee")[0] == 0
    assert run("evidence", "decide", "m21", "--decision", "not-proven", "--by", "C", "--as", "committee",
               "--reason", "blurry")[0] == 0
    code, _out, err = run("evidence", "correct", "m21", "--entry", "3", "--by", "C", "--reason", "seen again",
                          "--decision", "not-proven")
    assert code == 2 and "decision refused" in err and QUOTE in err and len(err.strip().splitlines()) == 1


def test_the_umpires_a_referee_or_the_host_tournament_committee_any_referee_decides(tmp_path, videos):
    """21.f(5) "the Umpire(s), a Referee, or the Host Tournament Committee": a Referee, not only the one the match
    document names (READINGS 65); whether the person holds the role is the store's roles' to check. No name, no
    decision."""
    from review_app.evidence.grounds import checked_authority

    match = {"umpires": ["Uma Umpire"], "referee": None, "teams": []}
    assert checked_authority("referee", "Rosa Referee", match) == "referee"  # none named on the match
    assert checked_authority("referee", "Rosa Referee", {**match, "referee": "Rita Referee"}) == "referee"
    for nobody in ("", "   "):
        with pytest.raises(EvidenceError, match="no one is named as deciding"):
            checked_authority("referee", nobody, match)
    _path, case = _marked(tmp_path, videos)
    d = case.decide("forfeiture", "Rosa Referee", now=NOW, authority="referee")
    assert d.data["authority"] == "referee"
