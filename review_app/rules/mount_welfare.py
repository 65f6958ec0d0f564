"""Injured, distressed and tired mounts: 21.f(1)(i) visibly injured or distressed, 21.f(1)(ii) not
visibly injured, and 21.f(2) the courtesy change."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import (
    ALREADY_STOPPED,
    duration,
    minutes,
)
from review_app.rules.mounts import (
    ALL_MAY_CHANGE,
    MAY_NOT_RETURN,
    UNWARRANTED_DELAY,
    WELFARE,
    delay_penalized,
    recorded_excused,
    stopped_at_once,
)
from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    incomplete,
    say,
    seconds,
    yes_no,
)

# --- 21.f(1)(i) visibly injured or distressed ---------------------------------------------------------
_f1i = Verdicts("21.f(1)(i)")


def judge_visibly_injured(case: Case) -> Verdict:
    if not case.fact("visibly_injured_or_distressed"):
        return _f1i.inconsistent("The mount was not visibly injured: that case is 21.f(1)(ii), not 21.f(1)(i).",
                                 "El caballo no estaba visiblemente lesionado: ese caso es 21.f(1)(ii), no 21.f(1)(i).")
    bad = stopped_at_once(_f1i, case, "A visibly injured or distressed mount", "Un caballo visiblemente lesionado o angustiado")
    bad = bad or recorded_excused(_f1i, case)
    if bad:
        return bad
    announcement = case.call.get("announcement")
    if announcement is not None and ALL_MAY_CHANGE not in announcement.upper():
        return _f1i.inconsistent('The Umpires should announce "ALL MAY CHANGE".',
                                 'Los Umpires deberían anunciar "ALL MAY CHANGE" (todos pueden cambiar).')
    if case.called("restart") not in ("throw_in", "throw_in_toward_boards"):
        return _f1i.inconsistent("Play restarts with a throw-in when the player has returned on another mount.",
                                 "El juego se reanuda con un throw-in cuando el jugador regresa en otro caballo.")
    bad = delay_penalized(_f1i, case)
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
    bad = stopped_at_once(_f1ii, case, "A player informed the Umpires that the mount was injured or distressed",
                           "Un jugador informó a los Umpires que su caballo estaba lesionado o angustiado")
    if bad:
        return bad
    if not case.fact("player_changed_mount"):
        return _f1ii.discretionary("The Umpires may, not must, instruct the player to change a mount that is not visibly injured.",
                                   "Los Umpires pueden, no deben, indicar al jugador que cambie un caballo no visiblemente lesionado.")
    if case.fact("teammates_changed_mounts"):
        return _f1ii.inconsistent("No other player on the team may change mounts when one mount is changed under 21.f(1)(ii).",
                                  "Ningún otro jugador del equipo puede cambiar de caballo en un cambio por 21.f(1)(ii).")
    bad = recorded_excused(_f1ii, case)
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
    bad = delay_penalized(_f2, case)
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


PROVISIONS = (VISIBLY_INJURED, NOT_VISIBLY_INJURED, COURTESY_CHANGE)
