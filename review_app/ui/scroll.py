"""Bringing a part of the page into view once, when the app has just put something there the user must
see (the verdict of the tag just saved, above a long form the user scrolled down to fill in).

A tiny component (no iframe): it finds the container Streamlit made for `st.container(key=...)` (its
element carries the class `st-key-<key>`) and scrolls it into view, in the page and in any panel that
scrolls on its own. It runs when its `seq` changes, so it moves the page once per event, never on the
reruns after it.
"""

from __future__ import annotations

import streamlit as st

_JS = r"""
export default function (component) {
  const { data, parentElement } = component;
  const key = data && typeof data.key === "string" ? data.key : "";
  if (!key || parentElement.__poloScrolled === data.seq) return;
  parentElement.__poloScrolled = data.seq;
  let tries = 0;
  const go = () => {
    const target = document.querySelector(".st-key-" + CSS.escape(key));
    // "start": below the header, by the container's scroll-margin-top (ui/review/layout.css)
    if (target) target.scrollIntoView({ block: "start", behavior: "instant" });
    else if (tries++ < 20) setTimeout(go, 50); // drawn a moment after this component
  };
  requestAnimationFrame(go);
}
"""

_component = st.components.v2.component("polo_review_scroll_into_view", js=_JS)


def into_view(key: str, seq: int | str) -> None:
    """Scroll the container keyed `key` into view, once for each new `seq`."""
    _component(key=f"scroll.{key}", data={"key": key, "seq": str(seq)}, height=0, width="stretch")
