"""A recording registered where it lies (the Matches page's "full path of a recording already on the
server", `polo-review match new --footage PATH`) is what a match's moments were tagged on, so export and
import must place times on its own frame index, as docs/interchange.md says ("the footage's own frame
index where the footage is at hand"). Found walking issue 39 as its users: such a path lies outside the
folder that holds the match folder, `MatchDocument.footage_path` refuses it, and `exchange.timebase`
falls back to the document's average frame rate (28.15 on a phone's variable-rate clip), so moments
come back on other frames and EAF moments are not one frame long."""

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


@pytest.fixture(scope="module")
def match(tmp_path_factory):
    """A match in <workspace>/matches whose variable-rate footage is registered by its absolute path
    in another folder, its events' frames squeezed into the clip's 150 and timed as the frames are."""
    clip = make_clip("phone_vfr", tmp_path_factory.mktemp("camera-card"))
    with Footage(clip.path) as video:
        times = [round(video.time_of(i), 6) for i in range(video.frame_count)]
        fps = video.info.fps
    data = document("registered-vfr")
    data["footage"] = {"path": str(clip.path.resolve()), "fps": round(fps, 6), "frame_count": clip.frame_count}

    def moved(node):
        if isinstance(node, dict) and set(node) == {"frame", "time_s"}:
            frame = node["frame"] // 11 + (node["frame"] % 11 > 5)
            return {"frame": frame, "time_s": times[frame]}
        if isinstance(node, dict):
            return {k: moved(v) for k, v in node.items()}
        return node

    data["events"] = [moved(copy.deepcopy(e)) for e in events()]
    matches = tmp_path_factory.mktemp("workspace") / "matches"
    matches.mkdir()
    path = matches / "registered-vfr.json"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    return load_document(path)


def _frames(event: dict) -> dict:
    out = {"incident": event["position"]["frame"]}
    out.update({name: m["frame"] for name, m in (event.get("moments") or {}).items() if m})
    return out


@pytest.mark.parametrize("fmt", list(formats()))
def test_moments_on_registered_variable_rate_footage_come_back_at_their_frame(match, tmp_path, fmt):
    """The caller hands in where it allows footage (the command line: the workspace's registered recordings,
    `model.recordings.allowed_roots`); without it a path outside the project is refused and times fall back to
    the average rate, which put EAF moments on other frames (found walking issue 39)."""
    roots = [match.footage["path"].rsplit("/", 1)[0]]
    out = tmp_path / f"out{formats()[fmt].extension}"
    out.write_bytes(export_match(match, fmt, roots=roots))
    empty = match.copy()
    empty.data["events"] = []
    report = import_file(out, empty, roots=roots)
    assert report.complete and not report.refused
    got = {e["id"]: _frames(e) for e in report.document.events}
    assert got == {e["id"]: _frames(e) for e in match.events}
