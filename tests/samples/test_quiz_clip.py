"""The quiz version of a sample clip: the same frames without the caption that names the rule and the
running captions that say the call; a question on a demo clip is shown on it, other footage as it is."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from review_app.model import load_document
from review_app.samples import hud
from review_app.samples.render import render_frame
from review_app.samples.scenarios import build
from review_app.training import quiz_clip

ROOT = Path(__file__).resolve().parents[2]


def test_the_quiz_frame_has_no_caption_and_is_otherwise_the_same():
    sc = build("mount-falls")
    first = sc.captions[0]
    t = (first.start + min(first.end, sc.duration)) / 2  # a running caption on screen, and "Rule 21.f(3) - ..."
    shown, quiz = render_frame(sc, t, 5), render_frame(sc, t, 5, quiz=True)
    h, w = shown.shape[:2]
    bar = hud.bar_height(w, h)
    caption_area = (slice(0, bar), slice(0, w // 3))
    assert np.abs(shown[caption_area].astype(int) - quiz[caption_area]).max() > 100  # the caption's letters
    assert quiz[caption_area].std() < 25  # only the shaded field beneath
    captions = (slice(h - 40, h - 5), slice(w // 4, 3 * w // 4))
    assert np.abs(shown[captions].astype(int) - quiz[captions]).max() > 100
    middle = (slice(bar + 80, h - 60), slice(0, w))
    assert np.array_equal(shown[middle], quiz[middle])  # the play itself is the same


def test_the_quiz_frame_has_no_cue_box_that_would_give_the_answer_away():
    """Issue 23: a quiz poster showed the "WHISTLE / NEUTRAL PLAY" boxes, which say the call asked for."""
    sc = build("mount-falls")
    cued = [m for m in sc.moments if m.cue]
    assert cued, "the scenario shows cue boxes"
    t = cued[0].t + 0.5  # the box is up (it holds for hud.CUE_SECONDS)
    shown, quiz = render_frame(sc, t, 5), render_frame(sc, t, 5, quiz=True)
    assert not np.array_equal(shown, quiz)
    blank = hud.draw_cue
    try:  # the same frame with the boxes never drawn is the quiz frame, pixel for pixel (captions aside)
        hud.draw_cue = lambda *a, **k: None
        no_boxes = render_frame(sc, t, 5)
    finally:
        hud.draw_cue = blank
    h, w = shown.shape[:2]
    bar = hud.bar_height(w, h)
    under_the_bar = (slice(bar, h - 60), slice(0, w))
    assert np.array_equal(no_boxes[under_the_bar], quiz[under_the_bar])
    assert not np.array_equal(shown[under_the_bar], quiz[under_the_bar])


def test_a_question_on_a_demo_clip_is_shown_on_its_quiz_version(tmp_path, monkeypatch):
    demo = [load_document(p) for p in sorted((ROOT / "annotations").glob("sample-*.json"))]
    scenarios = quiz_clip.sample_scenarios(demo)
    safety = load_document(ROOT / "annotations" / "sample-safety.json")
    sha = safety.footage["sha256"]
    assert scenarios[sha] == "safety" and len(scenarios) == len(demo)
    made = []

    def render(sc, folder, quiz):
        made.append((sc.id, quiz))
        (Path(folder) / f"{sc.id}.mp4").write_bytes(b"quiz")

    monkeypatch.setattr("review_app.samples.render.render_clip", render)
    got = quiz_clip.quiz_footage("/x/safety.mp4", sha, scenarios, tmp_path)
    assert got == tmp_path / "quiz" / f"v{quiz_clip.QUIZ_RENDER}-{sha[:16]}" / "safety.mp4"
    assert made == [("safety", True)]
    assert quiz_clip.quiz_footage("/x/safety.mp4", sha, scenarios, tmp_path) == got and len(made) == 1  # once
    assert quiz_clip.quiz_footage("/x/own.mp4", "f" * 64, scenarios, tmp_path) == Path("/x/own.mp4")
