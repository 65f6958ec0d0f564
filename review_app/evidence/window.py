"""The 24-hour window of 21.f(5): when it closes, whether a receipt fell inside it, how long is left.

The window runs from the game's end (`match.end_time_utc` in the match document) for
`FORFEITURE_EVIDENCE_WINDOW` seconds. A receipt at exactly the deadline is in time; one second
later is late. All arithmetic is on aware UTC datetimes, so daylight-saving changes between the
game and the receipt cannot shift the window: 24 hours are 86,400 seconds, not "same clock time
tomorrow".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from review_app.evidence.errors import EvidenceError, GameNotOver
from review_app.i18n import Message
from review_app.model import MatchDocument
from review_app.rules import parameters_on
from review_app.rules.parameters import Parameter

# A receipt time this far past the computer's clock is a typing mistake, not a receipt.
FUTURE_TOLERANCE = timedelta(minutes=5)


def utc_text(moment: datetime) -> str:
    """The stored form of a moment: ISO 8601 in UTC with a Z, e.g. 2026-06-15T12:30:00Z."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def from_utc_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def now_utc() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise EvidenceError(f"unknown time zone {name!r} (use an IANA name such as America/New_York)") from None


def zone_names() -> list[str]:
    """The IANA time zones a receipt time can be given in, UTC first (for a picker)."""
    return ["UTC", *sorted(z for z in available_timezones() if z != "UTC")]


def wall_clock(moment: datetime, tz: str) -> datetime:
    """`moment` as the zone's clocks showed it, without the zone (what a date and time picker holds)."""
    return moment.astimezone(_zone(tz)).replace(tzinfo=None)


def parse_time(text: str, tz: str | None = None) -> datetime:
    """An ISO 8601 time with an offset or Z, as aware UTC. A naive time needs `tz` (an IANA zone);
    a naive time that the zone's clocks skip or repeat (daylight saving) is refused as unclear."""
    raw = (text or "").strip()
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        raise EvidenceError(f"receipt time {text!r} is not an ISO 8601 time (e.g. 2026-06-15T09:30:00-03:00)") from None
    if moment.tzinfo is None:
        if not tz:
            raise EvidenceError(
                f"receipt time {text!r} has no UTC offset; add one (e.g. {raw}-03:00 or {raw}Z) or give --tz ZONE")
        zone = _zone(tz)
        early, late = moment.replace(tzinfo=zone, fold=0), moment.replace(tzinfo=zone, fold=1)
        if early.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != moment:
            raise EvidenceError(f"receipt time {raw} does not exist in {tz} (clocks go forward); check it")
        if early.utcoffset() != late.utcoffset():
            raise EvidenceError(f"receipt time {raw} happens twice in {tz} (clocks go back); give the UTC offset")
        moment = early
    elif tz:
        # Both an offset and a zone: they must say the same, or one of them is a mistake.
        zone = _zone(tz)
        if moment.utcoffset() != moment.astimezone(zone).utcoffset():
            raise EvidenceError(f"receipt time {raw} carries its own UTC offset, which is not {tz}'s at that moment "
                                f"({moment.astimezone(zone).isoformat()}); give the offset or --tz, not both")
    return moment.astimezone(UTC)


def game_end(doc: MatchDocument) -> datetime:
    """When the game ended, from the match document; the window cannot be computed without it."""
    text = doc.match.get("end_time_utc")
    if not text:
        raise EvidenceError(
            "the match document has no match.end_time_utc; the 24-hour window of 21.f(5) runs from the "
            "game's end, so record it first", path=doc.path)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise EvidenceError(f"match.end_time_utc {text!r} is not an ISO 8601 time", path=doc.path) from None
    # The field is UTC by name; an explicit offset is honoured.
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)


def window_after(end: datetime) -> Parameter:
    """21.f(5)'s "within 24 hours after a game" as the edition in force on the day the game ended (UTC) sets it
    (rules/data/parameters.toml): the number, its clause and the rulebook's words."""
    return parameters_on(end.astimezone(UTC).date())["FORFEITURE_EVIDENCE_WINDOW"]


def deadline_after(end: datetime) -> datetime:
    return end + timedelta(seconds=window_after(end).value)


def check_game_over(end: datetime, now: datetime) -> None:
    """21.f(5)'s decision on evidence presented "within 24 hours after a game" is one of after the game: before the
    game's end (the match's scheduled end, `match.end_time_utc`) by the server's clock `now`, refused with when it
    can be entered (GameNotOver)."""
    if now >= end:
        return
    limit = window_after(end)
    raise GameNotOver(Message(
        "Not yet: a decision on evidence presented after the game ({clause}) can be entered once the game has ended, "
        "from the match's scheduled end, {end}, until {deadline} (UTC); the server's time is {now}.",
        clause=limit.clause, end=utc_text(end), deadline=utc_text(deadline_after(end)), now=utc_text(now)))


@dataclass(frozen=True)
class Timing:
    """Where a moment stands against the window."""

    end: datetime
    deadline: datetime
    moment: datetime

    @property
    def in_time(self) -> bool:
        return self.moment <= self.deadline  # exactly at the deadline is still within 24 hours

    @property
    def margin_s(self) -> int:
        """Seconds left before the deadline (negative: seconds late)."""
        return int((self.deadline - self.moment).total_seconds())


def timing(end: datetime, moment: datetime) -> Timing:
    return Timing(end, deadline_after(end), moment.astimezone(UTC))


def check_not_future(moment: datetime, now: datetime) -> None:
    if moment > now + FUTURE_TOLERANCE:
        raise EvidenceError(f"receipt time {utc_text(moment)} is later than now ({utc_text(now)}); check it")


# The match date is a local date: the earliest moment it is that date anywhere is 00:00 at UTC+14.
EARLIEST_OFFSET = timedelta(hours=14)


def check_not_before_match_day(moment: datetime, doc: MatchDocument) -> None:
    """Evidence of a game cannot have been received before the game's day began anywhere on Earth."""
    day = (doc.match.get("date") or "")[:10]
    try:
        start = datetime.fromisoformat(day).replace(tzinfo=UTC) - EARLIEST_OFFSET
    except ValueError:
        return  # the schema checks the date; without one there is nothing to compare with
    if moment < start:
        raise EvidenceError(f"receipt time {utc_text(moment)} is before the match day ({day}) began anywhere; "
                            "evidence of this game cannot have been received then: check the date")


def duration_text(seconds: float) -> str:
    """'1 d 2 h 3 min' style, for time left or time late (sign ignored). Half a second late is
    late: less than a second is 'under 1 s', never '0 s'."""
    if 0 < abs(seconds) < 1:
        return "under 1 s"
    s = abs(int(seconds))
    d, s = divmod(s, 86400)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    parts = ([f"{d} d"] if d else []) + ([f"{h} h"] if h else []) + ([f"{m} min"] if m else [])
    if not parts or (not d and not h):
        parts.append(f"{s} s")
    return " ".join(parts)


def window_state(end: datetime, deadline: datetime, now: datetime) -> Message:
    """The 24-hour window as it stands at `now`: before the game's recorded end it has not opened (saying "1 d 16 h
    left" then counted the game's own remaining hours as the committee's), else `time_left`."""
    if now < end:
        return Message("opens when the game ends, in {d}", d=duration_text((end - now).total_seconds()))
    return time_left(deadline, now)


def time_left(deadline: datetime, now: datetime) -> Message:
    """What is left of the window, or how long ago it closed, to be said in the reader's language."""
    left = int((deadline - now).total_seconds())
    if left >= 0:
        return Message("{d} left", d=duration_text(left))
    return Message("closed {d} ago", d=duration_text(left))
