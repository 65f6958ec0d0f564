"""Schema 2.1 on the Review page: a tag whose clause's restart waits for an event offers that event's moment
beside the whistle, restart and neutral play (keys A, M, X, S as W, E, N), saves it, and measures the restart
from it."""

from __future__ import annotations

import json

from review_app.model.edits import moments_for


def _on_disk(ws) -> dict:
    return json.loads(ws["document"].read_text("utf-8"))


def _run(at, key: str):
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def _jump(at, frame: int):
    at.text_input(key="review.jump_frame_value").input(str(frame)).run()
    assert not at.exception, at.exception


def test_each_clause_is_offered_the_moments_its_restart_waits_for():
    def offered(situation, moments=None):
        return [m for m, _label, _key in moments_for(situation, moments)]

    base = ["incident", "whistle", "restart", "neutral_play"]
    assert offered("21.b") == base
    assert offered("21.f(1)(i)") == [*base, "player_returned"]
    assert offered("21.f(1)(ii)") == [*base, "mount_off_field"]
    assert offered("21.g") == [*base, "player_returned", "player_off_field"]
    assert offered("21.d") == [*base, "resumed_or_substituted"]
    # a moment already set stays shown whatever the clause, so it can be seen and cleared
    assert offered("21.b", {"mount_off_field": {"frame": 3, "time_s": 0.12}}) == [*base, "mount_off_field"]


def test_the_mount_off_the_field_is_tagged_saved_and_the_restart_measured_from_it(app, workspace):
    _jump(app, 25)  # the player reports the mount
    _run(app, "review.tag")
    app.selectbox(key="review.form.situation").set_value("21.f(1)(ii)").run()
    buttons = {b.key for b in app.button}
    assert "review.moment.mount_off_field" in buttons and "review.moment.player_returned" not in buttons
    _jump(app, 35)
    _run(app, "review.moment.whistle")
    _jump(app, 75)  # the mount is off the field
    _run(app, "review.moment.mount_off_field")
    _jump(app, 100)
    _run(app, "review.moment.restart")
    assert any("restart 1.0 s after: mount off the field" in c.value for c in app.caption), \
        [c.value for c in app.caption]
    app.button(key="review.form.save").click().run()
    assert not app.exception, app.exception
    saved = next(e for e in _on_disk(workspace)["events"] if e["situation"] == "21.f(1)(ii)")
    assert saved["moments"]["mount_off_field"] == {"frame": 75, "time_s": 3.0}
    assert saved["moments"]["restart"] == {"frame": 100, "time_s": 4.0}
