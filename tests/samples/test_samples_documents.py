"""The bundled match documents as a new user meets them: every document in annotations/ is in the schema
version this polo-review writes and valid against the schema it ships (read as it is on disk, not as a
migration would make it); each scenario sample records the whole call (the incident, the whistle, the
restart and the other moments it shows, who committed the offence, who got the penalty, where play
restarted, the event a wait ended at); and `polo-review samples` writes them again byte for byte.

Rendering every clip takes about a minute on one core, so the default run regenerates one clip and all ten
documents (from the committed clips); the `slow` test renders all ten clips."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from review_app.cli import main
from review_app.model.schema_build import SCHEMA_VERSION
from review_app.rules.timing import WAIT_MOMENTS
from review_app.rules.vocabulary import Penalty, Restart, Whistle
from review_app.samples.generate import write_document
from review_app.samples.scenarios import BUILDERS, build

ROOT = Path(__file__).resolve().parents[2]
ANNOTATIONS, CLIPS = ROOT / "annotations", ROOT / "sample_clips"
SCHEMA = ROOT / "schemas" / "annotation.schema.json"
# What a sample cannot show, and its document says so in `not_recorded` (none today: every sample's clip
# shows its restart), by (match id, event id).
NOT_SHOWN: dict[tuple[str, str], list[str]] = {}


def _documents() -> list[Path]:
    return sorted(ANNOTATIONS.glob("*.json"))


def _doc(name: str) -> dict:
    return json.loads((ANNOTATIONS / f"sample-{name}.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def shipped_schema() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text("utf-8"))
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def test_annotations_holds_the_rulebook_examples_and_every_sample():
    names = {p.name for p in _documents()}
    assert "rulebook-worked-examples.json" in names
    assert {f"sample-{n}.json" for n in BUILDERS} <= names


@pytest.mark.parametrize("path", _documents(), ids=lambda p: p.name)
def test_every_document_is_the_current_version_and_valid_against_the_shipped_schema(path, shipped_schema):
    data = json.loads(path.read_text("utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in shipped_schema.iter_errors(data)]
    assert not errors, "\n".join(errors[:10])


def _frame(moment: dict | None) -> int | None:
    return None if moment is None else moment["frame"]


@pytest.mark.parametrize("name", list(BUILDERS))
def test_each_sample_records_the_whole_call(name):
    doc = _doc(name)
    teams = {t["id"] for t in doc["match"]["teams"]}
    for event in doc["events"]:
        call, moments, involved = event["call"], event.get("moments", {}), event["involved"]
        key = (doc["match"]["id"], event["id"])
        missing = []
        if call.get("whistle", Whistle.NONE) != Whistle.NONE:
            assert _frame(moments.get("whistle")) is not None, key
            assert event["position"]["frame"] <= moments["whistle"]["frame"], key
        if call.get("restart", Restart.NONE) != Restart.NONE:
            assert call.get("restart_point"), key  # where play restarted
            if call["restart"] == Restart.THROW_IN:
                assert call.get("restart_direction"), key  # which way the ball went in
            if moments.get("restart") is None:
                missing.append("moments.restart")
            else:  # after the whistle, within the clip
                assert moments["whistle"]["frame"] < moments["restart"]["frame"] < doc["footage"]["frame_count"], key
        if call.get("penalty", Penalty.NONE) != Penalty.NONE:
            offender = involved.get("offender")
            assert offender and offender["team"] in teams, key
            assert call.get("penalty_to") in teams - {offender["team"]}, key  # to the other side
        for wait in WAIT_MOMENTS:  # the event the wait ended at, where the clip shows one: between the two
            if wait in moments:
                assert moments["whistle"]["frame"] < moments[wait]["frame"] <= moments["restart"]["frame"], key
        if whistle := moments.get("whistle"):
            if call["whistle"] == Whistle.NEUTRAL_PLAY:  # the neutral play the whistle waited for is tagged
                assert moments.get("neutral_play") and moments["neutral_play"]["frame"] <= whistle["frame"], key
        assert missing == NOT_SHOWN.get(key, []), key
        assert event.get("not_recorded", []) == missing, key  # and says so, no more


def test_the_samples_with_a_wait_record_the_event_it_ended_at():
    """Blue 2 back on Bruma (21.f(4)), Red 1 back with the girth put right (21.g): the player's return."""
    returns = {(doc["match"]["id"], e["id"]) for doc in map(_doc, BUILDERS) for e in doc["events"]
               if "player_returned" in e.get("moments", {})}
    assert returns == {("sample-excused-mount-returns", "e1"), ("sample-broken-girth", "e1")}


def test_the_restarts_are_the_ones_the_calls_name():
    """The restart each clip shows is the kind its document records (the cue on screen at the frame)."""
    cue = {"throw_in": "THROW-IN", "penalty": ("PENALTY", "PENALTY 6"), "knock_in": "KNOCK-IN"}
    for name in BUILDERS:
        sc, doc = build(name), _doc(name)
        for event in doc["events"]:
            if "restart" not in event.get("moments", {}):
                continue
            shown = {m.cue for m in sc.moments if m.name in ("restart", "throw_in")}
            want = cue[event["call"]["restart"]]
            assert shown & ({want} if isinstance(want, str) else set(want)), (name, shown)


def _clip_folder(tmp_path: Path) -> Path:
    """A copy of the layout the documents name their clips in (../sample_clips/), the clips linked."""
    clips = tmp_path / "sample_clips"
    clips.mkdir()
    for clip in CLIPS.glob("*.mp4"):
        os.symlink(clip, clips / clip.name)
    return clips


def test_every_document_is_written_again_byte_for_byte(tmp_path):
    clips, out = _clip_folder(tmp_path), tmp_path / "annotations"
    out.mkdir()
    for name in BUILDERS:
        sc = build(name)
        written = write_document(sc, clips / f"{name}.mp4", out)
        assert written.read_bytes() == (ANNOTATIONS / written.name).read_bytes(), name


def _regenerate(tmp_path: Path, names: list[str]) -> None:
    clips, out = tmp_path / "sample_clips", tmp_path / "annotations"
    assert main(["samples", "--out", str(clips), "--annotations", str(out), "--only", *names]) == 0
    for name in names:
        assert (clips / f"{name}.mp4").read_bytes() == (CLIPS / f"{name}.mp4").read_bytes(), name
        doc = f"sample-{name}.json"
        assert (out / doc).read_bytes() == (ANNOTATIONS / doc).read_bytes(), name


def test_polo_review_samples_renders_a_clip_and_its_document_byte_for_byte(tmp_path, capsys):
    _regenerate(tmp_path, ["broken-girth"])  # the shortest clip: about four seconds to render
    assert "broken-girth.mp4" in capsys.readouterr().out


@pytest.mark.slow
def test_polo_review_samples_renders_every_clip_byte_for_byte(tmp_path):
    _regenerate(tmp_path, list(BUILDERS))
