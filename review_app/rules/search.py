"""Finding a provision as a reviewer thinks of it: by clause id (with or without its
punctuation) or by words of its title, summary, rulebook text and facts, in either language,
accents optional."""

from __future__ import annotations

import functools
import re
import unicodedata

from review_app.i18n import LANGUAGES, both, translate
from review_app.rules.provision import Provision


def fold(text: str) -> str:
    """Lower case without accents, so 'lesion' finds 'Lesión'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def clause_label(p: Provision, lang: str) -> str:
    return f"{p.id} — {translate(p.title, lang)}"


_ID_TOKENS = re.compile(r"[0-9]+|[a-z]+")


def _id_tokens(text: str) -> list[str]:
    """'21.f(4)', '21f4' and '21 f 4' all give ['21', 'f', '4']."""
    return _ID_TOKENS.findall(fold(text))


def _names(p: Provision) -> str:
    """The clause id, its title and the name its code key shows (`Provision.key_name`), in both languages: a
    reviewer may think of a situation in either language whatever the interface's language ('casco' in English
    finds 21.h), and by the name the code window's buttons teach ('injured' finds 21.d, "Player injured", before
    the mount's clauses whose titles say "injured")."""
    return _hay(p.id)[0]


def _words(p: Provision) -> str:
    """Everything else a reviewer may search for: the summary, the rulebook's words, the facts
    and their choices, in both languages ('girth' or 'cincha' finds 21.g)."""
    return _hay(p.id)[1]


@functools.cache
def _hay(clause: str) -> tuple[str, str]:
    from review_app.rules import provision
    from review_app.rules.labels import value_label

    p = provision(clause)
    parts = [*both(p.summary).values(), *p.text.values()]
    for f in p.facts:
        parts += list(both(f.label).values())
        parts += [value_label(c, lang) for c in f.choices or () for lang in LANGUAGES]
    return fold(" ".join((p.id, *both(p.title).values(), *both(p.key_name).values()))), fold(" ".join(parts))


def searchable(p: Provision) -> dict:
    """What `search_provisions` matches `p` on, for a page that searches as the reviewer types (the tag form
    in the browser does the same steps on these): the id's tokens, the names, and the other words each once
    (a query word has no spaces, so it occurs in the text exactly when it occurs in one of its words)."""
    names, words = _hay(p.id)
    return {"tokens": _id_tokens(p.id), "names": names, "words": " ".join(dict.fromkeys(words.split()))}


def search_provisions(query: str, lang: str = "en") -> list[Provision]:
    """The provisions a reviewer is looking for.

    A query starting with a digit is a clause id, whole or its start: '21.g' finds 21.g and
    21.g.equipment (not 21.general.*), '21f4' finds 21.f(4). Otherwise every word must occur:
    first the provisions whose title (English or Spanish, accents ignored) holds them, then
    those whose summary, rulebook text or facts do. Both languages are always searched (`lang`
    is kept for callers)."""
    q = fold(query or "").strip()
    if not q:
        return list(_provisions())
    if q[0].isdigit():
        wanted = _id_tokens(q)
        hits = [p for p in _provisions() if _id_tokens(p.id)[:len(wanted)] == wanted]
        if hits:
            return hits
    words = q.split()
    by_name = [p for p in _provisions() if all(w in _names(p) for w in words)]
    by_text = [p for p in _provisions() if p not in by_name and all(w in _names(p) + " " + _words(p) for w in words)]
    return by_name + by_text


def _provisions():
    from review_app.rules import PROVISIONS  # the package imports this module's users

    return PROVISIONS
