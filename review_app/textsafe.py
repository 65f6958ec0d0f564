"""Showing text people typed (notes, names, match names) as text: Streamlit never renders raw
HTML without `unsafe_allow_html`, which this app never passes, but Markdown would still turn
`![x](http://...)` into an image fetch or `[x](javascript:...)` into a link, so user text is
escaped before it reaches any Markdown. Plain module."""

from __future__ import annotations

import base64
import html
import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~<$:])")


def md(text: object) -> str:
    """`text` with every Markdown-active character backslash-escaped."""
    return _MD_SPECIAL.sub(r"\\\1", "" if text is None else str(text))


def html_text(text: object) -> str:
    """For the rare place text goes into HTML (components): escaped, quotes included."""
    return html.escape("" if text is None else str(text), quote=True)


def data_url(data: bytes, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


# C0 controls but tab and line feed, DEL, and the C1 controls: a name holding ESC [ ... could
# recolour, move or clear the reader's terminal.
_TERMINAL_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def for_terminal(text: object) -> str:
    """`text` with every control character a terminal would act on removed (tabs and newlines stay)."""
    return _TERMINAL_CONTROL.sub("", "" if text is None else str(text))
