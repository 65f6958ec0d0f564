"""The readings the instructor's audit found wrong, and the obligations it found not encoded (issue 20).

Each test quotes the rulebook sentence it rests on, word for word (checked against the packaged
rulebook), then judges a call that meets it and the same call wrong in exactly that part. The audit is
`shared/reviews/rule21-readings-audit.md`; the entry numbers are those of `review_app/rules/READINGS.md`.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from review_app.i18n import translate
from review_app.rules import CONSISTENT, DISCRETIONARY, INCOMPLETE, INCONSISTENT, PROVISIONS, Case, MatchContext
from review_app.rules import judge as _judge
from review_app.rules.labels import stop_label
from review_app.rules.rulebook import rulebook_text
from review_app.rules.vocabulary import Stop

TEAMS = ("red", "blue")
MATCH = MatchContext(periods=6, upper_handicap=6, courtesy_changes_announced=True, tack_provision_announced=True,
                     teams=TEAMS)
RED_2, BLUE_3 = {"team": "red", "number": 2}, {"team": "blue", "number": 3}


def says(sentence: str) -> str:
    """The sentence, once it is found word for word in the rulebook (English, which prevails)."""
    assert sentence in rulebook_text(), sentence
    return sentence


def at(t: float) -> dict:
    return {"frame": round(t * 25), "time_s": t}


def case(situation: str, facts: dict, call: dict, *, moments: dict | None = None, period: int = 2,
         match: MatchContext = MATCH, offender: dict | None = None) -> Case:
    return Case(situation, facts, {"stopped_by": "umpire", **call}, period, match, 10.0, moments or {}, offender)


def judge(c: Case):
    v = _judge(c)
    return v, translate(v.explanation, "en"), translate(v.explanation, "es")


def wrong_in(c: Case, part: str | None, words: tuple[str, str]):
    """The call is inconsistent, names `part` alone (None: a fact, no part of the call), and says so in both
    languages."""
    v, en, es = judge(c)
    assert v.verdict == INCONSISTENT, en
    assert v.wrong == ((part,) if part else ()), (v.wrong, en)
    assert words[0].lower() in en.lower(), en
    assert words[1].lower() in es.lower(), es
    return v


def right(c: Case, expected=CONSISTENT, words: tuple[str, str] | None = None):
    v, en, es = judge(c)
    assert v.verdict == expected, en
    assert not v.wrong, v.wrong
    if words:
        assert words[0].lower() in en.lower(), en
        assert words[1].lower() in es.lower(), es
    return v


# --- entry 10: 21.d sets no timing for the stop --------------------------------------------------------------------
INJURED = {"unconscious": False, "recurrence_of_same_injury": False, "removal_needed_more_time": False}


def test_10_an_injured_player_is_stopped_for_but_21d_sets_no_moment():
    says("If a player is injured, the Umpire shall stop the game")
    says("the Umpire has a great deal of discretion as to whether or when to stop play")
    delayed = case("21.d", INJURED, {"whistle": "delayed", "restart": "throw_in", "time_allowed_s": 300},
                   moments={"whistle": at(14.0)})
    v = right(delayed, words=("discretion", "criterio"))
    assert v.measured.whistle == "delayed"
    right(replace(delayed, call={**delayed.call, "whistle": "at_once"}, moments={}))
    wrong_in(replace(delayed, call={**delayed.call, "whistle": "none"}, moments={}), "whistle",
             ("shall stop the game", "detendrá el partido"))


def test_10_extra_time_the_umpires_grant_is_consistent_naming_their_discretion():
    says("provided, however, that the Umpire(s), in their discretion, may grant additional time")
    granted = case("21.d", INJURED, {"whistle": "at_once", "time_allowed_s": 720, "extra_time_granted": True})
    right(granted, words=("in their discretion", "a su criterio"))
    wrong_in(replace(granted, call={**granted.call, "extra_time_granted": False}), "time_allowed_s",
             ("10 minutes", "10 minutos"))


# --- entry 53: the Rules page teaches no timing the text lacks ------------------------------------------------------
NO_TIMING = ("21.a", "21.d", "21.i", "21.j")


def test_53_where_the_text_says_only_shall_stop_the_game_the_rules_page_teaches_no_timing():
    for sentence in ("the Umpire shall stop the game and call a Safety (Penalty 6)",
                     "If a player is injured, the Umpire shall stop the game",
                     "in such a way that it cannot be dropped immediately, the Umpire shall stop the game",
                     "The Umpire shall stop the game at the end of each period."):
        says(sentence)
    by_id = {p.id: p for p in PROVISIONS}
    for clause in NO_TIMING:
        p = by_id[clause]
        assert p.stop == Stop.REQUIRED, clause
        assert "shall stop the game" in p.text["en"], clause
        for lang, at_once in (("en", "at once"), ("es", "de inmediato")):
            assert at_once not in stop_label(p.stop, lang).lower(), (clause, stop_label(p.stop, lang))
        assert "stop at once" not in translate(p.summary, "en").lower(), clause
    assert stop_label(Stop.REQUIRED, "en") == "Shall be stopped; the rule sets no timing"
    # The foul at the horn: the paragraph sets no stop of its own, and teaches none.
    says("the Umpire has a great deal of discretion as to whether or when to stop play")
    assert by_id["21.general.foul-at-horn"].stop == Stop.AT_DISCRETION


def test_53_every_provision_taught_at_once_says_immediately_or_at_the_instant():
    """The Rules page's "At once" (`Provision.stop`) only where the words say so (Rule 21 writes "immediately" or
    "at the instant" where it means it)."""
    for p in PROVISIONS:
        if p.stop == Stop.AT_ONCE:
            assert "immediately" in p.text["en"] or "at the instant" in p.text["en"], p.id
