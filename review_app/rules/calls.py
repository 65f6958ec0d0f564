"""Words for the parts of a call, in both languages, shared by every clause's explanations, and the
one check several clauses share: play stopped at once, unless it was already stopped."""

from __future__ import annotations

from review_app.rules.provision import Case, yes_no

WHISTLE = {
    "at_once": ("whistled at once", "silbó de inmediato"),
    "delayed": ("delayed the whistle", "demoró el silbato"),
    "neutral_play": ("whistled at a neutral play", "silbó en una jugada neutral"),
    "none": ("did not stop play", "no detuvo el juego"),
}

# A situation that arises in a break in play needs no whistle. Recorded only then: like the other
# exceptions a reviewer marks (a teammate's change, coaching), unrecorded means it did not happen,
# here that play was running, which a whistle-free training question or an older document assumes.
ALREADY_STOPPED = yes_no("play_already_stopped", "Play was already stopped when this arose (a break in play)",
                         "El juego ya estaba detenido cuando ocurrió (una pausa en el juego)", required=False)


def whistle_words(value: str) -> tuple[str, str]:
    return WHISTLE.get(value, (value, value))


def missed_stop(case: Case) -> str | None:
    """For a provision that stops play at once: the whistle the Umpire gave instead, or None if play
    was stopped at once or was already stopped."""
    whistle = case.called("whistle")
    if whistle == "at_once" or (whistle == "none" and case.facts.get(ALREADY_STOPPED.name) is True):
        return None
    return whistle


def minutes(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m}:{s:02d}"


def duration(seconds: float) -> tuple[str, str]:
    """A rulebook time in words: '10 minutes' / '10 minutos', else m:ss."""
    m, s = divmod(int(round(seconds)), 60)
    if s:
        return minutes(seconds), minutes(seconds)
    if m == 1:
        return "one minute", "un minuto"
    return f"{m} minutes", f"{m} minutos"
