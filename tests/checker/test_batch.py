"""A batch is checked one document at a time: nothing keeps the documents once they are checked,
the check across matches sees the day in time order whatever order the files come in, and the
progress names every file, readable or not."""

from __future__ import annotations

import gc
import weakref

from match_docs import event

from review_app.checker import check_documents, check_paths
from review_app.model import document_from_data

RED1 = {"team": "red", "number": 1}


def knocked_out(eid, frame):
    return event(eid, frame, "21.d", {"unconscious": True, "recurrence_of_same_injury": False},
                 {"whistle": "at_once", "time_allowed_s": 600}, players=[RED1])


def plays(eid, frame):
    return event(eid, frame, "21.h", {}, {"whistle": "neutral_play"}, players=[{**RED1, "mount": "Pampa"}])


def test_documents_are_not_kept_once_checked(doc_factory):
    refs = []

    def documents():
        for n in range(5):
            doc = document_from_data(doc_factory([knocked_out("e1", 10), plays("e2", 20)], match_id=f"m{n}"))
            refs.append(weakref.ref(doc))
            yield doc

    result = check_documents(documents())
    gc.collect()
    assert len(refs) == 5 and all(r() is None for r in refs)
    assert result.matches == ["m0", "m1", "m2", "m3", "m4"] and len(result.events) == 10


def test_the_day_is_followed_in_time_order_whatever_order_the_documents_come_in(doc_factory):
    morning = doc_factory([knocked_out("e1", 10)], match_id="morning", end_time_utc="2026-06-14T12:00:00Z")
    evening = doc_factory([plays("e1", 50)], match_id="evening", end_time_utc="2026-06-14T20:00:00Z")
    for order in ([morning, evening], [evening, morning]):
        found = check_documents([document_from_data(d) for d in order]).findings
        assert [(f.match, f.kind, f.events) for f in found] == [
            ("evening", "unconscious_player_played_that_day", ["e1"])]


def test_progress_names_every_file_and_an_unreadable_one_is_an_error_line(doc_factory, write_doc, tmp_path):
    good = [write_doc(doc_factory([plays("e1", 10)], match_id=f"m{n}")) for n in range(2)]
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    seen = []
    result = check_paths([good[0], broken, good[1]], progress=lambda i, n: seen.append((i, n)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert result.matches == ["m0", "m1"] and len(result.errors) == 1 and "broken.json" in result.errors[0]
