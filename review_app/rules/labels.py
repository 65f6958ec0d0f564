"""Words for the values the rules use (call fields and their values, fact choices, verdicts,
when play stops), in English and Spanish, registered with `i18n`. Plain module: no streamlit.

A value with no entry here shows as its name with spaces, so a choice a provision adds later
still reads sensibly before it is translated.
"""

from __future__ import annotations

from review_app.i18n import has, register, t


def _pairs(prefix: str, table: dict[str, tuple[str, str]]) -> dict:
    return {f"{prefix}.{k}": {"en": en, "es": es} for k, (en, es) in table.items()}


CALL_FIELD_NAMES = {
    "whistle": ("Whistle", "Silbato"),
    "restart": ("Restart", "Reanudación"),
    "penalty": ("Penalty", "Penal"),
    "card": ("Card", "Tarjeta"),
    "penalty_timing": ("Penalty taken", "Momento del penal"),
    "time_allowed_s": ("Time allowed (s)", "Tiempo concedido (s)"),
    "mount_excused": ("Mount excused", "Caballo excusado"),
    "mount_change_permitted": ("Mount change permitted", "Cambio de caballo permitido"),
    "announcement": ("Announcement", "Anuncio"),
}

VALUES = {
    # whistle
    "at_once": ("At once", "De inmediato"),
    "delayed": ("Delayed", "Demorado"),
    "neutral_play": ("At a neutral play", "En una jugada neutral"),
    "none": ("None", "Ninguno"),
    # restart
    "throw_in": ("Throw-in", "Throw-in"),
    "throw_in_toward_boards": ("Throw-in toward the boards", "Throw-in hacia las tablas"),
    "penalty": ("Penalty", "Penal"),
    "free_hit": ("Free hit", "Tiro libre"),
    "knock_in": ("Knock-in", "Saque de fondo"),
    "fair_play_possession": ("Fair play possession (22.h)", "Posesión por juego limpio (22.h)"),
    "play_resumed": ("Play resumed", "Juego reanudado"),
    "lineup": ("Line-up", "Alineación"),
    "next_period": ("Next period", "Período siguiente"),
    # penalty
    **{f"penalty_{n}": (f"Penalty {n}", f"Penal {n}") for n in range(1, 7)},
    "appropriate_penalty": ("Appropriate penalty", "Penal apropiado"),
    "forfeiture": ("Forfeiture", "Pérdida del partido"),
    # card
    "yellow": ("Yellow", "Amarilla"),
    "red": ("Red", "Roja"),
    # penalty timing
    "immediately": ("Immediately", "De inmediato"),
    "start_of_next_period": ("At the start of the next period", "Al comienzo del período siguiente"),
    "five_seconds_on_clock": ("With five seconds on the clock", "Con cinco segundos en el reloj"),
    # fact choices
    "own_mount": ("Own mount", "Su propio caballo"),
    "goal_post": ("Goal post", "Poste del arco"),
    "side_boards": ("Side boards", "Tablas laterales"),
    "another_player": ("Another player", "Otro jugador"),
    "opposing_mallet": ("An opposing mallet", "Un taco rival"),
    "teammates_mallet": ("A teammate's mallet", "El taco de un compañero"),
    "another_players_mount": ("Another player's mount", "El caballo de otro jugador"),
    "dangerous": ("Dangerous foul", "Foul peligroso"),
    "right_of_way": ("Right of way", "Derecho de paso"),
    "mechanics": ("Mechanics", "Mecánica"),
    "other": ("Other", "Otro"),
    "unplayable": ("Unplayable", "Injugable"),
    "minor_damage": ("Minor damage", "Daño menor"),
    "not_excused": ("Not excused", "No excusado"),
    "girth": ("Girth", "Cincha"),
    "martingale": ("Martingale", "Gamarra"),
    "rein": ("Rein", "Rienda"),
    "bit": ("Bit", "Freno"),
    "curb_chain": ("Curb chain", "Barbada"),
    "bandages_or_boots": ("Bandages or boots", "Vendas o protectores"),
    "stirrup_leather": ("Stirrup leather", "Ación"),
    "stirrup_hanger": ("Stirrup hanger", "Porta-estribo"),
    "mallet": ("Mallet", "Taco"),
    "darkness": ("Darkness", "Oscuridad"),
    "inclement_weather": ("Inclement weather", "Mal tiempo"),
}

VERDICT_NAMES = {
    "consistent": ("Consistent", "Coherente"),
    "inconsistent": ("Inconsistent", "Incoherente"),
    "discretionary": ("Discretionary", "Discrecional"),
    "incomplete": ("Incomplete", "Incompleto"),
}

UNITS = {
    "seconds": ("seconds", "segundos"),
    "goals": ("goals", "goles"),
    "penalty number": ("penalty number", "número de penal"),
    "changes": ("changes", "cambios"),
    "horses per umpire": ("horses per umpire", "caballos por Umpire"),
    "periods": ("periods", "períodos"),
}

STOP_NAMES = {
    "at_once": ("At once", "De inmediato"),
    "neutral_play": ("At the next neutral play", "En la siguiente jugada neutral"),
    "discretion": ("At the Umpire's discretion", "A criterio del Umpire"),
    "not_at_all": ("Play is not stopped for it", "No se detiene el juego por ello"),
}

SEVERITY_NAMES = {
    "mandatory": ("mandatory", "obligatorio"),
    "error": ("error", "error"),
    "warning": ("warning", "advertencia"),
    "info": ("for information", "informativo"),
}

# the checker's event table (review_app.checker.summary.COLUMNS), shown on the Report page
COLUMN_NAMES = {
    "match": ("Match", "Partido"),
    "event": ("Tag", "Etiqueta"),
    "clause": ("Clause", "Cláusula"),
    "verdict": ("Verdict", "Veredicto"),
    "period": ("Period", "Chukker"),
    "clock": ("Clock", "Reloj"),
    "frame": ("Frame", "Fotograma"),
    "time_s": ("Time (s)", "Tiempo (s)"),
    "umpire": ("Umpire", "Umpire"),
    "reviewer": ("Reviewer", "Revisor"),
    "mandatory": ("Mandatory", "Obligatorio"),
    "missing": ("Facts missing", "Hechos faltantes"),
    "explanation": ("Why", "Por qué"),
}

register(_pairs("call", CALL_FIELD_NAMES))
register(_pairs("severity", SEVERITY_NAMES))
register(_pairs("column", COLUMN_NAMES))
register(_pairs("value", VALUES))
register(_pairs("verdict", VERDICT_NAMES))
register(_pairs("stop", STOP_NAMES))
register(_pairs("unit", UNITS))

VERDICT_COLORS = {"consistent": "#2e7d32", "inconsistent": "#c62828", "discretionary": "#1565c0",
                  "incomplete": "#b8860b"}
VERDICT_ICONS = {"consistent": ":material/check_circle:", "inconsistent": ":material/cancel:",
                 "discretionary": ":material/balance:", "incomplete": ":material/help:"}


def value_label(value, lang: str) -> str:
    if value is None:
        return t("common.none", lang)
    if isinstance(value, bool):
        return t("common.yes" if value else "common.no", lang)
    key = f"value.{value}"
    return t(key, lang) if has(key) else str(value).replace("_", " ")


def call_field_label(name: str, lang: str) -> str:
    key = f"call.{name}"
    return t(key, lang) if has(key) else name.replace("_", " ")


def verdict_label(verdict: str, lang: str) -> str:
    return t(f"verdict.{verdict}", lang) if has(f"verdict.{verdict}") else verdict


def unit_label(unit: str, lang: str) -> str:
    return t(f"unit.{unit}", lang) if has(f"unit.{unit}") else unit


def stop_label(stop: str, lang: str) -> str:
    return t(f"stop.{stop}", lang) if has(f"stop.{stop}") else stop


def severity_label(severity: str, lang: str) -> str:
    return t(f"severity.{severity}", lang) if has(f"severity.{severity}") else severity


def column_label(column: str, lang: str) -> str:
    return t(f"column.{column}", lang) if has(f"column.{column}") else column
