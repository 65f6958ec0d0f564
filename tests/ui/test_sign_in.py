"""Sign-in where the deployment configures it ([auth] in the secrets): the reviewer is the signed-in
user (`st.user`), never a typed name; without it (the single-machine default) nobody signs in."""

from __future__ import annotations

import json

from ui_fixtures import make_app

AUTH = {"auth": {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32,
                 "client_id": "polo", "client_secret": "s", "server_metadata_url": "https://id.example/.well-known"}}


def test_a_signed_out_user_is_asked_to_sign_in_and_sees_no_page(workspace):
    at = make_app(reviewer=None)
    at.secrets = AUTH
    at.user = {"is_logged_in": False}
    at.run()
    assert not at.exception, at.exception
    assert [b.key for b in at.sidebar.button] == ["app.login"]
    assert not at.title and not any(w.key == "app.reviewer_input" for w in at.text_input)


def test_the_signed_in_user_is_the_reviewer_recorded_on_a_tag(workspace):
    at = make_app(reviewer="Someone Typed")
    at.secrets = AUTH
    at.user = {"is_logged_in": True, "name": "Carla  Ruiz", "email": "carla@example.org"}
    at.run()
    assert not at.exception, at.exception
    assert any("Signed in as Carla Ruiz" in m.value for m in at.sidebar.markdown)
    at.selectbox(key="review.tag_pick").set_value("e2").run()
    at.button(key="review.tag_edit").click().run()
    next(w for w in at.text_area if w.key and w.key.endswith("notes")).input("seen")
    at.button(key="review.form.save").click().run()
    assert not at.exception, at.exception
    saved = json.loads(workspace["document"].read_text("utf-8"))
    assert saved["events"][1]["reviewer"] == "Carla Ruiz"  # the account's name, not the typed one


def test_without_sign_in_configured_the_name_is_typed(workspace):
    at = make_app(reviewer=None)
    at.run()
    assert not at.exception, at.exception
    assert any(w.key == "app.reviewer_input" for w in at.text_input)
    assert "app.login" not in [b.key for b in at.sidebar.button]
