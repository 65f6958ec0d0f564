"""The Review page's step keys (←/→, Shift+←/→, J/L) without lost presses.

A button's keyboard shortcut sends "this button was pressed"; two presses that arrive while
the frame is still being drawn are merged by Streamlit into one, so tapping → five times
quickly moved three or four frames. This small component listens to those keys instead and
sends every press not yet applied, numbered: Streamlit keeps only the latest value when it
merges, and the latest holds them all. The page applies each number once and sends back the
last one applied, and the browser forgets those.

The buttons keep their shortcuts, for their hints and as the fallback should the component not
load; the listener takes the keys first (capture phase) so a press never counts twice. Keys
typed in a text field or list, or with Ctrl/Alt/Cmd, are left alone, as the buttons' shortcuts
leave them. The script is this module's own constant; nothing a user typed reaches it.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

KEY = "review.step_keys"
APPLIED = "review.step_keys_applied"

_JS = r"""
export default function (component) {
  const { setStateValue, data } = component;
  const g = window.__poloReviewSteps || (window.__poloReviewSteps = { seq: 0, moves: [], on: false });
  // One listener for the page, fed by the latest mount: a remounted component runs this before the
  // old one's cleanup, which must then leave the listener alone.
  const me = {};
  g.owner = me;
  g.send = setStateValue;
  g.keys = data.keys;
  const ack = data.ack || 0;
  g.moves = g.moves.filter((m) => m[0] > ack);
  if (g.seq < ack) g.seq = ack;
  if (!g.on) {
    g.on = true;
    g.handler = (ev) => {
      const t = ev.composedPath ? ev.composedPath()[0] : ev.target;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
      const key = ev.key && ev.key.length === 1 ? ev.key.toUpperCase() : ev.key;
      const move = g.keys[(ev.shiftKey ? "Shift+" : "") + key];
      if (!move) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      g.seq += 1;
      g.moves.push([g.seq, move[0], move[1]]);
      g.send("moves", g.moves.slice());
    };
    window.addEventListener("keydown", g.handler, true);
  }
  return () => {
    if (g.owner !== me) return;
    window.removeEventListener("keydown", g.handler, true);
    g.on = false;
  };
}
"""

_component = st.components.v2.component("polo_review_step_keys", js=_JS)

_BROWSER_KEYS = {"Left": "ArrowLeft", "Right": "ArrowRight"}


def browser_keys(steps: Iterable[tuple[str, int, float]]) -> dict[str, list]:
    """(shortcut, frames, seconds) as the buttons name them -> {browser key name: [frames, seconds]}.
    A letter counts with or without Shift (J and Shift+J alike), as its button shortcut does."""
    out = {}
    for shortcut, frames, seconds in steps:
        *mods, key = shortcut.split("+")
        name = "+".join([*mods, _BROWSER_KEYS.get(key, key)])
        out[name] = [frames, seconds]
        if len(key) == 1 and not mods:
            out[f"Shift+{key}"] = [frames, seconds]
    return out


def pending(value, applied: int) -> list[tuple[int, int, float]]:
    """The presses in the component's value not yet applied, in order: (number, frames, seconds).
    Anything malformed is ignored (the value comes from the browser)."""
    moves = value.get("moves") if isinstance(value, dict) else getattr(value, "moves", None)
    out = []
    for move in moves if isinstance(moves, list) else []:
        try:
            seq, frames, seconds = int(move[0]), int(move[1]), float(move[2])
        except (TypeError, ValueError, IndexError):
            continue
        if seq > applied and abs(frames) <= 1 and abs(seconds) <= 5:
            out.append((seq, frames, seconds))
    return sorted(out)


def take() -> list[tuple[int, float]]:
    """The step presses to apply now (frames, seconds), each once."""
    applied = int(st.session_state.get(APPLIED, 0))
    moves = pending(st.session_state.get(KEY), applied)
    if moves:
        st.session_state[APPLIED] = moves[-1][0]
    return [(frames, seconds) for _, frames, seconds in moves]


def listen(steps: Iterable[tuple[str, int, float]]) -> None:
    """Mount the listener (inside the frame fragment: a press reruns only the frame area)."""
    _component(key=KEY, data={"ack": int(st.session_state.get(APPLIED, 0)), "keys": browser_keys(steps)},
               on_moves_change=lambda: None, height=0, width="stretch")
