"""The one Jinja2 environment every HTML output is rendered with: templates in
`review_app/reports/templates/`, autoescape on, undefined names an error, and the words
translated through the gettext catalogue (`review_app.i18n`) by `jinja2.ext.i18n`.

    render("consistency_report.html", "en", result=...)

One environment per language, made once: in it `_`, `gettext`, `ngettext`, `pgettext` and
`{% trans %}` speak that language (newstyle gettext: `_("%(n)s events", n=3)`, the values
escaped), and the filter `translate` renders whatever the library returned (a `Message`, a
message id, a legacy {"en": ..., "es": ...} pair) in it, or in the language given:
`{{ explanation | translate("es") }}` for the Spanish beside the English. `N_` marks a
message id in a template for the catalogue without translating it there.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from review_app import i18n

log = logging.getLogger(__name__)


@functools.cache
def environment(lang: str = i18n.DEFAULT_LANGUAGE) -> Environment:
    """The environment that renders templates in `lang` (cached: one per language per process)."""
    if lang not in i18n.LANGUAGES:
        raise ValueError(f"no such language {lang!r}; one of {', '.join(i18n.LANGUAGES)}")
    env = Environment(
        loader=PackageLoader("review_app.reports", "templates"),
        autoescape=select_autoescape(["html"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_blank_for_none,
    )
    # The catalogue's extractor reads templates with trimmed=true; the ids looked up must be the same.
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(i18n.translations(lang), newstyle=True)
    env.filters["translate"] = functools.partial(_translate, default=lang)
    env.globals.update(lang=lang, N_=i18n.N_)
    log.debug("template environment for %s ready", lang)
    return env


def _blank_for_none(value: Any) -> Any:
    """A missing value (a period or clock not given) shows as nothing, not as 'None'."""
    return "" if value is None else value


def _translate(value: Any, lang: str | None = None, *, default: str) -> str:
    return i18n.translate(value, lang or default)


def render(template_name: str, lang: str = i18n.DEFAULT_LANGUAGE, /, **context: Any) -> str:
    """The template rendered in `lang` with `context`; text in the context is escaped by the template."""
    return environment(lang).get_template(template_name).render(**context)


def render_markup(template_name: str, lang: str = i18n.DEFAULT_LANGUAGE, /, **context: Any) -> Markup:
    """The same, as safe markup for another template to place as it is (a section in one language
    of a page that holds every language)."""
    return Markup(render(template_name, lang, **context))  # our own template, autoescaped
