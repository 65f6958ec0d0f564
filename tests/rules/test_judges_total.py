"""Every judge is total: over random combinations of its facts, the call fields and the match, it
returns a verdict with reasons in both languages and never raises. Seeded, so a failure repeats."""

from __future__ import annotations

import random
import re

import pytest

from review_app.i18n import translate
from review_app.rules import PROVISIONS, VERDICTS, Case, MatchContext, judge
from review_app.rules.provision import CALL_FIELDS, INCOMPLETE, Provision

ROUNDS = 400
RAW_VALUE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a value name such as another_players_mount


def _fact(rng: random.Random, fact):
    if rng.random() < 0.25:
        return None
    if fact.kind == "bool":
        return rng.choice([True, False])
    if fact.kind == "enum":
        return rng.choice(fact.choices)
    if fact.kind == "number":
        return rng.choice([0, 59, 60, 61, 180, 300, 301, 600, 601, 3600])
    return rng.choice(["", "left wrist"])


def _call(rng: random.Random, spec):
    if rng.random() < 0.25:
        return None
    if spec == "number":
        return rng.choice([0, 30, 60, 61, 120, 300, 301, 600, 601, 720])
    if spec == "bool":
        return rng.choice([True, False])
    if spec == "text":
        return rng.choice(["", "ALL MAY CHANGE", "courtesy change"])
    if spec == "team":
        return rng.choice(["red", "blue"])
    if spec == "player":
        return {"team": rng.choice(["red", "blue"]), "number": rng.randint(1, 4)}
    return rng.choice(spec)


def _match(rng: random.Random) -> MatchContext:
    return MatchContext(periods=rng.choice([None, 4, 6]), upper_handicap=rng.choice([None, 0, 6, 6.5, 12]),
                        courtesy_changes_announced=rng.choice([None, True, False]),
                        tack_provision_announced=rng.choice([None, True, False]), teams=("red", "blue"))


@pytest.mark.parametrize("p", PROVISIONS, ids=[p.id for p in PROVISIONS])
def test_every_judge_gives_a_verdict_for_any_facts_and_call(p: Provision):
    rng = random.Random(p.id)
    names = {f.name for f in p.facts}
    for _ in range(ROUNDS):
        facts = {f.name: _fact(rng, f) for f in p.facts if rng.random() < 0.9}
        call = {k: _call(rng, spec) for k, spec in CALL_FIELDS.items() if rng.random() < 0.8}
        offender = rng.choice([None, {"team": "red"}, {"team": "blue", "number": 2}])
        incident = rng.choice([None, 10.0])
        moments = {k: rng.choice([None, {"frame": 0, "time_s": t}]) for k, t in
                   (("whistle", rng.choice([10.2, 13.0])), ("restart", 400.0), ("neutral_play", 12.0))}
        case = Case(p.id, facts, call, rng.choice([None, 1, 4, 6]), _match(rng), incident, moments, offender)
        v = judge(case)  # never raises
        assert v.verdict in VERDICTS, case
        en, es = translate(v.explanation, "en"), translate(v.explanation, "es")
        assert en and es and en != es, case
        if v.verdict == INCOMPLETE:
            assert v.missing, case
            for name in v.missing:
                assert name in names or name.removeprefix("call.") in CALL_FIELDS or name.startswith("match."), name
        else:
            # Values are named in words, never as the raw value names a reviewer picks from.
            assert not RAW_VALUE.findall(es + " " + en), v.explanation


@pytest.mark.parametrize("p", PROVISIONS, ids=[p.id for p in PROVISIONS])
def test_what_an_incomplete_verdict_misses_is_named_as_the_form_names_it_never_by_its_field_name(p: Provision):
    """The walk: "missing: call.decided_by", "mount_excused" shown to users. Each missing part reads as the label
    the tag form (or the match's set-up) shows for it, in both languages; `missing` itself keeps the names."""
    from review_app.rules.labels import part_name

    rng = random.Random(p.id + "missing")
    for _ in range(ROUNDS):
        facts = {f.name: _fact(rng, f) for f in p.facts if rng.random() < 0.9}
        call = {name: _call(rng, spec) for name, spec in CALL_FIELDS.items() if rng.random() < 0.7}
        case = Case(p.id, facts, call, 4, _match(rng), 10.0, {}, {"team": "red"})
        v = judge(case)
        if v.verdict != INCOMPLETE:
            continue
        for lang in ("en", "es"):
            text = translate(v.explanation, lang)
            for name in v.missing:
                field = name.split(".")[-1]  # a one-word name ("unconscious") may be the label's own word
                assert ("." not in name or name not in text) and ("_" not in field or field not in text), (lang, text)
                assert translate(part_name(name), lang) in text, (lang, name, text)
