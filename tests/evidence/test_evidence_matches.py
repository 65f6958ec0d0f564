"""Which match the app's picker opens on, and whether a document gives the game's end."""

from __future__ import annotations

from evidence_fixtures import MATCH, NO_EXCUSAL, RETURNED, write_match

from review_app.evidence import default_match, has_end_time
from review_app.model.catalog import match_documents
from review_app.store import open_matches


def _ids(folder) -> list[str]:
    return [d.match_id for d in match_documents(open_matches(folder))]


def test_a_match_whose_excused_mount_is_seen_again_comes_first(tmp_path):
    write_match(tmp_path, id="a-no-end", end_time_utc=None, events=[*MATCH["events"], RETURNED])
    write_match(tmp_path, id="b-no-excusal", events=NO_EXCUSAL)
    write_match(tmp_path, id="c-excusal")
    write_match(tmp_path, id="d-returned", events=[*MATCH["events"], RETURNED])
    docs = match_documents(open_matches(tmp_path))
    assert _ids(tmp_path) == ["a-no-end", "b-no-excusal", "c-excusal", "d-returned"]
    assert docs[default_match(docs)].match_id == "d-returned"


def test_else_a_match_with_an_excusal_and_an_end_time(tmp_path):
    write_match(tmp_path, id="a-no-end", end_time_utc=None, events=[*MATCH["events"], RETURNED])
    write_match(tmp_path, id="b-no-excusal", events=NO_EXCUSAL)
    write_match(tmp_path, id="c-excusal")
    docs = match_documents(open_matches(tmp_path))
    assert docs[default_match(docs)].match_id == "c-excusal"


def test_else_the_first(tmp_path):
    write_match(tmp_path, id="a-no-end", end_time_utc=None)
    write_match(tmp_path, id="b-no-excusal", events=NO_EXCUSAL)
    docs = match_documents(open_matches(tmp_path))
    assert default_match(docs) == 0
    assert default_match([]) == 0


def test_has_end_time(tmp_path):
    write_match(tmp_path, id="with")
    write_match(tmp_path, id="without", end_time_utc=None)
    docs = {d.match_id: d for d in match_documents(open_matches(tmp_path))}
    assert has_end_time(docs["with"]) and not has_end_time(docs["without"])
    docs["with"].match["end_time_utc"] = "the evening"  # unreadable counts as missing
    assert not has_end_time(docs["with"])
