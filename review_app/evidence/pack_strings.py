"""The evidence pack's words, in English (which prevails) and Spanish."""

from __future__ import annotations

S: dict[str, dict[str, str]] = {
    "title": {"en": "Evidence pack: Rule 21.f(5), match {match}", "es": "Expediente de pruebas: Regla 21.f(5), partido {match}"},
    "prevails": {"en": "English text prevails.", "es": "Prevalece el texto en inglés; el español es una traducción."},
    "summary": {"en": "Case summary", "es": "Resumen del caso"},
    "match": {"en": "Match", "es": "Partido"},
    "date": {"en": "Date", "es": "Fecha"},
    "teams": {"en": "Teams", "es": "Equipos"},
    "game_end": {"en": "Game ended (UTC)", "es": "Fin del partido (UTC)"},
    "deadline": {"en": "Evidence deadline (UTC)", "es": "Plazo para pruebas (UTC)"},
    "window": {"en": "Window", "es": "Plazo"},
    "decision": {"en": "Decision", "es": "Decisión"},
    "undecided": {"en": "No decision recorded", "es": "Sin decisión registrada"},
    "integrity": {"en": "Integrity", "es": "Integridad"},
    "head": {"en": "Head hash of the log", "es": "Hash final del registro"},
    "generated": {"en": "Pack generated (UTC)", "es": "Expediente generado (UTC)"},
    "register": {"en": "Mount register: excusals", "es": "Registro de caballos: excusados"},
    "no_excusals": {"en": "No mount was excused in this match.", "es": "Ningún caballo fue excusado en este partido."},
    "event": {"en": "Event", "es": "Evento"},
    "mount": {"en": "Mount", "es": "Caballo"},
    "clause": {"en": "Clause", "es": "Cláusula"},
    "player": {"en": "Player", "es": "Jugador"},
    "moment": {"en": "Moment (period, clock, footage)", "es": "Momento (chukker, reloj, vídeo)"},
    "seen_again": {"en": "Seen again in the match footage", "es": "Visto de nuevo en el vídeo del partido"},
    "evidence": {"en": "Evidence received", "es": "Pruebas recibidas"},
    "id": {"en": "Id", "es": "Id"},
    "received": {"en": "Received (UTC)", "es": "Recibida (UTC)"},
    "from": {"en": "Presented by", "es": "Presentada por"},
    "received_by": {"en": "Received by", "es": "Recibida por"},
    "in_time": {"en": "In time", "es": "En plazo"},
    "late": {"en": "LATE: cannot ground a forfeiture", "es": "FUERA DE PLAZO: no puede fundar una pérdida del partido"},
    "left_before": {"en": "{d} before the deadline", "es": "{d} antes del plazo"},
    "late_by": {"en": "{d} after the deadline", "es": "{d} después del plazo"},
    "video": {"en": "Video", "es": "Vídeo"},
    "again": {"en": "also presented", "es": "también presentada"},
    "timeline": {"en": "Timeline", "es": "Cronología"},
    "marked": {"en": "Marked frames", "es": "Fotogramas marcados"},
    "no_marks": {"en": "No frames marked.", "es": "No hay fotogramas marcados."},
    "shows": {"en": "shows", "es": "muestra"},
    "never_excused": {"en": "never excused in this match", "es": "nunca excusado en este partido"},
    "withdrawn": {"en": "withdrawn by entry {n}", "es": "retirado por la entrada {n}"},
    "frame_caption": {"en": "{ev} · frame {frame} · {time} s", "es": "{ev} · fotograma {frame} · {time} s"},
    "clips": {"en": "Clips (overlay: source time and frame)", "es": "Clips (sobreimpresión: tiempo y fotograma de origen)"},
    "by": {"en": "by", "es": "por"},
    "note": {"en": "Note", "es": "Nota"},
    "reason": {"en": "Reason", "es": "Motivo"},
    "grounds": {"en": "Grounds", "es": "Fundamentos"},
    "forfeiting": {"en": "Team forfeiting", "es": "Equipo que pierde el partido"},
    "rule_text": {"en": "Rule text", "es": "Texto de la regla"},
    "mandatory": {"en": "Under 21.f(5) this penalty must be exacted; the Umpires may not elect not to exact it.",
                  "es": "Según 21.f(5) esta sanción debe aplicarse; los Umpires no pueden optar por no aplicarla."},
    "corrections": {"en": "Corrections", "es": "Correcciones"},
    "corrects": {"en": "corrects entry {n}", "es": "corrige la entrada {n}"},
    "log": {"en": "Case log (append-only, hash-chained)", "es": "Registro del caso (solo se añade, encadenado por hash)"},
    "canonical": {"en": "Each line is canonical JSON (sorted keys, no spaces, UTF-8); hash = SHA-256 of the entry without "
                        "its hash key; prev = the hash of the entry before.",
                  "es": "Cada línea es JSON canónico (claves ordenadas, sin espacios, UTF-8); hash = SHA-256 de la entrada sin "
                        "su clave hash; prev = el hash de la entrada anterior."},
    "hashes": {"en": "Files and hashes", "es": "Archivos y hashes"},
    "file": {"en": "File", "es": "Archivo"},
    "derived_from": {"en": "derived from", "es": "derivado de"},
    "forfeiture": {"en": "Forfeiture", "es": "Pérdida del partido"},
    "not-proven": {"en": "Not proven", "es": "No probado"},
    "out-of-time": {"en": "Out of time", "es": "Fuera de plazo"},
    "ev_game_end": {"en": "Game ended", "es": "Fin del partido"},
    "ev_deadline": {"en": "24-hour window closes", "es": "Cierra el plazo de 24 horas"},
    "ev_received": {"en": "{ev} received from {who}", "es": "{ev} recibida de {who}"},
    "ev_marked": {"en": "{n} frame(s) of {ev} marked by {who}", "es": "{n} fotograma(s) de {ev} marcados por {who}"},
    "ev_decision": {"en": "Decision: {d}, by {who}", "es": "Decisión: {d}, por {who}"},
    "ev_correction": {"en": "Correction of entry {n} by {who}", "es": "Corrección de la entrada {n} por {who}"},
    "entry": {"en": "entry {n}", "es": "entrada {n}"},
    "intact": {"en": "Verified intact", "es": "Verificado íntegro"},
    "integrity_note": {
        "en": "Intact means no entry of the log was altered, removed or reordered and every original matches the "
              "hash recorded for it. A log cut at its end or rewritten whole with new hashes would pass too: keep "
              "the head hash (or this pack's case.jsonl) outside the store and check it with polo-review evidence "
              "verify --head HASH (or --against case.jsonl). Times are those the committee entered and the recording "
              "computer's clock; the log proves their order, not their truth.",
        "es": "Íntegro significa que ninguna entrada del registro fue alterada, eliminada ni reordenada y que cada "
              "original coincide con el hash registrado. Un registro recortado al final o reescrito entero con hashes "
              "nuevos también pasaría: guarde el hash final (o el case.jsonl de este expediente) fuera del almacén y "
              "compruébelo con polo-review evidence verify --head HASH (o --against case.jsonl). Las horas son las que "
              "ingresó el comité y el reloj del equipo que registró; el registro prueba su orden, no su veracidad."},
    "recorded": {"en": "recorded in entry {n} at {at}", "es": "registrada en la entrada {n} el {at}"},
    "in_time_short": {"en": "in time", "es": "en plazo"},
    "late_short": {"en": "late", "es": "fuera de plazo"},
    "frame": {"en": "frame", "es": "fotograma"},
    "frames": {"en": "frames", "es": "fotogramas"},
    "original": {"en": "original", "es": "original"},
    "altered": {"en": "MISSING OR ALTERED: no still or clip made from it",
                "es": "FALTA O FUE ALTERADO: no se hizo ninguna imagen ni clip a partir de él"},
    "no_still_altered": {"en": "no still: the original is missing or no longer matches its hash",
                         "es": "sin imagen: el original falta o ya no coincide con su hash"},
    "type": {"en": "type", "es": "tipo"},
    "broken": {"en": "BROKEN", "es": "ROTO"},
}


def tr(key: str, lang: str, **fmt) -> str:
    text = S[key].get(lang) or S[key]["en"]
    return text.format(**fmt) if fmt else text
