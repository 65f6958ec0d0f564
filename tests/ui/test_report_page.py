"""The Report page: verdict counts, filters by umpire, clause, verdict and period, links back to
the frame, and the exports (the same renderers as `polo-review check`)."""

from __future__ import annotations

import json

from ui_fixtures import make_app, settle

from review_app.checker import check_paths
from review_app.checker.filters import (
    Filters,
    choices,
    filtered,
    needs_attention,
    verdict_counts,
)
from review_app.checker.formats import render
from review_app.reports.consistency import to_html


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def open_report(lang: str = "en"):
    at = make_app(lang=lang)
    at.switch_page("app_pages/report.py").run()
    assert not at.exception, at.exception
    return at


def test_counts_every_event(workspace):
    at = open_report()
    assert metrics(at) == {"Events": "2", "Consistent": "1", "Inconsistent": "1", "Discretionary": "0",
                           "Incomplete": "0"}
    assert [b.key for b in at.button if b.key.startswith("report.open.")] == ["report.open.0"]


def test_filters_by_verdict_umpire_clause_and_period(workspace):
    at = open_report()
    at.multiselect(key="report.verdict").select("inconsistent").run()
    assert metrics(at)["Events"] == "1" and metrics(at)["Inconsistent"] == "1"
    at.multiselect(key="report.verdict").unselect("inconsistent").run()
    at.multiselect(key="report.umpire").select("Umpire One").run()
    assert metrics(at)["Events"] == "1" and metrics(at)["Consistent"] == "1"
    at.multiselect(key="report.clause").select("21.l").run()
    assert metrics(at)["Events"] == "0"
    at.multiselect(key="report.umpire").unselect("Umpire One").run()
    at.multiselect(key="report.period").select("2").run()
    assert metrics(at)["Events"] == "1"
    assert not at.exception


def test_inconsistent_event_opens_review_at_its_frame(workspace):
    at = open_report()
    settle(at.button(key="report.open.0").click().run())
    assert not at.exception
    assert [t.value for t in at.title] == ["Review a match"]
    assert at.session_state["review.pos"] == 125 and at.session_state["review.frame.seek"][1] == 125


def test_report_in_spanish(workspace):
    at = open_report("es")
    assert [t.value for t in at.title] == ["Informe de coherencia"]
    assert metrics(at)["Incoherente"] == "1"
    table = at.dataframe[0].value
    assert list(table.columns)[:4] == ["Partido", "Etiqueta", "Disposición", "Veredicto"]
    assert "Por qué" in table.columns and "explanation_en" not in table.columns


def test_an_unreadable_document_is_named_not_skipped(workspace):
    (workspace["annotations"] / "broken.json").write_text('{"match": ', "utf-8")
    at = open_report()
    assert any("broken\\.json" in w.value and "invalid JSON" in w.value for w in at.warning)  # escaped name
    assert metrics(at)["Events"] == "2"  # the readable match is still reported


def test_a_match_without_footage_links_to_its_tag(workspace):
    data = json.loads(workspace["document"].read_text("utf-8"))
    del data["footage"]
    workspace["document"].write_text(json.dumps(data), "utf-8")
    at = open_report()
    assert at.button(key="report.open.0").label == "Open the tag (no footage)"  # its id is on the card
    settle(at.button(key="report.open.0").click().run())
    assert not at.exception
    assert [t.value for t in at.title] == ["Review a match"]
    assert at.selectbox(key="review.tag_pick").value == "e2"


def test_filtered_exports(workspace):
    result = check_paths([workspace["annotations"]], keep_documents=True)
    only = filtered(result, Filters(verdicts=("inconsistent",)))
    assert [e.event for e in only.events] == ["e2"]
    assert json.loads(render(only, "json"))["summary"]["events"] == 1
    assert render(only, "csv").count("\n") == 2  # header and one row
    html = to_html(only)
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html


def test_report_data_tables(workspace):
    result = check_paths([workspace["annotations"]])
    assert choices(result) == {"umpires": ["Umpire One", "Umpire Two"], "clauses": ["21.j", "21.l"],
                               "verdicts": ["consistent", "inconsistent"], "periods": ["1", "2"]}
    table = verdict_counts(result, "clause")
    assert table.loc["21.l", "inconsistent"] == 1 and list(table.index) == ["21.j", "21.l"]
    assert list(verdict_counts(result, "period").index) == ["1", "2"]
    assert [e.event for e in needs_attention(result)] == ["e2"]
    assert verdict_counts(filtered(result, Filters(clauses=("21.a",))), "umpire").empty


def test_what_a_verdict_misses_reads_as_the_tag_form_names_it_in_the_language_shown(workspace):
    """The walk: "missing: call.whistle"-like names on the Report page. Its table and the explanation name the
    part as the tag form does, in Spanish too; the JSON export keeps the field name (data)."""
    data = json.loads(workspace["document"].read_text("utf-8"))
    del data["events"][0]["call"]["whistle"]
    workspace["document"].write_text(json.dumps(data), "utf-8")
    for lang, word in (("en", "Whistle"), ("es", "Silbato")):
        at = open_report(lang)
        table = at.dataframe[0].value
        row = table[table.iloc[:, 1] == "e1"].iloc[0]
        missing = row[[c for c in table.columns if c in ("Facts missing", "Hechos faltantes")][0]]
        why = row["Why" if lang == "en" else "Por qué"]
        assert missing == word and "call.whistle" not in why and word in why, (missing, why)
    report = json.loads(render(check_paths([workspace["document"]]), "json"))
    assert next(e for e in report["events"] if e["event"] == "e1")["missing"] == ["call.whistle"]
