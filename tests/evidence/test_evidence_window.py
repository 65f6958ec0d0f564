"""The 24-hour window of 21.f(5): its edges, time zones and daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from review_app.evidence import window
from review_app.evidence.errors import EvidenceError
from review_app.i18n import translate
from review_app.rules import register_edition, unregister_edition
from review_app.rules.parameters import Edition, newest

NEW_YORK = ZoneInfo("America/New_York")
END = datetime(2026, 6, 14, 20, 0, tzinfo=UTC)


def test_the_window_is_the_rulebook_parameter():
    forfeiture_window = newest()["FORFEITURE_EVIDENCE_WINDOW"]
    assert window.deadline_after(END) - END == timedelta(seconds=forfeiture_window.value) == timedelta(hours=24)
    assert forfeiture_window.clause == "21.f(5)"


def test_the_window_is_the_one_in_force_on_the_day_the_game_ended():
    # a later edition (made here: only USPA 2026 ships) that gives the committee 48 hours from 2027
    later = Edition(datetime(2027, 1, 1).date(), "Test edition 2027")
    register_edition(later, values={"FORFEITURE_EVIDENCE_WINDOW": 48 * 3600})
    try:
        assert window.deadline_after(END) - END == timedelta(hours=24)  # a 2026 game keeps 2026's day
        end_2027 = datetime(2027, 6, 14, 20, 0, tzinfo=UTC)
        assert window.deadline_after(end_2027) - end_2027 == timedelta(hours=48)
        assert window.window_after(end_2027).edition == later
        assert window.timing(end_2027, end_2027 + timedelta(hours=30)).in_time
    finally:
        unregister_edition(later)


def test_exactly_24_hours_after_the_end_is_in_time():
    t = window.timing(END, END + timedelta(hours=24))
    assert t.in_time and t.margin_s == 0


def test_one_second_over_is_late():
    t = window.timing(END, END + timedelta(hours=24, seconds=1))
    assert not t.in_time and t.margin_s == -1


def test_a_receipt_during_the_game_day_is_in_time():
    assert window.timing(END, END + timedelta(minutes=5)).in_time


def test_spring_forward_between_end_and_receipt_23_local_hours_are_in_time():
    # 2026-03-08: New York clocks jump 02:00 -> 03:00. Same local clock time next day is only 23 h later.
    end = datetime(2026, 3, 8, 1, 30, tzinfo=NEW_YORK)
    assert end.utcoffset() == timedelta(hours=-5)
    received = window.parse_time("2026-03-09T01:30-04:00")
    t = window.timing(end.astimezone(UTC), received)
    assert received - end == timedelta(hours=23)
    assert t.in_time and t.margin_s == 3600


def test_spring_forward_24_real_hours_is_local_0230_next_day():
    end = datetime(2026, 3, 8, 1, 30, tzinfo=NEW_YORK)
    deadline = window.deadline_after(end.astimezone(UTC))
    assert deadline.astimezone(NEW_YORK).replace(tzinfo=None) == datetime(2026, 3, 9, 2, 30)
    late = window.parse_time("2026-03-09T02:30:01", tz="America/New_York")
    assert not window.timing(end.astimezone(UTC), late).in_time


def test_fall_back_same_local_time_next_day_is_25_hours_and_late():
    # 2026-11-01: clocks go back 02:00 -> 01:00, so 01:30 the next day is 25 real hours later.
    end = datetime(2026, 10, 31, 1, 30, tzinfo=NEW_YORK)
    received = window.parse_time("2026-11-01T01:30:00-05:00")
    assert received - end == timedelta(hours=25)
    assert not window.timing(end.astimezone(UTC), received).in_time


def test_end_time_in_the_document_with_an_offset_is_honoured(doc):
    doc.match["end_time_utc"] = "2026-03-08T01:30:00-05:00"
    assert window.game_end(doc) == datetime(2026, 3, 8, 6, 30, tzinfo=UTC)


@pytest.mark.parametrize("text, expected", [
    ("2026-06-15T09:30:00-03:00", datetime(2026, 6, 15, 12, 30, tzinfo=UTC)),
    ("2026-06-15T12:30:00Z", datetime(2026, 6, 15, 12, 30, tzinfo=UTC)),
    ("2026-06-15T12:30:00+00:00", datetime(2026, 6, 15, 12, 30, tzinfo=UTC)),
])
def test_receipt_times_with_an_offset_are_stored_in_utc(text, expected):
    parsed = window.parse_time(text)
    assert parsed == expected and parsed.tzinfo == UTC
    assert window.utc_text(parsed) == "2026-06-15T12:30:00Z"


def test_a_naive_time_is_refused_with_a_clear_message():
    with pytest.raises(EvidenceError, match="no UTC offset.*--tz"):
        window.parse_time("2026-06-15T09:30:00")


def test_a_naive_time_with_tz_is_read_in_that_zone():
    assert window.parse_time("2026-06-15T09:30", tz="America/Argentina/Buenos_Aires") == \
        datetime(2026, 6, 15, 12, 30, tzinfo=UTC)


@pytest.mark.parametrize("text, problem", [
    ("2026-11-01T01:30", "happens twice"),  # fall back: 01:30 occurs in EDT and in EST
    ("2026-03-08T02:30", "does not exist"),  # spring forward: 02:30 never shows on the clock
])
def test_naive_times_the_clocks_skip_or_repeat_are_refused(text, problem):
    with pytest.raises(EvidenceError, match=problem):
        window.parse_time(text, tz="America/New_York")


@pytest.mark.parametrize("text", ["yesterday", "", "2026-13-01T00:00Z"])
def test_not_a_time(text):
    with pytest.raises(EvidenceError, match="not an ISO 8601 time"):
        window.parse_time(text)


def test_unknown_zone():
    with pytest.raises(EvidenceError, match="unknown time zone"):
        window.parse_time("2026-06-15T09:30", tz="Mars/Olympus")


def test_a_match_without_an_end_time_cannot_open_a_window(doc):
    doc.match["end_time_utc"] = None
    with pytest.raises(EvidenceError, match="no match.end_time_utc"):
        window.game_end(doc)


def test_time_left_text():
    assert str(window.time_left(END, END - timedelta(hours=2, minutes=5))) == "2 h 5 min left"
    assert str(window.time_left(END, END + timedelta(seconds=30))) == "closed 30 s ago"
    assert translate(window.time_left(END, END - timedelta(hours=1)), "es") == "quedan 1 h"


def test_zone_names_start_with_utc_and_hold_the_iana_zones():
    names = window.zone_names()
    assert names[0] == "UTC" and names.count("UTC") == 1
    assert {"America/New_York", "America/Argentina/Buenos_Aires", "Europe/London"} <= set(names)


def test_wall_clock_is_what_the_zones_clocks_show():
    assert window.wall_clock(END, "America/Argentina/Buenos_Aires") == datetime(2026, 6, 14, 17, 0)
    assert window.wall_clock(END, "UTC") == datetime(2026, 6, 14, 20, 0)
    with pytest.raises(EvidenceError, match="unknown time zone"):
        window.wall_clock(END, "Mars/Olympus")


@pytest.mark.parametrize("picked, zone, expected", [
    (datetime(2026, 6, 15, 9, 30), "America/Argentina/Buenos_Aires", "2026-06-15T12:30:00Z"),
    (datetime(2026, 6, 15, 9, 30), "UTC", "2026-06-15T09:30:00Z"),
    (datetime(2026, 11, 1, 0, 59), "America/New_York", "2026-11-01T04:59:00Z"),  # still EDT
])
def test_a_picked_date_and_time_read_in_its_zone(picked, zone, expected):
    # What the app's Receive form does with its date-and-time picker and zone: the --received-at/--tz call.
    assert window.utc_text(window.parse_time(picked.isoformat(timespec="seconds"), zone)) == expected


@pytest.mark.parametrize("picked, problem", [
    (datetime(2026, 11, 1, 1, 30), "happens twice"),
    (datetime(2026, 3, 8, 2, 30), "does not exist"),
])
def test_a_picked_time_the_clocks_repeat_or_skip_is_refused(picked, problem):
    with pytest.raises(EvidenceError, match=problem):
        window.parse_time(picked.isoformat(timespec="seconds"), "America/New_York")


def test_half_a_second_late_is_not_zero_seconds_late():
    assert window.duration_text(0.5) == "under 1 s"
    assert window.duration_text(-0.5) == "under 1 s"
    assert window.duration_text(0) == "0 s" and window.duration_text(61) == "1 min 1 s"


def test_before_the_games_end_the_window_has_not_opened():
    """Walk 8: the Evidence page said "24-hour window: 1 d 16 h 14 min left" at 00:30 for a game ending at 16:45 the
    same day: the window opens at the game's end, so it says when, and after the end what is left, as before."""
    assert str(window.window_state(END, END + timedelta(hours=24), END - timedelta(hours=16, minutes=15))) == \
        "opens when the game ends, in 16 h 15 min"
    assert translate(window.window_state(END, END + timedelta(hours=24), END - timedelta(hours=1)), "es") == \
        "se abre cuando termina el partido, en 1 h"
    assert str(window.window_state(END, END + timedelta(hours=24), END + timedelta(hours=1))) == "23 h left"
