"""Players: 21.d injury to player, 21.e player falls off, 21.h lost helmet."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, missed_stop, whistle_words
from review_app.rules.provision import (
    STOP_AT_NEUTRAL_PLAY,
    STOP_AT_ONCE,
    Case,
    Fact,
    Provision,
    Source,
    Verdict,
    Verdicts,
    say,
    yes_no,
)

# --- 21.d Injury to player ----------------------------------------------------------------------
_d = Verdicts("21.d")
RECOVERY = P.INJURY_RECOVERY
# "unless the injured player's treatment on the field requires additional time ... or the Umpire has
# granted additional time"
EXTRA_TIME = ("extra_time_granted", "removal_needed_more_time")


def judge_injury(case: Case) -> Verdict:
    if case.fact("recurrence_of_same_injury"):
        return _recurrence(case)
    late = missed_stop(case)
    if late:
        en, es = whistle_words(late)
        return _d.inconsistent(f"If a player is injured the Umpire shall stop the game; the Umpire {en}.",
                               f"Si un jugador se lesiona el Umpire detendrá el partido; el Umpire {es}.")
    if case.has("resumed_play") and case.fact("resumed_play") and case.fact("unconscious"):
        return _d.inconsistent("A player who has been rendered unconscious shall not resume play in any game that day.",
                               "Ningún jugador que haya perdido el conocimiento puede volver a jugar ningún partido ese día.")
    allowed = case.called_or("time_allowed_s", None)
    limit_en, limit_es = duration(RECOVERY.value)
    if allowed is not None and allowed > RECOVERY.value:
        if any(case.facts.get(name) for name in EXTRA_TIME):
            return _d.discretionary(
                f"Time beyond {limit_en} was allowed, as extra time the Umpires may grant or that removing the "
                "player from the field required.",
                f"Se concedió tiempo más allá de {limit_es}, como tiempo adicional que los Umpires pueden conceder o "
                "que requirió retirar al jugador de la cancha.")
        case.require(*EXTRA_TIME)  # neither recorded as granted: both must be known to be false
        return _d.inconsistent(
            f"The game was continued after {minutes(allowed)}; it shall continue not more than {limit_en} after the "
            "stoppage unless extra time was granted or removing the player needed it.",
            f"El partido se reanudó tras {minutes(allowed)}; debe continuar a más tardar {limit_es} después de la "
            "detención salvo tiempo adicional concedido o necesario para retirar al jugador.")
    return _d.consistent(f"Play stopped for the injured player, with no more than the {limit_en} to recover.",
                         f"Juego detenido por el jugador lesionado, sin superar los {limit_es} de recuperación.")


def _recurrence(case: Case) -> Verdict:
    """'There shall be no subsequent time-outs for a recurrence of the same injury.'"""
    allowed = case.called_or("time_allowed_s", None)
    if allowed is None and case.called("whistle") != "none":
        allowed = case.called("time_allowed_s")  # play stopped: was time given? named if not recorded
    if allowed:
        return _d.inconsistent("There shall be no subsequent time-outs for a recurrence of the same injury.",
                               "No habrá tiempos muertos posteriores por una recaída de la misma lesión.")
    return _d.consistent("No time-out was given for the recurrence of the same injury.",
                         "No se concedió tiempo muerto por la recaída de la misma lesión.")


INJURY = Provision(
    id="21.d",
    title=say("Injury to player", "Lesión de un jugador"),
    source=(Source("Injury to Player"),),
    facts=(
        yes_no("unconscious", "The player was rendered unconscious", "El jugador perdió el conocimiento"),
        yes_no("recurrence_of_same_injury", "A recurrence of an injury already given a time-out",
               "Recaída de una lesión que ya tuvo tiempo muerto"),
        yes_no("extra_time_granted", "The Umpires granted additional time", "Los Umpires concedieron tiempo adicional",
               required=False),
        yes_no("removal_needed_more_time", "Treatment on the field needed more time to remove the player",
               "La atención en la cancha requirió más tiempo para retirar al jugador", required=False),
        yes_no("resumed_play", "The player resumed play", "El jugador volvió a jugar", required=False),
        Fact("injury", "text", say("Which injury (to follow recurrences)", "Qué lesión (para seguir recaídas)"),
             required=False),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_ONCE,
    restart=say("Play continues as soon as the player can resume or is substituted",
                "El juego continúa en cuanto el jugador puede seguir o es sustituido"),
    mount=None,
    penalty=None,
    judge=judge_injury,
    parameters=(P.INJURY_RECOVERY,),
    summary=say("Stop at once; 10 minutes to recover unless extra time is granted; no time-out for a recurrence; an "
                "unconscious player does not play again that day.",
                "Detener de inmediato; 10 minutos para recuperarse salvo tiempo adicional; sin tiempo muerto por "
                "recaída; un jugador inconsciente no vuelve a jugar ese día."),
)

# --- 21.e Player falls off -------------------------------------------------------------------------
_e = Verdicts("21.e")


def judge_player_falls(case: Case) -> Verdict:
    whistle = case.called("whistle")
    en, es = whistle_words(whistle)
    if case.fact("may_be_injured_or_in_jeopardy"):
        if whistle == "at_once":
            return _e.consistent("The player may have been injured or in jeopardy: play stopped immediately.",
                                 "El jugador podía estar lesionado o en peligro: el juego se detuvo de inmediato.")
        return _e.inconsistent(f"A fallen player who may be injured or in jeopardy requires an immediate stop; the Umpire {en}.",
                               f"Un jugador caído que puede estar lesionado o en peligro exige detener de inmediato; el Umpire {es}.")
    if case.has("clear_fall") and not case.fact("clear_fall"):
        return _e.discretionary("What constitutes a fall is left to the Umpire's discretion.",
                                "Qué constituye una caída queda a criterio del Umpire.")
    if whistle == "none":
        return _e.inconsistent("After a fall the Umpire shall stop the game when the ball is in neutral territory.",
                               "Tras una caída el Umpire detendrá el partido cuando la bocha esté en territorio neutral.")
    if whistle == "at_once" and case.fact("imminent_scoring_opportunity"):
        return _e.inconsistent(
            "The whistle came at once and deprived a team of an imminent opportunity to score; with the player not in "
            "jeopardy, play stops when the ball is in neutral territory.",
            "El silbato inmediato privó a un equipo de una oportunidad inminente de gol; sin peligro para el jugador, "
            "el juego se detiene con la bocha en territorio neutral.")
    return _e.consistent(f"The Umpire {en} with no team deprived of an imminent chance to score.",
                         f"El Umpire {es} sin privar a ningún equipo de una oportunidad inminente de gol.")


PLAYER_FALLS = Provision(
    id="21.e",
    title=say("Player falls off", "Caída de un jugador"),
    source=(Source("Player Falls Off"),),
    facts=(
        yes_no("may_be_injured_or_in_jeopardy", "The player may be injured or in jeopardy of being injured",
               "El jugador puede estar lesionado o en peligro de lesionarse"),
        yes_no("imminent_scoring_opportunity", "At the fall a team had an imminent opportunity to score",
               "En la caída un equipo tenía una oportunidad inminente de gol", required=False),
        yes_no("clear_fall", "It was clearly a fall", "Fue claramente una caída", required=False),
    ),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=say("Not set by 21.e", "No lo fija 21.e"),
    mount=None,
    penalty=None,
    judge=judge_player_falls,
    summary=say("Stop when the ball is in neutral territory; immediately if the player may be injured or in jeopardy.",
                "Detener con la bocha en territorio neutral; de inmediato si el jugador puede estar lesionado o en peligro."),
)

# --- 21.h Lost helmet -------------------------------------------------------------------------------
_h = Verdicts("21.h")


def judge_lost_helmet(case: Case) -> Verdict:
    whistle = case.called("whistle")
    if whistle in ("neutral_play", "delayed"):
        return _h.consistent("Play was stopped when it reached a neutral position.",
                             "El juego se detuvo cuando llegó a una posición neutral.")
    if whistle == "none":
        return _h.inconsistent("If a helmet falls off, play shall be stopped as soon as possible at a neutral position.",
                               "Si se cae un casco, el juego se detendrá lo antes posible en una posición neutral.")
    if case.fact("play_neutral_when_lost"):
        return _h.consistent("Play was already neutral, so stopping at once was as soon as possible.",
                             "El juego ya estaba en posición neutral, así que detenerlo de inmediato era lo antes posible.")
    return _h.inconsistent("For a lost helmet play is stopped when it is in a neutral position, not in the middle of an attack.",
                           "Por pérdida del casco el juego se detiene en posición neutral, no en medio de un ataque.")


LOST_HELMET = Provision(
    id="21.h",
    title=say("Lost helmet", "Pérdida del casco"),
    source=(Source("Lost Helmet"),),
    facts=(yes_no("play_neutral_when_lost", "Play was in a neutral position when the helmet fell",
                  "El juego estaba en posición neutral cuando cayó el casco", required=False),),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=say("Not set by 21.h", "No lo fija 21.h"),
    mount=None,
    penalty=None,
    judge=judge_lost_helmet,
    summary=say("Stop as soon as possible when play is in a neutral position.",
                "Detener lo antes posible cuando el juego esté en posición neutral."),
)

PROVISIONS = (INJURY, PLAYER_FALLS, LOST_HELMET)
