"""The match's period starts (model.periods): the period and clock they give a moment, at the boundaries, before
the first start and in overtime; kept with the match through the store (schema 2.1, additive), read back, and
given to every tag a code key makes; the Report's period reads the period, not "—"."""

from __future__ import annotations

import json

import pytest
from match_docs import base_document

from review_app.checker import check_document
from review_app.checker.filters import NONE, verdict_counts
from review_app.checker.run import CheckResult
from review_app.model import load_document
from review_app.model.coding import At, Code, coded_event
from review_app.model.edits import commit, put_event
from review_app.model.periods import (
    PERIOD_STARTS,
    PeriodError,
    PeriodStart,
    clock_text,
    next_period,
    period_at,
    period_starts,
    with_period_starts,
    with_start_here,
)
from review_app.store import open_matches

FPS = 25
STARTS = [PeriodStart(1, 250, 10.0), PeriodStart(2, 12_750, 510.0), PeriodStart(7, 90_000, 3600.0)]


@pytest.fixture
def doc(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(base_document()), "utf-8")  # 6 periods scheduled
    return load_document(path)


def test_before_the_first_start_nothing_is_known():
    assert period_at(STARTS, 9.96) is None
    assert period_at([], 100.0) is None


@pytest.mark.parametrize(("time_s", "period", "clock"), [
    (10.0, 1, "0:00"),  # on the start itself: that period, at 0:00
    (10.999, 1, "0:00"),  # whole seconds down, never rounded up into the next
    (11.0, 1, "0:01"),
    (509.96, 1, "8:19"),  # the frame before period 2's start is still period 1
    (510.0, 2, "0:00"),
    (935.5, 2, "7:05"),
    (3600.0, 7, "0:00"),  # an overtime period: 7 in a 6-period match
    (3630.2, 7, "0:30"),
])
def test_the_last_start_at_or_before_the_moment_gives_its_period_and_clock(time_s, period, clock):
    where = period_at(STARTS, time_s)
    assert (where.period, where.clock) == (period, clock)
    assert where.seconds == pytest.approx(time_s - next(s.time_s for s in STARTS if s.period == period))


def test_the_clock_is_the_schemas_m_ss_and_nothing_past_it():
    assert clock_text(0) == "0:00"
    assert clock_text(65.9) == "1:05"
    assert clock_text(99 * 60 + 59.5) == "99:59"
    assert clock_text(100 * 60) is None


def test_the_key_starts_the_period_after_the_one_under_way():
    assert next_period([], 3.0) == 1
    assert next_period(STARTS, 5.0) == 1  # before the first start
    assert next_period(STARTS, 300.0) == 2
    assert next_period(STARTS, 510.0) == 2  # pressed again on period 2's start: period 2 again, not 3
    assert next_period(STARTS, 4000.0) == 8


def test_period_starts_are_kept_with_the_match_and_read_back(doc):
    store = open_matches(doc.path.parent)
    changed, period = with_start_here(doc, 250, 10.0, by="Coach A")
    assert period == 1
    saved = store.save(changed)
    changed, period = with_start_here(saved, 12_750, 510.0, by="Coach B")
    assert period == 2
    store.save(changed)
    again = load_document(doc.path)  # validated against the schema on reading
    starts = period_starts(again)
    assert [(s.period, s.frame, s.time_s, s.set_by) for s in starts] == [(1, 250, 10.0, "Coach A"),
                                                                          (2, 12_750, 510.0, "Coach B")]
    assert set(again.data[PERIOD_STARTS]) == {"1", "2"}


def test_a_document_without_period_starts_reads_as_before(doc):
    assert PERIOD_STARTS not in doc.data
    assert period_starts(doc) == []


def test_pressing_the_key_on_a_later_frame_of_the_same_start_moves_it_not_a_second(doc):
    doc = with_period_starts(doc, STARTS[:2])
    moved, period = with_start_here(doc, 12_700, 508.0)  # inside period 1: "the next period" is 2, moved earlier
    assert period == 2
    assert [(s.period, s.frame) for s in period_starts(moved)] == [(1, 250), (2, 12_700)]


@pytest.mark.parametrize(("starts", "problem"), [
    ([PeriodStart(0, 1, 0.04)], "numbered from 1 to 10"),
    ([PeriodStart(11, 1, 0.04)], "numbered from 1 to 10"),  # 6 scheduled and at most 4 overtime
    ([PeriodStart(1, 1, 0.04), PeriodStart(1, 2, 0.08)], "two starts"),
    ([PeriodStart(1, 500, 20.0), PeriodStart(2, 250, 10.0)], "not after period 1's start"),
])
def test_starts_that_cannot_be_kept_are_one_line_naming_the_period(doc, starts, problem):
    with pytest.raises(PeriodError, match=problem):
        with_period_starts(doc, starts)


def test_overtime_periods_are_allowed_up_to_the_schemas_four(doc, tmp_path):
    changed = with_period_starts(doc, [PeriodStart(1, 0, 0.0), PeriodStart(10, 100, 4.0)])
    open_matches(doc.path.parent).save(changed)
    assert [s.period for s in period_starts(load_document(doc.path))] == [1, 10]


def test_every_coded_tag_gets_its_period_and_clock_and_the_report_reads_them(doc):
    store = open_matches(doc.path.parent)
    doc = store.save(with_period_starts(doc, STARTS[:2]))
    for frame in (100, 5000, 20_000):  # before the first start, in period 1, in period 2
        at = At(frame, frame / FPS)
        tag = coded_event(doc, Code("1", "21.b"), at, (at, at), "Coach")
        doc = commit(doc, put_event(doc, tag), store)
    events = list(doc.events_in_order())
    assert [(e.get("period"), e.get("clock")) for e in events] == [(None, None), (1, "3:10"), (2, "4:50")]
    results, findings = check_document(doc)
    assert [r.period for r in results] == [None, 1, 2]
    # the Report's "Verdicts across the periods": the two tags after the first start under their periods, only
    # the one before it under "—"
    table = verdict_counts(CheckResult(events=results, findings=findings), "period")
    assert [str(p) for p in table.index] == ["1", "2", NONE]
    assert table.loc[NONE].sum() == 1


def test_with_no_starts_a_coded_tag_keeps_the_period_of_the_tag_before(doc):
    store = open_matches(doc.path.parent)
    first = coded_event(doc, Code("1", "21.b"), At(100, 4.0), (At(100, 4.0), At(100, 4.0)), "Coach")
    first["period"] = 3
    doc = commit(doc, put_event(doc, first), store)
    tag = coded_event(doc, Code("1", "21.b"), At(200, 8.0), (At(200, 8.0), At(200, 8.0)), "Coach")
    assert (tag.get("period"), tag.get("clock")) == (3, None)


def test_the_last_start_deleted_while_another_reviewer_sets_one_both_stand(doc):
    store = open_matches(doc.path.parent)
    doc = store.save(with_period_starts(doc, STARTS[:1], by="Coach A"))
    store.save(with_period_starts(doc, STARTS[:2], by="Coach B"))  # period 2 set meanwhile
    store.save(with_period_starts(doc, [], by="Coach A"))  # coach A deletes the only start it saw
    assert [s.period for s in period_starts(load_document(doc.path))] == [2]
