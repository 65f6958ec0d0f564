"""Every provision, a call right in every part, then the same call wrong in exactly one part.

For each provision of Rule 21 there is a correct call (a full schema-2.0 call: who stopped play, the
whistle and its measured moment, the restart and its place, the penalty and who got it, any card and
to whom, the offender, the match's teams) that its judge finds `consistent`, or `discretionary` where
the rule leaves it to the Umpire. Each variant changes one part the provision fixes: the wrong team,
the wrong place, the wrong penalty, the wrong restart, a whistle too slow where the clause stops play
at once, a whistle well before the neutral play where it waits for one, the wrong time allowed, the
wrong decision maker, and always play stopped by someone other than the Umpire. Each variant must be
`inconsistent`, name that part (and only that part) in `verdict.wrong`, and say it in English and in
Spanish.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from review_app.i18n import translate
from review_app.rules import CONSISTENT, DISCRETIONARY, INCONSISTENT, PROVISIONS, Case, MatchContext, judge
from review_app.rules.parameters import newest

TEAMS = ("red", "blue")
MATCH = MatchContext(periods=6, upper_handicap=6, courtesy_changes_announced=True, tack_provision_announced=True,
                     teams=TEAMS)
INCIDENT = 10.0  # the incident's moment, in seconds of footage
NEUTRAL = 16.0  # where a clause waits for a neutral play, the one the reviewer tagged


def at(t: float) -> dict:
    return {"frame": round(t * 25), "time_s": t}


# The whistle's moment as the footage shows it.
AT_ONCE = {"whistle": at(INCIDENT + 0.4)}
AT_NEUTRAL = {"neutral_play": at(NEUTRAL), "whistle": at(NEUTRAL + 0.3)}
SLOW = {"whistle": at(INCIDENT + 4.0)}  # several seconds after an incident that stops play at once
EARLY = {"neutral_play": at(NEUTRAL), "whistle": at(INCIDENT + 0.5)}  # well before the neutral play
LATE_AFTER_NEUTRAL = {"neutral_play": at(NEUTRAL), "whistle": at(NEUTRAL + 8.0)}  # long after it

# A distinctive word of each part, in English and in Spanish (a variant may give its own).
WORDS = {
    "stopped_by": ("stopped by", "detenido por"),
    "penalty_to": ("awarded to", "se otorgó a"),
    "card_to": ("card was shown to", "tarjeta se mostró a"),
    "restart_point": ("restarted at this place", "se reanudó en este lugar"),
    "restart_direction": ("put into play this way", "se puso en juego de esta manera"),
    "whistle": ("whistle", "silbato"),
    "time_allowed_s": ("time allowed", "tiempo concedido"),
    "decided_by": ("decided", "decidi"),
    "penalty_timing": ("next period", "período siguiente"),
    "mount_excused": ("excused", "excusado"),
}


@dataclass(frozen=True)
class Variant:
    name: str
    part: str
    call: dict[str, Any] = field(default_factory=dict)  # the call's fields changed
    moments: dict | None = None  # the moments instead of the base's
    words: tuple[str, str] | None = None  # (en, es), else WORDS[part]


@dataclass(frozen=True)
class Base:
    name: str
    situation: str
    facts: dict[str, Any]
    call: dict[str, Any]
    expected: str = CONSISTENT
    offender: dict | None = None
    moments: dict = field(default_factory=lambda: dict(AT_ONCE))
    match: MatchContext = MATCH
    period: int = 2
    variants: tuple[Variant, ...] = ()

    def case(self, variant: Variant | None = None) -> Case:
        call = {**self.call, **(variant.call if variant else {})}
        moments = variant.moments if variant and variant.moments is not None else self.moments
        return Case(self.situation, self.facts, call, self.period, self.match, INCIDENT, moments, self.offender)


def call(**kw) -> dict:
    """A full call: stopped by the Umpire, whistled at once, no penalty and no card unless given."""
    return {"stopped_by": "umpire", "whistle": "at_once", "penalty": "none", "card": "none", **kw}


REFEREE = Variant("play stopped by the Referee", "stopped_by", {"stopped_by": "referee"})
TOO_SLOW = Variant("a whistle seconds after an incident that stops play at once", "whistle", moments=SLOW)
TOO_EARLY = Variant("a whistle well before the neutral play", "whistle", moments=EARLY)


def penalty_to(team: str) -> Variant:
    return Variant(f"the penalty to {team}, the offending side", "penalty_to", {"penalty_to": team})


def card_to(team: str, number: int) -> Variant:
    return Variant(f"the card to {team} #{number}, who did not commit the offence", "card_to",
                   {"card_to": {"team": team, "number": number}})


def place(where: str) -> Variant:
    """The restart's place wrong, given as 2.0 recorded it (`restart_place`): schema 2.1 reads its point."""
    return Variant(f"play restarted at {where}", "restart_point", {"restart_place": where})


RED_2, BLUE_3 = {"team": "red", "number": 2}, {"team": "blue", "number": 3}
# A penalty to blue for red #2's offence, taken where the penalty is taken.
PENALTY_TO_BLUE = {"penalty": "appropriate_penalty", "penalty_to": "blue", "restart": "penalty",
                   "restart_place": "penalty_spot"}

WRITTEN = (
    # --- 21.a: "shall stop the game and call a Safety (Penalty 6)" ------------------------------------------
    Base("a Safety", "21.a", {"last_hit_by_defender": True, "deflection": "none"},
         call(restart="penalty", restart_place="penalty_spot", penalty="penalty_6", penalty_to="blue"),
         offender=RED_2,
         variants=(
             penalty_to("red"),
             place("end_line"),
             Variant("Penalty 5 for a Safety", "penalty", {"penalty": "penalty_5"}, words=("Penalty 6", "Penal 6")),
             Variant("a knock-in for a Safety", "restart", {"restart": "knock_in"}, words=("Penalty 6", "Penal 6")),
             Variant("no whistle for a Safety", "whistle", {"whistle": "none"}, moments={},
                     words=("stop the game", "detendrá el partido")),
             REFEREE,
         )),
    Base("no Safety: the ball struck an opposing mallet", "21.a",
         {"last_hit_by_defender": True, "deflection": "opposing_mallet"},
         call(restart="knock_in", restart_place="end_line", penalty="none"),
         offender=RED_2,
         variants=(
             place("penalty_spot"),
             Variant("Penalty 6 where no Safety is", "penalty", {"penalty": "penalty_6", "penalty_to": "blue"},
                     words=("no Safety", "no es Safety")),
             Variant("a throw-in where the ball is knocked in", "restart", {"restart": "throw_in"},
                     words=("knock", "saque de fondo")),
             REFEREE,
         )),
    # --- 21.b: a foul; a dangerous one "should be called at the instant" ------------------------------------
    Base("a dangerous foul called at once", "21.b", {"kind": "dangerous"},
         call(card="yellow", card_to=RED_2, **PENALTY_TO_BLUE), offender=RED_2,
         variants=(penalty_to("red"), card_to("red", 1), place("centre"), TOO_SLOW, REFEREE)),
    Base("a foul left uncalled for the advantage", "21.b",
         {"kind": "right_of_way", "fouled_team_disadvantaged": False}, call(whistle="none"), expected=DISCRETIONARY,
         offender=RED_2, moments={},
         variants=(REFEREE,)),
    # --- 21.b: a foul when play is already stopped -------------------------------------------------------------
    Base("a dead-ball foul carded", "21.b.dead-ball", {"play_already_stopped": True},
         call(whistle="none", card="yellow", card_to=BLUE_3, penalty="appropriate_penalty", penalty_to="red",
              restart="penalty", restart_place="penalty_spot"),
         offender=BLUE_3, moments={},
         variants=(penalty_to("blue"), card_to("blue", 1), place("point_of_stoppage"),
                   Variant("the penalty awarded with neither the whistle again nor a card", "card",
                           {"card": "none", "card_to": None}, words=("not signalled", "no se señaló")),
                   REFEREE)),
    # --- 21.c: unplayable ball; a minorly damaged one waits until neither team is favored -------------------
    Base("an unplayable ball", "21.c", {"ball_state": "unplayable"},
         call(restart="throw_in", decided_by="umpire"),
         variants=(
             Variant("the Referee judged the ball unplayable", "decided_by", {"decided_by": "referee"},
                     words=("sole discretion", "exclusivo")),
             Variant("play not stopped for an unplayable ball", "whistle", {"whistle": "none"}, moments={},
                     words=("stop the game", "detendrá el partido")),
             REFEREE,
         )),
    Base("a minorly damaged ball stopped when neither team is favored", "21.c",
         {"ball_state": "minor_damage", "neither_team_favored": True},
         call(whistle="neutral_play", restart="throw_in", decided_by="umpire"), moments=dict(AT_NEUTRAL),
         variants=(TOO_EARLY, REFEREE)),
    # --- 21.d: "the Umpire shall stop the game"; 10 minutes to recover ------------------------------------------
    Base("an injured player", "21.d",
         {"unconscious": False, "recurrence_of_same_injury": False, "extra_time_granted": False,
          "removal_needed_more_time": False},
         call(restart="throw_in", time_allowed_s=420),
         variants=(
             Variant("play not stopped for an injured player", "whistle", {"whistle": "none"}, moments={},
                     words=("shall stop the game", "detendrá el partido")),
             Variant("twelve minutes to recover", "time_allowed_s", {"time_allowed_s": 720},
                     words=("10 minutes", "10 minutos")),
             Variant("twelve minutes to recover, as the restart's moment measures them", "time_allowed_s",
                     {"time_allowed_s": None}, moments={**AT_ONCE, "restart": at(INCIDENT + 0.4 + 720)},
                     words=("10 minutes", "10 minutos")),
             REFEREE,
         )),
    Base("a recurrence of the same injury, no time-out", "21.d",
         {"unconscious": False, "recurrence_of_same_injury": True},
         call(restart="throw_in", time_allowed_s=0),
         variants=(
             Variant("a time-out for the recurrence", "time_allowed_s", {"time_allowed_s": 300},
                     words=("recurrence", "recaída")),
             REFEREE,
         )),
    # --- 21.e: at neutral territory; immediately if the player may be injured --------------------------------
    Base("a fall stopped in neutral territory", "21.e",
         {"may_be_injured_or_in_jeopardy": False, "imminent_scoring_opportunity": True, "clear_fall": True},
         call(whistle="neutral_play", restart="throw_in"), moments=dict(AT_NEUTRAL),
         variants=(
             TOO_EARLY,
             Variant("a whistle long after the neutral territory", "whistle", moments=LATE_AFTER_NEUTRAL),
             REFEREE,
         )),
    # "What constitutes a fall shall be left to the discretion of the Umpire": once stopped for, it is timed as a fall.
    Base("a doubtful fall the Umpire stopped for in neutral territory", "21.e",
         {"may_be_injured_or_in_jeopardy": False, "imminent_scoring_opportunity": True, "clear_fall": False},
         call(whistle="neutral_play", restart="throw_in"), expected=CONSISTENT, moments=dict(AT_NEUTRAL),
         variants=(
             TOO_EARLY,
             Variant("a whistle recorded at once, in the middle of an attack", "whistle", {"whistle": "at_once"},
                     moments={}, words=("imminent opportunity", "oportunidad inminente")),
             REFEREE,
         )),
    Base("a fall with the player in jeopardy", "21.e",
         {"may_be_injured_or_in_jeopardy": True, "clear_fall": True},
         call(restart="throw_in"),
         variants=(TOO_SLOW, REFEREE)),
    # --- 21.f(1)(i): stop immediately; "ALL MAY CHANGE"; a throw-in; the mount excused --------------------------
    Base("a visibly injured mount", "21.f(1)(i)", {"visibly_injured_or_distressed": True},
         call(announcement="ALL MAY CHANGE", restart="throw_in", restart_place="point_of_stoppage",
              mount_excused=True),
         variants=(
             TOO_SLOW,
             Variant("no announcement of ALL MAY CHANGE", "announcement", {"announcement": "Red changes"},
                     words=("ALL MAY CHANGE", "anunciar")),
             Variant("a knock-in instead of the throw-in", "restart", {"restart": "knock_in"},
                     words=("throw-in", "throw-in")),
             Variant("the mount not excused", "mount_excused", {"mount_excused": False}),
             REFEREE,
         )),
    Base("a visibly injured mount, its player's delay penalized", "21.f(1)(i)",
         {"visibly_injured_or_distressed": True, "unwarranted_delay": True},
         call(announcement="ALL MAY CHANGE", mount_excused=True, **PENALTY_TO_BLUE), offender=RED_2,
         variants=(
             penalty_to("red"),
             place("centre"),
             Variant("the delay not penalized", "penalty", {"penalty": "none", "penalty_to": None,
                                                            "restart": "throw_in", "restart_place": None},
                     words=("delay", "demora")),
             REFEREE,
         )),
    # --- 21.f(1)(ii): stop immediately; the changed mount is excused -------------------------------------------
    Base("a mount not visibly injured, changed", "21.f(1)(ii)",
         {"visibly_injured_or_distressed": False, "player_changed_mount": True, "teammates_changed_mounts": False},
         call(restart="play_resumed", mount_excused=True),
         variants=(
             TOO_SLOW,
             Variant("the changed mount not excused", "mount_excused", {"mount_excused": False}),
             REFEREE,
         )),
    Base("a mount not visibly injured, not changed", "21.f(1)(ii)",
         {"visibly_injured_or_distressed": False, "player_changed_mount": False, "teammates_changed_mounts": False},
         call(restart="play_resumed", mount_excused=False), expected=DISCRETIONARY,
         variants=(
             TOO_SLOW,
             Variant("a mount excused that was not changed", "mount_excused", {"mount_excused": True}),
             REFEREE,
         )),
    # --- 21.f(2): courtesy change at a neutral play, one minute, by the Committee or the Umpires -----------------
    Base("a courtesy change", "21.f(2)", {"ball_out_of_play_or_neutral": True, "elapsed_in_period_s": 240},
         call(whistle="neutral_play", time_allowed_s=60, restart="throw_in", decided_by="umpire",
              announcement="ALL MAY CHANGE - COURTESY CHANGE, ONE MINUTE", mount_excused=False),
         expected=CONSISTENT, moments=dict(AT_NEUTRAL),
         variants=(
             TOO_EARLY,
             Variant("two minutes for a courtesy change", "time_allowed_s", {"time_allowed_s": 120},
                     words=("one minute", "un minuto")),
             Variant("a line-up after a courtesy change", "restart", {"restart": "lineup"},
                     words=("throw-in, penalty, free hit or knock-in", "saque de fondo")),
             Variant("the courtesy change allowed by the Referee", "decided_by", {"decided_by": "referee"},
                     words=("allowed by", "permitió")),
             Variant("the mount excused after a courtesy change", "mount_excused", {"mount_excused": True},
                     words=("excuse", "excusa")),
             REFEREE,
         )),
    Base("a courtesy change, a team's delay penalized", "21.f(2)",
         {"ball_out_of_play_or_neutral": True, "elapsed_in_period_s": 240, "unwarranted_delay": True},
         call(whistle="neutral_play", time_allowed_s=60, decided_by="umpire", mount_excused=False, **PENALTY_TO_BLUE),
         expected=CONSISTENT, offender=RED_2, moments=dict(AT_NEUTRAL),
         variants=(penalty_to("red"), place("centre"), REFEREE)),
    # --- 21.f(3): stop immediately; a sound mount is not excused ----------------------------------------------
    Base("a mount falls and trots out sound", "21.f(3)", {"mount_sound": True},
         call(restart="throw_in", mount_excused=False),
         variants=(
             TOO_SLOW,
             Variant("the sound mount excused", "mount_excused", {"mount_excused": True}, words=("return", "volver")),
             REFEREE,
         )),
    Base("a mount falls and is unsound", "21.f(3)", {"mount_sound": False},
         call(restart="throw_in", mount_excused=True),
         variants=(
             TOO_SLOW,
             Variant("the unsound mount not excused", "mount_excused", {"mount_excused": False}),
             Variant("a knock-in where 21.f(1)(i) restarts with a throw-in", "restart", {"restart": "knock_in"},
                     words=("throw-in", "throw-in")),
             REFEREE,
         )),
    # --- 21.f(4): 5 minutes to change; the mount excused; teammates' changes penalized -------------------------
    Base("a time-out for a tired mount", "21.f(4)",
         {"player_requested_timeout": True, "player_changed_mount": True, "teammates_changed_mounts": False},
         call(whistle="neutral_play", restart="throw_in", time_allowed_s=200, mount_excused=True),
         moments=dict(AT_NEUTRAL),
         variants=(
             Variant("seven minutes to change", "time_allowed_s", {"time_allowed_s": 420},
                     words=("5 minutes", "5 minutos")),
             Variant("the changed mount not excused", "mount_excused", {"mount_excused": False}),
             REFEREE,
         )),
    Base("teammates changed in the time-out, penalized", "21.f(4)",
         {"player_requested_timeout": True, "player_changed_mount": True, "teammates_changed_mounts": True},
         call(time_allowed_s=200, mount_excused=True, **PENALTY_TO_BLUE),
         offender=RED_2,
         variants=(
             penalty_to("red"),
             place("centre"),
             Variant("the teammates' change not penalized", "penalty",
                     {"penalty": "none", "penalty_to": None, "restart": "throw_in", "restart_place": None},
                     words=("opposing team", "equipo contrario")),
             REFEREE,
         )),
    # --- 21.f(5): forfeiture, mandatory --------------------------------------------------------------------
    Base("an excused mount returned: forfeiture", "21.f(5)",
         {"excused_under": "21.f(4)", "detected_during_game": True},
         call(whistle="at_once", restart="none", penalty="forfeiture", penalty_to="blue", decided_by="umpire"),
         offender=RED_2,
         variants=(
             penalty_to("red"),
             Variant("Penalty 6 instead of forfeiture", "penalty", {"penalty": "penalty_6"},
                     words=("forfeiture", "pérdida del partido")),
             REFEREE,
         )),
    # --- 21.g: dangerous tack stops play immediately; 5 minutes at 6 goals or less, announced ------------------
    Base("a broken girth", "21.g",
         {"item": "girth", "presents_danger": True, "broken_by_contact_with_another_horse": False,
          "player_changed_mount": False, "player_rested_after_repair": False},
         call(restart="throw_in", restart_place="point_of_stoppage", time_allowed_s=150),
         variants=(
             TOO_SLOW,
             Variant("seven minutes to repair", "time_allowed_s", {"time_allowed_s": 420},
                     words=("5 minutes", "5 minutos")),
             Variant("a knock-in after the repair", "restart", {"restart": "knock_in"},
                     words=("throw-in", "throw-in")),
             Variant("the 6-goal provision determined by the Referee", "decided_by", {"decided_by": "referee"},
                     words=("determined by", "determinó")),
             REFEREE,
         )),
    Base("a horse changed in a tack time-out without permission, carded", "21.g",
         {"item": "other", "presents_danger": True, "player_changed_mount": True},
         call(card="yellow", card_to=RED_2, mount_change_permitted=False, **PENALTY_TO_BLUE),
         offender=RED_2,
         variants=(penalty_to("red"), card_to("blue", 2), place("centre"), REFEREE)),
    # --- 21.g: damaged equipment waits for a neutral play, unless it may interfere at once ----------------------
    Base("a broken stirrup leather out of the play", "21.g.equipment",
         {"item": "stirrup_leather", "may_pose_risk": True, "may_interfere_or_endanger_immediately": False},
         call(whistle="neutral_play", restart="throw_in"), moments=dict(AT_NEUTRAL),
         variants=(TOO_EARLY, REFEREE)),
    Base("loose bandages that may interfere at once", "21.g.equipment",
         {"item": "bandages_or_boots", "may_pose_risk": True, "may_interfere_or_endanger_immediately": True},
         call(restart="throw_in"),
         variants=(TOO_SLOW, REFEREE)),
    Base("a dropped mallet", "21.g.equipment", {"item": "mallet"},
         call(whistle="none", time_allowed_s=0), moments={},
         variants=(
             Variant("a minute to retrieve a dropped mallet", "time_allowed_s", {"time_allowed_s": 60},
                     words=("Time should not be granted", "No debe concederse")),
             REFEREE,
         )),
    # --- 21.h: "as soon as possible when the play is in a neutral position" ----------------------------------
    Base("a lost helmet", "21.h", {"play_neutral_when_lost": False},
         call(whistle="neutral_play", restart="throw_in"), moments=dict(AT_NEUTRAL),
         variants=(
             TOO_EARLY,
             Variant("a whistle long after the neutral position", "whistle", moments=LATE_AFTER_NEUTRAL),
             REFEREE,
         )),
    # --- 21.i: the ball dead where it first lodged ----------------------------------------------------------
    Base("a lodged ball", "21.i", {"cannot_be_dropped_immediately": True, "dead_at_point_first_lodged": True},
         call(restart="throw_in", restart_place="where_first_lodged"),
         variants=(
             place("point_of_stoppage"),
             Variant("play not stopped for a lodged ball", "whistle", {"whistle": "none"}, moments={},
                     words=("stop the game", "detendrá el partido")),
             REFEREE,
         )),
    # --- 21.j: "The Umpire shall stop the game at the end of each period" -----------------------------------------
    Base("the end of a period", "21.j", {"period_time_expired": True},
         call(restart="next_period"),
         variants=(
             Variant("play not stopped at the end of the period", "whistle", {"whistle": "none"}, moments={},
                     words=("end of each period", "final de cada período")),
             Variant("the period ended by the horn", "stopped_by", {"stopped_by": "horn"}),
             REFEREE,
         )),
    # --- 21.k: "The Umpire may suspend the game" ---------------------------------------------------------------
    Base("a suspension for darkness", "21.k", {"reason": "darkness"},
         call(restart="none", decided_by="umpire"), expected=DISCRETIONARY,
         variants=(
             Variant("the suspension decided by the Committee", "decided_by", {"decided_by": "committee"}),
             REFEREE,
         )),
    # --- 21.l: a throw-in toward the boards where play stopped ------------------------------------------------
    Base("an inadvertent whistle", "21.l", {"fair_play_possession_applies": False},
         call(restart="throw_in_toward_boards", restart_place="toward_boards"),
         variants=(
             place("centre"),
             Variant("a knock-in after an inadvertent whistle", "restart", {"restart": "knock_in"},
                     words=("throw-in", "throw-in")),
             REFEREE,
         )),
    # --- only the whistle stops play -------------------------------------------------------------------------
    Base("play stopped by the Umpire's whistle", "21.general.whistle", {"stopped_without_whistle": False},
         call(restart="throw_in"),
         variants=(REFEREE, Variant("play stopped by the horn", "stopped_by", {"stopped_by": "horn"}))),
    # --- dangerous fouls "should be called at the instant they occur" ---------------------------------------------
    Base("a dangerous foul", "21.general.dangerous-fouls", {"involves_safety": True},
         call(**PENALTY_TO_BLUE), offender=RED_2,
         variants=(penalty_to("red"), place("centre"), TOO_SLOW, REFEREE)),
    # --- a foul at or slightly after the horn ------------------------------------------------------------------
    Base("a foul at the horn ending a period", "21.general.foul-at-horn",
         {"at_or_slightly_after_horn": True, "final_period": False},
         call(penalty_timing="start_of_next_period", **PENALTY_TO_BLUE), offender=RED_2,
         variants=(
             penalty_to("red"),
             place("centre"),
             Variant("five seconds on the clock after a period but the last", "penalty_timing",
                     {"penalty_timing": "five_seconds_on_clock"}),
             Variant("a throw-in instead of the penalty", "restart", {"restart": "throw_in"},
                     words=("restarts with the penalty", "se reanuda con el penal")),
             Variant("no penalty for a foul at the horn", "penalty",
                     {"penalty": "none", "penalty_to": None, "restart": "next_period", "restart_place": None},
                     words=("still penalized", "se sanciona")),
             REFEREE,
         )),
    Base("a foul at the horn ending the final period", "21.general.foul-at-horn",
         {"at_or_slightly_after_horn": True, "final_period": True},
         call(penalty_timing="five_seconds_on_clock", **PENALTY_TO_BLUE), offender=RED_2, period=6,
         variants=(
             penalty_to("red"),
             Variant("the penalty left to a next period there is not", "penalty_timing",
                     {"penalty_timing": "start_of_next_period"}, words=("5 seconds", "5 segundos")),
             Variant("a next period there is not, for the restart", "restart", {"restart": "next_period"},
                     words=("restarts with the penalty", "se reanuda con el penal")),
             REFEREE,
         )),
    # --- unsportsmanlike conduct between periods --------------------------------------------------------------
    Base("a yellow card between periods", "21.general.unsportsmanlike", {"between_periods": True},
         call(whistle="none", card="yellow", card_to=BLUE_3, penalty="appropriate_penalty", penalty_to="red",
              penalty_timing="start_of_next_period", restart="penalty", restart_place="penalty_spot"),
         offender=BLUE_3, moments={},
         variants=(
             penalty_to("blue"),
             card_to("red", 3),
             place("centre"),
             Variant("the penalty taken at once", "penalty_timing", {"penalty_timing": "immediately"}),
             Variant("the next period started with a throw-in", "restart", {"restart": "throw_in"},
                     words=("starts with the penalty", "comienza con el penal")),
             REFEREE,
         )),
)

# The cases of each provision, as data (`test_rule_cases.py` runs them), and the match they assume.
PROVISION_CASES = json.loads((Path(__file__).parent / "provision_cases.json").read_text("utf-8"))
CASES_MATCH = {"periods": 6, "upper_handicap": 6, "courtesy_changes_announced": False, "tack_provision_announced": True}


def _from_the_provision_cases(written: tuple[Base, ...]) -> tuple[Base, ...]:
    """A provision with no correct call written above (a new one, until its own variants are): its first correct
    call in provision_cases.json, stopped by the Umpire, and the one variant every provision has, play stopped by the
    Referee."""
    have = {b.situation for b in written}
    out = []
    for c in PROVISION_CASES:
        if c["situation"] in have or c["expected"] not in (CONSISTENT, DISCRETIONARY):
            continue
        have.add(c["situation"])
        out.append(Base(f"{c['name']} (provision_cases.json)", c["situation"], c["facts"],
                        {"stopped_by": "umpire", **c["call"]}, c["expected"], moments={},
                        match=MatchContext(**{**CASES_MATCH, **c.get("match", {})}, teams=TEAMS),
                        period=c.get("period", 2), variants=(REFEREE,)))
    return tuple(out)


BASES = WRITTEN + _from_the_provision_cases(WRITTEN)
CASES = [(b, v) for b in BASES for v in b.variants]


def test_every_provision_has_a_correct_call_and_one_part_wrong_variants():
    ids = {p.id for p in PROVISIONS}
    covered = {b.situation for b in BASES}
    assert covered == ids, f"provisions without cases: {sorted(ids - covered)}; unknown: {sorted(covered - ids)}"
    for p in PROVISIONS:
        variants = [v for b in BASES if b.situation == p.id for v in b.variants]
        assert any(v.part == "stopped_by" for v in variants), f"{p.id}: no variant with stopped_by wrong"


@pytest.mark.parametrize("base", BASES, ids=[f"{b.situation}: {b.name}" for b in BASES])
def test_the_correct_call_is_not_inconsistent(base: Base):
    v = judge(base.case())
    assert v.verdict == base.expected, translate(v.explanation, "en")
    assert not v.wrong


@pytest.mark.parametrize(("base", "variant"), CASES,
                         ids=[f"{b.situation}: {b.name}: {v.name}" for b, v in CASES])
def test_one_part_wrong_is_inconsistent_and_named(base: Base, variant: Variant):
    v = judge(base.case(variant))
    en, es = translate(v.explanation, "en"), translate(v.explanation, "es")
    assert v.verdict == INCONSISTENT, en
    assert v.wrong == (variant.part,), (v.wrong, en)
    word_en, word_es = variant.words or WORDS[variant.part]
    assert word_en.lower() in en.lower(), en
    assert word_es.lower() in es.lower(), es


def test_a_part_left_unrecorded_is_not_judged():
    """Only what the document records is judged: the correct calls stay right without the schema-2.0 parts."""
    for base in BASES:
        bare = {k: v for k, v in base.call.items()
                if k not in ("stopped_by", "penalty_to", "card_to", "restart_place", "decided_by")}
        v = judge(replace(base.case(), call=bare, offender=None))
        assert v.verdict == base.expected, (base.name, translate(v.explanation, "en"))


def test_a_check_skipped_for_want_of_its_field_would_have_found_nothing():
    """`judge_case` skips a part's check whose call field is not recorded (`rules.parts.needs`). Over every
    case here, with that field taken out as well as left in, each check run anyway agrees: nothing found
    without its field. And each gated check finds something in some case, so the marks are not idle."""
    from review_app.rules.parts import COMMON_PARTS
    from review_app.rules.provision import effective

    gated = {check: needs for check, needs in COMMON_PARTS}
    for p in PROVISIONS:
        assert set(COMMON_PARTS) <= set(p.gated_parts), p.id
        gated.update({check: needs for check, needs in p.gated_parts if needs})
    assert set(gated.values()) >= {"stopped_by", "penalty_to", "card_to", "restart_point"}
    found_by = set()
    for base, variant in [(b, None) for b in BASES] + CASES:
        case = effective(base.case(variant))
        for check, needs in gated.items():
            if check(case, newest()) is not None:
                found_by.add(check)
            without = replace(case, call={k: v for k, v in case.call.items() if k != needs})
            assert check(without, newest()) is None, (check.__name__, base.name, variant and variant.name)
    assert found_by == set(gated), sorted(c.__name__ for c in set(gated) - found_by)


def test_a_whistle_that_came_both_at_once_and_at_the_neutral_play_is_either():
    """A mount falls while play is already neutral; the whistle half a second later came at once and at the
    neutral play. A reviewer's "at once" stands: 21.f(3) stops play immediately, and this whistle did."""
    falls = Case("21.f(3)", {"mount_sound": True}, call(whistle="at_once", mount_excused=False), 2, MATCH, INCIDENT,
                 {"neutral_play": at(INCIDENT), "whistle": at(INCIDENT + 0.5)})
    v = judge(falls)
    assert v.verdict != INCONSISTENT, translate(v.explanation, "en")
    assert set(v.measured.fits) == {"at_once", "neutral_play"}
    # The footage still overrules a word it does not bear out: "at once" for a whistle 4 s after the fall.
    late = judge(replace(falls, moments={"neutral_play": at(INCIDENT), "whistle": at(INCIDENT + 4.0)}))
    assert late.verdict == INCONSISTENT and "whistle" in late.wrong


def test_what_followed_is_recorded_and_judged_what_the_player_did_after_a_fall_and_what_was_played_on():
    """Outcomes the rule names: 21.f(3) "the player may remount but otherwise he must change mounts"; 21.c "the
    largest piece shall be played unless the Umpire stops the game"."""
    unsound = Case("21.f(3)", {"mount_sound": False, "after_fall": "remounted"}, call(mount_excused=True), 2, MATCH,
                   INCIDENT, AT_ONCE)
    v = judge(unsound)
    assert v.verdict == INCONSISTENT and "remounted" in translate(v.explanation, "en")
    assert "volvió a montarlo" in translate(v.explanation, "es")
    changed = replace(unsound, facts={"mount_sound": False, "after_fall": "changed_mount"})
    assert judge(changed).verdict == CONSISTENT
    played_on = Case("21.c", {"ball_state": "minor_damage", "played_after_break": "smaller_piece"},
                     call(whistle="none"), 2, MATCH, INCIDENT, {})
    v = judge(played_on)
    assert v.verdict == INCONSISTENT and "largest piece" in translate(v.explanation, "en")
    assert judge(replace(played_on, facts={"ball_state": "minor_damage", "played_after_break": "largest_piece"})
                 ).verdict == DISCRETIONARY
    assert judge(replace(played_on, facts={"ball_state": "minor_damage"})).verdict == DISCRETIONARY  # not recorded
