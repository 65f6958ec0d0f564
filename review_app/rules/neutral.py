"""The one "stop at the next neutral play" judge, asked by every provision whose whistle waits for a neutral
play (21.h's lost helmet, 21.g's damaged equipment that poses a risk but cannot interfere at once).

The rule is the same in each: waiting for the neutral play (or a delayed whistle) is consistent; no whistle
at all is not; a whistle at once is consistent only when play was already neutral, a fact each clause names
in its own words. Each provision keeps its own explanations, so the Rules page and the check say what its
text says.
"""

from __future__ import annotations

from dataclasses import dataclass

from review_app.i18n import Message
from review_app.rules.provision import Case, Verdict, Verdicts
from review_app.rules.vocabulary import Whistle


@dataclass(frozen=True)
class NeutralPlayWords:
    """What one provision says for each way the call can meet the neutral play."""

    waited: Message  # whistled at the neutral play (or delayed to it)
    not_stopped: Message  # no whistle: play was never stopped
    already_neutral: Message  # whistled at once, play being neutral already
    too_soon: Message  # whistled at once in the middle of play


def judge_at_next_neutral_play(case: Case, verdicts: Verdicts, already_neutral_fact: str,
                               words: NeutralPlayWords) -> Verdict:
    whistle = case.called("whistle")
    if whistle in (Whistle.NEUTRAL_PLAY, Whistle.DELAYED):
        return verdicts.consistent(words.waited)
    if whistle == Whistle.NONE:
        return verdicts.inconsistent(words.not_stopped, wrong=("whistle",))
    if case.fact(already_neutral_fact):
        return verdicts.consistent(words.already_neutral)
    return verdicts.inconsistent(words.too_soon, wrong=("whistle",))
