"""One word for one thing in Spanish: every message of the catalogue whose English uses a term of the
glossary (review_app/locale/glossary-en-es.md, the rulebook's own Spanish) uses the glossary's Spanish for
it, and none uses a word the glossary sets aside ("cobro", "rival", "cláusula", "sanción" for a call...)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "review_app" / "locale"
GLOSSARY = LOCALE / "glossary-en-es.md"
CATALOGUE = LOCALE / "es" / "LC_MESSAGES" / "messages.po"
# Placeholders are filled in at run time ({mount}, %(count)s): they are not words of either language.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[sd]")


def fold(text: str) -> str:
    """Lower case, accents dropped: "Período" and "periodo" are one word to compare."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()


def english_pattern(form: str) -> re.Pattern:
    """A term's English form as a whole word or phrase, its plural too; a space or hyphen inside it may be
    either ("time out", "time-out"), and each word may be plural. Not inside a longer word: "non-call" is not "call"."""
    words = [f"(?:{w[:-1]}(?:y|ies)|{w}s?)" if w.endswith("y") else f"{w}(?:s|es)?"
             for w in map(re.escape, re.split(r"[- ]", form.strip()))]  # "strings of mounts" too
    return re.compile(r"(?<![\w-])" + r"[- ]?".join(words) + r"(?![\w-])", re.IGNORECASE)


def spanish_pattern(form: str) -> re.Pattern:
    """A term's Spanish, each word as the start of a word (plural and gender endings follow it, and a verb's
    endings its stem: "marcar" is found in "se marcó"), up to two words between them ("tarjeta amarilla o
    roja" has the red card): "jugada neutral" is found in "jugadas neutrales"."""
    words = [re.escape(re.sub(r"(?<=\w{3})(ar|er|ir)$", "", w)) for w in fold(form).split()]
    return re.compile(r"(?<!\w)" + r"\w*(?:\s+\w+){0,2}?\s+".join(words))


@dataclass(frozen=True)
class Term:
    english: tuple[str, ...]
    spanish: tuple[str, ...]

    def wants(self) -> list[tuple[re.Pattern, list[re.Pattern]]]:
        """Each English form with the Spanish that translates it (its own when the forms pair up)."""
        spanish = [spanish_pattern(s) for s in self.spanish]
        if len(self.english) == len(self.spanish):
            return [(english_pattern(e), [s]) for e, s in zip(self.english, spanish, strict=True)]
        return [(english_pattern(e), spanish) for e in self.english]


def _tables(text: str) -> dict[str, list[list[str]]]:
    """The rows of each section's table (heading -> rows of cells), header and rule rows left out."""
    out: dict[str, list[list[str]]] = {}
    section = None
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            out[section] = []
        elif section and line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            out[section].append([c.strip() for c in line.strip().strip("|").split("|")])
    return {name: rows[1:] for name, rows in out.items()}  # the first row of each table is its header


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    own_wording: tuple[tuple[re.Pattern, str], ...]  # an English phrase, the rulebook's Spanish there
    other_senses: tuple[tuple[str, re.Pattern, re.Pattern], ...]  # the English, matched, and its Spanish
    not_used: tuple[tuple[str, re.Pattern], ...]

    @classmethod
    def read(cls, path: Path) -> Glossary:
        tables = _tables(path.read_text("utf-8"))
        terms = tuple(Term(tuple(c[0].split(", ")), tuple(c[1].split(", "))) for c in tables["Terms"])
        own = tuple((english_pattern(c[0]), c[1])
                    for c in tables["Where the rulebook words a term its own way"])
        senses = tuple((c[0], english_pattern(c[0]), spanish_pattern(c[1]))
                       for c in tables["The same English word in another sense"])
        banned = tuple((c[0], re.compile(r"(?<![\w-])" + re.escape(fold(c[0])) + r"(?:s|es)?(?![\w-])"))
                       for c in tables["Words not used"])
        return cls(terms, own, senses, banned)


def problems(glossary: Glossary, msgid: str, msgstr: str) -> list[str]:
    """What is wrong with one message's Spanish, by the glossary (empty: nothing)."""
    english, spanish = PLACEHOLDER.sub(" ", msgid), fold(PLACEHOLDER.sub(" ", msgstr))
    found = []
    allowed_spanish = set()
    for phrase, wording in glossary.own_wording:
        if phrase.search(english):
            if not spanish_pattern(wording).search(spanish):
                found.append(f"{phrase.pattern!r} is, as the rulebook words it, {wording!r}")
            english = phrase.sub(" ", english)
            allowed_spanish.update(w for w, banned in glossary.not_used if banned.search(fold(wording)))
    for label, sense, wording in glossary.other_senses:
        whole = " " not in label and english.strip().lower() == label.lower()
        if (whole or (" " in label and sense.search(english))) and wording.search(spanish):
            english = " " if whole else sense.sub(" ", english)
    # The longest forms first, each taken out once looked at: "string of mounts" is not also "mount".
    wants = sorted(((term, form, wanted) for term in glossary.terms for form, wanted in term.wants()),
                   key=lambda w: -len(w[1].pattern))
    wrong: list[Term] = []
    for term, form, wanted in wants:
        if form.search(english):
            if not any(w.search(spanish) for w in wanted) and term not in wrong:
                wrong.append(term)
            english = form.sub(" ", english)
    found += [f"{'/'.join(term.english)} is {'/'.join(term.spanish)} in Spanish" for term in wrong]
    for word, banned in glossary.not_used:
        if word not in allowed_spanish and banned.search(spanish):
            found.append(f"uses {word!r}, which the glossary sets aside")
    return found


def _messages():
    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f)
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if string:
                yield " / ".join(ids), string


def test_every_message_uses_the_glossarys_spanish_for_its_terms():
    glossary = Glossary.read(GLOSSARY)
    bad = [f"{msgid!r} -> {msgstr!r}: {'; '.join(found)}"
           for msgid, msgstr in _messages() if (found := problems(glossary, msgid, msgstr))]
    assert not bad, f"{len(bad)} messages drift from {GLOSSARY.name}:\n" + "\n".join(bad)


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return Glossary.read(GLOSSARY)


@pytest.mark.parametrize(("msgid", "msgstr"), [
    ("Inconsistent calls", "Cobros incoherentes"),  # "cobro" for a call
    ("No call recorded", "Ningún cobro registrado"),
    ("The foul was not at the horn; this provision does not change the call.",
     "El foul no fue en la bocina; esta disposición no cambia la sanción."),  # "sanción" for a call
    ("An opposing mallet", "Un taco rival"),
    ("Clause", "Cláusula"),
    ("Line-up", "Alineación"),
    ("Stirrup hanger", "Porta-estribo"),
    ("Play resumes as soon as the mount is off the field", "El juego se reanuda en cuanto el caballo está fuera"),
    ("Chukker {n}", "Chukker {n}"),
])
def test_a_term_translated_another_way_is_found(glossary, msgid, msgstr):
    assert problems(glossary, msgid, msgstr)


@pytest.mark.parametrize(("msgid", "msgstr"), [
    ("Inconsistent calls", "Decisiones incoherentes"),
    ("An opposing mallet", "El taco de un jugador contrario"),
    ("Teammates changed mounts: an appropriate penalty goes to the opposing team.",
     "Compañeros cambiaron de caballo: se otorga un penal apropiado al equipo contrario."),
    ("{mount!r} is listed twice", "{mount!r} figura dos veces"),  # a placeholder, not the word
    ("the penalty shall be forfeiture", "la sanción es la pérdida del partido"),  # 21.f(5)'s own words
    ("Field", "Campo"),  # a column of a table, not the polo field
    ("Time-outs", "Tiempos muertos"),
    ("The conduct called for a card", "La conducta requería una tarjeta"),  # required, not the Umpire's call
])
def test_the_glossarys_spanish_passes(glossary, msgid, msgstr):
    assert problems(glossary, msgid, msgstr) == []


def test_sancion_is_kept_only_where_the_rulebook_says_it():
    glossary = Glossary.read(GLOSSARY)
    assert problems(glossary, "A delayed call was assessed", "La sanción demorada se evaluó")
    assert problems(glossary, "The penalty was awarded to {team}", "La sanción se otorgó a {team}")
