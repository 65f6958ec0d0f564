"""Words for the parts of a call, shared by every clause's explanations, and the one check several
clauses share: play stopped at once, unless it was already stopped."""

from __future__ import annotations

import functools

from review_app.i18n import N_, Message, Plural
from review_app.rules.facts import fact
from review_app.rules.provision import Case
from review_app.rules.vocabulary import Whistle

# What the Umpire did, as a sentence says it: "the Umpire {whistled at once}".
WHISTLE = {
    Whistle.AT_ONCE: N_("whistled at once"),
    Whistle.DELAYED: N_("delayed the whistle"),
    Whistle.NEUTRAL_PLAY: N_("whistled at a neutral play"),
    Whistle.NONE: N_("did not stop play"),
}

ALREADY_STOPPED = fact("play_already_stopped")


# Each as one message, made once: a sentence naming what the Umpire did takes it as a parameter for every event
# judged, and the same object (its hash kept) is found at once among the texts already rendered (`i18n.both`).
_WHISTLE_WORDS = {value: Message(words) for value, words in WHISTLE.items()}


def whistle_words(value: str) -> Message:
    words = _WHISTLE_WORDS.get(value)
    return words if words is not None else Message(value)


def missed_stop(case: Case) -> str | None:
    """For a provision that stops play at once: the whistle the Umpire gave instead, or None if play
    was stopped at once or was already stopped."""
    whistle = case.called("whistle")
    if whistle == Whistle.AT_ONCE or (whistle == Whistle.NONE and case.facts.get(ALREADY_STOPPED.name) is True):
        return None
    return whistle


def minutes(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m}:{s:02d}"


def duration(seconds: float) -> Message | str:
    """A rulebook time in words: '10 minutes' / '10 minutos', else m:ss."""
    m, s = divmod(int(round(seconds)), 60)
    if s:
        return minutes(seconds)
    return _minutes_in_words(m)


@functools.lru_cache(maxsize=64)
def _minutes_in_words(m: int) -> Plural:
    """One message per number of minutes (a message is never changed once made): a clause's limit is named in
    its verdict for every event judged, and the same object is found at once among the rendered texts."""
    return Plural("one minute", "{n} minutes", n=m)
