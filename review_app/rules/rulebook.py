"""The rulebook text, read from the copy of `shared/rulebook/uspa-2026-rule-21.txt` shipped
with the package, so that every provision shows the words it encodes.

The file pairs each Spanish paragraph with its English original: a Spanish line, the marker
line `Texto original`, then the English line. Other lines are headings. The worked examples
stand as one Spanish and one English paragraph near the end; they are cut apart by their
opening words (`EXAMPLE_OPENINGS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from review_app.i18n import Message

RULEBOOK_FILE = "uspa-2026-rule-21.txt"
_DATA = Path(__file__).with_name("data")
ORIGINAL_MARKER = "Texto original"
# The English original prevails; the Spanish is a translation for education (the file's last line).
TRANSLATION_NOTICE = Message("Translation for educational purposes. The original English text prevails.")


class RulebookError(Exception):
    """The packaged rulebook does not hold a paragraph the rules refer to (a bug, not user input)."""


@dataclass(frozen=True)
class Paragraph:
    en: str
    es: str
    heading: str  # the nearest heading line above, as the file gives it


def rulebook_text() -> str:
    # By its path beside this module, as the package reads its other data (the catalogues, the listener's
    # weights): importlib.resources would bring tempfile, shutil and zipfile into every command's start (some
    # 7 ms), since the registry reads the rulebook as `review_app.rules` is imported (`_rulebook_place`).
    return (_DATA / RULEBOOK_FILE).read_text("utf-8")


@lru_cache(maxsize=1)
def paragraphs() -> tuple[Paragraph, ...]:
    lines = [ln.strip() for ln in rulebook_text().splitlines()]
    out: list[Paragraph] = []
    heading = ""
    i = 0
    while i < len(lines):
        if i + 2 < len(lines) and lines[i + 1] == ORIGINAL_MARKER:
            out.append(Paragraph(en=lines[i + 2], es=lines[i], heading=heading))
            i += 3
            continue
        if lines[i]:
            heading = lines[i]
        i += 1
    return tuple(out)


def paragraph(en_opening: str) -> Paragraph:
    """The one paragraph whose English text starts with `en_opening`."""
    found = [p for p in paragraphs() if p.en.startswith(en_opening)]
    if len(found) != 1:
        raise RulebookError(f"{len(found)} paragraphs open with {en_opening!r}")
    return found[0]


# Opening words of each worked example, English then Spanish, in the rulebook's order.
EXAMPLE_OPENINGS: tuple[tuple[str, str, str], ...] = (
    ("slow-return-knock-in", "Red #1 hits wide of goal", "Rojo #1 tira desviado"),
    ("protest-after-whistle", "The Umpire’s whistle sounds", "Suena el silbato"),
    ("dangerous-foul-after-horn", "The horn blows one second", "La bocina suena"),
    ("glasses-between-periods", "After the period has ended", "Una vez terminado el período"),
    ("minor-infraction-advantage", "Blue #4 knocks in and rides", "Azul #4 saca de fondo"),
    ("girth-breaks-in-traffic", "Red #1’s girth breaks", "La cincha de Rojo #1"),
    ("stirrup-leather-out-of-play", "Blue #4 breaks a stirrup leather", "Azul #4 rompe una ación"),
    ("dropped-mallet", "Red #3 hooks an opponent", "Rojo #3 le hace un hook"),
    ("stirrup-hanger-change", "Red #3 breaks a stirrup hanger", "Rojo #3 rompe el enganche"),
    ("curb-chain-resting", "Blue #1 loses a curb chain", "Azul #1 pierde la barbada"),
    ("tack-timeout-changed-horse", "Red #2 asks for, and is granted", "Rojo #2 pide, y se le concede"),
    ("hard-bump-check-mount", "After a particularly hard bump", "Después de un golpe"),
    ("mount-falls-after-collision", "Red #3’s mount falls", "El caballo de Rojo #3 se cae"),
    ("tired-mount", "Blue #2’s mount is tired", "El caballo de Azul #2 está cansado"),
)


def _cut(text: str, openings: list[str]) -> list[str]:
    starts = []
    for opening in openings:
        at = text.find(opening)
        if at < 0:
            raise RulebookError(f"worked example opening {opening!r} not found")
        starts.append(at)
    if starts != sorted(starts):
        raise RulebookError("worked examples are out of order")
    ends = starts[1:] + [len(text)]
    return [text[s:e].strip() for s, e in zip(starts, ends, strict=True)]


@lru_cache(maxsize=1)
def worked_examples() -> dict[str, dict[str, str]]:
    """Each worked example's text in English and Spanish, keyed by a short id."""
    block = paragraph(EXAMPLE_OPENINGS[0][1])
    en = _cut(block.en, [o[1] for o in EXAMPLE_OPENINGS])
    es = _cut(block.es, [o[2] for o in EXAMPLE_OPENINGS])
    return {o[0]: {"en": e, "es": s} for o, e, s in zip(EXAMPLE_OPENINGS, en, es, strict=True)}
