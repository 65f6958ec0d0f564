"""When things happened: the whistle's delay measured from the moments a reviewer tagged (schema 2.0:
the incident is the event's `position`; `moments.whistle`, `moments.restart` and
`moments.neutral_play` are frames of the same footage), and the restart measured from the event a
wait ends at (schema 2.1: `moments.player_returned`, `moments.mount_off_field`,
`moments.player_off_field`, `moments.resumed_or_substituted`).

Rule 21 speaks of stopping play "immediately", "at once", "at a neutral play" or after a delay for
the advantage, and sets no number of seconds for any of them. A reviewer's word "at once" cannot be
checked; a measured delay can. The thresholds below are this tool's reading, not the rulebook's, and
are stated with their reasons so an umpire coach can disagree with a number rather than a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from review_app.rules.vocabulary import Whistle


@dataclass(frozen=True)
class Threshold:
    name: str
    seconds: float
    reason: str


# A whistle within this long of the incident is "at once": a trained official's simple reaction time
# to a seen event is 0.3-0.5 s, and the whistle needs the breath and the hand on top of it. Longer than
# this, play has gone on: the Umpire let it run, which is a delay whatever the reason.
AT_ONCE = Threshold("AT_ONCE", 1.0, "reaction time (0.3-0.5 s) plus raising and blowing the whistle")
# A whistle tagged before the incident was not blown for it unless by a little: the reviewer reads from the
# footage where a foul began, a judgment a few frames either way of the Umpire's own. A whistle earlier than this
# before the incident means play had already stopped (a dead-ball foul, a request made at a stoppage) or a moment
# is tagged on the wrong frame: its timing is then no timing of this incident's call, neither at once nor delayed.
BEFORE_INCIDENT = Threshold("BEFORE_INCIDENT", 0.5, "where an incident begins, read from the footage by eye")
# A whistle this close to the tagged neutral-play moment is "at the neutral play": the reviewer tags
# the moment the play became neutral to the frame, and the Umpire reacts to it as to an incident.
AT_NEUTRAL_PLAY = Threshold("AT_NEUTRAL_PLAY", 1.0, "the same reaction time, counted from the neutral play")
# 21.f(2): "Play will be restarted ... after one minute has elapsed". A restart this long after the minute is
# still the restart after one minute: the Umpire calls the minute and bowls the throw-in (or the penalty is set
# up) in a few seconds. Later than this, play waited on a team, which 21.f(2) calls "unwarranted delay" and
# penalizes; unpenalized, the restart is late. This tool's number, not the rulebook's.
AFTER_ONE_MINUTE = Threshold("AFTER_ONE_MINUTE", 10.0, "calling the minute and setting up the restart: a few seconds")
# A restart this long after the event a wait ends at (the player back on another mount, the mount or the
# player off the field, the player able to resume or a substitute on) is "when" or "as soon as" it happened:
# the Umpire rides to the place of the restart and the teams line up for the throw-in. Later than this,
# play waited for something the rule does not wait for. A restart before the event (by more than the
# reaction time of AT_ONCE, the two moments being tagged to the frame) did not wait for it at all.
AS_SOON_AS = Threshold("AS_SOON_AS", 30.0, "the Umpire reaching the place of the restart and the teams lining up")
# The moments a wait ends at (schema 2.1), each as its clause says it.
WAIT_MOMENTS = ("player_returned", "mount_off_field", "player_off_field", "resumed_or_substituted")


@dataclass(frozen=True)
class Measured:
    """What the tagged moments show about the call's timing."""

    whistle_delay_s: float | None = None  # whistle minus incident (below -BEFORE_INCIDENT: play was already stopped)
    whistle: Whistle | None = None  # the timing the delay shows: at once, at a neutral play, delayed
    early_s: float | None = None  # how long before the tagged neutral play the whistle came, if before it
    late_s: float | None = None  # how long after the tagged neutral play the whistle came, if after it
    stopped_for_s: float | None = None  # restart (or return) minus whistle: the time actually allowed
    # Every timing the moments bear out, `whistle` first: a whistle within a second of the incident and
    # of the tagged neutral play came both at once and at the neutral play.
    fits: tuple[Whistle, ...] = ()
    # Restart minus each event a wait ends at (negative: play restarted before it), where both are tagged.
    after_return_s: float | None = None  # moments.player_returned
    after_mount_off_s: float | None = None  # moments.mount_off_field
    after_player_off_s: float | None = None  # moments.player_off_field
    after_resumed_s: float | None = None  # moments.resumed_or_substituted
    return_after_whistle_s: float | None = None  # the player's return minus the whistle (21.g "whichever first")

    @property
    def whistle_before_incident(self) -> bool:
        """The whistle tagged came before the incident (by more than BEFORE_INCIDENT): not blown for it."""
        return self.whistle_delay_s is not None and self.whistle_delay_s < -BEFORE_INCIDENT.seconds

    def after(self, moment: str) -> float | None:
        """Restart minus the wait-ending `moment` (one of WAIT_MOMENTS), if both are tagged."""
        return getattr(self, _AFTER[moment])

    def to_dict(self) -> dict:
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in self.__dict__.items()
                if v is not None and k != "fits"}


# What a case with no moment tagged shows (most of a 1.0 season): one shared value, not one per event.
NOTHING_MEASURED = Measured()


def _time(moment: Mapping | None) -> float | None:
    if moment is None or not isinstance(moment, Mapping):
        return None
    value = moment.get("time_s")
    return float(value) if isinstance(value, (int, float)) else None


def measure(incident_s: float | None, moments: Mapping | None) -> Measured:
    """The timing the moments show (any not tagged: what depends on it is None)."""
    if not moments:
        return NOTHING_MEASURED
    whistle_s, restart_s = _time(moments.get("whistle")), _time(moments.get("restart"))
    neutral_s = _time(moments.get("neutral_play"))
    delay = whistle_s - incident_s if whistle_s is not None and incident_s is not None else None
    kind = early = late = None
    fits: tuple[Whistle, ...] = ()
    if delay is not None and delay >= -BEFORE_INCIDENT.seconds:
        if neutral_s is not None and whistle_s is not None and abs(whistle_s - neutral_s) <= AT_NEUTRAL_PLAY.seconds:
            fits += (Whistle.NEUTRAL_PLAY,)
        if delay <= AT_ONCE.seconds:
            fits += (Whistle.AT_ONCE,)
        fits = fits or (Whistle.DELAYED,)
        kind = fits[0]
        if neutral_s is not None and whistle_s is not None and whistle_s < neutral_s - AT_NEUTRAL_PLAY.seconds:
            early = neutral_s - whistle_s
        if neutral_s is not None and whistle_s is not None and whistle_s > neutral_s + AT_NEUTRAL_PLAY.seconds:
            late = whistle_s - neutral_s
    stopped = restart_s - whistle_s if restart_s is not None and whistle_s is not None else None
    waits = {}
    for moment in WAIT_MOMENTS:
        at = _time(moments.get(moment))
        if at is not None and restart_s is not None:
            waits[_AFTER[moment]] = restart_s - at
    returned = _time(moments.get("player_returned"))
    if returned is not None and whistle_s is not None:
        waits["return_after_whistle_s"] = returned - whistle_s
    return Measured(delay, kind, early, late_s=late, stopped_for_s=stopped, fits=fits, **waits)


_AFTER = {"player_returned": "after_return_s", "mount_off_field": "after_mount_off_s",
          "player_off_field": "after_player_off_s", "resumed_or_substituted": "after_resumed_s"}
