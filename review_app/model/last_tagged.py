"""The umpire a new tag starts with: the one named on the tag saved last (issue 37), not on the tag before it by
position. A match document keeps its tags in the order they were added; an edit keeps its tag's place, so the
page says which tag it saved last (`saved_last`)."""

from __future__ import annotations

from collections.abc import Sequence

from review_app.model.event import Event


def last_umpire(events: Sequence[Event], saved_last: str | None = None) -> str | None:
    """The umpire of the tag saved last that names one: `saved_last` (the id this reviewer saved last, an edit
    included) when it is one of `events` (the match's records, in the document's order), then the tags from the
    one added last back."""
    by_recency = list(reversed(events))
    first = next((e for e in events if e.id == saved_last), None)
    if first is not None:
        by_recency.remove(first)
        by_recency.insert(0, first)
    for event in by_recency:
        umpire = (event.involved.umpire or "").strip()
        if umpire:
            return umpire
    return None
