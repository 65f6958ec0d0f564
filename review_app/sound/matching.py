"""Detected whistles grouped into calls: the blasts of one call ("tweet-tweet-tweet") are one stoppage. Which call
a tag is bound to, and which calls no tag is bound to, are `model.coding`'s (one rule for the code keys, the tag
form and the list of whistles not yet reviewed)."""

from __future__ import annotations

from collections.abc import Iterable

from review_app.sound.detect import Sound

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
