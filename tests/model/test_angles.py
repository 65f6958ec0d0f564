"""A second angle: the offset of another recording from the footage reviewed on maps the footage's frame to
the angle's frame through time (variable frame rates included), is nudged by exactly one of the angle's
frames, is stored with the match and merged like any change, follows the footage when the match is
reviewed on another recording; tags record the angle they were made on."""

from __future__ import annotations

import numpy as np
import pytest
from match_docs import base_document
from saving import save_back

from review_app.model import RevisionConflict, document_from_data, load_document
from review_app.model.angles import (
    AngleError,
    angle_frame,
    frame_at,
    nudged,
    offset_of,
    other_recordings,
    with_offset,
)
from review_app.model.coding import At, Code, coded_event
from review_app.model.edits import build_event, commit, put_event
from review_app.model.migrate import migrate
from review_app.model.recordings import attach, review_on
from review_app.store import open_matches


def kept_in(doc):
    """The match store `doc` was read from (the folder of its file): what a page hands `commit`."""
    return open_matches(doc.path.parent)

A, B, C = "a" * 64, "b" * 64, "c" * 64


@pytest.fixture
def doc(tmp_path):
    """A match on disk reviewed on recording A, with B and C attached too."""
    path = tmp_path / "matches" / "m.json"
    path.parent.mkdir()
    d = document_from_data(base_document(), path)
    for sha, name in ((A, "a.mp4"), (B, "b.mp4"), (C, "c.mp4")):
        d = attach(d, tmp_path / "footage" / name, how="folder", sha256=sha)
    save_back(d, path)
    return load_document(path)


# -- frames at the same instant --------------------------------------------------------------------------

def test_the_frame_on_screen_at_a_time_follows_the_times_not_a_rate():
    # a phone's variable rate: frames 40 ms apart, then 20 ms apart, then 100 ms
    times = np.array([0.0, 0.04, 0.08, 0.10, 0.12, 0.14, 0.24, 0.34])
    duration = 0.44
    assert [frame_at(times, duration, t) for t in (0.0, 0.039, 0.04, 0.11, 0.139, 0.2, 0.43)] == [0, 0, 1, 3, 4, 5, 7]
    assert frame_at(times, duration, -0.01) is None and frame_at(times, duration, 0.44) is None  # nothing shown
    # a time a JSON round trip left a hair short of a frame's start is still that frame (as in the browser)
    assert frame_at(times, duration, 0.24 - 1e-9) == 6


def test_the_angle_frame_is_the_footage_time_plus_the_offset():
    angle = np.arange(300) / 30  # 30 fps
    # footage at 25 fps: its frame 50 is at 2.0 s, the angle's 2.0 + 1.5 = 3.5 s, its frame 105
    assert angle_frame(50 / 25, 1.5, angle, 10.0) == 105
    assert angle_frame(50 / 25, -3.0, angle, 10.0) is None  # the angle had not started yet


@pytest.mark.parametrize("times, duration", [
    (np.arange(250) / 25, 10.0),
    (np.arange(300) / 30, 10.0),
    (np.cumsum(np.r_[0.0, np.tile([0.02, 0.05, 0.033], 100)])[:-1], 3.0 * 0.103 * 100 / 3 + 0.02),  # variable rate
])
def test_a_nudge_moves_the_angle_by_exactly_one_of_its_frames(times, duration):
    footage = np.arange(250) / 25
    offset = 0.4137
    for frame in (10, 11, 57, 120):
        t = footage[frame]
        k = angle_frame(t, offset, times, duration)
        later = nudged(offset, t, times, duration, 1)
        assert angle_frame(t, later, times, duration) == k + 1
        earlier = nudged(later, t, times, duration, -1)
        assert angle_frame(t, earlier, times, duration) == k
        assert angle_frame(t, nudged(offset, t, times, duration, -1), times, duration) == k - 1
        offset = later
    # at the angle's first frame an earlier nudge has nowhere to go
    first = -footage[10] + times[0]
    assert nudged(first, footage[10], times, duration, -1) == first


def test_stepping_the_footage_after_a_nudge_steps_the_angle_at_the_same_rate():
    footage = angle = np.arange(250) / 25
    offset = nudged(0.0123, footage[30], angle, 10.0, 1)
    assert [angle_frame(footage[i], offset, angle, 10.0) for i in range(30, 40)] == list(range(31, 41))


# -- stored with the match ----------------------------------------------------------------------------------

def test_an_offset_is_saved_with_the_match_and_read_back(doc):
    saved = save_back(with_offset(doc, B, 4.37, footage_sha256=A, how="sound", confidence=0.41, by="Coach"))
    again = load_document(saved.path)
    got = offset_of(again, B, A)
    assert (got.seconds, got.how, got.confidence, got.set_by) == (4.37, "sound", 0.41, "Coach")
    assert got.low_confidence  # under the sound's threshold: said
    assert offset_of(again, C, A) is None and offset_of(again, B, C) is None  # never set, or against other footage
    nudge = save_back(with_offset(again, B, 4.41, footage_sha256=A, how="nudged", by="Coach"))
    got = offset_of(load_document(nudge.path), B, A)
    assert (got.seconds, got.how, got.confidence) == (4.41, "nudged", 0.41)  # the sound's doubt stays said
    assert [r["sha256"] for r in other_recordings(again, A)] == [B, C]


def test_bad_offsets_are_one_line(doc):
    with pytest.raises(AngleError, match="no recording dddddddddddd is attached"):
        with_offset(doc, "d" * 64, 1.0, footage_sha256=A, how="nudged")
    with pytest.raises(AngleError, match="no offset from itself"):
        with_offset(doc, A, 1.0, footage_sha256=A, how="nudged")
    with pytest.raises(AngleError, match="out of bounds"):
        with_offset(doc, B, float("nan"), footage_sha256=A, how="nudged")


def test_two_reviewers_setting_two_angles_at_once_merge_and_the_same_angle_conflicts(doc):
    mine = with_offset(doc, B, 1.0, footage_sha256=A, how="nudged", by="Ana")
    theirs = with_offset(doc, C, -2.0, footage_sha256=A, how="sound", confidence=0.9, by="Ben")
    save_back(theirs)
    merged = save_back(mine)
    assert offset_of(merged, B, A).seconds == 1.0 and offset_of(merged, C, A).seconds == -2.0
    late = with_offset(doc, C, -2.5, footage_sha256=A, how="nudged", by="Ana")  # from the first revision
    with pytest.raises(RevisionConflict):
        save_back(late)


def test_reviewing_on_another_recording_measures_the_offsets_from_it(doc):
    d = with_offset(doc, B, 4.0, footage_sha256=A, how="sound", confidence=0.8)
    d = with_offset(d, C, -1.5, footage_sha256=A, how="nudged")
    on_b = save_back(review_on(d, B))
    # an instant at t in A is at t + 4 in B and t - 1.5 in C: so at u in B it is at u - 4 in A, u - 5.5 in C
    assert offset_of(on_b, A, B).seconds == -4.0 and offset_of(on_b, C, B).seconds == -5.5
    assert offset_of(on_b, C, B).how == "nudged" and offset_of(on_b, A, B).confidence == 0.8
    back = review_on(on_b, A)
    assert offset_of(back, B, A).seconds == 4.0 and offset_of(back, C, A).seconds == -1.5


# -- tags record their angle --------------------------------------------------------------------------------

def test_a_tag_records_the_angle_it_was_made_on_and_keeps_it_through_save_and_migrate(doc):
    on_angle = build_event(event_id="e1", frame=50, time_s=2.0, situation="21.b", facts={}, call={}, angle=B)
    on_footage = build_event(event_id="e2", frame=60, time_s=2.4, situation="21.b", facts={}, call={})
    assert on_angle["angle"] == B and "angle" not in on_footage
    saved = commit(doc, put_event(doc, on_angle), kept_in(doc))
    saved = commit(saved, put_event(saved, on_footage), kept_in(saved))
    again = load_document(saved.path)
    assert again.event("e1")["angle"] == B and "angle" not in again.event("e2")
    assert migrate(again.data)["events"] == again.data["events"]  # a 2.0 document goes through unchanged
    coded = coded_event(again, Code("1", "21.b"), At(70, 2.8), (At(0, 0.0), At(100, 4.0)), "Coach", angle=C)
    assert coded["angle"] == C and coded["position"] == {"frame": 70, "time_s": 2.8}


def test_an_angle_that_is_not_a_checksum_is_refused_naming_the_field(doc, tmp_path):
    from review_app.model import DocumentError, validate

    data = dict(doc.data, events=[dict(build_event(event_id="e1", frame=5, time_s=0.2, situation="21.b", facts={},
                                                   call={}), angle="camera two")])
    with pytest.raises(DocumentError, match="angle"):
        validate(data, tmp_path / "m.json")
