"""The key of a case: two cases with the same key get the same verdict, so a check judges each distinct case once
(`checker.run.Verdicts`).

The key is the case itself, every field of `rules.Case` and of its `MatchContext`, read from the types, so a field
added to either is in the key without anyone listing it. Two exceptions, each because the judge cannot see the
difference:
- the incident's moment (`incident_s`) where no moment is tagged: the case's timing is measured from its moments
  (`rules.timing.measure` of no moments measures nothing), and nothing else reads it;
- the match's day, which a judge reads only for the rulebook edition in force on it (`rules.judge_on`): the edition
  stands in its place, so the matches of one edition share their verdicts.
"""

from __future__ import annotations

from dataclasses import fields

import orjson

from review_app.rules import Case, MatchContext, edition_on

_CASE = tuple(f.name for f in fields(Case))
_MATCH = tuple(f.name for f in fields(MatchContext))


def case_key(case: Case) -> bytes | None:
    """The case as JSON text, keys sorted, with the two exceptions above; None where it has no JSON text (an
    integer past 64 bits, a lone surrogate, a value JSON has no form for): such a case is judged on its own.
    JSON text tells apart what equality would not: 1 is not 1.0, nor `true`."""
    key = {name: getattr(case, name) for name in _CASE}
    if not case.moments:
        del key["incident_s"]
    match = key["match"] = {name: getattr(case.match, name) for name in _MATCH}
    match["day"] = edition_on(case.match.day)
    try:
        return orjson.dumps(key, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return None
