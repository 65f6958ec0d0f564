"""The checker's output in every format, and the command line on good and bad input."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from markupsafe import escape
from match_docs import ROOT, event

from review_app.checker import check_paths
from review_app.checker.formats import render
from review_app.cli import main
from review_app.reports.consistency import to_html

EVENTS = [
    event("e1", 100, "21.a", {"last_hit_by_defender": True, "deflection": "none"},
          {"whistle": "at_once", "penalty": "penalty_6"}, period=1, umpire="Ana Umpire"),
    event("e2", 200, "21.h", {}, {"whistle": "none"}, period=2, umpire="Ben Umpire"),
    event("e3", 300, "21.e", {}, {"whistle": "at_once"}, period=2, umpire="Ben Umpire"),
]


@pytest.fixture
def docs(doc_factory, write_doc):
    doc = doc_factory(EVENTS)
    doc["events"][1]["notes"] = "<script>alert('x')</script>"
    return write_doc(doc)


def test_every_event_gets_a_verdict_clause_and_both_languages(docs):
    out = json.loads(render(check_paths([docs]), "json"))
    assert [(e["event"], e["clause"], e["verdict"]) for e in out["events"]] == [
        ("e1", "21.a", "consistent"), ("e2", "21.h", "inconsistent"), ("e3", "21.e", "incomplete")]
    assert all(e["explanation"]["en"] and e["explanation"]["es"] for e in out["events"])
    assert out["events"][2]["missing"] == ["may_be_injured_or_in_jeopardy"]
    s = out["summary"]
    assert s["verdicts"] == {"consistent": 1, "inconsistent": 1, "discretionary": 0, "incomplete": 1}
    assert s["by_umpire"]["Ben Umpire"]["inconsistent"] == 1
    assert s["by_clause"]["21.a"]["consistent"] == 1
    assert s["by_match"]["test-match"]["total"] == 3
    assert s["by_period"]["2"]["total"] == 2


def test_csv_has_one_row_per_event(docs):
    rows = list(csv.DictReader(io.StringIO(render(check_paths([docs]), "csv"))))
    assert [r["verdict"] for r in rows] == ["consistent", "inconsistent", "incomplete"]
    assert rows[1]["explanation_es"].startswith("Si se cae un casco")


def test_html_is_one_self_contained_file_with_user_text_escaped(docs, doc_factory, write_doc):
    hostile = "<script>alert('x')</script> & <img src=x onerror=alert(1)>"
    doc = doc_factory([dict(EVENTS[0], id="e9", involved={"players": [], "umpire": hostile, "mount": None})],
                      match_id="hostile")
    text = to_html(check_paths([docs, write_doc(doc)], keep_documents=True))

    class Refs(HTMLParser):
        refs, scripts, tags = [], 0, []

        def handle_starttag(self, tag, attrs):
            self.scripts += tag == "script"
            self.tags.append(tag)
            self.refs += [v for k, v in attrs if k in ("src", "href")]

    parser = Refs()
    parser.feed(text)
    assert parser.refs == [] and parser.scripts == 0 and "img" not in parser.tags
    assert escape(hostile) in text  # the umpire's name reads as it was typed
    assert "Si se cae un casco" in text and "inconsistent" in text


def test_html_puts_the_spanish_beside_the_english(docs):
    text = to_html(check_paths([docs], keep_documents=True))
    for en, es in (("Rule 21 consistency report", "Informe de coherencia con la Regla 21"), ("Summary", "Resumen"),
                   ("By period", "Por período"), ("Events", "Eventos")):
        assert f'{en} <span class="es">/ {es}</span>' in text
    assert "Prevalece el texto original en inglés" in text


def test_templates_escape_and_refuse_undefined_names():
    from jinja2 import UndefinedError

    from review_app.reports import templating

    env = templating.environment("es")
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    assert env.from_string("{{ _('Summary') }} {{ 'Summary' | translate('en') }}").render() == "Resumen Summary"
    with pytest.raises(UndefinedError):
        env.from_string("{{ nope }}").render()


def test_table_summarises(docs):
    text = render(check_paths([docs]), "table")
    assert "21.h" in text and "1 inconsistent" in text


def test_the_bundled_annotations_all_get_verdicts(capsys):
    assert main(["check", str(ROOT / "annotations"), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["events"] and out["errors"] == []
    for e in out["events"]:
        assert e["verdict"] in ("consistent", "inconsistent", "discretionary", "incomplete")
        assert e["clause"].startswith("21") and e["explanation"]["en"] and e["explanation"]["es"]


def test_bad_documents_get_one_line_each_and_the_rest_is_still_checked(docs, tmp_path, doc_factory, write_doc):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.json").write_text("{not json")
    newer = doc_factory(match_id="newer")
    newer["schema_version"] = "9.1"
    write_doc(newer, "bad/newer.json")
    unknown = doc_factory([dict(EVENTS[0], situation="21.zz")], match_id="unknown")
    write_doc(unknown, "bad/unknown.json")
    missing = doc_factory([EVENTS[0]], match_id="missing")
    del missing["events"][0]["call"]
    write_doc(missing, "bad/missing.json")
    proc = subprocess.run([sys.executable, "-m", "review_app", "check", str(docs), str(bad), "--format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 4 and "Traceback" not in proc.stderr
    assert any("broken.json: invalid JSON" in ln for ln in lines)
    assert any("newer.json: schema_version 9.1 is newer" in ln for ln in lines)
    assert any("unknown.json: events[0].situation: unknown clause '21.zz'" in ln for ln in lines)
    assert any("missing.json: events[0]: 'call' is a required property" in ln for ln in lines)
    assert len(json.loads(proc.stdout)["events"]) == 3


def test_a_missing_path_is_one_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "review_app", "check", str(tmp_path / "nope.json")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "nope.json: no such file" in proc.stderr


def test_out_writes_the_report_file(docs, tmp_path):
    out = tmp_path / "report.html"
    assert main(["check", str(docs), "--format", "html", "--out", str(out)]) == 0
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_rules_lists_every_provision_in_both_languages(capsys):
    assert main(["rules", "--format", "json"]) == 0
    rules = json.loads(capsys.readouterr().out)
    ids = [r["id"] for r in rules]
    for clause in ("21.a", "21.b", "21.c", "21.d", "21.e", "21.f(1)(i)", "21.f(1)(ii)", "21.f(2)", "21.f(3)",
                   "21.f(4)", "21.f(5)", "21.g", "21.h", "21.i", "21.j", "21.k", "21.l"):
        assert clause in ids
    for r in rules:
        assert r["title"]["en"] and r["title"]["es"] and r["text"]["en"] and r["text"]["es"]
    f4 = next(r for r in rules if r["id"] == "21.f(4)")
    assert f4["time_allowances"][0]["value"] == 300 and f4["time_allowances"][0]["clause"] == "21.f(4)"
    assert main(["rules", "--lang", "es"]) == 0
    assert "Caída del caballo" in capsys.readouterr().out


def test_csv_cells_never_start_a_formula_and_line_breaks_stay_in_their_cell(tmp_path):
    import json

    from match_docs import base_document, event

    doc = base_document("m1", umpires=["=HYPERLINK(\"http://x\")", "+1", "@SUM(A1)", "-2", "\tTab"])
    doc["events"] = []
    for n, name in enumerate(doc["match"]["umpires"], 1):
        e = event(f"e{n}", 10 * n, "21.i", {"cannot_be_dropped_immediately": True}, {"whistle": "at_once"},
                  umpire=name)
        e["reviewer"] = "Coach\rwith a CR"
        doc["events"].append(e)
    path = tmp_path / "m1.json"
    path.write_text(json.dumps(doc), "utf-8")
    text = render(check_paths([path]), "csv")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 1 + 5  # a CR never splits a row
    for row in rows[1:]:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row), row
    umpires = {row[rows[0].index("umpire")] for row in rows[1:]}
    assert umpires == {"'=HYPERLINK(\"http://x\")", "'+1", "'@SUM(A1)", "'-2", "'\tTab"}
    assert "Coach\rwith a CR" in {row[rows[0].index("reviewer")] for row in rows[1:]}


def test_a_typed_excusal_the_register_contradicts_is_reported_beside_the_derived_one(tmp_path):
    """21.f(5)'s clause comes from the mount register; the reviewer's own reading is kept and shown."""
    import json

    from match_docs import base_document, event

    from review_app.checker import check_paths

    doc = base_document()
    doc["schema_version"] = "2.0"
    excusal = event("e1", 100, "21.f(4)", {"player_requested_timeout": True, "player_changed_mount": True},
                    {"whistle": "at_once", "mount_excused": True, "time_allowed_s": 200},
                    players=[{"team": "red", "number": 2, "mount": "Luna"}], mount="Luna")
    back = event("e2", 900, "21.f(5)", {"detected_during_game": True}, {"penalty": "forfeiture"},
                 players=[{"team": "red", "number": 2, "mount": "Luna"}], mount="Luna")
    back["reading"] = {"excused_under": "21.f(3)"}
    doc["events"] = [excusal, back]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), "utf-8")
    e2 = next(r for r in check_paths([path]).events if r.event == "e2")
    assert e2.verdict == "consistent"  # forfeiture for a mount excused under 21.f(4), as the register shows
    assert e2.reading == {"excused_under": "21.f(3)", "derived": "21.f(4)"}
    assert "reviewer's reading: excused under 21.f(3)" in e2.explanation.render("en")
    assert "Lectura del revisor" in e2.explanation.render("es")


def test_check_html_reads_each_document_once(doc_factory, write_doc, tmp_path, monkeypatch):
    # The HTML report's notes come from the documents the check read: no document is read a second time.
    from collections import Counter

    from review_app.model import io

    first = doc_factory(EVENTS, match_id="m-one")
    first["events"][0]["notes"] = "first match, first event"
    second = doc_factory(EVENTS, match_id="m-two")
    second["events"][2]["notes"] = "second match, third event"
    paths = [write_doc(first), write_doc(second)]
    reads: Counter = Counter()
    parse = io.parse_document

    def counted(raw, path=None, origin=None):
        reads[str(path)] += 1
        return parse(raw, path, origin)

    monkeypatch.setattr(io, "parse_document", counted)
    out = tmp_path / "out" / "report.html"
    assert main(["check", str(tmp_path), "--format", "html", "--no-stills", "--out", str(out)]) == 0
    assert reads == Counter({str(p): 1 for p in paths})
    text = out.read_text("utf-8")
    assert "first match, first event" in text and "second match, third event" in text


def test_the_html_report_wants_the_documents_the_check_kept(docs):
    with pytest.raises(ValueError, match="keep_documents"):
        to_html(check_paths([docs]))
