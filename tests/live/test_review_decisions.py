"""Review decisions made on the live page: recorded with reason, who and when against the whistle's
moment, kept in the match document (valid against its schema), and shown in the consistency report."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document
from saving import save_back

from review_app.checker.formats import to_json
from review_app.checker.run import check_documents
from review_app.model import load_document
from review_app.model.review_decisions import DecisionError, decisions, with_decision
from review_app.reports.consistency import to_html


@pytest.fixture
def doc(tmp_path):
    path = tmp_path / "live-match.json"
    path.write_text(json.dumps({**base_document("live-match"), "events": []}), "utf-8")
    return load_document(path)


def test_a_decision_is_kept_with_its_whistle_reason_who_and_when(doc):
    changed = with_decision(doc, frame=812, time_s=32.48, decision="overturned", reason="No foul: <clean> hook",
                            by="  Martín  Oyarzábal ")
    changed = with_decision(changed, frame=900, time_s=36.0, decision="stands", reason="Seen on B", by="M. O.")
    saved = load_document(save_back(changed).path)  # validated against the schema on the way
    first, second = decisions(saved)
    assert first["id"] == "rd1" and second["id"] == "rd2"
    assert first["whistle"] == {"frame": 812, "time_s": 32.48} and first["decision"] == "overturned"
    assert first["by"] == "Martín Oyarzábal" and first["at_utc"].endswith("Z")
    assert first["event"] is None


@pytest.mark.parametrize("kwargs, problem", [
    ({"reason": "  "}, "reason"), ({"by": ""}, "name"), ({"decision": "maybe"}, "stands, overturned"),
    ({"event": "no-such-tag"}, "no tag"),
])
def test_a_decision_missing_a_part_is_refused_in_one_line(doc, kwargs, problem):
    args = {"frame": 1, "time_s": 0.04, "decision": "stands", "reason": "ok", "by": "Ref", **kwargs}
    with pytest.raises(DecisionError, match=problem):
        with_decision(doc, **args)


def test_the_consistency_report_shows_the_review_decisions(doc):
    changed = with_decision(doc, frame=812, time_s=32.48, decision="overturned", reason="No foul: <clean> hook",
                            by="Referee")
    result = check_documents([changed])
    report = json.loads(to_json(result))
    assert report["review_decisions"][0]["match"] == "live-match"
    assert report["review_decisions"][0]["decision"] == "overturned"
    html = to_html(check_documents([changed], keep_documents=True), stills=False)
    assert "Review decisions" in html and "No foul: &lt;clean&gt; hook" in html and "Referee" in html
    # a match never reviewed live: the report as it was
    assert "review_decisions" not in json.loads(to_json(check_documents([doc])))
