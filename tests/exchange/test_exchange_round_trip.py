"""Export → import through each format gives back every event: its window, its code (the situation),
and every field the labels carry (call, facts, moments, players, notes...)."""

from __future__ import annotations

import json
import re

import pytest
from exchange_docs import FPS, document, events, write

from review_app.exchange import eaf, sportscode, table, timebase
from review_app.exchange.formats import formats
from review_app.exchange.mapping import Mapping
from review_app.exchange.transfer import export_match, import_file, import_timeline, read_file
from review_app.model import document_from_data, load_document


def _empty(tmp_path):
    return load_document(write(tmp_path, document(with_events=False)))


def _full():
    return document_from_data(document())


@pytest.mark.parametrize("fmt", list(formats()))  # every registered format
def test_round_trip_reproduces_every_event(tmp_path, fmt):
    path = tmp_path / f"out{formats()[fmt].extension}"
    path.write_bytes(export_match(_full(), fmt))
    report = import_file(path, _empty(tmp_path))
    assert report.complete and not report.labels_kept and not report.position_guessed
    assert [i for i, _ in report.imported] == ["e1", "e2", "e3", "x-4"]
    got = {e["id"]: e for e in report.document.events}
    for want in events():
        assert got[want["id"]]["window"] == want["window"]
        assert got[want["id"]]["situation"] == want["situation"]
        # moments left empty (None) are nothing to carry; everything else comes back as it was
        want = json.loads(json.dumps(want))
        want["moments"] = {k: v for k, v in (want.get("moments") or {}).items() if v} or None
        if want["moments"] is None:
            del want["moments"]
        assert got[want["id"]] == want


def test_round_trip_through_eaf_keeps_overlapping_windows_of_one_reviewer_apart(tmp_path):
    data = document()
    # e2 and a copy of it overlapping in time, both by Carla Coach: ELAN needs a second set of tiers
    twin = json.loads(json.dumps(data["events"][1]))
    twin["id"] = "e2b"
    twin["call"]["penalty"] = "penalty_6"
    data["events"].append(twin)
    path = tmp_path / "out.eaf"
    path.write_bytes(export_match(document_from_data(data), "eaf"))
    tiers = {t for t in path.read_text("utf-8").split('TIER_ID="')[1:] for t in [t.split('"')[0]]}
    assert "Carla Coach | situation" in tiers and "Carla Coach #2 | situation" in tiers
    report = import_file(path, _empty(tmp_path))
    got = {e["id"]: e for e in report.document.events}
    assert got["e2b"]["call"]["penalty"] == "penalty_6" and got["e2"]["call"]["penalty"] == "penalty_5"
    assert got["e2b"]["window"] == got["e2"]["window"]


def test_eaf_has_tiers_per_reviewer_controlled_vocabularies_and_one_frame_moments(tmp_path):
    path = tmp_path / "out.eaf"
    path.write_bytes(export_match(_full(), "eaf"))
    from pympi import Elan

    e = Elan.Eaf(str(path))
    assert {e.get_parameters_for_tier(t)["PARTICIPANT"] for t in e.get_tier_names()} == {"Carla Coach", "Dario Panel"}
    assert "situation" in e.get_controlled_vocabulary_names() and "call.whistle" in e.get_controlled_vocabulary_names()
    assert e.linguistic_types["situation"]["CONTROLLED_VOCABULARY_REF"] == "situation"
    whistles = e.get_annotation_data_for_tier("Carla Coach | moment.whistle")
    # one frame long: the whole milliseconds inside the 40 ms frame, so the end is still that frame
    assert [(s, t - s, v) for s, t, v in whistles] == [(10480, 39, "e1"), (36200, 39, "e2")]
    assert e.get_annotation_data_for_tier("Dario Panel | situation") == [(35600, 38000, "21.a"), (59600, 60000, "21.j")]


def test_sportscode_xml_has_instances_labels_and_row_colours():
    xml = export_match(_full(), "sportscode-xml").decode("utf-8")
    timeline, problems = sportscode.parse(xml.encode("utf-8"))
    assert not problems
    first = timeline.instances[0]
    assert (first.id, first.start, first.end, first.code) == ("e1", 8.0, 13.2, "21.b")
    assert ("call.penalty_to", "blue") in [(lb.group, lb.text) for lb in first.labels]
    assert ("call.card_to", "red #3") in [(lb.group, lb.text) for lb in first.labels]
    assert "Blue 1 &amp; rode on &lt;fast&gt;" in xml  # escaped when written
    rows = {r.code: r.rgb for r in timeline.rows}
    assert set(rows) == {"21.a", "21.b", "21.j"} and len(set(rows.values())) == 3
    sixteen_bit = [int(v) for c in "RGB" for v in re.findall(rf"<{c}>(\d+)</{c}>", xml)]
    assert len(sixteen_bit) == 9 and all(v % 257 == 0 and v <= 65535 for v in sixteen_bit)


def test_csv_neutralises_formulas_and_reads_them_back(tmp_path):
    text = export_match(_full(), "csv").decode("utf-8")
    assert "'=not a formula" in text and text.endswith("\r\n")
    timeline, problems = table.parse(text.encode("utf-8"))
    assert not problems
    assert timeline.instances[2].texts("notes") == ["=not a formula"]


def test_instants_are_padded_to_one_frame_and_windows_without_one_get_the_moments_span(tmp_path):
    data = document()
    del data["events"][0]["window"]
    path = tmp_path / "out.eaf"
    path.write_bytes(export_match(document_from_data(data), "eaf"))
    timeline, _ = eaf.parse(path)
    e1 = next(i for i in timeline.instances if i.id == "e1")
    assert (e1.start, e1.end) == (250 / FPS, 320 / FPS)  # incident to restart


def test_export_of_one_reviewer(tmp_path):
    timeline, _ = sportscode.parse(export_match(_full(), "sportscode-xml", reviewer="Dario Panel"))
    assert [i.id for i in timeline.instances] == ["e3", "x-4"]


def test_importing_the_same_file_twice_adds_nothing_the_second_time(tmp_path):
    doc = _empty(tmp_path)
    path = tmp_path / "out.xml"
    path.write_bytes(export_match(_full(), "sportscode-xml"))
    first = import_file(path, doc)
    second = import_timeline(read_file(path)[0], first.document, Mapping(), timebase.ConstantRate(FPS))
    assert second.already == ["e1", "e2", "e3", "x-4"] and not second.imported


def test_importing_its_own_export_back_into_the_match_copies_nothing(tmp_path):
    """A match whose events have no window (the bundled samples): exported and imported into itself, each
    event is recognised (same id, situation and moment), not added a second time; one changed in the
    file is listed, not copied."""
    data = document()
    for e in data["events"]:
        del e["window"]
    doc = load_document(write(tmp_path, data))
    path = tmp_path / "out.xml"
    path.write_bytes(export_match(doc, "sportscode-xml"))
    report = import_file(path, doc)
    assert report.already == ["e1", "e2", "e3", "x-4"] and not report.imported and report.complete
    path.write_bytes(path.read_bytes().replace(b"<text>penalty_5</text>", b"<text>penalty_6</text>"))
    changed = import_file(path, doc)
    assert [(i.id, why.split(";")[0]) for i, why in changed.refused] == [
        ("e2", "the match holds e2 at this moment under 21.a, with other call")]
    assert len(changed.document.events) == 4
