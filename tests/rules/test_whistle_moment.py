"""What a verdict says of the whistle's tagged moment beyond its judge (`rules.provision._timing_notes`):

- a whistle tagged well before the incident was no whistle for it (play had already stopped, or a moment is on the
  wrong frame): it is measured as no timing at all, never "at once", and the verdict says so, except for a dead-ball
  foul, whose incident always comes with play stopped;
- where the footage's timing overrules the whistle the call records, the verdict says which it followed.
"""

from __future__ import annotations

from review_app.i18n import translate
from review_app.rules import CONSISTENT, Case, MatchContext, judge
from review_app.rules.timing import BEFORE_INCIDENT, measure
from review_app.rules.vocabulary import Whistle

MATCH = MatchContext(periods=6, upper_handicap=6, courtesy_changes_announced=True, tack_provision_announced=True,
                     teams=("red", "blue"))
INCIDENT = 10.0


def at(t: float) -> dict:
    return {"frame": round(t * 25), "time_s": t}


def fall(whistle: str, moments: dict, facts: dict | None = None) -> Case:
    return Case("21.e", facts or {"may_be_injured_or_in_jeopardy": True, "clear_fall": True},
                {"stopped_by": "umpire", "whistle": whistle, "restart": "throw_in"}, 2, MATCH, INCIDENT, moments)


def both(message) -> tuple[str, str]:
    return translate(message, "en"), translate(message, "es")


def test_a_whistle_well_before_the_incident_has_no_timing():
    early = measure(INCIDENT, {"whistle": at(INCIDENT - 2.0)})
    assert early.whistle_before_incident and early.whistle is None and early.fits == ()
    assert early.whistle_delay_s == -2.0
    # Within the reviewer's reading of where the incident began, it is still at once.
    close = measure(INCIDENT, {"whistle": at(INCIDENT - BEFORE_INCIDENT.seconds + 0.1)})
    assert not close.whistle_before_incident and close.whistle == Whistle.AT_ONCE


def test_the_verdict_says_the_whistle_tagged_came_before_the_incident():
    verdict = judge(fall("at_once", {"whistle": at(INCIDENT - 2.0)}))
    en, es = both(verdict.explanation)
    assert "2.0 s before the incident" in en and "play had already stopped" in en
    assert "antes del incidente" in es
    # The call's own "at once" stands: the whistle tagged is no measure of it.
    assert verdict.verdict == CONSISTENT


def test_a_dead_ball_foul_comes_with_play_stopped_and_says_nothing_of_it():
    case = Case("21.b.dead-ball", {"play_already_stopped": True},
                {"stopped_by": "umpire", "whistle": "none", "card": "yellow", "card_to": {"team": "blue", "number": 3},
                 "penalty": "appropriate_penalty", "penalty_to": "red", "restart": "penalty",
                 "restart_place": "penalty_spot"},
                2, MATCH, INCIDENT, {"whistle": at(INCIDENT - 3.0)}, {"team": "blue", "number": 3})
    assert "before the incident" not in translate(judge(case).explanation, "en")


def test_the_verdict_says_when_the_footage_overrules_the_whistle_recorded():
    facts = {"may_be_injured_or_in_jeopardy": False, "imminent_scoring_opportunity": True, "clear_fall": True}
    moments = {"neutral_play": at(INCIDENT + 6.0), "whistle": at(INCIDENT + 6.3)}
    verdict = judge(fall("at_once", moments, facts))
    assert verdict.verdict == CONSISTENT  # stopped at the neutral play, as 21.e has it: the footage's timing
    en, es = both(verdict.explanation)
    assert "records the whistle as At once" in en and "6.3 s after the incident" in en
    assert "At a neutral play" in en and "which this verdict follows" in en
    assert "6,3 s" in es and en != es  # the Spanish decimal comma
    # Recorded as the footage shows it: nothing to say.
    assert "records the whistle" not in translate(judge(fall("neutral_play", moments, facts)).explanation, "en")
