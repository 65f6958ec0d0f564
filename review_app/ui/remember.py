"""The reviewer's name, remembered on this browser across reloads and sessions.

A cookie holds it: a tiny component (no iframe) writes it whenever the name is set or cleared, and a
new session reads it from the request that opened the connection (`st.context.cookies`), so a reload
opens already named. The cookie holds only the name, is sent only to this app (path /, SameSite=Strict)
and lasts a year; "Change name" clears it. The script is this module's own constant; the name reaches
it as data, never as code.
"""

from __future__ import annotations

import logging
from urllib.parse import unquote

import streamlit as st

log = logging.getLogger(__name__)

COOKIE = "polo_review_reviewer"
MAX_AGE_S = 365 * 24 * 3600
NAME_MAX = 200

_JS = r"""
export default function (component) {
  const { data } = component;
  const name = data && typeof data.name === "string" ? data.name : "";
  const base = "; path=/; SameSite=Strict";
  document.cookie = name ? "COOKIE=" + encodeURIComponent(name) + "; max-age=AGE" + base
                         : "COOKIE=; max-age=0" + base;
}
""".replace("COOKIE", COOKIE).replace("AGE", str(MAX_AGE_S))

_component = st.components.v2.component("polo_review_remember_name", js=_JS)


def clean(name: str | None) -> str | None:
    text = " ".join((name or "").split())[:NAME_MAX]
    return text or None


def remembered() -> str | None:
    """The name this browser remembers, if any."""
    try:
        raw = st.context.cookies.get(COOKIE)
    except (AttributeError, RuntimeError) as exc:  # no browser request behind this session (a script run)
        log.debug("no cookies to read: %s", exc)
        return None
    return clean(unquote(raw)) if raw else None


def keep(name: str | None) -> None:
    """Write (or, with None, clear) the cookie in the browser; called on every run with the current name."""
    with st.sidebar:
        _component(key="app.remember_name", data={"name": name or ""}, height=0, width="stretch")
