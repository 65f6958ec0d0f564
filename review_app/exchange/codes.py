"""A match document's event as an instance, and an instance as an event.

The situation (the clause) is the code and the window the instance's start and end; everything
else the event records is a label whose group names the field and whose text is its value:

    call.<part>          whistle, restart, restart_place, penalty, penalty_to, card, card_to, ...
    fact.<name>          a fact of the situation ("true"/"false", a number, a choice)
    moment.<name>        incident, whistle, restart, neutral_play, and the events a wait ends at
                         (player_returned, ...): "7.2 (frame 180)"
    period, clock, umpire, reviewer, notes   (a period past the match's periods is an overtime period)
    involved.player      "red #1 (Bandolera)": a player, with the mount ridden (repeats)
    involved.offender    "red #3" or "red"; involved.mount: the mount concerned
    reading.excused_under, not_recorded (repeats)

Values are the document's own ("at_once", "penalty_2", a team id), so another tool shows them as
text and a file read back gives the same event. A label this module cannot place on the event
(a group it does not know, a fact the situation does not have, a value the field does not take)
is reported and kept in the event's notes, never dropped.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from review_app.exchange.timeline import Instance, Label
from review_app.model import MatchDocument
from review_app.model.event import Call, Event, Involved, Moment, Rider, Someone, read_events_in_order
from review_app.model.schema_build import OVERTIME_PERIODS_MAX
from review_app.rules import provision
from review_app.rules.provision import CALL_FIELDS
from review_app.rules.timing import WAIT_MOMENTS

CALL, FACT, MOMENT = "call.", "fact.", "moment."
PERIOD, CLOCK, UMPIRE, REVIEWER, NOTES = "period", "clock", "umpire", "reviewer", "notes"
PLAYER, OFFENDER, MOUNT = "involved.player", "involved.offender", "involved.mount"
EXCUSED_UNDER, NOT_RECORDED = "reading.excused_under", "not_recorded"
INCIDENT = "incident"  # the event's position: the moment of the incident
MOMENTS = (INCIDENT, "whistle", "restart", "neutral_play", *WAIT_MOMENTS)  # and the waits' events (schema 2.1)
# Groups that may hold several labels: a format with one value per group (a CSV cell, an EAF annotation)
# holds one per line.
REPEATING = (PLAYER, NOT_RECORDED)
# Groups another tool may show as columns, in the order they are written.
PLAIN_GROUPS = (REVIEWER, UMPIRE, PERIOD, CLOCK)

EVENT_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
CLOCK_TEXT = re.compile(r"^[0-9]{1,2}:[0-5][0-9]$")
_SOMEONE = re.compile(r"^(?P<team>.+?)(?: #(?P<number>[1-4]))?$")
_PLAYER = re.compile(r"^(?P<team>.+?) #(?P<number>[1-4])(?: \((?P<mount>.*)\))?$")
MOMENT_TEXT = re.compile(r"^\s*(?P<s>[0-9]+(?:\.[0-9]*)?)\s*(?:\(frame (?P<frame>[0-9]+)\))?\s*$")
TRUE, FALSE = ("true", "yes", "y", "si", "sí", "1"), ("false", "no", "n", "0")


# -- writing -----------------------------------------------------------------------------------------
def seconds(value: float) -> str:
    """A time as text: the shortest that reads back as the same number."""
    return repr(round(float(value), 6))


def _value_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def someone_text(who: Someone) -> str:
    return f"{who.team} #{who.number}" if who.number else who.team


def player_text(player: Rider) -> str:
    mount = f" ({player.mount})" if player.mount else ""
    return f"{player.team} #{player.number}{mount}"


def moment_text(moment: Moment) -> str:
    return f"{seconds(moment.time_s)} (frame {moment.frame})"


def window_of(event: Event) -> tuple[float, float]:
    """The event's window in seconds, from its first frame's time to its last frame's; without one, the
    span of its moments. A window of one frame, or an event with one moment, starts and ends at the same
    time, as a window's frames are read back from its start and end (a format that cannot hold that, EAF,
    writes it as long as the frame and no longer)."""
    if event.window:
        return event.window.start.time_s, event.window.end.time_s
    times = [event.position.time_s, *(m.time_s for _name, m in event.moments.tagged())]
    return min(times), max(times)


def _call_labels(call: Call) -> list[Label]:
    out = []
    for name in CALL_FIELDS:
        value = getattr(call, name)
        if value is not None:
            out.append(Label(CALL + name, someone_text(value) if isinstance(value, Someone) else _value_text(value)))
    return out


def _involved_labels(involved: Involved) -> list[Label]:
    out = [Label(PLAYER, player_text(p)) for p in involved.players]
    if involved.offender:
        out.append(Label(OFFENDER, someone_text(involved.offender)))
    if involved.mount:
        out.append(Label(MOUNT, involved.mount))
    return out


def to_instance(event: Event) -> Instance:
    """The event as an instance: its situation as the code, every other field as labels."""
    start, end = window_of(event)
    plain = {REVIEWER: event.reviewer, UMPIRE: event.umpire, PERIOD: event.period, CLOCK: event.clock}
    labels = [Label(group, _value_text(value)) for group, value in plain.items() if value not in (None, "")]
    labels.append(Label(MOMENT + INCIDENT, moment_text(event.position)))
    labels += [Label(MOMENT + name, moment_text(moment)) for name, moment in event.moments.tagged()]
    labels += _call_labels(event.call)
    labels += [Label(FACT + name, _value_text(value)) for name, value in event.facts.items() if value is not None]
    labels += _involved_labels(event.involved)
    if event.reading.excused_under:
        labels.append(Label(EXCUSED_UNDER, event.reading.excused_under))
    labels += [Label(NOT_RECORDED, item) for item in event.not_recorded]
    if event.notes:
        labels.append(Label(NOTES, event.notes))
    return Instance(event.id, start, end, event.situation, labels)


def instances(doc: MatchDocument, reviewer: str | None = None) -> list[Instance]:
    """Every event of the match in footage order (only `reviewer`'s, if given)."""
    return [to_instance(e) for e in read_events_in_order(doc) if reviewer is None or e.reviewer == reviewer]


def split_values(group: str | None, text: str) -> list[str]:
    """The labels a one-value cell holds: a line each for a repeating group, else the text whole."""
    return text.split("\n") if group in REPEATING else [text]


# -- reading -----------------------------------------------------------------------------------------
@dataclass
class Decoded:
    """An instance read as an event, and the labels that could not be placed on it (with why)."""

    event: dict
    frame: int  # the incident's frame: the file's incident moment, or the window's start
    left: list[tuple[Label, str]] = field(default_factory=list)
    guessed_position: bool = False  # the file gave no incident moment: the window's start stands for it


def _moment(text: str, timebase) -> dict | None:
    m = MOMENT_TEXT.match(text)
    if not m:
        return None
    at = float(m["s"])
    if not math.isfinite(at):
        return None
    frame = int(m["frame"]) if m["frame"] is not None else timebase.frame_of(at)
    time_s = round(at, 6) if m["frame"] is not None else timebase.time_of(frame)
    return {"frame": frame, "time_s": time_s}


def _someone(text: str, teams: dict[str, set[int]]) -> dict | None:
    m = _SOMEONE.match(text.strip())
    if not m or m["team"] not in teams:
        return None
    out = {"team": m["team"]}
    if m["number"]:
        out["number"] = int(m["number"])
    return out


def _number(text: str) -> float | int | None:
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value) or value < 0:
        return None
    return int(value) if value.is_integer() else value


def _boolean(text: str) -> bool | None:
    low = text.strip().lower()
    return True if low in TRUE else False if low in FALSE else None


def _call_value(name: str, text: str, teams: dict[str, set[int]]):
    spec = CALL_FIELDS[name]
    if spec == "team":
        return text if text in teams else None
    if spec == "player":
        return _someone(text, teams)
    if spec == "number":
        return _number(text)
    if spec == "bool":
        return _boolean(text)
    if spec == "text":
        return text
    return text if text in spec else None


def _fact_value(fact, text: str):
    if fact.kind == "bool":
        return _boolean(text)
    if fact.kind == "number":
        return _number(text)
    if fact.kind == "text":
        return text
    return text if text in fact.choices else None


def from_instance(instance: Instance, situation: str, doc: MatchDocument, timebase,
                  reviewer: str | None = None) -> Decoded:
    """The event `instance` records under `situation` (its code, mapped), on the match's frames; `reviewer`: whose
    it is when the file names no reviewer."""
    start, end = timebase.frame_of(instance.start), timebase.frame_of(instance.end)
    window = {"start": {"frame": start, "time_s": timebase.time_of(start)},
              "end": {"frame": max(start, end), "time_s": timebase.time_of(max(start, end))}}
    event: dict = {"id": instance.id, "position": dict(window["start"]), "window": window, "situation": situation,
                   "facts": {}, "call": {}}
    out = Decoded(event, start)
    reading = _LabelReader(event, situation, doc, timebase)
    for label in instance.labels:
        why = reading.read(label)
        if why is not None:
            out.left.append((label, why))
    out.frame = start if reading.incident_frame is None else reading.incident_frame
    if reading.involved:
        event["involved"] = reading.involved
    notes = reading.notes
    if not any(lb.group == MOMENT + INCIDENT for lb in instance.labels):
        out.guessed_position = True
        notes.append("The incident's moment is taken as the window's start: the file gives none.")
    if out.left:
        kept = "; ".join(f"{lb.group}: {lb.text}" if lb.group else lb.text for lb, _ in out.left)
        notes.append(f"Labels not imported: {kept}")
    if notes:
        event["notes"] = "\n".join(notes)
    if reviewer and not reading.reviewer:
        event["reviewer"] = reviewer
    return out


class _LabelReader:
    """Puts one instance's labels into its event, one label group at a time; each reader returns why a
    label was left out, or None when it was taken."""

    def __init__(self, event: dict, situation: str, doc: MatchDocument, timebase):
        self.event, self.situation, self.doc, self.timebase = event, situation, doc, timebase
        self.teams = {t["id"]: {p["number"] for p in t.get("players", [])} for t in doc.match["teams"]}
        self.provision = provision(situation)
        self.involved: dict = {}
        self.notes: list[str] = []
        self.reviewer: str | None = None  # as the file names it
        self.incident_frame: int | None = None  # as the file gives it

    def read(self, label: Label) -> str | None:
        group = label.group or ""
        if group in (PERIOD, CLOCK, UMPIRE, REVIEWER, NOTES, MOUNT, EXCUSED_UNDER, NOT_RECORDED):
            return self._plain(group, label.text)
        if group.startswith(MOMENT) and group[len(MOMENT):] in MOMENTS:
            return self._moment(group[len(MOMENT):], label.text)
        if group.startswith(CALL) and group[len(CALL):] in CALL_FIELDS:
            return self._call(group[len(CALL):], label.text)
        if group.startswith(FACT):
            return self._fact(group[len(FACT):], label.text)
        if group == PLAYER:
            return self._player(label.text)
        if group == OFFENDER:
            who = _someone(label.text, self.teams)
            if who is None:
                return "not a team of this match (team or team #number)"
            self.involved["offender"] = who
            return None
        return "a label group polo-review does not know"

    def _plain(self, group: str, text: str) -> str | None:
        event, periods = self.event, self.doc.match["periods"]
        if group == PERIOD:  # past the match's periods: an overtime period
            period = _number(text)
            if not (isinstance(period, int) and 1 <= period <= periods + OVERTIME_PERIODS_MAX):
                return (f"not a period of this match (1-{periods}, or up to {OVERTIME_PERIODS_MAX} overtime periods "
                        f"after them: {periods + 1}-{periods + OVERTIME_PERIODS_MAX})")
            event["period"] = period
        elif group == CLOCK:
            if not CLOCK_TEXT.match(text.strip()):
                return "not a clock reading (m:ss)"
            event["clock"] = text.strip()
        elif group == UMPIRE:
            self.involved["umpire"] = text
        elif group == REVIEWER:
            event["reviewer"] = self.reviewer = text
        elif group == NOTES:
            self.notes.append(text)
        elif group == MOUNT:
            self.involved["mount"] = text
        elif group == EXCUSED_UNDER:
            event["reading"] = {"excused_under": text}
        elif text not in event.setdefault("not_recorded", []):  # NOT_RECORDED
            event["not_recorded"].append(text)
        return None

    def _moment(self, name: str, text: str) -> str | None:
        moment = _moment(text, self.timebase)
        if moment is None:
            return "not a time in seconds"
        if name == INCIDENT:
            self.event["position"], self.incident_frame = moment, moment["frame"]
        else:
            self.event.setdefault("moments", {})[name] = moment
        return None

    def _call(self, name: str, text: str) -> str | None:
        value = _call_value(name, text, self.teams)
        if value is None:
            return "not a value this part of the call takes"
        self.event["call"][name] = value
        return None

    def _fact(self, name: str, text: str) -> str | None:
        fact = self.provision.fact_named(name)
        if fact is None:
            return f"not a fact of {self.situation}"
        value = _fact_value(fact, text)
        if value is None:
            return "not a value this fact takes"
        self.event["facts"][fact.name] = value
        return None

    def _player(self, text: str) -> str | None:
        m = _PLAYER.match(text.strip())
        if not (m and m["team"] in self.teams):
            return "not a player of this match (team #number)"
        player = {"team": m["team"], "number": int(m["number"])}
        if m["mount"]:
            player["mount"] = m["mount"]
        self.involved.setdefault("players", []).append(player)
        return None
