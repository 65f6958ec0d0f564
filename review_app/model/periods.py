"""The match's period starts, and the period and clock they give every tag.

A coach marks, once per period, the frame of the footage where that period starts (a key on the Review page).
The starts are kept with the match under `period_starts`, keyed by the period's number (so two reviewers
setting two periods at once merge, as `offsets` do):

    "period_starts": {"1": {"frame": 12, "time_s": 0.4, "set_by": "Ana", "set_utc": "..."}, "2": {...}}

A tag at time t is in the period of the last start at or before t, and its clock is the footage's time since that
start, as the schema's `clock` writes it (m:ss). Footage time runs on through stoppages, where the game clock
stops (Rule 21, first paragraph: "play and the clock are stopped by the Umpire blowing the whistle"), so the clock
given is where to look in the footage, said to be pre-filled; the reviewer corrects it to the game clock where
that differs. Before the first start nothing is known: no period, no clock. A period past the match's `periods`
is an overtime period (rules.fouls.overtime_period). Plain module: no streamlit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument, utc_now_text
from review_app.model.schema_build import CLOCK_MINUTES_MAX, OVERTIME_PERIODS_MAX, PERIODS_MAX

PERIOD_STARTS = "period_starts"  # the document's top-level key


class PeriodError(PoloReviewError):
    """A period start that cannot be kept as given (a period number out of range, a frame given twice...)."""


@dataclass(frozen=True)
class PeriodStart:
    period: int
    frame: int
    time_s: float
    set_by: str | None = None
    set_utc: str | None = None


@dataclass(frozen=True)
class PeriodClock:
    """Where a moment is in the match: its period, the seconds since that period started, and the clock text."""

    period: int
    seconds: float
    clock: str | None  # m:ss; None past the schema's longest clock


def clock_text(seconds: float) -> str | None:
    """`seconds` as the schema's clock writes it (m:ss, whole seconds down); None if it does not fit (at most
    CLOCK_MINUTES_MAX:59)."""
    whole = max(0, math.floor(seconds + 1e-9))
    minutes, rest = divmod(whole, 60)
    return f"{minutes}:{rest:02d}" if minutes <= CLOCK_MINUTES_MAX else None


def period_at(starts: Sequence[PeriodStart], time_s: float) -> PeriodClock | None:
    """The period a moment at `time_s` is in and its clock: from the last start at or before it (a start at the
    same time included); None before the first start, or with no starts."""
    before = [s for s in starts if s.time_s <= time_s + 1e-9]
    if not before:
        return None
    start = max(before, key=lambda s: (s.time_s, s.period))
    seconds = max(0.0, time_s - start.time_s)
    return PeriodClock(start.period, seconds, clock_text(seconds))


def most_periods(match: dict) -> int:
    """The highest period number `match` takes: its scheduled periods and the overtime periods after them."""
    periods = match.get("periods")
    scheduled = periods if isinstance(periods, int) and not isinstance(periods, bool) else PERIODS_MAX
    return scheduled + OVERTIME_PERIODS_MAX


def period_starts(doc: MatchDocument) -> list[PeriodStart]:
    """The match's period starts, in the order of the footage."""
    out = []
    for key, entry in (doc.data.get(PERIOD_STARTS) or {}).items():
        if isinstance(entry, dict) and str(key).isdigit():
            out.append(PeriodStart(int(key), int(entry["frame"]), float(entry["time_s"]), entry.get("set_by"),
                                   entry.get("set_utc")))
    return sorted(out, key=lambda s: (s.time_s, s.period))


def next_period(starts: Sequence[PeriodStart], time_s: float) -> int:
    """The period that starts at `time_s` when a coach says "a period starts here": the one after the period
    under way there, or 1 before any start."""
    under_way = period_at(starts, time_s)
    if under_way is None:
        return 1
    # Pressed again on the start itself: that period, not the next (the start is set again, not duplicated).
    same = [s for s in starts if abs(s.time_s - time_s) < 1e-9]
    return same[0].period if same else under_way.period + 1


def checked_starts(starts: Iterable[PeriodStart], match: dict) -> list[PeriodStart]:
    """`starts` as they can be kept, or PeriodError naming the first problem: each period once, each from 1 to
    the match's periods and overtime ones, in the order of their numbers along the footage."""
    top = most_periods(match)
    seen: dict[int, PeriodStart] = {}
    for s in starts:
        if not 1 <= s.period <= top:
            raise PeriodError(f"period {s.period}: a period is numbered from 1 to {top} in this match "
                              f"({top - OVERTIME_PERIODS_MAX} scheduled, then up to {OVERTIME_PERIODS_MAX} overtime)")
        if s.frame < 0 or not math.isfinite(s.time_s) or s.time_s < 0:
            raise PeriodError(f"period {s.period}: frame {s.frame} is not a frame of the footage")
        if s.period in seen:
            raise PeriodError(f"period {s.period} is given two starts (frames {seen[s.period].frame} and {s.frame})")
        seen[s.period] = s
    ordered = sorted(seen.values(), key=lambda s: s.period)
    for earlier, later in zip(ordered, ordered[1:], strict=False):
        if later.time_s <= earlier.time_s:
            raise PeriodError(f"period {later.period} starts at frame {later.frame}, not after period "
                              f"{earlier.period}'s start (frame {earlier.frame})")
    return sorted(ordered, key=lambda s: s.time_s)


def with_period_starts(doc: MatchDocument, starts: Iterable[PeriodStart], by: str | None = None) -> MatchDocument:
    """A copy of `doc` with exactly `starts` (checked); a start that changed is stamped with `by` and the time."""
    kept = {s.period: s for s in period_starts(doc)}
    entries = {}
    for s in checked_starts(starts, doc.match):
        old = kept.get(s.period)
        if old is not None and (old.frame, round(old.time_s, 6)) == (s.frame, round(s.time_s, 6)):
            s = old  # unchanged: who set it and when stay
        entry = {"frame": int(s.frame), "time_s": round(float(s.time_s), 6),
                 "set_utc": s.set_utc if s is old and s.set_utc else utc_now_text()}
        who = s.set_by if s is old else by
        if who:
            entry["set_by"] = who
        entries[str(s.period)] = entry
    changed = doc.copy()
    if entries or PERIOD_STARTS in changed.data:
        # Left empty rather than removed once it was there: removing it would conflict with another reviewer's
        # start saved meanwhile (the merge sees the key gone on one side and changed on the other).
        changed.data[PERIOD_STARTS] = entries
    return changed


def with_start_here(doc: MatchDocument, frame: int, time_s: float, by: str | None = None) -> tuple[MatchDocument, int]:
    """A copy of `doc` where the next period (`next_period`) starts at `frame`, and that period's number. A later
    start of the same period is moved here; a later start that would then come before it is PeriodError."""
    starts = period_starts(doc)
    period = next_period(starts, time_s)
    others = [s for s in starts if s.period != period]
    return with_period_starts(doc, [*others, PeriodStart(period, int(frame), float(time_s))], by), period
