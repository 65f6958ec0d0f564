"""The Review page's second angle, through Streamlit's AppTest: another recording of the match is shown beside
the footage, its offset found from the two recordings' sound and saved with the match (the confidence said);
a recording without sound is one line and nothing saved changes; a tag made while the coach tags on the second
angle records it. (The nudges, keys of the frame view, are driven in Chromium: test_browser_angle.py.)"""

from __future__ import annotations

import json

import pytest
from angle_cases import A_FPS, OFFSET_S, two_cameras, workspace_with_two_angles, write_numbered
from ui_fixtures import make_app, settle

from review_app.footage import Footage
from review_app.ui.review import angle as review_angle


@pytest.fixture(scope="module")
def cameras(tmp_path_factory):
    return two_cameras(tmp_path_factory.mktemp("cameras"))


@pytest.fixture
def two_angles(tmp_path, cameras, monkeypatch):
    ws = workspace_with_two_angles(tmp_path / "ws", *cameras)
    for name, key in (("POLO_REVIEW_FOOTAGE", "footage"), ("POLO_REVIEW_ANNOTATIONS", "annotations"),
                      ("POLO_REVIEW_DATA", "data")):
        monkeypatch.setenv(name, str(ws[key]))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    with Footage(ws["angle"]) as video:
        ws["angle_sha"] = video.info.sha256
    return ws


def saved(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def opened(ws):
    at = make_app()
    at.run()
    settle(at)
    assert not at.exception, at.exception
    at.selectbox(key=review_angle.PICK).select(ws["angle_sha"]).run()
    assert not at.exception, at.exception
    return at


def texts(at) -> str:
    return " ".join(e.value for kind in (at.info, at.warning, at.error, at.success, at.caption) for e in kind)


def test_the_second_angle_is_shown_and_its_offset_found_from_the_sound_and_saved(two_angles):
    at = opened(two_angles)
    angle = at.session_state[review_angle.VIEWER]
    assert angle.path == two_angles["angle"] and angle.ready
    assert "Offset not set" in texts(at)
    at.button(key="review.angle_sync").click().run()
    assert not at.exception, at.exception
    footage_sha = at.session_state["review.viewer"].info.sha256
    stored = saved(two_angles)["offsets"][two_angles["angle_sha"]]
    assert stored["relative_to"] == footage_sha and stored["how"] == "sound" and stored["set_by"] == "Tester"
    assert abs(stored["seconds"] - OFFSET_S) <= 1 / A_FPS, stored
    said = texts(at)
    assert "Offset found from the sound and saved" in said and f"confidence {stored['confidence']:.2f}" in said
    assert "Low confidence" not in texts(at)


def test_a_low_confidence_is_said(two_angles):
    data = saved(two_angles)
    data["offsets"] = {two_angles["angle_sha"]: {"seconds": 1.0, "relative_to": data["footage"]["sha256"],
                                                 "how": "sound", "confidence": 0.38, "set_by": "Coach"}}
    two_angles["document"].write_text(json.dumps(data), "utf-8")
    at = opened(two_angles)
    assert any("Low confidence (0.38)" in w.value for w in at.warning)


def test_a_second_angle_without_sound_is_one_line_and_nothing_saved_changes(two_angles, tmp_path):
    write_numbered(two_angles["angle"], None, 30, 10)  # the attached file replaced by one without sound
    with Footage(two_angles["angle"]) as video:  # attached again under its new checksum
        sha = video.info.sha256
    data = saved(two_angles)
    data["recordings"][1]["sha256"] = sha
    two_angles["document"].write_text(json.dumps(data), "utf-8")
    two_angles["angle_sha"] = sha
    before = two_angles["document"].read_bytes()
    at = opened(two_angles)
    at.button(key="review.angle_sync").click().run()
    assert not at.exception, at.exception
    (line,) = [e.value.replace("\\", "") for e in at.error]  # markdown's escapes
    assert "angle.mp4: has no sound track" in line and "no sound track" in line and "\n" not in line
    assert two_angles["document"].read_bytes() == before


def test_a_tag_made_on_the_second_angle_records_it(two_angles):
    at = opened(two_angles)
    at.session_state[review_angle.ON] = "angle"
    at.session_state["review.form_request"] = (50, 2.0)
    at.run()
    assert at.session_state["review.form"].angle == two_angles["angle_sha"]
    at.button(key="review.form.save").click().run()
    assert not at.exception, at.exception
    made = [e for e in saved(two_angles)["events"] if e["position"]["frame"] == 50 and e.get("angle")]
    assert [e["angle"] for e in made] == [two_angles["angle_sha"]]
    assert all("angle" not in e for e in saved(two_angles)["events"] if e not in made)  # the tags made before
    at.run()
    # the side table leaves it out (its columns fit the panel): the tag picked, the one just saved, says it
    assert at.session_state["review.tag_pick"] == made[0]["id"]
    assert any("made on angle.mp4" in c.value.replace("\\", "") for c in at.caption)  # markdown escapes
    at.selectbox(key="review.tag_pick").set_value("e1").run()
    assert not any("made on" in c.value for c in at.caption)  # a tag made on the footage says nothing of it

