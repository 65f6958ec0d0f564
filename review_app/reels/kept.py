"""How many reels the app keeps. Each reel the Report page makes is written to the data folder's
`reels/` (named for its content, so making the same reel again rewrites it); without a bound a season of
coaching would fill the disk with reels nobody will play again. The newest are kept."""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger(__name__)

REELS_KEPT = 20  # reels left in the folder after a new one is made: a coaching session's worth


def prune_reels(folder: str | Path, keep: int = REELS_KEPT, current: str | Path | None = None) -> list[Path]:
    """Remove all but the `keep` newest reels (`reel-*.mp4`) in `folder`, never `current`; what was removed.
    A reel that cannot be removed (open elsewhere, permissions) is left and logged."""
    folder = Path(folder)
    current = Path(current).resolve() if current else None
    reels = sorted(folder.glob("reel-*.mp4"), key=lambda p: p.stat().st_mtime, reverse=True)
    removed = []
    for old in reels[keep:]:
        if current is not None and old.resolve() == current:
            continue
        try:
            old.unlink()
        except OSError as exc:
            log.warning("could not remove the old reel %s: %s", old, exc)
            continue
        removed.append(old)
    return removed
