"""Coding at the speed of play: the code window (one key per situation, arranged by each reviewer),
the tag one key makes (saved at once, with a window of lead and lag around the frame on screen), the
"to complete" list of such tags, and moving a tag's window edges.

A coded tag holds what is known when its key is pressed: the clause, the frame, the window, the
reviewer (and the umpire of the tag before it). The call made is not recorded yet, so the event says
so in `not_recorded` (the schema's place for what the record does not say) and the checker finds it
`incomplete`. Completing it on the tag form builds the event again (`edits.build_event`), which
drops that entry: the tag leaves the list. Plain module: no streamlit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from review_app.errors import PoloReviewError
from review_app.ground.roles import checked_name, person_key
from review_app.i18n import translate
from review_app.model.document import MatchDocument, next_event_id
from review_app.model.edits import Change, build_event, put_record
from review_app.model.event import Event, Moment, Window, read_event
from review_app.model.periods import period_at, period_starts
from review_app.rules import PROVISIONS, is_clause, provision
from review_app.rules.implied import TO_THE_OPPONENTS, implied_call
from review_app.rules.timing import measure
from review_app.rules.vocabulary import Penalty, Restart
from review_app.sound.detect import Sound
from review_app.sound.matching import calls as blasts_by_call

# The entry of `not_recorded` that puts a coded tag on the "to complete" list: its call is not recorded.
TO_COMPLETE = "call"

# The keys a code may take: digits and letters the page leaves free. Taken elsewhere: the frame view's
# own (J K L play, I O P C loop, F full screen, T tag here, W E N A M X S a tag's moments, 0 whole picture, and
# , . the previous / next whistle heard) and Streamlit's (R reruns the page, C clears its cache).
FRAME_VIEW_KEYS = frozenset("jklopicftwenamxs0,.")
STREAMLIT_KEYS = frozenset("rc")
CODE_KEYS = tuple(k for k in "123456789abdghmqsuvxyz" if k not in FRAME_VIEW_KEYS | STREAMLIT_KEYS)
MAX_CODES = len(CODE_KEYS)
LABEL_MAX = 40

# The window a code makes around the frame on screen, unless the reviewer sets another (Sportscode's
# and LongoMatch's usual defaults); neither is a rulebook number.
DEFAULT_LEAD_S = 5.0
DEFAULT_LAG_S = 5.0
MAX_LEAD_LAG_S = 120.0

# The first window a reviewer gets: the situations an umpire coach codes most in a chukker, each provision's
# `first_window` place.
DEFAULT_SITUATIONS = tuple(p.id for p in sorted((p for p in PROVISIONS if p.first_window is not None),
                                                key=lambda p: p.first_window or 0))

RECORD_VERSION = 1

# What a coach calls each situation on a code key (each provision's `key_name`), the clause shown beside it. A key's
# own label, set in the code window, takes its place.
KEY_NAMES = {p.id: p.key_name for p in PROVISIONS}


def key_name(code: Code, lang: str) -> str:
    """What the key says: the coach's own label, else the situation's name in `lang`, else the clause."""
    if code.label:
        return code.label
    name = KEY_NAMES.get(code.situation)
    return translate(name, lang) if name else code.situation


class CodingError(PoloReviewError):
    """A code window that cannot be kept as given (a key taken twice, a key the page uses, ...)."""


@dataclass(frozen=True)
class Code:
    key: str  # one of CODE_KEYS
    situation: str  # a Rule 21 clause id
    label: str = ""  # the reviewer's own words on the button; empty: the situation's name (KEY_NAMES)

    def to_dict(self) -> dict:
        return {"key": self.key, "situation": self.situation, "label": self.label}


@dataclass(frozen=True)
class CodeWindow:
    codes: tuple[Code, ...] = field(default_factory=tuple)
    lead_s: float = DEFAULT_LEAD_S
    lag_s: float = DEFAULT_LAG_S

    def code(self, key: str) -> Code | None:
        return next((c for c in self.codes if c.key == key), None)

    def to_dict(self) -> dict:
        return {"codes": [c.to_dict() for c in self.codes], "lead_s": self.lead_s, "lag_s": self.lag_s}


def default_window() -> CodeWindow:
    return CodeWindow(tuple(Code(k, s) for k, s in zip(CODE_KEYS, DEFAULT_SITUATIONS, strict=False)))


def checked_window(data: object) -> CodeWindow:
    """The code window `data` describes ({codes: [{key, situation, label}], lead_s, lag_s}), or
    CodingError naming the first problem."""
    if not isinstance(data, dict):
        raise CodingError("a code window is an object with codes, lead_s and lag_s")
    codes, seen = [], set()
    rows = data.get("codes") or []
    if not isinstance(rows, list):
        raise CodingError("codes must be a list")
    if len(rows) > MAX_CODES:
        raise CodingError(f"at most {MAX_CODES} codes (one for each free key)")
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise CodingError(f"code {n} is not an object")
        key = str(row.get("key") or "").strip().lower()
        situation = str(row.get("situation") or "").strip()
        label = " ".join(str(row.get("label") or "").split())
        if key in FRAME_VIEW_KEYS | STREAMLIT_KEYS:
            raise CodingError(f"code {n}: the key {key.upper()} is taken by the frame view or the page")
        if key not in CODE_KEYS:
            raise CodingError(f"code {n}: the key must be one of {' '.join(k.upper() for k in CODE_KEYS)}")
        if key in seen:
            raise CodingError(f"code {n}: the key {key.upper()} is given twice")
        if not is_clause(situation):
            raise CodingError(f"code {n}: {situation or '(empty)'} is not a Rule 21 clause")
        if len(label) > LABEL_MAX:
            raise CodingError(f"code {n}: the label is longer than {LABEL_MAX} characters")
        seen.add(key)
        codes.append(Code(key, situation, label))
    lead, lag = _seconds(data.get("lead_s", DEFAULT_LEAD_S), "lead"), _seconds(data.get("lag_s", DEFAULT_LAG_S), "lag")
    return CodeWindow(tuple(sorted(codes, key=lambda c: CODE_KEYS.index(c.key))), lead, lag)


def _seconds(value: Any, what: str) -> float:  # a code window's value as stored (JSON): checked here
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise CodingError(f"the {what} must be a number of seconds") from None
    if not 0 <= seconds <= MAX_LEAD_LAG_S:  # also refuses NaN
        raise CodingError(f"the {what} must be from 0 to {MAX_LEAD_LAG_S:g} seconds")
    return round(seconds, 3)


# -- each reviewer's window, kept in one record of the store ----------------------------------------

def _people(record: object) -> dict:
    if record is None:
        return {}
    if not isinstance(record, dict) or not isinstance(record.get("reviewers"), dict):
        raise CodingError("not a record of code windows")
    return record["reviewers"]


def load_window(records, reviewer: str | None) -> CodeWindow:
    """`reviewer`'s code window from `records` (a store.base.RecordStore); the default one if they
    have none. CodingError if the record or their entry cannot be read."""
    try:
        record = records.read()
    except (OSError, ValueError) as exc:
        raise CodingError(f"cannot read the code windows ({exc})", path=getattr(records, "path", None)) from None
    entry = _people(record).get(person_key(reviewer))
    if entry is None:
        return default_window()
    try:
        return checked_window(_rekeyed(entry.get("window") if isinstance(entry, dict) else None))
    except CodingError as exc:
        raise CodingError(f"{reviewer}'s code window: {exc}", path=getattr(records, "path", None)) from None


# Keys the frame view took after windows were saved with them (schema 2.1's wait moments: A M X S).
TAKEN_SINCE = frozenset("amxs")


def _rekeyed(window: object) -> object:
    """A saved window whose codes sit on keys the frame view has taken since (`TAKEN_SINCE`): each such code
    moved to the first key still free, in `CODE_KEYS` order, so the reviewer's window still opens with every
    code (dropped only if no key is left); saving it keeps the new keys."""
    if not isinstance(window, dict) or not isinstance(window.get("codes"), list):
        return window
    rows = window["codes"]
    keys = [str(r.get("key") or "").strip().lower() if isinstance(r, dict) else "" for r in rows]
    if not TAKEN_SINCE.intersection(keys):
        return window
    free = [k for k in CODE_KEYS if k not in keys]
    codes = []
    for row, key in zip(rows, keys, strict=True):
        if key in TAKEN_SINCE:
            if not free:
                continue
            row = {**row, "key": free.pop(0)}
        codes.append(row)
    return {**window, "codes": codes}


def save_window(records, reviewer: str, window: CodeWindow) -> CodeWindow:
    """Keep `window` as `reviewer`'s (checked again; other reviewers' windows are left as they are)."""
    name = checked_name(reviewer)
    window = checked_window(window.to_dict())

    def change(record):
        people = dict(_people(record))
        people[person_key(name)] = {"name": name, "window": window.to_dict()}
        return {"version": RECORD_VERSION, "reviewers": people}

    records.update(change)
    return window


# -- the tag a code makes ---------------------------------------------------------------------------

@dataclass(frozen=True)
class At:
    """A frame and its time in the recording."""

    frame: int
    time_s: float

    def to_dict(self) -> dict:
        return {"frame": int(self.frame), "time_s": round(float(self.time_s), 6)}


def coded_event(doc: MatchDocument, code: Code, at: At, window: tuple[At, At], reviewer: str | None,
                angle: str | None = None, whistle: At | None = None, keys: str = "") -> dict:
    """The tag `code` makes at `at` with `window` (lead and lag already placed on frames): the clause, the
    frame, the window, the reviewer, the umpire of the tag before it, the period and clock its period's start
    gives (`model.periods`); the call still to record. `angle`:
    the recording it was made on, when not the footage (model.angles); `whistle`: the whistle the key
    binds to (`key_binding`), its whistle moment; `keys`: the descriptor keys pressed after the code key
    (`described`), with which the call is pre-filled too (`prefilled_call`). Still on the "to complete" list:
    the caller, who can ask the checker, takes it off when the checker asks for nothing more."""
    before = [e for e in doc.records_in_order() if e.position.frame <= at.frame]
    umpire = before[-1].involved.umpire if before else None
    # the period and clock from the match's period starts (model.periods): none before the first start; no start
    # set in the match: the period of the tag before
    starts = period_starts(doc)
    where = period_at(starts, at.time_s)
    period = where.period if where else (before[-1].period if before and not starts else None)
    start, end = window
    moments = {"whistle": whistle.to_dict()} if whistle else {}
    said = described(code.situation, doc.match, keys)
    call = {}
    if keys:
        call = resolved_call({**prefilled_call(code.situation, at.time_s, moments), **said.call}, said.offender,
                             doc.match.get("teams") or [])
    event = build_event(event_id=next_event_id(doc), frame=at.frame, time_s=at.time_s, situation=code.situation,
                        facts=said.facts, call=call, period=period, clock=where.clock if where else None,
                        umpire=said.umpire or umpire, offender=said.offender, reviewer=reviewer,
                        window={"start": start.to_dict(), "end": end.to_dict()}, angle=angle, moments=moments or None,
                        marked=(TO_COMPLETE,))
    return event


# -- which whistle a tag is bound to: one rule for the code keys, the tag form and the list of whistles --
#
# A coach codes a stoppage by pressing its key just after hearing the whistle; a reviewer who steps to
# the incident (T) tags it before its whistle. So a code key binds to the last whistle heard before it,
# and a tag at an incident to the first whistle after it; a tag whose whistle moment is set is bound to
# the whistle heard there. The list of whistles not yet reviewed, the form's pre-filled whistle and the
# code keys all ask `bound_call`, so they never disagree. Neither window is a rulebook number: they are
# this tool's reading of how coaches and umpires work.

# A code key pressed this long after a whistle's start still answers it: the reaction of a coach who
# heard it (under a second) with room for a triple blast and a late press.
KEY_AFTER_WHISTLE_S = 4.0
# How long after an incident its whistle is looked for: play runs on for the advantage, then stops at a
# neutral play, which takes seconds; a whistle later than this is another stoppage's.
INCIDENT_TO_WHISTLE_S = 20.0
# A whistle moment set this close to a whistle heard is that whistle (set by eye and ear, a few frames off).
SAME_WHISTLE_S = 0.5
# A whistle heard this little before the incident's frame is still the incident's: a coach who tags the frame where
# the whistle sounds and a listener whose onset falls a frame earlier (its onsets are within a frame, issue 36)
# mean the same whistle, not the next stoppage's.
HEARD_EARLY_S = 0.1

Call = tuple[At, ...]  # the blasts of one call, in order: a whistle heard (the first) and its repeats


def heard_calls(found: Sequence[Sound]) -> list[Call]:
    """The whistles heard as calls (each its blasts' frames and times), as tags are bound to them."""
    return [tuple(At(b.start_frame, b.start_s) for b in call) for call in blasts_by_call(found)]


def call_before_key(calls: Sequence[Call], key_s: float) -> int | None:
    """The call (its index in `calls`) a code key pressed at `key_s` answers: the last one whose first
    blast started at most KEY_AFTER_WHISTLE_S before it; None if none did."""
    found = [n for n, call in enumerate(calls) if key_s - KEY_AFTER_WHISTLE_S <= call[0].time_s <= key_s + 1e-9]
    return found[-1] if found else None


def call_after_incident(calls: Sequence[Call], incident_s: float) -> int | None:
    """The call that stops play after an incident at `incident_s`: the first that starts at or after it (or
    HEARD_EARLY_S before it), within INCIDENT_TO_WHISTLE_S."""
    return next((n for n, call in enumerate(calls)
                 if incident_s - HEARD_EARLY_S <= call[0].time_s <= incident_s + INCIDENT_TO_WHISTLE_S), None)


def bound_call(calls: Sequence[Call], incident_s: float, whistle_s: float | None = None,
               coded: bool = False, others: Sequence[Event] = ()) -> int | None:
    """The call a tag (an event of the match, or the tag form's) is bound to: the one heard at its whistle
    moment (`whistle_s`) if it has one (None if no whistle was heard there); else, for a tag a code key made
    (`coded`: it has a window), the call before the key; else the call after its incident (`incident_s`), unless
    that call is the whistle of one of the match's `others` tags (`answers_a_later_incident`)."""
    if whistle_s is not None:
        near = [(abs(b.time_s - whistle_s), n) for n, call in enumerate(calls) for b in call
                if abs(b.time_s - whistle_s) <= SAME_WHISTLE_S]
        return min(near)[1] if near else None
    if coded:
        return call_before_key(calls, incident_s)
    n = call_after_incident(calls, incident_s)
    return None if n is not None and answers_a_later_incident(calls, n, incident_s, others) else n


def answers_a_later_incident(calls: Sequence[Call], n: int, incident_s: float, others: Sequence[Event]) -> bool:
    """Whether call `n` is the whistle of another tag whose incident comes after `incident_s`: that whistle stopped
    play for the later incident, so the earlier one was not whistled (the walk: a foul tagged 14 s before a lodged
    ball was given the lodged ball's whistle, and its call read "delayed 14.1 s"). Tags at the same instant (two
    tags of one stoppage) share their whistle."""
    return any(e.position.time_s > incident_s and event_call(calls, e) == n for e in others)


def event_call(calls: Sequence[Call], event: Event) -> int | None:
    """The call a saved tag is bound to (`bound_call`)."""
    whistle = event.moments.whistle
    return bound_call(calls, event.position.time_s, None if whistle is None else whistle.time_s,
                      coded=event.window is not None)


def unbound_calls(calls: Sequence[Call], events: Sequence[Event]) -> list[int]:
    """The calls no tag is bound to, in order: the stoppages not yet reviewed."""
    taken = {event_call(calls, e) for e in events}
    return [n for n in range(len(calls)) if n not in taken]


def key_binding(calls: Sequence[Call], key: At, playing: bool = True,
                others: Sequence[Event] = ()) -> tuple[At, At | None]:
    """Where a code key pressed at `key` tags, and the whistle it binds. While the footage plays: the first blast
    of the call it answers (`call_before_key`) as both the tag's frame and its whistle moment, else the key's own
    frame and no whistle. Paused on a frame (stepped to, as `,` and `.` step to a whistle's own frame): that
    frame, and the whistle a tag made there with T takes (`bound_call`: the one heard on that frame, or the first
    after it, unless a later incident of the match's `others` tags is that whistle's), so that the list of whistles
    not yet reviewed counts it."""
    if not playing:
        n = bound_call(calls, key.time_s, others=others)
        return key, None if n is None else calls[n][0]
    n = call_before_key(calls, key.time_s)
    return (key, None) if n is None else (calls[n][0], calls[n][0])


def to_complete(doc: MatchDocument) -> list[Event]:
    """The coded tags whose details are still to be filled in, in the order of the match."""
    return [e for e in doc.records_in_order() if TO_COMPLETE in e.not_recorded]


def window_change(doc: MatchDocument, event_id: str, start: At, end: At) -> Change:
    """Move the edges of a tag's window (dragged on the timeline); the edges are put in order."""
    event = read_event(doc, event_id)
    if event is None:
        raise CodingError(f"there is no tag {event_id} in this match (deleted meanwhile?)")
    if (start.frame, start.time_s) > (end.frame, end.time_s):
        start, end = end, start
    window = Window(start=Moment(**start.to_dict()), end=Moment(**end.to_dict()))
    return put_record(doc, msgspec.structs.replace(event, window=window))


# -- what the form can say before the reviewer does ------------------------------------------------------

# The choice of `penalty_to` that stands for "the team other than the offender's", made a team on save.
OPPONENTS = "(opponents)"


def prefilled_call(situation: str, incident_s: float | None, moments: dict | None) -> dict:
    """The call parts known before the reviewer says them, each to be shown as pre-filled and left
    changeable: the whistle's timing its moments measure (rules.timing.measure), the parts the clause sets in
    its usual case (rules.implied), and, where a penalty is awarded, the penalty to the team other than the
    offender's (OPPONENTS, a team once the offender is known: `resolved_call`)."""
    out: dict = {}
    measured = measure(incident_s, moments)
    if measured.whistle is not None:
        out["whistle"] = measured.whistle.value
    out.update(implied_call(situation))
    if out.get("restart") == Restart.PENALTY.value or out.get("penalty") not in (None, Penalty.NONE.value):
        out.update({part: OPPONENTS for part in TO_THE_OPPONENTS})
    return out


def resolved_call(call: dict, offender: dict | None, teams: Sequence[dict]) -> dict:
    """`call` with OPPONENTS made the team other than the offender's (dropped while the offender's team is
    not known, or the match has not exactly two teams)."""
    out = dict(call)
    ids = [t["id"] for t in teams]
    team = (offender or {}).get("team")
    for part, value in call.items():
        if value == OPPONENTS:
            others = [t for t in ids if t != team]
            if team in ids and len(others) == 1:
                out[part] = others[0]
            else:
                out.pop(part)
    return out


# -- descriptor keys: what a coach adds to a coded tag with the keys after its code key -------------------
#
# As Sportscode's label buttons, without pausing: right after a code key the view takes a few keys as
# descriptors of that tag. A digit alone is a choice of the clause's first fact with choices (a foul's
# kind: 1 dangerous, 2 right of way...); a letter then a digit: P the penalty by its number (P0 none), U the
# match's umpire by their place in its list, O the offender's team (1 or 2; the penalty then goes to the
# other team).
PENALTY_KEY, UMPIRE_KEY, OFFENDER_KEY = "p", "u", "o"
DESCRIBE_LETTERS = PENALTY_KEY + UMPIRE_KEY + OFFENDER_KEY
MAX_DESCRIPTOR_KEYS = 24


@dataclass(frozen=True)
class Descriptor:
    keys: str  # "2", "p3", "u1", "o1"
    part: str  # "facts.<name>", "call.penalty", "involved.umpire", "involved.offender"
    value: object  # the fact's choice, the penalty, the umpire's name, the team's id


def descriptors(situation: str, match: dict) -> list[Descriptor]:
    """Every descriptor a tag of `situation` in `match` takes, in the order a hint lists them."""

    out = []
    choices = next((f for f in provision(situation).facts if f.kind == "enum"), None)
    if choices is not None:
        out += [Descriptor(str(n), f"facts.{choices.name}", value) for n, value in enumerate(choices.choices[:9], 1)]
    out += [Descriptor(f"{PENALTY_KEY}{n}", "call.penalty", Penalty.numbered(n).value) for n in range(1, 7)]
    out.append(Descriptor(f"{PENALTY_KEY}0", "call.penalty", Penalty.NONE.value))
    out += [Descriptor(f"{UMPIRE_KEY}{n}", "involved.umpire", name)
            for n, name in enumerate((match.get("umpires") or [])[:9], 1)]
    out += [Descriptor(f"{OFFENDER_KEY}{n}", "involved.offender", team["id"])
            for n, team in enumerate((match.get("teams") or [])[:2], 1)]
    return out


@dataclass(frozen=True)
class Said:
    """What descriptor keys said of a tag."""

    facts: dict = field(default_factory=dict)
    call: dict = field(default_factory=dict)
    umpire: str | None = None
    offender: dict | None = None


def described(situation: str, match: dict, keys: str) -> Said:
    """What the descriptor `keys` (as pressed, e.g. "2o1") say of a tag of `situation`; CodingError naming a key
    that describes nothing here. A later key for the same part replaces an earlier one (a correction)."""
    keys = (keys or "").lower()
    if len(keys) > MAX_DESCRIPTOR_KEYS:
        raise CodingError(f"at most {MAX_DESCRIPTOR_KEYS} descriptor keys after a code key")
    known = {d.keys: d for d in descriptors(situation, match)}
    parts: dict[str, object] = {}
    n = 0
    while n < len(keys):
        token = keys[n:n + 2] if keys[n] in DESCRIBE_LETTERS else keys[n]
        n += len(token)
        if token not in known:
            raise CodingError(f"the descriptor {token.upper()} says nothing of a {situation} tag here")
        parts[known[token].part] = known[token].value
    facts = {k.removeprefix("facts."): v for k, v in parts.items() if k.startswith("facts.")}
    call = {k.removeprefix("call."): v for k, v in parts.items() if k.startswith("call.")}
    team = parts.get("involved.offender")
    umpire = parts.get("involved.umpire")
    return Said(facts, call, umpire if isinstance(umpire, str) else None,
                {"team": team} if isinstance(team, str) else None)
