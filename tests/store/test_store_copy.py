"""`polo-review store copy`: files into a database and back, losing nothing; and the command line's
one-line refusals of a store it cannot use."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW

from review_app.cli import main
from review_app.evidence import EvidenceCase, verify_case
from review_app.ground.files import json_bytes
from review_app.store import open_store

IN_TIME = END + timedelta(hours=13)


def _fill(store, videos) -> None:
    """A file store holding one of everything, a broken document and a case whose last append was cut."""
    store.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    store.matches.put_text("season/other.json", json_bytes({**MATCH, "match": {**MATCH["match"], "id": "m22"},
                                                            "revision": 3}))
    store.matches.put_text("broken.json", b'{"schema_version": "2.0", "match": ')
    case = EvidenceCase(store.matches.find("m21"), store.evidence)
    ev, _ = case.add(videos["phone"], "Ana", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    case.mark(ev.id, [10], "Ana", mount=EXCUSED_MOUNT, now=NOW)
    case.decide("forfeiture", "Ana", now=NOW)
    cut = EvidenceCase(store.matches.find("m22"), store.evidence)
    cut.add(videos["drone"], "Ben", "Committee", IN_TIME, now=NOW, attest=ATTEST)
    with open(cut.folder.log_path, "ab") as fh:  # an append a crash interrupted
        fh.write(b'{"seq":3,"prev":"')
    stored = store.footage.receive(io.BytesIO(b"\x00\x00\x00\x18ftypmp42 chukker"), ".mp4")
    store.footage.remember_name(stored, "chukker 3.mp4")
    store.training.record("Tomás", {"question": "m21/e1", "points": 1, "max_points": 2, "situation": "21.i"})
    store.people.set_roles("Cora", ["coach"])
    store.people.set_passphrase("Cora", {"kdf": "scrypt", "n": 16384, "r": 8, "p": 1, "salt": "00", "hash": "11"})
    store.training.approve("m21/e1", "Cora", "fingerprint-of-e1")
    store.training.withdraw("m21/e2", "Cora")


def _everything(store) -> dict:
    return {
        "documents": dict(store.matches.texts()),
        "logs": {m: store.evidence.case(m).log.raw() for m in store.evidence.cases()},
        "verify": {m: verify_case(store.evidence.case(m)).summary() for m in store.evidence.cases()},
        "footage": store.footage.names(),
        "attempts": [(a["question"], a["points"]) for a in store.training.attempts("Tomás", viewer="Cora")],
        "approved": store.training.approved(),
        "approvals": {q: (a["by"], a["fingerprint"], a["withdrawn"]) for q, a in store.training.approvals().items()},
        "people": [p.to_dict() for p in store.people.people()],
        "passphrases": {p.name: store.people.passphrase(p.name) for p in store.people.people()},
    }


def test_files_to_a_database_and_back_lose_nothing(tmp_path, monkeypatch, videos, pg_url):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    source = open_store(tmp_path / "files")
    _fill(source, videos)
    before = _everything(source)
    assert "BROKEN" in before["verify"]["m22"] and before["verify"]["m21"].startswith("intact")
    shared = tmp_path / "shared"
    assert main(["store", "copy", "--from", str(tmp_path / "files"), "--to", pg_url, "--files", str(shared)]) == 0
    assert _everything(open_store(pg_url, files=shared)) == before
    assert main(["store", "copy", "--from", pg_url, "--to", str(tmp_path / "back"), "--files", str(shared)]) == 0
    back = open_store(tmp_path / "back")
    assert _everything(back) == before
    originals = sorted(p.name for p in (tmp_path / "back" / "evidence" / "m21" / "originals").iterdir())
    assert originals == sorted(p.name for p in (tmp_path / "files" / "evidence" / "m21" / "originals").iterdir())
    # run again: the same bytes are there already, nothing is added twice
    assert main(["store", "copy", "--from", str(tmp_path / "files"), "--to", pg_url, "--files", str(shared)]) == 0
    assert _everything(open_store(pg_url, files=shared)) == before


def test_a_copy_never_overwrites_another_document(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    one, two = open_store(tmp_path / "one"), open_store(tmp_path / "two")
    one.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 1}))
    two.matches.put_text("m21.json", json_bytes({**MATCH, "revision": 2}))
    assert main(["store", "copy", "--from", str(tmp_path / "one"), "--to", str(tmp_path / "two")]) == 2
    assert "another document named m21.json" in capsys.readouterr().err
    assert json.loads(dict(two.matches.texts())["m21.json"])["revision"] == 2


@pytest.mark.parametrize("argv, said", [
    (["season", "--store", "postgresql://polo:hunter2@127.0.0.1:1/polo"], "Connection refused"),
    (["people", "--store", "postgresql://polo:hunter2@127.0.0.1:1/polo"], "Connection refused"),
    (["store", "migrate", "--to", "postgresql://polo:hunter2@127.0.0.1:1/polo"], "Connection refused"),
    (["store", "copy", "--from", "mysql://db/polo", "--to", "x"], "mysql://"),
    (["season", "--from", "June"], "not a date"),
])
def test_a_store_that_cannot_be_used_is_one_line_and_exit_2(argv, said, capsys):
    pytest.importorskip("psycopg")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "hunter2" not in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_wrong_password_is_one_line(pg_url, capsys):
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'polo_pw_test'").fetchone():
            conn.execute("CREATE ROLE polo_pw_test LOGIN PASSWORD 'right'")
    url = pg_url.replace("://", "://polo_pw_test:wrong@", 1).replace("@postgres@", "@", 1)
    url = url.split("://", 1)[0] + "://polo_pw_test:wrong@" + url.rsplit("@", 1)[1]
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.OperationalError:
        pass
    else:
        pytest.skip("this server trusts connections without checking passwords")
    code = main(["season", "--store", url])
    err = capsys.readouterr().err
    assert code == 2 and "password authentication failed" in err and ":wrong@" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_log_cut_on_files_is_repaired_in_the_database(tmp_path, monkeypatch, videos, pg_url):
    from review_app.evidence.repair import repair_log

    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    _fill(open_store(tmp_path / "files"), videos)
    shared = tmp_path / "shared"
    assert main(["store", "copy", "--from", str(tmp_path / "files"), "--to", pg_url, "--files", str(shared)]) == 0
    case = open_store(pg_url, files=shared).evidence.case("m22")
    done = repair_log(case, "Repairer")
    assert done.kept.is_file() and done.kept.read_bytes() == b'{"seq":3,"prev":"'
    report = verify_case(case)
    assert report.intact and report.entries == 3 and any("repair" in str(w) for w in report.warnings)
    assert case.log.raw().endswith(b"\n")
