"""The game: the whistle alone stops play (the rule's opening and closing words), 21.j period ends,
21.k suspension, 21.l inadvertent whistle."""

from __future__ import annotations

from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    STOP_NOT_AT_ALL,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    choice,
    say,
    yes_no,
)

_w = Verdicts("21.general.whistle")


def judge_whistle_only(case: Case) -> Verdict:
    if case.fact("stopped_without_whistle"):
        return _w.inconsistent("Play and the clock were stopped without the Umpire's whistle; the game is stopped only by the whistle.",
                               "El juego y el reloj se detuvieron sin el silbato del Umpire; el juego solo se detiene con el silbato.")
    return _w.consistent("Play was continuous until the Umpire's whistle.", "El juego fue continuo hasta el silbato del Umpire.")


WHISTLE_ONLY = Provision(
    id="21.general.whistle",
    title=say("Only the whistle stops play", "Solo el silbato detiene el juego"),
    source=(Source("Play shall be continuous"),
            Source("The game is stopped only by the Umpire", en_to="Fouls involving safety", es_to="Los fouls que afectan")),
    facts=(yes_no("stopped_without_whistle", "Play or the clock stopped without the Umpire's whistle",
                  "El juego o el reloj se detuvieron sin el silbato del Umpire"),),
    stop=STOP_AT_DISCRETION,
    restart=say("Not applicable", "No corresponde"),
    mount=None,
    penalty=None,
    judge=judge_whistle_only,
    summary=say("Play and the clock run until the Umpire whistles; the Umpire has wide discretion whether and when to stop.",
                "El juego y el reloj corren hasta el silbato; el Umpire tiene amplio criterio sobre si detener y cuándo."),
)

_j = Verdicts("21.j")


def judge_period_ends(case: Case) -> Verdict:
    expired = case.fact("period_time_expired")
    whistle = case.called("whistle")
    if expired and whistle == "none":
        return _j.inconsistent("The Umpire shall stop the game at the end of each period.",
                               "El Umpire detendrá el partido al final de cada período.")
    if not expired and whistle != "none":
        return _j.inconsistent("The game was stopped as if the period had ended, but its time had not expired.",
                               "Se detuvo el partido como si el período hubiera terminado, pero su tiempo no había expirado.")
    return _j.consistent("The period ended with the Umpire stopping the game.", "El período terminó con el Umpire deteniendo el partido.")


PERIOD_ENDS = Provision(
    id="21.j", title=say("Period ends", "Fin del período"), source=(Source("Period Ends"),),
    facts=(yes_no("period_time_expired", "The period's time had expired", "El tiempo del período había expirado"),),
    stop=STOP_AT_ONCE, restart=say("The next period", "El período siguiente"), mount=None, penalty=None,
    judge=judge_period_ends,
    summary=say("The game is stopped at the end of each period.", "El partido se detiene al final de cada período."),
)

_k = Verdicts("21.k")
SUSPENSION_REASONS = ("darkness", "inclement_weather", "other")
REASON_WORDS = {"darkness": ("darkness", "oscuridad"), "inclement_weather": ("inclement weather", "mal tiempo")}


def judge_suspension(case: Case) -> Verdict:
    reason = case.fact("reason")
    if reason == "other" and not case.fact("officials_agree"):
        return _k.inconsistent("A suspension for another reason needs the Umpires, the Referee and the Host Tournament "
                               "Committee to believe it in the best interest of the game.",
                               "Una suspensión por otro motivo requiere que los Umpires, el Referí y el Comité "
                               "Organizador la consideren en interés del partido.")
    en, es = REASON_WORDS.get(reason, (
        "a reason the Umpires, the Referee and the Host Tournament Committee believe in the best interest of the game",
        "un motivo que los Umpires, el Referí y el Comité Organizador del Torneo consideran en interés del partido"))
    return _k.discretionary(f"The Umpire may suspend the game for {en}.", f"El Umpire puede suspender el partido por {es}.")


SUSPENSION = Provision(
    id="21.k", title=say("Suspension of game", "Suspensión del partido"), source=(Source("Suspension of Game"),),
    facts=(choice("reason", "Reason for the suspension", "Motivo de la suspensión", SUSPENSION_REASONS),
           yes_no("officials_agree", "Umpires, Referee and Host Tournament Committee believe it in the game's interest",
                  "Umpires, Referí y Comité Organizador lo consideran en interés del partido", required=False)),
    stop=STOP_AT_DISCRETION, restart=say("When the game is resumed", "Cuando se reanude el partido"), mount=None, penalty=None,
    judge=judge_suspension,
    summary=say("The Umpire may suspend for darkness, inclement weather or another reason the officials agree on.",
                "El Umpire puede suspender por oscuridad, mal tiempo u otro motivo que acuerden los oficiales."),
)

_l = Verdicts("21.l")


def judge_inadvertent_whistle(case: Case) -> Verdict:
    restart = case.called("restart")
    if case.fact("fair_play_possession_applies"):
        if restart != "fair_play_possession":
            return _l.inconsistent("Rule 22.h (Fair Play Possession) applies, so play restarts under it, not with a throw-in.",
                                   "Se aplica la Regla 22.h (Posesión por Juego Limpio), así que el juego se reanuda según ella.",
                                   cites=("21.l", "22.h"))
        return _l.consistent("Restarted under Rule 22.h, the exception 21.l names.", "Reanudado según la Regla 22.h, la excepción que nombra 21.l.",
                             cites=("21.l", "22.h"))
    if restart not in ("throw_in_toward_boards", "throw_in"):
        return _l.inconsistent("After an inadvertent whistle there shall be a throw-in toward the boards or sideline at the point play was stopped.",
                               "Tras un silbato involuntario habrá un throw-in hacia las tablas o la línea lateral donde se detuvo el juego.")
    return _l.consistent("Throw-in toward the boards at the point of the inadvertent whistle.",
                         "Throw-in hacia las tablas en el punto del silbato involuntario.")


INADVERTENT_WHISTLE = Provision(
    id="21.l", title=say("Inadvertent whistle", "Silbato involuntario"), source=(Source("Inadvertent Whistle"),),
    facts=(yes_no("fair_play_possession_applies", "Rule 22.h (Fair Play Possession) applies",
                  "Se aplica la Regla 22.h (Posesión por Juego Limpio)"),),
    stop=STOP_NOT_AT_ALL,
    restart=say("Throw-in toward the boards or sideline where play stopped, unless Rule 22.h applies",
                "Throw-in hacia las tablas o la línea lateral donde se detuvo, salvo que se aplique la Regla 22.h"),
    mount=None, penalty=None, judge=judge_inadvertent_whistle,
    summary=say("An inadvertent whistle is followed by a throw-in toward the boards where play stopped, except under Rule 22.h.",
                "Un silbato involuntario va seguido de un throw-in hacia las tablas donde se detuvo, salvo la Regla 22.h."),
)

PROVISIONS = (WHISTLE_ONLY, PERIOD_ENDS, SUSPENSION, INADVERTENT_WHISTLE)
