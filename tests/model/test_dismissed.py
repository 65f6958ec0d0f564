"""Whistles a coach dismissed (model.dismissed): kept with the match through the store, by the recording they were
heard in, under who dismissed them and the server's time, read back validated; two coaches' dismissals of two
whistles merged, and a restore merged with another coach's dismissal; the sounds heard less the whistles of a
dismissed call (every blast of it, horns kept), in that recording only, found again when listened to anew a few
frames off."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document

from review_app.model import load_document
from review_app.model.dismissed import (
    DISMISSED_WHISTLES,
    HEARD_AGAIN_S,
    DismissalError,
    dismissed_whistles,
    undismissed,
    with_dismissed,
    without_dismissed,
)
from review_app.sound.detect import Sound
from review_app.store import open_matches

# A bird's two chirps heard as one call at 12 s, a whistle at 30 s, a horn between them.
CHIRPS = [Sound("whistle", 12.0, 12.2, 300), Sound("whistle", 12.5, 12.7, 312)]
WHISTLE = Sound("whistle", 30.0, 30.8, 750)
HORN = Sound("horn", 20.0, 21.0, 500)
HEARD = [*CHIRPS, HORN, WHISTLE]
A, B = "a" * 64, "b" * 64  # two recordings' SHA-256


@pytest.fixture
def doc(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(base_document()), "utf-8")
    return load_document(path)


def test_a_dismissal_is_kept_with_who_and_when_and_read_back(doc):
    open_matches(doc.path.parent).save(with_dismissed(doc, A, 300, 12.0, by="coach-a"))
    again = load_document(doc.path)  # validated against the schema on reading
    (kept,) = dismissed_whistles(again, A)
    assert (kept.frame, kept.time_s, kept.set_by) == (300, 12.0, "coach-a")
    assert kept.set_utc.endswith("Z")  # the server's time, never typed
    assert dismissed_whistles(again, B) == []  # another recording's whistles are its own
    restored = without_dismissed(again, A, 300)
    assert dismissed_whistles(restored, A) == [] and restored.data[DISMISSED_WHISTLES] == {A: {}}
    assert dismissed_whistles(without_dismissed(again, A, 999), A) == [kept]  # restoring another leaves it
    open_matches(doc.path.parent).save(restored)
    assert dismissed_whistles(load_document(doc.path), A) == []  # an emptied recording reads back


def test_two_coaches_dismissing_two_whistles_at_once_both_stand(doc):
    store = open_matches(doc.path.parent)
    store.save(with_dismissed(doc, A, 300, 12.0, by="coach-a"))
    store.save(with_dismissed(doc, A, 750, 30.0, by="coach-b"))  # made on the match as it was before coach A saved
    merged = dismissed_whistles(load_document(doc.path), A)
    assert [(d.frame, d.set_by) for d in merged] == [(300, "coach-a"), (750, "coach-b")]


def test_a_restore_and_another_coachs_dismissal_at_once_both_stand(doc):
    store = open_matches(doc.path.parent)
    doc = store.save(with_dismissed(doc, A, 300, 12.0, by="coach-a"))
    store.save(with_dismissed(doc, A, 750, 30.0, by="coach-b"))
    store.save(without_dismissed(doc, A, 300))  # coach A restores the only one it saw
    assert [d.frame for d in dismissed_whistles(load_document(doc.path), A)] == [750]


def test_a_dismissal_is_someones_and_on_the_footage(doc):
    with pytest.raises(DismissalError, match="sign in"):
        with_dismissed(doc, A, 300, 12.0, by=None)
    with pytest.raises(DismissalError, match="not a frame of the footage"):
        with_dismissed(doc, A, -1, 12.0, by="coach-a")


def test_a_document_without_dismissals_reads_as_before(doc):
    assert DISMISSED_WHISTLES not in doc.data
    assert undismissed(HEARD, doc, A) == HEARD


def test_the_sounds_heard_lose_every_blast_of_a_dismissed_call_and_keep_the_horns(doc):
    dismissed = with_dismissed(doc, A, 300, 12.0, by="coach-a")
    assert undismissed(HEARD, dismissed, A) == [HORN, WHISTLE]
    assert undismissed(HEARD, dismissed, B) == HEARD  # the same moment of another recording is not dismissed


@pytest.mark.parametrize(("heard_again_s", "gone"), [
    (12.0 + HEARD_AGAIN_S * 0.9, True),  # the file listened to anew: the same whistle a frame or two off
    (12.0 - HEARD_AGAIN_S * 0.9, True),
    (12.0 + HEARD_AGAIN_S * 1.5, False),  # another sound
])
def test_a_dismissed_whistle_heard_again_a_few_frames_off_stays_dismissed(doc, heard_again_s, gone):
    dismissed = with_dismissed(doc, A, 300, 12.0, by="coach-a")
    again = Sound("whistle", heard_again_s, heard_again_s + 0.2, 301)
    assert (undismissed([again, WHISTLE], dismissed, A) == [WHISTLE]) is gone
