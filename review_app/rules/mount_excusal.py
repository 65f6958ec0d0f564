"""Mounts changed and excused, and excused mounts returned: 21.f(3) mount falls, 21.f(4) player's
time-out for a mount, 21.f(5) returning an excused mount (forfeiture)."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import (
    ALREADY_STOPPED,
    duration,
    minutes,
    whistle_words,
)
from review_app.rules.mounts import (
    EXCUSING_CLAUSES,
    MAY_NOT_RETURN,
    stopped_at_once,
)
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

# --- 21.f(3) mount falls ------------------------------------------------------------------------------------------
_f3 = Verdicts("21.f(3)")


def judge_mount_falls(case: Case) -> Verdict:
    bad = stopped_at_once(_f3, case, "A mount fell", "Un caballo se cayó")
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


PROVISIONS = (MOUNT_FALLS, MOUNT_TIMEOUT, RETURNED_MOUNT)
