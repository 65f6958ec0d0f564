"""Words for the values the rules use (call fields and their values, fact choices, verdicts, when
play stops, units, severities, the checker's columns), in the reader's language. Plain module: no
streamlit.

The words themselves are message ids declared once, where the value is: the call's values and the
verdicts in `vocabulary`, the fact choices in `facts`; the Spanish is in the catalogue. A value with
no label shows as its name with spaces, so a choice a provision adds later still reads sensibly
before it is translated.
"""

from __future__ import annotations

from review_app.i18n import N_, Message, translate
from review_app.rules.facts import CHOICE_LABELS, FACTS
from review_app.rules.vocabulary import (
    CALL_VALUES,
    Card,
    Direction,
    Labelled,
    Official,
    Penalty,
    PenaltyTiming,
    Place,
    Point,
    Restart,
    Severity,
    Stop,
    VerdictKind,
    Whistle,
)

CALL_FIELD_NAMES = {
    "stopped_by": N_("Play stopped by"),
    "whistle": N_("Whistle"),
    "restart": N_("Restart"),
    "restart_place": N_("Restart place"),  # schema 2.0's direction and point in one value
    "restart_direction": N_("Restart direction"),
    "restart_point": N_("Restart point"),
    "penalty": N_("Penalty"),
    "penalty_to": N_("Penalty awarded to"),
    "card": N_("Card"),
    "card_to": N_("Card shown to"),
    "decided_by": N_("Decided by"),
    "decided_by_name": N_("Decided by (name)"),
    "penalty_timing": N_("Penalty taken"),
    "time_allowed_s": N_("Time allowed (s)"),
    "mount_excused": N_("Mount excused"),
    "mount_change_permitted": N_("Mount change permitted"),
    "announcement": N_("Announcement"),
    "extra_time_granted": N_("The Umpires granted additional time"),
    "play_waited_off_field": N_("Play waited while the player repaired or changed off the field (rather than "
                                "restarting once he or she left)"),
    "best_interest_of_the_game": N_("The Umpire deemed not stopping play in the best interest of the game"),
    "officials_agree": N_("Umpires, Referee and Host Tournament Committee believe it in the game's interest"),
    "umpires_agree": N_("The Umpires believe it in the best interest of the game"),
    "referee_agrees": N_("The Referee believes it in the best interest of the game"),
    "committee_agrees": N_("The Host Tournament Committee believes it in the best interest of the game"),
}

# What a verdict may find missing of the match's own record (`Verdict.missing`: "match.…"), in the words the
# Matches page asks for it with
MATCH_FIELD_NAMES = {
    "match.upper_handicap": N_("Goal level (upper handicap)"),
    "match.announcements.tack_provision_6_goal": N_("6-goal tack provision in force (21.g)"),
    "match.announcements.courtesy_changes_allowed": N_("Courtesy changes allowed (21.f(2))"),
}

UNITS = {
    "seconds": N_("seconds"),
    "goals": N_("goals"),
    "penalty number": N_("penalty number"),
    "changes": N_("changes"),
    "horses per umpire": N_("horses per umpire"),
    "periods": N_("periods"),
}

# the checker's event table (review_app.checker.summary.COLUMNS), shown on the Report page
COLUMN_NAMES = {
    "match": N_("Match"),
    "event": N_("Tag"),
    "clause": N_("Clause"),
    "verdict": N_("Verdict"),
    "period": N_("Period"),
    "clock": N_("Clock"),
    "frame": N_("Frame"),
    "time_s": N_("Time (s)"),
    "umpire": N_("Umpire"),
    "reviewer": N_("Reviewer"),
    "mandatory": N_("Mandatory"),
    "missing": N_("Facts missing"),
    "explanation": N_("Why"),
    "whistle_delay_s": N_("Whistle delay (s)"),
    "whistle": N_("Whistle"),
    "situation": N_("Situation"),
    "tags": N_("Tags"),
    "median_s": N_("Median (s)"),
    "quartiles_s": N_("Middle half (s)"),
    "fastest_s": N_("Fastest (s)"),
    "slowest_s": N_("Slowest (s)"),
    "delayed": N_("Delayed"),
}

NONE, YES, NO = N_("(none)"), N_("Yes"), N_("No")
# `polo-review rules` lists each provision's facts under it (review_app/_cli is not extracted: Babel skips
# folders whose names start with "_", so its words stand here).
FACTS_LISTED = N_("facts: {names}")


def _value_labels() -> dict[str, str]:
    labels = dict(CHOICE_LABELS)
    for enum in reversed(CALL_VALUES):  # the first enum that names a value gives its label
        labels.update({m.value: m.label for m in enum})
    return labels


VALUES = _value_labels()

VERDICT_COLORS = {VerdictKind.CONSISTENT: "#2e7d32", VerdictKind.INCONSISTENT: "#c62828",
                  VerdictKind.DISCRETIONARY: "#1565c0", VerdictKind.INCOMPLETE: "#b8860b"}
VERDICT_ICONS = {VerdictKind.CONSISTENT: ":material/check_circle:", VerdictKind.INCONSISTENT: ":material/cancel:",
                 VerdictKind.DISCRETIONARY: ":material/balance:", VerdictKind.INCOMPLETE: ":material/help:"}


def _label(enum, value: str) -> str | None:
    return next((m.label for m in enum if m == value), None)


def _say(label: str | None, lang: str, otherwise: str) -> str:
    """The label in `lang`; a value with no label yet reads as itself (a choice a provision adds
    later still shows, untranslated, rather than breaking the page)."""
    return translate(label, lang) if label else otherwise


# The values of each call field, where one value means different things in different fields ("other" is
# "Elsewhere" for a restart point, "Someone else" for who stopped play, "Other" for a kind of foul).
FIELD_VALUES: dict[str, type[Labelled]] = {
    "stopped_by": Official, "decided_by": Official, "whistle": Whistle, "restart": Restart, "penalty": Penalty,
    "card": Card, "penalty_timing": PenaltyTiming, "restart_direction": Direction, "restart_point": Point,
    "restart_place": Place,
}


def value_label(value, lang: str, field: str | None = None) -> str:
    """`value` in `lang`; `field`: the call field or fact it is a value of (its own word for it), else the
    first word any field has for it."""
    if value is None:
        return translate(NONE, lang)
    if isinstance(value, bool):
        return translate(YES if value else NO, lang)
    if field in FIELD_VALUES:
        label = _label(FIELD_VALUES[field], value)
    elif field is not None:  # a fact's choice
        label = CHOICE_LABELS.get(value) or VALUES.get(value)
    else:
        label = VALUES.get(value)
    return _say(label, lang, str(value).replace("_", " "))


def call_field_label(name: str, lang: str) -> str:
    return _say(CALL_FIELD_NAMES.get(name), lang, name.replace("_", " "))


def part_name(name: str) -> Message | str:
    """A part a verdict found missing (`Verdict.missing`: a fact's name, "call.<field>" or "match.<field>") as the
    form that asks for it names it, to translate where it is shown: the names stay the data's (the JSON report's
    `missing`), never the words a coach reads. One no form asks for reads as its name with spaces."""
    field = name.removeprefix("call.")
    if field in CALL_FIELD_NAMES:
        return Message(CALL_FIELD_NAMES[field])
    if name in MATCH_FIELD_NAMES:
        return Message(MATCH_FIELD_NAMES[name])
    fact = FACTS.get(name.removeprefix("facts."))
    if fact is not None:
        return fact.label
    return name.rsplit(".", 1)[-1].replace("_", " ")


def verdict_label(verdict: str, lang: str) -> str:
    return _say(_label(VerdictKind, verdict), lang, verdict)


def unit_label(unit: str, lang: str) -> str:
    return _say(UNITS.get(unit), lang, unit)


def stop_label(stop: str, lang: str) -> str:
    return _say(_label(Stop, stop), lang, stop)


def severity_label(severity: str, lang: str) -> str:
    return _say(_label(Severity, severity), lang, severity)


def column_label(column: str, lang: str) -> str:
    return _say(COLUMN_NAMES.get(column), lang, column)
