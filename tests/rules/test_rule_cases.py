"""Rule 21, case by case: each provision's cases and each worked example of the rulebook, as data.

The cases live in JSON next to this file; each case's name reads as a sentence of what the rule
does. One test runs them all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from review_app.i18n import translate
from review_app.model import load_document
from review_app.rules import PROVISIONS, Case, MatchContext, judge
from review_app.rules.rulebook import EXAMPLE_OPENINGS, worked_examples

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
PROVISION_CASES = json.loads((HERE / "provision_cases.json").read_text("utf-8"))
EXAMPLE_CASES = json.loads((HERE / "worked_examples.json").read_text("utf-8"))
EXAMPLES_DOC = ROOT / "annotations" / "rulebook-worked-examples.json"

DEFAULT_MATCH = {"periods": 6, "upper_handicap": 6, "courtesy_changes_announced": False,
                 "tack_provision_announced": True}


@pytest.mark.parametrize("c", PROVISION_CASES, ids=[c["name"] for c in PROVISION_CASES])
def test_provision_case(c):
    match = dict(DEFAULT_MATCH)
    match.update(c.get("match", {}))  # a case leaves a match fact unrecorded with null
    verdict = judge(Case(c["situation"], c["facts"], c["call"], c.get("period", 2), MatchContext(**match)))
    assert verdict.verdict == c["expected"], translate(verdict.explanation, "en")
    assert verdict.clause.startswith(c["situation"].split(".")[0])
    assert translate(verdict.explanation, "en") and translate(verdict.explanation, "es")
    assert translate(verdict.explanation, "en") != translate(verdict.explanation, "es")
    if "missing" in c:
        assert list(verdict.missing) == c["missing"]
    if "mandatory" in c:
        assert verdict.mandatory is c["mandatory"]


def test_every_provision_has_cases_for_more_than_one_verdict():
    by_clause: dict[str, set] = {}
    for c in PROVISION_CASES:
        by_clause.setdefault(c["situation"], set()).add(c["expected"])
    missing = [p.id for p in PROVISIONS if p.id not in by_clause]
    assert not missing, f"provisions without cases: {missing}"
    # Every provision is shown both satisfied (or left to discretion) and broken.
    single = [k for k, v in by_clause.items() if not {"consistent", "discretionary"} & v or "inconsistent" not in v]
    assert not single, single


@pytest.fixture(scope="module")
def examples_doc():
    return load_document(EXAMPLES_DOC)


@pytest.mark.parametrize("c", EXAMPLE_CASES, ids=[c["name"] for c in EXAMPLE_CASES])
def test_worked_example(c, examples_doc):
    event = examples_doc.event(c["event"])
    assert event is not None, f"event {c['event']} missing from {EXAMPLES_DOC.name}"
    verdict = judge(examples_doc.case(event))
    assert verdict.verdict == c["expected"], translate(verdict.explanation, "en")


def test_every_worked_example_is_a_case_with_its_rulebook_text(examples_doc):
    texts = worked_examples()
    covered = set()
    for event in examples_doc.events:
        example = next((k for k, v in texts.items() if event["notes"].startswith(v["en"])), None)
        assert example, f"event {event['id']} notes do not quote a worked example"
        covered.add(example)
    assert covered == {o[0] for o in EXAMPLE_OPENINGS}
    assert {c["event"] for c in EXAMPLE_CASES} == {e["id"] for e in examples_doc.events}
