"""Exports show what a reader reads, never a raw value: a period is "2" in every format (pandas
would write "2.0" where another event gives none), and a report without filters says so in words
("None: ..." read as a value the program forgot to fill in)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from match_docs import event

from review_app.checker import check_paths
from review_app.checker.formats import render

EVENTS = [
    event("e1", 100, "21.h", {}, {"whistle": "none"}, period=2, umpire="Ana Umpire"),
    event("e2", 200, "21.h", {}, {"whistle": "none"}, umpire="Ana Umpire"),  # no period recorded
]


@pytest.fixture
def result(doc_factory, write_doc):
    doc = doc_factory(EVENTS)
    del doc["events"][1]["period"]
    return check_paths([write_doc(doc)])


def test_a_period_is_a_whole_number_in_csv_json_text_and_html(result):
    rows = list(csv.DictReader(io.StringIO(render(result, "csv"))))
    assert [r["period"] for r in rows] == ["2", ""]
    assert json.loads(render(result, "json"))["summary"]["by_period"].keys() == {"2", "—"}
    html = render(result, "html")
    assert not re.search(r">\s*2\.0\s*<", html) and re.search(r">\s*2\s*<", html)
    assert " 2.0 " not in render(result, "table")


def test_a_report_without_filters_says_so_in_words(result):
    html = render(result, "html")
    assert "None:" not in html and ">None<" not in html
    assert "No filters: the report holds every event of these matches." in html
