"""The timeline's data (reports.timeline): each tag with its window, clause, umpire, verdict and whether it
is to complete; verdicts drawn by shape as well as colour, with colours that stay apart for colour-blind
eyes and from the cursor."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from review_app.model.event import decode_events
from review_app.reports import timeline
from review_app.rules.vocabulary import VerdictKind

# Machado, Oliveira and Fernandes (2009), severity 1: linear RGB as protan, deutan and tritan eyes see it.
SIGHT = {
    "normal": np.eye(3),
    "protan": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]),
    "deutan": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]]),
    "tritan": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                        [0.004733, 0.691367, 0.303900]]),
}
APART = 20  # CIE76 ΔE: clearly different at a glance


def lab(hex_color: str, sight: np.ndarray) -> np.ndarray:
    c = np.array([int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    seen = np.clip(sight @ linear, 0, 1)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ seen
    f = np.cbrt(xyz / np.array([0.95047, 1, 1.08883]))
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def closest(colors: list[str]) -> float:
    pairs = list(itertools.combinations(colors, 2))
    return min(np.linalg.norm(lab(a, s) - lab(b, s)) for s in SIGHT.values() for a, b in pairs)


def test_verdicts_differ_in_shape_and_in_colour_for_every_eye_and_never_look_like_the_cursor():
    colors = [c for c, _shape in timeline.VERDICT_STYLES.values()]
    assert len({shape for _c, shape in timeline.VERDICT_STYLES.values()}) == len(VerdictKind)
    assert closest(colors) >= APART
    assert closest([*colors, timeline.CURSOR_COLOR]) >= APART
    # the red and green of the old timeline would not pass
    assert closest(["#2e7d32", "#c62828", "#1565c0", "#b8860b"]) < APART


@pytest.mark.parametrize("lang,word", [("en", "Inconsistent"), ("es", "Incoherente")])
def test_marks_carry_each_tags_window_row_keys_and_verdict(lang, word):
    events = [
        {"id": "e1", "position": {"frame": 50, "time_s": 2.0}, "situation": "21.j", "facts": {}, "call": {},
         "involved": {"umpire": "Ana"}},
        {"id": "e2", "position": {"frame": 90, "time_s": 3.6}, "situation": "21.d", "facts": {}, "call": {},
         "window": {"start": {"frame": 40, "time_s": 1.6}, "end": {"frame": 140, "time_s": 5.6}},
         "not_recorded": ["call"]},
    ]
    data = timeline.data(decode_events(events), {"e1": {"verdict": "inconsistent"}}, lang, 7)
    assert data["marks"] == [
        {"id": "e1", "frame": 50, "start": None, "end": None, "clause": "21.j", "umpire": "Ana",
         "verdict": "inconsistent", "toComplete": False},
        {"id": "e2", "frame": 90, "start": 40, "end": 140, "clause": "21.d", "umpire": "",
         "verdict": "incomplete", "toComplete": True},
    ]
    assert data["styles"]["inconsistent"] == {"color": "#D55E00", "shape": "cross", "label": word}
    assert data["cursor"] == timeline.CURSOR_COLOR and data["revision"] == 7
