"""Two reviewers saving one match: what each changed from the revision they started from is merged;
only where both changed the same thing differently is a conflict, and then nothing is overwritten."""

from __future__ import annotations

import pytest
from match_docs import base_document, event
from saving import save_back

from review_app.model import RevisionConflict, load_document
from review_app.model.edits import Change, commit, delete_event, put_event, undo_of
from review_app.model.merge import merge
from review_app.store import open_matches


def kept_in(doc):
    """The match store `doc` was read from (the folder of its file): what a page hands `commit`."""
    return open_matches(doc.path.parent)

E1 = event("e1", 100, "21.a", {"last_hit_by_defender": True, "deflection": "none"},
           {"whistle": "at_once", "penalty": "penalty_6", "restart": "penalty"})
E2 = event("e2", 200, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"})


@pytest.fixture
def path(write_doc):
    doc = base_document()
    doc["events"] = [dict(E1), dict(E2)]
    return write_doc(doc)


def _two_copies(path):
    return load_document(path), load_document(path)


def test_different_events_merge(path):
    a, b = _two_copies(path)
    a.event("e1")["notes"] = "from A"
    b.event("e2")["notes"] = "from B"
    save_back(a)
    saved = save_back(b)
    on_disk = load_document(path)
    assert on_disk.event("e1")["notes"] == "from A" and on_disk.event("e2")["notes"] == "from B"
    assert on_disk.revision == 3 and saved.revision == 3 and saved.merged is not None


def test_different_fields_of_one_event_merge(path):
    a, b = _two_copies(path)
    a.event("e1")["notes"] = "from A"
    b.event("e1")["call"]["whistle"] = "delayed"
    save_back(a)
    save_back(b)
    e1 = load_document(path).event("e1")
    assert e1["notes"] == "from A" and e1["call"]["whistle"] == "delayed" and e1["call"]["penalty"] == "penalty_6"


def test_the_same_change_on_both_sides_is_no_conflict(path):
    a, b = _two_copies(path)
    a.event("e1")["notes"] = "same"
    b.event("e1")["notes"] = "same"
    save_back(a)
    save_back(b)
    assert load_document(path).event("e1")["notes"] == "same"


def test_two_new_tags_under_the_same_id_are_both_kept(path):
    a, b = _two_copies(path)
    a.events.append(event("e3", 300, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"}))
    b.events.append(event("e3", 400, "21.i", {"cannot_be_dropped_immediately": False}, {"whistle": "delayed"}))
    save_back(a)
    saved = save_back(b)
    frames = {e["id"]: e["position"]["frame"] for e in load_document(path).events}
    assert frames == {"e1": 100, "e2": 200, "e3": 300, "e4": 400}
    assert saved.renamed("e3") == "e4"


def test_a_delete_and_an_edit_elsewhere_merge(path):
    a, b = _two_copies(path)
    a.events[:] = [e for e in a.events if e["id"] != "e2"]
    b.event("e1")["notes"] = "from B"
    save_back(a)
    save_back(b)
    doc = load_document(path)
    assert [e["id"] for e in doc.events] == ["e1"] and doc.event("e1")["notes"] == "from B"


def test_a_delete_against_an_edit_of_the_same_tag_is_a_conflict(path):
    a, b = _two_copies(path)
    a.events[:] = [e for e in a.events if e["id"] != "e2"]
    b.event("e2")["notes"] = "from B"
    save_back(a)
    before = path.read_bytes()
    with pytest.raises(RevisionConflict) as err:
        save_back(b)
    assert err.value.overlaps == ["events[e2]"]
    assert path.read_bytes() == before


def test_a_clause_moved_against_facts_changed_is_a_conflict_not_a_mix(path):
    a, b = _two_copies(path)
    a.event("e1").update(situation="21.i", facts={"cannot_be_dropped_immediately": True})
    b.event("e1")["facts"]["deflection"] = "own_team"
    save_back(a)
    with pytest.raises(RevisionConflict) as err:
        save_back(b)
    assert err.value.overlaps == ["events[e1].situation"]


def test_match_header_fields_merge_and_overlap_like_events(path):
    a, b = _two_copies(path)
    a.match["name"] = "Final"
    b.match["umpires"] = ["Ana Umpire", "Cy Umpire"]
    save_back(a)
    save_back(b)
    match = load_document(path).match
    assert match["name"] == "Final" and match["umpires"] == ["Ana Umpire", "Cy Umpire"]
    a, b = _two_copies(path)
    a.match["umpires"] = ["Ana Umpire"]
    b.match["umpires"] = ["Ben Umpire"]
    save_back(a)
    with pytest.raises(RevisionConflict) as err:
        save_back(b)
    assert err.value.overlaps == ["match.umpires"]


def test_a_merge_that_would_make_an_invalid_document_is_a_conflict(path):
    a, b = _two_copies(path)
    a.match["periods"] = 4
    b.event("e2")["period"] = 9  # valid in B's copy, past the 4 periods of A's and their 4 overtime periods
    save_back(a)
    with pytest.raises(RevisionConflict) as err:
        save_back(b)
    assert "past the match's 4 periods and 4 overtime periods" in err.value.overlaps[0]


def test_prefer_mine_keeps_both_sides_and_my_value_where_they_overlap():
    base = {"events": [{"id": "e1", "notes": "", "clock": "1:00"}]}
    mine = {"events": [{"id": "e1", "notes": "mine", "clock": "1:00"}]}
    theirs = {"events": [{"id": "e1", "notes": "theirs", "clock": "2:00"}]}
    result = merge(base, mine, theirs, prefer_mine=True)
    assert result.overlaps == ["events[e1].notes"]
    assert result.data["events"] == [{"id": "e1", "notes": "mine", "clock": "2:00"}]


def test_undo_of_a_delete_after_someone_restored_and_edited_the_tag_conflicts(path):
    """The scenario of the issue: A edits e1, B deletes e1, A makes the edit on the saved version
    (the tag comes back with A's notes), then B presses the Undo still on screen."""
    a, b = _two_copies(path)
    a_change = put_event(a, {**a.event("e1"), "notes": "A's notes", "reviewer": "A"})
    b_change = delete_event(b, "e1")
    b_after_delete = commit(b, b_change, kept_in(b))
    with pytest.raises(RevisionConflict):
        commit(a, a_change, kept_in(a))
    # A chose to make their change on the saved version: the tag as A edited it
    commit(load_document(path), Change("put", "e1", a_change.event), kept_in(load_document(path)))
    assert load_document(path).event("e1")["notes"] == "A's notes"
    # B's Undo is judged against the revision B's delete made, not against what is on disk now
    with pytest.raises(RevisionConflict) as err:
        commit(b_after_delete, undo_of(b_change), kept_in(b_after_delete))
    assert err.value.overlaps == ["events[e1]"]
    assert load_document(path).event("e1")["notes"] == "A's notes"


def test_undo_of_a_delete_while_others_edited_other_tags_restores_it(path):
    a, b = _two_copies(path)
    b_change = delete_event(b, "e1")
    b_after_delete = commit(b, b_change, kept_in(b))
    a2 = load_document(path)
    a2.event("e2")["notes"] = "A meanwhile"
    save_back(a2)
    commit(b_after_delete, undo_of(b_change), kept_in(b_after_delete))
    doc = load_document(path)
    assert [e["id"] for e in doc.events] == ["e1", "e2"] and doc.event("e2")["notes"] == "A meanwhile"
