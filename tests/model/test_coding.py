"""Coding at the speed of play, the library side: code windows checked and kept per reviewer in one
record of the store, the tag a code makes (saved, incomplete, on the "to complete" list until the tag
form completes it), and a window's edges moved through the revision check."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document, event
from saving import save_back

from review_app.checker import check_document
from review_app.model import RevisionConflict, load_document
from review_app.model.coding import (
    CODE_KEYS,
    DEFAULT_LAG_S,
    TO_COMPLETE,
    At,
    Code,
    CodeWindow,
    CodingError,
    checked_window,
    coded_event,
    default_window,
    load_window,
    save_window,
    to_complete,
    window_change,
)
from review_app.model.edits import build_event, commit, put_event
from review_app.rules import PROVISIONS
from review_app.rules.vocabulary import VerdictKind
from review_app.store import open_matches, open_records


def kept_in(doc):
    """The match store `doc` was read from (the folder of its file): what a page hands `commit`."""
    return open_matches(doc.path.parent)


@pytest.fixture
def saved(tmp_path):
    data = base_document()
    data["events"] = [event("e1", 100, "21.j", {"period_time_expired": True},
                            {"whistle": "at_once", "restart": "next_period"}, umpire="Ben Umpire")]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), "utf-8")
    return load_document(path)


def window_around(frame: int, lead: int = 125, lag: int = 125) -> tuple[At, At]:
    return At(frame - lead, (frame - lead) / 25), At(frame + lag, (frame + lag) / 25)


# -- the code window ---------------------------------------------------------------------------------

def test_code_keys_leave_the_frame_views_and_streamlits_keys_free():
    assert set("123456789") <= set(CODE_KEYS)
    assert not set(CODE_KEYS) & set("jklopicftwen0rc")
    assert [c.key for c in default_window().codes] == [*"123456789", "b"]


def test_safety_has_a_default_code_key():
    # a coach codes every Safety of a match: it is on the default window (B), beside the foul (1)
    window = default_window()
    assert window.code("b").situation == "21.a" and window.code("1").situation == "21.b"


@pytest.mark.parametrize("codes,problem", [
    ([{"key": "k", "situation": "21.b"}], "taken by the frame view"),
    ([{"key": ".", "situation": "21.b"}], "taken by the frame view"),
    ([{"key": "r", "situation": "21.b"}], "taken by the frame view or the page"),
    ([{"key": "1", "situation": "21.b"}, {"key": "1", "situation": "21.c"}], "given twice"),
    ([{"key": "1", "situation": "22.z"}], "not a Rule 21 clause"),
    ([{"key": "%", "situation": "21.b"}], "must be one of"),
    ([{"key": "1", "situation": "21.b", "label": "x" * 41}], "longer than 40"),
])
def test_a_code_window_that_cannot_be_kept_is_refused_in_one_line(codes, problem):
    with pytest.raises(CodingError, match=problem) as err:
        checked_window({"codes": codes})
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("lead", [-1, 121, "soon", float("nan")])
def test_lead_and_lag_are_seconds_within_bounds(lead):
    with pytest.raises(CodingError, match="lead"):
        checked_window({"codes": [], "lead_s": lead})


def test_each_reviewer_keeps_their_own_window_in_one_record_of_the_store(tmp_path):
    records = open_records(tmp_path / "data" / "code-windows.json")
    assert load_window(records, "Ana") == default_window()  # nothing kept yet
    mine = checked_window({"codes": [{"key": "b", "situation": "21.d", "label": " Foul  line "},
                                     {"key": "2", "situation": "21.c"}], "lead_s": 3, "lag_s": 8.5})
    save_window(records, "Ana Coach", mine)
    save_window(records, "Ben", default_window())
    again = load_window(open_records(tmp_path / "data" / "code-windows.json"), "  ana   COACH ")
    assert again == mine and [c.key for c in again.codes] == ["2", "b"]  # in key order
    assert again.code("b") == Code("b", "21.d", "Foul line") and (again.lead_s, again.lag_s) == (3.0, 8.5)
    assert load_window(records, "Ben") == default_window()


def test_a_damaged_record_of_windows_is_one_line_naming_it(tmp_path):
    path = tmp_path / "code-windows.json"
    path.write_text("{not json", "utf-8")
    with pytest.raises(CodingError, match="cannot read the code windows") as err:
        load_window(open_records(path), "Ana")
    assert str(path) in str(err.value)
    path.write_text(json.dumps({"version": 1, "reviewers": {"ana": {"name": "Ana", "window": {"codes": 3}}}}),
                    "utf-8")
    with pytest.raises(CodingError, match="Ana's code window: codes must be a list"):
        load_window(open_records(path), "Ana")


# -- the tag a code makes ------------------------------------------------------------------------------

def test_a_code_saves_a_tag_with_its_window_that_stays_incomplete_until_completed(saved):
    code = Code("1", "21.j")
    tag = coded_event(saved, code, At(250, 10.0), window_around(250), "Coach")
    assert tag["id"] == "e2" and tag["situation"] == "21.j" and tag["position"] == {"frame": 250, "time_s": 10.0}
    assert tag["window"] == {"start": {"frame": 125, "time_s": 5.0}, "end": {"frame": 375, "time_s": 15.0}}
    assert tag["involved"] == {"umpire": "Ben Umpire"} and tag["reviewer"] == "Coach"  # the umpire of the tag before
    assert tag["not_recorded"] == [TO_COMPLETE]
    doc = commit(saved, put_event(saved, tag), kept_in(saved))
    on_disk = load_document(doc.path)  # valid against the schema, as saved
    assert [e.id for e in to_complete(on_disk)] == ["e2"]
    verdicts = {r.event: r.verdict for r in check_document(on_disk)[0]}
    assert verdicts["e2"] == VerdictKind.INCOMPLETE

    # completed on the tag form: built again from what the form holds; the window stays, the list empties
    done = build_event(event_id="e2", frame=250, time_s=10.0, situation="21.j", facts={"period_time_expired": True},
                       call={"whistle": "at_once", "restart": "next_period"}, reviewer="Coach",
                       window=on_disk.event("e2")["window"])
    completed = commit(on_disk, put_event(on_disk, done), kept_in(on_disk))
    assert to_complete(load_document(completed.path)) == []
    assert {r.event: r.verdict for r in check_document(completed)[0]}["e2"] == VerdictKind.CONSISTENT
    assert load_document(completed.path).event("e2")["window"] == tag["window"]


@pytest.mark.parametrize("p", PROVISIONS, ids=lambda p: p.id)
def test_every_situation_coded_without_details_is_incomplete(saved, p):
    tag = coded_event(saved, Code("1", p.id), At(250, 10.0), window_around(250), "Coach")
    doc = saved.copy()
    doc.events.append(tag)
    verdicts = {r.event: r.verdict for r in check_document(doc)[0]}
    assert verdicts[tag["id"]] == VerdictKind.INCOMPLETE


def test_five_codes_in_a_row_each_get_their_own_id(saved):
    doc = saved
    for n, frame in enumerate((10, 60, 110, 160, 210)):
        doc = commit(doc, put_event(doc, coded_event(doc, Code("2", "21.c"), At(frame, frame / 25),
                                                      window_around(frame, 5, 5), "Coach")), kept_in(doc))
        assert len(to_complete(doc)) == n + 1
    assert [e.id for e in to_complete(load_document(doc.path))] == ["e2", "e3", "e4", "e5", "e6"]


# -- windows dragged on the timeline -------------------------------------------------------------------

def test_a_dragged_edge_is_saved_in_order_and_meets_the_revision_check(saved):
    doc = commit(saved, put_event(saved, coded_event(saved, Code("1", "21.d"), At(250, 10.0),
                                                     window_around(250), "Coach")), kept_in(saved))
    # edges given the wrong way round
    moved = commit(doc, window_change(doc, "e2", At(300, 12.0), At(200, 8.0)), kept_in(doc))
    assert load_document(moved.path).event("e2")["window"] == {"start": {"frame": 200, "time_s": 8.0},
                                                               "end": {"frame": 300, "time_s": 12.0}}
    # someone else moved the same window meanwhile: a conflict, never a silent overwrite
    theirs = load_document(moved.path)
    save_back(commit(theirs, window_change(theirs, "e2", At(190, 7.6), At(300, 12.0)), kept_in(theirs)))
    with pytest.raises(RevisionConflict):
        commit(moved, window_change(moved, "e2", At(210, 8.4), At(300, 12.0)), kept_in(moved))
    with pytest.raises(CodingError, match="no tag e9"):
        window_change(moved, "e9", At(1, 0.04), At(2, 0.08))


def test_the_default_window_is_the_lead_and_lag_the_reviewer_has_not_changed():
    assert CodeWindow().lag_s == DEFAULT_LAG_S == checked_window({"codes": []}).lag_s


def test_no_code_key_is_one_the_frame_view_answers_itself():
    """The keys frame_view.js handles (k === "x", the whistle keys , and . among them) and its actions'
    keys (review_frame: T, W, E, N) are all in FRAME_VIEW_KEYS, so none can be given to a code."""
    import re
    from pathlib import Path

    from review_app.model.coding import FRAME_VIEW_KEYS
    from review_app.model.edits import MOMENT_KEYS

    js = (Path(__file__).resolve().parents[2] / "review_app" / "ui" / "frame_view.js").read_text("utf-8")
    handled = set(re.findall(r'k === "(.)"', js))
    assert {"j", "k", "l", "f", "0"} <= handled  # the pattern still finds them
    actions = {"t"} | {key.lower() for _m, _label, key in MOMENT_KEYS if key}
    letters_and_digits = {k for k in handled | actions if k.isalnum()}
    assert letters_and_digits <= FRAME_VIEW_KEYS
    assert not letters_and_digits & set(CODE_KEYS)
    # the whistle keys (, previous, . next whistle heard) are the view's too, and no code's
    whistle_keys = {",", "."}
    assert whistle_keys <= handled and whistle_keys <= FRAME_VIEW_KEYS
    assert not (handled | actions) & set(CODE_KEYS)
    # the timeline (frame_timeline.js) takes no keys of its own: the view's key handler is the only one
    tl = (Path(__file__).resolve().parents[2] / "review_app" / "ui" / "frame_timeline.js").read_text("utf-8")
    assert "keydown" not in tl and not re.findall(r'k === "(.)"', tl)
