"""The expert-annotated match document of each sample clip, built from the scenario itself,
so that regenerating a clip keeps its document in step: the same frame indices and times
(from the same frame timing the renderer uses), the clock and period on screen at each
event, and the file's SHA-256 and frame count. Written in the schema version this polo-review
writes, with the whole call: the incident, the whistle, the restart and the other moments the
scenario shows, who committed the offence, who got the penalty and where play restarted."""

from __future__ import annotations

import os
from pathlib import Path

from review_app.model.migrate import person_id, unrecorded_parts
from review_app.model.schema_build import SCHEMA_VERSION
from review_app.samples.render import MomentAt, locate_moments, sha256_file, timing
from review_app.samples.scenarios.cast import (
    PLAYERS,
    REFEREE,
    REVIEWER,
    TEAM_HEX,
    TEAM_NAMES,
    UMPIRES,
    mount_of,
)
from review_app.samples.scene import RED, Scenario, Tagged

MATCH_DATE = "2026-06-14"
END_TIME_UTC = "2026-06-14T19:42:00Z"


def document_name(sc: Scenario) -> str:
    return f"sample-{sc.id}.json"


def average_fps(ticks_seconds: list[float]) -> float:
    """Frames per second over the clip, as the frame times give it (exact for constant rate)."""
    if len(ticks_seconds) < 2:
        return 25.0
    return round((len(ticks_seconds) - 1) / (ticks_seconds[-1] - ticks_seconds[0]), 3)


def _teams() -> list[dict]:
    return [
        {"id": team, "name": TEAM_NAMES[team], "color": TEAM_HEX[team],
         "players": [{"number": n, "id": person_id(name), "name": name} for n, name in sorted(PLAYERS[team].items())]}
        for team in (RED, "blue")
    ]


def _ridden(sc: Scenario, m: MomentAt, team: str, number: int) -> str:
    """The mount the player is on in the moment's frame: the scenario's rider then, else the string's."""
    try:
        return sc.rider(team, number, m.time_s).mount
    except StopIteration:
        return mount_of(team, number, m.period)


def document(sc: Scenario, clip_path: str | os.PathLike, doc_dir: str | os.PathLike) -> dict:
    """The match document for `sc`, whose clip is at `clip_path`, to be saved in `doc_dir`."""
    clip_path, doc_dir = Path(clip_path), Path(doc_dir)
    tm = timing(sc.footage, sc.duration)
    times = [tm.seconds(i) for i in range(len(tm))]
    at = locate_moments(sc, tm)
    events = [_event(sc, k, tag, at, times) for k, tag in enumerate(sc.tagged, start=1)]
    return {
        "schema_version": SCHEMA_VERSION,
        "revision": 1,
        "match": _match(sc),
        "footage": {
            "path": Path(os.path.relpath(clip_path, doc_dir)).as_posix(),
            "sha256": sha256_file(clip_path),
            "frame_count": len(tm),
            "fps": average_fps(times),
        },
        "events": events,
    }


def _match(sc: Scenario) -> dict:
    return {
        "id": f"sample-{sc.id}",
        "name": f"Sample: {sc.title} (Rule {sc.rule})",
        "date": MATCH_DATE,
        "end_time_utc": END_TIME_UTC,
        "upper_handicap": sc.upper_handicap,
        "periods": sc.periods,
        "teams": _teams(),
        "umpires": list(UMPIRES),
        "referee": REFEREE,
        "announcements": dict(sc.announcements),
    }


def _whistler(sc: Scenario) -> str | None:
    """The umpire who blows the scenario's whistle."""
    return next((m.by.name for m in sc.moments if m.name == "whistle" and m.by is not None), None)


def _event(sc: Scenario, k: int, tag: Tagged, at: dict[str, MomentAt], times: list[float]) -> dict:
    """Event `e{k}`, the scenario's tag `tag`, at the moments `at` the clip shows them, the clip's
    frames being at `times` (seconds)."""
    m = at[tag.moment]
    whistle = at.get("whistle") if tag.whistled else None  # the whistle's moment, as the scenario sounds it
    notes = tag.notes
    if whistle is not None:
        notes += (f" Whistle at frame {whistle.frame} ({whistle.time_s:g} s, clock {whistle.clock}), "
                  f"{whistle.time_s - m.time_s:.2f} s after this frame.")
    mount = _ridden(sc, m, *tag.mount_of) if tag.mount_of else None
    event = {
        "id": f"e{k}",
        "position": {"frame": m.frame, "time_s": m.time_s},
        "period": m.period,
        "clock": m.clock,
        "situation": tag.situation,
        "facts": dict(tag.facts),
        "call": dict(tag.call),
        "involved": {
            "players": [{"team": team, "number": n, "mount": _ridden(sc, m, team, n)} for team, n in tag.players],
            "umpire": _whistler(sc) if tag.whistled else None,
            "mount": mount,
        },
        "reviewer": REVIEWER,
        "notes": notes.strip(),
    }
    moments = {}
    if whistle is not None:
        moments["whistle"] = {"frame": whistle.frame, "time_s": whistle.time_s}
    for name, scene_moment in tag.moments.items():
        moments[name] = {"frame": at[scene_moment].frame, "time_s": at[scene_moment].time_s}
    if moments:
        event["moments"] = moments
    if sc.later is not None and m.time_s >= sc.later.at:
        # A tag after the edit covers only the later footage: what is shown for it (the quiz's clip) never
        # reaches back into the earlier period across the cut.
        first = next(i for i, t in enumerate(times) if t >= sc.later.at)
        event["window"] = {"start": {"frame": first, "time_s": round(times[first], 6)},
                           "end": {"frame": len(times) - 1, "time_s": round(times[-1], 6)}}
    if tag.offender is not None:
        team, number = tag.offender
        event["involved"]["offender"] = {"team": team, "number": number}
    missing = unrecorded_parts(event)
    if missing:
        event["not_recorded"] = missing
    return event
