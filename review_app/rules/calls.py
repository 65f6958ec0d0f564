"""Words for the parts of a call, in both languages, shared by every clause's explanations."""

from __future__ import annotations

WHISTLE = {
    "at_once": ("whistled at once", "silbó de inmediato"),
    "delayed": ("delayed the whistle", "demoró el silbato"),
    "neutral_play": ("whistled at a neutral play", "silbó en una jugada neutral"),
    "none": ("did not stop play", "no detuvo el juego"),
}


def whistle_words(value: str) -> tuple[str, str]:
    return WHISTLE.get(value, (value, value))


def minutes(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m}:{s:02d}"
