"""The Evidence page's words, in English and Spanish (registered with review_app.i18n by the page)."""

EVIDENCE_STRINGS = {
    "evidence.title": {"en": "Post-game evidence (21.f(5))", "es": "Pruebas posteriores al partido (21.f(5))"},
    "evidence.intro": {
        "en": "Evidence that an excused mount was returned to play, presented within 24 hours after the game, "
              "grounds a forfeiture. Every step below is recorded in a tamper-evident log.",
        "es": "Una prueba de que un caballo excusado volvió a jugar, presentada dentro de las 24 horas posteriores "
              "al partido, funda la pérdida del partido. Cada paso queda en un registro a prueba de manipulaciones."},
    "evidence.store": {"en": "Evidence store: {path}", "es": "Almacén de pruebas: {path}"},
    "evidence.game_end": {"en": "Game ended (UTC)", "es": "Fin del partido (UTC)"},
    "evidence.deadline": {"en": "Deadline (UTC)", "es": "Plazo (UTC)"},
    "evidence.time_left": {"en": "Time left", "es": "Tiempo restante"},
    "evidence.tab_register": {"en": "Mount register", "es": "Registro de caballos"},
    "evidence.tab_intake": {"en": "Receive evidence", "es": "Recibir pruebas"},
    "evidence.tab_mark": {"en": "Mark frames", "es": "Marcar fotogramas"},
    "evidence.tab_decide": {"en": "Decision", "es": "Decisión"},
    "evidence.tab_integrity": {"en": "Integrity and pack", "es": "Integridad y expediente"},
    "evidence.mounts": {"en": "Mounts ridden", "es": "Caballos montados"},
    "evidence.excusals": {"en": "Excusals", "es": "Caballos excusados"},
    "evidence.no_excusals": {"en": "No mount was excused in this match.", "es": "Ningún caballo fue excusado en este partido."},
    "evidence.unnamed": {"en": "Excused but not named (cannot be followed): {events}",
                         "es": "Excusado sin nombre (no puede seguirse): {events}"},
    "evidence.upload": {"en": "Video presented as evidence", "es": "Vídeo presentado como prueba"},
    "evidence.upload_help": {
        "en": "Up to {mb} MB. Stored read-only under its SHA-256, never under the uploaded name. Larger files: "
              "polo-review evidence add.",
        "es": "Hasta {mb} MB. Se guarda de solo lectura bajo su SHA-256, nunca con el nombre subido. Archivos "
              "mayores: polo-review evidence add."},
    "evidence.from": {"en": "Presented by", "es": "Presentada por"},
    "evidence.received_by": {"en": "Received by", "es": "Recibida por"},
    "evidence.at_now": {"en": "Received now (the moment you press Receive)",
                        "es": "Recibida ahora (el momento en que pulsa Recibir)"},
    "evidence.received_at": {"en": "Received at (date and time; used when \"Received now\" is unticked)",
                             "es": "Recibida el (fecha y hora; se usa si \"Recibida ahora\" no está marcado)"},
    "evidence.zone": {"en": "Time zone of that date and time", "es": "Zona horaria de esa fecha y hora"},
    "evidence.zone_help": {
        "en": "The receipt is stored in UTC. A time this zone's clocks skip or show twice (a daylight-saving "
              "change) is refused as unclear: give it in UTC instead.",
        "es": "La recepción se guarda en UTC. Una hora que los relojes de esta zona saltan o repiten (cambio de "
              "horario de verano) se rechaza por ambigua: indíquela en UTC."},
    "evidence.names_needed": {"en": "Enter who presented the video and who received it.",
                              "es": "Indique quién presentó el vídeo y quién lo recibió."},
    "evidence.no_file": {"en": "Choose the video presented first.", "es": "Primero elija el vídeo presentado."},
    "evidence.receive": {"en": "Receive", "es": "Recibir"},
    "evidence.too_large": {"en": "The file is larger than {mb} MB.", "es": "El archivo supera los {mb} MB."},
    "evidence.received_ok": {"en": "Received {id} at {at}: SHA-256 {sha}", "es": "Recibida {id} el {at}: SHA-256 {sha}"},
    "evidence.duplicate": {"en": "Already received as {id} (same SHA-256); this presentation, at {at}, was recorded "
                                 "against it.",
                           "es": "Ya recibida como {id} (mismo SHA-256); esta presentación, del {at}, quedó registrada "
                                 "en ella."},
    "evidence.late": {"en": "LATE by {d}: recorded, but it cannot ground a forfeiture under 21.f(5).",
                      "es": "FUERA DE PLAZO por {d}: registrada, pero no puede fundar una pérdida del partido por 21.f(5)."},
    "evidence.in_time": {"en": "In time: {d} before the deadline.", "es": "En plazo: {d} antes del vencimiento."},
    "evidence.received_list": {"en": "Evidence received", "es": "Pruebas recibidas"},
    "evidence.none": {"en": "No evidence received yet.", "es": "Todavía no se recibieron pruebas."},
    "evidence.pick_evidence": {"en": "Evidence", "es": "Prueba"},
    "evidence.frame": {"en": "Frame", "es": "Fotograma"},
    "evidence.frame_caption": {"en": "Frame {i} at {t} s (of {n})", "es": "Fotograma {i} a {t} s (de {n})"},
    "evidence.add_frame": {"en": "Add this frame", "es": "Añadir este fotograma"},
    "evidence.clear_frames": {"en": "Clear", "es": "Borrar"},
    "evidence.selected": {"en": "Frames to mark: {frames}", "es": "Fotogramas a marcar: {frames}"},
    "evidence.shows": {"en": "The frames show", "es": "Los fotogramas muestran"},
    "evidence.shows_excusal": {"en": "{mount}, excused under {clause} (event {event})",
                               "es": "{mount}, excusado por {clause} (evento {event})"},
    "evidence.shows_mount": {"en": "{mount} (never excused)", "es": "{mount} (nunca excusado)"},
    "evidence.note": {"en": "Note", "es": "Nota"},
    "evidence.mark": {"en": "Mark these frames", "es": "Marcar estos fotogramas"},
    "evidence.marked": {"en": "Entry {n}: frames marked.", "es": "Entrada {n}: fotogramas marcados."},
    "evidence.marks": {"en": "Marked frames", "es": "Fotogramas marcados"},
    "evidence.locked": {"en": "The case is decided and locked; changes are corrections (below, or polo-review evidence correct).",
                        "es": "El caso está decidido y cerrado; los cambios son correcciones (abajo, o polo-review evidence correct)."},
    "evidence.name_needed": {"en": "Enter your name in the sidebar first: it is recorded on every entry.",
                             "es": "Primero escriba su nombre en la barra lateral: se registra en cada entrada."},
    "evidence.decision": {"en": "Decision", "es": "Decisión"},
    "evidence.reason": {"en": "Reason (required for not proven)", "es": "Motivo (obligatorio si no se prueba)"},
    "evidence.record": {"en": "Record the decision", "es": "Registrar la decisión"},
    "evidence.decided": {"en": "Decision: {d}, by {by}, {at} (entry {n}).", "es": "Decisión: {d}, por {by}, {at} (entrada {n})."},
    "evidence.rule": {"en": "Rule 21.f(5)", "es": "Regla 21.f(5)"},
    "evidence.forfeiture": {"en": "Forfeiture", "es": "Pérdida del partido"},
    "evidence.not-proven": {"en": "Not proven", "es": "No probado"},
    "evidence.out-of-time": {"en": "Out of time", "es": "Fuera de plazo"},
    "evidence.correct": {"en": "Record a correction", "es": "Registrar una corrección"},
    "evidence.correct_entry": {"en": "Entry corrected", "es": "Entrada corregida"},
    "evidence.correct_reason": {"en": "Reason for the correction", "es": "Motivo de la corrección"},
    "evidence.correct_withdraw": {"en": "Withdraw the marks of that entry", "es": "Retirar las marcas de esa entrada"},
    "evidence.correct_decision": {"en": "Corrected decision (optional)", "es": "Decisión corregida (opcional)"},
    "evidence.corrected": {"en": "Entry {n}: correction recorded.", "es": "Entrada {n}: corrección registrada."},
    "evidence.no_case": {"en": "No case yet: nothing has been received or recorded for this match.",
                         "es": "Todavía no hay caso: no se recibió ni registró nada para este partido."},
    "evidence.verify": {"en": "Verify now", "es": "Verificar ahora"},
    "evidence.intact": {"en": "Intact: {n} entries chained, {o} originals match their hashes.",
                        "es": "Íntegro: {n} entradas encadenadas, {o} originales coinciden con su hash."},
    "evidence.broken": {"en": "BROKEN: {problem}", "es": "ROTO (detalle en inglés): {problem}"},
    "evidence.head": {"en": "Head hash (keep a copy elsewhere): {head}", "es": "Hash final (guarde una copia aparte): {head}"},
    "evidence.build_pack": {"en": "Build the evidence pack", "es": "Generar el expediente"},
    "evidence.download_pack": {"en": "Download the pack (.zip)", "es": "Descargar el expediente (.zip)"},
    "evidence.no_end_time": {
        "en": "This match has no end time (`match.end_time_utc`), so the 24-hour window of 21.f(5) cannot be "
              "computed. Record when the game ended in the match document ({path}); receiving evidence and "
              "deciding stay disabled until then.",
        "es": "Este partido no tiene hora de fin (`match.end_time_utc`), así que no puede calcularse el plazo de "
              "24 horas de 21.f(5). Registre cuándo terminó el partido en el documento del partido ({path}); "
              "recibir pruebas y decidir quedan desactivados hasta entonces."},
    "evidence.bad_end_time": {
        "en": "The match's end time cannot be read, so the 24-hour window cannot be computed; receiving evidence "
              "and deciding stay disabled until it is corrected. Detail: {message}",
        "es": "No puede leerse la hora de fin del partido, así que no puede calcularse el plazo de 24 horas; "
              "recibir pruebas y decidir quedan desactivados hasta corregirla. Detalle (en inglés): {message}"},
    "evidence.needs_end_time": {"en": "Disabled until the match's end time is recorded.",
                                "es": "Desactivado hasta que se registre la hora de fin del partido."},
    "evidence.end_moved": {
        "en": "This case was opened with the game's end at {opened}; the match document now gives {now}. "
              "Receipts are judged against the first; new evidence is refused until the two agree.",
        "es": "Este caso se abrió con el fin del partido a las {opened}; el documento del partido indica ahora "
              "{now}. Las recepciones se juzgan con la primera; no se reciben pruebas nuevas hasta que coincidan."},
    "evidence.log_unreadable": {"en": "The case log cannot be read; only the register and the integrity check are shown.",
                                "es": "No puede leerse el registro del caso; solo se muestran el registro de caballos "
                                      "y la verificación de integridad."},
    "evidence.returned": {
        "en": "Excused mount seen again: {mount}, excused under {clause} in event {event}, appears after it in {seen}.",
        "es": "Caballo excusado visto de nuevo: {mount}, excusado por {clause} en el evento {event}, aparece "
              "después en {seen}."},
    "evidence.seen_in": {"en": "event {event} (frame {frame}{rider})", "es": "evento {event} (fotograma {frame}{rider})"},
    "evidence.verify_warning": {"en": "Warning: {message}", "es": "Aviso (detalle en inglés): {message}"},
    "evidence.col.event": {"en": "Event", "es": "Evento"},
    "evidence.col.mount": {"en": "Mount", "es": "Caballo"},
    "evidence.col.player": {"en": "Player", "es": "Jugador"},
    "evidence.col.clock": {"en": "Clock", "es": "Reloj"},
    "evidence.col.seen_again": {"en": "Seen again", "es": "Visto de nuevo"},
    "evidence.col.riders": {"en": "Ridden by", "es": "Montado por"},
    "evidence.col.events": {"en": "Seen in events", "es": "Visto en los eventos"},
    "evidence.col.id": {"en": "Evidence", "es": "Prueba"},
    "evidence.col.received": {"en": "Received (UTC)", "es": "Recibida (UTC)"},
    "evidence.col.window": {"en": "24-hour window", "es": "Plazo de 24 horas"},
    "evidence.col.entry": {"en": "Entry", "es": "Entrada"},
    "evidence.col.excusal": {"en": "Excusal (event)", "es": "Excusa (evento)"},
    "evidence.col.by": {"en": "By", "es": "Por"},
    "evidence.col.withdrawn": {"en": "Withdrawn by entry", "es": "Retirada por la entrada"},
    "evidence.col.presentations": {"en": "Presentations", "es": "Presentaciones"},
    "evidence.col.recorded": {"en": "Recorded (UTC)", "es": "Registrada (UTC)"},
    "evidence.presentations": {
        "en": "Every presentation of a video received more than once. The earliest on record is the one the 24-hour "
              "window is judged by; \"Recorded\" is when its entry was written, so a receipt entered after the fact shows.",
        "es": "Cada presentación de un vídeo recibido más de una vez. La más temprana registrada es la que cuenta para "
              "el plazo de 24 horas; \"Registrada\" es cuándo se escribió su entrada, así se ve una recepción cargada "
              "después."},
    "evidence.in_time_short": {"en": "in time", "es": "en plazo"},
    "evidence.late_short": {"en": "late", "es": "fuera de plazo"},
    "evidence.forfeiting": {"en": "Team forfeiting: {teams}. Under 21.f(5) this penalty must be exacted.",
                            "es": "Equipo que pierde el partido: {teams}. Según 21.f(5) esta sanción debe aplicarse."},
    "evidence.grounds_altered": {
        "en": "The original of {ids}, on which this decision rests, is missing or no longer matches its hash (see "
              "Integrity and pack).",
        "es": "El original de {ids}, en el que se funda esta decisión, falta o ya no coincide con su hash (vea "
              "Integridad y expediente)."},
    "evidence.reason_needed": {"en": "A not-proven decision needs its reason.",
                               "es": "Una decisión de no probado necesita su motivo."},
    "evidence.anchor": {"en": "Head hash kept outside the store (optional)",
                        "es": "Hash final guardado fuera del almacén (opcional)"},
    "evidence.anchor_help": {
        "en": "The head hash from an earlier pack, printout or message. If this log still contains it, every entry up "
              "to it is as it was then; if not, the log was cut or rewritten since.",
        "es": "El hash final de un expediente anterior, una copia impresa o un mensaje. Si este registro aún lo "
              "contiene, todas las entradas hasta él están como entonces; si no, el registro fue recortado o "
              "reescrito desde entonces."},
    "evidence.anchor_bad": {"en": "That is not a head hash: give all 64 hexadecimal digits. Checked without it.",
                            "es": "Eso no es un hash final: indique los 64 dígitos hexadecimales. Se verificó sin él."},
    "evidence.anchored": {"en": "The head kept outside the store is entry {n}: entries 1 to {n} are as they were then.",
                          "es": "El hash guardado fuera del almacén es la entrada {n}: las entradas 1 a {n} están como "
                                "entonces."},
    "evidence.intact_limits": {
        "en": "Intact: no entry was altered, removed or reordered and the originals match their hashes. A log cut at "
              "its end or rewritten whole with new hashes would pass too; only a head hash kept outside the store "
              "(below) tells them apart.",
        "es": "Íntegro: ninguna entrada fue alterada, eliminada ni reordenada y los originales coinciden con su hash. "
              "Un registro recortado al final o reescrito entero con hashes nuevos también pasaría; solo un hash "
              "final guardado fuera del almacén (abajo) lo distingue."},
}
