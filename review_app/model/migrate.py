"""Match documents from schema 1.0 to 2.0 and 2.0 to 2.1, losing nothing and guessing nothing.

What 2.0 adds and 1.0 could not say (the whistle's and the restart's moments, who got the penalty
or the card, where play restarted, who committed the offence) is listed in the event's
`not_recorded`, never filled in: a reviewer completes it from the footage. What moves:
- 21.f(5)'s typed `facts.excused_under`, a legal conclusion, goes to `reading.excused_under`: the
  clause is derived from the mount register, and where the reviewer's reading differs the report
  says so;
- each named player gets a person `id` (from the name, as the 1.0 checker already recognised a
  player across the day's matches by the name);
- the officials' decisions recorded as facts (21.d's extra time granted, 21.g's play waiting off the
  field, 21.k's officials agreeing) go to the call, with the value they had. A 2.0 document saved
  before they moved is read the same way (`lift_decisions`), its version unchanged.
Everything else is kept as it was, field for field.

2.0 to 2.1 (a 1.0 document goes through 2.0 first) moves two values that each said two things:
- the restart's place (`call.restart_place`) and the kind "throw-in toward the boards" become the
  restart's kind, direction and point (`call.restart`, `call.restart_direction`, `call.restart_point`),
  as `rules.vocabulary.split_restart` reads them: a place "toward the boards or sideline, where play was
  stopped" is both a direction and a point;
- 21.k's `call.officials_agree`, one yes or no for the Umpires, the Referee and the Committee: a yes is
  each of them agreeing (`umpires_agree`, `referee_agrees`, `committee_agrees`); a no cannot say which
  of them did not, so it stays as it was, and each official's agreement is listed in `not_recorded`.
2.1 adds, and a 2.0 document cannot hold: the moments a wait ends at, the 21.f(5) decision by someone
else (named) and the 21.f(5) presentation; nothing is filled in for them.
"""

from __future__ import annotations

import copy
import functools
import re
import unicodedata

from review_app.rules.vocabulary import Card, Penalty, Restart, Whistle, split_restart

FROM, TO = "1.0", "2.1"  # the oldest this reads, and the version it writes
V2_0 = "2.0"
OLDER = (FROM, V2_0)
# 21.k's officials, each with the field 2.1 records their agreement in (`rules.provision.OFFICIALS_AGREEING`).
EACH_OFFICIAL = ("umpires_agree", "referee_agrees", "committee_agrees")


def needs_migration(data: object) -> bool:
    return isinstance(data, dict) and (str(data.get("schema_version")) in OLDER or _decisions_as_facts(data))


def person_id(name: str) -> str:
    """A player's id from the name: 'Tomás Ferreyra' -> 'tomas-ferreyra' (accents and case folded)."""
    plain = unicodedata.normalize("NFKD", " ".join(name.split())).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:100]
    return slug or "player"


def unrecorded_parts(event: dict) -> list[str]:
    """The parts of the call as it happened that the event's own call makes relevant and the record
    does not hold: a whistle without its moment, a penalty without its recipient, and so on."""
    call, moments = event.get("call") or {}, event.get("moments") or {}
    involved = event.get("involved") or {}
    out = []
    if call.get("whistle") not in (None, Whistle.NONE) and not moments.get("whistle"):
        out.append("moments.whistle")
    if call.get("restart") not in (None, Restart.NONE):
        if not moments.get("restart"):
            out.append("moments.restart")
        if call.get("restart_point") is None and call.get("restart_place") is None:
            out.append("call.restart_point")
    if call.get("penalty") not in (None, Penalty.NONE) and call.get("penalty_to") is None:
        out.append("call.penalty_to")
    if call.get("card") not in (None, Card.NONE) and call.get("card_to") is None:
        out.append("call.card_to")
    if (call.get("penalty") not in (None, Penalty.NONE) or call.get("card") not in (None, Card.NONE)) \
            and not involved.get("offender"):
        out.append("involved.offender")
    return out


@functools.cache
def _decisions() -> dict[str, tuple[str, ...]]:
    from review_app.rules import PROVISIONS  # the rules import the model's vocabulary: late, to avoid a cycle

    return {p.id: p.lifted for p in PROVISIONS if p.lifted}


def _decisions_as_facts(data: object) -> bool:
    """A 2.1 document saved while the officials' decisions were facts."""
    if not isinstance(data, dict) or str(data.get("schema_version")) != TO or not isinstance(data.get("events"), list):
        return False
    decisions = _decisions()
    # Only the events of a clause that has decisions can hold one.
    for e in data["events"]:
        if isinstance(e, dict) and e.get("situation") in decisions and isinstance(e.get("facts"), dict) \
                and not e["facts"].keys().isdisjoint(decisions[e["situation"]]):
            return True
    return False


def lift_decisions(event: dict, decisions: dict[str, tuple[str, ...]] | None = None) -> None:
    """Move the officials' decisions an event records as facts into its call (what the call records first)."""
    situation, facts = event.get("situation"), event.get("facts")
    names = (decisions or _decisions()).get(situation, ()) if isinstance(situation, str) else ()
    if not names or not isinstance(facts, dict):
        return
    call = event.get("call")
    if not isinstance(call, dict):
        call = {}
    for name in names:
        if name in facts:
            value = facts.pop(name)
            call.setdefault(name, value)
    event["call"] = call


def migrate(data: dict) -> dict:
    """The 2.1 form of a 1.0 or 2.0 document (a new dict; `data` is left as it is), or of a 2.1 one that
    records the officials' decisions as facts."""
    if not needs_migration(data):
        return data
    out = copy.deepcopy(data)
    version = str(out.get("schema_version"))
    if version == TO:
        decisions = _decisions()
        for event in out["events"]:
            if isinstance(event, dict):
                lift_decisions(event, decisions)
        return out
    if version == FROM:
        _from_1_0(out)
    _from_2_0(out, migrated_from=version)
    return out


def _from_1_0(out: dict) -> None:
    """1.0 to 2.0, in place."""
    out["schema_version"] = V2_0
    for team in (out.get("match") or {}).get("teams") or []:
        for player in team.get("players") or []:
            if isinstance(player, dict) and player.get("name") and not player.get("id"):
                player["id"] = person_id(str(player["name"]))
    decisions = _decisions()
    for event in out.get("events") or []:
        if not isinstance(event, dict):
            continue
        lift_decisions(event, decisions)
        facts = event.get("facts")
        if isinstance(facts, dict) and "excused_under" in facts:
            event["reading"] = {"excused_under": facts.pop("excused_under")}
        missing = unrecorded_parts(event)
        if missing:
            event["not_recorded"] = missing


def _from_2_0(out: dict, migrated_from: str) -> None:
    """2.0 to 2.1, in place: the restart's place as its direction and point, 21.k's officials one by one."""
    out["schema_version"] = TO
    out["migrated_from"] = out.get("migrated_from") or migrated_from
    decisions = _decisions()
    for event in out.get("events") or []:
        if not isinstance(event, dict):
            continue
        lift_decisions(event, decisions)  # a 2.0 document saved while the decisions were facts
        if isinstance(event.get("call"), dict):
            event["call"] = _call_2_1(event["call"], event)
    for panel in (out.get("panels") or {}).values():
        for entry in ((panel or {}).get("entries") or {}).values() if isinstance(panel, dict) else ():
            if isinstance(entry, dict) and isinstance(entry.get("call"), dict):
                entry["call"] = _call_2_1(entry["call"], None)


def _call_2_1(call: dict, event: dict | None) -> dict:
    call = split_restart(call)
    agree = call.get("officials_agree")
    if agree is True and all(call.get(name) is None for name in EACH_OFFICIAL):
        call = {k: v for k, v in call.items() if k != "officials_agree"}
        call.update(dict.fromkeys(EACH_OFFICIAL, True))
    elif agree is False and event is not None:
        open_parts = event.setdefault("not_recorded", [])
        open_parts.extend(f"call.{name}" for name in EACH_OFFICIAL if f"call.{name}" not in open_parts)
    if event is not None and "call.restart_place" in (event.get("not_recorded") or []):
        event["not_recorded"] = [("call.restart_point" if p == "call.restart_place" else p)
                                 for p in event["not_recorded"]]
    return call
