"""The store interface's contract, run against every implementation `open_*` can return: the file store
and the PostgreSQL store (the `location` fixture of tests/store/conftest.py; the database's runs are
skipped, with the reason, where no server is configured)."""

from __future__ import annotations

import copy
import io
import json
import multiprocessing
import os
import stat
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from match_docs import base_document

from review_app.checker.season import SEASON
from review_app.errors import PoloReviewError
from review_app.ground.files import atomic_create_bytes, file_sha256, json_bytes, lock_for, safe_extension
from review_app.model import DocumentError, MatchDocument, RevisionConflict
from review_app.store import StoreError, open_evidence, open_footage, open_matches, open_records, open_store
from review_app.store.base import EvidenceStore, FootageStore, MatchStore, RecordStore, Roster, Store, TrainingRecords


def new_document(match_id: str) -> dict:
    return {**base_document(match_id), "revision": 0}  # as `model.match_setup.new_match_data` builds it


# -- match documents ------------------------------------------------------------------------------
def test_the_factories_return_the_interfaces(tmp_path):
    assert isinstance(open_matches(tmp_path), MatchStore)
    assert isinstance(open_footage(tmp_path), FootageStore)
    assert isinstance(open_evidence(tmp_path), EvidenceStore)
    assert isinstance(open_records(tmp_path / "r.json"), RecordStore)


def test_every_store_is_the_one_interface(store):
    assert isinstance(store, Store)
    assert isinstance(store.matches, MatchStore) and isinstance(store.footage, FootageStore)
    assert isinstance(store.evidence, EvidenceStore) and isinstance(store.training, TrainingRecords)
    assert isinstance(store.people, Roster)


def test_a_location_of_another_kind_is_refused_in_one_line(tmp_path):
    with pytest.raises(StoreError, match="mysql://"):
        open_matches("mysql://reviewer@db/polo")


@pytest.mark.parametrize("url, said", [
    ("postgresql://reviewer:s3cret@127.0.0.1:1/polo", "Connection refused"),
    ("postgresql://reviewer:s3cret@127.0.0.1:5432/polo?nonsense=1", "polo"),
])
def test_a_database_that_cannot_be_used_is_one_line_without_the_password(url, said):
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as caught:
        open_store(url)
    line = str(caught.value)
    assert "\n" not in line and "s3cret" not in line and "reviewer@127.0.0.1" in line


def test_create_save_load_and_list(matches):
    created = matches.create(new_document("m1"))
    assert created.revision == 1 and created.match_id == "m1"
    assert [doc.match_id for doc in matches.documents()] == ["m1"]
    changed = created.copy()
    changed.data["match"]["name"] = "Final"
    saved = matches.save(changed)
    assert saved.revision == 2
    again = matches.load(str(saved.path))
    assert again.match["name"] == "Final" and again.revision == 2
    assert matches.find("m1").revision == 2 and matches.find("nope") is None


def test_a_stale_copy_is_refused_and_nothing_is_overwritten(matches):
    first = matches.create(new_document("m1"))
    mine = MatchDocument(copy.deepcopy(first.data), first.path, first.revision)
    theirs = MatchDocument(copy.deepcopy(first.data), first.path, first.revision)
    theirs.data["match"]["name"] = "theirs"
    matches.save(theirs)
    mine.data["match"]["name"] = "mine"
    with pytest.raises(RevisionConflict):
        matches.save(mine)
    assert matches.find("m1").match["name"] == "theirs"


def test_create_refuses_an_existing_id(matches):
    matches.create(new_document("m1"))
    with pytest.raises(DocumentError, match="exists already"):
        matches.create(new_document("m1"))
    with pytest.raises(DocumentError, match="no spaces"):
        matches.create(new_document("bad id"))


def test_scan_names_a_broken_document_without_stopping(matches):
    matches.create(new_document("m1"))
    matches.put_text("broken.json", b"{")
    found = dict(matches.scan())
    assert isinstance(found[str(matches.folder / "broken.json")], PoloReviewError)
    assert [d.match_id for d in matches.documents()] == ["m1"]


# -- footage received -----------------------------------------------------------------------------
def test_the_same_bytes_twice_are_one_read_only_file_and_the_names_are_kept(store, tmp_path):
    footage = store.footage
    data = b"\x00\x00\x00\x18ftypmp42" + os.urandom(4000)
    first = footage.receive(io.BytesIO(data), ".mp4")
    footage.remember_name(first, "chukker 3.mp4")
    src = tmp_path / "copy.mov"
    src.write_bytes(data)
    second = footage.receive_file(src, ".mp4", name="../../again.mp4")
    assert first == second and first.name == f"{file_sha256(src)}.mp4"
    assert sorted(p.name for p in first.parent.iterdir() if not p.name.startswith(".")) == [first.name]
    assert not first.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    assert first.read_bytes() == data
    assert footage.name_of(first) == "again.mp4"  # the latest arrival names it, never as a path


def test_an_empty_or_too_large_intake_leaves_nothing(store):
    footage = store.footage
    with pytest.raises(OSError, match="empty"):
        footage.receive(io.BytesIO(b""), ".mp4")
    with pytest.raises(OSError, match="limit"):
        footage.receive(io.BytesIO(b"x" * 100), ".mp4", limit=10)
    assert list(footage.folder.iterdir()) == [] and footage.names() == {}


def test_safe_extension_keeps_only_a_plain_extension():
    assert safe_extension("../../x.MP4") == ".mp4"
    assert safe_extension("clip.mp4.exe", {".mp4"}) is None
    assert safe_extension("noext") is None and safe_extension("a.t x") is None


# -- records, the one atomic create, the one lock ---------------------------------------------------------
def test_records_update_under_the_lock(tmp_path):
    records = open_records(tmp_path / "r.json")
    assert records.read() is None
    records.update(lambda old: {"n": 1})
    assert records.update(lambda old: {"n": old["n"] + 1}) == {"n": 2} == records.read()


def test_atomic_create_never_replaces(tmp_path):
    atomic_create_bytes(tmp_path / "a", b"first")
    with pytest.raises(FileExistsError):
        atomic_create_bytes(tmp_path / "a", b"second")
    assert (tmp_path / "a").read_bytes() == b"first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a"]


def _increment(path: str, times: int) -> None:
    for _ in range(times):
        with lock_for(path):
            with open(path) as fh:
                n = int(fh.read() or 0)
            with open(path, "w") as fh:
                fh.write(str(n + 1))


def test_two_processes_lose_no_update_under_lock_for(tmp_path):
    counter = tmp_path / "counter"
    counter.write_text("0")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_increment, args=(str(counter), 200)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0]
    assert counter.read_text() == "400"


def test_open_store_gathers_the_configured_folders(tmp_path, monkeypatch):
    from review_app.config import folders

    monkeypatch.setenv("POLO_REVIEW_ANNOTATIONS", str(tmp_path / "a"))
    monkeypatch.setenv("POLO_REVIEW_FOOTAGE", str(tmp_path / "f"))
    monkeypatch.setenv("POLO_REVIEW_DATA", str(tmp_path / "d"))
    store = open_store(folders(), evidence=tmp_path / "e")
    assert isinstance(store, Store)
    assert store.matches.folder == tmp_path / "a" and store.footage.folder == tmp_path / "f" / "uploads"
    assert store.evidence.case("m1").path == tmp_path / "e" / "m1"



def _save_from(location: str, key: str, name: str, both_read, results) -> None:
    from review_app.model import RevisionConflict as Conflict

    matches = open_matches(location, verdicts=SEASON)
    doc = matches.load(key)
    doc.data["match"]["name"] = name
    both_read.wait(60)  # both copies are at the same revision before either saves
    try:
        matches.save(doc)
        results.put("saved")
    except Conflict:
        results.put("conflict")


def test_two_processes_saving_one_revision_one_wins_one_conflicts(matches):
    created = matches.create(new_document("m1"))
    ctx = multiprocessing.get_context("spawn")
    both_read, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_save_from, args=(matches.location, str(created.path), n, both_read, results))
             for n in ("first", "second")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert sorted(results.get(timeout=120) for _ in procs) == ["conflict", "saved"]
    assert matches.find("m1").revision == 2


def test_without_hard_links_intake_and_create_still_never_replace(tmp_path, monkeypatch):
    def no_links(*a, **k):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    atomic_create_bytes(tmp_path / "a", b"first")
    with pytest.raises(FileExistsError):
        atomic_create_bytes(tmp_path / "a", b"second")
    footage = open_footage(tmp_path / "up")
    one = footage.receive(io.BytesIO(b"same"), ".mp4")
    assert footage.receive(io.BytesIO(b"same"), ".mp4") == one
    assert (tmp_path / "a").read_bytes() == b"first"
    assert sorted(p.name for p in (tmp_path / "up").iterdir()) == [one.name]


def test_a_write_keeps_the_files_mode_and_a_new_file_follows_the_umask(tmp_path):
    import os
    import stat

    from review_app.ground.files import atomic_write_bytes

    shared = tmp_path / "m1.json"
    shared.write_bytes(b"{}")
    shared.chmod(0o644)
    atomic_write_bytes(shared, b'{"a": 1}')
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644
    old = os.umask(0o027)
    try:
        atomic_write_bytes(tmp_path / "new.json", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_a_dead_writers_temporary_file_is_cleaned_up_on_the_next_save(tmp_path):
    import os
    import time

    from review_app.ground.files import STALE_TEMP_S, atomic_write_bytes

    target = tmp_path / "m[1].json"
    dead = tmp_path / ".m[1].json.abc123.tmp"
    fresh = tmp_path / ".m[1].json.def456.tmp"
    for f in (dead, fresh):
        f.write_bytes(b"half")
    old = time.time() - STALE_TEMP_S - 10
    os.utime(dead, (old, old))
    atomic_write_bytes(target, b"{}")
    assert not dead.exists() and fresh.exists() and target.read_bytes() == b"{}"


# -- many reviewers, one match ------------------------------------------------------------------
def test_create_refuses_an_id_held_by_a_document_under_another_name(matches):
    held = {**new_document("m1"), "revision": 1}
    matches.put_text("renamed.json", json_bytes(held))
    with pytest.raises(DocumentError, match="exists already"):
        matches.create(new_document("m1"))
    assert [key for key, _ in matches.texts()] == ["renamed.json"]


def _create_from(location: str, name: str, both_ready, results) -> None:
    both_ready.wait(60)
    try:
        doc = new_document("same-id")
        doc["match"]["name"] = name
        open_matches(location, verdicts=SEASON).create(doc)
        results.put("created")
    except DocumentError:
        results.put("refused")


def test_two_processes_creating_one_match_id_one_wins(matches):
    matches.folder.mkdir(parents=True, exist_ok=True)
    ctx = multiprocessing.get_context("spawn")
    both_ready, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_create_from, args=(matches.location, n, both_ready, results))
             for n in ("first", "second")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert sorted(results.get(timeout=120) for _ in procs) == ["created", "refused"]
    assert len(list(matches.texts())) == 1


def _edits_from(location: str, who: str, edits: int, results, key: str | None = None) -> None:
    from concurrent_edits import edit_loop

    results.put(edit_loop(location, who, edits, key=key))


def _two_editors(matches, edits: int) -> tuple[list[dict], dict]:
    """Two processes making `edits` edits each to one shared document of `matches`; (their results, the end)."""
    from concurrent_edits import count_in, shared_document

    matches.put_text("m1.json", json.dumps(shared_document()).encode("utf-8"))
    if isinstance(matches, type(open_matches("."))):  # the file store: the loop reads and saves the file itself
        where, key = str(matches.folder / "m1.json"), None
    else:
        where, key = matches.location, "m1.json"
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    procs = [ctx.Process(target=_edits_from, args=(where, who, edits, results, key)) for who in ("a", "b")]
    for p in procs:
        p.start()
    got = [results.get(timeout=600) for _ in procs]
    for p in procs:
        p.join(60)
    return got, count_in(where, got, key)


def test_two_processes_editing_one_match_lose_nothing_and_conflict_only_where_they_overlap(matches):
    got, final = _two_editors(matches, 30)
    assert sum(r["made"] for r in got) == 60
    assert sum(r["lost_on_save"] for r in got) == 0
    assert all(r["conflicts"]["add"] == r["conflicts"]["own"] == 0 for r in got)  # merged, never a conflict
    assert final["missing"] == []
    assert final["events"] == 2 + 20  # 10 new tags each


@pytest.mark.slow
def test_two_servers_making_100_edits_each_keep_all_200(matches):
    got, final = _two_editors(matches, 100)
    assert sum(r["made"] for r in got) == 200 and sum(r["lost_on_save"] for r in got) == 0
    assert sum(r["merged"] for r in got) > 0  # edits that did not overlap were merged, not refused
    assert sum(r["conflicts"]["overlap"] for r in got) > 0  # the ones that did were conflicts
    assert all(r["conflicts"]["add"] == r["conflicts"]["own"] == 0 for r in got)
    assert final["missing"] == [] and final["events"] == 2 + 2 * 34


# -- the file store only: a writer killed mid-save ------------------------------------------------------
def test_a_killed_save_never_leaves_a_broken_document(tmp_path):
    from concurrent_edits import kill_loop, shared_document

    path = tmp_path / "m1.json"
    path.write_text(json.dumps(shared_document()), "utf-8")
    result = kill_loop(path, kills=8)
    assert result["broken"] == []
    assert result["final_revision"] > 1


# -- season-wide counts -----------------------------------------------------------------------------------
def _season(matches) -> None:
    from match_docs import event

    for n, day in enumerate(("2026-03-01", "2026-06-14", "2027-01-10")):
        doc = new_document(f"s{n}")
        doc["match"]["date"] = day
        doc["events"] = [
            event("e1", 10, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}),
            event("e2", 20, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "none"},
                  umpire="Ben Umpire"),
            event("e3", 30, "21.j", {"period_time_expired": True}, {"whistle": "at_once"}),
        ]
        matches.create(doc)


def test_season_counts_are_the_documents_checked_and_counted(matches):
    from datetime import date

    from review_app.checker.season import count_documents

    _season(matches)
    everything = matches.verdict_counts()
    assert everything == count_documents(matches.documents())
    assert sum(c.events for c in everything) == 9
    assert {(c.clause, c.umpire) for c in everything} == {("21.i", "Ana Umpire"), ("21.i", "Ben Umpire"),
                                                        ("21.j", "Ana Umpire")}
    season = matches.verdict_counts(date(2026, 1, 1), date(2026, 12, 31))
    assert sum(c.events for c in season) == 6
    assert season == count_documents(matches.documents(), date(2026, 1, 1), date(2026, 12, 31))


def test_season_counts_follow_a_save(matches):
    _season(matches)
    doc = matches.find("s0")
    doc.events.pop()
    matches.save(doc)
    assert sum(c.events for c in matches.verdict_counts()) == 8


def test_season_counts_keep_events_that_name_no_umpire(matches):
    from match_docs import event

    doc = new_document("s9")
    doc["events"] = [event("e1", 10, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}),
                     event("e2", 20, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"})]
    del doc["events"][1]["involved"]["umpire"]
    matches.create(doc)
    counts = matches.verdict_counts()
    assert [(c.umpire, c.events) for c in counts] == [("Ana Umpire", 1), (None, 1)]


def _rename_in_child(matches, key: str, times: int, results) -> None:
    for n in range(times):
        doc = matches.load(key)
        doc.data["match"]["name"] = f"renamed {n}"
        matches.save(doc)
    results.put(matches.load(key).revision)


def forked_saves(location: str) -> None:
    """A server that opens the store, then forks its workers: each process saves through connections of its own."""
    matches = open_store(location, verdicts=SEASON).matches
    keys = [str(matches.create(new_document(f"m{n}")).path) for n in (1, 2, 3)]
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    children = [ctx.Process(target=_rename_in_child, args=(matches, key, 20, results)) for key in keys[:2]]
    for child in children:
        child.start()
    for _ in range(20):  # the parent goes on working meanwhile
        assert matches.load(keys[2]).revision == 1
    for child in children:
        child.join(120)
    assert [child.exitcode for child in children] == [0, 0]
    assert sorted(results.get(timeout=120) for _ in children) == [21, 21]
    assert [matches.find(f"m{n}").revision for n in (1, 2, 3)] == [21, 21, 1]


# The server is a process of its own, as a real one is: forked from the test run, a worker inherits whatever the
# run's earlier tests left in it, and a child cannot free what another thread of its parent held. PyAV 18.1.1 keeps
# a frame converter per thread whose slice threads a child then waits on for ever when that thread's objects are
# freed after the fork (seen in CI: both workers hung, exit code None).
FORKED_SAVES = """
import sys
sys.path[:0] = sys.argv[2:]
from test_store_contract import forked_saves
forked_saves(sys.argv[1])
"""


def test_forked_processes_save_through_the_store_their_parent_opened(location, store):
    here = Path(__file__).resolve().parent
    run = subprocess.run([sys.executable, "-c", FORKED_SAVES, location, str(here), str(here.parent)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]


# -- the evidence case in the check: the same verdicts on every store ----------------------------------------------
def _forfeiture_case(store, videos):
    """The 21.f(5) match of tests/evidence kept in `store`, with its evidence received in time and marked: what the
    committee decides on (the case as `EvidenceCase` makes it, through the store's evidence)."""
    from datetime import timedelta

    from evidence_fixtures import ATTEST, END, EXCUSED_MOUNT, MATCH, NOW, RETURNED

    from review_app.evidence import EvidenceCase

    post_game = {"id": "e4", "position": {"frame": 950, "time_s": 38.0}, "period": 3, "clock": "5:40",
                 "situation": "21.f(5)", "facts": {}, "call": {"penalty": "none"},
                 "involved": {"players": [{"team": "A", "number": 2, "mount": EXCUSED_MOUNT}],
                              "mount": EXCUSED_MOUNT}}
    data = copy.deepcopy(MATCH)
    data["events"] = [*data["events"], copy.deepcopy(RETURNED), post_game]
    case = EvidenceCase(store.matches.create(data), store.evidence)
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=13), now=NOW, attest=ATTEST)
    case.mark(ev.id, [10, 11], "Referee", excusal="e2", now=NOW)
    return case


def _verdicts(store) -> tuple[dict[str, str], list]:
    from review_app.checker import check_scanned

    result = check_scanned(store.matches.scan(), store.evidence)
    return {r.event: str(r.verdict) for r in result.events}, [f for f in result.findings
                                                               if f.kind == "excused_mount_returned"]


def test_a_committees_decision_settles_the_21f5_verdict(store, videos):
    from review_app.checker.season import count_documents

    case = _forfeiture_case(store, videos)
    before, findings = _verdicts(store)
    assert before["e4"] == "inconsistent" and findings[0].severity == "mandatory"  # not yet exacted
    assert ("21.f(5)", "inconsistent") in {(c.clause, c.verdict) for c in store.matches.verdict_counts()}
    case.decide("forfeiture", "Committee chair", now=datetime.now(UTC))
    after, findings = _verdicts(store)
    assert after["e4"] == "consistent" and all(f.severity == "info" for f in findings)  # exacted by the decision
    counts = store.matches.verdict_counts()  # the season, judged with the case as it now stands
    assert ("21.f(5)", "consistent") in {(c.clause, c.verdict) for c in counts}
    assert counts == count_documents(store.matches.documents(), evidence=store.evidence)


def test_a_store_opened_without_a_judge_saves_and_refuses_only_the_season(location, tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_FILES", str(tmp_path / "shared"))
    from match_docs import event

    plain = open_store(location)  # a library user's: no judge handed in
    data = new_document("m1")
    data["events"] = [event("e1", 10, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"})]
    doc = plain.matches.create(data)
    assert plain.matches.save(doc).revision == 2
    with pytest.raises(StoreError, match="without a verdict judge"):
        plain.matches.verdict_counts()
    # Counted by a store opened with the judge all the same: the document saved without rows is judged then
    assert sum(c.events for c in open_store(location, verdicts=SEASON).matches.verdict_counts()) == 1


def test_durable_replace_puts_a_read_only_file_and_a_whole_folder_in_place(tmp_path):
    # the one rename every writer goes through (store copy's originals, live segments, the demo's folder)
    from review_app.ground.files import READ_ONLY, durable_replace, is_read_only

    tmp = tmp_path / ".original.copying"
    tmp.write_bytes(b"evidence")
    os.chmod(tmp, READ_ONLY)
    durable_replace(tmp, tmp_path / "original.mp4")
    assert (tmp_path / "original.mp4").read_bytes() == b"evidence" and is_read_only(tmp_path / "original.mp4")
    folder = tmp_path / ".demo.partial"
    (folder / "annotations").mkdir(parents=True)
    durable_replace(folder, tmp_path / "demo")
    assert (tmp_path / "demo" / "annotations").is_dir() and not folder.exists()
