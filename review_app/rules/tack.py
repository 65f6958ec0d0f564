"""Tack and equipment: 21.g broken tack, and the paragraph on damaged or broken equipment."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import ALREADY_STOPPED, duration, minutes, missed_stop, whistle_words
from review_app.rules.provision import (
    STOP_AT_NEUTRAL_PLAY,
    STOP_AT_ONCE,
    Case,
    MissingFact,
    Provision,
    Source,
    Verdict,
    Verdicts,
    choice,
    say,
    yes_no,
)

ITEMS = ("girth", "martingale", "rein", "bit", "curb_chain", "bandages_or_boots", "stirrup_leather",
         "stirrup_hanger", "mallet", "other")
_g = Verdicts("21.g")
_ge = Verdicts("21.g.equipment")


def six_goal_provision_applies(case: Case) -> bool:
    """21.g: the 5-minute allowance needs BOTH an upper handicap of 6 goals or less AND its communication to the
    teams before the game. Either known to fail settles it; otherwise what is unknown is named."""
    m = case.match
    if m.tack_provision_announced is False:
        return False
    if m.upper_handicap is not None and m.upper_handicap > P.TACK_PROVISION_MAX_HANDICAP.value:
        return False
    missing = [name for name, value in (("match.announcements.tack_provision_6_goal", m.tack_provision_announced),
                                        ("match.upper_handicap", m.upper_handicap)) if value is None]
    if missing:
        raise MissingFact(*missing)
    return True


def judge_broken_tack(case: Case) -> Verdict:
    changed = case.has("player_changed_mount") and case.fact("player_changed_mount")
    if changed and not case.called("mount_change_permitted"):
        # Worked example: changing horses in a tack time-out without permission violates 21.g.
        signalled = case.called_or("whistle", "none") == "at_once" or case.called_or("card", "none") != "none"
        if signalled and case.called_or("penalty", "none") != "none":
            return _g.consistent("Changing mounts without permission in a tack time-out was signalled as a dead-ball foul and penalized.",
                                 "Cambiar de caballo sin permiso en un tiempo muerto por montura se señaló como foul con bocha muerta y se sancionó.",
                                 cites=("21.g", "21.b.dead-ball"))
        return _g.inconsistent("The player changed mounts without permission: a violation of 21.g; the whistle or a yellow card "
                               "should signal the dead-ball foul and the appropriate penalty be applied.",
                               "El jugador cambió de caballo sin permiso: infracción de 21.g; el silbato o una tarjeta amarilla "
                               "debe señalar el foul con bocha muerta y aplicarse el penal correspondiente.",
                               cites=("21.g", "21.b.dead-ball"))
    if not case.fact("presents_danger"):
        return judge_damaged_equipment(case)
    late = missed_stop(case)
    if late:
        en, es = whistle_words(late)
        return _g.inconsistent(f"Tack presenting a danger stops the game immediately, wherever the ball is; the Umpire {en}.",
                               f"Una montura que representa un peligro detiene el partido de inmediato, esté donde esté la bocha; el Umpire {es}.")
    if case.has("player_rested_after_repair") and case.fact("player_rested_after_repair") \
            and case.called_or("restart", None) != "lineup":
        return _g.inconsistent("The repair was made: the Umpire should call for a lineup; a player is permitted only necessary time.",
                               "La reparación está hecha: el Umpire debe llamar a formar; solo se permite el tiempo necesario.")
    bad = _time_beyond_allowance(case)
    if bad:
        return bad
    if changed:
        return _g.discretionary("Permission to change mounts rather than repair may be granted if the change is quicker.",
                                "Puede permitirse cambiar de caballo en lugar de reparar si el cambio es más rápido.")
    return _g.consistent("Dangerous tack stopped play at once, with no more time than the rule allows.",
                         "La montura peligrosa detuvo el juego de inmediato, sin más tiempo del que permite la regla.")


def _time_beyond_allowance(case: Case) -> Verdict | None:
    allowed = case.call.get("time_allowed_s")
    if not allowed:
        return None
    five_en, five_es = duration(P.TACK_REPAIR.value)
    if six_goal_provision_applies(case):
        if allowed <= P.TACK_REPAIR.value:
            return None
        why = (f"the rule allows up to {five_en} to rectify or change (6-goal provision)",
               f"la regla permite hasta {five_es} para solucionar o cambiar (disposición de 6 goles)")
    elif case.fact("broken_by_contact_with_another_horse"):
        if allowed <= P.TACK_CONTACT_DELAY.value:
            return None
        why = (f"the rule allows a delay of {five_en} or until the player returns, for tack broken by contact with "
               "another horse",
               f"la regla permite una demora de {five_es} o hasta el regreso del jugador, por montura rota por contacto "
               "con otro caballo")
    else:
        # Time to leave the field, or a quick repair on the ground ("may allow ... if it can be done quickly"),
        # is no waiting for the player.
        if not case.fact("play_waited_off_field"):
            return None
        why = ("play does not wait: the player must leave the field and play restarts as soon as he or she has done so",
               "el juego no espera: el jugador debe abandonar la cancha y el juego se reanuda en cuanto lo haya hecho")
    return _g.inconsistent(f"The time allowed was {minutes(allowed)}; {why[0]}.",
                           f"El tiempo concedido fue de {minutes(allowed)}; {why[1]}.")


BROKEN_TACK = Provision(
    id="21.g",
    title=say("Broken tack", "Montura rota"),
    source=(Source("Broken Tack or Equipment:"), Source("The game will be stopped immediately in the interest of safety")),
    facts=(
        choice("item", "What broke or was lost", "Qué se rompió o perdió", ITEMS),
        yes_no("presents_danger", "The tack presents a danger to a player or horse",
               "La montura representa un peligro para un jugador o caballo"),
        yes_no("broken_by_contact_with_another_horse", "Broken by contact with another horse",
               "Rota por el contacto con otro caballo", required=False),
        yes_no("player_changed_mount", "The player changed mounts", "El jugador cambió de caballo", required=False),
        yes_no("player_rested_after_repair", "The player kept resting after the repair was made",
               "El jugador siguió descansando tras la reparación", required=False),
        yes_no("may_pose_risk", "Damaged equipment may pose a risk to a player or mount",
               "El equipo dañado puede suponer un riesgo", required=False),
        yes_no("may_interfere_or_endanger_immediately", "It may immediately interfere with play or endanger someone",
               "Puede interferir de inmediato con el juego o poner en peligro a alguien", required=False),
        yes_no("play_waited_off_field",
               "Play waited while the player repaired or changed off the field (rather than restarting once he or she left)",
               "El juego esperó mientras el jugador reparaba o cambiaba fuera de la cancha (en lugar de reanudarse en "
               "cuanto salió)", required=False),
        yes_no("play_neutral_when_damaged", "Play was in a neutral position when the equipment was damaged",
               "El juego estaba en posición neutral cuando se dañó el equipo", required=False),
        ALREADY_STOPPED,
    ),
    stop=STOP_AT_ONCE,
    restart=say("Throw-in after repairs; at 6 goals or less (announced) up to 5 minutes; otherwise as soon as the "
                "player has left, or 5 minutes if broken by contact with another horse",
                "Throw-in tras la reparación; con 6 goles o menos (anunciado) hasta 5 minutos; si no, en cuanto el "
                "jugador sale, o 5 minutos si se rompió por contacto con otro caballo"),
    mount=say("A change needs the Umpires' permission", "Un cambio requiere permiso de los Umpires"),
    penalty=say("Changing mounts without permission: dead-ball foul and penalty", "Cambiar sin permiso: foul con bocha muerta y penal"),
    judge=judge_broken_tack,
    parameters=(P.TACK_PROVISION_MAX_HANDICAP, P.TACK_REPAIR, P.TACK_CONTACT_DELAY),
    summary=say("Dangerous tack stops play at once; the time allowed depends on the announced 6-goal provision and on "
                "contact with another horse; changing mounts needs permission.",
                "La montura peligrosa detiene el juego de inmediato; el tiempo depende de la disposición de 6 goles "
                "anunciada y del contacto con otro caballo; cambiar de caballo requiere permiso."),
)


def judge_damaged_equipment(case: Case) -> Verdict:
    v = _ge
    if case.fact("item") == "mallet":
        # Worked example: a dropped mallet is replaced on the player's own time.
        if case.called("time_allowed_s") > 0:
            return v.inconsistent("Time should not be granted to retrieve a dropped mallet; the player procures a new one on his own time.",
                                  "No debe concederse tiempo para recuperar un taco caído; el jugador consigue otro en su propio tiempo.")
        return v.consistent("No time was granted for the dropped mallet.", "No se concedió tiempo por el taco caído.")
    whistle = case.called("whistle")
    en, es = whistle_words(whistle)
    if not case.fact("may_pose_risk"):
        if whistle == "none":
            return v.consistent("The equipment posed no risk, so play went on.", "El equipo no suponía riesgo, así que el juego siguió.")
        return v.discretionary(f"The equipment posed no risk; the Umpire {en}, within the Umpire's discretion.",
                               f"El equipo no suponía riesgo; el Umpire {es}, a su criterio.")
    if case.fact("may_interfere_or_endanger_immediately"):
        if whistle == "at_once":
            return v.consistent("The damaged equipment could interfere or endanger at once: play stopped immediately.",
                                "El equipo dañado podía interferir o poner en peligro de inmediato: el juego se detuvo.")
        return v.inconsistent(f"Equipment that may immediately interfere or endanger requires an immediate stop; the Umpire {en}.",
                              f"El equipo que puede interferir o poner en peligro de inmediato exige detener ya; el Umpire {es}.")
    if whistle in ("neutral_play", "delayed"):
        return v.consistent("The Umpire waited for a neutral play to stop for the damaged equipment.",
                            "El Umpire esperó a una jugada neutral para detener por el equipo dañado.")
    if whistle == "none":
        return v.inconsistent("Damaged equipment posing a risk: play continues, but the whistle should sound at the next neutral play.",
                              "Equipo dañado con riesgo: el juego sigue, pero el silbato debe sonar en la siguiente jugada neutral.")
    if case.fact("play_neutral_when_damaged"):
        return v.consistent("Play was already neutral, so stopping at once was stopping at a neutral play.",
                            "El juego ya estaba en posición neutral, así que detenerlo de inmediato era detenerlo en una jugada neutral.")
    return v.inconsistent("The equipment posed a risk but could not interfere at once: the Umpire shall wait for a neutral play.",
                          "El equipo suponía riesgo pero no podía interferir de inmediato: el Umpire esperará a una jugada neutral.")


DAMAGED_EQUIPMENT = Provision(
    id="21.g.equipment",
    title=say("Damaged or broken equipment", "Equipo dañado o roto"),
    source=(Source("If, in the Umpire’s opinion, damaged or broken equipment"),),
    facts=(
        choice("item", "What broke or was lost", "Qué se rompió o perdió", ITEMS),
        yes_no("may_pose_risk", "Damaged equipment may pose a risk to a player or mount",
               "El equipo dañado puede suponer un riesgo", required=False),
        yes_no("may_interfere_or_endanger_immediately", "It may immediately interfere with play or endanger someone",
               "Puede interferir de inmediato con el juego o poner en peligro a alguien", required=False),
        yes_no("play_neutral_when_damaged", "Play was in a neutral position when the equipment was damaged",
               "El juego estaba en posición neutral cuando se dañó el equipo", required=False),
    ),
    stop=STOP_AT_NEUTRAL_PLAY,
    restart=say("Not set by the paragraph", "No lo fija el párrafo"),
    mount=None,
    penalty=None,
    judge=judge_damaged_equipment,
    summary=say("Risky equipment waits for a neutral play unless it may interfere or endanger at once; no time for a dropped mallet.",
                "El equipo con riesgo espera a una jugada neutral salvo que pueda interferir o poner en peligro ya; sin tiempo por un taco caído."),
)

PROVISIONS = (BROKEN_TACK, DAMAGED_EQUIPMENT)
