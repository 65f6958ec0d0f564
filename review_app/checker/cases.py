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
from operator import attrgetter

import msgspec

from review_app.rules import Case, MatchContext, edition_on

_CASE_FIELDS = [f.name for f in fields(Case) if f.name != "match"]
_MATCH_FIELDS = [f.name for f in fields(MatchContext) if f.name != "day"]
# Each field's value, in the type's order: the case's with and without its incident's moment, the match's but its day.
_CASE = attrgetter(*_CASE_FIELDS)
_CASE_BUT_INCIDENT = attrgetter(*[name for name in _CASE_FIELDS if name != "incident_s"])
_MATCH = attrgetter(*_MATCH_FIELDS)
_JSON = msgspec.json.Encoder(order="sorted")  # mappings written with their keys sorted


def case_key(case: Case) -> bytes | None:
    """The case as JSON text: the values of its fields in the order `Case` declares them, the match's likewise, with
    the two exceptions above; None where it has no JSON text (a lone surrogate, a value JSON has no form for): such a
    case is judged on its own. JSON text tells apart what equality would not: 1 is not 1.0, nor `true`. Mappings are
    written with their keys sorted, so the order a document gives them in does not matter."""
    case_values = _CASE(case) if case.moments else _CASE_BUT_INCIDENT(case)
    key = (case_values, _MATCH(case.match), edition_on(case.match.day).name)
    try:
        return _JSON.encode(key)
    except (TypeError, UnicodeEncodeError):
        return None
