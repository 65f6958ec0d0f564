"""Whistles in a feed's sound while it is recorded: the sound decoded as it arrives (mono, the
detector's rate) and listened to every `EVERY_S` over its last `WINDOW_S`, by the sound layer's own
detector (`review_app.sound.find_sounds`); each whistle is logged once, when first heard."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from review_app.sound import ANALYSIS_RATE, Recording, SoundError, find_sounds

log = logging.getLogger(__name__)

# How often the growing sound is listened to, and how much of it: the detector averages over 0.4 s
# and measures the noise in the 0.5 s before a sound, so 3 s holds a whistle's start with room either
# side. The detector's work grows with the window (about 11 ms a second of sound here): 3 s every 0.4 s
# is some 8% of a core a feed, where 6 s every 0.25 s was 15% (bench_live.py).
EVERY_S = 0.4
WINDOW_S = 3.0
# A whistle is taken once it has sounded this long before the end of the sound heard (a blast shorter
# than the detector's least is not yet a whistle), and is the same whistle as one already logged when
# it starts within SAME_S of it (the detector's edges hold to milliseconds; repeated blasts merge).
SETTLED_S = 0.15
SAME_S = 0.7
KEEP_S = 30.0  # sound kept in memory, beyond the window


class SoundBuffer:
    """The latest sound of one feed, on the recording's timeline (seconds). Thread-safe."""

    def __init__(self, rate: int = ANALYSIS_RATE):
        self.rate = rate
        self._lock = threading.Lock()
        self._chunks: list[np.ndarray] = []
        self._start_s: float | None = None  # time of the first sample kept
        self._samples = 0

    def add(self, samples: np.ndarray, at_s: float) -> None:
        """Samples whose first sounds at `at_s`; after a gap the buffer starts again."""
        with self._lock:
            if self._start_s is not None and abs(at_s - self.end_s) > 0.25:
                self._chunks, self._samples, self._start_s = [], 0, None  # a gap or a jump: start afresh
            if self._start_s is None:
                self._start_s = at_s
            self._chunks.append(samples.astype(np.float32, copy=False))
            self._samples += len(samples)
            if self._samples > (KEEP_S + WINDOW_S) * self.rate:
                joined = np.concatenate(self._chunks)[-int(WINDOW_S * self.rate * 2):]
                self._start_s += (self._samples - len(joined)) / self.rate
                self._chunks, self._samples = [joined], len(joined)

    @property
    def end_s(self) -> float:
        return (self._start_s or 0.0) + self._samples / self.rate

    def last(self, seconds: float) -> Recording | None:
        with self._lock:
            if self._start_s is None or not self._samples:
                return None
            joined = np.concatenate(self._chunks)
            self._chunks = [joined]
            n = min(len(joined), int(seconds * self.rate))
            return Recording(Path("live"), joined[-n:], self.rate, self.end_s - n / self.rate)


class WhistleWatch(threading.Thread):
    """Listens to `buffer` until `stop` is set; `on_whistle(start_s, end_s)` for each new whistle."""

    def __init__(self, buffer: SoundBuffer, on_whistle: Callable[[float, float], None], stop: threading.Event,
                 name: str = "feed"):
        super().__init__(name=f"polo-review whistles {name}", daemon=True)
        self.buffer = buffer
        self.on_whistle = on_whistle
        self.stop = stop
        self.known: list[list[float]] = []  # [start_s, end_s] of whistles logged
        self._heard_to = -1.0

    def run(self) -> None:
        while not self.stop.wait(EVERY_S):
            self.listen()

    def listen(self) -> None:
        recording = self.buffer.last(WINDOW_S)
        if recording is None or recording.end_s <= self._heard_to or recording.duration_s < 1.0:
            return
        self._heard_to = recording.end_s
        try:
            heard = find_sounds(recording)
        except SoundError as exc:  # silence, or too short: nothing to hear yet
            log.debug("listening: %s", exc)
            return
        for sound in heard:
            if sound.kind != "whistle" or recording.end_s - sound.start_s < SETTLED_S:
                continue
            if sound.start_s < recording.start_s + 0.3:
                continue  # began before the window: heard (or missed) in an earlier one
            same = next((k for k in self.known if abs(k[0] - sound.start_s) < SAME_S
                         or k[0] - SAME_S < sound.start_s < k[1] + SAME_S), None)
            if same is not None:
                same[1] = max(same[1], sound.end_s)
                continue
            self.known.append([sound.start_s, sound.end_s])
            self.on_whistle(round(sound.start_s, 4), round(sound.end_s, 4))


def whistle_entry(start_s: float, end_s: float) -> dict:
    return {"whistle": {"start_s": start_s, "end_s": end_s, "heard_wall": time.time()}}
