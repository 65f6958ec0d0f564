"""The Review page and the footage's sound, through Streamlit's AppTest: footage without a sound
track says so in one line and the page works as before; footage with whistles lists the ones no tag
accounts for, and a new tag starts with the whistle heard after its incident."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ui_fixtures import make_app, settle

from review_app.footage.viewer import format_time

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sound"))
from sound_cases import EVENTS, track, write_video


def captions(at) -> str:
    return " ".join(c.value for c in at.caption)


def listened(workspace, sounds, seconds: float, keep_events: int = 0):
    """The Review page on footage whose sound holds `sounds`, with the match's first `keep_events` tags, once its
    index is built and its sound listened to."""
    write_video(workspace["video"], track(48000, sounds, seconds=seconds), 48000)  # replaces the silent footage
    data = json.loads(workspace["document"].read_text("utf-8"))
    data["events"] = data["events"][:keep_events]
    workspace["document"].write_text(json.dumps(data), "utf-8")
    at = make_app()
    at.run()
    at.session_state["review.viewer"].source.wait(300)  # a busy machine: the index first, however long
    at.run()  # the index built after the first run: this run starts the listening, which settle then waits for
    settle(at)
    assert not at.exception, at.exception
    return at


def test_footage_without_sound_says_so_in_one_line(app):
    assert "No whistles can be found:" in captions(app) and "has no sound track" in captions(app)
    assert not [e for e in app.expander if "Whistles not yet reviewed" in e.label]
    assert "review._sounds" in app.session_state  # remembered: the next run does not decode again


def test_whistles_heard_are_listed_and_pre_fill_a_new_tag(workspace, monkeypatch, tmp_path):
    events = [e for e in EVENTS if e.kind == "whistle"][:2]
    at = listened(workspace, events, 10.0, keep_events=1)  # e1 at 2.0 s: the first whistle (3.013 s) answers it
    listed = [e for e in at.expander if "Whistles not yet reviewed" in e.label]
    assert len(listed) == 1, (captions(at), [e.label for e in at.expander])
    listed = listed[0]
    assert listed.label.endswith("(1 of 2)")
    heard = at.session_state["review._sounds"][1]
    assert [s.kind for s in heard] == ["whistle", "whistle"]
    assert abs(heard[1].start_s - events[1].start_s) <= 0.02
    frame = heard[1].start_frame
    assert [b.label for b in listed.button] == [f"Whistle at {format_time(heard[1].start_s, 2)} (frame {frame})",
                                                "Not a whistle"]
    listed.button[0].click().run()
    assert at.session_state["review.pos"] == frame
    # a new tag a second before the second whistle: its whistle moment is that whistle
    at.session_state["review.form_request"] = (frame - 25, (frame - 25) / 25)
    at.run()
    form = at.session_state["review.form"]
    assert form.moments["whistle"]["frame"] == frame and form.whistle_heard == frame
    assert any("Whistle pre-filled from the sound track" in i.value for i in at.info)

    # a code key pressed during play 0.6 s after the second whistle (the one no tag answers): the tag is
    # bound to that whistle (its frame and its whistle moment), and the list counts it as reviewed
    first = heard[1].start_frame
    key = first + 15  # 0.6 s at 25 fps
    at.session_state["review.edits"] = {"view": "v", "playing": True,
                                        "items": [{"kind": "code", "key": "1", "frame": key, "seq": 1,
                                                   "playing": True, "keys": "2o1"}]}
    at.run()
    assert not at.exception, at.exception
    coded = json.loads(workspace["document"].read_text("utf-8"))["events"][-1]
    assert coded["position"]["frame"] == first and coded["moments"]["whistle"]["frame"] == first
    # its descriptor keys (2: right of way, O1: Alpha offended) complete it: at once (the whistle it is bound
    # to), restart the penalty (21.b), penalty to Bravo; the checker asks for nothing more, so it lands complete
    assert coded["facts"] == {"kind": "right_of_way"} and coded["involved"]["offender"] == {"team": "A"}
    assert coded["call"] == {"whistle": "at_once", "restart": "penalty", "penalty_to": "B"}
    assert "call" not in (coded.get("not_recorded") or [])
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(0 of 2)"), listed.label
    # the tag form still open, moved 2 s before that coded tag's incident: the whistle after it is the coded tag's,
    # which stopped play for that later incident, so none is pre-filled (the walk: a foul 14 s before a lodged ball
    # took the lodged ball's whistle and read "delayed 14.1 s")
    at.session_state["review.form_request"] = (first - 50, (first - 50) / 25)
    at.run()
    form = at.session_state["review.form"]
    assert "whistle" not in form.moments and form.whistle_heard is None, form.moments
    # paused on a frame, a code key tags that frame itself, with the whistle heard there or after it (none here)
    at.session_state["review.edits"] = {"view": "v", "playing": False,
                                        "items": [{"kind": "code", "key": "1", "frame": key, "seq": 2,
                                                   "playing": False}]}
    at.run()
    paused = json.loads(workspace["document"].read_text("utf-8"))["events"][-1]
    assert paused["position"]["frame"] == key and "moments" not in paused
    # paused on the first whistle's own frame (where `.` stops; the whistle starts inside it): that frame, bound to
    # that whistle, which leaves the list
    early = heard[0].start_frame
    at.session_state["review.edits"] = {"view": "v", "playing": False,
                                        "items": [{"kind": "code", "key": "1", "frame": early, "seq": 3,
                                                   "playing": False}]}
    at.run()
    paused = json.loads(workspace["document"].read_text("utf-8"))["events"][-1]
    assert paused["position"]["frame"] == early and paused["moments"]["whistle"]["frame"] == early


def test_footage_whose_sound_is_only_noise_says_so_in_one_line(workspace):
    write_video(workspace["video"], track(48000, (), seconds=6.0, seed=9), 48000)  # match noise, no call
    at = make_app()
    at.run()
    settle(at)
    assert not at.exception, at.exception
    assert "Only noise in the sound track: no whistle or horn heard." in captions(at)
    assert not [e for e in at.expander if "Whistles not yet reviewed" in e.label]


def test_listening_runs_in_the_background_with_its_progress(workspace, monkeypatch):
    """The page does not wait for the listening: it is drawn, with the listening's progress, while the
    sound is still being listened to; the whistles appear once it is done."""
    import threading

    from review_app.sound import cache

    events = [e for e in EVENTS if e.kind == "whistle"][:1]
    write_video(workspace["video"], track(48000, events, seconds=6.0), 48000)
    release = threading.Event()
    real = cache.detect_sounds

    def slow(path, progress=None):
        if progress is not None:
            progress(0.4)
        release.wait(60)  # a long match's listening, still under way
        return real(path, progress)

    monkeypatch.setattr(cache, "detect_sounds", slow)
    at = make_app()
    at.session_state["review._sounds"] = ("0" * 64, [], None)  # a recording listened to before: only noise
    at.run()
    at.session_state["review.viewer"].source.wait(60)
    at.run()  # the page, drawn while the listening waits
    assert not at.exception, at.exception
    job = at.session_state["review.listening"]
    assert not job.done and job.fraction == 0.4
    assert "review._sounds" not in at.session_state  # the other recording's sounds are not this one's
    assert "Only noise" not in captions(at)
    release.set()
    settle(at)
    assert [s.kind for s in at.session_state["review._sounds"][1]] == ["whistle"]


def test_a_repeated_call_is_listed_once_with_every_blasts_frame():
    """A double blast is one stoppage (one line, one button to its first blast), and the line names each blast's
    frame: the coach sees every whistle heard where it is."""
    from review_app.model.coding import At
    from review_app.ui.review.sounds import _call_label

    double = (At(1075, 35.8933), At(1111, 37.0737))
    assert _call_label(double) == "Whistle at 0:35.89 (frame 1075), 2 heard together: frames 1075, 1111"
    assert _call_label(double[:1]) == "Whistle at 0:35.89 (frame 1075)"


def test_each_whistle_of_a_call_heard_together_is_a_button_to_its_frame(workspace):
    """A repeated call is one line (one stoppage) with a button to its first whistle, and a button to each later
    whistle of it (a repeated blast, or the other umpire's), which `.` would step over."""
    repeated = [e for e in EVENTS if e.pattern == "repeated"][:1]
    at = listened(workspace, repeated, 20.0)  # no tag answers the call
    heard = [s for s in at.session_state["review._sounds"][1] if s.kind == "whistle"]
    assert len(heard) >= 2, heard  # the blasts of the repeated call
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(1 of 1)"), listed.label
    labels = [b.label for b in listed.button if b.label != "Not a whistle"]
    assert labels[0].startswith(f"Whistle at {format_time(heard[0].start_s, 2)} (frame {heard[0].start_frame}), "
                                f"{len(heard)} heard together")
    assert labels[1:] == [f"Then at {format_time(s.start_s, 2)} (frame {s.start_frame})" for s in heard[1:]]
    for m, whistle in enumerate(heard[1:], 1):
        at.button(key=f"review.unreviewed.0.{m}").click().run()
        assert not at.exception, at.exception
        assert at.session_state["review.pos"] == whistle.start_frame


def test_a_false_whistle_is_dismissed_by_whom_and_restored(workspace):
    """A sound the listener took for a whistle that stopped no play (a bird, the PA) is dismissed from the list with
    one button, kept with the match under the signed-in reviewer and the server's time; it no longer asks for a
    tag, `,`/`.` and code keys skip it, and a new tag is not bound to it; restored, it is back."""
    from review_app.model import load_document
    from review_app.model.dismissed import dismissed_whistles

    at = listened(workspace, [e for e in EVENTS if e.kind == "whistle"][:2], 10.0)
    heard = [s for s in at.session_state["review._sounds"][1] if s.kind == "whistle"]
    assert len(heard) == 2, heard
    false, real = heard
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(2 of 2)"), listed.label

    recording = at.session_state["review._sounds"][0]
    at.button(key="review.unreviewed.0.dismiss").click().run()
    assert not at.exception, at.exception
    (kept,) = dismissed_whistles(load_document(workspace["document"]), recording)
    assert (kept.frame, kept.set_by) == (false.start_frame, "Tester") and kept.set_utc
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(1 of 1)"), listed.label
    assert f"The whistle at frame {false.start_frame} is dismissed: not a whistle." in [s.value for s in at.success]
    labels = [b.label for b in listed.button]
    assert labels[0] == f"Whistle at {format_time(real.start_s, 2)} (frame {real.start_frame})"
    assert f"Frame {false.start_frame} ({format_time(false.start_s, 2)}), by Tester" in labels
    # a new tag just before it is not bound to it: its whistle moment is the next whistle heard (the browser test
    # steps over it with the keys and counts the timeline's marks)
    at.session_state["review.form_request"] = (false.start_frame - 10, (false.start_frame - 10) / 25)
    at.run()
    form = at.session_state["review.form"]
    assert form.whistle_heard == real.start_frame == form.moments["whistle"]["frame"]

    at.button(key=f"review.dismissed.{false.start_frame}.restore").click().run()
    assert not at.exception, at.exception
    assert dismissed_whistles(load_document(workspace["document"]), recording) == []
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(2 of 2)"), listed.label


def test_shift_d_at_a_whistle_dismisses_it_and_elsewhere_says_why_not(workspace):
    """The keyboard path: `.` to a whistle, Shift+D there dismisses it (the frame view hands the frame painted, as
    for Shift+N), and a tag form open on it takes the next whistle heard; pressed where no whistle is heard, or on a
    whistle a tag answers (a stoppage), the page says why and nothing is saved."""
    from review_app.model import load_document
    from review_app.model.dismissed import dismissed_whistles
    from review_app.ui.review.sounds import DISMISS_REQUEST

    at = listened(workspace, [e for e in EVENTS if e.kind == "whistle"][:2], 10.0, keep_events=1)  # e1: the first
    first, second = [s for s in at.session_state["review._sounds"][1] if s.kind == "whistle"]
    recording = at.session_state["review._sounds"][0]

    def dismissed() -> list[int]:
        return [d.frame for d in dismissed_whistles(load_document(workspace["document"]), recording)]

    at.session_state[DISMISS_REQUEST] = first.start_frame - 50  # two seconds before the first whistle
    at.run()
    assert not at.exception, at.exception
    assert dismissed() == []
    assert f"No whistle is heard at frame {first.start_frame - 50}" in " ".join(e.value for e in at.error)
    at.session_state[DISMISS_REQUEST] = first.start_frame
    at.run()
    assert dismissed() == []
    assert f"The whistle at frame {first.start_frame} is answered by tag e1" in " ".join(e.value for e in at.error)

    at.session_state["review.form_request"] = (second.start_frame - 10, (second.start_frame - 10) / 25)
    at.run()
    assert at.session_state["review.form"].whistle_heard == second.start_frame  # pre-filled from the second
    at.session_state[DISMISS_REQUEST] = second.start_frame
    at.run()
    assert not at.exception, at.exception
    assert dismissed() == [second.start_frame]
    form = at.session_state["review.form"]
    assert form.whistle_heard is None and "whistle" not in form.moments  # no whistle heard after it now
    listed = next(e for e in at.expander if "Whistles not yet reviewed" in e.label)
    assert listed.label.endswith("(0 of 1)"), listed.label
    assert f"The whistle at frame {second.start_frame} is dismissed: not a whistle." in [e.value for e in at.success]
