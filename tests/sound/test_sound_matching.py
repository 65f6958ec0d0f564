"""Detected whistles grouped into calls, and the whistles no tag is bound to (model.coding's one rule, on sounds the
detector gives); detection kept by the footage's hash."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sound_cases import EVENTS, track, write_video

from review_app.model.coding import heard_calls, unbound_calls
from review_app.model.event import decode_event
from review_app.sound import NoSound, Sound, cache, matching

W1, W2, HORN, W3 = (Sound("whistle", 3.0, 3.5, 75), Sound("whistle", 9.0, 9.4, 225), Sound("horn", 12.0, 13.5, 300),
                    Sound("whistle", 40.0, 40.6, 1000))
HEARD = [W3, HORN, W1, W2]  # in any order


def tag(time_s: float, whistle_s: float | None = None, window: tuple[float, float] | None = None):
    event = {"id": "e", "position": {"frame": round(time_s * 25), "time_s": time_s}, "situation": "21.b",
             "facts": {}, "call": {}}
    if whistle_s is not None:
        event["moments"] = {"whistle": {"frame": round(whistle_s * 25), "time_s": whistle_s}}
    if window is not None:
        start, end = window
        event["window"] = {"start": {"frame": round(start * 25), "time_s": start},
                           "end": {"frame": round(end * 25), "time_s": end}}
    return decode_event(event)


def not_reviewed(sounds, events) -> list[Sound]:
    """The first blast of each call no tag is bound to, as the Review page lists them."""
    calls = matching.calls(sounds)
    return [calls[n][0] for n in unbound_calls(heard_calls(sounds), events)]


def test_whistles_no_tag_accounts_for_are_not_yet_reviewed():
    assert not_reviewed(HEARD, []) == [W1, W2, W3]
    # a tag with its whistle moment near a whistle takes that one; a tag without, the first after it
    assert not_reviewed(HEARD, [tag(1.0, whistle_s=9.1)]) == [W1, W3]
    assert not_reviewed(HEARD, [tag(8.0)]) == [W1, W3]
    assert not_reviewed(HEARD, [tag(2.0), tag(8.5), tag(39.0, whistle_s=40.2)]) == []
    # a whistle moment far from any whistle heard accounts for none
    assert not_reviewed(HEARD, [tag(1.0, whistle_s=6.0)]) == [W1, W2, W3]


def count_detections(monkeypatch) -> list:
    """The recordings the cache's detector is run on, in order (the detector still runs)."""
    calls = []
    real = cache.detect_sounds

    def counted(path, progress=None):
        calls.append(path)
        return real(path, progress)

    monkeypatch.setattr(cache, "detect_sounds", counted)
    return calls


def test_detection_is_kept_by_the_footage_hash_and_done_once(sound_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    video = write_video(sound_dir / "cached.mp4", track(48000, EVENTS[:2], seconds=10.0), 48000)
    calls = count_detections(monkeypatch)
    fractions = []
    first, problem = cache.sounds_for(video, "ab" * 32, progress=fractions.append)
    assert problem is None and [s.kind for s in first] == ["whistle", "whistle"]
    assert fractions and fractions[-1] == pytest.approx(1.0) and fractions == sorted(fractions)
    again, _ = cache.sounds_for(sound_dir / "renamed-copy-not-read.mp4", "ab" * 32)
    assert again == first and len(calls) == 1
    entry = json.loads(next((tmp_path / "cache" / "sounds").glob("*.json")).read_text("utf-8"))
    assert entry["sounds"][0]["start_frame"] == first[0].start_frame


def test_footage_without_sound_is_remembered_with_its_reason(sound_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    mute = write_video(sound_dir / "mute-cached.mp4", None, seconds=2.0)
    sounds, problem = cache.sounds_for(mute, "cd" * 32)
    assert sounds == [] and isinstance(problem, NoSound) and "has no sound track" in str(problem)
    monkeypatch.setattr(cache, "detect_sounds", lambda *a, **k: pytest.fail("detected again"))
    sounds, problem = cache.sounds_for(mute, "cd" * 32)
    assert sounds == [] and "has no sound track" in problem.localized("en")
    assert "no tiene pista de sonido" in problem.localized("es")


def test_a_damaged_cache_entry_is_listened_to_again(sound_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    video = write_video(sound_dir / "damaged.mp4", track(48000, EVENTS[:1], seconds=6.0, seed=5), 48000)
    first, _ = cache.sounds_for(video, "ef" * 32)
    entry = next((tmp_path / "cache" / "sounds").glob("*.json"))
    entry.write_text("{ not json", "utf-8")
    assert cache.sounds_for(video, "ef" * 32)[0] == first
    assert json.loads(entry.read_text("utf-8"))["sounds"]


def test_noise_only_footage_has_nothing_to_review(sound_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    quiet = write_video(sound_dir / "quiet.mp4", track(48000, (), seconds=6.0, seed=9) * np.float32(0.5), 48000)
    sounds, problem = cache.sounds_for(quiet, "01" * 32)
    assert sounds == [] and problem is None
    assert not_reviewed(sounds, []) == []


def test_a_repeated_call_is_one_stoppage_to_review():
    """Each blast is a whistle of its own; blasts less than CALL_GAP_S apart are one call: a tag
    for it accounts for every blast, and an untagged call is listed once, at its first blast."""
    triple = [Sound("whistle", 20.0, 20.2, 500), Sound("whistle", 20.35, 20.55, 509), Sound("whistle", 20.7, 20.9, 518)]
    heard = [W1, *triple, W3]
    assert [len(c) for c in matching.calls(heard)] == [1, 3, 1]
    assert not_reviewed(heard, []) == [W1, triple[0], W3]
    assert not_reviewed(heard, [tag(19.0)]) == [W1, W3]  # the first whistle after the incident
    assert not_reviewed(heard, [tag(19.0, whistle_s=20.7)]) == [W1, W3]  # its last blast tagged
    # a whistle seconds later is another stoppage's
    assert len(matching.calls([W1, Sound("whistle", 4.5, 4.8, 112)])) == 2


def test_a_coded_tag_accounts_only_for_a_whistle_just_before_its_key():
    """A code key 16 s before a whistle is another stoppage: its whistle stays not yet reviewed."""
    assert not_reviewed(HEARD, [tag(24.0, window=(19.0, 29.0))]) == [W1, W2, W3]  # W3 at 40 s: 16 s after it
    assert not_reviewed(HEARD, [tag(41.0, window=(36.0, 46.0))]) == [W1, W2]  # a key 1 s after W3: W3's


def test_listening_in_the_background_is_done_once_per_recording(sound_dir, monkeypatch, tmp_path):
    """Every page that asks for a recording's sounds while they are found shares one listening, whose
    progress rises to 1 and whose result is the cached one."""
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    video = write_video(sound_dir / "background.mp4", track(48000, EVENTS[:1], seconds=6.0, seed=3), 48000)
    calls = count_detections(monkeypatch)
    first = cache.listen(video, "9a" * 32)
    assert cache.listen(video, "9a" * 32) is first
    assert first.wait(120) and first.fraction == 1.0
    assert [s.kind for s in first.sounds] == ["whistle"] and first.problem is None and not first.only_noise
    assert len(calls) == 1 and cache.sounds_for(video, "9a" * 32)[0] == first.sounds
