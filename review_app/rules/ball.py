"""The ball: 21.a safety, 21.c damaged or buried ball, 21.i lodged ball."""

from __future__ import annotations

from review_app.rules import parameters as P
from review_app.rules.calls import whistle_words
from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    choice,
    say,
    yes_no,
)

# --- 21.a Ball hit across end line (Safety) -------------------------------------------------
# "directly or after glancing off that player's own mount, a goal post or the side boards"; a
# teammate's mallet is none of the exceptions below (only an *opposing* player's mallet is).
SAFETY_DEFLECTIONS = ("none", "own_mount", "goal_post", "side_boards", "teammates_mallet")
# "unless the ball strikes another player, an opposing player's mallet, or another player's mount"
NO_SAFETY_DEFLECTIONS = ("another_player", "opposing_mallet", "another_players_mount")
# What the ball glanced off or struck, in both languages (the Spanish as the rulebook puts it:
# "golpee a otro jugador, el taco de un jugador contrario o el caballo de otro jugador").
DEFLECTION_WORDS = {
    "own_mount": ("the player's own mount", "su propio caballo"),
    "goal_post": ("a goal post", "un poste del arco"),
    "side_boards": ("the side boards", "las tablas laterales"),
    "teammates_mallet": ("a teammate's mallet", "el taco de un compañero"),
    "another_player": ("another player", "a otro jugador"),
    "opposing_mallet": ("an opposing player's mallet", "el taco de un jugador contrario"),
    "another_players_mount": ("another player's mount", "el caballo de otro jugador"),
}
SAFETY_CALL = f"penalty_{P.SAFETY_PENALTY.value:g}"
PENALTY_EN, PENALTY_ES = f"Penalty {P.SAFETY_PENALTY.value:g}", f"Penal {P.SAFETY_PENALTY.value:g}"

_a = Verdicts("21.a")


def judge_safety(case: Case) -> Verdict:
    own_line = case.fact("last_hit_by_defender")  # a mere touch of the mallet is a hit (21.a)
    safety_called = case.called("penalty") == SAFETY_CALL
    if not own_line:
        if safety_called:
            return _a.inconsistent(
                "A Safety was called, but the ball was last hit by the attacking side; a Safety is only for a "
                "player who hits the ball across his or her own end line.",
                "Se marcó Safety, pero la bocha la golpeó por última vez el equipo atacante; el Safety es solo "
                "para quien golpea la bocha a través de su propia línea de fondo.")
        return _a.consistent("No Safety: the ball went over the end line off the attacking side.",
                             "No hay Safety: la bocha salió por la línea de fondo desde el equipo atacante.")
    deflection = case.fact("deflection")
    if deflection in NO_SAFETY_DEFLECTIONS:
        en, es = DEFLECTION_WORDS[deflection]
        if safety_called:
            return _a.inconsistent(
                f"A Safety was called, but the ball struck {en} before crossing the end line, which makes it no Safety.",
                f"Se marcó Safety, pero la bocha golpeó {es} antes de cruzar la línea de fondo, por lo que no es Safety.")
        return _a.consistent(
            f"No Safety: the ball struck {en} before crossing the end line.",
            f"No hay Safety: la bocha golpeó {es} antes de cruzar la línea de fondo.")
    if not safety_called:
        en, es = ("directly", "directamente") if deflection == "none" else (
            f"after glancing off {DEFLECTION_WORDS[deflection][0]}", f"tras rozar {DEFLECTION_WORDS[deflection][1]}")
        return _a.inconsistent(
            f"The defender hit the ball across his or her own end line (a mere touch of the mallet counts), {en}: "
            f"the Umpire shall stop the game and call a Safety ({PENALTY_EN}).",
            f"El defensor golpeó la bocha a través de su propia línea de fondo (basta con que roce el taco), {es}: "
            f"el Umpire detendrá el partido y marcará un Safety ({PENALTY_ES}).")
    return _a.consistent(f"Safety ({PENALTY_EN}) correctly called: the defender's hit crossed his or her own end line.",
                         f"Safety ({PENALTY_ES}) bien marcado: el golpe del defensor cruzó su propia línea de fondo.")


SAFETY = Provision(
    id="21.a",
    title=say("Ball hit across end line (Safety)", "Bocha golpeada a través de la línea de fondo (Safety)"),
    source=(Source("Ball Hit Across End Line"),),
    facts=(
        yes_no("last_hit_by_defender",
               "Last hit (or merely touched by the mallet) by a player of the team defending that end line",
               "Golpeada por última vez (o solo rozada con el taco) por un jugador del equipo que defiende esa línea"),
        choice("deflection", "What the ball struck after the hit, before crossing",
               "Qué golpeó la bocha tras el golpe, antes de cruzar", SAFETY_DEFLECTIONS + NO_SAFETY_DEFLECTIONS),
    ),
    stop=STOP_AT_ONCE,
    restart=say("Penalty 6 if a Safety; otherwise a knock-in", "Penal 6 si es Safety; si no, saque de fondo"),
    mount=None,
    penalty=say("Safety: Penalty 6", "Safety: Penal 6"),
    judge=judge_safety,
    parameters=(P.SAFETY_PENALTY,),
    summary=say("Requires Penalty 6 when the defending side's hit (a touch counts) crosses its own end line, directly "
                "or off its own mount, a goal post or the boards; forbids it after another player, an opponent's "
                "mallet or another player's mount.",
                "Exige Penal 6 cuando el golpe del equipo defensor (basta un roce) cruza su propia línea de fondo, "
                "directamente o tras su propio caballo, un poste o las tablas; lo prohíbe tras otro jugador, el taco "
                "de un rival o el caballo de otro jugador."),
)

# --- 21.c Damaged, buried ball -----------------------------------------------------------------
BALL_STATES = ("unplayable", "minor_damage")
_c = Verdicts("21.c")


def judge_damaged_ball(case: Case):
    state = case.fact("ball_state")
    whistle = case.called("whistle")
    en, es = whistle_words(whistle)
    if state == "unplayable":
        # What is unplayable is the Umpire's sole discretion; once the ball is, the stop is required.
        if whistle == "none":
            return _c.inconsistent(
                "The ball was unplayable (chipped, broken or trodden in): the Umpire shall stop the game. What is "
                "unplayable is the Umpire's sole discretion, but once it is, stopping is not optional.",
                "La bocha estaba injugable (astillada, rota o enterrada): el Umpire detendrá el partido. Qué es "
                "injugable queda a su exclusivo criterio, pero una vez que lo es, detener no es opcional.")
        return _c.consistent(
            f"The Umpire {en} for an unplayable ball, as 21.c requires (what is unplayable is his or her sole discretion).",
            f"El Umpire {es} por una bocha injugable, como exige 21.c (qué es injugable queda a su exclusivo criterio).")
    # Minor damage: not before neither team is favoured; the largest piece is played on otherwise.
    if whistle == "none":
        return _c.discretionary(
            "Play went on with a minorly damaged ball (the largest piece is played); the Umpire's discretion.",
            "Se siguió jugando con una bocha levemente dañada (se juega el trozo más grande); criterio del Umpire.")
    if whistle != "neutral_play" and not case.fact("neither_team_favored"):
        return _c.inconsistent(
            f"The ball was only minorly damaged and the Umpire {en}: the Umpire should not stop the game until the "
            "ball is in such a position that neither team is favored.",
            f"La bocha estaba solo levemente dañada y el Umpire {es}: no debería detener el partido hasta que la "
            "bocha esté en una posición tal que ningún equipo resulte favorecido.")
    return _c.consistent(
        f"The Umpire {en} when neither team was favored, as 21.c asks for a minorly damaged ball.",
        f"El Umpire {es} cuando ningún equipo resultaba favorecido, como pide 21.c para una bocha levemente dañada.")


DAMAGED_BALL = Provision(
    id="21.c",
    title=say("Damaged or buried ball", "Bocha dañada o enterrada"),
    source=(Source("Damaged, Buried Ball"),),
    facts=(
        choice("ball_state", "State of the ball", "Estado de la bocha", BALL_STATES),
        yes_no("neither_team_favored", "Ball in a position where neither team is favored",
               "Bocha en una posición en la que ningún equipo resulta favorecido", required=False),
    ),
    stop=STOP_AT_DISCRETION,
    restart=say("Not set by 21.c; the largest piece is played unless play is stopped",
                "No lo fija 21.c; se juega el trozo más grande salvo que se detenga el juego"),
    mount=None,
    penalty=None,
    judge=judge_damaged_ball,
    summary=say("An unplayable ball must stop the game (what is unplayable is the Umpire's call); a minorly damaged "
                "ball is not stopped until neither team is favored.",
                "Una bocha injugable obliga a detener el partido (qué es injugable lo decide el Umpire); una bocha "
                "levemente dañada no se detiene hasta que ningún equipo resulte favorecido."),
)

# --- 21.i Lodged ball -------------------------------------------------------------------------------
_i = Verdicts("21.i")


def judge_lodged_ball(case: Case):
    if not case.fact("cannot_be_dropped_immediately"):
        if case.called("whistle") == "none":
            return _i.consistent("The ball came loose at once, so play went on.",
                                 "La bocha se soltó de inmediato, así que el juego siguió.")
        return _i.inconsistent("The ball could be dropped immediately; 21.i stops the game only when it cannot.",
                               "La bocha podía soltarse de inmediato; 21.i solo detiene el juego cuando no puede.")
    if case.called("whistle") == "none":
        return _i.inconsistent("The ball was lodged and could not be dropped immediately: the Umpire shall stop the game.",
                               "La bocha quedó atascada y no podía soltarse: el Umpire detendrá el partido.")
    if case.has("dead_at_point_first_lodged") and not case.fact("dead_at_point_first_lodged"):
        return _i.inconsistent("The ball shall be considered dead at the point where it was first lodged.",
                               "La bocha se considerará muerta en el punto en que quedó atascada por primera vez.")
    return _i.consistent("Play stopped for a lodged ball, dead where it first lodged.",
                         "Juego detenido por bocha atascada, muerta donde se atascó primero.")


LODGED_BALL = Provision(
    id="21.i",
    title=say("Lodged ball", "Bocha atascada"),
    source=(Source("Lodged Ball"),),
    facts=(
        yes_no("cannot_be_dropped_immediately", "Lodged so that it cannot be dropped immediately",
               "Atascada de modo que no puede soltarse de inmediato"),
        yes_no("dead_at_point_first_lodged", "Restart placed where the ball first lodged",
               "Reinicio en el punto donde la bocha se atascó primero", required=False),
    ),
    stop=STOP_AT_ONCE,
    restart=say("Ball dead at the point where it was first lodged", "Bocha muerta en el punto donde se atascó primero"),
    mount=None,
    penalty=None,
    judge=judge_lodged_ball,
    summary=say("Requires a stoppage when the ball cannot be dropped at once, with the ball dead where it first lodged.",
                "Exige detener el juego cuando la bocha no puede soltarse, con la bocha muerta donde se atascó primero."),
)

PROVISIONS = (SAFETY, DAMAGED_BALL, LODGED_BALL)
