"""A second angle: another recording of the match shown beside the footage reviewed on, at the same
instant, and the offset that puts the two in step.

The document keeps the offsets under `offsets`, one entry per other recording keyed by its SHA-256 (a
key of its own per recording, so that two reviewers setting two recordings' offsets at once merge,
model.merge):

    "offsets": {"<sha256>": {"seconds": 4.37, "relative_to": "<sha256 of the footage>", "how": "sound",
                             "confidence": 0.82, "set_by": "Coach", "set_utc": "2026-03-01T18:00:00Z"}}

`seconds` is the time of an instant in that recording minus its time in the footage (the offset_s of
`polo-review sync FOOTAGE RECORDING`), so the footage's moment t is the recording's t + seconds.
Frames are mapped through time, never by a ratio of frame rates: the footage's frame, its presentation
time, plus the offset, the recording's frame on screen at that time (variable frame rates included).

A tag made while the reviewer looks at the second angle records that recording's SHA-256 as its
`angle`; its frames stay the footage's, the one timeline every tag shares. Plain module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument, recordings, utc_now_text

HOW = ("sound", "nudged", "clock")  # clock: the live recorder's arrival clock (review_app.live.session)
# The frame view (frame_view.js) counts a frame as on screen from its time less this, so that a time
# rounded in JSON lands on the same frame in the browser as here.
EPSILON_S = 1e-6
MAX_OFFSET_S = 86400.0  # as the schema bounds it: recordings of one match a day apart are two matches


class AngleError(PoloReviewError):
    """An offset that cannot be set (no such recording, the footage itself, a value out of bounds)."""


@dataclass(frozen=True)
class Offset:
    """One recording's offset from the footage reviewed on."""

    seconds: float
    relative_to: str
    how: str
    confidence: float | None = None
    set_by: str | None = None
    set_utc: str | None = None

    @property
    def low_confidence(self) -> bool:
        """Found from sound that matched only weakly (review_app.sound.sync's threshold); a nudge by eye
        afterwards does not make the sound's confidence any higher, so it stays said."""
        from review_app.sound.sync import LOW_CONFIDENCE

        return self.confidence is not None and self.confidence < LOW_CONFIDENCE


def offset_of(doc: MatchDocument, sha256: str, footage_sha256: str | None) -> Offset | None:
    """The stored offset of recording `sha256` from the footage `footage_sha256`, or None (never set, or
    set against another footage than the one reviewed on now)."""
    entry = (doc.data.get("offsets") or {}).get(sha256)
    if not isinstance(entry, dict) or not footage_sha256 or entry.get("relative_to") != footage_sha256:
        return None
    return Offset(float(entry["seconds"]), entry["relative_to"], entry.get("how", "sound"), entry.get("confidence"),
                  entry.get("set_by"), entry.get("set_utc"))


def other_recordings(doc: MatchDocument, footage_sha256: str | None) -> list[dict]:
    """The recordings attached to the match that can be shown beside the footage (every one but it)."""
    return [r for r in recordings(doc) if r.get("sha256") and r.get("sha256") != footage_sha256]


def recording_label(doc: MatchDocument, sha256: str) -> str:
    """A recording of the match as a reviewer knows it: the name it came with, else its file's name, else
    the start of its checksum (a tag's angle whose recording is no longer attached)."""
    entry = next((r for r in recordings(doc) if r.get("sha256") == sha256), None)
    if entry is None:
        return sha256[:12]
    return entry.get("name") or entry["path"].replace("\\", "/").rsplit("/", 1)[-1]


def with_offset(doc: MatchDocument, sha256: str, seconds: float, *, footage_sha256: str, how: str,
                confidence: float | None = None, by: str | None = None) -> MatchDocument:
    """A copy of `doc` with recording `sha256`'s offset from the footage `footage_sha256` set. `confidence`:
    the sound's (None keeps the one stored, so a nudge after a sync still says how sure the sound was)."""
    if how not in HOW:
        raise ValueError(how)
    if not any(r.get("sha256") == sha256 for r in recordings(doc)):
        raise AngleError(f"no recording {sha256[:12]} is attached to this match", path=doc.path)
    if sha256 == footage_sha256:
        raise AngleError("a recording has no offset from itself: choose another recording as the second angle",
                         path=doc.path)
    seconds = float(seconds)
    if not np.isfinite(seconds) or abs(seconds) > MAX_OFFSET_S:
        raise AngleError(f"an offset of {seconds:g} s is out of bounds (at most a day either way)", path=doc.path)
    before = offset_of(doc, sha256, footage_sha256)
    if confidence is None and before is not None:
        confidence = before.confidence
    entry = {"seconds": round(seconds, 6), "relative_to": footage_sha256, "how": how,
             "confidence": None if confidence is None else round(float(confidence), 3), "set_utc": utc_now_text()}
    if by:
        entry["set_by"] = by
    changed = doc.copy()
    changed.data["offsets"] = {**(doc.data.get("offsets") or {}), sha256: entry}
    return changed


def rebased(doc: MatchDocument, old: str | None, new: str | None) -> MatchDocument:
    """`doc` (a copy about to be saved) after its footage changed from `old` to `new`: the offsets measured
    from `old` are measured from `new` where `new`'s own offset from `old` is known (off'(x) = off(x) -
    off(new), and `old` itself at -off(new)); the others are kept as they were, shown again if `old` is
    reviewed on again."""
    offsets = dict(doc.data.get("offsets") or {})
    pivot = offsets.get(new) if new else None
    if not old or not new or old == new or not isinstance(pivot, dict) or pivot.get("relative_to") != old:
        return doc
    shift = float(pivot["seconds"])
    out = {}
    for sha, entry in offsets.items():
        if sha == new or not isinstance(entry, dict) or entry.get("relative_to") != old:
            if sha != new:
                out[sha] = entry
            continue
        out[sha] = {**entry, "seconds": round(float(entry["seconds"]) - shift, 6), "relative_to": new}
    out[old] = {**pivot, "seconds": round(-shift, 6), "relative_to": new}
    doc.data["offsets"] = out
    return doc


# -- frames at the same instant ------------------------------------------------------------------------

def frame_at(times: Sequence[float] | np.ndarray, duration_s: float, at_s: float) -> int | None:
    """The frame of a recording on screen at `at_s` on its timeline (`times`: each frame's presentation
    time, `duration_s`: until the last frame is gone), or None when the recording shows nothing then
    (before it starts or after it ends)."""
    times = np.asarray(times, dtype=np.float64)
    if not len(times) or not np.isfinite(at_s) or at_s < times[0] - EPSILON_S or at_s >= duration_s:
        return None
    return int(np.searchsorted(times, at_s + EPSILON_S, side="right")) - 1


def angle_frame(footage_time_s: float, offset_s: float, times, duration_s: float) -> int | None:
    """The second angle's frame at the instant the footage shows at `footage_time_s`."""
    return frame_at(times, duration_s, footage_time_s + offset_s)


def nudged(offset_s: float, footage_time_s: float, times, duration_s: float, step: int) -> float:
    """The offset that shows the second angle `step` frames later (negative: earlier) at the instant the
    footage shows at `footage_time_s`. The instant is put in the middle of that frame, so that a time
    rounded anywhere on its way (JSON, the browser) still lands on it, whatever the two frame rates."""
    times = np.asarray(times, dtype=np.float64)
    n = len(times)
    if not n:
        raise AngleError("the second angle has no frames")
    k = angle_frame(footage_time_s, offset_s, times, duration_s)
    if k is None:  # the angle shows nothing at this instant: move by one of its average frames
        return round(offset_s + step * duration_s / n, 6)
    j = max(0, min(n - 1, k + step))
    if j == k:
        return offset_s  # at the angle's first or last frame already
    end = times[j + 1] if j + 1 < n else duration_s
    return round(float((times[j] + end) / 2 - footage_time_s), 6)
