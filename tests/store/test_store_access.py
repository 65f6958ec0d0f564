"""No one in where they don't belong, on every store (files and PostgreSQL): each way a visitor without a
passphrase tried to raise themselves is refused, and with the passphrase each step works; decisions name
how their decider was identified; store locations that cannot be read are one line with no password;
text a database cannot hold is refused on both stores, and a files store holding it still copies; a
database outage is one line and the next save after it works."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW

from review_app.cli import main
from review_app.evidence import EvidenceCase, verify_case
from review_app.ground.files import json_bytes
from review_app.ground.roles import COMMAND_LINE, NAME_GIVEN, PASSPHRASE, RoleRefused
from review_app.ground.text import MAX_ATTEMPT_BYTES, TextRefused
from review_app.model import MatchDocument
from review_app.store import open_store
from review_app.training import COACH, People, PeopleError

IN_TIME = END + timedelta(hours=13)


@pytest.fixture
def marked(store, videos) -> EvidenceCase:
    """A case with evidence received in time and frames marked: ready to decide."""
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    case = EvidenceCase(store.matches.find("m21"), store.evidence)
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark(ev.id, [10, 11], "Ana", mount=EXCUSED_MOUNT, now=NOW)
    return case


# -- the first coach -------------------------------------------------------------------------------------
def test_a_trainee_cannot_make_herself_coach(store):
    people = People(store.people)
    people.enrol("Tia", "tia's passphrase")  # a trainee, enrolled on the Training page
    for name in ("Tia", "Someone Else"):
        with pytest.raises(PeopleError, match="only a coach can add a coach"):
            people.enrol(name, "a coach passphrase", role=COACH, setup=True)  # even from the machine itself
    assert not any(p.is_coach for p in store.people.people())


def test_a_role_given_on_the_command_line_closes_the_coach_set_up(store):
    store.people.set_roles("Carla", ["committee"])  # `polo-review people`, no passphrase yet
    people = People(store.people)
    assert people.anyone() and not people.has_coach()
    with pytest.raises(PeopleError, match="only a coach can add a coach"):
        people.enrol("Mallory", "a coach passphrase", role=COACH, setup=True)


def test_the_first_coach_needs_this_machine_or_the_set_up_code(store):
    from review_app.training.people import first_coach_allowed, request_is_local

    people = People(store.people)
    with pytest.raises(PeopleError, match="set-up code"):
        people.enrol("Cleo", "coach passphrase", role=COACH)  # the page found neither
    assert not store.people.people()
    assert first_coach_allowed(False, "abcd-efgh-jkmn", "ABCD-EFGH-JKMN")  # as typed: case and dashes aside
    assert not first_coach_allowed(False, "ABCD-EFGH-JKMP", "ABCD-EFGH-JKMN")
    assert not first_coach_allowed(False, "", None) and not first_coach_allowed(False, "x", None)
    assert request_is_local(None, {"Host": "localhost:8501"})
    assert request_is_local(None, {"Host": "127.0.0.1:8501"}) and request_is_local(None, {"Host": "[::1]:8501"})
    assert not request_is_local("192.0.2.7", {"Host": "localhost:8501"})
    assert not request_is_local(None, {"Host": "polo.example.org"})  # a proxy on this machine, named from outside
    assert not request_is_local(None, {"Host": "localhost", "X-Forwarded-For": "192.0.2.7"})
    cleo = people.enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    assert cleo.is_coach and people.sign_in("Cleo", "coach passphrase", role=COACH) == cleo


# -- roles given on the command line ---------------------------------------------------------------------
def test_a_role_given_on_the_command_line_comes_with_a_one_time_code(location, store, capsys):
    assert main(["people", "Carla", "--role", "committee", "--store", location]) == 0
    out = capsys.readouterr().out
    code = out.split("one-time code ")[1].split()[0]
    assert len(code.replace("-", "")) == 12 and code not in json.dumps(store.people.passphrase("Carla"))
    people = People(store.people)
    with pytest.raises(PeopleError, match="do not match"):
        people.sign_in("Carla", code)  # a code opens nothing by itself
    with pytest.raises(PeopleError, match="do not match"):
        people.redeem("Carla", "AAAA-BBBB-CCCC", "carla's passphrase")
    with pytest.raises(PeopleError, match="do not match"):
        people.redeem("Mallory", code, "carla's passphrase")
    assert people.redeem("Carla", code.lower(), "carla's passphrase").name == "Carla"
    with pytest.raises(PeopleError, match="do not match"):
        people.redeem("Carla", code, "another passphrase")  # once
    assert "committee" in people.sign_in("Carla", "carla's passphrase").roles
    assert main(["people", "Carla", "--role", "committee", "--store", location]) == 0
    assert "passphrase kept (no role added)" in capsys.readouterr().out
    assert main(["people", "Carla", "--role", "committee", "--role", "coach", "--store", location]) == 0
    again = capsys.readouterr().out.split("one-time code ")[1].split()[0]  # a role added: confirmed with a new code
    with pytest.raises(PeopleError, match="do not match"):
        people.sign_in("Carla", "carla's passphrase")
    assert people.redeem("Carla", again, "carla's passphrase 2").is_coach


def test_a_trainee_squatting_a_future_role_holders_name_does_not_receive_the_role(location, store, capsys):
    """F2 (security review): anyone enrolled as trainee "Ana Quiroga" with their own passphrase; the officer's later
    `people "Ana Quiroga" --role committee --role coach` printed "passphrase kept", and the squatter held both roles."""
    people = People(store.people)
    people.enrol("Ana Quiroga", "attacker-pass-1")
    assert main(["people", "Ana Quiroga", "--role", "committee", "--role", "coach", "--store", location]) == 0
    out = capsys.readouterr().out
    assert "passphrase kept" not in out and "no longer opens anything" in out
    code = out.split("one-time code ")[1].split()[0]
    with pytest.raises(PeopleError):
        people.sign_in("Ana Quiroga", "attacker-pass-1", role=COACH)
    with pytest.raises(PeopleError):
        people.sign_in("Ana Quiroga", "attacker-pass-1")
    assert people.redeem("Ana Quiroga", code, "the real ana's passphrase").is_coach


def test_a_passphrase_can_be_given_on_the_command_line(location, store, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("dora's own passphrase\n"))
    assert main(["people", "Dora", "--role", "coach", "--passphrase-stdin", "--store", location]) == 0
    assert "passphrase set" in capsys.readouterr().out
    assert People(store.people).sign_in("Dora", "dora's own passphrase").is_coach
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["people", "Dora", "--passphrase-stdin", "--store", location]) == 2
    assert "at least 8" in capsys.readouterr().err
    assert main(["people", "Dora", "--new-code", "--store", location]) == 0
    assert "one-time code" in capsys.readouterr().out
    with pytest.raises(PeopleError):
        People(store.people).sign_in("Dora", "dora's own passphrase")  # the new code replaced it


# -- 21.f(5) decisions -------------------------------------------------------------------------------------
def test_once_roles_exist_a_decision_needs_its_decider_identified(store, marked):
    case = marked
    store.people.set_roles("Carla", ["committee"])
    with pytest.raises(RoleRefused, match="without being identified"):
        case.decide("forfeiture", "Carla", now=NOW, identified=NAME_GIVEN)  # a name typed in a browser
    with pytest.raises(RoleRefused, match="may not decide"):
        case.decide("forfeiture", "Ana", now=NOW, identified=PASSPHRASE)  # not a committee member
    assert not case.state().decisions
    d = case.decide("forfeiture", "Carla", now=NOW, identified=PASSPHRASE)
    assert d.identified == PASSPHRASE and case.state().locked
    with pytest.raises(RoleRefused, match="without being identified"):
        case.correct(d.seq, "Carla", "wrong mount", decision="not-proven", identified=NAME_GIVEN, now=NOW)
    case.correct(d.seq, "Carla", "wrong mount", decision="not-proven", identified=COMMAND_LINE, now=NOW)
    report = verify_case(case.folder)
    assert report.intact, report.first
    assert report.decider_lines() == ["entry 4 (decision) by Carla, identified by passphrase",
                                      "entry 5 (correction) by Carla, identified by command line on the server"]
    assert [d["identified"] for d in report.to_dict()["deciders"]] == ["passphrase", "command-line"]


def test_with_no_roles_a_decision_records_the_name_as_given(marked):
    case = marked
    d = case.decide("forfeiture", "Ana", now=NOW, identified=NAME_GIVEN)
    assert d.identified == NAME_GIVEN
    assert verify_case(case.folder).decider_lines() == [
        "entry 4 (decision) by Ana, identified by name given, not verified (no roles were set)"]


def test_the_pack_says_how_the_decider_was_identified(store, marked, tmp_path):
    from review_app.reports.evidence_pack import build_pack

    case = marked
    store.people.set_roles("Carla", ["committee"])
    case.decide("forfeiture", "Carla", now=NOW, identified=PASSPHRASE)
    pack = build_pack(case, tmp_path / "pack")
    html = pack.html.read_text("utf-8")
    assert "identified by passphrase" in html and "identificado por frase de acceso" in html


# -- text a database cannot hold ------------------------------------------------------------------------
def test_a_nul_character_is_refused_on_every_store_with_one_line(store):
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    doc = store.matches.find("m21")
    before = dict(store.matches.texts())
    broken = MatchDocument({**doc.data, "match": {**doc.match, "name": "Copa\x00Oro"}}, doc.path, doc.revision,
                           doc.source)
    with pytest.raises(TextRefused, match=r"NUL character .* at match\.name"):
        store.matches.save(broken)
    with pytest.raises(TextRefused, match="NUL"):
        store.matches.put_text("m22.json", json_bytes({**MATCH, "match": {**MATCH["match"], "id": "m22",
                                                                          "umpires": ["Ana\x00"]}}))
    with pytest.raises(TextRefused, match="NUL"):
        store.matches.create({**MATCH, "match": {**MATCH["match"], "id": "m23", "venue": "\x00"}})
    assert dict(store.matches.texts()) == before  # nothing written
    for call in (lambda: store.people.set_roles("Ana\x00", ["trainee"]),
                 lambda: store.training.record("Tom\x00", {"question": "m21/e1", "points": 1}),
                 lambda: store.training.record("Tom", {"question": "m21/e1\x00", "points": 1})):
        with pytest.raises(TextRefused, match="NUL"):
            call()
    store.people.set_roles("Cora", ["coach"])
    with pytest.raises(TextRefused, match="NUL"):
        store.training.approve("m21/e1\x00", "Cora")
    assert store.training.approvals() == {} and store.training.trainees(viewer="Cora") == []


def test_training_attempts_have_length_limits(store):
    with pytest.raises(TextRefused, match="bytes"):
        store.training.record("Tom", {"question": "m21/e1", "points": 1, "answer": ["x" * 4000] * 3000})
    with pytest.raises(TextRefused, match="longer than 5000"):
        store.training.record("Tom", {"question": "m21/e1", "points": 1, "notes": "x" * 10_000_000})
    with pytest.raises(Exception, match="at most 200"):
        store.training.record("T" * 300, {"question": "m21/e1", "points": 1})
    store.training.record("Tom", {"question": "m21/e1", "points": 1, "notes": "x" * 4000})
    assert [a["points"] for a in store.training.attempts("Tom", viewer="Tom")] == [1]
    assert MAX_ATTEMPT_BYTES == 64 * 1024


def test_a_files_store_holding_a_nul_copies_both_ways_naming_that_document(tmp_path, monkeypatch, pg_url, capsys):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    files = open_store(tmp_path / "files")
    files.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    # written by another tool (an editor), not through a store: valid JSON, valid in a file
    nul = {**MATCH, "match": {**MATCH["match"], "id": "m22", "name": "Copa\u0000Oro"}, "revision": 1}
    (tmp_path / "files" / "annotations" / "m22.json").write_text(json.dumps(nul), "utf-8")
    files.training.record("Tomás", {"question": "m21/e1", "points": 1})
    shared = tmp_path / "shared"
    assert main(["store", "copy", "--from", str(tmp_path / "files"), "--to", pg_url, "--files", str(shared)]) == 1
    out, err = capsys.readouterr()
    assert "copied 1 match documents" in out and "Traceback" not in err
    assert err.strip().splitlines() == [
        "polo-review: NOT COPIED: match document m22.json: the match document m22.json holds a NUL character "
        "(\\u0000) at match.name, which a database store cannot keep; remove it and try again"]
    database = open_store(pg_url, files=shared)
    assert sorted(dict(database.matches.texts())) == ["m21.json"]
    assert [a["points"] for a in database.training.attempts("Tomás", viewer="Tomás")] == [1]
    # and back out: everything the database holds, byte for byte
    assert main(["store", "copy", "--from", pg_url, "--to", str(tmp_path / "back"), "--files", str(shared)]) == 0
    back = open_store(tmp_path / "back")
    assert dict(back.matches.texts()) == {"m21.json": dict(files.matches.texts())["m21.json"]}
    assert [a["points"] for a in back.training.attempts("Tomás", viewer="Tomás")] == [1]


# -- store locations -----------------------------------------------------------------------------------
MALFORMED = [
    "postgresql://u:S3cretPW@[bad/polo",
    "postgresql://u:S3cretPW@db.example:99999/polo",
    "postgresql://u:S3cretPW@db.example:abc/polo",
    "postgresql://u:S3cretPW@127.0.0.1:0/polo",
    "postgresql://u:S3cretPW@127.0.0.1:1/polo",
    "postgresql://u:S3cretPW@127.0.0.1:1/polo?x=1",
    "postgresql://u:S3cretPW@h%zz/polo",
    "postgresql://u@127.0.0.1:1/polo?password=S3cretPW",
    "postgresql://u:S3cret%50W@127.0.0.1:1/polo",
    "mysql://u:S3cretPW@db/polo",
]


@pytest.mark.parametrize("url", MALFORMED)
@pytest.mark.parametrize("command", [["people", "--store"], ["season", "--store"], ["store", "migrate", "--to"],
                                     ["store", "copy", "--from", "nowhere", "--to"], ["app", "--store"]])
def test_no_store_location_prints_a_traceback_or_its_password(url, command, capsys):
    pytest.importorskip("psycopg")
    assert main([*command, url]) == 2
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and err.startswith("polo-review: error: "), err
    assert "S3cret" not in err + out and "Traceback" not in err


def test_shown_masks_the_password_of_any_url():
    from review_app.store.postgres.db import masked, shown

    assert shown("postgresql://u:pw@[bad/polo") == "postgresql://u@[bad/polo"
    assert shown("postgresql://u:p@w@host/db") == "postgresql://u@host/db"
    assert shown("postgresql://u@h/db?sslmode=require&password=pw") == "postgresql://u@h/db?sslmode=require&password=***"
    assert masked('missing "=" after "postgresql://u:pw9@h" in it; pw9', "postgresql://u:pw9@h") == \
        'missing "=" after "postgresql://u@h" in it; ***'


# -- an outage -----------------------------------------------------------------------------------------
def test_an_outage_is_one_line_and_the_next_save_after_it_works(pg_url, tmp_path):
    from pg_outage import Relay

    from review_app.store.postgres.db import Unavailable

    with Relay(pg_url) as relay:
        store = open_store(relay.url, files=tmp_path)
        store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
        doc = store.matches.find("m21")
        relay.down()
        with pytest.raises(Unavailable) as away:
            store.matches.save(doc)
        assert str(away.value) == (f"the database at 127.0.0.1:{relay.port} is not answering; nothing was saved; "
                                   "try again")
        with pytest.raises(Unavailable):  # still away: said again, at once
            store.people.set_roles("Ana", ["trainee"])
        relay.up()
        saved = store.matches.save(doc)  # the same process, no restart
        assert saved.revision == 2 and store.matches.find("m21").revision == 2


def test_a_footage_label_with_a_nul_is_kept_without_it(store):
    stored = store.footage.receive(io.BytesIO(b"\x00\x00\x00\x18ftypmp42 chukker"), ".mp4")
    store.footage.remember_name(stored, "chukker\x00 3.mp4")
    assert store.footage.names() == {stored.name: "chukker 3.mp4"}


def test_a_coach_cannot_take_over_a_committee_members_passphrase(store):
    people = People(store.people)
    cleo = people.enrol("Cleo", "coach passphrase", role=COACH, setup=True)
    store.people.set_roles("Carla", ["committee"])
    people.set_on_server("Carla", "carla's passphrase")
    for name in ("Carla", "Cleo"):
        with pytest.raises(PeopleError, match="reset on the server"):
            people.set_passphrase(name, "taken over!!", cleo)
    assert people.sign_in("Carla", "carla's passphrase").name == "Carla"
    assert people.set_passphrase("Tia", "tia's new one", cleo).roles == {"trainee"}


def test_the_command_line_gives_a_role_in_the_workspace_the_app_reads(tmp_path, capsys, monkeypatch):
    """Issue 40: `people NAME --store WORKSPACE` wrote WORKSPACE/data/reviewers.json while `polo-review app
    --workspace WORKSPACE` reads WORKSPACE/reviewers.json: the committee member made on the command line was
    unknown to the app. Both --store WORKSPACE and --workspace WORKSPACE now read the app's own files."""
    from review_app.config import ENV_WORKSPACE, folders

    for option in ("--store", "--workspace"):
        workspace = tmp_path / option.strip("-")
        (workspace / "matches").mkdir(parents=True)  # as the app leaves a workspace it has run in
        monkeypatch.setattr("sys.stdin", io.StringIO("marta's passphrase\n"))
        assert main(["people", "Marta Ruiz", "--role", "committee", "--passphrase-stdin", option, str(workspace)]) == 0
        assert "passphrase set" in capsys.readouterr().out
        app_store = open_store(folders({ENV_WORKSPACE: str(workspace)}))  # as the app opens its workspace
        assert People(app_store.people).sign_in("Marta Ruiz", "marta's passphrase").roles == {"committee"}
        assert (workspace / "reviewers.json").is_file() and not (workspace / "data").exists()
    fresh = tmp_path / "new-workspace"  # --workspace names a workspace the app has not run in yet
    monkeypatch.setattr("sys.stdin", io.StringIO("nora's passphrase\n"))
    assert main(["people", "Nora", "--role", "coach", "--passphrase-stdin", "--workspace", str(fresh)]) == 0
    assert People(open_store(folders({ENV_WORKSPACE: str(fresh)})).people).sign_in("Nora", "nora's passphrase")
    assert main(["people", "--store", str(fresh), "--workspace", str(fresh)]) == 2
    assert "not both" in capsys.readouterr().err
