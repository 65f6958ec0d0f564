"""Every number Rule 21 sets, as a named parameter with the clause that sets it.

Numbers are data, formulas are code (as in OpenFisca): a rule reads `INJURY_RECOVERY.value`
and cites `INJURY_RECOVERY.clause`, so a change in the rulebook is a change here only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Parameter:
    name: str
    value: float
    unit: str
    clause: str
    label: dict  # {"en": ..., "es": ...}
    quote: str  # the English words of the rulebook that set it

    def __str__(self) -> str:
        return f"{self.value:g} {self.unit} ({self.clause})"


RULEBOOK_EDITION = "USPA Rulebook 2026, Rule 21"

SAFETY_PENALTY = Parameter(
    "SAFETY_PENALTY", 6, "penalty number", "21.a",
    {"en": "Penalty awarded for a safety", "es": "Penal concedido por un safety"},
    "call a Safety (Penalty 6)",
)
INJURY_RECOVERY = Parameter(
    "INJURY_RECOVERY", 10 * 60, "seconds", "21.d",
    {"en": "Time an injured player has to recover", "es": "Tiempo de recuperación de un jugador lesionado"},
    "the player shall have 10 minutes within which to recover",
)
COURTESY_CHANGE = Parameter(
    "COURTESY_CHANGE", 60, "seconds", "21.f(2)",
    {"en": "Time allowed for a courtesy change", "es": "Tiempo concedido para un cambio de cortesía"},
    "One minute shall be allowed for players to change horses",
)
COURTESY_CHANGES_PER_PERIOD = Parameter(
    "COURTESY_CHANGES_PER_PERIOD", 1, "changes", "21.f(2)",
    {"en": "Courtesy changes allowed per period", "es": "Cambios de cortesía permitidos por período"},
    "one courtesy horse change per period",
)
COURTESY_CHANGE_IDEAL_ELAPSED = Parameter(
    "COURTESY_CHANGE_IDEAL_ELAPSED", 3 * 60, "seconds", "21.f(2)",
    {"en": "Ideal time elapsed in the period before a courtesy change",
     "es": "Tiempo transcurrido ideal en el período antes de un cambio de cortesía"},
    "Ideally ... after three minutes have elapsed in the period",
)
COURTESY_UMPIRE_HORSES = Parameter(
    "COURTESY_UMPIRE_HORSES", 2, "horses per umpire", "21.f(2)",
    {"en": "Horses teams provide each umpire when courtesy changes are allowed (4+ periods)",
     "es": "Caballos que los equipos proporcionan a cada Umpire con cambios de cortesía (4+ períodos)"},
    "provide each Umpire two horses for any game lasting four periods or more",
)
COURTESY_UMPIRE_HORSES_MIN_PERIODS = Parameter(
    "COURTESY_UMPIRE_HORSES_MIN_PERIODS", 4, "periods", "21.f(2)",
    {"en": "Game length from which umpires get two horses", "es": "Duración desde la cual los Umpires reciben dos caballos"},
    "any game lasting four periods or more",
)
MOUNT_CHANGE_TIMEOUT = Parameter(
    "MOUNT_CHANGE_TIMEOUT", 5 * 60, "seconds", "21.f(4)",
    {"en": "Time a player has to change an injured or fatigued mount",
     "es": "Tiempo para cambiar un caballo lesionado o fatigado"},
    "The player shall have 5 minutes to change mounts",
)
FORFEITURE_EVIDENCE_WINDOW = Parameter(
    "FORFEITURE_EVIDENCE_WINDOW", 24 * 3600, "seconds", "21.f(5)",
    {"en": "Window after the game for conclusive evidence of a returned excused mount",
     "es": "Plazo tras el partido para pruebas concluyentes de un caballo excusado que volvió a jugar"},
    "within 24 hours after a game",
)
TACK_PROVISION_MAX_HANDICAP = Parameter(
    "TACK_PROVISION_MAX_HANDICAP", 6, "goals", "21.g",
    {"en": "Upper handicap level up to which the 5-minute tack provision may apply",
     "es": "Nivel de hándicap superior hasta el cual puede aplicarse la disposición de 5 minutos por montura"},
    "an upper handicap level of 6 goals or less",
)
TACK_REPAIR = Parameter(
    "TACK_REPAIR", 5 * 60, "seconds", "21.g",
    {"en": "Most time allowed to rectify broken tack or change mounts",
     "es": "Tiempo máximo para solucionar una montura rota o cambiar de caballo"},
    "a maximum of five (5) minutes to rectify the problem or change mounts",
)
TACK_CONTACT_DELAY = Parameter(
    "TACK_CONTACT_DELAY", 5 * 60, "seconds", "21.g",
    {"en": "Delay of the restart when tack was broken by contact with another horse",
     "es": "Demora del reinicio cuando la montura se rompió por contacto con otro caballo"},
    "the start of play will be delayed for five (5) minutes or until his or her return",
)
FINAL_HORN_CLOCK = Parameter(
    "FINAL_HORN_CLOCK", 5, "seconds", "21.general.foul-at-horn",
    {"en": "Seconds put on the clock for a foul at the final horn",
     "es": "Segundos que se ponen en el reloj por un foul en la bocina final"},
    "five seconds should be put on the clock and the penalty executed",
)

ALL = (
    SAFETY_PENALTY, INJURY_RECOVERY, COURTESY_CHANGE, COURTESY_CHANGES_PER_PERIOD,
    COURTESY_CHANGE_IDEAL_ELAPSED, COURTESY_UMPIRE_HORSES, COURTESY_UMPIRE_HORSES_MIN_PERIODS,
    MOUNT_CHANGE_TIMEOUT, FORFEITURE_EVIDENCE_WINDOW, TACK_PROVISION_MAX_HANDICAP, TACK_REPAIR,
    TACK_CONTACT_DELAY, FINAL_HORN_CLOCK,
)
