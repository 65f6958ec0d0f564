"""Detected whistles and the tags a reviewer made: the whistle that answers a tag's incident (to
pre-fill its whistle moment) and the whistles no tag accounts for (stoppages not yet reviewed).
Plain data in, plain data out: tags are the match document's event dicts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from review_app.sound.detect import Sound

# How long after an incident its whistle is looked for. Rule 21 lets play run on for the advantage
# and then stop at a neutral play, which takes seconds, not minutes; a whistle later than this is
# another stoppage's. This tool's reading, not the rulebook's.
WHISTLE_SEARCH_S = 20.0
# A tagged whistle moment this close to a detected whistle's start is that whistle: the reviewer
# tags by eye and ear, a few frames either way.
SAME_WHISTLE_S = 0.5
# The detector gives each blast of a repeated call ("tweet-tweet-tweet") as its own whistle; blasts
# this close (from one's end to the next one's start) are one call, one stoppage, when tags are
# matched: a tag for the call accounts for all its blasts. Double and triple blasts breathe 0.1-0.5 s
# between blasts; two stoppages' whistles are seconds apart.
CALL_GAP_S = 0.6


def whistles(sounds: Iterable[Sound]) -> list[Sound]:
    return sorted((s for s in sounds if s.kind == "whistle"), key=lambda s: s.start_s)


def calls(sounds: Iterable[Sound]) -> list[list[Sound]]:
    """The whistles grouped into calls, in time order: blasts less than CALL_GAP_S apart are one."""
    out: list[list[Sound]] = []
    for w in whistles(sounds):
        if out and w.start_s - max(b.end_s for b in out[-1]) <= CALL_GAP_S:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def whistle_after(sounds: Iterable[Sound], incident_s: float) -> Sound | None:
    """The first whistle that starts at or after the incident and within WHISTLE_SEARCH_S of it."""
    return next((w for w in whistles(sounds) if incident_s <= w.start_s <= incident_s + WHISTLE_SEARCH_S), None)


def _time(moment) -> float | None:
    value = moment.get("time_s") if isinstance(moment, Mapping) else None
    return float(value) if isinstance(value, (int, float)) else None


def accounted_for(sounds: Iterable[Sound], events: Sequence[Mapping]) -> set[float]:
    """Start times of the whistles some tag accounts for: its whistle moment is that whistle, or (a tag
    without one) the first whistle within its window, or (no window either) the first after its incident."""
    heard = whistles(sounds)
    taken: set[float] = set()
    for event in events:
        moment = _time((event.get("moments") or {}).get("whistle"))
        if moment is not None:
            near = [w for w in heard if abs(w.start_s - moment) <= SAME_WHISTLE_S]
            if near:
                taken.add(min(near, key=lambda w: abs(w.start_s - moment)).start_s)
            continue
        window = event.get("window") or {}
        start, end = _time(window.get("start")), _time(window.get("end"))
        if start is not None and end is not None:
            # A tag with a window (a code key's: a few seconds either side of the key) accounts for a
            # whistle within it, not for one heard 16 s after it (another stoppage's).
            found = next((w for w in heard if start <= w.start_s <= end), None)
        else:
            incident = _time(event.get("position"))
            found = whistle_after(heard, incident) if incident is not None else None
        if found is not None:
            taken.add(found.start_s)
    return taken


def not_reviewed(sounds: Iterable[Sound], events: Sequence[Mapping]) -> list[Sound]:
    """The first whistle of each call no tag accounts for, in time order: stoppages the reviewer
    has not tagged yet (a tag for any blast of a repeated call accounts for the call)."""
    heard = whistles(sounds)
    taken = accounted_for(heard, events)
    return [call[0] for call in calls(heard) if not any(w.start_s in taken for w in call)]
