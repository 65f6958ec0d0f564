"""A reel's title card: what the next tag is, in the reader's language, drawn with Pillow (any
Unicode text, accents included: OpenCV's own fonts write ASCII only)."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from review_app.drawings.render import font
from review_app.i18n import N_, Message, translate
from review_app.model.event import Event, Someone
from review_app.rules import provision
from review_app.rules.labels import call_field_label, value_label, verdict_label
from review_app.rules.provision import CALL_FIELDS

BACKGROUND = (18, 32, 24)  # RGB: a dark green, the field at dusk; white text reads on it
TEXT = (245, 245, 245)
MUTED = (190, 205, 195)
VERDICT_COLORS = {"consistent": (102, 187, 106), "inconsistent": (239, 83, 80), "discretionary": (100, 181, 246),
                  "incomplete": (255, 202, 40)}
MARGIN = 0.06  # of the card's width
EXPLANATION_LINES = 4  # of the explanation at most; a card is read in seconds


def _team(value, doc) -> str:
    names = doc.team_names()
    if isinstance(value, Someone):
        team = names.get(value.team, value.team)
        return f"{team} #{value.number}" if value.number else str(team)
    return names.get(value, str(value))


def call_text(event: Event, doc, lang: str) -> str:
    """The call made, its parts in the reader's words: "Whistle: at once · Restart: free hit"."""
    parts = []
    for name, spec in CALL_FIELDS.items():
        value = getattr(event.call, name)
        if value is None:
            continue
        shown = _team(value, doc) if spec in ("team", "player") else value_label(value, lang, name)
        parts.append(f"{call_field_label(name, lang)}: {shown}")
    return " · ".join(parts) or translate(Message(N_("No call recorded")), lang)


def _wrap(draw: ImageDraw.ImageDraw, text: str, face, width: float) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if not line or draw.textlength(trial, font=face) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def title_card(width: int, height: int, *, doc, event: Event, verdict: str | None, explanation, lang: str,
               slow: float | None = None, number: int | None = None, total: int | None = None) -> np.ndarray:
    """The card before a tag's window, as a BGR picture of the reel's size."""
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    unit = height / 20  # text sizes follow the card's height
    x = round(width * MARGIN)
    room = width - 2 * x
    y = round(height * 0.08)

    def say(text: str, size: float, fill=TEXT, bold=False, lines: int = 3, gap: float = 0.35) -> None:
        nonlocal y
        face = font(round(unit * size), bold)
        for line in _wrap(draw, text, face, room)[:lines]:
            draw.text((x, y), line, font=face, fill=fill)
            y += round(unit * size * 1.25)
        y += round(unit * gap)

    p = provision(event.situation)
    where = translate(Message(N_("Match {match} · tag {tag} · frame {frame}"), match=doc.match.get("name") or
                              doc.match_id, tag=event.id, frame=event.position.frame), lang)
    if number and total:
        where = f"{number}/{total} · {where}"
    say(where, 0.8, MUTED, lines=2)
    say(f"{p.id} — {translate(p.title, lang)}", 1.5, bold=True)
    say(call_text(event, doc, lang), 0.95, lines=3)
    if verdict:
        say(translate(Message(N_("Verdict: {verdict}"), verdict=verdict_label(verdict, lang)), lang), 1.2,
            VERDICT_COLORS.get(verdict, TEXT), bold=True, lines=1)
    if explanation is not None:
        say(translate(explanation, lang), 0.8, MUTED, lines=EXPLANATION_LINES)
    who = event.umpire
    facts = [translate(Message(N_("Umpire: {name}"), name=who), lang)] if who else []
    if event.period:
        facts.append(translate(Message(N_("Period {n}"), n=event.period), lang))
    if event.clock:
        facts.append(event.clock)
    if facts:
        say(" · ".join(facts), 0.8, MUTED, lines=1)
    if slow:
        say(translate(Message(N_("Slow motion ×{factor}"), factor=f"{slow:g}"), lang), 0.9, (255, 212, 0),
            bold=True, lines=1)
    return np.ascontiguousarray(np.asarray(image)[:, :, ::-1])
