"""Importing what other tools wrote: a hand-written Sportscode XML with labels, colours, children in
another order, text IDs and a bare '&'; every instance is imported or listed, never dropped. Bad
input is one line naming the file, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from exchange_docs import document, write

from review_app.cli import main
from review_app.exchange import mapping, sportscode
from review_app.exchange.errors import ExchangeError
from review_app.exchange.transfer import import_file
from review_app.model import load_document

FILES = Path(__file__).parent / "files"


@pytest.fixture
def folder(tmp_path):
    write(tmp_path, document(with_events=False))
    return tmp_path


def test_the_other_tools_file_reads_whatever_order_its_children_come_in():
    timeline, problems = sportscode.parse((FILES / "other_tool.xml").read_bytes())
    assert not problems
    assert [(i.id, i.code, i.start, i.end) for i in timeline.instances] == [
        ("Foul A", "Foul & card", 18.04, 24.5), ("17", "SAFETY", 61.2, 66.0), ("k1", "Kick-off", 0.0, 3.5),
        ("coach-tt", "Timeout Coach", 122.4, 130.0), ("end P1", "21.j", 420.0, 425.2)]
    assert [(lb.group, lb.text) for lb in timeline.instances[0].labels] == [
        (None, "Yellow card"), ("Whistle", "Late"), ("Player", "Red 3")]
    assert {r.code: r.rgb for r in timeline.rows} == {"Foul & card": (255, 0, 0), "SAFETY": (0, 128, 255)}


def test_every_instance_is_imported_or_listed(folder):
    doc = load_document(folder / "exchange-match.json")
    report = import_file(FILES / "other_tool.xml", doc, mapping=mapping.load(FILES / "other_tool.toml"))
    imported = dict(report.imported)
    assert set(imported) == {"Foul A", "17", "end P1"}
    assert [i.id for i in report.left_out] == ["k1"]
    assert report.unmapped_codes() == {"Timeout Coach": ["coach-tt"]}
    assert not report.refused and not report.unreadable and not report.complete  # one code unmapped
    every = set(imported) | {i.id for i in report.left_out} | {i.id for i in report.unmapped}
    assert every == {"Foul A", "17", "k1", "coach-tt", "end P1"}
    events = {e["id"]: e for e in report.document.events}
    foul = events[imported["Foul A"]]
    assert foul["situation"] == "21.b" and foul["call"] == {"card": "yellow", "whistle": "delayed"}  # mapped labels
    assert foul["window"]["start"] == {"frame": 451, "time_s": 18.04}
    assert "Player: Red 3" in foul["notes"]  # a label that fits no field is kept, and said
    assert events["17"]["situation"] == "21.a" and events["17"]["call"] == {"penalty": "penalty_5"}
    assert events[imported["end P1"]]["facts"] == {"period_time_expired": True}
    assert [(eid, lb.text) for eid, lb, _ in report.labels_kept] == [
        (imported["Foul A"], "Red 3"), ("17", "Blue"), ("17", "Red")]


def test_cli_import_saves_and_lists_what_it_could_not_map(folder, capsys):
    code = main(["import", str(FILES / "other_tool.xml"), "--match", "exchange-match", "--annotations", str(folder),
                 "--mapping", str(FILES / "other_tool.toml")])
    out = capsys.readouterr().out
    assert code == 1  # something was not imported
    assert "imported 3 events into exchange-match" in out
    assert "'Timeout Coach': 1 (coach-tt)" in out and '# "Timeout Coach" = "21.?"' in out
    assert "left out by the mapping: k1 (Kick-off)" in out
    saved = json.loads((folder / "exchange-match.json").read_text("utf-8"))
    assert len(saved["events"]) == 3 and saved["revision"] == 2


def test_cli_dry_run_saves_nothing(folder, capsys):
    before = (folder / "exchange-match.json").read_bytes()
    main(["import", str(FILES / "other_tool.xml"), "--match", "exchange-match", "--annotations", str(folder),
          "--mapping", str(FILES / "other_tool.toml"), "--dry-run"])
    assert "would import 3 events" in capsys.readouterr().out
    assert (folder / "exchange-match.json").read_bytes() == before


def test_without_a_mapping_only_clause_ids_and_titles_map(folder):
    report = import_file(FILES / "other_tool.xml", load_document(folder / "exchange-match.json"))
    assert [i for i, _ in report.imported] == ["end P1"]
    assert set(report.unmapped_codes()) == {"Foul & card", "SAFETY", "Kick-off", "Timeout Coach"}


def test_a_title_in_either_language_maps_to_its_clause():
    m = mapping.Mapping()
    assert m.situation("21.B") == "21.b"
    assert m.situation("  ball hit across END line   (safety) ") == "21.a"
    from review_app.i18n import translate
    from review_app.rules import provision

    assert m.situation(translate(provision("21.h").title, "es")) == "21.h"


@pytest.mark.parametrize("text, problem", [
    (b"<file><ALL_INSTANCES><instance><ID>1</ID>", "not well-formed XML at line 1"),
    (b"<?xml version='1.0'?><!DOCTYPE file [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><file>&x;</file>",
     "refused: the XML declares entities"),
    (b"<?xml version='1.0'?><!DOCTYPE f [<!ENTITY a 'aaaa'><!ENTITY b '&a;&a;'>]><file>&b;</file>",
     "refused: the XML declares entities"),
    (b"<html><body>hello</body></html>", "not a Sportscode XML file (its root is <html>"),
])
def test_bad_xml_is_one_line_naming_the_file(folder, tmp_path, capsys, text, problem):
    bad = tmp_path / "bad.xml"
    bad.write_bytes(text)
    assert main(["import", str(bad), "--match", "exchange-match", "--annotations", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and problem in err and "Traceback" not in err


def test_an_instance_without_times_is_listed_not_dropped(folder, tmp_path):
    bad = tmp_path / "some.xml"
    bad.write_bytes(b"<file><ALL_INSTANCES><instance><ID>a</ID><code>21.j</code><start>x</start><end>1</end>"
                    b"</instance><instance><ID>b</ID><code>21.j</code><start>1</start><end>2</end></instance>"
                    b"</ALL_INSTANCES></file>")
    report = import_file(bad, load_document(folder / "exchange-match.json"))
    assert [i for i, _ in report.imported] == ["b"]
    assert report.unreadable == ["instance a (21.j): start and end are not times in seconds, start before end"]


@pytest.mark.parametrize("args, problem", [
    (["import", "missing.xml", "--match", "exchange-match"], "missing.xml: no such file"),
    (["import", "{other}", "--match", "no-such-match"], "unknown match 'no-such-match'"),
    (["import", "{other}", "--match", "exchange-match", "--mapping", "{broken_toml}"], "not a TOML mapping"),
    (["import", "{other}", "--match", "exchange-match", "--mapping", "{wrong_clause}"],
     "[codes] 'Foul' = '21.zz': not a clause id"),
    (["import", "{eaf_broken}", "--match", "exchange-match"], "not well-formed XML"),
    (["import", "{odd}", "--match", "exchange-match"], "unknown format"),
    (["export", "no-such-match", "--format", "eaf"], "unknown match 'no-such-match'"),
])
def test_bad_input_is_one_line_and_exit_2(folder, tmp_path, capsys, monkeypatch, args, problem):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.toml").write_text("[codes\n", "utf-8")
    (tmp_path / "wrong.toml").write_text('[codes]\n"Foul" = "21.zz"\n', "utf-8")
    (tmp_path / "broken.eaf").write_text("<ANNOTATION_DOCUMENT><TIER>", "utf-8")
    (tmp_path / "odd.dat").write_text("hello", "utf-8")
    names = {"other": str(FILES / "other_tool.xml"), "broken_toml": "broken.toml", "wrong_clause": "wrong.toml",
             "eaf_broken": "broken.eaf", "odd": "odd.dat"}
    args = [a.format(**names) for a in args] + ["--annotations", str(folder)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "Traceback" not in err, err


def test_a_match_without_a_frame_rate_asks_for_fps(tmp_path):
    data = document("no-rate", with_events=False)
    del data["footage"]
    doc = load_document(write(tmp_path, data))
    with pytest.raises(ExchangeError, match="give --fps"):
        import_file(FILES / "other_tool.xml", doc)
    report = import_file(FILES / "other_tool.xml", doc, fps=50)
    assert report.document.events[0]["window"]["start"] == {"frame": 21000, "time_s": 420.0}


def test_cli_export_writes_the_file_atomically(folder, tmp_path, capsys):
    src = write(tmp_path / "src", document()) if (tmp_path / "src").mkdir() is None else None
    out = tmp_path / "x.eaf"
    assert main(["export", str(src), "--format", "eaf", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"<?xml") and b"ANNOTATION_DOCUMENT" in out.read_bytes()
    assert "wrote" in capsys.readouterr().err


def test_cli_export_of_one_reviewer_counts_their_events(tmp_path, capsys):
    (tmp_path / "src").mkdir()
    src = write(tmp_path / "src", document())
    out = tmp_path / "x.eaf"
    assert main(["export", str(src), "--format", "eaf", "--reviewer", "Dario Panel", "--out", str(out)]) == 0
    assert f"wrote {out}: 2 events of " in capsys.readouterr().err
    assert main(["export", str(src), "--format", "eaf", "--out", str(out)]) == 0
    assert f"wrote {out}: 4 events of " in capsys.readouterr().err
