"""Builds `schemas/annotation.schema.json` from the encoded provisions, so the schema's clause
ids and fact names can never drift from the rules (a test compares the committed file with this).

Run `python -m review_app.model.schema_build` after changing a provision's facts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from review_app.i18n import translate
from review_app.model.document import MATCH_ID_PATTERN
from review_app.rules import PROVISIONS
from review_app.rules.provision import CALL_FIELDS

# How long text may be. Names are short; notes may be long, but bounded, so a pasted 10 MB value is
# refused naming its field instead of filling every list, report and error line it reaches.
NAME_MAX = 200  # a person, team, mount, colour or match name
TEXT_MAX = 2000  # a fact or call given as text
NOTES_MAX = 20000  # a reviewer's notes on one tag
PATH_MAX = 1000  # the footage path

SCHEMA_VERSION = "1.0"
SCHEMA_ID = "https://polo-review.invalid/schemas/annotation-1.0.schema.json"


def _fact_schema(fact) -> dict:
    kind = {"bool": {"type": ["boolean", "null"]}, "number": {"type": ["number", "null"], "minimum": 0},
            "text": {"type": ["string", "null"], "maxLength": TEXT_MAX}}.get(fact.kind)
    if kind is None:
        kind = {"enum": [*fact.choices, None]}
    return {**kind, "description": translate(fact.label)}


def _call_schema() -> dict:
    props = {}
    for name, spec in CALL_FIELDS.items():
        if spec == "number":
            props[name] = {"type": ["number", "null"], "minimum": 0}
        elif spec == "bool":
            props[name] = {"type": ["boolean", "null"]}
        elif spec == "text":
            props[name] = {"type": ["string", "null"], "maxLength": TEXT_MAX}
        else:
            props[name] = {"enum": [*spec, None]}
    return {"type": "object", "properties": props, "additionalProperties": False}


def build() -> dict:
    clause_rules = [
        {
            "if": {"properties": {"situation": {"const": p.id}}, "required": ["situation"]},
            "then": {"properties": {"facts": {
                "type": "object",
                "properties": {f.name: _fact_schema(f) for f in p.facts},
                "additionalProperties": False,
            }}},
        }
        for p in PROVISIONS
    ]
    person = {"type": "string", "minLength": 1, "maxLength": NAME_MAX}
    name_text = {"type": "string", "maxLength": NAME_MAX}
    optional_name = {"type": ["string", "null"], "maxLength": NAME_MAX}
    player_ref = {
        "type": "object",
        "required": ["team", "number"],
        "properties": {
            "team": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
            "number": {"type": "integer", "minimum": 1, "maximum": 4},
            "mount": optional_name,
        },
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "polo-review match annotation",
        "description": "One polo match reviewed against USPA Rule 21: the match, its footage and the tagged events.",
        "type": "object",
        "required": ["schema_version", "match", "events"],
        "properties": {
            "schema_version": {"const": SCHEMA_VERSION},
            "revision": {"type": "integer", "minimum": 0,
                         "description": "Raised by one on every save; detects two reviewers editing the same match."},
            "match": {
                "type": "object",
                "required": ["id", "date", "periods", "teams"],
                "properties": {
                    "id": {"type": "string", "pattern": MATCH_ID_PATTERN},
                    "name": name_text,
                    "date": {"type": "string", "format": "date"},
                    "end_time_utc": {"type": ["string", "null"], "format": "date-time",
                                     "description": "When the game ended; the 24-hour window of 21.f(5) runs from it."},
                    "upper_handicap": {"type": ["number", "null"], "minimum": -10, "maximum": 40,
                                       "description": "The event's upper handicap level in goals (21.g's 6-goal "
                                                      "provision)."},
                    "periods": {"type": "integer", "minimum": 1, "maximum": 8},
                    "teams": {
                        "type": "array", "minItems": 2, "maxItems": 2,
                        "items": {
                            "type": "object", "required": ["id", "name"],
                            "properties": {
                                "id": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                                "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                                "color": name_text,
                                "players": {"type": "array", "items": {
                                    "type": "object", "required": ["number"],
                                    "properties": {"number": {"type": "integer", "minimum": 1, "maximum": 4},
                                                   "name": name_text,
                                                   "handicap": {"type": "number"}},
                                    "additionalProperties": False}},
                            },
                            "additionalProperties": False,
                        },
                    },
                    "umpires": {"type": "array", "items": person, "maxItems": 20},
                    "referee": optional_name,
                    "announcements": {
                        "type": "object",
                        "description": "What was communicated to the teams before the game began.",
                        "properties": {
                            "courtesy_changes_allowed": {"type": "boolean", "description": "21.f(2)"},
                            "tack_provision_6_goal": {"type": "boolean", "description": "21.g"},
                        },
                        "additionalProperties": False,
                    },
                },
                "additionalProperties": False,
            },
            "footage": {
                "type": "object",
                "required": ["path"],
                "properties": {
                    "path": {"type": "string", "minLength": 1, "maxLength": PATH_MAX,
                             "description": "Relative to the folder holding this document."},
                    "sha256": {"type": ["string", "null"], "pattern": "^[0-9a-f]{64}$"},
                    "frame_count": {"type": ["integer", "null"], "minimum": 0},
                    "fps": {"type": ["number", "null"], "exclusiveMinimum": 0},
                },
                "additionalProperties": False,
            },
            "events": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "position", "situation", "facts", "call"],
                    "properties": {
                        "id": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
                        "position": {
                            "type": "object", "required": ["frame", "time_s"],
                            "properties": {"frame": {"type": "integer", "minimum": 0},
                                           "time_s": {"type": "number", "minimum": 0}},
                            "additionalProperties": False,
                        },
                        "period": {"type": ["integer", "null"], "minimum": 1, "maximum": 8},
                        "clock": {"type": ["string", "null"], "pattern": "^[0-9]{1,2}:[0-5][0-9]$"},
                        "situation": {"enum": [p.id for p in PROVISIONS]},
                        "facts": {"type": "object"},
                        "call": _call_schema(),
                        "involved": {
                            "type": "object",
                            "properties": {
                                "players": {"type": "array", "items": player_ref},
                                "umpire": optional_name,
                                "mount": {"type": ["string", "null"], "maxLength": NAME_MAX,
                                          "description": "The mount the situation concerns (excused or seen again)."},
                            },
                            "additionalProperties": False,
                        },
                        "reviewer": optional_name,
                        "notes": {"type": ["string", "null"], "maxLength": NOTES_MAX},
                    },
                    "additionalProperties": False,
                    "allOf": clause_rules,
                },
            },
        },
        "additionalProperties": False,
    }


def render() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    default = Path(__file__).resolve().parents[2] / "schemas" / "annotation.schema.json"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.write_text(render(), encoding="utf-8")
    print(out)
