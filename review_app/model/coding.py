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

import copy
from dataclasses import dataclass, field

from review_app.errors import PoloReviewError
from review_app.ground.roles import checked_name, person_key
from review_app.i18n import N_, translate
from review_app.model.document import MatchDocument, next_event_id
from review_app.model.edits import Change, build_event, put_event
from review_app.rules import is_clause

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

# The first window a reviewer gets: the situations an umpire coach codes most in a chukker.
DEFAULT_SITUATIONS = ("21.b", "21.c", "21.d", "21.e", "21.h", "21.i", "21.l", "21.general.whistle",
                      "21.general.dangerous-fouls")

RECORD_VERSION = 1

# What a coach calls each situation on a code key (short enough for a button, in either language),
# the clause shown beside it. A key's own label, set in the code window, takes its place.
KEY_NAMES = {
    "21.a": N_("Safety"), "21.b": N_("Foul"), "21.b.dead-ball": N_("Foul, play stopped"),
    "21.c": N_("Damaged ball"), "21.d": N_("Player injured"), "21.e": N_("Player falls"),
    "21.f(1)(i)": N_("Mount injured"), "21.f(1)(ii)": N_("Mount unsound"), "21.f(2)": N_("Courtesy change"),
    "21.f(3)": N_("Mount falls"), "21.f(4)": N_("Time-out for mount"), "21.f(5)": N_("Excused mount back"),
    "21.g": N_("Broken tack"), "21.g.equipment": N_("Broken equipment"), "21.h": N_("Helmet off"),
    "21.i": N_("Lodged ball"), "21.j": N_("Period ends"), "21.k": N_("Game suspended"),
    "21.l": N_("Stray whistle"), "21.general.whistle": N_("Whistle stops play"),
    "21.general.dangerous-fouls": N_("Dangerous foul"), "21.general.foul-at-horn": N_("Foul at the horn"),
    "21.general.unsportsmanlike": N_("Unsportsmanlike"),
}


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


def _seconds(value: object, what: str) -> float:
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
                angle: str | None = None) -> dict:
    """The tag `code` makes at `at` with `window` (lead and lag already placed on frames): the clause, the
    frame, the window, the reviewer and the umpire of the tag before it; the call still to record. `angle`:
    the recording it was made on, when not the footage (model.angles)."""
    before = [e for e in doc.events_in_order() if e["position"]["frame"] <= at.frame]
    umpire = (before[-1].get("involved") or {}).get("umpire") if before else None
    start, end = window
    event = build_event(event_id=next_event_id(doc), frame=at.frame, time_s=at.time_s, situation=code.situation,
                        facts={}, call={}, period=before[-1].get("period") if before else None, umpire=umpire,
                        reviewer=reviewer, window={"start": start.to_dict(), "end": end.to_dict()}, angle=angle)
    event["not_recorded"] = [TO_COMPLETE, *[p for p in event.get("not_recorded") or [] if p != TO_COMPLETE]]
    return event


def to_complete(doc: MatchDocument) -> list[dict]:
    """The coded tags whose details are still to be filled in, in the order of the match."""
    return [e for e in doc.events_in_order() if TO_COMPLETE in (e.get("not_recorded") or [])]


def window_change(doc: MatchDocument, event_id: str, start: At, end: At) -> Change:
    """Move the edges of a tag's window (dragged on the timeline); the edges are put in order."""
    event = doc.event(event_id)
    if event is None:
        raise CodingError(f"there is no tag {event_id} in this match (deleted meanwhile?)")
    if (start.frame, start.time_s) > (end.frame, end.time_s):
        start, end = end, start
    moved = copy.deepcopy(event)
    moved["window"] = {"start": start.to_dict(), "end": end.to_dict()}
    return put_event(doc, moved)


def window_of(event: dict) -> tuple[int, int] | None:
    """A tag's window as (first frame, last frame), if it has one."""
    w = event.get("window")
    return (int(w["start"]["frame"]), int(w["end"]["frame"])) if w else None
