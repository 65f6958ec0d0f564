"""The match document: the schema accepts what the format allows and names the bad field of what it does not."""

from __future__ import annotations

import json
import os

import pytest
from match_docs import ROOT, base_document, event
from saving import save_back

from review_app.model import DocumentError, RevisionConflict, load_document, validate
from review_app.model.schema_build import render

SAFETY = event("e1", 100, "21.a", {"last_hit_by_defender": True, "deflection": "none"},
               {"whistle": "at_once", "penalty": "penalty_6", "restart": "penalty"},
               players=[{"team": "blue", "number": 3, "mount": "Chiquita"}])


def test_committed_schema_is_the_one_built_from_the_rules():
    committed = (ROOT / "schemas" / "annotation.schema.json").read_text("utf-8")
    assert committed == render(), "run: python -m review_app.model.schema_build"


def test_bundled_documents_validate():
    paths = sorted((ROOT / "annotations").glob("*.json"))
    assert paths
    for path in paths:
        load_document(path)


def test_a_document_with_events_validates():
    doc = base_document()
    doc["events"] = [SAFETY]
    validate(doc)


REJECTED = [
    ("an unknown clause", lambda d: d["events"][0].update(situation="21.z"),
     "events[0].situation: unknown clause '21.z'"),
    ("a fact the clause does not know", lambda d: d["events"][0]["facts"].update(speed=3), "events[0].facts"),
    ("a fact value outside its choices", lambda d: d["events"][0]["facts"].update(deflection="sideways"),
     "events[0].facts.deflection"),
    ("a whistle value that is not one", lambda d: d["events"][0]["call"].update(whistle="loud"),
     "events[0].call.whistle"),
    ("a missing frame", lambda d: d["events"][0]["position"].pop("frame"), "events[0].position"),
    ("a negative time", lambda d: d["events"][0]["position"].update(time_s=-1), "events[0].position.time_s"),
    ("a missing match id", lambda d: d["match"].pop("id"), "match"),
    ("a player number of 5", lambda d: d["events"][0]["involved"]["players"][0].update(number=5),
     "events[0].involved.players[0].number"),
    ("a team not in the match", lambda d: d["events"][0]["involved"]["players"][0].update(team="green"),
     "events[0].involved.players[0].team: unknown team 'green'"),
    ("a duplicate event id", lambda d: d["events"].append(dict(d["events"][0])), "events[1].id: duplicate"),
    ("a period past the match and its overtime", lambda d: d["events"][0].update(period=11),
     "events[0].period: 11 is past the match's 6 periods and 4 overtime periods"),
    ("a period past any match", lambda d: d["events"][0].update(period=13), "events[0].period"),
    ("a bad footage hash", lambda d: d.update(footage={"path": "x.mp4", "sha256": "abc"}), "footage.sha256"),
    ("an unknown top-level field", lambda d: d.update(colour="red"), "colour"),
]


@pytest.mark.parametrize("what,mutate,message", REJECTED, ids=[r[0] for r in REJECTED])
def test_the_schema_rejects(what, mutate, message):
    doc = base_document()
    doc["events"] = [json.loads(json.dumps(SAFETY))]
    mutate(doc)
    with pytest.raises(DocumentError) as err:
        validate(doc, "m.json")
    assert str(err.value).startswith("m.json: ")
    assert message in str(err.value)


def test_a_newer_schema_version_says_so(write_doc):
    doc = base_document()
    doc["schema_version"] = "3.0"
    with pytest.raises(DocumentError, match="schema_version 3.0 is newer"):
        load_document(write_doc(doc))


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"schema_version": "1.0",\n  "match": {,}\n}')
    with pytest.raises(DocumentError, match=r"broken.json: invalid JSON at line 2, column 13"):
        load_document(path)


@pytest.mark.parametrize("raw", [b'{"schema_version": "2.1", "match": {"name": "Copa \xd1and\xfa"}}',
                                 b'{"schema_version": "2.1", "match": {"name": "Copa \xed\xa0\x80"}}',
                                 b'{"schema_version": "2.1"} \xff'], ids=["latin-1", "surrogate", "after-the-value"])
def test_a_document_that_is_not_utf8_says_so_naming_the_file(tmp_path, raw):
    """Read as bytes and decoded only where the careful reading needs the text: still one line saying what is
    wrong, wherever the byte that is not UTF-8 stands."""
    path = tmp_path / "latin.json"
    path.write_bytes(raw)
    with pytest.raises(DocumentError, match=r"latin.json: not UTF-8 text"):
        load_document(path)


def test_a_document_read_keeps_the_text_it_was_read_as(write_doc):
    """The text of the revision read is the base a save merges against: kept as the bytes read, given as text."""
    path = write_doc(base_document())
    doc = load_document(path)
    assert doc.source == path.read_text("utf-8")
    assert doc.base() == doc.data and doc.copy().source == doc.source


def test_save_is_atomic_and_raises_the_revision(write_doc):
    path = write_doc(base_document())
    doc = load_document(path)
    doc.events.append(SAFETY)
    saved = save_back(doc)
    assert saved.revision == 2 and load_document(path).revision == 2
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_second_reviewer_changing_the_same_field_gets_a_conflict_and_nothing_is_overwritten(write_doc):
    doc = base_document()
    doc["events"] = [SAFETY]
    path = write_doc(doc)
    first, second = load_document(path), load_document(path)
    first.events[0]["notes"] = "first reviewer"
    save_back(first)
    before = path.read_bytes()
    second.events[0]["notes"] = "second reviewer"
    with pytest.raises(RevisionConflict) as err:
        save_back(second)
    assert err.value.overlaps == ["events[e1].notes"]
    assert err.value.theirs["events"][0]["notes"] == "first reviewer"
    assert err.value.mine["events"][0]["notes"] == "second reviewer"
    assert "events[e1].notes" in str(err.value)
    assert path.read_bytes() == before


def test_a_copy_made_in_memory_has_no_base_to_merge_against_so_a_stale_save_conflicts(write_doc):
    from review_app.model import MatchDocument

    path = write_doc(base_document())
    stale = load_document(path)
    save_back(load_document(path))  # someone else saves: revision 2
    blind = MatchDocument(stale.data, path, stale.loaded_revision)  # no source: the base is not known
    blind.events.append(SAFETY)
    with pytest.raises(RevisionConflict):
        save_back(blind)


def test_an_invalid_edit_is_refused_before_anything_is_written(write_doc):
    path = write_doc(base_document())
    before = path.read_bytes()
    doc = load_document(path)
    doc.events.append(dict(SAFETY, situation="21.q"))
    with pytest.raises(DocumentError):
        save_back(doc)
    assert path.read_bytes() == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write a read-only folder")
def test_unwritable_folder_keeps_the_saved_file(write_doc):
    path = write_doc(base_document())
    doc = load_document(path)
    os.chmod(path.parent, 0o555)
    try:
        with pytest.raises(OSError):
            save_back(doc)
    finally:
        os.chmod(path.parent, 0o755)
    assert load_document(path).revision == 1


@pytest.mark.parametrize("raw", ["../../etc/passwd", "/etc/passwd", "../../../tmp/x.mp4"])
def test_footage_outside_the_project_is_refused_naming_the_document(tmp_path, raw):
    from review_app.model import document_from_data

    folder = tmp_path / "project" / "annotations"
    folder.mkdir(parents=True)
    doc = base_document()
    doc["footage"] = {"path": raw}
    loaded = document_from_data(doc, folder / "m.json")
    with pytest.raises(DocumentError, match=r"m.json: footage.path .* leads outside the project"):
        loaded.footage_path()


def test_footage_beside_the_annotations_or_in_an_allowed_folder_resolves(tmp_path):
    from review_app.model import document_from_data

    folder = tmp_path / "project" / "annotations"
    folder.mkdir(parents=True)
    doc = base_document()
    doc["footage"] = {"path": "../sample_clips/a.mp4"}
    assert document_from_data(doc, folder / "m.json").footage_path() == tmp_path / "project" / "sample_clips" / "a.mp4"
    doc["footage"] = {"path": "../../videos/a.mp4"}
    loaded = document_from_data(doc, folder / "m.json")
    assert loaded.footage_path([tmp_path / "videos"]) == tmp_path / "videos" / "a.mp4"


def test_the_events_of_some_situations_come_in_footage_order_as_the_checks_read_them():
    """`records_of` (what a check of one clause reads) picks from the events in footage order."""
    doc = load_document(ROOT / "annotations" / "rulebook-worked-examples.json")
    doc.events.reverse()  # saved out of order: the footage's order is still the one given
    for situations in ({"21.f(2)"}, {"21.d", "21.g", "21.f(4)", "21.f(2)"}, {"no such clause"}):
        wanted = [e for e in doc.events_in_order() if e["situation"] in situations]
        assert [e.id for e in doc.records_of(frozenset(situations))] == [e["id"] for e in wanted]
    assert [e.id for e in doc.records_of({"21.d", "21.g"})] != []


def test_overtime_periods_follow_the_scheduled_ones(write_doc):
    """Period 5 of a 4-period match is its first overtime period (issue 39: it used to be refused)."""
    doc = base_document(periods=4)
    doc["events"] = [dict(json.loads(json.dumps(SAFETY)), period=5), dict(json.loads(json.dumps(SAFETY)), id="e2",
                                                                            period=8)]
    assert [e["period"] for e in load_document(write_doc(doc)).events] == [5, 8]
    doc["events"][1]["period"] = 9
    with pytest.raises(DocumentError, match=r"events\[1\]\.period: 9 is past the match's 4 periods and 4 overtime"):
        validate(doc, "m.json")


def test_records_are_decoded_once_and_an_edit_makes_a_document_with_its_own():
    """A document's records are kept while its events are not changed; a change makes a copy that decodes its
    own, and changing events in place then forgetting them reads the change."""
    from review_app.model.edits import delete_event

    doc = load_document(ROOT / "annotations" / "rulebook-worked-examples.json")
    first = doc.records
    assert doc.records is first
    assert [r.id for r in first] == [e["id"] for e in doc.events]
    changed = delete_event(doc, first[0].id).apply(doc)
    assert [r.id for r in changed.records] == [e["id"] for e in doc.events[1:]]
    assert doc.records is first
    doc.events.pop(0)
    doc.forget_records()
    assert [r.id for r in doc.records] == [e["id"] for e in doc.events]
    assert [r.id for r in doc.records_in_order()] == [e["id"] for e in doc.events_in_order()]
