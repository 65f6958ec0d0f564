"""Rule 21, case by case: each provision's cases and each worked example of the rulebook, as data.

The cases live in JSON next to this file; each case's name reads as a sentence of what the rule
does. One test runs them all."""

from __future__ import annotations

import json
from dataclasses import replace
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
    """The rulebook's answer in full: the verdict, and each part of the call the example names ("an appropriate
    penalty to Blue", "a yellow card should be displayed") recorded and judged right; each variant (`change` to
    the call, `facts` added) wrong in exactly the parts it names, or right where the example allows it too."""
    event = examples_doc.event(c["event"])
    assert event is not None, f"event {c['event']} missing from {EXAMPLES_DOC.name}"
    case = examples_doc.case(event)
    verdict = judge(case)
    assert verdict.verdict == c["expected"], translate(verdict.explanation, "en")
    if c["expected"] != "inconsistent":
        assert not verdict.wrong, verdict.wrong
    for part, value in c.get("call", {}).items():
        assert event["call"].get(part) == value, (part, event["call"].get(part))
    if "mandatory" in c:
        assert verdict.mandatory is c["mandatory"]
    for variant in c.get("variants", ()):
        changed = replace(case, call={**case.call, **variant.get("change", {})},
                          facts={**case.facts, **variant.get("facts", {})})
        v = judge(changed)
        assert (v.verdict, list(v.wrong)) == (variant["expected"], variant.get("wrong", [])), (
            variant["name"], translate(v.explanation, "en"))
    if "followed_to" in c:  # an excused mount followed to its 21.f(5) case
        back = examples_doc.event(c["followed_to"])
        assert back["situation"] == "21.f(5)" and back["involved"]["mount"] == event["involved"]["mount"]
        assert event["call"]["mount_excused"] is True


def test_the_check_command_gives_every_worked_example_the_rulebooks_verdict_and_team(capsys):
    """`polo-review check annotations/rulebook-worked-examples.json --format json`: each example's verdict and who
    the penalty goes to, as the cases say; each excused mount that plays again is a forfeiture exacted."""
    from review_app.cli import main

    assert main(["check", str(EXAMPLES_DOC), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    got = {e["event"]: e for e in report["events"]}
    for c in EXAMPLE_CASES:
        e = got[c["event"]]
        assert e["verdict"] == c["expected"], (c["event"], e["explanation"]["en"])
        assert e.get("penalty_to") == c.get("call", {}).get("penalty_to"), c["event"]
    returned = {tuple(f["events"]): (f["severity"], f["details"]["exacted"]) for f in report["findings"]
                if f["kind"] == "excused_mount_returned"}
    followed = {(c["event"], c["followed_to"]) for c in EXAMPLE_CASES if "followed_to" in c}
    assert set(returned) == followed and set(returned.values()) == {("info", True)}


def test_every_worked_example_is_a_case_with_its_rulebook_text(examples_doc):
    texts = worked_examples()
    covered = set()
    for event in examples_doc.events:
        example = next((k for k, v in texts.items() if event["notes"].startswith(v["en"])), None)
        assert example, f"event {event['id']} notes do not quote a worked example"
        covered.add(example)
    assert covered == {o[0] for o in EXAMPLE_OPENINGS}
    assert {c["event"] for c in EXAMPLE_CASES} == {e["id"] for e in examples_doc.events}
