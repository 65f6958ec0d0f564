"""An event in an overtime period (past the match's scheduled periods) goes through every format and back; a
period past the overtime a match may have is a label left out, saying which periods the match has."""

from __future__ import annotations

import pytest
from exchange_docs import document, write

from review_app.exchange.formats import formats
from review_app.exchange.transfer import export_match, import_file
from review_app.model import document_from_data, load_document


@pytest.mark.parametrize("fmt", list(formats()))
def test_an_overtime_period_comes_back(tmp_path, fmt):
    data = document()
    data["events"][3]["period"] = 7  # x-4, in a 6-period match: the first overtime period
    out = tmp_path / f"out{formats()[fmt].extension}"
    out.write_bytes(export_match(document_from_data(data), fmt))
    empty = load_document(write(tmp_path, document(with_events=False)))
    report = import_file(out, empty)
    assert report.complete and not report.labels_kept
    assert {e["id"]: e.get("period") for e in report.document.events}["x-4"] == 7


def test_a_period_past_the_overtime_is_left_out_naming_the_periods(tmp_path):
    path = tmp_path / "late.xml"
    path.write_bytes(b"<file><ALL_INSTANCES><instance><ID>w</ID><code>21.j</code><start>1</start><end>2</end>"
                     b"<label><group>period</group><text>11</text></label></instance></ALL_INSTANCES></file>")
    report = import_file(path, load_document(write(tmp_path, document(with_events=False))))
    assert [why for _, _, why in report.labels_kept] == [
        "not a period of this match (1-6, or up to 4 overtime periods after them: 7-10)"]
