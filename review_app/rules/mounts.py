"""Mounts: 21.f fallen or injured mount: (1)(i) visibly injured or distressed, (1)(ii) not visibly
injured, (2) courtesy change, (3) mount falls, (4) player's time-out for a mount, (5) returning an
excused mount (forfeiture)."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, missed_stop, whistle_words
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
    incomplete,
    say,
    seconds,
    yes_no,
)

WELFARE = Source("The primary responsibility for the welfare")
# 21.f(5): the provisions under which an excused mount may not return (forfeiture if it does).
EXCUSING_CLAUSES = ("21.f(1)(i)", "21.f(1)(ii)", "21.f(3)", "21.f(4)")
MAY_NOT_RETURN = say("The excused mount may not play again in the game", "El caballo excusado no podrá volver a jugar en el partido")
ALL_MAY_CHANGE = "ALL MAY CHANGE"


def excusal_contradicted(situation: str, facts: dict) -> dict[str, str] | None:
    """Why the facts of an event that recorded a mount as excused show a mount its clause lets return
    (so a later return is no 21.f(5) forfeiture), or None if they do not show that."""
    if situation == "21.f(3)" and facts.get("mount_sound") is True:
        return say("it trotted out sound after its fall, and a sound mount may return to the game",
                   "salió sano al trote tras su caída, y un caballo sano puede volver al partido")
    if situation == "21.f(4)" and facts.get("player_requested_timeout") is False:
        return say("it was changed as the game proceeded, without a time-out, and may be played later",
                   "se cambió con el juego en curso, sin tiempo muerto, y puede jugarse más tarde")
    if situation in ("21.f(4)", "21.f(1)(ii)") and facts.get("player_changed_mount") is False:
        return say("it was not changed", "no se cambió")
    return None


def _stopped_at_once(v: Verdicts, case: Case, what_en: str, what_es: str) -> Verdict | None:
    late = missed_stop(case)
    if late:
        en, es = whistle_words(late)
        return v.inconsistent(f"{what_en}: the Umpires should stop play immediately; the Umpire {en}.",
                              f"{what_es}: los Umpires deberían detener el juego de inmediato; el Umpire {es}.")
    return None


# "Any unwarranted delay ... will be penalized" (21.f(1)(i) on the player's part, 21.f(2) by either team).
UNWARRANTED_DELAY = yes_no("unwarranted_delay", "A player delayed the restart without good reason",
                           "Un jugador demoró la reanudación sin justificación", required=False)


def _delay_penalized(v: Verdicts, case: Case) -> Verdict | None:
    if case.has(UNWARRANTED_DELAY.name) and case.fact(UNWARRANTED_DELAY.name) and case.called("penalty") == "none":
        return v.inconsistent("Any unwarranted delay will be penalized; the delay went unpenalized.",
                              "Cualquier demora injustificada será sancionada; la demora no se sancionó.")
    return None


def _excused(v: Verdicts, case: Case) -> Verdict | None:
    if case.called("mount_excused") is not True:
        return v.inconsistent("The mount must be recorded as excused: it may not play again in the game.",
                              "El caballo debe quedar registrado como excusado: no podrá volver a jugar en el partido.")
    return None


# --- 21.f(1)(i) visibly injured or distressed ---------------------------------------------------------
_f1i = Verdicts("21.f(1)(i)")


def judge_visibly_injured(case: Case) -> Verdict:
    if not case.fact("visibly_injured_or_distressed"):
        return _f1i.inconsistent("The mount was not visibly injured: that case is 21.f(1)(ii), not 21.f(1)(i).",
                                 "El caballo no estaba visiblemente lesionado: ese caso es 21.f(1)(ii), no 21.f(1)(i).")
    bad = _stopped_at_once(_f1i, case, "A visibly injured or distressed mount", "Un caballo visiblemente lesionado o angustiado")
    bad = bad or _excused(_f1i, case)
    if bad:
        return bad
    announcement = case.call.get("announcement")
    if announcement is not None and ALL_MAY_CHANGE not in announcement.upper():
        return _f1i.inconsistent('The Umpires should announce "ALL MAY CHANGE".',
                                 'Los Umpires deberían anunciar "ALL MAY CHANGE" (todos pueden cambiar).')
    if case.called("restart") not in ("throw_in", "throw_in_toward_boards"):
        return _f1i.inconsistent("Play restarts with a throw-in when the player has returned on another mount.",
                                 "El juego se reanuda con un throw-in cuando el jugador regresa en otro caballo.")
    bad = _delay_penalized(_f1i, case)
    if bad:
        return bad
    return _f1i.consistent("Play stopped, the mount excused and a throw-in on the player's return on another mount.",
                           "Juego detenido, caballo excusado y throw-in al regreso del jugador en otro caballo.")


VISIBLY_INJURED = Provision(
    id="21.f(1)(i)",
    title=say("Mount visibly injured or distressed", "Caballo visiblemente lesionado o angustiado"),
    source=(WELFARE, Source("The Umpires determine that the mount is visibly injured")),
    facts=(yes_no("visibly_injured_or_distressed", "The Umpires determined the mount visibly injured or distressed",
                  "Los Umpires determinaron que el caballo estaba visiblemente lesionado o angustiado"),
           ALREADY_STOPPED, UNWARRANTED_DELAY),
    stop=STOP_AT_ONCE,
    restart=say("Throw-in when the player returns on another mount", "Throw-in cuando el jugador regresa en otro caballo"),
    mount=MAY_NOT_RETURN,
    penalty=say("Any unwarranted delay by the player is penalized", "Cualquier demora injustificada del jugador se sanciona"),
    judge=judge_visibly_injured,
    summary=say('Stop at once (unless play is already stopped), announce "ALL MAY CHANGE", lead the mount off, throw-in '
                'on return; the mount is excused; an unwarranted delay is penalized.',
                'Detener de inmediato (salvo que el juego ya esté detenido), anunciar "ALL MAY CHANGE", retirar el caballo, '
                'throw-in al regreso; el caballo queda excusado; una demora injustificada se sanciona.'),
)

# --- 21.f(1)(ii) not visibly injured ---------------------------------------------------------------------
_f1ii = Verdicts("21.f(1)(ii)")


def judge_not_visibly_injured(case: Case) -> Verdict:
    if case.fact("visibly_injured_or_distressed"):
        return _f1ii.inconsistent("The mount was visibly injured or distressed: that case is 21.f(1)(i).",
                                  "El caballo estaba visiblemente lesionado o angustiado: ese caso es 21.f(1)(i).")
    # The opening words of 21.f(1) govern both cases: "in which case they should stop play immediately".
    bad = _stopped_at_once(_f1ii, case, "A player informed the Umpires that the mount was injured or distressed",
                           "Un jugador informó a los Umpires que su caballo estaba lesionado o angustiado")
    if bad:
        return bad
    if not case.fact("player_changed_mount"):
        return _f1ii.discretionary("The Umpires may, not must, instruct the player to change a mount that is not visibly injured.",
                                   "Los Umpires pueden, no deben, indicar al jugador que cambie un caballo no visiblemente lesionado.")
    if case.fact("teammates_changed_mounts"):
        return _f1ii.inconsistent("No other player on the team may change mounts when one mount is changed under 21.f(1)(ii).",
                                  "Ningún otro jugador del equipo puede cambiar de caballo en un cambio por 21.f(1)(ii).")
    bad = _excused(_f1ii, case)
    if bad:
        return bad
    return _f1ii.consistent("The player changed as the Umpires instructed and the mount was excused; play resumes as soon "
                            "as it is off the field.",
                            "El jugador cambió como indicaron los Umpires y el caballo quedó excusado; el juego se reanuda "
                            "en cuanto está fuera de la cancha.")


NOT_VISIBLY_INJURED = Provision(
    id="21.f(1)(ii)",
    title=say("Mount not visibly injured", "Caballo no visiblemente lesionado"),
    source=(WELFARE, Source("The Umpires determine that the mount is not visibly injured")),
    facts=(
        yes_no("visibly_injured_or_distressed", "The Umpires determined the mount visibly injured or distressed",
               "Los Umpires determinaron que el caballo estaba visiblemente lesionado o angustiado"),
        yes_no("player_changed_mount", "The player changed the mount", "El jugador cambió el caballo"),
        yes_no("teammates_changed_mounts", "Other players of the team changed mounts", "Otros jugadores del equipo cambiaron de caballo"),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_ONCE,
    restart=say("Play resumes as soon as the mount is off the field", "El juego se reanuda en cuanto el caballo está fuera"),
    mount=MAY_NOT_RETURN,
    penalty=None,
    judge=judge_not_visibly_injured,
    summary=say("Stop at once when a player reports the mount (unless play is already stopped); the Umpires may have the "
                "player lead it off by the shortest line; no teammate may change; the mount is excused.",
                "Detener de inmediato cuando un jugador informa del caballo (salvo que el juego ya esté detenido); los Umpires "
                "pueden hacer que el jugador lo saque por la línea más corta; ningún compañero cambia; el caballo queda excusado."),
)

# --- 21.f(2) courtesy change ----------------------------------------------------------------------------------
_f2 = Verdicts("21.f(2)")
COURTESY_RESTARTS = ("throw_in", "penalty", "free_hit", "knock_in")


def judge_courtesy_change(case: Case) -> Verdict:
    announced = case.match.courtesy_changes_announced
    if announced is None:
        return incomplete("21.f(2)", ["match.announcements.courtesy_changes_allowed"])
    if not announced:
        return _f2.inconsistent("A courtesy change must be determined and communicated to the teams before the game begins.",
                                "El cambio de cortesía debe determinarse y comunicarse a los equipos antes de que empiece el partido.")
    if not case.fact("ball_out_of_play_or_neutral"):
        return _f2.inconsistent("A courtesy change is allowed only when the ball is out of play or at a neutral play.",
                                "El cambio de cortesía solo se permite con la bocha fuera de juego o en una jugada neutral.")
    minute_en, minute_es = duration(P.COURTESY_CHANGE.value)
    allowed = case.called("time_allowed_s")
    if allowed != P.COURTESY_CHANGE.value:
        en, es = minute_en, minute_es
        return _f2.inconsistent(
            f"{en.capitalize()} shall be allowed for a courtesy change, play restarting after it has elapsed; the time "
            f"allowed was {minutes(allowed)}.",
            f"Se concede {es} para el cambio de cortesía y el juego se reanuda una vez transcurrido; el tiempo "
            f"concedido fue de {minutes(allowed)}.")
    if case.called("restart") not in COURTESY_RESTARTS:
        return _f2.inconsistent(f"After {minute_en} play restarts with a throw-in, penalty, free hit or knock-in, as the case may be.",
                                f"Tras {minute_es} el juego se reanuda con throw-in, penal, tiro libre o saque de fondo, según corresponda.")
    if case.call.get("mount_excused"):
        return _f2.inconsistent("A courtesy change does not excuse the mount; 21.f(5) names only 21.f(1), (3) and (4).",
                                "Un cambio de cortesía no excusa al caballo; 21.f(5) solo nombra 21.f(1), (3) y (4).")
    bad = _delay_penalized(_f2, case)
    if bad:
        return bad
    elapsed = case.facts.get("elapsed_in_period_s")
    if elapsed is not None and elapsed < P.COURTESY_CHANGE_IDEAL_ELAPSED.value:
        en, es = duration(P.COURTESY_CHANGE_IDEAL_ELAPSED.value)
        return _f2.discretionary(f"A courtesy change was allowed before {en} had elapsed in the period; ideally it comes after.",
                                 f"Se permitió el cambio de cortesía antes de transcurridos {es} del período; idealmente es después.")
    return _f2.discretionary(f"A courtesy change announced before the game, at a neutral play, with {minute_en} to change.",
                             f"Cambio de cortesía anunciado antes del partido, en jugada neutral, con {minute_es} para cambiar.")


COURTESY_CHANGE = Provision(
    id="21.f(2)",
    title=say("Courtesy change", "Cambio de cortesía"),
    source=(Source("The Host Tournament Committee or Umpires have the authority"),),
    facts=(
        yes_no("ball_out_of_play_or_neutral", "The ball was out of play or at a neutral play",
               "La bocha estaba fuera de juego o en una jugada neutral"),
        seconds("elapsed_in_period_s", "Time elapsed in the period", "Tiempo transcurrido en el período", required=False),
        UNWARRANTED_DELAY,
    ),
    stop=STOP_AT_DISCRETION,
    restart=say("Throw-in, penalty, free hit or knock-in after one minute", "Throw-in, penal, tiro libre o saque de fondo tras un minuto"),
    mount=say("Not excused: the mount may return", "No queda excusado: el caballo puede volver"),
    penalty=say("Any unwarranted delay by either team is penalized", "Cualquier demora injustificada se sanciona"),
    judge=judge_courtesy_change,
    parameters=(P.COURTESY_CHANGE, P.COURTESY_CHANGES_PER_PERIOD, P.COURTESY_CHANGE_IDEAL_ELAPSED,
                P.COURTESY_UMPIRE_HORSES, P.COURTESY_UMPIRE_HORSES_MIN_PERIODS),
    summary=say("Only if announced before the game: one courtesy change per period, ball out of play or neutral, one "
                "minute, not more and not less; an unwarranted delay is penalized.",
                "Solo si se anunció antes del partido: un cambio de cortesía por período, bocha fuera o neutral, un minuto, "
                "ni más ni menos; una demora injustificada se sanciona."),
)

# --- 21.f(3) mount falls ------------------------------------------------------------------------------------------
_f3 = Verdicts("21.f(3)")


def judge_mount_falls(case: Case) -> Verdict:
    bad = _stopped_at_once(_f3, case, "A mount fell", "Un caballo se cayó")
    if bad:
        return bad
    if not case.fact("mount_sound"):
        if case.called("mount_excused") is not True:
            return _f3.inconsistent("The fallen mount was not sound: the player must change under 21.f(1)(i) and the mount is excused.",
                                    "El caballo caído no estaba sano: el jugador debe cambiar según 21.f(1)(i) y el caballo queda excusado.",
                                    cites=("21.f(3)", "21.f(1)(i)"))
        return _f3.consistent("Stopped at once; the unsound mount was changed and excused.",
                              "Detenido de inmediato; el caballo no sano se cambió y quedó excusado.")
    if case.call.get("mount_excused"):
        return _f3.inconsistent("The mount trotted out sound; if the player elects to change, the mount may return to the game.",
                                "El caballo salió sano al trote; si el jugador elige cambiar, el caballo puede volver al partido.")
    return _f3.consistent("Stopped at once; the mount trotted out sound, so the player may remount or change and it may return.",
                          "Detenido de inmediato; el caballo salió sano, el jugador puede volver a montar o cambiar y puede volver.")


MOUNT_FALLS = Provision(
    id="21.f(3)",
    title=say("Mount falls", "Caída del caballo"),
    source=(Source("Mount Falls"),),
    facts=(yes_no("mount_sound", "Trotted and examined, the mount was sound with no evidence of injury",
                  "Trotado y examinado, el caballo estaba sano y sin indicios de lesión"),
           ALREADY_STOPPED),
    stop=STOP_AT_ONCE,
    restart=say("Not set by 21.f(3)", "No lo fija 21.f(3)"),
    mount=say("If unsound, excused under 21.f(1)(i); if sound, it may return", "Si no está sano, excusado por 21.f(1)(i); si está sano, puede volver"),
    penalty=None,
    judge=judge_mount_falls,
    summary=say("Stop at once; the mount is trotted and examined; a sound mount may be remounted or return, an unsound one is excused.",
                "Detener de inmediato; el caballo se trota y examina; uno sano puede volver, uno no sano queda excusado."),
)

# --- 21.f(4) player's time-out for a mount --------------------------------------------------------------------------
_f4 = Verdicts("21.f(4)")


def judge_mount_timeout(case: Case) -> Verdict:
    if not case.fact("player_requested_timeout"):
        # Worked example: "If Blue changes as the game proceeds, the mount may be played later."
        if case.call.get("mount_excused"):
            return _f4.inconsistent("A mount changed as the game proceeds, without a time-out, is not excused and may be played later.",
                                    "Un caballo cambiado con el juego en curso, sin tiempo muerto, no queda excusado y puede jugarse más tarde.")
        return _f4.consistent("Changed without a time-out: the mount may be played later.",
                              "Cambio sin tiempo muerto: el caballo puede jugarse más tarde.")
    whistle = case.called("whistle")
    # The Umpires' discretion is when to stop, "immediately or at a neutral play", not whether to.
    if whistle == "none" and case.facts.get(ALREADY_STOPPED.name) is not True:
        return _f4.inconsistent("A player asked for a time-out for the mount and play was not stopped; the Umpires stop the "
                                "game immediately or at a neutral play, at their discretion.",
                                "Un jugador pidió tiempo muerto por el caballo y no se detuvo el juego; los Umpires detienen "
                                "el partido de inmediato o en una jugada neutral, a su criterio.")
    if case.has("teammates_changed_mounts") and case.fact("teammates_changed_mounts") and case.called("penalty") == "none":
        return _f4.inconsistent("Teammates changed mounts during the time-out: an appropriate penalty goes to the opposing team.",
                                "Compañeros cambiaron de caballo durante el tiempo muerto: se otorga un penal apropiado al rival.")
    if case.fact("player_changed_mount"):
        if case.called("mount_excused") is not True:
            return _f4.inconsistent("The mount changed in a player's time-out may not return to the game: it is excused.",
                                    "El caballo cambiado en un tiempo muerto del jugador no puede volver al partido: queda excusado.")
        allowed = case.called_or("time_allowed_s", 0)
        if allowed > P.MOUNT_CHANGE_TIMEOUT.value:
            en, es = duration(P.MOUNT_CHANGE_TIMEOUT.value)
            return _f4.inconsistent(f"The player has {en} to change mounts; the time allowed was {minutes(allowed)}.",
                                    f"El jugador dispone de {es} para cambiar de caballo; el tiempo concedido fue de "
                                    f"{minutes(allowed)}.")
    elif case.call.get("mount_excused"):
        return _f4.inconsistent("The mount was checked and remounted, not changed; it is not excused.",
                                "El caballo se revisó y se volvió a montar, no se cambió; no queda excusado.")
    if whistle == "none":
        return _f4.consistent("The time-out was asked for while play was already stopped, and the mount handled as 21.f(4) says.",
                              "El tiempo muerto se pidió con el juego ya detenido y el caballo se trató como dice 21.f(4).")
    en, es = whistle_words(whistle)
    return _f4.discretionary(f"The Umpire {en}; stopping immediately or at a neutral play is at the Umpires' discretion.",
                             f"El Umpire {es}; detener de inmediato o en jugada neutral queda a criterio de los Umpires.")


MOUNT_TIMEOUT = Provision(
    id="21.f(4)",
    title=say("Player's time-out for an injured mount", "Tiempo muerto del jugador por caballo lesionado"),
    source=(Source("Player Time Out for Injured Mount"),),
    facts=(
        yes_no("player_requested_timeout", "The player asked for a time-out for the mount",
               "El jugador pidió tiempo muerto por el caballo"),
        yes_no("player_changed_mount", "The player changed the mount", "El jugador cambió el caballo"),
        yes_no("teammates_changed_mounts", "Teammates changed mounts before play resumed",
               "Compañeros cambiaron de caballo antes de reanudarse el juego", required=False),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_DISCRETION,
    restart=say("Play resumes; immediately after a penalty for teammates changing", "El juego se reanuda; de inmediato tras penal por cambios de compañeros"),
    mount=MAY_NOT_RETURN,
    penalty=say("Teammates changing mounts: an appropriate penalty to the opposing team",
                "Compañeros que cambian de caballo: penal apropiado al equipo contrario"),
    judge=judge_mount_timeout,
    parameters=(P.MOUNT_CHANGE_TIMEOUT,),
    summary=say("Stop immediately or at a neutral play (when, not whether, is the Umpires' call); 5 minutes to change; the "
                "changed mount is excused; teammates may not change.",
                "Detener de inmediato o en jugada neutral (los Umpires deciden cuándo, no si se detiene); 5 minutos para cambiar; el "
                "caballo cambiado queda excusado; los compañeros no cambian."),
)

# --- 21.f(5) returning an excused mount ----------------------------------------------------------------------------------
_f5 = Verdicts("21.f(5)")


def judge_returned_mount(case: Case) -> Verdict:
    under = case.fact("excused_under")
    penalty = case.called("penalty")
    if under not in EXCUSING_CLAUSES:
        if penalty == "forfeiture":
            return _f5.inconsistent("The mount had not been excused under 21.f(1), 21.f(3) or 21.f(4): no forfeiture.",
                                    "El caballo no había sido excusado por 21.f(1), 21.f(3) o 21.f(4): no hay pérdida del partido.")
        return _f5.consistent("The mount had not been excused under 21.f(1), (3) or (4), so it may play.",
                              "El caballo no había sido excusado por 21.f(1), (3) o (4), así que puede jugar.")
    if not case.fact("detected_during_game") and not case.fact("evidence_within_24_hours"):
        hours = P.FORFEITURE_EVIDENCE_WINDOW.value / 3600
        if penalty == "forfeiture":
            return _f5.inconsistent(
                f"Forfeiture was exacted on evidence presented more than {hours:g} hours after the game; 21.f(5) grounds "
                f"it only on conclusive evidence within {hours:g} hours.",
                f"Se aplicó la pérdida del partido con una prueba presentada más de {hours:g} horas después del partido; "
                f"21.f(5) solo la funda en una prueba concluyente dentro de las {hours:g} horas.")
        return _f5.consistent(
            f"The evidence came more than {hours:g} hours after the game; it cannot ground a forfeiture under 21.f(5).",
            f"La prueba llegó más de {hours:g} horas después del partido; no puede fundar una pérdida del partido por 21.f(5).")
    if penalty != "forfeiture":
        return _f5.inconsistent(
            f"A mount excused under {under} was returned to play: the penalty shall be forfeiture, and unlike other "
            "penalties it must be exacted, during or after the game.",
            f"Un caballo excusado por {under} volvió a jugar: la sanción es la pérdida del partido y, a diferencia de "
            "otras sanciones, debe aplicarse, durante o después del partido.", mandatory=True)
    return _f5.consistent(f"Forfeiture exacted for returning a mount excused under {under}.",
                          f"Pérdida del partido aplicada por volver a jugar un caballo excusado por {under}.", mandatory=True)


RETURNED_MOUNT = Provision(
    id="21.f(5)",
    title=say("Returning an excused mount: forfeiture", "Volver a jugar un caballo excusado: pérdida del partido"),
    source=(Source("If a player returns a mount to play after it has been excused"),),
    facts=(
        choice("excused_under", "The clause the mount was excused under", "Disposición por la que se excusó el caballo",
               EXCUSING_CLAUSES + ("not_excused",)),
        yes_no("detected_during_game", "The violation was detected during the game", "La infracción se detectó durante el partido"),
        yes_no("evidence_within_24_hours", "Conclusive evidence was presented within 24 hours after the game",
               "Se presentó prueba concluyente dentro de las 24 horas posteriores al partido", required=False),
    ),
    stop=STOP_NOT_AT_ALL,
    restart=say("None: the game is forfeited", "Ninguno: se pierde el partido"),
    mount=MAY_NOT_RETURN,
    penalty=say("Forfeiture, which must be exacted", "Pérdida del partido, que debe aplicarse"),
    judge=judge_returned_mount,
    parameters=(P.FORFEITURE_EVIDENCE_WINDOW,),
    summary=say("A mount excused under 21.f(1), (3) or (4) that plays again means forfeiture, mandatory, also on "
                "conclusive evidence within 24 hours after the game.",
                "Un caballo excusado por 21.f(1), (3) o (4) que vuelve a jugar supone pérdida del partido, obligatoria, "
                "también con prueba concluyente dentro de las 24 horas posteriores."),
)

PROVISIONS = (VISIBLY_INJURED, NOT_VISIBLY_INJURED, COURTESY_CHANGE, MOUNT_FALLS, MOUNT_TIMEOUT, RETURNED_MOUNT)
