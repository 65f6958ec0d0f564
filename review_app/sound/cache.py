"""Detected sounds kept between runs, keyed by the footage's SHA-256: the app asks on every rerun,
and listening to a two-hour match takes minutes. A renamed or moved copy of the same footage finds
its sounds; a changed detector (DETECTOR_VERSION) listens again."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

from review_app.sound.detect import Sound, detect_sounds
from review_app.sound.errors import NoSound

log = logging.getLogger(__name__)

# Bump when detect.py finds different sounds in the same footage: older entries are then ignored.
DETECTOR_VERSION = 3  # 2: each blast its own whistle, found by tracking its tone; 3: steadier limits, horn harmonics (issue 21)


def _entry(sha256: str) -> Path:
    from review_app.config import cache_dir

    return cache_dir() / "sounds" / f"{sha256[:40]}-v{DETECTOR_VERSION}.json"


def sounds_for(path: str | os.PathLike, sha256: str,
               progress: Callable[[float], None] | None = None) -> tuple[list[Sound], NoSound | None]:
    """(sounds, why none could be heard): from the cache, else detected and cached. A recording
    without sound is remembered too, with the reason, so it is not decoded again."""
    from review_app.ground.files import atomic_write_json

    entry = _entry(sha256)
    try:
        data = json.loads(entry.read_text("utf-8"))
        problem = data.get("no_sound")
        return [Sound(**s) for s in data["sounds"]], (NoSound(_message(problem), path=path) if problem else None)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.info("sound cache entry %s unreadable (%s); detecting again", entry, exc)
    problem = None
    try:
        sounds = detect_sounds(path, progress)
    except NoSound as exc:
        sounds, problem = [], exc
    entry.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_json(entry, {"sha256": sha256, "detector": DETECTOR_VERSION,
                              "sounds": [s.to_dict() for s in sounds],
                              "no_sound": _stored(problem.message) if problem else None})
    return sounds, problem


def _stored(message) -> dict:
    return {"id": message.id, "params": {k: v for k, v in message.params.items()
                                         if isinstance(v, (str, int, float))}}


def _message(stored: dict):
    from review_app.i18n import Message

    return Message(stored["id"], **stored.get("params", {}))
