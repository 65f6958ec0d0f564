"""Export → import through every format gives every window and moment back at its frame on footage whose
frames do not start on whole microseconds (29.97 fps on a 90 kHz clock, a phone's variable rate), and a
match's own export imported back into it is recognised event by event, none refused as "other window".
An event without a window comes back one frame long, not two; EAF moments end inside their frame."""

from __future__ import annotations

import copy
import json

import pytest
from exchange_docs import document, events
from ntsc_clips import make_clip

from review_app.exchange.formats import formats
from review_app.exchange.transfer import export_match, import_file
from review_app.footage import Footage
from review_app.model import load_document


@pytest.fixture(scope="module", params=["ntsc", "phone_vfr"])
def match(request, tmp_path_factory):
    """A match on the clip, its events' frames squeezed into the clip's 150 and their times the frames'
    own, rounded to the microsecond as documents keep them (e3 loses its window: one moment alone)."""
    folder = tmp_path_factory.mktemp("match")
    clip = make_clip(request.param, folder)
    with Footage(clip.path) as video:
        times = [round(video.time_of(i), 6) for i in range(video.frame_count)]
        fps = video.info.fps
    data = document(f"{request.param}-match")
    data["footage"] = {"path": clip.path.name, "fps": round(fps, 6), "frame_count": clip.frame_count}

    def moved(node):
        if isinstance(node, dict) and set(node) == {"frame", "time_s"}:
            frame = node["frame"] // 11 + (node["frame"] % 11 > 5)
            return {"frame": frame, "time_s": times[frame]}
        if isinstance(node, dict):
            return {k: moved(v) for k, v in node.items()}
        return node

    data["events"] = [moved(copy.deepcopy(e)) for e in events()]
    e3 = data["events"][2]
    del e3["window"]
    path = folder / f"{request.param}-match.json"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    return load_document(path), times


def _frames(event: dict) -> dict:
    out = {"incident": event["position"]["frame"]}
    out.update({name: m["frame"] for name, m in (event.get("moments") or {}).items() if m})
    window = event.get("window") or {"start": event["position"], "end": event["position"]}
    out["window"] = (window["start"]["frame"], window["end"]["frame"])
    return out


@pytest.mark.parametrize("fmt", list(formats()))
def test_every_window_and_moment_comes_back_at_its_frame(match, tmp_path, fmt):
    doc, _times = match
    out = tmp_path / f"out{formats()[fmt].extension}"
    out.write_bytes(export_match(doc, fmt))
    empty = doc.copy()
    empty.data["events"] = []
    report = import_file(out, empty)
    assert report.complete and not report.refused
    got = {e["id"]: e for e in report.document.events}
    assert {eid: _frames(e) for eid, e in got.items()} == {e["id"]: _frames(e) for e in doc.events}
    # e3 had no window: it comes back one frame long, not two
    assert got["e3"]["window"]["start"]["frame"] == got["e3"]["window"]["end"]["frame"] == 82


@pytest.mark.parametrize("fmt", list(formats()))
def test_a_matchs_own_export_imported_back_into_it_adds_nothing_and_refuses_nothing(match, tmp_path, fmt):
    doc, _times = match
    out = tmp_path / f"own{formats()[fmt].extension}"
    out.write_bytes(export_match(doc, fmt))
    report = import_file(out, doc)
    assert report.refused == [] and report.imported == []
    assert sorted(report.already) == sorted(e["id"] for e in doc.events)


def test_eaf_moments_are_their_frame_in_whole_milliseconds(match, tmp_path):
    """Each moment's annotation starts at the frame's first whole millisecond and ends at its last one
    (the next frame taken from the footage's own index: on the phone's clip frames differ in length)."""
    doc, times = match
    from pympi import Elan

    out = tmp_path / "out.eaf"
    out.write_bytes(export_match(doc, "eaf"))
    eaf = Elan.Eaf(str(out))
    checked = 0
    for tier in eaf.get_tier_names():
        if "moment." not in tier:
            continue
        for start, end, _value in eaf.get_annotation_data_for_tier(tier):
            frame = max(i for i, t in enumerate(times) if t <= start / 1000 + 1e-6)
            begins, ends = times[frame] * 1000, times[frame + 1] * 1000
            assert begins <= start < begins + 1 and ends - 1 <= end < ends, (tier, start, end, begins, ends)
            checked += 1
    assert checked == 8  # the incidents of e1, e2, e3, x-4; e1's whistle and restart; e2's whistle and return
