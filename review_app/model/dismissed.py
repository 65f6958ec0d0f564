"""Whistles a coach dismissed: a sound the listener took for a whistle (a bird, a tone of the PA, a spectator
whistling) that stopped no play, said so once so that it stops asking for a tag.

The listener is not perfect (docs/sound.md gives its figures), and the Review page's list of whistles not yet
reviewed is how a coach knows the match is done: a false whistle would stay on it for good. A dismissal is kept
with the match under `dismissed_whistles`, keyed by the frame the whistle was heard at (so two coaches dismissing
two whistles at once merge, as `period_starts` do), with who dismissed it and when:

    "dismissed_whistles": {"1960": {"time_s": 65.398, "set_by": "ana", "set_utc": "2026-12-07T15:20:00Z"}}

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
# The same whistle heard again (the file listened to anew, by another version of the listener) starts within a
# few frames of where it was heard when it was dismissed; two calls are at least the listener's gap between calls
# apart (sound.matching.CALL_GAP_S), far more than this.
SAME_WHISTLE_S = 0.1


class DismissalError(PoloReviewError):
    """A whistle that cannot be dismissed as given (no frame of the footage)."""


@dataclass(frozen=True)
class DismissedWhistle:
    frame: int  # the frame the call's first whistle was heard at
    time_s: float
    set_by: str | None = None  # who dismissed it (the signed-in reviewer's identity)
    set_utc: str | None = None  # when, by the server's clock


def dismissed_whistles(doc: MatchDocument) -> list[DismissedWhistle]:
    """The match's dismissed whistles, in the order of the footage."""
    out = [DismissedWhistle(int(key), float(entry["time_s"]), entry.get("set_by"), entry.get("set_utc"))
           for key, entry in (doc.data.get(DISMISSED_WHISTLES) or {}).items()]
    return sorted(out, key=lambda d: d.time_s)


def with_dismissed(doc: MatchDocument, frame: int, time_s: float, by: str | None) -> MatchDocument:
    """A copy of `doc` with the whistle heard at `frame` (`time_s`) dismissed by `by` (an identity), now."""
    if not by:
        raise DismissalError("a whistle is dismissed by someone: sign in first", path=doc.path)
    if frame < 0 or not math.isfinite(time_s) or time_s < 0:
        raise DismissalError(f"frame {frame} is not a frame of the footage", path=doc.path)
    changed = doc.copy()
    entries = changed.data.setdefault(DISMISSED_WHISTLES, {})
    entries[str(int(frame))] = {"time_s": round(float(time_s), 6), "set_by": by, "set_utc": utc_now_text()}
    return changed


def without_dismissed(doc: MatchDocument, frame: int) -> MatchDocument:
    """A copy of `doc` with the whistle heard at `frame` no longer dismissed (unchanged if it was not)."""
    changed = doc.copy()
    entries = changed.data.get(DISMISSED_WHISTLES) or {}
    entries.pop(str(int(frame)), None)
    if not entries:
        changed.data.pop(DISMISSED_WHISTLES, None)
    return changed


def is_dismissed(start_s: float, dismissed: Sequence[DismissedWhistle]) -> bool:
    """Whether a call whose first whistle starts at `start_s` is one of `dismissed`."""
    return any(abs(d.time_s - start_s) <= SAME_WHISTLE_S for d in dismissed)


def undismissed(found: Sequence[Sound], doc: MatchDocument) -> list[Sound]:
    """The sounds heard, less the whistles of each call the match dismissed (every whistle of it: a bird's
    chirps heard together are one call); horns as heard."""
    dismissed = dismissed_whistles(doc)
    if not dismissed:
        return list(found)
    gone = {s for call in blasts_by_call(found) if is_dismissed(call[0].start_s, dismissed) for s in call}
    return [s for s in found if s not in gone]
