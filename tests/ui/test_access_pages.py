"""Roles that hold without sign-in, on the pages, on files and on PostgreSQL: a visitor who knows no passphrase
cannot make themselves coach (once anyone holds a role, or from another machine without the set-up code);
someone given a role on the command line turns its one-time code into a passphrase; a database outage while
a coach saves is one line on the page, keeps what was typed, and the next save after it works."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_fixtures import make_app

from review_app.store import open_store
from review_app.training import COACH, People


@pytest.fixture(params=["files", "postgresql"])
def on_store(request, workspace, tmp_path, monkeypatch):
    """The app's store: the workspace's folders, or a database (through a relay a test can take down)."""
    if request.param == "files":
        yield None, open_store()
        return
    from pg_outage import Relay

    url = request.getfixturevalue("pg_url")
    with Relay(url) as relay:
        monkeypatch.setenv("POLO_REVIEW_STORE", relay.url)
        monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
        yield relay, open_store(relay.url)


def coach_page(reviewer: str = "Visitor"):
    at = make_app(reviewer=reviewer)
    at.switch_page("app_pages/coach.py").run()
    assert not at.exception, at.exception
    return at


def keys(at) -> set[str]:
    return {w.key for kind in (at.button, at.text_input) for w in kind if w.key}


def set_up(at, name: str, secret: str, code: str | None = None):
    at.text_input(key="coach.new_name").input(name)
    at.text_input(key="coach.new_passphrase").input(secret)
    at.text_input(key="coach.new_again").input(secret)
    if code is not None:
        at.text_input(key="coach.setup_code").input(code)
    at.button(key="coach.enrol").click().run()
    assert not at.exception, at.exception
    return at


def test_once_a_trainee_is_enrolled_nobody_can_set_up_a_coach_on_the_page(on_store):
    _, store = on_store
    People(store.people).enrol("Tia", "tia's passphrase")  # on the Training page
    at = coach_page("Tia")
    assert "coach.enrol" not in keys(at) and "coach.sign_in" in keys(at)
    assert not any("No coach account yet" in i.value for i in at.info)
    at.text_input(key="coach.name").input("Tia")
    at.text_input(key="coach.passphrase").input("tia's passphrase")
    at.button(key="coach.sign_in").click().run()
    assert any("do not match, or do not open this" in e.value for e in at.error)  # no more than any failure says
    assert "coach.reset" not in keys(at) and not any(p.is_coach for p in store.people.people())


def test_from_another_machine_the_first_coach_needs_the_set_up_code(on_store, monkeypatch):
    _, store = on_store
    monkeypatch.setattr("review_app.ui.people_parts.local_request", lambda: False)
    from review_app.config import cache_dir
    from review_app.training.people import keep_setup_code

    keep_setup_code(cache_dir(), "ABCD-EFGH-JKMN")  # as `polo-review app` keeps it: hashed, with its expiry
    at = set_up(coach_page(), "Mallory", "mallory's passphrase", code="")
    assert any("not the set-up code" in e.value for e in at.error) and not store.people.people()
    at = set_up(coach_page(), "Mallory", "mallory's passphrase", code="ABCD-EFGH-JKMP")
    assert any("not the set-up code" in e.value for e in at.error) and not store.people.people()
    at = set_up(coach_page(), "Cleo", "coach passphrase", code="abcd efgh jkmn")
    assert "coach.reset" in keys(at)  # signed in as the coach
    assert [(p.name, p.is_coach) for p in store.people.people()] == [("Cleo", True)]


def test_on_this_machine_the_first_coach_needs_no_code(on_store, monkeypatch):
    _, store = on_store
    monkeypatch.setattr("review_app.ui.people_parts.local_request", lambda: True)  # AppTest gives no address
    at = coach_page()
    assert "coach.setup_code" not in keys(at)
    set_up(at, "Cleo", "coach passphrase")
    assert People(store.people).find("Cleo").is_coach


def test_a_one_time_code_from_the_command_line_sets_the_passphrase_on_the_page(on_store):
    _, store = on_store
    store.people.set_roles("Carla", [COACH])
    code = People(store.people).issue_code("Carla")
    at = coach_page("Carla")
    at.text_input(key="coach.code_name").input("Carla")
    at.text_input(key="coach.code").input(code)
    at.text_input(key="coach.code_passphrase").input("carla's passphrase")
    at.text_input(key="coach.code_again").input("carla's passphrase")
    at.button(key="coach.redeem").click().run()
    assert not at.exception, at.exception
    assert "coach.reset" in keys(at)
    assert People(store.people).sign_in("Carla", "carla's passphrase", role=COACH).name == "Carla"


def test_a_database_outage_while_a_coach_saves_is_one_line_and_the_next_save_works(workspace, pg_url, tmp_path,
                                                                                   monkeypatch):
    from pg_outage import Relay

    with Relay(pg_url) as relay:
        monkeypatch.setenv("POLO_REVIEW_STORE", relay.url)
        monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
        store = open_store(relay.url)
        People(store.people).enrol("Cleo", "coach passphrase", role=COACH, setup=True)
        at = coach_page("Cleo")
        at.text_input(key="coach.passphrase").input("coach passphrase")
        at.button(key="coach.sign_in").click().run()
        assert "coach.reset" in keys(at)
        relay.down()  # the database stops while the coach fills in the form
        at.text_input(key="coach.reset_name").input("Dora")
        at.text_input(key="coach.reset_pass").input("dora's passphrase")
        at.button(key="coach.reset").click().run()
        assert not at.exception, at.exception
        said = f"the database at 127.0.0.1:{relay.port} is not answering; nothing was saved; try again"
        lines = [e.value.replace("\\", "") for e in at.error]  # as shown: Markdown escapes taken off
        assert [said in line for line in lines].count(True) == 1 and len(lines) == 1, lines
        page = "\n".join(str(e.value) for kind in (at.error, at.warning, at.info, at.markdown, at.caption)
                         for e in kind)
        assert pg_url.split("@")[0].split(":")[-1] not in page  # never the password
        assert at.text_input(key="coach.reset_name").value == "Dora"  # the form keeps what was typed
        assert at.text_input(key="coach.reset_pass").value == "dora's passphrase"
        relay.up()  # back, with no restart of the app
        at.button(key="coach.reset").click().run()
        assert not at.exception, at.exception
        assert not at.error and any("New passphrase set for Dora." in s.value.replace("\\", "") for s in at.success)
        assert People(store.people).sign_in("Dora", "dora's passphrase").name == "Dora"


def test_the_sidebar_names_a_database_store_not_a_workspace(on_store):
    relay, _ = on_store
    at = make_app()
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception, at.exception
    captions = [c.value.replace("\\", "") for c in at.sidebar.caption]
    assert not any("None" in c for c in captions), captions
    if relay is not None:
        assert any(c.startswith("Store: postgresql://postgres@127.0.0.1") for c in captions), captions


def test_a_database_outage_while_a_tag_is_saved_keeps_the_tag_and_the_next_save_works(workspace, pg_url, tmp_path,
                                                                                      monkeypatch):
    import json

    from pg_outage import Relay

    from review_app.cli import main

    assert main(["store", "copy", "--from", str(tmp_path), "--to", pg_url, "--files", str(tmp_path)]) == 0
    workspace["document"].unlink()
    with Relay(pg_url) as relay:
        monkeypatch.setenv("POLO_REVIEW_STORE", relay.url)
        monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path))
        at = make_app()
        at.run()
        at.selectbox(key="review.tag_pick").set_value("e2").run()
        at.button(key="review.tag_edit").click().run()
        relay.down()
        notes = next(w for w in at.text_area if w.key and w.key.endswith("notes"))
        notes.input("seen while the database was away")
        at.button(key="review.form.save").click().run()
        assert not at.exception, at.exception
        lines = [e.value.replace("\\", "") for e in at.error]
        assert len(lines) == 1 and "is not answering; nothing was saved; try again" in lines[0], lines
        notes = next(w for w in at.text_area if w.key and w.key.endswith("notes"))
        assert notes.value == "seen while the database was away"  # the open form keeps it
        relay.up()
        at.button(key="review.form.save").click().run()
        assert not at.exception, at.exception
        saved = json.loads(open_store(pg_url, files=tmp_path).matches.find("test-match").source)
        assert saved["events"][1]["notes"] == "seen while the database was away"


def test_polo_review_app_prints_a_fresh_set_up_code_while_nobody_holds_a_role(tmp_path, capsys):
    """Low item of the security review: the code never expired and sat in the app's environment."""
    from review_app._cli import app_cmd
    from review_app.cli import build_parser
    from review_app.training.people import ENV_SETUP_CODE, SETUP_CODE_S, setup_code_allowed

    argv = build_parser().parse_args(["app", "--workspace", str(tmp_path / "ws")])
    _, env = app_cmd.command(argv, environ={ENV_SETUP_CODE: "OLD0-CODE-0000"})
    assert ENV_SETUP_CODE not in env  # never handed to the app's process
    code = app_cmd._say_setup_code(env)
    assert f"set-up code {code}" in capsys.readouterr().err and len(code.replace("-", "")) == 12
    kept = Path(env["POLO_REVIEW_CACHE"]) / "setup-code.json"
    assert kept.stat().st_mode & 0o777 == 0o600 and code not in kept.read_text()
    assert setup_code_allowed(code.lower(), kept.parent) and not setup_code_allowed("OLD0-CODE-0000", kept.parent)
    import time

    assert not setup_code_allowed(code, kept.parent, now=time.time() + SETUP_CODE_S + 1)  # an hour later: expired
    assert app_cmd._say_setup_code(env) != code  # a fresh one each start
    capsys.readouterr()
    from review_app.config import folders

    open_store(folders(env)).people.set_roles("Cleo", [COACH])  # the workspace the app would open
    app_cmd._say_setup_code(env)
    assert "set-up code" not in capsys.readouterr().err  # a role exists: no first coach to set up
