"""Interchange never moves or clamps a time: an instance timed outside the footage, or at no finite
time, is listed with its id and the whole file refused (exit 1, the match's bytes unchanged); EAF
writes each time so that it reads back within the same frame; every bundled match goes through every
format and comes back with every moment at its frame, and its own export imported back into it adds and
refuses nothing; the size limit is said in the bytes it counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from exchange_docs import document, write

from review_app.cli import main
from review_app.exchange import eaf, sportscode, table, timebase
from review_app.exchange.errors import MAX_FILE_BYTES, ExchangeError, check_size
from review_app.exchange.formats import formats
from review_app.exchange.transfer import export_match, import_file
from review_app.model import load_document

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "annotations").glob("*.json"))


@pytest.fixture
def folder(tmp_path):
    write(tmp_path, document(with_events=False))  # 15000 frames at 25 fps: 600 s of footage
    return tmp_path


def _xml(*instances: tuple[str, str, str]) -> bytes:
    body = b"".join(f"<instance><ID>{i}</ID><code>21.j</code><start>{s}</start><end>{e}</end></instance>".encode()
                    for i, s, e in instances)
    return b"<file><ALL_INSTANCES>" + body + b"</ALL_INSTANCES></file>"


@pytest.mark.parametrize("bad, why", [
    (("late", "598", "640.5"), "its end, 640.5 s, is past the end of the footage (600.000 s long)"),
    (("huge", "10", "1e400"), "its end (inf) is not a finite time"),
    (("never", "inf", "inf"), "its start (inf) is not a finite time"),
])
def test_an_instance_outside_the_footage_is_listed_and_nothing_is_imported(folder, tmp_path, capsys, bad, why):
    path = tmp_path / "other.xml"
    path.write_bytes(_xml(("fine", "10", "12"), bad))
    match = folder / "exchange-match.json"
    before = match.read_bytes()
    assert main(["import", str(path), "--match", "exchange-match", "--annotations", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "imported 0 events" in out and "NOTHING IMPORTED: 1 instances are not timed within the footage" in out
    assert f"    {bad[0]} (21.j): {why}" in out
    assert "fine" not in out.split("NOTHING IMPORTED")[1]  # the instance that fits is not listed as outside
    assert match.read_bytes() == before


def test_a_csv_row_past_the_end_or_not_finite_is_refused_too(folder, tmp_path):
    path = tmp_path / "rows.csv"
    path.write_text("id,start,end,code\r\na,1,2,21.j\r\nb,700,701,21.j\r\nc,nan,1,21.j\r\nd,3,-inf,21.j\r\n", "utf-8")
    report = import_file(path, load_document(folder / "exchange-match.json"))
    assert not report.imported and not report.complete
    assert [(i.id, why) for i, why in report.outside] == [
        ("b", "its start, 700 s, is past the end of the footage (600.000 s long)")]
    assert len(report.unreadable) == 2  # nan and an end before its start: not times, listed as not read
    assert report.document.events == []


def test_a_moment_past_the_footage_is_refused_even_with_its_window_inside(folder, tmp_path):
    path = tmp_path / "m.xml"
    path.write_bytes(b"<file><ALL_INSTANCES><instance><ID>w</ID><code>21.j</code><start>1</start><end>2</end>"
                     b"<label><group>moment.whistle</group><text>1.5 (frame 20000)</text></label>"
                     b"</instance></ALL_INSTANCES></file>")
    report = import_file(path, load_document(folder / "exchange-match.json"))
    assert [why for _, why in report.outside] == [
        "its moment.whistle moment is at frame 20000, past the footage's last frame (14999)"]
    assert not report.imported


def test_the_size_limit_is_said_in_the_bytes_it_counts():
    check_size(MAX_FILE_BYTES, "a file", "f.xml")  # exactly 50 MB (50,000,000 bytes) is within it
    with pytest.raises(ExchangeError, match=r"50,000,001 bytes, more than the 50,000,000 bytes \(50 MB\)"):
        check_size(MAX_FILE_BYTES + 1, "a file", "f.xml")
    big = b" " * (MAX_FILE_BYTES + 1)
    for parse in (sportscode.parse, table.parse):
        with pytest.raises(ExchangeError, match="50,000,000 bytes"):
            parse(big, "big")


def test_eaf_writes_a_time_inside_its_frame_not_before_it():
    assert eaf._ms(3.116322) == 3117  # 3116 ms is before the frame starts
    assert eaf._ms(10.48) == 10480  # a whole millisecond stays itself
    assert eaf._ms(0.0) == 0


def _moments(event: dict) -> dict[str, int]:
    out = {"incident": event["position"]["frame"]}
    out.update({name: m["frame"] for name, m in (event.get("moments") or {}).items() if m})
    if event.get("window"):
        out["window"] = (event["window"]["start"]["frame"], event["window"]["end"]["frame"])
    return out


def _window_of_moments(event: dict) -> tuple[int, int]:
    frames = [f for name, f in _moments(event).items() if name != "window"]
    return min(frames), max(frames)


@pytest.mark.parametrize("fmt", list(formats()))
@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_every_bundled_match_comes_back_with_every_moment_at_its_frame(tmp_path, path, fmt):
    """Through each format and back into the match emptied of its events, timed by the footage's own
    frame index where the clip is at hand (the lodged-ball clip has a variable frame rate)."""
    doc = load_document(path)
    assert doc.events
    out = tmp_path / f"out{formats()[fmt].extension}"
    out.write_bytes(export_match(doc, fmt))
    empty = doc.copy()
    empty.data["events"] = []
    has_footage = bool((doc.data.get("footage") or {}).get("path"))
    fps = None if has_footage else timebase.FALLBACK_FPS  # the worked examples record no rate: frames of 1/25 s
    if has_footage:
        assert isinstance(timebase.for_import(empty), timebase.FootageTimes)
    report = import_file(out, empty, fps=fps)
    assert report.complete, (report.outside, report.refused, report.unreadable)
    got = {e["id"]: e for e in report.document.events}
    for event in doc.events:
        back = _moments(got[event["id"]])
        # an event without a window comes back with the span of its moments' frames, one frame at least
        assert back.pop("window") == _moments(event).get("window", _window_of_moments(event)), event["id"]
        assert back == {k: v for k, v in _moments(event).items() if k != "window"}, event["id"]


@pytest.mark.parametrize("fmt", list(formats()))
@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_every_bundled_match_takes_its_own_export_back_as_the_events_it_holds(tmp_path, path, fmt):
    doc = load_document(path)
    out = tmp_path / f"own{formats()[fmt].extension}"
    out.write_bytes(export_match(doc, fmt))
    has_footage = bool((doc.data.get("footage") or {}).get("path"))
    report = import_file(out, doc, fps=None if has_footage else timebase.FALLBACK_FPS)
    assert report.refused == [] and report.imported == [] and report.complete
    assert sorted(report.already) == sorted(e["id"] for e in doc.events)


def test_the_variable_frame_rate_sample_is_among_them():
    doc = load_document(ROOT / "annotations" / "sample-lodged-ball.json")
    footage = timebase.for_import(doc)
    assert footage._footage.info.variable_frame_rate
