"""Every fact a provision turns on, declared once: its name, kind, label, choices and unit.

A provision names the facts it reads (`fact("deflection")`); the label is one message id for the
fact wherever it is asked, in the rulebook's words. `required` (asked for every event under the
clause) is the fact's own default; a provision that needs otherwise says so where it names it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from review_app.i18n import N_, Message
from review_app.rules.vocabulary import Restart


@dataclass(frozen=True)
class Fact:
    """One fact a provision turns on, as a reviewer records it."""

    name: str
    kind: str  # "bool", "enum", "number" or "text"
    label: Message
    choices: tuple[str, ...] = ()
    required: bool = True  # asked for every event under this clause (the judge asks only for what it needs)
    unit: str | None = None


FACTS: dict[str, Fact] = {}


def _declare(name: str, kind: str, label: str, choices: tuple[str, ...] = (), *, required: bool = True,
             unit: str | None = None) -> None:
    if name in FACTS:
        raise ValueError(f"fact {name!r} declared twice")
    FACTS[name] = Fact(name, kind, Message(label), choices, required, unit)


def yes_no(name: str, label: str, *, required: bool = True) -> None:
    _declare(name, "bool", label, required=required)


def choice(name: str, label: str, choices: tuple[str, ...], *, required: bool = True) -> None:
    _declare(name, "enum", label, choices, required=required)


def fact(name: str, *, required: bool | None = None) -> Fact:
    """The declared fact `name`, with the provision's own `required` where it differs."""
    declared = FACTS[name]
    return declared if required is None or required == declared.required else replace(declared, required=required)


# --- choices -------------------------------------------------------------------------------------------------
# 21.a: "directly or after glancing off that player's own mount, a goal post or the side boards"; a teammate's
# mallet is none of the exceptions below (only an *opposing* player's mallet is).
SAFETY_DEFLECTIONS = ("none", "own_mount", "goal_post", "side_boards", "teammates_mallet")
# 21.a: "unless the ball strikes another player, an opposing player's mallet, or another player's mount"
NO_SAFETY_DEFLECTIONS = ("another_player", "opposing_mallet", "another_players_mount")
BALL_STATES = ("unplayable", "minor_damage")
FOUL_KINDS = ("dangerous", "right_of_way", "mechanics", "other")
ITEMS = ("girth", "martingale", "rein", "bit", "curb_chain", "bandages_or_boots", "stirrup_leather",
         "stirrup_hanger", "mallet", "other")
SUSPENSION_REASONS = ("darkness", "inclement_weather", "other")
# What the player did after a mount fell, as the footage shows it (21.f(3): "the player may remount but otherwise
# he must change mounts").
AFTER_FALL = ("remounted", "changed_mount")
# What was played after the ball broke (21.c: "the largest piece shall be played unless the Umpire stops the game").
PLAYED_AFTER_BREAK = ("largest_piece", "smaller_piece", "new_ball")
# 21.f(2): the restarts "a throw-in, penalty, free hit or knock-in, as the case may be".
COURTESY_RESTART_KINDS = ("throw_in", "penalty", "free_hit", "knock_in")
# 21.f(5): the provisions under which an excused mount may not return (forfeiture if it does).
EXCUSING_CLAUSES = ("21.f(1)(i)", "21.f(1)(ii)", "21.f(3)", "21.f(4)")
# 21.f(5): "the Umpire(s), a Referee, or the Host Tournament Committee is presented with conclusive physical
# evidence": the authorities it names (the values of `vocabulary.Official`), and anyone else.
AUTHORITIES_21F5 = ("umpire", "referee", "committee")
PRESENTED_TO = (*AUTHORITIES_21F5, "other")

# The label of each choice a fact offers (the call's own values are in `vocabulary`).
CHOICE_LABELS = {
    "own_mount": N_("Own mount"),
    "goal_post": N_("Goal post"),
    "side_boards": N_("Side boards"),
    "another_player": N_("Another player"),
    "opposing_mallet": N_("An opposing mallet"),
    "teammates_mallet": N_("A teammate's mallet"),
    "another_players_mount": N_("Another player's mount"),
    "dangerous": N_("Dangerous foul"),
    "right_of_way": N_("Right of way"),
    "mechanics": N_("Mechanics"),
    "other": N_("Other"),
    "unplayable": N_("Unplayable"),
    "minor_damage": N_("Minor damage"),
    "not_excused": N_("Not excused"),
    "girth": N_("Girth"),
    "martingale": N_("Martingale"),
    "rein": N_("Rein"),
    "bit": N_("Bit"),
    "curb_chain": N_("Curb chain"),
    "bandages_or_boots": N_("Bandages or boots"),
    "stirrup_leather": N_("Stirrup leather"),
    "stirrup_hanger": N_("Stirrup hanger"),
    "mallet": N_("Mallet"),
    "darkness": N_("Darkness"),
    "inclement_weather": N_("Inclement weather"),
    "remounted": N_("Remounted the same mount"),
    "changed_mount": N_("Changed to another mount"),
    "largest_piece": N_("The largest piece"),
    "smaller_piece": N_("A smaller piece"),
    "new_ball": N_("A new ball"),
    # 21.f(2)'s restarts, labelled as the call's restart is
    **{r.value: r.label for r in (Restart.THROW_IN, Restart.PENALTY, Restart.FREE_HIT, Restart.KNOCK_IN)},
    # whom 21.f(5)'s evidence was presented to ("other": someone else, named)
    "umpire": N_("Umpire"),
    "referee": N_("Referee"),
    "committee": N_("Host Tournament Committee"),
}

# --- shared by several clauses -------------------------------------------------------------------------------
# A situation that arises in a break in play needs no whistle. Recorded only then: like the other exceptions a
# reviewer marks (a teammate's change, coaching), unrecorded means it did not happen, here that play was running,
# which a whistle-free training question or an older document assumes.
yes_no("play_already_stopped", N_("Play was already stopped when this arose (a break in play)"), required=False)
# "Any unwarranted delay ... will be penalized" (21.f(1)(i) on the player's part, 21.f(2) by either team).
yes_no("unwarranted_delay", N_("A player delayed the restart without good reason"), required=False)
yes_no("player_changed_mount", N_("The player changed the mount"))
yes_no("teammates_changed_mounts", N_("Other players of the team changed mounts"))
yes_no("visibly_injured_or_distressed", N_("The Umpires determined the mount visibly injured or distressed"))
# 21.f(1)(i): "The mount in question must be led off the field or taken off by horse ambulance."
# 21.f(1)(ii): "by leading the horse off the field by the shortest line to the side of the field" (U4).
yes_no("led_off_by_shortest_line", N_("The mount was led off by the shortest line to the side of the field"),
       required=False)
# 21.d: "If, and when, ... the injured player is able to resume play or an eligible player is substituted, the Umpire
# shall continue the game" (U1), for a stoppage whose moments are not tagged.
yes_no("continued_when_able_or_substituted",
       N_("Play continued as soon as the player could resume or a substitute came on"), required=False)
yes_no("mount_led_off", N_("The mount was led off the field or taken off by horse ambulance"), required=False)

# --- the ball: 21.a, 21.c, 21.i --------------------------------------------------------------------------------
yes_no("last_hit_by_defender",
       N_("Last hit (or merely touched by the mallet) by a player of the team defending that end line"))
choice("deflection", N_("What the ball struck after the hit, before crossing"),
       SAFETY_DEFLECTIONS + NO_SAFETY_DEFLECTIONS)
choice("ball_state", N_("State of the ball"), BALL_STATES)
choice("played_after_break", N_("What was played after the ball broke, play going on"), PLAYED_AFTER_BREAK,
       required=False)
yes_no("neither_team_favored", N_("Ball in a position where neither team is favored"), required=False)
yes_no("cannot_be_dropped_immediately", N_("Lodged so that it cannot be dropped immediately"))
yes_no("dead_at_point_first_lodged", N_("Restart placed where the ball first lodged"), required=False)

# --- fouls: 21.b and the closing provisions ------------------------------------------------------------------
choice("kind", N_("Kind of foul"), FOUL_KINDS)
yes_no("fouled_team_disadvantaged",
       N_("The foul disadvantaged the fouled team (or gave the offender an advantage or endangered someone)"),
       required=False)
yes_no("stoppage_would_disadvantage_fouled_team",
       N_("Stopping play and awarding a penalty would have disadvantaged the fouled team"), required=False)
yes_no("assessed_after_next_play", N_("A delayed call was assessed right after the next play"), required=False)
yes_no("umpire_coached_players", N_("The Umpire coached or instructed players (beyond verbal cues)"),
       required=False)
yes_no("involves_safety", N_("The foul involves the safety of player or mount"))
yes_no("at_or_slightly_after_horn", N_("The foul occurred at or slightly after the horn ending the period"))
yes_no("final_period", N_("The horn ended the final regulation period (else taken from the period number)"),
       required=False)
yes_no("between_periods", N_("The conduct took place between periods"))
# Worked example (glasses asked for after the period): "A yellow card should be displayed and the next period started
# with a penalty."
yes_no("unsportsmanlike_conduct", N_("The conduct called for a card and a penalty (as the worked example's request "
                                     "for glasses after the period)"), required=False)
# 21.general: "executed at the beginning of the next period": after the final period there is none (else taken from
# the period number; an overtime period that follows is a next period).
yes_no("after_final_period", N_("Assessed after the final period, with no next period to follow"), required=False)

# --- players: 21.d, 21.e, 21.h -------------------------------------------------------------------------------
yes_no("unconscious", N_("The player was rendered unconscious"))
yes_no("recurrence_of_same_injury", N_("A recurrence of an injury already given a time-out"))
yes_no("removal_needed_more_time", N_("Treatment on the field needed more time to remove the player"),
       required=False)
yes_no("resumed_play", N_("The player resumed play"), required=False)
_declare("injury", "text", N_("Which injury (to follow recurrences)"), required=False)
yes_no("may_be_injured_or_in_jeopardy", N_("The player may be injured or in jeopardy of being injured"))
yes_no("imminent_scoring_opportunity", N_("At the fall a team had an imminent opportunity to score"),
       required=False)
yes_no("clear_fall", N_("It was clearly a fall"), required=False)
yes_no("play_neutral_when_lost", N_("Play was in a neutral position when the helmet fell"), required=False)

# --- mounts: 21.f ---------------------------------------------------------------------------------------------
yes_no("ball_out_of_play_or_neutral", N_("The ball was out of play or at a neutral play"))
_declare("elapsed_in_period_s", "number", N_("Time elapsed in the period"), required=False, unit="s")
yes_no("mount_sound", N_("Trotted and examined, the mount was sound with no evidence of injury"))
# 21.f(3): "if the player wishes to remount, ensure that the mount is trotted and examined for soundness".
yes_no("trotted_and_examined", N_("The mount was trotted and examined for soundness"), required=False)
# 21.f(2): "for all players on both teams"; "the teams shall be required to provide each Umpire two horses";
# "Play will be restarted with a throw-in, penalty, free hit or knock-in, as the case may be".
yes_no("offered_to_all_players", N_("The courtesy change was open to all players on both teams"), required=False)
yes_no("each_umpire_had_two_horses", N_("The teams provided each Umpire two horses"), required=False)
choice("restart_as_the_case_may_be", N_("How play stood to restart when it stopped"), COURTESY_RESTART_KINDS,
       required=False)
choice("after_fall", N_("What the player did after the fall"), AFTER_FALL, required=False)
yes_no("player_requested_timeout", N_("The player asked for a time-out for the mount"))
choice("excused_under", N_("The clause the mount was excused under"), EXCUSING_CLAUSES + ("not_excused",))
yes_no("detected_during_game", N_("The violation was detected during the game"))
yes_no("evidence_within_24_hours", N_("Conclusive evidence was presented within 24 hours after the game"),
       required=False)
# 21.f(5): "the Umpire(s), a Referee, or the Host Tournament Committee is presented with conclusive physical
# evidence": to whom, by whom and when (schema 2.1; from the evidence case where the match has one).
choice("presented_to", N_("Whom the evidence was presented to"), PRESENTED_TO, required=False)
_declare("presented_to_name", "text", N_("Who received the evidence, by name"), required=False)
_declare("presented_by", "text", N_("Who presented the evidence"), required=False)
_declare("presented_at", "text", N_("When the evidence was presented (UTC)"), required=False)

# --- tack and equipment: 21.g ---------------------------------------------------------------------------------
choice("item", N_("What broke or was lost"), ITEMS)
yes_no("presents_danger", N_("The tack presents a danger to a player or horse"))
yes_no("broken_by_contact_with_another_horse", N_("Broken by contact with another horse"), required=False)
yes_no("player_rested_after_repair", N_("The player kept resting after the repair was made"), required=False)
# 21.g: "broken martingale if the end trails on the ground, broken rein if single".
yes_no("martingale_end_trails", N_("The broken martingale's end trails on the ground"), required=False)
yes_no("rein_single", N_("The broken rein is single"), required=False)
# Worked example: "Permission may be granted if the change can be made more quickly than the repair".
yes_no("change_quicker_than_repair", N_("The change could be made more quickly than the repair"), required=False)
# 21.g, all other games: "the player must leave the field of play", unless "The Umpires may allow the player to
# rectify the problem immediately on the ground if it can be done quickly" (U11).
yes_no("player_left_field", N_("The player left the field of play"), required=False)
yes_no("put_right_quickly_on_the_ground", N_("The tack was put right quickly on the ground"), required=False)
yes_no("may_pose_risk", N_("Damaged equipment may pose a risk to a player or mount"), required=False)
yes_no("may_interfere_or_endanger_immediately", N_("It may immediately interfere with play or endanger someone"),
       required=False)
yes_no("play_neutral_when_damaged", N_("Play was in a neutral position when the equipment was damaged"),
       required=False)

# --- the game: the whistle, 21.j, 21.k, 21.l ------------------------------------------------------------------
yes_no("stopped_without_whistle", N_("Play or the clock stopped without the Umpire's whistle"))
yes_no("period_time_expired", N_("The period's time had expired"))
choice("reason", N_("Reason for the suspension"), SUSPENSION_REASONS)
yes_no("fair_play_possession_applies", N_("Rule 22.h (Fair Play Possession) applies"))
