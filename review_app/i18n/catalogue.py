"""Keeping the catalogue in step with the code: extract every message id from the package's
Python and templates, update each language's `.po` file, and list what is not yet translated.

    python -m review_app.i18n.catalogue update   # messages.pot and es/.../messages.po from the code
    python -m review_app.i18n.catalogue check    # untranslated, fuzzy or missing ids; exit 1 if any

New ids arrive untranslated (never guessed by fuzzy matching); ids no longer in the code leave.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from review_app.i18n import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, LOCALE_DIR, catalogue_path

PACKAGE = LOCALE_DIR.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

# The names under which code hands a message id over for translation (gettext's own, and ours).
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "InContext": ((1, "c"), 2),
    "Message": None,
    "Plural": (1, 2),
}
METHODS = [
    ("**/locale/**", "ignore"),
    ("**.py", "python"),
    ("**/rules/data/parameters.toml", "review_app.i18n.catalogue:extract_parameter_labels"),
    ("**/templates/**.html", "jinja2"),
]
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trimmed": "true"}


def extract_parameter_labels(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for the rulebook's numbers as data (`rules/data/parameters.toml`): each
    parameter's `label` line, an English message id like those the code marks with N_."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), 1):
        if line.startswith("label"):
            yield lineno, "N_", tomllib.loads(line)["label"], []


def _directory_filter(dirpath: str) -> bool:
    """Every folder of the package, `_cli` included (Babel's default skips names starting with
    '_' or '.'), except caches."""
    name = Path(dirpath).name
    return not name.startswith(".") and name != "__pycache__"


def extract() -> Catalog:
    """Every message id the package's code and templates use, with where each stands."""
    catalog = Catalog(domain=DOMAIN, project="polo-review", charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        str(PACKAGE), method_map=METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        options_map={"**/templates/**.html": JINJA_OPTIONS}, strip_comment_tags=True,
        directory_filter=_directory_filter,
    )
    for filename, lineno, message, comments, context in found:
        if not (message[0] if isinstance(message, tuple) else message):
            continue
        catalog.add(message, None, [(f"review_app/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def read(lang: str) -> Catalog:
    path = catalogue_path(lang)
    if not path.is_file():
        return Catalog(locale=lang, domain=DOMAIN, project="polo-review", fuzzy=False)
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def _write(catalog: Catalog, path: Path) -> None:
    import io

    from review_app.ground.files import atomic_write_bytes  # one atomic write for every file

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True,
             include_lineno=False)
    atomic_write_bytes(path, buffer.getvalue())


def update() -> list[str]:
    """Bring the template and every language's catalogue up to the code; returns one line per language."""
    template = extract()
    _write(template, TEMPLATE)
    lines = []
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        catalog = read(lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write(catalog, catalogue_path(lang))
        todo = problems(lang, template, catalog)
        lines.append(f"{lang}: {len(catalog)} messages, {len(todo)} to translate")
    return lines


@dataclass(frozen=True)
class Problem:
    lang: str
    id: str
    what: str  # "untranslated", "fuzzy" or "missing"

    def __str__(self) -> str:
        return f"{self.lang}: {self.what}: {self.id!r}"


def problems(lang: str, template: Catalog | None = None, catalog: Catalog | None = None) -> list[Problem]:
    """What keeps `lang` from being complete: ids used in the code but absent from its catalogue,
    entries without a translation, and entries marked fuzzy."""
    template = template if template is not None else extract()
    catalog = catalog if catalog is not None else read(lang)
    out = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        shown = message.id if isinstance(message.id, str) else message.id[0]
        if entry is None:
            out.append(Problem(lang, shown, "missing"))
        elif entry.fuzzy:
            out.append(Problem(lang, shown, "fuzzy"))
        elif not (all(entry.string) if isinstance(entry.string, tuple | list) else entry.string):
            out.append(Problem(lang, shown, "untranslated"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m review_app.i18n.catalogue", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=("update", "check"))
    args = parser.parse_args(argv)
    if args.action == "update":
        for line in update():
            print(line)
        return 0
    found = [p for lang in LANGUAGES if lang != DEFAULT_LANGUAGE for p in problems(lang)]
    for p in found:
        print(p)
    print(f"{len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
