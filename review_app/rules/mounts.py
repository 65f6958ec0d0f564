"""Mounts, 21.f fallen or injured mount: what its subparagraphs share.

The provisions themselves stand in `mount_welfare.py` (21.f(1)(i), 21.f(1)(ii), 21.f(2)) and
`mount_excusal.py` (21.f(3), 21.f(4), 21.f(5)); this module holds which clauses excuse a mount,
when an event's facts contradict its excusal, and the checks several subparagraphs make."""

from __future__ import annotations

import unicodedata
from typing import Any

from review_app.i18n import Message
from review_app.rules.calls import (
    missed_stop,
    whistle_words,
)
from review_app.rules.facts import EXCUSING_CLAUSES, fact  # noqa: F401  (the model and evidence import it from here)
from review_app.rules.provision import (
    Case,
    Source,
    Verdict,
    Verdicts,
)
from review_app.rules.vocabulary import Penalty

WELFARE = Source("The primary responsibility for the welfare")
# 21.f(5): the provisions under which an excused mount may not return are `facts.EXCUSING_CLAUSES`.
MAY_NOT_RETURN = Message("The excused mount may not play again in the game")
ALL_MAY_CHANGE = "ALL MAY CHANGE"


def excusal_contradicted(situation: str, facts: dict) -> Message | None:
    """Why the facts of an event that recorded a mount as excused show a mount its clause lets return
    (so a later return is no 21.f(5) forfeiture), or None if they do not show that."""
    if situation == "21.f(3)" and facts.get("mount_sound") is True:
        return Message("it trotted out sound after its fall, and a sound mount may return to the game")
    if situation == "21.f(4)" and facts.get("player_requested_timeout") is False:
        return Message("it was changed as the game proceeded, without a time-out, and may be played later")
    if situation in ("21.f(4)", "21.f(1)(ii)") and facts.get("player_changed_mount") is False:
        return Message("it was not changed")
    return None


def during_a_break(event: Any) -> bool:
    """21.f(5) "If a player returns a mount to play": an event (its record, `model.event.Event`) whose facts put it
    in a break in play (play already stopped, between periods) shows a mount on the field, not returned to play."""
    facts = event.facts
    return facts.get("play_already_stopped") is True or facts.get("between_periods") is True


def stopped_at_once(v: Verdicts, case: Case, what: str) -> Verdict | None:
    """`what` (a message id) is what happened: "A mount fell"."""
    late = missed_stop(case)
    if late:
        return v.inconsistent(Message("{what}: the Umpires should stop play immediately; the Umpire {umpire}.",
                                      what=Message(what), umpire=whistle_words(late)), wrong=("whistle",))
    return None


# "Any unwarranted delay ... will be penalized" (21.f(1)(i) on the player's part, 21.f(2) by either team).
UNWARRANTED_DELAY = fact("unwarranted_delay")


def delay_penalized(v: Verdicts, case: Case) -> Verdict | None:
    if case.has(UNWARRANTED_DELAY.name) and case.fact(UNWARRANTED_DELAY.name) \
            and case.called("penalty") == Penalty.NONE:
        return v.inconsistent(Message("Any unwarranted delay will be penalized; the delay went unpenalized."),
                              wrong=("penalty",))
    return None


def recorded_excused(v: Verdicts, case: Case) -> Verdict | None:
    if case.called("mount_excused") is not True:
        return v.inconsistent(Message("The mount must be recorded as excused: it may not play again in the game."),
                              wrong=("mount_excused",))
    return None


def mount_key(name: str) -> str:
    """One mount, however its name is written (READINGS 59): the same letters whatever their case, accents or
    spacing, so "Bombón" excused and "Bombon" ridden later are one horse. The one place mount names are compared."""
    folded = " ".join(name.split()).casefold()
    if folded.isascii():  # no accents to take off: ASCII letters decompose to themselves
        return folded
    decomposed = unicodedata.normalize("NFKD", folded)
    return "".join(c for c in decomposed if not unicodedata.combining(c))
