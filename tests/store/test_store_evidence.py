"""Evidence cases, training records and roles through the store interface, on every implementation;
what only a database can be asked (its rows refused an UPDATE) on PostgreSQL."""

from __future__ import annotations

import json
import multiprocessing
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW

from review_app.evidence import CaseLocked, EvidenceCase, verify_case
from review_app.ground.files import json_bytes
from review_app.ground.roles import RoleRefused

IN_TIME = END + timedelta(hours=13)


def _case(store) -> EvidenceCase:
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    return EvidenceCase(store.matches.find("m21"), store.evidence)


def _decided_case(store, videos) -> EvidenceCase:
    case = _case(store)
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark(ev.id, [10, 11], "Ana", mount=EXCUSED_MOUNT, now=NOW)
    case.decide("forfeiture", "Ana", now=NOW)
    return case


def test_a_case_is_recorded_and_verifies_intact(store, videos):
    case = _decided_case(store, videos)
    report = verify_case(case.folder)
    assert report.intact and report.entries == 4 and report.originals == 1
    raw = case.log.raw()
    assert raw.endswith(b"\n") and len(raw.split(b"\n")) == 5
    types = [json.loads(line)["type"] for line in raw.splitlines()]
    assert types == ["case_opened", "evidence_received", "frames_marked", "decision"]
    assert case.state().locked and case.original_path(case.state().evidence["ev1"]).is_file()


def _decide_from(location: str, files: str, match_id: str, name: str, ready, results) -> None:
    import os

    os.environ["POLO_REVIEW_FILES"] = files
    from evidence_fixtures import NOW

    from review_app.store import open_store

    store = open_store(location)
    case = EvidenceCase(store.matches.find(match_id), store.evidence)
    ready.wait(60)
    try:
        case.decide("not-proven", name, reason=f"{name} saw nothing", now=NOW)
        results.put("decided")
    except CaseLocked:
        results.put("refused")


def test_a_decision_made_on_one_server_is_refused_on_the_other(store, location, tmp_path):
    case = _case(store)
    ctx = multiprocessing.get_context("spawn")
    ready, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_decide_from, args=(location, str(tmp_path / "shared"), "m21", who, ready, results))
             for who in ("Ana", "Ben")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert sorted(results.get(timeout=120) for _ in procs) == ["decided", "refused"]
    assert len(case.state().decisions) == 1 and verify_case(case.folder).intact


# -- roles ---------------------------------------------------------------------------------------------
def test_without_a_roster_anyone_decides(store, videos):
    assert store.people.people() == []
    assert _decided_case(store, videos).state().decision.by == "Ana"


def test_only_a_committee_member_decides(store, videos):
    store.people.set_roles("Carla Comité", ["committee"])
    store.people.set_roles("Ana", ["coach"])
    case = _case(store)
    with pytest.raises(RoleRefused, match="committee"):
        case.decide("not-proven", "Ana", reason="nothing seen", now=NOW)
    assert case.state().decision is None
    assert case.decide("not-proven", "carla  comité", reason="nothing seen", now=NOW).by == "carla comité"
    with pytest.raises(RoleRefused):  # nor a corrected decision
        case.correct(2, "Ana", "second look", decision="not-proven", now=NOW)


def test_only_a_coach_approves_a_teaching_example(store):
    store.people.set_roles("Carla", ["committee"])
    store.people.set_roles("Cora Coach", ["coach"])
    with pytest.raises(RoleRefused, match="coach"):
        store.training.approve("m1/e1", "Carla")
    store.training.approve("m1/e1", "Cora Coach")
    assert store.training.approved() == {"m1/e1": "Cora Coach"}


def test_a_trainee_sees_only_their_own_record(store):
    attempt = {"question": "m1/e1", "points": 2, "max_points": 2, "situation": "21.i"}
    store.training.record("Tomás", attempt)
    store.training.record("Teresa", {**attempt, "points": 0})
    store.people.set_roles("Tomás", ["trainee"])
    store.people.set_roles("Teresa", ["trainee"])
    store.people.set_roles("Cora", ["coach"])
    assert [a["points"] for a in store.training.attempts("Tomás", viewer="Tomás")] == [2]
    with pytest.raises(RoleRefused, match="say who is asking"):  # no viewer is nobody, never the trainee
        store.training.attempts("Tomás")
    with pytest.raises(RoleRefused, match="own"):
        store.training.attempts("Teresa", viewer="Tomás")
    assert store.training.trainees(viewer="Tomás") == ["Tomás"]
    assert store.training.trainees(viewer="Cora") == ["Teresa", "Tomás"]
    assert [a["points"] for a in store.training.attempts("Teresa", viewer="Cora")] == [0]


def test_roles_are_set_and_taken_away(store):
    store.people.set_roles("Ana", ["coach", "committee"])
    assert [(p.name, sorted(p.roles)) for p in store.people.people()] == [("Ana", ["coach", "committee"])]
    store.people.set_roles("ana", [])
    assert store.people.people() == []
    with pytest.raises(Exception, match="unknown role"):
        store.people.set_roles("Ana", ["umpire-in-chief"])


# -- the database only -------------------------------------------------------------------------------------
@pytest.fixture
def database_case(request, tmp_path, monkeypatch, videos):
    url = request.getfixturevalue("pg_url")
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    from review_app.store import open_store

    store = open_store(url)
    return url, _decided_case(store, videos)


@pytest.mark.parametrize("sql", ["UPDATE evidence_log SET line = line || ' '::bytea",
                                 "DELETE FROM evidence_log WHERE line_no = 4",
                                 "TRUNCATE evidence_log CASCADE"])
def test_the_database_refuses_to_change_or_remove_a_log_row(database_case, sql):
    import psycopg

    url, case = database_case
    before = case.log.raw()
    with psycopg.connect(url) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
        conn.execute(sql)
    assert case.log.raw() == before and verify_case(case.folder).intact


def _forge(url: str, sql: str) -> None:
    """What only the tables' owner can do: switch the trigger off, change rows, switch it on again."""
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("ALTER TABLE evidence_log DISABLE TRIGGER evidence_log_append_only")
        conn.execute(sql)
        conn.execute("ALTER TABLE evidence_log ENABLE TRIGGER evidence_log_append_only")


def _as_file(case, tmp_path, change) -> str:
    """What verify says of the same log as a file changed the same way."""
    from review_app.store.filestore.evidence import CaseFolder

    folder = CaseFolder(tmp_path / "files", case.folder.match_id)
    folder.path.mkdir(parents=True)
    for original in case.folder.stored_originals():  # the same originals beside it
        (folder.originals).mkdir(exist_ok=True)
        (folder.originals / original.name).write_bytes(original.read_bytes())
    lines = case.log.raw().splitlines(keepends=True)
    folder.log_path.write_bytes(b"".join(change(lines)))
    return verify_case(folder).summary()


def test_a_forged_row_is_broken_at_its_entry_as_on_files(database_case, tmp_path):
    url, case = database_case
    forged = lambda line: line.replace(b'"decision":"forfeiture"', b'"decision":"not-proven"')
    on_file = _as_file(case, tmp_path, lambda lines: [*lines[:3], forged(lines[3])])
    _forge(url, "UPDATE evidence_log SET line = replace(convert_from(line, 'UTF8'), "
                "'\"decision\":\"forfeiture\"', '\"decision\":\"not-proven\"')::bytea WHERE line_no = 4")
    report = verify_case(case.folder)
    assert not report.intact and report.first_broken_entry == 4
    assert report.summary() == on_file


def test_reordered_rows_are_broken_as_on_files(database_case, tmp_path):
    url, case = database_case
    on_file = _as_file(case, tmp_path, lambda lines: [lines[0], lines[2], lines[1], lines[3]])
    _forge(url, "UPDATE evidence_log SET line_no = 1000 WHERE line_no = 2; "
                "UPDATE evidence_log SET line_no = 2 WHERE line_no = 3; "
                "UPDATE evidence_log SET line_no = 3 WHERE line_no = 1000")
    report = verify_case(case.folder)
    assert not report.intact and report.first_broken_entry == 2
    assert report.summary() == on_file


def test_the_evidence_commands_work_on_a_database(pg_url, tmp_path, monkeypatch, videos, capsys):
    from review_app.cli import main
    from review_app.store import open_store

    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)  # no ./annotations: MATCH is looked up in the database
    store = open_store(pg_url)
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    assert main(["evidence", "add", "m21", str(videos["phone"]), "--from", "Ana", "--received-by", "Comm",
                 "--received-at", "2026-06-15T09:00:00Z", "--attest-as", "committee", "--store", pg_url]) == 0
    assert main(["people", "Carla", "--role", "committee", "--store", pg_url]) == 0
    capsys.readouterr()
    assert main(["evidence", "decide", "m21", "--decision", "not-proven", "--reason", "unclear", "--by", "Ana",
                 "--as", "committee", "--store", pg_url]) == 2
    err = capsys.readouterr().err
    assert "Ana may not decide evidence cases" in err and len(err.strip().splitlines()) == 1
    assert main(["evidence", "decide", "m21", "--decision", "not-proven", "--reason", "unclear", "--by", "Carla",
                 "--as", "committee", "--store", pg_url]) == 0
    assert main(["evidence", "verify", "m21", "--store", pg_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("intact: 3 entries chained, 1 originals") for line in out)
    assert "  decided: entry 3 (decision) by Carla, identified by command line on the server" in out
    assert (tmp_path / "shared" / "evidence" / "m21" / "originals").is_dir()
