"""English and Spanish through one gettext catalogue, made with Babel; English is the message id.

English prevails; the Spanish is an educational translation, kept in
`review_app/locale/es/LC_MESSAGES/messages.po`. The Spanish follows the rulebook's own terms
(`shared/glossary-en-es.md`): Umpire, período, Referí, bocha, caballo, one word for one thing.

Library code never translates. It returns message ids marked with `N_`, or a `Message` (an id
with its parameters) or `Plural`, and the edge (a page, the command line, a template) renders
them in the reader's language with `translate`. A third language is one more `.po` file.

    title = N_("Ball hit across end line (Safety)")
    reason = Message("The ball struck {what} before crossing the end line.", what=N_("a goal post"))
    translate(reason, "es")  # parameters that are messages are translated too

`python -m review_app.i18n.catalogue update` extracts every id from the code and templates into
the catalogue; `... check` lists what is untranslated, fuzzy or missing (a test runs it).
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import hashlib
import io
import logging
import string
from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path
from typing import Any, cast

log = logging.getLogger(__name__)

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "messages"


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue for `lang`; English (the message ids themselves) needs none.

    The `.po` file is compiled in memory once per process, so there is no build step and no
    compiled `.mo` file to fall out of date with its source."""
    if lang == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    path = catalogue_path(lang)
    try:
        source = path.read_bytes()
    except OSError as exc:
        # A language without a catalogue reads in English rather than failing the page.
        log.warning("no %s catalogue at %s (%s); showing English", lang, path, exc)
        return _gettext.NullTranslations()
    # The standard library reads the compiled catalogue (plural forms and contexts included): Babel, with its locale
    # data, is imported only to compile one or to format a date, so a command that only translates (`check
    # --format json` writes both languages) does not pay for its import, a fifth of its start.
    return _gettext.GNUTranslations(io.BytesIO(_compiled(source, lang)))


def _compiled(source: bytes, lang: str) -> bytes:
    """The `.po` file's text compiled to a `.mo` catalogue, kept in the cache folder under a name made of the
    source's digest: Babel reading the `.po` took some 50 ms of every command that writes Spanish (`check --format
    json` writes both languages), reading the compiled one well under one. Keyed by content, it cannot fall out of
    date with its source (the `.mo` format is GNU gettext's, the same whichever Babel writes it); where the cache
    cannot be read or written, the catalogue is compiled in memory as before."""
    from review_app.config import cache_dir

    digest = hashlib.sha256(_MO_KEY + source).hexdigest()[:24]
    kept = cache_dir() / _CATALOGUES / f"{DOMAIN}-{lang}-{digest}.mo"
    with contextlib.suppress(OSError):  # not compiled yet, or the cache unreadable: compiled below
        return kept.read_bytes()
    # Babel's reader and writer only when compiling (their imports are a fifth of that cost).
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    buffer = io.BytesIO()
    write_mo(buffer, read_po(io.BytesIO(source), locale=lang, domain=DOMAIN), use_fuzzy=False)
    compiled = buffer.getvalue()
    # The one atomic write, imported only here: its file layer (filelock, threads) is not needed by a command
    # that finds the catalogue compiled, and a command reading meanwhile sees the whole file or none.
    from review_app.ground.files import atomic_write_bytes

    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(kept, compiled)
    except OSError as exc:
        log.debug("compiled %s catalogue not kept in %s (%s)", lang, kept.parent, exc)
    return compiled


_CATALOGUES = "catalogues"  # the cache's folder of compiled catalogues (safe to delete, as the whole cache)
_MO_KEY = b"gnu-mo-1\n"  # what a compiled catalogue's name is made of besides its source (changed, all recompile)


def gettext(message: str, lang: str = DEFAULT_LANGUAGE) -> str:
    return translations(lang).gettext(message) if message else ""


def ngettext(singular: str, plural: str, n: int, lang: str = DEFAULT_LANGUAGE) -> str:
    return translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """For a short word whose translation depends on where it stands ('Penalty' the call field,
    'Penalty' the restart)."""
    return translations(lang).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802  (gettext's own name for "mark, do not translate yet")
    """Marks a message id for the catalogue; translated later, where the reader's language is known."""
    return message


class Message:
    """A message id with its parameters, translated where it is shown.

    Parameters that are themselves messages (a `Message`, a `Plural`, or an id marked with `N_`
    and wrapped in `Message`) are translated into the same language before formatting."""

    __slots__ = ("id", "params", "_hash")

    def __init__(self, id: str, /, **params: Any):
        self.id = id
        self.params = params
        self._hash: int | None = None

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return _format(gettext(self.id, lang), self.params, lang)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Message({self.id!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        # Equal messages read alike: a parameter's type counts, as 30, 30.0 and True are equal numbers written
        # "30", "30.0" and "True".
        if not isinstance(other, Message) or type(other) is not type(self):
            return False
        return self.id == other.id and self._typed_params() == other._typed_params()

    def __hash__(self) -> int:
        # Equal messages hash alike; a parameter that cannot be hashed (a list) makes the message unhashable. Nothing
        # changes a message once made, so its hash is worked out once, as a string's is; a copy made by pickling works
        # out its own (`__getstate__`), hashes being this process's.
        if self._hash is None:
            self._hash = hash((type(self), self.id, frozenset(self._typed_params().items())))
        return self._hash

    def _typed_params(self) -> dict[str, tuple[type, Any]]:
        return {name: (type(value), value) for name, value in self.params.items()}

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # Messages and their kinds hold slots only (no __dict__): their state is the slots', less the hash.
        _no_dict, slots = cast(tuple[None, dict[str, Any]], super().__getstate__())
        return None, {**slots, "_hash": None}


class Plural(Message):
    """A message whose words depend on a count: `Plural("{n} tag", "{n} tags", n=3)`."""

    __slots__ = ("plural",)

    def __init__(self, singular: str, plural: str, /, *, n: int, **params: Any):
        super().__init__(singular, n=n, **params)
        self.plural = plural

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return _format(ngettext(self.id, self.plural, self.params["n"], lang), self.params, lang)


class InContext(str):
    """A message id whose translation depends on where it stands (`pgettext`), kept as the id it is (a label is a
    message id): `InContext("card", "None")` is "Ninguna" beside "Tarjeta", where the other fields' "None" is
    "Ninguno". `translate` renders it in its context."""

    context: str

    def __new__(cls, context: str, message: str) -> InContext:
        made = super().__new__(cls, message)
        made.context = context
        return made

    def __reduce__(self):
        return InContext, (self.context, str(self))


class _DecimalFormatter(string.Formatter):
    """`str.format` writing a number with a fraction the way the language does: "14,1 s" in Spanish, where Python
    writes 14.1. Only a float's own text changes; ids, clock times and versions are strings and stay as they are."""

    def __init__(self, decimal: str):
        self.decimal = decimal

    def format_field(self, value: Any, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        return text.replace(".", self.decimal) if isinstance(value, float) else text


@functools.cache
def _decimal_formatter(lang: str) -> _DecimalFormatter | None:
    """The formatter for `lang`'s decimal sign (CLDR's, by Babel), or None where it is Python's own point."""
    from babel import Locale, numbers

    decimal = numbers.get_decimal_symbol(Locale.parse(lang))
    return None if decimal == "." else _DecimalFormatter(decimal)


def _format(text: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return text
    values = {k: translate(v, lang) if isinstance(v, Message) else v for k, v in params.items()}
    formatter = _decimal_formatter(lang) if any(isinstance(v, float) for v in values.values()) else None
    return formatter.vformat(text, (), values) if formatter is not None else text.format(**values)


def translate(value: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """Whatever the library returned, in `lang`: a `Message`, a message id (a plain string), or
    an {"en": ..., "es": ...} pair read back from JSON output; None is the empty string."""
    if value is None:
        return ""
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, InContext):
        return pgettext(value.context, str(value), lang)
    if isinstance(value, Mapping):
        return value.get(lang) or value.get(DEFAULT_LANGUAGE) or ""
    return gettext(str(value), lang)


def both(value: Any) -> dict[str, str]:
    """{"en": ..., "es": ...}: for outputs that carry every language at once (JSON, the pack)."""
    return {lang: translate(value, lang) for lang in LANGUAGES}


def format_date(day: date, lang: str = DEFAULT_LANGUAGE, form: str = "long") -> str:
    from babel import Locale, dates

    return dates.format_date(day, format=form, locale=Locale.parse(lang))


def format_datetime(moment: datetime, lang: str = DEFAULT_LANGUAGE, form: str = "medium") -> str:
    from babel import Locale, dates

    return dates.format_datetime(moment, format=form, locale=Locale.parse(lang))


def format_duration(seconds: float, lang: str = DEFAULT_LANGUAGE, threshold: float = 0.85) -> str:
    """'5 minutes', '5 minutos' (Babel's words for a length of time)."""
    from babel import Locale, dates

    return dates.format_timedelta(seconds, threshold=threshold, locale=Locale.parse(lang))
