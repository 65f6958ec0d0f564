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


def test_without_sign_in_configured_the_sidebar_signs_in_with_a_passphrase(workspace):
    """F5 (security review): the sidebar's typed name was what every change was recorded under. Without [auth] the
    sidebar now signs in with the roster's passphrases; a name typed with a wrong passphrase is no one."""
    from review_app.store import open_store
    from review_app.training import People

    at = make_app(reviewer=None)
    at.run()
    assert not at.exception, at.exception
    assert not any(w.key == "app.reviewer_input" for w in at.text_input)
    assert "app.login" not in [b.key for b in at.sidebar.button]
    People(open_store().people).enrol("Carla Ruiz", "carla's long passphrase")
    at.run()
    at.text_input(key="app.name").input("Carla Ruiz")
    at.text_input(key="app.passphrase").input("not carla's passphrase")
    at.button(key="app.sign_in").click().run()
    assert "app.reviewer" not in at.session_state and at.sidebar.error
    at.text_input(key="app.passphrase").input("carla's long passphrase")
    at.button(key="app.sign_in").click().run()
    assert at.session_state["app.reviewer"] == "Carla Ruiz"
    assert any("Signed in as **Carla Ruiz**" in m.value for m in at.sidebar.markdown)
    at.button(key="app.sign_out").click().run()
    assert "app.reviewer" not in at.session_state


def test_a_change_without_a_sign_in_is_refused_where_it_is_written(workspace):
    """F5: tags, matches, footage, panels, assessments and evidence were recorded under any typed name. A save
    forced without a signed-in reviewer (the disabled button's trigger sent anyway, as a scripted client can)
    writes nothing: the check is where the document is written, not only the button's state."""
    from ui_fixtures import settle

    before = workspace["document"].read_bytes()
    at = make_app(reviewer="Signed In")
    settle(at.run())
    at.button(key="review.tag").click().run()
    del at.session_state["app.reviewer"]  # signed out (or never signed in) by the time the trigger arrives
    at.button(key="review.form.save").click().run()
    assert not at.exception, at.exception
    assert workspace["document"].read_bytes() == before
    assert any("Sign in first" in w.value or "Enter your name" in w.value for w in at.warning)


def test_a_sign_in_over_plain_http_from_another_machine_is_warned_about(workspace, monkeypatch):
    """F7: passphrases and session ids crossed the club Wi-Fi in clear, without a word."""
    from review_app.store import open_store
    from review_app.training import People
    from review_app.ui import people_parts

    People(open_store().people).enrol("Carla Ruiz", "carla's long passphrase")
    monkeypatch.setattr(people_parts, "page_url", lambda: "http://192.0.2.2:8501/")
    monkeypatch.setattr(people_parts, "local_request", lambda: False)
    at = make_app(reviewer=None)
    at.run()
    assert any("not served over HTTPS" in w.value for w in at.sidebar.warning)
    monkeypatch.setattr(people_parts, "page_url", lambda: "https://polo.club.example/")
    at.run()
    assert not any("not served over HTTPS" in w.value for w in at.sidebar.warning)


def _signed_in_with_a_passphrase(at, roles=("committee",)):
    from review_app.store import open_store
    from review_app.training import People

    People(open_store().people).enrol("Com Mary", "mary's long passphrase")
    if roles:
        open_store().people.set_roles("Com Mary", {"trainee", *roles})
    at.run()
    at.text_input(key="app.name").input("Com Mary")
    at.text_input(key="app.passphrase").input("mary's long passphrase")
    at.button(key="app.sign_in").click().run()
    assert at.session_state["app.reviewer"] == "Com Mary"
    return at


def test_a_committee_sign_in_ends_after_ten_idle_minutes_anyone_elses_after_thirty(workspace):
    """F7: the committee sign-in never timed out."""
    import time

    at = _signed_in_with_a_passphrase(make_app(reviewer=None))
    at.session_state["app.active_at"] = time.monotonic() - 9 * 60
    at.run()
    assert at.session_state["app.reviewer"] == "Com Mary"  # nine idle minutes: still signed in
    at.session_state["app.active_at"] = time.monotonic() - 11 * 60
    at.run()
    assert "app.reviewer" not in at.session_state
    assert any("after 10 minutes without any action" in w.value for w in at.sidebar.warning)


def test_a_second_client_holding_the_session_id_does_not_carry_the_sign_in(workspace, monkeypatch):
    """F7: a client that connected with a signed-in session's id took it over, signed in. The sign-in is bound to
    the browser's own cookie, which such a client lacks."""
    from review_app.ui import people_parts

    monkeypatch.setattr(people_parts, "browser_binding", lambda: "2|cookie-of-the-browser-that-signed-in")
    at = _signed_in_with_a_passphrase(make_app(reviewer=None), roles=())
    monkeypatch.setattr(people_parts, "browser_binding", lambda: None)  # the same session, another client
    at.run()
    assert "app.reviewer" not in at.session_state
    assert any("opened by another browser" in w.value for w in at.sidebar.warning)
