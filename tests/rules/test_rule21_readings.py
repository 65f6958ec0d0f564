"""The readings the instructor's audit found wrong, and the obligations it found not encoded (issue 20).

Each test quotes the rulebook sentence it rests on, word for word (checked against the packaged
rulebook), then judges a call that meets it and the same call wrong in exactly that part. The audit is
`shared/reviews/rule21-readings-audit.md`; the entry numbers are those of `review_app/rules/READINGS.md`.
"""

from __future__ import annotations

from dataclasses import replace

from review_app.i18n import translate
from review_app.rules import (
    CONSISTENT,
    DISCRETIONARY,
    INCOMPLETE,
    INCONSISTENT,
    PROVISIONS,
    Case,
    MatchContext,
    mount_welfare,
)
from review_app.rules import judge as _judge
from review_app.rules.labels import stop_label
from review_app.rules.parameters import newest
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


# --- 21.f(4): a correct time-out is consistent, its timing the Umpires' discretion --------------------------------
def test_f4_a_correct_time_out_with_the_teammates_penalty_to_the_opponents_is_consistent():
    says("the Umpire(s) may, in their discretion, stop the game immediately or at a neutral play")
    says("an appropriate penalty will be awarded to the opposing team and play will resume immediately")
    timeout = case("21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True,
                               "teammates_changed_mounts": True},
                   {"whistle": "neutral_play", "time_allowed_s": 200, "mount_excused": True,
                    "penalty": "appropriate_penalty", "penalty_to": "blue", "restart": "penalty",
                    "restart_place": "penalty_spot"}, offender=RED_2)
    right(timeout, words=("discretion", "criterio"))
    wrong_in(replace(timeout, call={**timeout.call, "penalty_to": "red"}), "penalty_to", ("awarded to", "se otorgó a"))


# --- entry 22: 21.f(2) "after one minute has elapsed" ---------------------------------------------------------------
COURTESY = {"ball_out_of_play_or_neutral": True, "elapsed_in_period_s": 240}


def courtesy(allowed: float, **call) -> Case:
    return case("21.f(2)", COURTESY, {"whistle": "neutral_play", "time_allowed_s": allowed, "restart": "throw_in",
                                      "decided_by": "umpire", **call})


def test_22_a_restart_just_after_the_minute_is_the_restart_after_one_minute():
    says("Play will be restarted with a throw-in, penalty, free hit or knock-in, as the case may be, after one "
         "minute has elapsed.")
    says("Any unwarranted delay by either team will be penalized.")
    from review_app.rules.timing import AFTER_ONE_MINUTE

    assert AFTER_ONE_MINUTE.seconds == 10.0 and AFTER_ONE_MINUTE.reason  # the tool's own number, with its reason
    for allowed in (60, 62, 70):
        right(courtesy(allowed))  # allowed, and every obligation of an allowed change met: consistent
    wrong_in(courtesy(45), "time_allowed_s", ("before the minute", "antes de que transcurriera el minuto"))
    wrong_in(courtesy(71), "time_allowed_s", ("unwarranted delay", "demora injustificada"))
    # Well after the minute, a team's delay penalized: the restart is the penalty, and the call is right.
    penalized = replace(courtesy(90, penalty="appropriate_penalty", penalty_to="blue", restart="penalty"),
                        facts={**COURTESY, "unwarranted_delay": True}, offender=RED_2)
    right(penalized)
    right(replace(penalized, facts=COURTESY))  # the penalty is the delay's


def test_22_any_unwarranted_delay_by_either_team_will_be_penalized_only_an_unwarranted_one():
    """w22c: a restart at 75 s with the reviewer's fact "no unwarranted delay" is no fault: the rule penalizes
    only "any unwarranted delay", and the tool's 10 s does not overrule the reviewer's fact. Event and match agree,
    and the explanation says each thing once."""
    says("Any unwarranted delay by either team will be penalized.")
    no_fault = replace(courtesy(75), facts={**COURTESY, "unwarranted_delay": False})
    right(no_fault)
    wrong_in(courtesy(75), "time_allowed_s", ("unwarranted delay", "demora injustificada"))  # unrecorded: as before
    assert mount_welfare.courtesy_restart_timing(75, {"unwarranted_delay": False}, {}, newest()) is None


def test_22_the_match_check_reads_the_minute_as_the_event_does(doc_factory):
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    def found(allowed, facts=COURTESY, **call):
        ev = event("e1", 10, "21.f(2)", facts, {"whistle": "neutral_play", "time_allowed_s": allowed,
                                                "restart": "throw_in", **call}, period=2)
        doc = document_from_data(doc_factory([ev]))
        result = check_documents([doc])
        return sorted(f.kind for f in result.findings), result.events[0].verdict

    assert found(62) == ([], "consistent")
    assert found(75, {**COURTESY, "unwarranted_delay": False}) == ([], "consistent")
    assert found(71) == (["time_allowance_exceeded"], "inconsistent")
    assert found(45) == (["courtesy_restart_before_the_minute"], "inconsistent")
    assert found(90, {**COURTESY, "unwarranted_delay": True}, penalty="appropriate_penalty",
                 restart="penalty") == ([], "consistent")


# --- entry 48: "at the beginning of the next period", when there is one --------------------------------------------
def test_48_a_penalty_after_the_final_period_is_not_sent_to_a_next_period_there_is_not():
    says("An unsportsmanlike conduct penalty assessed between periods shall be executed at the beginning of the next "
         "period.")
    card = {"whistle": "none", "card": "yellow", "card_to": BLUE_3, "penalty": "appropriate_penalty",
            "penalty_to": "red", "penalty_timing": "immediately", "restart": "penalty"}
    after_last = case("21.general.unsportsmanlike", {"between_periods": True}, card, period=6, offender=BLUE_3)
    right(after_last, words=("no next period", "no sigue ningún período"))
    right(replace(after_last, period=2, facts={"between_periods": True, "after_final_period": True}))
    # Between two periods the sentence holds: a penalty taken at once is wrong in its timing alone.
    wrong_in(replace(after_last, period=2), "penalty_timing", ("next period", "período siguiente"))
    # An overtime follows the last scheduled period: recorded so, it is a next period.
    wrong_in(replace(after_last, facts={"between_periods": True, "after_final_period": False}), "penalty_timing",
             ("next period", "período siguiente"))


# --- entry 3 and U17: 21.b's own ground, and mechanics left to the Umpire --------------------------------------------
def test_3_the_umpires_judgement_of_the_best_interest_of_the_game_is_a_ground_of_its_own():
    says("The Umpire may also elect not to stop play by calling a foul, or to briefly delay the stoppage of play for "
         "a foul, if the Umpire deems it to be in the best interest of the game or if interrupting the game and "
         "awarding a penalty would result in a disadvantage to the team fouled.")
    hurt = {"kind": "right_of_way", "fouled_team_disadvantaged": True, "stoppage_would_disadvantage_fouled_team": False}
    deemed = case("21.b", hurt, {"whistle": "none", "best_interest_of_the_game": True})
    right(deemed, expected=DISCRETIONARY, words=("best interest of the game", "favorece los intereses del partido"))
    wrong_in(replace(deemed, call={**deemed.call, "best_interest_of_the_game": False}), "whistle",
             ("best interest of the game", "los intereses del partido"))
    # A decision of the Umpire's, so part of the call: a schema-2.0 document may hold it among the facts.
    from review_app.rules import provision

    assert "best_interest_of_the_game" in provision("21.b").decisions


def test_u17_a_mechanics_non_call_gets_one_verdict_under_21b_and_the_closing_words():
    says("An infraction involving mechanics or “advantage” may be a non-call, or delayed call, at the Umpire’s "
         "discretion.")
    mechanics = case("21.b", {"kind": "mechanics", "fouled_team_disadvantaged": False,
                              "stoppage_would_disadvantage_fouled_team": False}, {"whistle": "none"})
    right(mechanics, expected=DISCRETIONARY, words=("mechanics", "mecánica"))
    closing = case("21.general.dangerous-fouls", {"involves_safety": False, **mechanics.facts}, {"whistle": "none"})
    assert judge(closing)[0].verdict == judge(mechanics)[0].verdict == DISCRETIONARY
    # The same non-call of a foul that is not mechanics, with neither ground, stays wrong in the whistle.
    wrong_in(replace(mechanics, facts={**mechanics.facts, "kind": "right_of_way", "fouled_team_disadvantaged": True}),
             "whistle", ("neither ground", "ninguno de los dos motivos"))


# --- entry 14: a knock-out under any clause ----------------------------------------------------------------------
def test_14_a_player_knocked_out_in_a_fall_may_not_resume_play(doc_factory):
    says("no player who has been rendered unconscious shall be allowed to resume play in any game that day")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data
    from review_app.rules import provision

    assert provision("21.e").fact_named("unconscious") is not None  # recordable with the fall
    red1 = [{"team": "red", "number": 1}]
    fall = lambda unconscious: event("e1", 10, "21.e", {"may_be_injured_or_in_jeopardy": True,
                                                         "unconscious": unconscious},
                                     {"whistle": "at_once"}, players=red1)
    later = event("e2", 900, "21.h", {"play_neutral_when_lost": True}, {"whistle": "at_once"}, players=red1)
    found = lambda u: [f.kind for f in check_documents([document_from_data(doc_factory([fall(u), later]))])
                       .findings]
    assert found(True) == ["unconscious_player_played"]
    assert found(False) == []
    # "in any game that day": the knock-out in a fall, followed to the afternoon's game.
    morning = doc_factory([fall(True)], match_id="morning", end_time_utc="2026-06-14T12:00:00Z")
    afternoon = doc_factory([later], match_id="afternoon", end_time_utc="2026-06-14T18:00:00Z")
    day = [f.kind for f in check_documents([document_from_data(morning), document_from_data(afternoon)]).findings]
    assert day == ["unconscious_player_played_that_day"]


# --- entry 33: "returns a mount to play" ---------------------------------------------------------------------------
def test_33_an_excused_mount_seen_in_a_break_has_not_been_returned_to_play(doc_factory):
    says("If a player returns a mount to play after it has been excused under provision 21.f(1), 21.f(3) or 21.f(4), "
         "the penalty shall be forfeiture.")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    blue2 = {"team": "blue", "number": 2}
    excused = event("e1", 100, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                    {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200},
                    players=[{**blue2, "mount": "Luna"}], mount="Luna")

    def seen(facts, situation="21.b.dead-ball"):
        again = event("e2", 900, situation, facts, {"whistle": "none", "card": "yellow"},
                      players=[{**blue2, "mount": "Luna"}])
        return [(f.kind, f.severity) for f in check_documents([document_from_data(doc_factory([excused, again]))])
                .findings]

    assert seen({"play_already_stopped": True}) == [("excused_mount_seen_in_a_break", "warning")]
    assert seen({"between_periods": True}, "21.general.unsportsmanlike") == [("excused_mount_seen_in_a_break",
                                                                              "warning")]
    assert seen({"play_neutral_when_lost": True}, "21.h") == [("excused_mount_returned", "mandatory")]


# --- U2: 21.f(1)(i) the mount led off --------------------------------------------------------------------------
def test_u2_a_visibly_injured_mount_must_be_led_off_or_taken_off_by_horse_ambulance():
    says("The mount in question must be led off the field or taken off by horse ambulance.")
    led = case("21.f(1)(i)", {"visibly_injured_or_distressed": True, "mount_led_off": True},
               {"whistle": "at_once", "announcement": "ALL MAY CHANGE", "restart": "throw_in", "mount_excused": True})
    right(led)
    wrong_in(replace(led, facts={**led.facts, "mount_led_off": False}), None,
             ("led off the field", "llevado de tiro fuera de la cancha"))


# --- U6, U7, U8: 21.f(2) for all players, two horses per Umpire, "as the case may be" -------------------------------
def test_u6_a_courtesy_change_is_for_all_players_on_both_teams_and_ideally_announced_so():
    says("the Umpires may allow one courtesy horse change per period for all players on both teams when the ball is "
         "out of play or at a neutral play")
    says("Ideally, the Umpires will allow any such courtesy horse change after three minutes have elapsed in the "
         "period by announcing “ALL MAY CHANGE – COURTESY CHANGE, ONE MINUTE.”")
    open_to_all = replace(courtesy(60), facts={**COURTESY, "offered_to_all_players": True})
    right(open_to_all)
    wrong_in(replace(open_to_all, facts={**COURTESY, "offered_to_all_players": False}), None,
             ("all players on both teams", "todos los jugadores de ambos equipos"))
    # "Ideally": advice, so an announcement without its words is a note, never a fault.
    right(courtesy(60, announcement="Red may change"), words=("ideally", "idealmente"))
    v, en, _ = judge(courtesy(60, announcement="ALL MAY CHANGE – COURTESY CHANGE, ONE MINUTE"))
    assert "ideally" not in en.lower()


def test_u7_the_teams_provide_each_umpire_two_horses_in_a_game_of_four_periods_or_more():
    says("the teams shall be required to provide each Umpire two horses for any game lasting four periods or more")
    # The duty is the teams': a note on the Umpires' call, never a fault in it (u07).
    horses = replace(courtesy(60), facts={**COURTESY, "each_umpire_had_two_horses": False})
    right(horses, words=("2 horses", "2 caballos"))
    assert "duty of the teams" in judge(horses)[1]
    right(replace(horses, facts={**COURTESY, "each_umpire_had_two_horses": True}))
    assert "horses" not in judge(replace(horses, match=replace(MATCH, periods=3)))[1]  # a game under four periods


def test_u8_the_courtesy_restart_is_the_one_play_stood_for():
    says("Play will be restarted with a throw-in, penalty, free hit or knock-in, as the case may be, after one "
         "minute has elapsed.")
    over_the_end_line = replace(courtesy(60, restart="knock_in"),
                                facts={**COURTESY, "restart_as_the_case_may_be": "knock_in"})
    right(over_the_end_line)
    wrong_in(replace(over_the_end_line, call={**over_the_end_line.call, "restart": "throw_in"}), "restart",
             ("as the case may be", "según corresponda"))


# --- U9: 21.f(3) trotted and examined; an unsound mount changed as in 21.f(1)(i) -------------------------------------
def test_u9_a_remounted_mount_is_trotted_and_examined_and_an_unsound_one_changed_as_21f1i_says():
    says("if the player wishes to remount, ensure that the mount is trotted and examined for soundness")
    says("otherwise he must change mounts in accordance with subparagraph 21.f(1)(i), above")
    says("Play will be restarted with a throw-in when the player with the injured mount has returned on another "
         "mount.")
    remounted = case("21.f(3)", {"mount_sound": True, "after_fall": "remounted", "trotted_and_examined": True},
                     {"whistle": "at_once", "mount_excused": False, "restart": "throw_in"})
    right(remounted)
    wrong_in(replace(remounted, facts={**remounted.facts, "trotted_and_examined": False}), None,
             ("trotted and examined", "trotado y examinado"))
    unsound = case("21.f(3)", {"mount_sound": False, "after_fall": "changed_mount"},
                   {"whistle": "at_once", "mount_excused": True, "restart": "throw_in"})
    right(unsound)
    wrong_in(replace(unsound, call={**unsound.call, "restart": "knock_in"}), "restart",
             ("21.f(1)(i)", "21.f(1)(i)"))


# --- U12, U13, U14: 21.g ---------------------------------------------------------------------------------------
TACK = {"broken_by_contact_with_another_horse": False, "player_changed_mount": False,
        "player_rested_after_repair": False}


def test_u12_tack_the_rule_names_presents_a_danger_whatever_else_was_recorded():
    says("The game will be stopped immediately in the interest of safety for tack which presents a danger to any "
         "player or horse such as a broken girth or broken martingale if the end trails on the ground, broken rein "
         "if single, broken or loose bit, broken curb chain or loose bandages or boots.")
    girth = case("21.g", {**TACK, "item": "girth", "presents_danger": False, "may_pose_risk": True,
                          "may_interfere_or_endanger_immediately": False},
                 {"whistle": "at_once", "restart": "throw_in", "time_allowed_s": 120})
    right(girth)
    wrong_in(replace(girth, call={**girth.call, "whistle": "neutral_play"}), "whistle",
             ("immediately", "de inmediato"))
    trailing = replace(girth, facts={**girth.facts, "item": "martingale", "martingale_end_trails": True},
                       call={**girth.call, "whistle": "neutral_play"})
    wrong_in(trailing, "whistle", ("immediately", "de inmediato"))
    # A martingale whose end does not trail is judged as damaged equipment: a neutral play is right then.
    right(replace(trailing, facts={**trailing.facts, "martingale_end_trails": False}))
    single_rein = replace(trailing, facts={**girth.facts, "item": "rein", "rein_single": True})
    wrong_in(single_rein, "whistle", ("immediately", "de inmediato"))


def test_u13_the_six_goal_provision_is_the_committees_or_the_umpires():
    says("In games or events with an upper handicap level of 6 goals or less, to be determined by the Host "
         "Tournament Committee or the Umpires in their discretion")
    five = case("21.g", {**TACK, "item": "girth", "presents_danger": True},
                {"whistle": "at_once", "restart": "throw_in", "time_allowed_s": 280, "decided_by": "committee"})
    right(five)
    right(replace(five, call={**five.call, "decided_by": "umpire"}))
    wrong_in(replace(five, call={**five.call, "decided_by": "referee"}), "decided_by",
             ("Host Tournament Committee or the Umpires", "Comité Organizador del Torneo o a los Umpires"))


def test_u14_permission_to_change_rather_than_repair_needs_the_change_to_be_quicker():
    says("Permission may be granted if the change can be made more quickly than the repair")
    quicker = case("21.g", {**TACK, "item": "stirrup_hanger", "presents_danger": True, "player_changed_mount": True,
                            "change_quicker_than_repair": True},
                   {"whistle": "at_once", "restart": "throw_in", "mount_change_permitted": True})
    right(quicker)  # every obligation met, with the permission the example allows: consistent, naming it
    wrong_in(replace(quicker, facts={**quicker.facts, "change_quicker_than_repair": False}),
             "mount_change_permitted", ("more quickly than the repair", "más rápido que la reparación"))


# --- U15: the glasses example's card and penalty --------------------------------------------------------------
def test_u15_a_card_and_a_penalty_for_the_conduct_the_glasses_example_describes():
    says("A yellow card should be displayed and the next period started with a penalty.")
    glasses = case("21.general.unsportsmanlike", {"between_periods": True, "unsportsmanlike_conduct": True},
                   {"whistle": "none", "card": "yellow", "card_to": {"team": "blue", "number": 2},
                    "penalty": "appropriate_penalty", "penalty_to": "red", "penalty_timing": "start_of_next_period",
                    "restart": "penalty"}, offender={"team": "blue", "number": 2})
    right(glasses)
    wrong_in(replace(glasses, call={**glasses.call, "card": "none", "card_to": None}), "card",
             ("yellow card should be displayed", "tarjeta amarilla"))
    wrong_in(replace(glasses, call={**glasses.call, "penalty": "none", "penalty_to": None}), "penalty",
             ("started with a penalty", "comenzar el período siguiente con un penal"))
    # Conduct the reviewer does not record as calling for it: whether to penalize stays the Umpire's.
    bare = replace(glasses, facts={"between_periods": True}, call={"whistle": "none", "card": "none",
                                                                   "penalty": "none"})
    right(bare, expected=DISCRETIONARY)


# --- U16: a dead-ball foul called is signalled ------------------------------------------------------------------
def test_u16_a_dead_ball_foul_penalized_is_signalled_by_the_whistle_or_a_card():
    says("the Umpire may so signal by: a) again sounding the whistle; or b) displaying a yellow or red card, at the "
         "option of the Umpire")
    carded = case("21.b.dead-ball", {"play_already_stopped": True},
                  {"whistle": "none", "card": "yellow", "card_to": BLUE_3, "penalty": "appropriate_penalty",
                   "penalty_to": "red"}, offender=BLUE_3)
    right(carded)
    right(replace(carded, call={**carded.call, "card": "none", "card_to": None, "whistle": "at_once"}))
    wrong_in(replace(carded, call={**carded.call, "card": "none", "card_to": None}), "card",
             ("not signalled", "no se señaló"))
    right(replace(carded, call={"whistle": "none", "card": "none", "penalty": "none"}), expected=DISCRETIONARY)


# --- U18: a stoppage measured on the footage is not time granted --------------------------------------------------
def test_u18_time_play_stood_stopped_is_not_time_granted():
    says("Time should not be granted.")
    says("There shall be no subsequent time-outs for a recurrence of the same injury.")
    # The dropped mallet: the ball over the boards, a throw-in 25 s later.
    mallet = case("21.g.equipment", {"item": "mallet"}, {"whistle": "neutral_play", "restart": "throw_in"},
                  moments={"whistle": at(30.0), "restart": at(55.0)})
    v, en, _ = judge(mallet)  # what time was granted is asked, not read off the stoppage
    assert v.verdict == INCOMPLETE and v.missing == ("call.time_allowed_s",), en
    mallet = replace(mallet, call={**mallet.call, "time_allowed_s": 0})
    right(mallet)
    wrong_in(replace(mallet, call={**mallet.call, "time_allowed_s": 60}), "time_allowed_s",
             ("Time should not be granted", "No debe concederse"))
    # A recurrence stopped 30 s for a substitute: not a time-out; 5 minutes typed as time allowed is one.
    recurrence = case("21.d", {"unconscious": False, "recurrence_of_same_injury": True},
                      {"whistle": "at_once", "restart": "throw_in"}, moments={"whistle": at(10.4), "restart": at(40.4)})
    # Whether those 30 s were a time-out granted is asked, with the moments as without them (entry 12).
    v, en, _ = judge(recurrence)
    assert v.verdict == INCOMPLETE and v.missing == ("call.time_allowed_s",), en
    right(replace(recurrence, call={**recurrence.call, "time_allowed_s": 0}))
    wrong_in(replace(recurrence, call={**recurrence.call, "time_allowed_s": 300}), "time_allowed_s",
             ("recurrence", "recaída"))
    # Where the clause's clock runs from the stoppage (21.d's ten minutes), the measured stoppage still counts.
    long = case("21.d", {**INJURED, "recurrence_of_same_injury": False}, {"whistle": "at_once",
                                                                         "extra_time_granted": False},
                moments={"whistle": at(10.4), "restart": at(10.4 + 720)})
    wrong_in(long, "time_allowed_s", ("10 minutes", "10 minutos"))


# --- entry 35: 21.g's allowances, the same in the event and the match check -------------------------------------
def test_35_the_match_check_reads_21g_s_allowance_as_the_event_does(doc_factory):
    says("In all other games or events, the player must leave the field of play and play will be restarted as soon "
         "as the player has done so, unless the tack has been broken by contact with another horse in which case the "
         "start of play will be delayed for five (5) minutes or until his or her return, whichever occurs first.")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    def both_checks(facts, call, announced):
        data = doc_factory([event("e1", 10, "21.g", {**TACK, "item": "girth", "presents_danger": True, **facts},
                                  {"whistle": "at_once", "restart": "throw_in", **call})])
        data["match"]["announcements"]["tack_provision_6_goal"] = announced
        result = check_documents([document_from_data(data)])
        return result.events[0].verdict, sorted(f.kind for f in result.findings)

    # A quick repair on the ground in a game over 6 goals: no cap, and play did not wait off the field.
    assert both_checks({}, {"time_allowed_s": 420, "play_waited_off_field": False}, False) == ("consistent", [])
    # Play waited for the player off the field: wrong in both.
    assert both_checks({}, {"time_allowed_s": 420, "play_waited_off_field": True}, False) == (
        "inconsistent", ["time_allowance_exceeded"])
    # The announced 6-goal provision: five minutes, in both.
    assert both_checks({}, {"time_allowed_s": 280}, True) == ("consistent", [])
    assert both_checks({}, {"time_allowed_s": 420}, True) == ("inconsistent", ["time_allowance_exceeded"])


def test_12_a_recurrence_stopped_with_no_time_recorded_is_asked_about_in_both_checks(doc_factory):
    says("There shall be no subsequent time-outs for a recurrence of the same injury.")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    def hurt(eid, frame, recurrence, **call):
        return event(eid, frame, "21.d", {"unconscious": False, "recurrence_of_same_injury": recurrence,
                                          "injury": "Left wrist"}, {"whistle": "at_once", **call},
                     players=[{"team": "red", "number": 1}])

    result = check_documents([document_from_data(doc_factory([hurt("e1", 10, False, time_allowed_s=300),
                                                              hurt("e2", 500, True)]))])
    assert result.events[1].verdict == "incomplete" and result.events[1].missing == ("call.time_allowed_s",)
    assert [(f.kind, f.severity) for f in result.findings] == [("second_injury_timeout", "warning")]
    typed = check_documents([document_from_data(doc_factory([hurt("e1", 10, False, time_allowed_s=300),
                                                             hurt("e2", 500, True, time_allowed_s=120)]))])
    assert typed.events[1].verdict == "inconsistent" and typed.events[1].wrong == ("time_allowed_s",)
    assert [(f.kind, f.severity) for f in typed.findings] == [("second_injury_timeout", "error")]


# --- issue 39: the re-audit after issue 20 ---------------------------------------------------------------------
def test_21f3_otherwise_he_must_change_mounts_in_accordance_with_21f1i():
    """An unsound fallen mount is changed as 21.f(1)(i) says, so play restarts when the player is back on another
    mount: a throw-in at 1:00 with the player back at 2:30 is wrong in the restart's moment."""
    says("otherwise he must change mounts in accordance with subparagraph 21.f(1)(i), above.")
    says("Play will be restarted with a throw-in when the player with the injured mount has returned on another mount.")
    fell = case("21.f(3)", {"mount_sound": False, "after_fall": "changed_mount"},
                {"whistle": "at_once", "mount_excused": True, "restart": "throw_in"},
                moments={"whistle": at(10.2), "player_returned": at(160.0), "restart": at(70.0)})
    wrong_in(fell, "moments.restart", ("returned on another mount", "regresado en otro caballo"))
    right(replace(fell, moments={**fell.moments, "restart": at(165.0)}))
    # A sound mount remounted is not changed: no return to wait for.
    right(replace(fell, facts={"mount_sound": True, "after_fall": "remounted", "trotted_and_examined": True},
                  call={**fell.call, "mount_excused": False}))


def test_53_21c_the_umpire_shall_stop_the_game_for_an_unplayable_ball():
    says("If the ball becomes damaged to the extent it is unplayable by being chipped, broken, or trodden into the "
         "ground the Umpire shall stop the game.")
    p = next(p for p in PROVISIONS if p.id == "21.c")
    assert p.stop == Stop.REQUIRED
    assert "discretion" not in stop_label(p.stop, "en").lower() and "criterio" not in stop_label(p.stop, "es").lower()


def test_59_one_mount_however_its_name_is_written(doc_factory):
    """"If a player returns a mount to play after it has been excused": "Bombón" excused and "Bombon" ridden later."""
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data
    from review_app.rules.mounts import mount_key

    assert mount_key("Bombón") == mount_key(" bombon ") == mount_key("BOMBÓN")
    assert mount_key("Bombón") != mount_key("Bombo")
    excused = event("e1", 100, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                    {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200}, period=2,
                    players=[{"team": "red", "number": 1}], mount="Bombón")
    ridden = event("e2", 900, "21.b", {"kind": "right_of_way", "fouled_team_disadvantaged": False},
                   {"whistle": "at_once", "penalty": "penalty_3"}, period=4,
                   players=[{"team": "red", "number": 1, "mount": "Bombon"}])
    result = check_documents([document_from_data(doc_factory([excused, ridden]))])
    assert [(f.kind, f.severity) for f in result.findings] == [("excused_mount_returned", "mandatory")]


def test_u1_if_and_when_the_injured_player_is_able_to_resume_the_umpire_shall_continue():
    says("If, and when, during this interval the injured player is able to resume play or an eligible player is "
         "substituted, the Umpire shall continue the game.")
    waited = case("21.d", {**INJURED, "continued_when_able_or_substituted": False}, {"whistle": "at_once",
                                                                                   "time_allowed_s": 200})
    wrong_in(waited, None, ("shall continue the game", "continuará el partido"))
    right(replace(waited, facts={**INJURED, "continued_when_able_or_substituted": True}))
    right(replace(waited, facts=INJURED))  # unrecorded, and no moment tagged: not judged


def test_u4_by_leading_the_horse_off_the_field_by_the_shortest_line():
    says("the Umpires may instruct the player to change by leading the horse off the field by the shortest line to "
         "the side of the field.")
    changed = case("21.f(1)(ii)", {"visibly_injured_or_distressed": False, "player_changed_mount": True,
                                   "teammates_changed_mounts": False, "led_off_by_shortest_line": False},
                   {"whistle": "at_once", "mount_excused": True})
    wrong_in(changed, None, ("shortest line", "línea más corta"))
    right(replace(changed, facts={**changed.facts, "led_off_by_shortest_line": True}))


def test_u11_in_all_other_games_the_player_must_leave_the_field_of_play():
    says("In all other games or events, the player must leave the field of play and play will be restarted as soon "
         "as the player has done so")
    says("The Umpires may allow the player to rectify the problem immediately on the ground if it can be done quickly.")
    other_games = replace(MATCH, upper_handicap=12, tack_provision_announced=False)
    stayed = case("21.g", {**TACK, "item": "girth", "presents_danger": True, "player_left_field": False},
                  {"whistle": "at_once", "restart": "throw_in", "play_waited_off_field": False}, match=other_games,
                  moments={"whistle": at(10.5), "restart": at(30.5)})
    wrong_in(stayed, None, ("must leave the field of play", "deberá abandonar la cancha"))
    right(replace(stayed, facts={**stayed.facts, "put_right_quickly_on_the_ground": True}))
    right(replace(stayed, facts={**stayed.facts, "player_left_field": True}))
    # Neither recorded, with the stoppage on the footage and no moment of leaving: asked (the audit's u11b).
    v, en, _ = judge(replace(stayed, facts={**TACK, "item": "girth", "presents_danger": True}))
    assert v.verdict == INCOMPLETE and v.missing == ("player_left_field",), en


def test_u12_tack_which_presents_a_danger_such_as_a_broken_girth_in_the_event_and_the_match(doc_factory):
    """A girth recorded as not dangerous is a danger in the judge, the restart's timing and the match check."""
    says("The game will be stopped immediately in the interest of safety for tack which presents a danger to any "
         "player or horse such as a broken girth")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    for danger in (True, False):
        ev = event("e1", 100, "21.g", {"item": "girth", "presents_danger": danger,
                                       "broken_by_contact_with_another_horse": False},
                   {"whistle": "at_once", "restart": "throw_in", "time_allowed_s": 420}, period=2)
        result = check_documents([document_from_data(doc_factory([ev], upper_handicap=6))])
        assert [(f.kind, f.severity) for f in result.findings] == [("time_allowance_exceeded", "error")], danger
        assert result.events[0].wrong == ("time_allowed_s",)
    early = case("21.g", {**TACK, "item": "girth", "presents_danger": False},
                 {"whistle": "at_once", "restart": "throw_in"},
                 match=replace(MATCH, upper_handicap=12, tack_provision_announced=False),
                 moments={"whistle": at(10.5), "player_off_field": at(60.0), "restart": at(20.0)})
    wrong_in(early, "moments.restart", ("before the player left the field", "antes de que el jugador abandonara"))


def test_antes_de_que_takes_the_subjunctive_in_spanish():
    """"Play restarted ... before the player returned": "antes de que el jugador regresara", not "regresó"."""
    early = case("21.f(1)(i)", {"visibly_injured_or_distressed": True},
                 {"whistle": "at_once", "mount_excused": True, "restart": "throw_in", "announcement": "ALL MAY CHANGE"},
                 moments={"whistle": at(10.2), "player_returned": at(120.0), "restart": at(70.0)})
    _v, _en, es = judge(early)
    assert "antes de que el jugador regresara" in es and "regresó" not in es
    late = replace(early, moments={**early.moments, "restart": at(170.0)})
    assert "después de que el jugador regresó" in judge(late)[2]


def test_65_a_forfeiture_decided_by_someone_else_is_not_exacted_at_match_level(doc_factory):
    says("If, within 24 hours after a game, the Umpire(s), a Referee, or the Host Tournament Committee is presented "
         "with conclusive physical evidence")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    excused = event("e1", 100, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                    {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200}, period=2,
                    players=[{"team": "blue", "number": 2}], mount="Tormenta")
    forfeited = event("e2", 900, "21.f(5)", {"detected_during_game": True},
                      {"penalty": "forfeiture", "penalty_to": "red", "decided_by": "other",
                       "decided_by_name": "Club president"}, period=4,
                      players=[{"team": "blue", "number": 2}], mount="Tormenta")
    result = check_documents([document_from_data(doc_factory([excused, forfeited]))])
    (finding,) = result.findings
    assert finding.severity == "mandatory" and "and was" not in translate(finding.explanation, "en")
    assert "Club president" in translate(finding.explanation, "en")
    assert result.events[1].verdict == INCONSISTENT and result.events[1].wrong == ("decided_by",)
    by_umpire = {**forfeited, "call": {**forfeited["call"], "decided_by": "umpire"}}
    result = check_documents([document_from_data(doc_factory([excused, by_umpire]))])
    assert [f.severity for f in result.findings] == ["info"]  # exacted, and was


def test_a_correct_call_stands_under_the_clause_a_match_finding_breaks(doc_factory):
    """No player who has been rendered unconscious shall be allowed to resume play: the 21.b call in which he
    plays again was right under 21.b; the event is inconsistent under 21.d, said once."""
    says("no player who has been rendered unconscious shall be allowed to resume play in any game that day")
    from match_docs import event

    from review_app.checker import check_documents
    from review_app.model import document_from_data

    out = event("e1", 100, "21.d", {**INJURED, "unconscious": True}, {"whistle": "at_once", "time_allowed_s": 300},
                period=2, players=[{"team": "red", "number": 3}])
    again = event("e2", 900, "21.b", {"kind": "right_of_way", "fouled_team_disadvantaged": False},
                  {"whistle": "at_once", "penalty": "penalty_3"}, period=4, players=[{"team": "red", "number": 3}])
    result = check_documents([document_from_data(doc_factory([out, again]))])
    e2 = result.events[1]
    assert (e2.verdict, e2.clause) == (INCONSISTENT, "21.d") and "21.b" in e2.cites


def test_if_within_24_hours_after_a_game_no_evidence_at_all_is_not_late_evidence():
    """`evidence_within_24_hours: false` covers no evidence as well as late evidence: the verdict says only that
    none is recorded within the 24 hours (the audit's D8)."""
    says("If, within 24 hours after a game, the Umpire(s), a Referee, or the Host Tournament Committee is presented "
         "with conclusive physical evidence")
    none = case("21.f(5)", {"excused_under": "21.f(4)", "detected_during_game": False,
                            "evidence_within_24_hours": False}, {"penalty": "none"})
    v, en, es = judge(none)
    assert v.verdict == CONSISTENT and "came more than" not in en and "none at all" in en and "ninguna" in es


def test_there_shall_be_a_throw_in_toward_the_boards_said_only_where_recorded():
    """21.l "a throw-in toward the boards or sideline at the point at which play was stopped": with only the point
    recorded, the verdict does not assert the direction (the audit's D9)."""
    says("there shall be a throw-in toward the boards or sideline at the point at which play was stopped")
    point_only = case("21.l", {"fair_play_possession_applies": False},
                      {"whistle": "at_once", "restart": "throw_in", "restart_point": "point_of_stoppage"})
    _v, en, _es = judge(point_only)
    assert "toward the boards" not in en and "not recorded" in en
    both_parts = replace(point_only, call={**point_only.call, "restart_direction": "toward_boards"})
    assert "toward the boards" in judge(both_parts)[1]


def test_a_yellow_card_should_be_displayed_and_after_the_final_period_no_next_period():
    """The glasses example, "A yellow card should be displayed and the next period started with a penalty", after
    the final period: the card and penalty are still owed, but no next period is asked for (the audit's D10)."""
    says("A yellow card should be displayed and the next period started with a penalty.")
    final = case("21.general.unsportsmanlike", {"between_periods": True, "unsportsmanlike_conduct": True},
                 {"penalty": "none", "card": "yellow", "card_to": {"team": "red", "number": 1}}, period=6)
    v = wrong_in(final, "penalty", ("no next period", "no hay un período siguiente"))
    assert "next period started" not in translate(v.explanation, "en")
    between = replace(final, period=3)
    wrong_in(between, "penalty", ("next period started with a penalty", "comenzar el período siguiente"))
