"""Builds `schemas/annotation.schema.json` from the encoded provisions, so the schema's clause
ids and fact names can never drift from the rules (a test compares the committed file with this).

Run `python -m review_app.model.schema_build` after changing a provision's facts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

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
RECORDINGS_MAX = 100  # recordings attached to one match
DISMISSED_WHISTLES_MAX = 5000  # whistles dismissed in one recording: far more than its false whistles

# A match's scheduled periods, and the overtime periods a tied match may add after them. An event's period
# past the match's `periods` is an overtime period (7 in a 6-period match is the first): not a regulation
# period (Rule 21 speaks of "any regulation period" and "the final regulation period"). How many may follow
# is the tool's number, not the rulebook's: the play-off continues until a goal, and four is more than any
# game plays. Widening what `period` takes adds no meaning to a 2.1 document, so the version stays.
PERIODS_MAX = 8
OVERTIME_PERIODS_MAX = 4
# The longest clock the schema writes (m:ss, one or two digits of minutes).
CLOCK_MINUTES_MAX = 99

SCHEMA_VERSION = "2.1"
SCHEMA_ID = "https://polo-review.invalid/schemas/annotation-2.1.schema.json"
# Versions this polo-review reads: older ones are migrated in memory (`model.migrate`) before validation.
READS = ("1.0", "2.0", "2.1")


# The moments a wait ends at (schema 2.1), as the rule says them: play restarts when they happen.
WAIT_MOMENT_TEXT = {
    "player_returned": "The player back in play: on another mount (21.f(1)(i)) or after the tack was put right "
                       "(21.g).",
    "mount_off_field": "The mount off the field (21.f(1)(ii): play resumes as soon as it is).",
    "player_off_field": "The player off the field of play (21.g in all other games: play restarts as soon as the "
                        "player has left).",
    "resumed_or_substituted": "The injured player able to resume play, or an eligible player substituted (21.d: the "
                              "Umpire then continues the game).",
}


def _fact_schema(fact) -> dict:
    kinds: dict[str, dict[str, Any]] = {
        "bool": {"type": ["boolean", "null"]}, "number": {"type": ["number", "null"], "minimum": 0},
        "text": {"type": ["string", "null"], "maxLength": TEXT_MAX}}
    kind = kinds.get(fact.kind)
    if kind is None:
        kind = {"enum": [*fact.choices, None]}
    return {**kind, "description": translate(fact.label)}


def _call_schema(team: dict, player: dict) -> dict:
    props: dict[str, dict[str, Any]] = {}
    for name, spec in CALL_FIELDS.items():
        if spec == "team":
            props[name] = {"anyOf": [team, {"type": "null"}]}
        elif spec == "player":
            props[name] = {"anyOf": [player, {"type": "null"}]}
        elif spec == "number":
            props[name] = {"type": ["number", "null"], "minimum": 0}
        elif spec == "bool":
            props[name] = {"type": ["boolean", "null"]}
        elif spec == "text":
            props[name] = {"type": ["string", "null"], "maxLength": TEXT_MAX}
        else:
            props[name] = {"enum": [*spec, None]}
    return {"type": "object", "properties": props, "additionalProperties": False}


def _panels_schema(clause_rules: list, call: dict, person: dict, clauses: list[str]) -> dict:
    """Incidents opened to a panel of reviewers, by event id: who opened it, the members, and each member's
    entry (the situation, facts and call they would make) under their own name, so entries saved at once
    merge (`model.merge`)."""
    when = {"type": ["string", "null"], "format": "date-time"}
    entry = {"type": "object", "required": ["situation", "facts", "call"],
             "properties": {"situation": {"enum": clauses}, "facts": {"type": "object"}, "call": call,
                            "notes": {"type": ["string", "null"], "maxLength": NOTES_MAX}, "submitted_at": when},
             "additionalProperties": False, "allOf": clause_rules}
    panel = {"type": "object", "required": ["opened_by", "members"],
             "properties": {"opened_by": person, "opened_at": when,
                            "members": {"type": "array", "minItems": 1, "maxItems": 20, "uniqueItems": True,
                                        "items": person},
                            "entries": {"type": "object", "propertyNames": {"maxLength": NAME_MAX},
                                        "additionalProperties": entry},
                            "closed_by": {"type": ["string", "null"], "maxLength": NAME_MAX}, "closed_at": when},
             "additionalProperties": False}
    return {"type": "object", "description": "Incidents opened to a panel of reviewers (review_app.panels), by "
                                             "event id.",
            "propertyNames": {"pattern": "^[A-Za-z0-9._-]{1,64}$"}, "additionalProperties": panel}


def _assessments_schema() -> dict:
    """The coach's assessment of each umpire in this match, by the umpire's name: per event, whether a
    wrong call was a clear and obvious error and whether it affected the outcome, and development points."""
    mark = {"type": "object", "properties": {"clear_and_obvious": {"type": ["boolean", "null"]},
                                             "affected_outcome": {"type": ["boolean", "null"]}},
            "additionalProperties": False}
    umpire = {"type": "object",
              "properties": {"by": {"type": ["string", "null"], "maxLength": NAME_MAX},
                             "updated_at": {"type": ["string", "null"], "format": "date-time"},
                             "development_points": {"type": ["string", "null"], "maxLength": NOTES_MAX},
                             "events": {"type": "object", "propertyNames": {"pattern": "^[A-Za-z0-9._-]{1,64}$"},
                                        "additionalProperties": mark}},
              "additionalProperties": False}
    return {"type": "object", "description": "The coach's assessment of each umpire (review_app.assessment), by "
                                             "the umpire's name.",
            "propertyNames": {"minLength": 1, "maxLength": NAME_MAX}, "additionalProperties": umpire}


def _review_decisions_schema() -> dict:
    from review_app.model import review_decisions  # its own module: the live review's decisions

    return review_decisions.schema()


def _drawings_schema(person: dict) -> dict:
    """Drawings on the tag's frames (review_app.drawings): points in fractions of the frame's width and
    height, so they fit the frame at any size; who drew each, and when."""
    from review_app.drawings import shapes

    fraction = {"type": "number", "minimum": 0, "maximum": 1}
    point = {"type": "array", "prefixItems": [fraction, fraction], "minItems": 2, "maxItems": 2}
    drawing = {"type": "object", "required": ["id", "kind", "frame", "points"],
               "properties": {"id": {"type": "string", "pattern": shapes.ID_PATTERN},
                              "kind": {"enum": list(shapes.KINDS)},
                              "frame": {"type": "integer", "minimum": 0, "description": "The frame drawn on."},
                              "points": {"type": "array", "minItems": 1,
                                         "maxItems": max(most for _f, most in shapes.POINTS.values()),
                                         "items": point,
                                         "description": "[x, y] as fractions of the frame's width and height, "
                                                        "0 at the top left."},
                              "color": {"type": "string", "pattern": "^#[0-9a-f]{6}$"},
                              "text": {"type": ["string", "null"], "maxLength": shapes.TEXT_MAX},
                              "by": person,
                              "at": {"type": ["string", "null"], "format": "date-time"}},
               "additionalProperties": False}
    return {"type": "array", "maxItems": shapes.MAX_DRAWINGS, "items": drawing,
            "description": "Lines, arrows, circles, freehand strokes, text and the line of the ball drawn on the "
                           "tag's frames."}


SHA256_PATTERN = "^[0-9a-f]{64}$"


def _offsets_schema(person: dict) -> dict:
    """Each other recording's offset from the footage reviewed on (review_app.model.angles), keyed by its
    SHA-256 so that two reviewers setting two recordings' offsets at once merge."""
    return {
        "type": "object",
        "description": "Each other recording of the match against the footage reviewed on: an instant at t s in "
                       "the footage is at t + seconds in that recording.",
        "propertyNames": {"pattern": SHA256_PATTERN},
        "maxProperties": 100,
        "additionalProperties": {
            "type": "object",
            "required": ["seconds", "relative_to", "how"],
            "properties": {
                "seconds": {"type": "number", "minimum": -86400, "maximum": 86400,
                            "description": "Time in this recording minus time in the footage it is relative to."},
                "relative_to": {"type": "string", "pattern": SHA256_PATTERN,
                                "description": "The SHA-256 of the footage the offset is measured from."},
                "how": {"enum": ["sound", "nudged", "clock"],
                        "description": "Found from the two recordings' sound, nudged frame by frame by eye, or "
                                       "the live recorder's arrival clock (each frame at the time it arrived)."},
                "confidence": {"type": ["number", "null"], "minimum": 0, "maximum": 1,
                               "description": "The sound's confidence in the offset it found (kept after nudges); "
                                              "null if it was never found from the sound."},
                "set_by": {**person, "description": "Who set it last."},
                "set_utc": {"type": "string", "format": "date-time"},
            },
            "additionalProperties": False,
        },
    }


def _dismissed_whistles_schema(person: dict) -> dict:
    """The whistles heard that a coach dismissed as no whistle (review_app.model.dismissed), by the recording's
    SHA-256 and the frame the call's first whistle was heard at, so that two coaches dismissing two whistles at once
    merge."""
    dismissal = {
        "type": "object",
        "required": ["time_s", "set_by", "set_utc"],
        "properties": {
            "time_s": {"type": "number", "minimum": 0},
            "set_by": {**person, "description": "Who dismissed it."},
            "set_utc": {"type": "string", "format": "date-time"},
        },
        "additionalProperties": False,
    }
    by_frame = {"type": "object", "propertyNames": {"pattern": "^(0|[1-9][0-9]{0,9})$"},
                "maxProperties": DISMISSED_WHISTLES_MAX, "additionalProperties": dismissal}
    return {
        "type": "object",
        "description": "Whistles the listener heard that a coach dismissed as no whistle (a bird, the PA, a "
                       "spectator), by the recording's SHA-256 and the frame the whistle was heard at: they no "
                       "longer ask for a tag.",
        "propertyNames": {"pattern": "^[0-9a-f]{64}$"},
        "maxProperties": RECORDINGS_MAX,
        "additionalProperties": by_frame,
    }


def _period_starts_schema(person: dict) -> dict:
    """Where each period starts in the footage (review_app.model.periods), keyed by the period's number so
    that two reviewers setting two periods at once merge; a tag's period and clock are pre-filled from them."""
    return {
        "type": "object",
        "description": "Where each period starts, as a frame of the footage, by the period's number (past the "
                       "match's periods: an overtime period). A tag's period and clock are pre-filled from the "
                       "last start at or before it.",
        "propertyNames": {"pattern": "^[1-9][0-9]?$"},
        "maxProperties": PERIODS_MAX + OVERTIME_PERIODS_MAX,
        "additionalProperties": {
            "type": "object",
            "required": ["frame", "time_s"],
            "properties": {
                "frame": {"type": "integer", "minimum": 0},
                "time_s": {"type": "number", "minimum": 0},
                "set_by": {**person, "description": "Who set it last."},
                "set_utc": {"type": "string", "format": "date-time"},
            },
            "additionalProperties": False,
        },
    }


def _match_schema(person: dict, name_text: dict, optional_name: dict, number: dict) -> dict:
    """The match: its teams and players, officials, times and what was announced before it."""
    return {
        "type": "object",
        "required": ["id", "date", "periods", "teams"],
        "properties": {
            "id": {"type": "string", "pattern": MATCH_ID_PATTERN},
            "name": name_text,
            "venue": {**optional_name, "description": "Where the game was played."},
            "date": {"type": "string", "format": "date"},
            "time_zone": {"type": ["string", "null"], "maxLength": 64,
                          "description": "The IANA time zone the times were given in (they are stored in "
                                         "UTC); the app shows them in it."},
            "archived": {"type": "boolean",
                         "description": "Set aside: kept, but no longer offered for review."},
            "start_time_utc": {"type": ["string", "null"], "format": "date-time",
                               "description": "When the game began."},
            "end_time_utc": {"type": ["string", "null"], "format": "date-time",
                             "description": "When the game ended; the 24-hour window of 21.f(5) runs from it."},
            "upper_handicap": {"type": ["number", "null"], "minimum": -10, "maximum": 40,
                               "description": "The event's upper handicap level in goals (21.g's 6-goal "
                                              "provision)."},
            "periods": {"type": "integer", "minimum": 1, "maximum": PERIODS_MAX,
                        "description": "The periods scheduled (regulation periods); overtime periods follow them."},
            "teams": _teams_schema(name_text, number),
            "umpires": {"type": "array", "items": person, "maxItems": 20},
            "referee": optional_name,
            "announcements": _announcements_schema(),
        },
        "additionalProperties": False,
    }


def _teams_schema(name_text: dict, number: dict) -> dict:
    """The match's two teams, each with its players."""
    return {
        "type": "array", "minItems": 2, "maxItems": 2,
        "items": {
            "type": "object", "required": ["id", "name"],
            "properties": {
                "id": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                "color": name_text,
                "players": {"type": "array", "maxItems": 8, "items": _player_schema(name_text, number)},
            },
            "additionalProperties": False,
        },
    }


def _player_schema(name_text: dict, number: dict) -> dict:
    """A player of a team: number, the person, handicap and string of mounts."""
    return {
        "type": "object", "required": ["number"],
        "properties": {"number": number,
                       "id": {"type": ["string", "null"],
                              "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$",
                              "description": "The person: the same id in every match "
                                             "of the day recognises the same player."},
                       "name": name_text,
                       "handicap": {"type": ["number", "null"], "minimum": -2,
                                    "maximum": 10},
                       "mounts": {"type": "array", "maxItems": 40,
                                  "items": {"type": "string", "minLength": 1,
                                            "maxLength": NAME_MAX},
                                  "description": "The player's string of mounts."},
                       "mount_marks": {"type": "object", "maxProperties": 40,
                                       "additionalProperties": {
                                           "type": "string", "minLength": 1,
                                           "maxLength": NAME_MAX},
                                       "description": "Each mount's distinguishing "
                                       "marks (coat, blaze, socks, brand), by its "
                                       "name in the string."}},
        "additionalProperties": False}


def _announcements_schema() -> dict:
    """What was announced to the teams before the game."""
    return {
        "type": "object",
        "description": "What was communicated to the teams before the game began.",
        "properties": {
            "courtesy_changes_allowed": {"type": "boolean", "description": "21.f(2)"},
            "tack_provision_6_goal": {"type": "boolean", "description": "21.g"},
            "other": {"type": ["string", "null"], "maxLength": TEXT_MAX,
                      "description": "Anything else announced, as it was said."},
        },
        "additionalProperties": False,
    }


def _footage_schema() -> dict:
    """The footage reviewed on."""
    return {
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
    }


def _recordings_schema(optional_name: dict) -> dict:
    """Every recording attached to the match."""
    return {
        "type": "array", "maxItems": RECORDINGS_MAX,
        "description": "Every recording attached to the match, and how; `footage` is the one reviewed on.",
        "items": {
            "type": "object",
            "required": ["path", "sha256", "how"],
            "properties": {
                "path": {"type": "string", "minLength": 1, "maxLength": PATH_MAX,
                         "description": "Relative to the folder holding this document, or absolute for a "
                                        "file registered where it lies."},
                "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                "size": {"type": ["integer", "null"], "minimum": 0},
                "name": {**optional_name, "description": "The name the file came with (a label only)."},
                "how": {"enum": ["upload", "registered", "folder", "demo"],
                        "description": "Uploaded and stored under its hash; registered by path and left "
                                       "where it lies (read-only); chosen from the footage folder; copied "
                                       "with the demo."},
                "added_utc": {"type": ["string", "null"], "format": "date-time"},
                "added_by": optional_name,
                "frame_count": {"type": ["integer", "null"], "minimum": 0},
                "fps": {"type": ["number", "null"], "exclusiveMinimum": 0},
            },
            "additionalProperties": False,
        },
    }


def _events_schema(moment: dict, optional_moment: dict, team_id: dict, someone: dict, player_ref: dict,
                   optional_name: dict, person: dict, clause_rules: list) -> dict:
    """The tagged events: each call, its moments, facts and who was involved."""
    return {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["id", "position", "situation", "facts", "call"],
            "properties": {
                "id": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"},
                "position": {**moment, "description": "The incident's moment."},
                "moments": _event_moments_schema(optional_moment),
                "window": _window_schema(moment),
                "period": {"type": ["integer", "null"], "minimum": 1, "maximum": PERIODS_MAX + OVERTIME_PERIODS_MAX,
                           "description": "The period; past the match's periods, an overtime period (at most "
                                          f"{OVERTIME_PERIODS_MAX})."},
                "clock": {"type": ["string", "null"], "pattern": "^[0-9]{1,2}:[0-5][0-9]$"},
                "situation": {"enum": [p.id for p in PROVISIONS]},
                "facts": {"type": "object"},
                "call": _call_schema(team_id, someone),
                "involved": _involved_schema(player_ref, optional_name, someone),
                "reviewer": optional_name,
                "angle": {"type": ["string", "null"], "pattern": SHA256_PATTERN,
                          "description": "The SHA-256 of the recording the tag was made on, when it was "
                                         "another angle than the footage (review_app.model.angles); "
                                         "absent or null: the footage. Its frames are the footage's "
                                         "either way."},
                "drawings": _drawings_schema(person),
                "notes": {"type": ["string", "null"], "maxLength": NOTES_MAX},
                "reading": {
                    "type": "object",
                    "description": "The reviewer's own reading where it differs from what the tool derives "
                                   "(the report shows both).",
                    "properties": {"excused_under": {"type": ["string", "null"], "maxLength": NAME_MAX}},
                    "additionalProperties": False,
                },
                "not_recorded": {
                    "type": "array", "uniqueItems": True, "maxItems": 50,
                    "items": {"type": "string", "maxLength": 100},
                    "description": "What the record does not say (a document migrated from 1.0 could not "
                                   "say it): never guessed, never judged.",
                },
            },
            "additionalProperties": False,
            "allOf": clause_rules,
        },
    }


def _event_moments_schema(optional_moment: dict) -> dict:
    """An event's other moments: the whistle, the restart, the neutral play and what each wait ended at."""
    return {
        "type": "object",
        "description": "The other moments of the call, as frames of the same footage; the "
                       "delays are measured from them (rules.timing).",
        "properties": {"whistle": optional_moment, "restart": optional_moment,
                       "neutral_play": optional_moment,
                       **{name: {**optional_moment, "description": text}
                          for name, text in WAIT_MOMENT_TEXT.items()}},
        "additionalProperties": False,
    }


def _window_schema(moment: dict) -> dict:
    return {
        "type": "object", "required": ["start", "end"],
        "description": "The stretch of footage the tag covers (lead and lag).",
        "properties": {"start": moment, "end": moment},
        "additionalProperties": False,
    }


def _involved_schema(player_ref: dict, optional_name: dict, someone: dict) -> dict:
    """Who an event involved: the players, the umpire who whistled, the mount and the offender."""
    return {
        "type": "object",
        "properties": {
            "players": {"type": "array", "items": player_ref},
            "umpire": optional_name,
            "mount": {"type": ["string", "null"], "maxLength": NAME_MAX,
                      "description": "The mount the situation concerns (excused or seen again)."},
            "offender": {**someone, "description": "Who committed the foul or the offence."},
        },
        "additionalProperties": False,
    }


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
    team_id = {"type": "string", "minLength": 1, "maxLength": NAME_MAX}
    number = {"type": "integer", "minimum": 1, "maximum": 4}
    player_ref = {
        "type": "object",
        "required": ["team", "number"],
        "properties": {"team": team_id, "number": number, "mount": optional_name},
        "additionalProperties": False,
    }
    # Who committed the offence or got a card: a team, and the player where known.
    someone = {"type": "object", "required": ["team"], "properties": {"team": team_id, "number": number},
               "additionalProperties": False}
    moment = {"type": "object", "required": ["frame", "time_s"],
              "properties": {"frame": {"type": "integer", "minimum": 0}, "time_s": {"type": "number", "minimum": 0}},
              "additionalProperties": False}
    optional_moment = {"anyOf": [moment, {"type": "null"}]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "polo-review match annotation",
        "description": "One polo match reviewed against USPA Rule 21: the match, its footage and the tagged events.",
        "type": "object",
        "required": ["schema_version", "match", "events"],
        "properties": {
            "schema_version": {"const": SCHEMA_VERSION},
            "migrated_from": {"type": "string", "description": "The version this document was migrated from."},
            "revision": {"type": "integer", "minimum": 0,
                         "description": "Raised by one on every save; detects two reviewers editing the same match."},
            "match": _match_schema(person, name_text, optional_name, number),
            "footage": _footage_schema(),
            "recordings": _recordings_schema(optional_name),
            "offsets": _offsets_schema(person),
            "period_starts": _period_starts_schema(person),
            "events": _events_schema(moment, optional_moment, team_id, someone, player_ref, optional_name, person,
                                     clause_rules),
            "panels": _panels_schema(clause_rules, _call_schema(team_id, someone), person,
                                     [p.id for p in PROVISIONS]),
            "assessments": _assessments_schema(),
            "review_decisions": _review_decisions_schema(),
            "dismissed_whistles": _dismissed_whistles_schema(person),
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
