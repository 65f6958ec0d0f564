"""Whistles a coach dismissed: a sound the listener took for a whistle (a bird, a tone of the PA, a spectator
whistling) that stopped no play, said so once so that it stops asking for a tag.

The listener is not perfect (docs/sound.md gives its figures), and the Review page's list of whistles not yet
reviewed is how a coach knows the match is done: a false whistle would stay on it for good. A dismissal is kept
with the match under `dismissed_whistles`, by the recording it was heard in (its SHA-256: a match may have several)
and the frame its first whistle was heard at, with who dismissed it and when; keyed so, two coaches dismissing two
whistles at once merge (as `period_starts` do), and a restore empties a recording's entries rather than removing
them, so that it merges with another coach's dismissal too:

    "dismissed_whistles": {"<sha256>": {"1960": {"time_s": 65.398, "set_by": "ana", "set_utc": "2026-12-07T15:20:00Z"}}}

A dismissed whistle leaves the list, the `,`/`.` keys, the timeline and what a code key or a new tag binds its
whistle moment to; restoring it brings it back. Horns are never dismissed here. Plain module: no streamlit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument, utc_now_text
from review_app.sound.detect import Sound
from review_app.sound.matching import calls as blasts_by_call

DISMISSED_WHISTLES = "dismissed_whistles"  # the document's top-level key
# A dismissed whistle heard again (the recording listened to anew, by another version of the listener) starts within
# a few frames of where it was heard when it was dismissed; two calls are at least the listener's gap between calls
# apart (sound.matching.CALL_GAP_S), far more than this.
HEARD_AGAIN_S = 0.1


class DismissalError(PoloReviewError):
    """A whistle that cannot be dismissed as given (no one signed in, no frame of the footage)."""


@dataclass(frozen=True)
class DismissedWhistle:
    frame: int  # the frame the call's first whistle was heard at
    time_s: float
    set_by: str  # who dismissed it (the signed-in reviewer's identity)
    set_utc: str  # when, by the server's clock


def dismissed_whistles(doc: MatchDocument, recording: str) -> list[DismissedWhistle]:
    """The whistles dismissed in the recording of SHA-256 `recording`, in the order of its footage."""
    entries = (doc.data.get(DISMISSED_WHISTLES) or {}).get(recording) or {}
    out = [DismissedWhistle(int(key), float(e["time_s"]), e["set_by"], e["set_utc"]) for key, e in entries.items()]
    return sorted(out, key=lambda d: d.time_s)


def with_dismissed(doc: MatchDocument, recording: str, frame: int, time_s: float, by: str | None) -> MatchDocument:
    """A copy of `doc` with the whistle heard at `frame` (`time_s`) of `recording` dismissed by `by` (an identity),
    now."""
    if not by:
        raise DismissalError("a whistle is dismissed by someone: sign in first", path=doc.path)
    if frame < 0 or not math.isfinite(time_s) or time_s < 0:
        raise DismissalError(f"frame {frame} is not a frame of the footage", path=doc.path)
    changed = doc.copy()
    entries = changed.data.setdefault(DISMISSED_WHISTLES, {}).setdefault(recording, {})
    entries[str(int(frame))] = {"time_s": round(float(time_s), 6), "set_by": by, "set_utc": utc_now_text()}
    return changed


def without_dismissed(doc: MatchDocument, recording: str, frame: int) -> MatchDocument:
    """A copy of `doc` with the whistle heard at `frame` of `recording` no longer dismissed (unchanged if it was
    not). The recording's entries are left empty, not removed: another coach's dismissal made meanwhile merges."""
    changed = doc.copy()
    ((changed.data.get(DISMISSED_WHISTLES) or {}).get(recording) or {}).pop(str(int(frame)), None)
    return changed


def is_dismissed(start_s: float, dismissed: Sequence[DismissedWhistle]) -> bool:
    """Whether a call whose first whistle starts at `start_s` is one of `dismissed`."""
    return any(abs(d.time_s - start_s) <= HEARD_AGAIN_S for d in dismissed)


def undismissed(found: Sequence[Sound], doc: MatchDocument, recording: str) -> list[Sound]:
    """The sounds heard in `recording`, less the whistles of each call the match dismissed there (every whistle of
    it: a bird's chirps heard together are one call); horns as heard."""
    dismissed = dismissed_whistles(doc, recording)
    if not dismissed:
        return list(found)
    gone = {s for call in blasts_by_call(found) if is_dismissed(call[0].start_s, dismissed) for s in call}
    return [s for s in found if s not in gone]
