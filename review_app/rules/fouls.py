"""Fouls: 21.b foul called (with calling the advantage and verbal cues), dead-ball fouls, and the
general provisions that close Rule 21 on dangerous fouls, fouls at the horn and unsportsmanlike
conduct between periods."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import whistle_words
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
    yes_no,
)

GENERAL = "The game is stopped only by the Umpire"  # opening of the closing paragraph
FOUL_KINDS = ("dangerous", "right_of_way", "mechanics", "other")

# --- 21.b Foul called ---------------------------------------------------------------------------
_b = Verdicts("21.b")


def judge_foul(case: Case) -> Verdict:
    if case.has("umpire_coached_players") and case.fact("umpire_coached_players"):
        return _b.inconsistent(
            "Verbal cues may inform players of potential violations, but Umpires should never coach or instruct them.",
            "Las indicaciones verbales pueden advertir de posibles infracciones, pero los Umpires nunca deberían "
            "dirigir ni dar instrucciones a los jugadores.", cites=("21.b",))
    kind = case.fact("kind")
    whistle = case.called("whistle")
    en, es = whistle_words(whistle)
    if kind == "dangerous":
        # Closing provisions: "The Umpire should not elect to delay the call of dangerous fouls."
        if whistle != "at_once":
            return _b.inconsistent(
                f"A foul involving the safety of player or mount should be called at the instant it occurs; the "
                f"Umpire {en}. The Umpire should not delay the call of dangerous fouls.",
                f"Un foul que afecta a la seguridad del jugador o del caballo debe marcarse en el instante; el Umpire "
                f"{es}. El Umpire no debe demorar la sanción de fouls peligrosos.",
                cites=("21.b", "21.general.dangerous-fouls"))
        return _b.consistent("The dangerous foul was called at the instant it occurred.",
                             "El foul peligroso se marcó en el instante en que se produjo.",
                             cites=("21.b", "21.general.dangerous-fouls"))
    if whistle == "at_once":
        return _b.consistent("The foul was called and play stopped, as 21.b allows.",
                             "Se marcó el foul y se detuvo el juego, como permite 21.b.")
    if whistle == "none":
        # Either ground justifies the non-call, so one recorded as true is enough.
        if case.has("stoppage_would_disadvantage_fouled_team") and case.fact("stoppage_would_disadvantage_fouled_team"):
            return _b.discretionary(
                "Advantage: stopping play and awarding a penalty would have disadvantaged the fouled team.",
                "Ventaja: detener el juego y otorgar un penal habría perjudicado al equipo que sufrió el foul.")
        if not case.fact("fouled_team_disadvantaged"):
            return _b.discretionary(
                "A non-call: the foul neither disadvantaged the fouled team nor gave the offender an advantage, so "
                "the Umpire may elect not to stop play.",
                "No se marcó: el foul no perjudicó al equipo que lo sufrió ni dio ventaja al infractor, así que el "
                "Umpire puede optar por no detener el juego.", cites=("21.b", "21.general.dangerous-fouls"))
        case.fact("stoppage_would_disadvantage_fouled_team")  # known false from here on, or named as missing
        return _b.inconsistent(
            "The foul disadvantaged the fouled team and stopping play would not have cost it an advantage: the "
            "non-call is outside the advantage 21.b allows.",
            "El foul perjudicó al equipo que lo sufrió y detener el juego no le habría quitado ventaja: no marcarlo "
            "queda fuera de la ventaja que permite 21.b.")
    # Delayed (or at a neutral play): the advantage, assessed right after the next play.
    if case.has("assessed_after_next_play") and not case.fact("assessed_after_next_play"):
        return _b.inconsistent(
            "The whistle was delayed to assess the advantage, but the assessment should be made immediately after "
            "the next play.",
            "Se demoró el silbato para evaluar la ventaja, pero la evaluación debería hacerse inmediatamente después "
            "de la jugada siguiente.")
    return _b.discretionary(
        "The Umpire briefly delayed the stoppage to assess the advantage, as 21.b allows.",
        "El Umpire demoró brevemente la detención para evaluar la ventaja, como permite 21.b.")


FOUL = Provision(
    id="21.b",
    title=say("Foul called; calling the advantage; verbal cues", "Foul marcado; conceder la ventaja; indicaciones verbales"),
    source=(Source("Foul called."), Source("Any violation of the Rules"), Source("Calling the advantage"),
            Source("Verbal cues")),
    facts=(
        choice("kind", "Kind of foul", "Tipo de foul", FOUL_KINDS),
        yes_no("fouled_team_disadvantaged",
               "The foul disadvantaged the fouled team (or gave the offender an advantage or endangered someone)",
               "El foul perjudicó al equipo que lo sufrió (o dio ventaja al infractor o puso a alguien en peligro)",
               required=False),
        yes_no("stoppage_would_disadvantage_fouled_team",
               "Stopping play and awarding a penalty would have disadvantaged the fouled team",
               "Detener el juego y otorgar un penal habría perjudicado al equipo que sufrió el foul", required=False),
        yes_no("assessed_after_next_play", "A delayed call was assessed right after the next play",
               "La sanción demorada se evaluó justo después de la jugada siguiente", required=False),
        yes_no("umpire_coached_players", "The Umpire coached or instructed players (beyond verbal cues)",
               "El Umpire dirigió o dio instrucciones a los jugadores (más allá de indicaciones verbales)",
               required=False),
    ),
    stop=STOP_AT_DISCRETION,
    restart=say("The penalty awarded", "El penal otorgado"),
    mount=None,
    penalty=say("As the foul rules set", "Según las reglas de fouls"),
    judge=judge_foul,
    summary=say("A foul may be called, delayed for the advantage (assessed right after the next play) or not called; "
                "a dangerous foul must be called at the instant; Umpires never coach players.",
                "Un foul puede marcarse, demorarse por la ventaja (evaluada tras la jugada siguiente) o no marcarse; "
                "un foul peligroso se marca en el instante; los Umpires nunca dirigen a los jugadores."),
)

# --- 21.b Dead-ball foul (play already stopped) --------------------------------------------------------
_db = Verdicts("21.b.dead-ball")


CARD_WORDS = {"yellow": ("displaying a yellow card", "mostrando una tarjeta amarilla"),
              "red": ("displaying a red card", "mostrando una tarjeta roja")}


def judge_dead_ball_foul(case: Case) -> Verdict:
    if not case.fact("play_already_stopped"):
        return _db.inconsistent(
            "This provision is for a foul called when play is already stopped; with play running the foul is "
            "called under 21.b.",
            "Esta disposición es para un foul marcado con el juego ya detenido; con el juego en curso el foul se "
            "marca según 21.b.", cites=("21.b.dead-ball", "21.b"))
    card = case.called_or("card", "none")
    if card in CARD_WORDS or case.called("whistle") == "at_once":
        en, es = CARD_WORDS.get(card, ("sounding the whistle again", "volviendo a hacer sonar el silbato"))
        return _db.consistent(
            f"A dead-ball foul signalled by {en}; the choice of signal is the Umpire's.",
            f"Foul con bocha muerta señalado {es}; la forma de señalarlo la elige el Umpire.")
    return _db.discretionary(
        "No dead-ball foul was signalled; with play already stopped the Umpire may, not must, signal one.",
        "No se señaló foul con bocha muerta; con el juego detenido, el Umpire puede, no debe, señalarlo.")


DEAD_BALL_FOUL = Provision(
    id="21.b.dead-ball",
    title=say("Foul when play is already stopped", "Foul con el juego ya detenido"),
    source=(Source("In the event of a foul being called when play is already stopped"),),
    facts=(yes_no("play_already_stopped", "Play was already stopped when the foul occurred",
                  "El juego ya estaba detenido cuando se produjo el foul"),),
    stop=STOP_NOT_AT_ALL,
    restart=say("The penalty awarded", "El penal otorgado"),
    mount=None,
    penalty=say("As the foul rules set, signalled by whistle or by a yellow or red card",
                "Según las reglas de fouls, señalado con silbato o tarjeta amarilla o roja"),
    judge=judge_dead_ball_foul,
    summary=say("A foul while play is stopped may be signalled by the whistle again or by a yellow or red card.",
                "Un foul con el juego detenido puede señalarse con el silbato de nuevo o con tarjeta amarilla o roja."),
)

# --- Closing provisions: dangerous fouls ---------------------------------------------------------------
_dg = Verdicts("21.general.dangerous-fouls")


def judge_dangerous_foul(case: Case) -> Verdict:
    dangerous = case.fact("involves_safety")
    whistle = case.called("whistle")
    en, es = whistle_words(whistle)
    if dangerous and whistle != "at_once":
        return _dg.inconsistent(
            f"Fouls involving the safety of player or mount should be called at the instant they occur; the Umpire {en}.",
            f"Los fouls que afectan a la seguridad deben marcarse en el instante en que se producen; el Umpire {es}.")
    if dangerous:
        return _dg.consistent("The dangerous foul was called at the instant.", "El foul peligroso se marcó en el instante.")
    if whistle == "at_once":
        return _dg.consistent("The foul was called and play stopped, as 21.b allows.",
                              "Se marcó el foul y se detuvo el juego, como permite 21.b.", cites=("21.general.dangerous-fouls", "21.b"))
    return _dg.discretionary(
        f"An infraction of mechanics or advantage may be a non-call or a delayed call at the Umpire's discretion; the Umpire {en}.",
        f"Una infracción de mecánica o de ventaja puede no marcarse o marcarse con demora a criterio del Umpire; el Umpire {es}.")


DANGEROUS_FOULS = Provision(
    id="21.general.dangerous-fouls",
    title=say("Dangerous fouls are called at the instant", "Los fouls peligrosos se marcan en el instante"),
    source=(Source(GENERAL, en_from="Fouls involving safety", en_to="When a foul occurs",
                   es_from="Los fouls que afectan", es_to="Cuando un foul se produce"),),
    facts=(yes_no("involves_safety", "The foul involves the safety of player or mount",
                  "El foul afecta a la seguridad del jugador o del caballo"),),
    stop=STOP_AT_ONCE,
    restart=say("The penalty awarded", "El penal otorgado"),
    mount=None,
    penalty=say("As the foul rules set", "Según las reglas de fouls"),
    judge=judge_dangerous_foul,
    summary=say("A foul involving safety must be called at the instant, never delayed; mechanics or advantage "
                "infractions may go uncalled or be called late.",
                "Un foul que afecta a la seguridad se marca en el instante, nunca con demora; las infracciones de "
                "mecánica o ventaja pueden no marcarse o marcarse tarde."),
)

# --- Closing provisions: a foul at or slightly after the horn --------------------------------------------
_hn = Verdicts("21.general.foul-at-horn")


def judge_foul_at_horn(case: Case) -> Verdict:
    if not case.fact("at_or_slightly_after_horn"):
        return _hn.consistent("The foul was not at the horn; this provision does not change the call.",
                              "El foul no fue en la bocina; esta disposición no cambia la sanción.")
    final = case.facts.get("final_period")
    if final is None:
        if case.period is None or case.match.periods is None:
            return incomplete("21.general.foul-at-horn", ["final_period"])
        final = case.period >= case.match.periods
    if case.called("penalty") == "none":
        return _hn.inconsistent(
            "A foul at or slightly after the horn is still penalized; the Umpires should award an appropriate penalty.",
            "Un foul en la bocina o poco después se sanciona igual; los Umpires deben otorgar un penal apropiado.")
    timing = case.called("penalty_timing")
    want = "five_seconds_on_clock" if final else "start_of_next_period"
    if timing != want:
        if final:
            return _hn.inconsistent(
                f"After the horn ending the final period, {P.FINAL_HORN_CLOCK.value:g} seconds should be put on the "
                "clock and the penalty executed.",
                f"Tras la bocina del último período deben ponerse {P.FINAL_HORN_CLOCK.value:g} segundos en el reloj y "
                "ejecutarse el penal.")
        return _hn.inconsistent("After the horn ending a period other than the last, the penalty should be executed "
                                "at the beginning of the next period.",
                                "Tras la bocina de un período que no es el último, el penal debe ejecutarse al "
                                "comienzo del período siguiente.")
    return _hn.consistent("The foul at the horn was penalized and the penalty timed as the rule says.",
                          "El foul en la bocina se sancionó y el penal se ejecutó en el momento que indica la regla.")


FOUL_AT_HORN = Provision(
    id="21.general.foul-at-horn",
    title=say("Foul at or just after the horn", "Foul en la bocina o poco después"),
    source=(Source(GENERAL, en_from="When a foul occurs", en_to="An unsportsmanlike",
                   es_from="Cuando un foul se produce", es_to="Un penal por conducta"),),
    facts=(
        yes_no("at_or_slightly_after_horn", "The foul occurred at or slightly after the horn ending the period",
               "El foul se produjo en la bocina que terminó el período o poco después"),
        yes_no("final_period", "The horn ended the final regulation period (else taken from the period number)",
               "La bocina terminó el último período reglamentario (si no, se toma del número de período)",
               required=False),
    ),
    stop=STOP_AT_ONCE,
    restart=say("Penalty at the start of the next period; after the final period, 5 seconds on the clock",
                "Penal al comienzo del período siguiente; tras el último, 5 segundos en el reloj"),
    mount=None,
    penalty=say("An appropriate penalty", "Un penal apropiado"),
    judge=judge_foul_at_horn,
    parameters=(P.FINAL_HORN_CLOCK,),
    summary=say("A foul at or slightly after the horn is penalized: at the start of the next period, or after the "
                "final period with 5 seconds put on the clock.",
                "Un foul en la bocina o poco después se sanciona: al comienzo del período siguiente o, tras el "
                "último, con 5 segundos en el reloj."),
)

# --- Closing provisions: unsportsmanlike conduct between periods -----------------------------------------------
_us = Verdicts("21.general.unsportsmanlike")


def judge_unsportsmanlike(case: Case) -> Verdict:
    if not case.fact("between_periods"):
        return _us.consistent("Not between periods; this provision does not change the call.",
                              "No fue entre períodos; esta disposición no cambia la sanción.")
    penalty, card = case.called_or("penalty", None), case.called_or("card", None)
    if penalty is None and card is None:
        case.called("penalty")  # nothing recorded of what was assessed: named as missing
    if penalty in (None, "none") and card in (None, "none"):
        return _us.discretionary("No penalty was assessed for the conduct between periods.",
                                 "No se aplicó penal por la conducta entre períodos.")
    if case.called("penalty_timing") != "start_of_next_period":
        return _us.inconsistent(
            "An unsportsmanlike conduct penalty assessed between periods shall be executed at the beginning of the next period.",
            "Un penal por conducta antideportiva aplicado entre períodos se ejecutará al comienzo del período siguiente.")
    return _us.consistent("The penalty assessed between periods opens the next period.",
                          "El penal aplicado entre períodos abre el período siguiente.")


UNSPORTSMANLIKE = Provision(
    id="21.general.unsportsmanlike",
    title=say("Unsportsmanlike conduct between periods", "Conducta antideportiva entre períodos"),
    source=(Source(GENERAL, en_from="An unsportsmanlike", es_from="Un penal por conducta"),),
    facts=(yes_no("between_periods", "The conduct took place between periods", "La conducta tuvo lugar entre períodos"),),
    stop=STOP_NOT_AT_ALL,
    restart=say("The next period starts with the penalty", "El período siguiente comienza con el penal"),
    mount=None,
    penalty=say("Unsportsmanlike conduct penalty, executed at the start of the next period",
                "Penal por conducta antideportiva, ejecutado al comienzo del período siguiente"),
    judge=judge_unsportsmanlike,
    summary=say("A penalty assessed between periods is executed at the beginning of the next period.",
                "Un penal aplicado entre períodos se ejecuta al comienzo del período siguiente."),
)

PROVISIONS = (FOUL, DEAD_BALL_FOUL, DANGEROUS_FOULS, FOUL_AT_HORN, UNSPORTSMANLIKE)
