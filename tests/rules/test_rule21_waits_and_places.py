"""The obligations of Rule 21 that schema 2.1 makes recordable: the restart waiting for an event (U1, U3, U4,
U10, U11), the restart's direction and point (entries 23, 44, 56 and U19), 21.k's officials one by one and
21.f(5)'s authority. Each quotes its sentence (found verbatim in the provision's text), then judges a call
right in every part and the same call wrong in exactly the part the sentence fixes."""

from __future__ import annotations

import pytest

from review_app.i18n import translate
from review_app.rules import CONSISTENT, INCOMPLETE, INCONSISTENT, Case, MatchContext, judge, provision
from review_app.rules.timing import AS_SOON_AS

TEAMS = ("red", "blue")
MATCH = MatchContext(periods=6, upper_handicap=6, courtesy_changes_announced=True, tack_provision_announced=True,
                     teams=TEAMS)
HIGH_GOAL = MatchContext(periods=6, upper_handicap=8, courtesy_changes_announced=True, tack_provision_announced=True,
                         teams=TEAMS)  # 21.g's 6-goal provision does not apply
INCIDENT = 10.0
WHISTLE = INCIDENT + 0.4


def at(t: float) -> dict:
    return {"frame": round(t * 25), "time_s": t}


def moments(restart: float | None = None, **waits: float) -> dict:
    """The whistle at once; the restart and each wait's event `s` seconds after the whistle."""
    out = {"whistle": at(WHISTLE)}
    if restart is not None:
        out["restart"] = at(WHISTLE + restart)
    out.update({name: at(WHISTLE + s) for name, s in waits.items()})
    return out


def verdict(situation, facts, call, moments_=None, match=MATCH):
    return judge(Case(situation, facts, call, 2, match, INCIDENT, moments_ or {}, None))


def quoted(clause: str, sentence: str) -> None:
    assert sentence in provision(clause).text["en"], (clause, sentence)


def wrong_in(v, part: str, *words: str) -> None:
    en = translate(v.explanation, "en")
    assert v.verdict == INCONSISTENT and v.wrong == (part,), (v.verdict, v.wrong, en)
    assert all(w in en for w in words), en
    assert translate(v.explanation, "es") != en


# --- U1: 21.d ---------------------------------------------------------------------------------------------------
INJURY = {"unconscious": False, "recurrence_of_same_injury": False}


def test_u1_21d_the_game_continues_when_the_player_can_resume_or_a_substitute_is_on():
    quoted("21.d", "If, and when, during this interval the injured player is able to resume play or an eligible "
                   "player is substituted, the Umpire shall continue the game.")
    call = {"whistle": "at_once"}
    assert verdict("21.d", INJURY, call, moments(restart=95, resumed_or_substituted=90)).verdict == CONSISTENT
    late = verdict("21.d", INJURY, call, moments(restart=200, resumed_or_substituted=90))
    wrong_in(late, "moments.restart", "110.0 s after", "substitute")
    early = verdict("21.d", INJURY, call, moments(restart=60, resumed_or_substituted=90))
    wrong_in(early, "moments.restart", "30.0 s before")
    # Past the ten minutes the game continues whether or not the player can (the next sentence of 21.d).
    assert verdict("21.d", INJURY, call, moments(restart=600, resumed_or_substituted=700)).verdict == CONSISTENT


# --- U3: 21.f(1)(i) ---------------------------------------------------------------------------------------------
VISIBLY = {"visibly_injured_or_distressed": True}
EXCUSED_THROW_IN = {"whistle": "at_once", "mount_excused": True, "restart": "throw_in",
                    "announcement": "ALL MAY CHANGE"}


def test_u3_21f1i_the_throw_in_waits_for_the_player_back_on_another_mount():
    quoted("21.f(1)(i)", "Play will be restarted with a throw-in when the player with the injured mount has returned "
                         "on another mount.")
    right = verdict("21.f(1)(i)", VISIBLY, EXCUSED_THROW_IN, moments(restart=95, player_returned=90))
    assert right.verdict == CONSISTENT, translate(right.explanation, "en")
    before = verdict("21.f(1)(i)", VISIBLY, EXCUSED_THROW_IN, moments(restart=60, player_returned=90))
    wrong_in(before, "moments.restart", "30.0 s before the player returned", "returned on another mount")


# --- U4: 21.f(1)(ii) --------------------------------------------------------------------------------------------
CHANGED = {"visibly_injured_or_distressed": False, "player_changed_mount": True, "teammates_changed_mounts": False}


def test_u4_21f1ii_play_resumes_as_soon_as_the_mount_is_off_the_field():
    quoted("21.f(1)(ii)", "Play will resume as soon as the mount is off the field.")
    call = {"whistle": "at_once", "mount_excused": True, "restart": "throw_in"}
    assert verdict("21.f(1)(ii)", CHANGED, call, moments(restart=50, mount_off_field=40)).verdict == CONSISTENT
    well_after = verdict("21.f(1)(ii)", CHANGED, call, moments(restart=220, mount_off_field=40))
    wrong_in(well_after, "moments.restart", "180.0 s after the mount was off the field", "as soon as")
    before = verdict("21.f(1)(ii)", CHANGED, call, moments(restart=20, mount_off_field=40))
    wrong_in(before, "moments.restart", "before the mount was off the field")
    # "as soon as": within the tool's own AS_SOON_AS (the Umpire to the spot, the teams lined up)
    edge = verdict("21.f(1)(ii)", CHANGED, call, moments(restart=40 + AS_SOON_AS.seconds - 0.5, mount_off_field=40))
    assert edge.verdict == CONSISTENT


# --- U10, U11: 21.g ---------------------------------------------------------------------------------------------
def tack(contact: bool) -> dict:
    return {"item": "girth", "presents_danger": True, "broken_by_contact_with_another_horse": contact,
            "player_rested_after_repair": False}


TACK_CALL = {"whistle": "at_once", "restart": "throw_in", "penalty": "none", "play_waited_off_field": False}


def test_u10_21g_contact_five_minutes_or_the_return_whichever_first():
    quoted("21.g", "unless the tack has been broken by contact with another horse in which case the start of play "
                   "will be delayed for five (5) minutes or until his or her return, whichever occurs first.")
    returned_first = verdict("21.g", tack(True), TACK_CALL, moments(restart=125, player_returned=120), HIGH_GOAL)
    assert returned_first.verdict == CONSISTENT, translate(returned_first.explanation, "en")
    five_minutes_first = verdict("21.g", tack(True), TACK_CALL, moments(restart=300, player_returned=400), HIGH_GOAL)
    assert five_minutes_first.verdict == CONSISTENT, translate(five_minutes_first.explanation, "en")
    before_both = verdict("21.g", tack(True), TACK_CALL, moments(restart=30, player_returned=120), HIGH_GOAL)
    wrong_in(before_both, "moments.restart", "before both the five minutes and the player's return", "whichever")
    waited_past_the_return = verdict("21.g", tack(True), TACK_CALL, moments(restart=200, player_returned=60),
                                     HIGH_GOAL)
    wrong_in(waited_past_the_return, "moments.restart", "140.0 s after the player returned")


def test_u11_21g_all_other_games_the_player_leaves_and_play_restarts_as_soon_as_he_has():
    quoted("21.g", "In all other games or events, the player must leave the field of play and play will be "
                   "restarted as soon as the player has done so")
    right = verdict("21.g", tack(False), TACK_CALL, moments(restart=25, player_off_field=20), HIGH_GOAL)
    assert right.verdict == CONSISTENT, translate(right.explanation, "en")
    waited = verdict("21.g", tack(False), TACK_CALL, moments(restart=120, player_off_field=20), HIGH_GOAL)
    wrong_in(waited, "moments.restart", "100.0 s after the player left the field", "as soon as")
    still_on = verdict("21.g", tack(False), TACK_CALL, moments(restart=10, player_off_field=20), HIGH_GOAL)
    wrong_in(still_on, "moments.restart", "before the player left the field", "must leave the field")


def test_the_6_goal_provision_reads_no_wait_moment():
    """Under the announced 6-goal provision the player has "a maximum of five (5) minutes": the restart before the
    player's return is the Umpires' to allow."""
    v = verdict("21.g", tack(True), TACK_CALL, moments(restart=30, player_returned=120), MATCH)
    assert v.verdict == CONSISTENT, translate(v.explanation, "en")


# --- entries 23, 44, 56 and U19: the restart's kind, direction and point ------------------------------------------
COURTESY = {"ball_out_of_play_or_neutral": True}


@pytest.mark.parametrize("restart", [
    {"restart": "throw_in", "restart_direction": "toward_boards"},  # 2.1
    {"restart": "throw_in_toward_boards"},  # as 2.0 recorded it
], ids=["2.1", "2.0"])
def test_entry_23_21f2_a_throw_in_toward_the_boards_is_a_throw_in(restart):
    quoted("21.f(2)", "restarted with a throw-in, penalty, free hit or knock-in")
    v = verdict("21.f(2)", COURTESY, {"time_allowed_s": 60, **restart})
    assert v.verdict != INCONSISTENT and not v.wrong, translate(v.explanation, "en")
    lineup = verdict("21.f(2)", COURTESY, {"time_allowed_s": 60, "restart": "lineup"})
    assert lineup.verdict == INCONSISTENT and lineup.wrong == ("restart",)


LODGED = {"cannot_be_dropped_immediately": True}


@pytest.mark.parametrize("restart", [
    {"restart": "throw_in", "restart_direction": "toward_boards", "restart_point": "where_first_lodged"},
    {"restart": "throw_in_toward_boards", "restart_place": "where_first_lodged"},  # as 2.0 recorded it
], ids=["2.1", "2.0"])
def test_entry_56_u19_21i_a_throw_in_toward_the_boards_at_the_lodge_point(restart):
    quoted("21.i", "the ball shall be considered dead at the point where it was first lodged")
    v = verdict("21.i", LODGED, {"whistle": "at_once", **restart}, moments())
    assert v.verdict == CONSISTENT, translate(v.explanation, "en")
    elsewhere = verdict("21.i", LODGED, {"whistle": "at_once", **restart, "restart_point": "point_of_stoppage",
                                         "restart_place": "point_of_stoppage"}, moments())
    wrong_in(elsewhere, "restart_point", "dead where it first lodged")


INADVERTENT = {"fair_play_possession_applies": False}


@pytest.mark.parametrize("restart", [
    {"restart": "throw_in", "restart_point": "point_of_stoppage"},  # the point only (entry 44's probe)
    {"restart": "throw_in", "restart_direction": "toward_boards", "restart_point": "point_of_stoppage"},
    {"restart": "throw_in", "restart_place": "point_of_stoppage"},  # 2.0's value, flagged wrong before 2.1
    {"restart": "throw_in_toward_boards", "restart_place": "toward_boards"},  # 2.0's both-in-one
], ids=["point", "both", "2.0-point", "2.0-both"])
def test_entry_44_u19_21l_toward_the_boards_at_the_point_of_stoppage(restart):
    quoted("21.l", "there shall be a throw-in toward the boards or sideline at the point at which play was stopped")
    v = verdict("21.l", INADVERTENT, restart)
    assert v.verdict == CONSISTENT, translate(v.explanation, "en")


def test_21l_each_part_of_the_place_is_judged_on_its_own():
    both = {"restart": "throw_in", "restart_direction": "toward_boards", "restart_point": "point_of_stoppage"}
    wrong_in(verdict("21.l", INADVERTENT, {**both, "restart_direction": "between_teams"}), "restart_direction",
             "toward the boards or sideline")
    wrong_in(verdict("21.l", INADVERTENT, {**both, "restart_point": "centre"}), "restart_point",
             "the point at which play was stopped")


# --- 21.k: the officials one by one -----------------------------------------------------------------------------
ALL_AGREE = {"whistle": "at_once", "umpires_agree": True, "referee_agrees": True, "committee_agrees": True}


def test_21k_each_official_named_believes_it_in_the_best_interest_of_the_game():
    quoted("21.k", "any other reason which the Umpire(s), Referee and Host Tournament Committee believe to be in "
                   "the best interest of the game")
    assert verdict("21.k", {"reason": "other"}, ALL_AGREE).verdict != INCONSISTENT
    assert verdict("21.k", {"reason": "other"}, {"whistle": "at_once", "officials_agree": True}).verdict \
        != INCONSISTENT  # as 2.0 recorded it
    wrong_in(verdict("21.k", {"reason": "other"}, {**ALL_AGREE, "referee_agrees": False}), "referee_agrees",
             "the Referee did not")
    unknown = verdict("21.k", {"reason": "other"}, {**ALL_AGREE, "committee_agrees": None})
    assert unknown.verdict == INCOMPLETE and unknown.missing == ("call.committee_agrees",)
    # darkness needs no one's agreement
    assert verdict("21.k", {"reason": "darkness"}, {"whistle": "at_once"}).verdict != INCONSISTENT


# --- 21.f(5): the authority -------------------------------------------------------------------------------------
EXCUSED = {"excused_under": "21.f(1)(i)", "detected_during_game": True}
AFTER_THE_GAME = {"excused_under": "21.f(1)(i)", "detected_during_game": False, "evidence_within_24_hours": True}


def test_21f5_a_forfeiture_decided_by_a_team_captain_is_inconsistent_naming_who_decided():
    quoted("21.f(5)", "the Umpire(s), a Referee, or the Host Tournament Committee is presented with conclusive "
                      "physical evidence")
    assert verdict("21.f(5)", EXCUSED, {"penalty": "forfeiture", "decided_by": "committee"}).verdict == CONSISTENT
    captain = verdict("21.f(5)", EXCUSED, {"penalty": "forfeiture", "decided_by": "other",
                                           "decided_by_name": "Red team captain"})
    wrong_in(captain, "decided_by", "Red team captain", "the Umpire(s), a Referee, or the Host Tournament Committee")


def test_21f5_evidence_presented_to_someone_else_grounds_no_forfeiture():
    to_referee = verdict("21.f(5)", {**AFTER_THE_GAME, "presented_to": "referee", "presented_to_name": "Rita"},
                         {"penalty": "forfeiture", "decided_by": "referee"})
    assert to_referee.verdict == CONSISTENT, translate(to_referee.explanation, "en")
    to_captain = verdict("21.f(5)", {**AFTER_THE_GAME, "presented_to": "other", "presented_to_name": "Red captain"},
                         {"penalty": "forfeiture", "decided_by": "committee"})
    wrong_in(to_captain, "presented_to", "presented to Red captain")
    # and so no forfeiture is due on it
    none_due = verdict("21.f(5)", {**AFTER_THE_GAME, "presented_to": "other"}, {"penalty": "none"})
    assert none_due.verdict == CONSISTENT, translate(none_due.explanation, "en")
    assert verdict("21.f(5)", {**AFTER_THE_GAME, "presented_to": "committee"}, {"penalty": "none"}).verdict \
        == INCONSISTENT  # presented to the Committee, it must be exacted


# --- the four the issue is done with -------------------------------------------------------------------------------
DONE_WHEN = [
    ("a throw-in before the player's return (21.f(1)(i))", "21.f(1)(i)", VISIBLY, EXCUSED_THROW_IN,
     moments(restart=95, player_returned=90), moments(restart=60, player_returned=90), MATCH, "moments.restart"),
    ("a restart well after the mount left the field (21.f(1)(ii))", "21.f(1)(ii)", CHANGED,
     {"whistle": "at_once", "mount_excused": True, "restart": "throw_in"},
     moments(restart=50, mount_off_field=40), moments(restart=220, mount_off_field=40), MATCH, "moments.restart"),
    ("a 21.g contact restart before both the 5 minutes and the return", "21.g", tack(True), TACK_CALL,
     moments(restart=125, player_returned=120), moments(restart=30, player_returned=120), HIGH_GOAL,
     "moments.restart"),
]


@pytest.mark.parametrize(("name", "clause", "facts", "call", "right", "wrong", "match", "part"), DONE_WHEN,
                         ids=[d[0] for d in DONE_WHEN])
def test_done_when(name, clause, facts, call, right, wrong, match, part):
    assert verdict(clause, facts, call, right, match).verdict == CONSISTENT
    v = verdict(clause, facts, call, wrong, match)
    assert v.verdict == INCONSISTENT and v.wrong == (part,), (name, translate(v.explanation, "en"))


def test_done_when_a_forfeiture_decided_by_a_team_captain():
    assert verdict("21.f(5)", EXCUSED, {"penalty": "forfeiture", "decided_by": "umpire"}).verdict == CONSISTENT
    v = verdict("21.f(5)", EXCUSED, {"penalty": "forfeiture", "decided_by": "other",
                                     "decided_by_name": "Blue team captain"})
    assert v.verdict == INCONSISTENT and v.wrong == ("decided_by",)


def test_every_judge_gives_a_verdict_whatever_wait_moments_are_tagged():
    """Any clause, any of the wait moments tagged or not, before or after the restart: a verdict, in both
    languages, never an exception; a restart timing found wrong is always named `moments.restart`."""
    import random

    from review_app.rules import PROVISIONS, VERDICTS
    from review_app.rules.timing import WAIT_MOMENTS

    rng = random.Random(2026)
    for p in PROVISIONS:
        for _ in range(60):
            tagged = moments(restart=rng.choice([None, 5.0, 60.0, 400.0]),
                             **{m: rng.choice([1.0, 30.0, 200.0]) for m in WAIT_MOMENTS if rng.random() < 0.5})
            facts = {f.name: (rng.choice([True, False]) if f.kind == "bool" else
                              rng.choice(f.choices) if f.choices else None) for f in p.facts}
            call = {"whistle": "at_once", "restart": rng.choice(["throw_in", "penalty", "lineup"]),
                    "time_allowed_s": rng.choice([None, 30, 700])}
            v = verdict(p.id, facts, call, tagged, rng.choice([MATCH, HIGH_GOAL]))
            assert v.verdict in VERDICTS and translate(v.explanation, "es")
            assert all(not w.startswith("moments.") or w == "moments.restart" for w in v.wrong)
