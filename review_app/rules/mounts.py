"""Mounts, 21.f fallen or injured mount: what its subparagraphs share.

The provisions themselves stand in `mount_welfare.py` (21.f(1)(i), 21.f(1)(ii), 21.f(2)) and
`mount_excusal.py` (21.f(3), 21.f(4), 21.f(5)); this module holds which clauses excuse a mount,
when an event's facts contradict its excusal, and the checks several subparagraphs make."""

from __future__ import annotations

from review_app.rules.calls import (
    missed_stop,
    whistle_words,
)
from review_app.rules.provision import (
    Case,
    Source,
    Verdict,
    Verdicts,
    say,
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


def stopped_at_once(v: Verdicts, case: Case, what_en: str, what_es: str) -> Verdict | None:
    late = missed_stop(case)
    if late:
        en, es = whistle_words(late)
        return v.inconsistent(f"{what_en}: the Umpires should stop play immediately; the Umpire {en}.",
                              f"{what_es}: los Umpires deberían detener el juego de inmediato; el Umpire {es}.")
    return None


# "Any unwarranted delay ... will be penalized" (21.f(1)(i) on the player's part, 21.f(2) by either team).
UNWARRANTED_DELAY = yes_no("unwarranted_delay", "A player delayed the restart without good reason",
                           "Un jugador demoró la reanudación sin justificación", required=False)


def delay_penalized(v: Verdicts, case: Case) -> Verdict | None:
    if case.has(UNWARRANTED_DELAY.name) and case.fact(UNWARRANTED_DELAY.name) and case.called("penalty") == "none":
        return v.inconsistent("Any unwarranted delay will be penalized; the delay went unpenalized.",
                              "Cualquier demora injustificada será sancionada; la demora no se sancionó.")
    return None


def recorded_excused(v: Verdicts, case: Case) -> Verdict | None:
    if case.called("mount_excused") is not True:
        return v.inconsistent("The mount must be recorded as excused: it may not play again in the game.",
                              "El caballo debe quedar registrado como excusado: no podrá volver a jugar en el partido.")
    return None
