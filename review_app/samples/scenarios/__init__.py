"""The sample scenarios, in the order the clips are listed. Each entry builds a `Scenario`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from review_app.samples.scenarios.ball import lodged_ball, safety
from review_app.samples.scenarios.excused import excused_mount_returns
from review_app.samples.scenarios.falls import lost_helmet, mount_falls, player_falls
from review_app.samples.scenarios.horn import foul_at_horn
from review_app.samples.scenarios.tack import broken_girth
from review_app.samples.scene import Scenario

BUILDERS: dict[str, Callable[[], Scenario]] = {
    "safety": safety,
    "lost-helmet": lost_helmet,
    "player-falls": player_falls,
    "mount-falls": mount_falls,
    "broken-girth": broken_girth,
    "lodged-ball": lodged_ball,
    "foul-at-horn": foul_at_horn,
    "foul-at-horn-final": partial(foul_at_horn, final=True),
    "mount-falls-late-whistle": partial(mount_falls, late=True),
    "excused-mount-returns": excused_mount_returns,
}


def build(name: str) -> Scenario:
    sc = BUILDERS[name]()
    assert sc.id == name, (sc.id, name)
    return sc
