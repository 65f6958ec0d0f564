"""The case an event makes, as bytes: what an event's judge and its allowance check read of it, written so that two
events of the same case have the same key (`checker.run.Verdicts`: a check judges each distinct case once)."""

from __future__ import annotations

import orjson

key_of = orjson.dumps  # JSON text keeps what a tuple of the values would lose: 1 is not 1.0, nor `true`


def case_key(event: dict, derived: dict | None = None) -> bytes | None:
    """The case an event makes, as the bytes of what its judge reads of the event, where those fix its verdict
    (with its match: `Verdicts.of_matches_like`); None where they do not, or where the event cannot be written so.
    `derived`: the facts the tool derives for it (21.f(5)'s excusal, `MatchDocument.derived_facts`).

    Its judge reads the situation, the facts (with those derived), the call, the period and the offender. The
    event's moment counts only through moments tagged on it (`rules.timing.measure` of no moments measures
    nothing), and such an event, whose timing is its own, is judged on its own."""
    if event.get("moments"):
        return None
    involved = event.get("involved")
    try:
        return key_of((event["situation"], event.get("period"), event.get("facts"), event.get("call"),
                       involved.get("offender") if involved else None, derived))
    except orjson.JSONEncodeError:  # an integer past 64 bits: no key, judged on its own
        return None
