"""Review decisions: a call reviewed on replay while the match is on (polo-review live), decided
"stands" or "overturned" with the reason, by whom and when, against the whistle's moment on the footage.

They are kept in the match document's `review_decisions` list, so after the game the match holds them
like its tags: the consistency report lists them, and the post-game review sees them beside the tags.
Plain module.
"""

from __future__ import annotations

import re

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument, utc_now_text

DECISIONS = ("stands", "overturned")
REASON_MAX = 2000
NAME_MAX = 200


class DecisionError(PoloReviewError):
    """A review decision that cannot be recorded (no reason, no name, an unknown decision)."""


def schema() -> dict:
    moment = {"type": "object", "required": ["frame", "time_s"],
              "properties": {"frame": {"type": "integer", "minimum": 0}, "time_s": {"type": "number", "minimum": 0}},
              "additionalProperties": False}
    item = {"type": "object", "required": ["id", "whistle", "decision", "reason", "by", "at_utc"],
            "properties": {
                "id": {"type": "string", "pattern": "^rd[0-9]{1,6}$"},
                "whistle": {**moment, "description": "The whistle's moment reviewed, on the footage's frames."},
                "event": {"type": ["string", "null"], "pattern": "^[A-Za-z0-9._-]{1,64}$",
                          "description": "The tag recording the call under review, if one was made."},
                "decision": {"enum": list(DECISIONS)},
                "reason": {"type": "string", "minLength": 1, "maxLength": REASON_MAX},
                "by": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                "at_utc": {"type": "string", "format": "date-time"},
            },
            "additionalProperties": False}
    return {"type": "array", "maxItems": 1000, "items": item,
            "description": "Calls reviewed on replay during the match (review_app.model.review_decisions)."}


def decisions(doc: MatchDocument) -> list[dict]:
    return list(doc.data.get("review_decisions") or [])


def _next_id(doc: MatchDocument) -> str:
    numbers = [int(m.group(1)) for d in decisions(doc) if (m := re.fullmatch(r"rd(\d+)", d.get("id", "")))]
    return f"rd{max(numbers, default=0) + 1}"


def with_decision(doc: MatchDocument, *, frame: int, time_s: float, decision: str, reason: str, by: str,
                  event: str | None = None) -> MatchDocument:
    """A copy of `doc` with a review decision added (the time is now, UTC)."""
    reason = (reason or "").strip()
    by = " ".join((by or "").split())
    if decision not in DECISIONS:
        raise DecisionError(f"a review decision is one of {', '.join(DECISIONS)}, not {decision!r}", path=doc.path)
    if not reason:
        raise DecisionError("a review decision needs its reason", path=doc.path)
    if not by:
        raise DecisionError("a review decision needs the name of who made it", path=doc.path)
    if event is not None and doc.event(event) is None:
        raise DecisionError(f"no tag {event!r} in this match", path=doc.path)
    entry = {"id": _next_id(doc), "whistle": {"frame": int(frame), "time_s": round(float(time_s), 4)},
             "event": event, "decision": decision, "reason": reason[:REASON_MAX], "by": by[:NAME_MAX],
             "at_utc": utc_now_text()}
    changed = doc.copy()
    changed.data["review_decisions"] = [*decisions(doc), entry]
    return changed
