"""The committed sample clips and their match documents agree: every clip decodes to the frame
count its document states, hashes to its sha256, and every document validates, is what the
scenario generates, and checks as the rulebook requires (one deliberately questionable call, and
one excused mount returned to play that the umpires missed, left for the committee)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import av
import pytest

from review_app.footage.decoder import display_rotation
from review_app.samples.documents import document, document_name
from review_app.samples.render import sha256_file
from review_app.samples.scenarios import BUILDERS, build

ROOT = Path(__file__).resolve().parents[2]
CLIPS, ANNOTATIONS = ROOT / "sample_clips", ROOT / "annotations"
MAX_TOTAL_BYTES = 25 * 1024 * 1024
QUESTIONABLE = {"mount-falls-late-whistle"}
# Not simply consistent, by design: a 21.f(5) return missed on the day waits for the committee to record
# whether the evidence came within 24 hours. (The umpire's choice of a neutral play for a mount time-out is
# consistent, the discretion named: issue 20.)
EXPECTED_OTHERWISE = {
    # Its evidence facts are not recorded, but the match shows the excused mount back in play without the
    # forfeiture exacted: a mandatory finding, so the event is inconsistent whatever else is missing.
    ("excused-mount-returns", "21.f(5)"): "inconsistent",
}


def _doc(name: str) -> dict:
    return json.loads((ANNOTATIONS / f"sample-{name}.json").read_text("utf-8"))


def test_there_are_at_least_seven_clips_within_25_mb():
    clips = sorted(CLIPS.glob("*.mp4"))
    assert {c.stem for c in clips} == set(BUILDERS)
    assert len(clips) >= 7
    assert sum(c.stat().st_size for c in clips) <= MAX_TOTAL_BYTES


@pytest.mark.parametrize("name", list(BUILDERS))
def test_each_clip_decodes_to_the_frames_and_hash_its_document_states(name):
    doc = _doc(name)
    clip = (ANNOTATIONS / doc["footage"]["path"]).resolve()
    assert clip == (CLIPS / f"{name}.mp4").resolve()
    assert sha256_file(clip) == doc["footage"]["sha256"]
    with av.open(str(clip)) as container:
        decoded = sum(1 for _ in container.decode(video=0))
    assert decoded == doc["footage"]["frame_count"]
    for event in doc["events"]:
        assert 0 <= event["position"]["frame"] < decoded


@pytest.mark.parametrize("name", list(BUILDERS))
def test_each_document_validates_and_is_what_its_scenario_generates(name):
    from review_app.model import load_document

    path = ANNOTATIONS / document_name(build(name))
    load_document(path)  # raises on any schema or reference error
    assert document(build(name), CLIPS / f"{name}.mp4", ANNOTATIONS) == _doc(name)


def test_the_calls_are_the_ones_the_rulebook_requires_but_one():
    from review_app.checker import check_paths

    result = check_paths([ANNOTATIONS / f"sample-{name}.json" for name in BUILDERS])
    assert not result.errors
    verdicts = {(r.match.removeprefix("sample-"), r.clause): r.verdict for r in result.events}
    bad = {name for (name, clause), v in verdicts.items()
           if v != "consistent" and (name, clause) not in EXPECTED_OTHERWISE}
    assert bad == QUESTIONABLE
    assert verdicts[("mount-falls-late-whistle", "21.f(3)")] == "inconsistent"
    assert {key: verdicts[key] for key in EXPECTED_OTHERWISE} == EXPECTED_OTHERWISE


def test_the_only_match_finding_is_the_excused_mount_back_in_play():
    from review_app.checker import check_paths

    result = check_paths([ANNOTATIONS / f"sample-{name}.json" for name in BUILDERS])
    assert [(f.match, f.kind, f.clause, f.severity, f.events) for f in result.findings] == [
        ("sample-excused-mount-returns", "excused_mount_returned", "21.f(5)", "mandatory", ["e1", "e2"])]
    assert result.findings[0].details["mount"] == "Luna"


def test_the_phone_clip_has_a_variable_frame_rate_and_rotation():
    doc = _doc("lodged-ball")
    with av.open(str(CLIPS / "lodged-ball.mp4")) as container:
        frames = list(container.decode(video=0))
    times = [float(f.pts * f.time_base) for f in frames]
    gaps = {round(b - a, 4) for a, b in pairwise(times)}
    assert len(gaps) > 10
    # The rotation is the first frame's display matrix, as the app reads it (PyAV 18.1.0 iterates a frame's side data
    # as items with a type, 18.1.1 as the types themselves: either is named here).
    assert any("DISPLAYMATRIX" in str(getattr(item, "type", item)) for item in frames[0].side_data)
    assert display_rotation(frames[0]) == 90
    assert frames[0].width == 854 and frames[0].height == 480  # stored sideways
    # the document's times are the frames' own timestamps, not index / fps
    for event in doc["events"]:
        assert event["position"]["time_s"] == pytest.approx(times[event["position"]["frame"]], abs=1e-5)
