"""Whole-match checks: what only the match as a sequence shows."""

from __future__ import annotations

from match_docs import event

from review_app.checker import check_documents
from review_app.i18n import translate
from review_app.model import document_from_data
from review_app.rules.vocabulary import Severity

RED1 = {"team": "red", "number": 1}
ERROR, WARNING = Severity.ERROR, Severity.WARNING
BLUE2 = {"team": "blue", "number": 2}


def findings(*docs):
    return check_documents([document_from_data(d) for d in docs]).findings


def kinds(found):
    return sorted(f.kind for f in found)


def timeout_change(eid, frame, mount, **kw):
    return event(eid, frame, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                 {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200},
                 players=[{**BLUE2, "mount": mount}], mount=mount, **kw)


def ridden(eid, frame, mount, player=BLUE2, period=3):
    return event(eid, frame, "21.h", {}, {"whistle": "neutral_play"}, players=[{**player, "mount": mount}],
                 period=period)


def test_an_excused_mount_ridden_again_requires_forfeiture_flagged_mandatory(doc_factory):
    found = findings(doc_factory([timeout_change("e1", 100, "Luna"), ridden("e2", 900, "Luna")]))
    assert kinds(found) == ["excused_mount_returned"]
    f = found[0]
    assert f.severity == "mandatory" and f.clause == "21.f(5)" and f.events == ["e1", "e2"]
    assert "forfeiture" in translate(f.explanation, "en") and "pérdida del partido" in translate(f.explanation, "es")


def test_the_excused_mount_is_recognised_under_another_rider_and_spelling(doc_factory):
    other = {"team": "blue", "number": 4}
    found = findings(doc_factory([timeout_change("e1", 100, "Luna"), ridden("e2", 900, " luna ", player=other)]))
    assert kinds(found) == ["excused_mount_returned"]


def test_a_mount_changed_without_excusal_may_return(doc_factory):
    change = event("e1", 100, "21.f(4)", {"player_requested_timeout": False, "player_changed_mount": True},
                   {"whistle": "none", "mount_excused": False}, players=[{**BLUE2, "mount": "Sombra"}], mount="Sombra")
    assert findings(doc_factory([change, ridden("e2", 900, "Sombra")])) == []


def test_a_forfeiture_exacted_is_reported_as_exacted(doc_factory):
    back = event("e2", 900, "21.f(5)", {"excused_under": "21.f(4)", "detected_during_game": True},
                 {"whistle": "at_once", "penalty": "forfeiture"}, players=[{**BLUE2, "mount": "Luna"}], mount="Luna")
    found = findings(doc_factory([timeout_change("e1", 100, "Luna"), back]))
    assert [(f.kind, f.severity, f.details["exacted"]) for f in found] == [("excused_mount_returned", "info", True)]


def test_an_excused_mount_not_named_cannot_be_followed(doc_factory):
    ev = timeout_change("e1", 100, None)
    ev["involved"]["players"][0].pop("mount")
    assert kinds(findings(doc_factory([ev]))) == ["excused_mount_unnamed"]


def test_a_second_courtesy_change_in_a_period(doc_factory):
    courtesy = lambda eid, frame, period: event(
        eid, frame, "21.f(2)", {"ball_out_of_play_or_neutral": True},
        {"whistle": "neutral_play", "time_allowed_s": 60, "restart": "throw_in"}, period=period)
    found = findings(doc_factory([courtesy("e1", 10, 2), courtesy("e2", 20, 2), courtesy("e3", 30, 3)]))
    assert kinds(found) == ["second_courtesy_change"] and found[0].events == ["e1", "e2"]


def test_time_allowances_exceeded(doc_factory):
    no_lift = {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": False,
               "removal_needed_more_time": False}
    injury = event("e1", 10, "21.d", no_lift, {"whistle": "at_once", "time_allowed_s": 660}, players=[RED1])
    extra = event("e2", 20, "21.d",
                  {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": True},
                  {"whistle": "at_once", "time_allowed_s": 900}, players=[BLUE2])
    found = findings(doc_factory([injury, extra]))
    assert kinds(found) == ["time_allowance_exceeded"] and found[0].events == ["e1"]
    assert found[0].details["limit_s"] == 600 and found[0].severity == "error"


def test_time_beyond_an_allowance_that_an_unrecorded_fact_may_lift_is_a_warning_naming_it(doc_factory):
    injury = event("e1", 10, "21.d", {"unconscious": False, "recurrence_of_same_injury": False},
                   {"whistle": "at_once", "time_allowed_s": 660}, players=[RED1])
    [found] = findings(doc_factory([injury]))
    assert found.severity == "warning"
    assert ("unless the Umpires granted additional time or treatment on the field needed more time"
            in translate(found.explanation, "en"))
    assert "los Umpires concedieron tiempo adicional" in translate(found.explanation, "es")


def test_a_mount_time_out_only_to_check_the_mount_has_no_five_minute_count(doc_factory):
    check = event("e1", 10, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": False},
                  {"whistle": "at_once", "mount_excused": False, "time_allowed_s": 400}, players=[BLUE2])
    assert findings(doc_factory([check])) == []
    assert kinds(findings(doc_factory([timeout_change("e1", 10, "Luna") | {"call": {
        "whistle": "at_once", "mount_excused": True, "time_allowed_s": 400}}]))) == ["time_allowance_exceeded"]


def test_a_second_time_out_for_the_same_injury(doc_factory):
    hurt = lambda eid, frame, time=300: event(eid, frame, "21.d",
                                              {"unconscious": False, "recurrence_of_same_injury": False,
                                               "injury": "Left wrist"},
                                              {"whistle": "at_once", "time_allowed_s": time}, players=[RED1])
    found = findings(doc_factory([hurt("e1", 10), hurt("e2", 500)]))
    assert kinds(found) == ["second_injury_timeout"] and found[0].events == ["e1", "e2"]
    # A stoppage for the recurrence with no time given (a substitute at once) is no time-out.
    assert findings(doc_factory([hurt("e1", 10), hurt("e2", 500, time=0)])) == []


def test_an_unconscious_player_playing_again_that_day(doc_factory):
    ko = event("e1", 10, "21.d", {"unconscious": True, "recurrence_of_same_injury": False},
               {"whistle": "at_once", "time_allowed_s": 600}, players=[RED1])
    later = ridden("e2", 900, "Pampa", player=RED1)
    assert kinds(findings(doc_factory([ko, later]))) == ["unconscious_player_played"]
    # Every later appearance is reported once, each against the event where the player lost consciousness.
    again = findings(doc_factory([ko, later, ridden("e3", 1200, "Pampa", player=RED1)]))
    assert [f.events for f in again] == [["e1", "e2"], ["e1", "e3"]]
    # ... and in another game that same day, followed by the player's name.
    morning = doc_factory([ko], match_id="morning", end_time_utc="2026-06-14T12:00:00Z")
    afternoon = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="afternoon")
    assert kinds(findings(morning, afternoon)) == ["unconscious_player_played_that_day"]
    next_day = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="next-day", date="2026-06-15")
    assert findings(morning, next_day) == []


def test_teammates_changing_mounts_during_a_mount_time_out(doc_factory):
    ev = timeout_change("e1", 100, "Luna")
    ev["facts"]["teammates_changed_mounts"] = True
    ev["call"]["penalty"] = "none"
    found = findings(doc_factory([ev]))
    assert kinds(found) == ["teammates_changed_during_timeout"] and found[0].severity == "error"


def _missed_on_the_day(in_time):
    return event("e2", 900, "21.f(5)", {"excused_under": "21.f(4)", "detected_during_game": False,
                                        "evidence_within_24_hours": in_time},
                 {"whistle": "none", "penalty": "none"}, players=[{**BLUE2, "mount": "Luna"}], mount="Luna")


def test_a_return_missed_on_the_day_rests_on_evidence_within_24_hours(doc_factory):
    pending = findings(doc_factory([timeout_change("e1", 100, "Luna"), _missed_on_the_day(None)]))
    assert [(f.severity, f.details["detected_during_game"]) for f in pending] == [("mandatory", False)]
    assert "within 24 hours" in translate(pending[0].explanation, "en")
    late = findings(doc_factory([timeout_change("e1", 100, "Luna"), _missed_on_the_day(False)]))
    assert [f.severity for f in late] == ["info"]
    assert "cannot ground a forfeiture" in translate(late[0].explanation, "en")


def test_a_mount_recorded_excused_though_its_facts_let_it_return_is_a_warning_not_a_forfeiture(doc_factory):
    fall = event("e1", 100, "21.f(3)", {"mount_sound": True}, {"whistle": "at_once", "mount_excused": True},
                 players=[{**RED1, "mount": "Bombón"}], mount="Bombón")
    [found] = findings(doc_factory([fall, ridden("e2", 900, "Bombón", player=RED1)]))
    assert (found.kind, found.severity) == ("excused_mount_returned", "warning")
    assert "trotted out sound" in translate(found.explanation, "en")
    assert "revise por qué se excusó" in translate(found.explanation, "es")
    unsound = event("e1", 100, "21.f(3)", {"mount_sound": False}, {"whistle": "at_once", "mount_excused": True},
                    players=[{**RED1, "mount": "Bombón"}], mount="Bombón")
    found = findings(doc_factory([unsound, ridden("e2", 900, "Bombón", player=RED1)]))
    assert [f.severity for f in found] == ["mandatory"]


def test_the_same_person_is_found_across_the_days_games_whatever_the_roster_gives(doc_factory):
    """21.d "any game that day": a roster with ids and one with names only name the same person; a game with
    no end time recorded is said to be undecidable, never left out."""
    ko = event("e1", 10, "21.d", {"unconscious": True, "recurrence_of_same_injury": False},
               {"whistle": "at_once", "time_allowed_s": 600}, players=[RED1])
    morning = doc_factory([ko], match_id="morning", end_time_utc="2026-06-14T12:00:00Z")
    for team in morning["match"]["teams"]:
        for p in team["players"]:
            p["id"] = p["name"].lower().replace(" ", "-")  # "red-player-1", as migration makes it
    afternoon = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="afternoon",
                            end_time_utc="2026-06-14T18:00:00Z")
    found = findings(morning, afternoon)
    assert kinds(found) == ["unconscious_player_played_that_day"] and found[0].severity == ERROR
    earlier = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="early",
                          end_time_utc="2026-06-14T09:00:00Z")
    assert findings(morning, earlier) == []  # that game was over before the knock-out
    unknown = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="no-end")
    del unknown["match"]["end_time_utc"]
    found = findings(morning, unknown)
    assert kinds(found) == ["unconscious_player_played_that_day"] and found[0].severity == WARNING
    assert "cannot tell which game came first" in translate(found[0].explanation, "en")
    same_end = doc_factory([ridden("e1", 50, "Pampa", player=RED1)], match_id="same-end",
                           end_time_utc="2026-06-14T12:00:00Z")
    assert [f.severity for f in findings(morning, same_end)] == [WARNING]


def test_a_substitute_under_the_knocked_out_players_number_is_a_warning_not_an_error(doc_factory):
    """21.d lets "an eligible player" be substituted; an event names a player by team and number, and a
    substitute wears the number of the player replaced. Where the roster gives the number to two players,
    the number in play again is a warning to check who played, never an error that makes the call wrong."""
    ko = event("e1", 10, "21.d", {"unconscious": True, "recurrence_of_same_injury": False},
               {"whistle": "at_once", "time_allowed_s": 600}, players=[RED1])
    later = ridden("e2", 900, "Pampa", player=RED1)
    with_substitute = doc_factory([ko, later])
    with_substitute["match"]["teams"][0]["players"].append({"number": 1, "name": "Red Substitute"})
    found = findings(with_substitute)
    assert kinds(found) == ["unconscious_player_played"] and found[0].severity == WARNING
    assert "substitute" in translate(found[0].explanation, "en")
    result = check_documents([document_from_data(with_substitute)])
    assert next(e for e in result.events if e.event == "e2").verdict != "inconsistent"
    found = findings(doc_factory([ko, later]))  # one player with that number: still an error
    assert found[0].severity == ERROR


def test_findings_and_verdicts_name_the_team_by_its_name_and_details_keep_its_id(doc_factory):
    """Issue 40: the finding and the verdict said "ridden by blue #2" / "montado por blue #2": the team's id, which
    the users never typed. They name the team as the match does; a finding's details (machine data) keep the id."""
    data = doc_factory([timeout_change("e1", 100, "Luna"), ridden("e2", 900, "Luna")])
    data["match"]["teams"][1]["name"] = "La Dolfina"
    result = check_documents([document_from_data(data)])
    [found] = result.findings
    [verdict] = [r for r in result.events if r.event == "e2"]
    for lang, by in (("en", "ridden by La Dolfina #2"), ("es", "montado por La Dolfina #2")):
        assert by in translate(found.explanation, lang) and by in translate(verdict.explanation, lang)
        assert "blue #2" not in translate(found.explanation, lang) + translate(verdict.explanation, lang)
    assert found.details["mount"] == "Luna"
    from review_app.rules.case import Case, MatchContext
    from review_app.rules.parts import card_to_the_offender

    teams = MatchContext(teams=("red", "blue"), team_names=(("red", "Ellerstina"), ("blue", "La Dolfina")))
    carded = Case("21.h", {}, {"card": "yellow", "card_to": {"team": "red", "number": 3}}, match=teams,
                  offender={"team": "blue", "number": 2})
    said = translate(card_to_the_offender(carded, None).message, "en")
    assert "shown to Ellerstina #3" in said and "offence, La Dolfina #2" in said, said
