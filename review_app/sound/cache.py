"""Detected sounds kept between runs, keyed by the footage's SHA-256: the app asks on every rerun,
and listening to a two-hour match takes minutes. A renamed or moved copy of the same footage finds
its sounds; a changed detector (DETECTOR_VERSION) listens again. `listen` does the listening in a
background thread, once per recording however many pages ask, with its progress to show meanwhile
(as the footage layer builds a frame index)."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from review_app.sound.detect import Sound, detect_sounds
from review_app.sound.errors import NoSound

log = logging.getLogger(__name__)

# Bump when detect.py finds different sounds in the same footage: older entries are then ignored.
# 2: each blast its own whistle, found by tracking its tone; 3: its steadiness limits opened, a horn's
# harmonics told from whistles (issue 21); 4: the learned listener; 5: it retrained with neighs, more
# PA and a horn's held harmonics as a feature; 6: retrained with more birds, PA and whistles under horns,
# and a whistle under a horn decoded on its own threshold; 7: a whistle ends where its own tone stops,
# a horn after music's flickers judged from its own start; 8: a horn starts only where the horn follows,
# a neigh's harmonics over a blast are not another whistle; 9: features for any whistle (its harmonic
# structure, not a pea's roll; a tone stands out on both sides), networks trained on both field
# generators' tuning material with augmentation, a whistle's probability dipping within a blast (issue 36)
DETECTOR_VERSION = 9


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


class Listening:
    """One recording's sounds being found in a background thread: the fraction done, then the result
    (`sounds`, and `problem` when none could be heard). Thread-safe to read."""

    def __init__(self, path: str | os.PathLike, sha256: str):
        self.path, self.sha256 = Path(path), sha256
        self.fraction = 0.0
        self.sounds: list[Sound] = []
        self.problem: NoSound | None = None
        self.failed = False  # an unexpected error (logged): asked again, it is tried again
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def only_noise(self) -> bool:
        """Sound was heard, and nothing in it is a whistle or a horn."""
        return self.done and self.problem is None and not self.sounds

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def run(self) -> None:
        def progress(fraction: float) -> None:
            self.fraction = max(self.fraction, min(1.0, fraction))

        try:
            self.sounds, self.problem = sounds_for(self.path, self.sha256, progress=progress)
        except Exception as exc:  # a thread's error would otherwise vanish; the page shows it in one line
            from review_app.i18n import Message

            log.exception("listening to %s failed", self.path)
            self.failed = True
            self.problem = NoSound(Message("could not be listened to ({error})", error=str(exc)), path=self.path)
        finally:
            self.fraction = 1.0
            self._done.set()


_JOBS: dict[str, Listening] = {}
_JOBS_LOCK = threading.Lock()


def listen(path: str | os.PathLike, sha256: str) -> Listening:
    """The recording's sounds, found in the background: started on the first call for this SHA-256
    (straight from the cache when it holds them), the same job for every later call."""
    with _JOBS_LOCK:
        job = _JOBS.get(sha256)
        if job is not None and not job.failed:
            return job
        job = _JOBS[sha256] = Listening(path, sha256)
    threading.Thread(target=job.run, name=f"polo-review sounds {job.path.name}", daemon=True).start()
    return job
