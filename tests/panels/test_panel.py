"""Panel review: blind entries, the majority per field with unanimous or split, the panel's verdict
beside the original reviewer's, and entries saved at the same time merging."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from match_docs import base_document
from saving import save_back

from review_app.model import document_from_data, load_document, validate
from review_app.panels.panel import (
    PanelError,
    close_panel,
    open_panel,
    outcome,
    panel_of,
    submit,
    verdicts,
    visible_entries,
    waiting_for,
)

NOW = datetime(2026, 6, 15, 10, 0, tzinfo=UTC)
DANGEROUS = {"kind": "dangerous", "fouled_team_disadvantaged": True}


def match(tmp_path=None):
    data = base_document()
    data["schema_version"] = "2.0"
    # The umpire let a dangerous foul go on (whistle none) and gave nothing: the reviewer tagged it 21.b.
    data["events"] = [{"id": "e1", "position": {"frame": 250, "time_s": 10.0}, "period": 1, "situation": "21.b",
                       "facts": {"kind": "mechanics", "fouled_team_disadvantaged": False},
                       "call": {"whistle": "none", "penalty": "none"}, "involved": {"umpire": "Ana Umpire"},
                       "reviewer": "Original Reviewer"}]
    if tmp_path is None:
        return document_from_data(data)
    path = tmp_path / "test-match.json"
    path.write_text(json.dumps(data), "utf-8")
    return load_document(path)


def panel_of_five():
    doc = open_panel(match(), "e1", by="Coach", members=["P1", "P2", "P3", "P4", "P5"], now=NOW)
    calls = [("P1", "21.b", DANGEROUS, {"whistle": "at_once", "penalty": "penalty_2", "penalty_to": "blue"}),
             ("P2", "21.b", DANGEROUS, {"whistle": "at_once", "penalty": "penalty_2", "penalty_to": "blue"}),
             ("P3", "21.b", {"kind": "dangerous", "fouled_team_disadvantaged": False},
              {"whistle": "at_once", "penalty": "penalty_3", "penalty_to": "blue"}),
             ("P4", "21.b", {"kind": "right_of_way", "fouled_team_disadvantaged": False},
              {"whistle": "at_once", "penalty": "penalty_3", "penalty_to": "blue"}),
             ("P5", "21.general.dangerous-fouls", {"involves_safety": True},
              {"whistle": "at_once", "penalty": "penalty_2", "penalty_to": "blue", "card": "yellow"})]
    for who, clause, facts, call in calls:
        doc = submit(doc, "e1", who, situation=clause, facts=facts, call=call, now=NOW)
    return doc


def test_entries_are_blind_until_the_member_submits():
    doc = open_panel(match(), "e1", by="Coach", members=["P1", "P2"], now=NOW)
    doc = submit(doc, "e1", "P1", situation="21.b", facts=DANGEROUS, call={"whistle": "at_once"}, now=NOW)
    panel = panel_of(doc, "e1")
    assert visible_entries(panel, "P2") == {} and visible_entries(panel, "Coach") == {}
    assert set(visible_entries(panel, "P1")) == {"P1"} and waiting_for(panel) == ["P2"]
    doc = submit(doc, "e1", "P2", situation="21.b", facts=DANGEROUS, call={"whistle": "delayed"}, now=NOW)
    assert set(visible_entries(panel_of(doc, "e1"), "Coach")) == {"P1", "P2"}  # everyone has submitted


def test_an_entry_is_final_and_only_members_submit():
    doc = open_panel(match(), "e1", by="Coach", members=["P1"], now=NOW)
    doc = submit(doc, "e1", "P1", situation="21.b", facts=DANGEROUS, call={}, now=NOW)
    with pytest.raises(PanelError, match="already submitted"):
        submit(doc, "e1", "P1", situation="21.a", facts={}, call={}, now=NOW)
    with pytest.raises(PanelError, match="not on the panel"):
        submit(doc, "e1", "Someone", situation="21.b", facts={}, call={}, now=NOW)
    with pytest.raises(PanelError, match="already open"):
        open_panel(doc, "e1", by="Coach", members=["P9"], now=NOW)
    with pytest.raises(PanelError, match="only Coach"):
        close_panel(doc, "e1", by="P1", now=NOW)
    closed = close_panel(doc, "e1", by="Coach", now=NOW)
    with pytest.raises(PanelError, match="closed"):
        submit(closed, "e1", "P1", situation="21.b", facts={}, call={}, now=NOW)


def test_majority_per_field_unanimous_or_split():
    result = outcome(panel_of(panel_of_five(), "e1"))
    assert (result.situation.value, result.situation.tally) == ("21.b", "4–1")
    fields = {f.name: f for f in result.facts + result.call}
    # facts among the four who chose 21.b
    assert (fields["kind"].value, fields["kind"].tally, fields["kind"].majority) == ("dangerous", "3–1", True)
    assert (fields["fouled_team_disadvantaged"].tally, fields["fouled_team_disadvantaged"].majority) == ("2–2", False)
    assert fields["fouled_team_disadvantaged"].value is None
    assert fields["whistle"].unanimous and str(fields["whistle"].words()) == "unanimous"
    assert (fields["penalty"].value, fields["penalty"].tally) == ("penalty_2", "3–2")
    assert str(fields["penalty"].words()) == "split 3–2"
    assert fields["card"].value is None and fields["card"].tally == "4–1"  # four recorded no card
    assert result.decided_call() == {"whistle": "at_once", "penalty": "penalty_2", "penalty_to": "blue"}
    assert str(fields["fouled_team_disadvantaged"].words()) == "no majority (2–2)"


def test_the_panels_verdict_stands_beside_the_original_reviewers():
    side = verdicts(panel_of_five(), "e1")
    assert side.original.verdict == "discretionary"  # a mechanics foul not called: the reviewer's reading
    assert side.panel.verdict == "inconsistent"  # on the panel's facts, a dangerous foul had to be called
    assert side.panel_call.verdict == "consistent"
    assert ("whistle", "none", "at_once") in side.differences and ("penalty", "none", "penalty_2") in side.differences


def test_the_document_with_a_panel_is_valid_and_entries_saved_at_once_merge(tmp_path):
    doc = match(tmp_path)
    opened = save_back(open_panel(doc, "e1", by="Coach", members=["P1", "P2"], now=NOW))
    first = load_document(opened.path)
    second = load_document(opened.path)  # both members read the same revision
    save_back(submit(first, "e1", "P1", situation="21.b", facts=DANGEROUS, call={"whistle": "at_once"}, now=NOW))
    merged = save_back(submit(second, "e1", "P2", situation="21.b", facts=DANGEROUS, call={}, now=NOW))
    assert set(panel_of(merged, "e1")["entries"]) == {"P1", "P2"}
    validate(merged.data)


def test_the_schema_refuses_an_entry_with_facts_of_another_clause():
    doc = open_panel(match(), "e1", by="Coach", members=["P1"], now=NOW)
    data = json.loads(json.dumps(doc.data))
    data["panels"]["e1"]["entries"]["P1"] = {"situation": "21.j", "facts": {"kind": "dangerous"}, "call": {}}
    from review_app.model import DocumentError

    with pytest.raises(DocumentError, match="panels"):
        validate(data)
