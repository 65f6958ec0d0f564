"""Coding on the Review page through the app's entry point: the codes and window drags the frame view
sends (as it sends them: numbered, again until acknowledged) saved once each, in order, through the
revision check; the "to complete" list opening a coded tag on the tag form; the code window kept per
reviewer in the store's data."""

from __future__ import annotations

import json

from saving import save_back
from ui_fixtures import make_app, settle

from review_app.model import load_document
from review_app.model.coding import TO_COMPLETE
from review_app.model.edits import commit, put_event
from review_app.store import open_matches


def kept_in(doc):
    """The match store `doc` was read from (the folder of its file): what a page hands `commit`."""
    return open_matches(doc.path.parent)


def on_disk(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def send(at, view: str, *items: dict):
    """What the frame view's `edits` trigger hands the page: every edit not yet acknowledged."""
    at.session_state["review.edits"] = {"view": view, "items": [dict(i, seq=n) for n, i in items]}
    at.run()
    assert not at.exception, at.exception
    return at


def event(ws, eid: str) -> dict:
    return next(e for e in on_disk(ws)["events"] if e["id"] == eid)



def _save_as_period_end(app) -> None:
    """The open tag form completed as the end of a period (21.j: time expired, whistle at once, next period) and
    saved."""
    app.selectbox(key="review.form.situation").set_value("21.j").run()
    for w in app.radio:
        if w.key and w.key.endswith("fact.period_time_expired"):
            w.set_value(True)
    for w in app.selectbox:
        if w.key and w.key.endswith("call.whistle"):
            w.set_value("at_once")
        if w.key and w.key.endswith("call.restart"):
            w.set_value("next_period")
    app.button(key="review.form.save").click().run()

def test_codes_are_saved_once_each_in_order_with_the_window_of_lead_and_lag(app, workspace):
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 150}), (2, {"kind": "code", "key": "7", "frame": 20}))
    e3, e4 = event(workspace, "e3"), event(workspace, "e4")
    # 25 fps, lead and lag 5 s: 125 frames either side, within the recording's 200
    assert e3["situation"] == "21.b" and e3["position"] == {"frame": 150, "time_s": 6.0}
    assert e3["window"] == {"start": {"frame": 25, "time_s": 1.0}, "end": {"frame": 199, "time_s": 7.96}}
    assert e4["situation"] == "21.l" and e4["window"]["start"]["frame"] == 0
    assert e3["not_recorded"] == [TO_COMPLETE] and e3["reviewer"] == "Tester"
    assert e3["involved"]["umpire"] == "Umpire Two"  # the umpire of the tag before it (e2 at frame 125)
    assert app.session_state["review.edits_ack"] == ("v1", 2)
    assert on_disk(workspace)["revision"] == 2

    # the view had not heard yet and sends all three: the first two are not saved again
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 150}), (2, {"kind": "code", "key": "7", "frame": 20}),
         (3, {"kind": "code", "key": "2", "frame": 60}))
    saved = on_disk(workspace)
    assert [e["id"] for e in saved["events"]] == ["e1", "e2", "e3", "e4", "e5"] and saved["revision"] == 3
    assert app.selectbox(key="review.complete_pick").options == ["e4 · 21.l · f20 · 0:00.8", "e5 · 21.c · f60 · 0:02.4",
                                                                 "e3 · 21.b · f150 · 0:06.0"]
    # a new page (another view) numbers from 1 again
    send(app, "v2", (1, {"kind": "code", "key": "3", "frame": 100}))
    assert event(workspace, "e6")["situation"] == "21.d"


def test_a_dragged_window_edge_is_saved_and_checked_against_the_revision(app, workspace):
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 100}))
    drawn = on_disk(workspace)["revision"]  # the timeline was drawn from this revision
    send(app, "v1", (2, {"kind": "window", "id": "e3", "start": 90, "end": 130, "rev": drawn}))
    assert event(workspace, "e3")["window"] == {"start": {"frame": 90, "time_s": 3.6},
                                                "end": {"frame": 130, "time_s": 5.2}}
    # someone else moves the same window meanwhile; my drag then shows the conflict, theirs stays saved
    theirs = load_document(workspace["document"])
    moved = dict(theirs.event("e3"), window={"start": {"frame": 80, "time_s": 3.2},
                                             "end": {"frame": 130, "time_s": 5.2}})
    save_back(commit(theirs, put_event(theirs, moved), kept_in(theirs)))
    send(app, "v1", (3, {"kind": "window", "id": "e3", "start": 95, "end": 130, "rev": drawn + 1}))
    assert event(workspace, "e3")["window"]["start"]["frame"] == 80
    assert app.session_state["review.conflict"]["change"].event_id == "e3"


def test_a_code_without_a_name_or_a_key_in_the_window_is_refused_in_one_line(workspace):
    at = make_app(reviewer=None)
    at.run()
    settle(at)
    send(at, "v1", (1, {"kind": "code", "key": "1", "frame": 10}))
    assert [e["id"] for e in on_disk(workspace)["events"]] == ["e1", "e2"]
    assert any("Sign in first" in w.value for w in at.warning)
    at.session_state["app.reviewer"] = "Tester"
    send(at, "v1", (2, {"kind": "code", "key": "z", "frame": 10}))
    assert any("no code has the key Z" in w.value for w in at.warning)
    assert [e["id"] for e in on_disk(workspace)["events"]] == ["e1", "e2"]


def test_a_coded_tag_is_completed_from_the_to_complete_list_on_the_tag_form(app, workspace):
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 40}), (2, {"kind": "code", "key": "9", "frame": 60}))
    app.selectbox(key="review.complete_pick").set_value("e4").run()
    app.button(key="review.complete").click().run()
    assert any("Edit tag e4 at frame 60" in s.value for s in app.subheader)
    assert app.session_state["review.pos"] == 60  # the frame view is taken to it
    _save_as_period_end(app)
    assert not app.exception, app.exception
    e4 = event(workspace, "e4")
    # the call is recorded now (what it makes relevant and is still missing is named: the whistle's moment)
    assert TO_COMPLETE not in e4["not_recorded"] and "moments.whistle" in e4["not_recorded"]
    assert e4["situation"] == "21.j"
    assert e4["window"]["start"]["frame"] == 0 and e4["reviewer"] == "Tester"
    assert any("Saved e4: Consistent" in s.value for s in app.success)
    assert app.selectbox(key="review.complete_pick").options == ["e3 · 21.b · f40 · 0:01.6"]


def test_the_to_complete_picker_has_the_side_panels_width_for_its_label(app, workspace):
    """Walk 8: on a 3-minute 59.94 fps recording "e5 · 21.i · f10190 · 2:50.0" was cut to "e5 · 21.i · f10190 · 2:50.("
    in the To complete picker, which had three fifths of the side panel beside Complete (a match's frames run to six
    digits, and a clause may be "21.general.dangerous-fouls"). The picker now has the panel's width, Complete under
    it."""
    send(app, "v1", (1, {"kind": "code", "key": "6", "frame": 150}))
    assert app.selectbox(key="review.complete_pick").options == ["e3 · 21.i · f150 · 0:06.0"]
    # every column holding the picker holds Complete too: the page's side panel, not a part of a row beside it
    holding = [c for c in app.columns if any(w.key == "review.complete_pick" for w in c.selectbox)]
    assert all(any(b.key == "review.complete" for b in c.button) for c in holding), "the picker shares its row"
    assert app.button(key="review.complete").label == "Complete"


def test_the_code_window_is_kept_for_each_reviewer_in_the_stores_data(app, workspace):
    app.number_input(key="review.codes.lead").set_value(2.5)
    app.number_input(key="review.codes.lag").set_value(1.0)
    app.button(key="review.codes.save").click().run()
    assert not app.exception, app.exception
    record = json.loads((workspace["data"] / "code-windows.json").read_text("utf-8"))
    assert record["reviewers"]["tester"]["window"]["lead_s"] == 2.5
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 100}))  # 4.0 s: 1.5 s to 5.0 s
    assert event(workspace, "e3")["window"] == {"start": {"frame": 37, "time_s": 1.48},
                                                "end": {"frame": 125, "time_s": 5.0}}
    other = make_app(reviewer="Someone Else")
    other.run()
    assert other.number_input(key="review.codes.lead").value == 5.0  # their own: the default


def test_a_coded_foul_completes_with_the_parts_its_clause_and_the_offender_imply(app, workspace):
    """Completing a coded foul: the restart (21.b: the penalty awarded) and the penalty's team (the team other
    than the offender's) come pre-filled and are said to be; the reviewer gives the kind, the whistle, the
    penalty and the offender. Players are offered by their roster names."""
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 40}))
    app.button(key="review.complete").click().run()
    captions = " ".join(c.value for c in app.caption)
    assert "Pre-filled from what is known" in captions and "Restart: Penalty" in captions
    assert "Penalty awarded to: the team other than the offender's" in captions
    # the same parts' keys, for coding them while the footage plays, shown on the form
    assert "right after this situation's code key: 1 Dangerous foul · 2 Right of way" in captions
    assert "P3 Penalty 3" in captions and "U1 Umpire One" in captions and "O2 Offender: Bravo" in captions
    widgets = {w.key.rsplit(".call.", 1)[-1].rsplit(".", 1)[-1]: w for w in app.selectbox
               if w.key and w.key.startswith("review.f.")}
    assert widgets["restart"].value == "penalty"
    offender = next(w for w in app.selectbox if w.key and w.key.endswith(".offender"))
    assert "Ana Alpha (Alpha #3)" in offender.options  # the roster's name, not only "Alpha #3"
    assert "Other" in next(w for w in app.selectbox if w.key and w.key.endswith("fact.kind")).options
    next(w for w in app.selectbox if w.key and w.key.endswith("fact.kind")).set_value("right_of_way")
    widgets["whistle"].set_value("at_once")
    widgets["penalty"].set_value("penalty_3")
    offender.set_value("B#2")
    app.button(key="review.form.save").click().run()
    assert not app.exception, app.exception
    e3 = event(workspace, "e3")
    assert e3["call"]["penalty_to"] == "A" and e3["call"]["restart"] == "penalty"
    assert e3["involved"]["offender"] == {"team": "B", "number": 2}
    assert any("Saved e3: Consistent" in s.value for s in app.success), [s.value for s in app.success]


def test_a_fact_the_checker_may_ask_for_is_never_called_optional(app, workspace):
    send(app, "v1", (1, {"kind": "code", "key": "5", "frame": 40}))  # 21.h, helmet off
    app.button(key="review.complete").click().run()
    labels = [w.label for w in app.radio if w.key and w.key.startswith("review.f.")]
    neutral = next(label for label in labels if label.startswith("Play was in a neutral position"))
    assert neutral.endswith("(if the call needs it)") and not any("optional" in label for label in labels)


def test_a_code_described_with_its_keys_stays_to_complete_while_the_checker_asks_for_more(app, workspace):
    # no sound heard here: no whistle to bind, so the foul's whistle is still unknown
    send(app, "v1", (1, {"kind": "code", "key": "1", "frame": 40, "keys": "2o2u1"}))
    e3 = event(workspace, "e3")
    assert e3["facts"] == {"kind": "right_of_way"} and e3["call"] == {"restart": "penalty", "penalty_to": "A"}
    assert e3["involved"] == {"umpire": "Umpire One", "offender": {"team": "B"}}
    assert TO_COMPLETE in e3["not_recorded"]
    send(app, "v1", (2, {"kind": "code", "key": "1", "frame": 60, "keys": "u7"}))  # two umpires: one line
    assert any("the descriptor U7 says nothing of a 21.b tag here" in w.value for w in app.warning)


def banners(at) -> list[str]:
    return [s.value for s in [*at.success, *at.warning, *at.error, *at.info] if "Saved e" in s.value]


def test_the_saved_banner_is_gone_on_the_next_action(app, workspace):
    """The walk: "Saved e3" stayed shown while the coach coded the next moment and opened another tag, as if
    those had saved. It is shown for the save, and the next action (a code key's tag, a tag opened) clears it."""
    send(app, "v1", (1, {"kind": "code", "key": "9", "frame": 40}))
    app.button(key="review.complete").click().run()
    _save_as_period_end(app)
    assert any("Saved e3" in b for b in banners(app))
    app.run()  # a rerun with nothing done (the frame view's own) keeps it
    assert any("Saved e3" in b for b in banners(app))
    send(app, "v1", (2, {"kind": "code", "key": "1", "frame": 80}))  # the next moment coded
    assert event(workspace, "e4")["situation"] == "21.b"
    assert banners(app) == []
    # saved again, then another tag opened from the list: gone too
    app.selectbox(key="review.complete_pick").set_value("e4").run()
    app.button(key="review.complete").click().run()
    next(w for w in app.selectbox if w.key and w.key.endswith("call.whistle")).set_value("at_once")
    app.button(key="review.form.save").click().run()
    assert any("Saved e4" in b for b in banners(app))
    app.selectbox(key="review.tag_pick").set_value("e1").run()
    app.button(key="review.tag_edit").click().run()
    assert any("Edit tag e1" in s.value for s in app.subheader)
    assert banners(app) == []
