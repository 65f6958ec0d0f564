"""The evidence pack: a bilingual self-contained HTML report, playable clips, and a manifest of hashes."""

from __future__ import annotations

import base64
import json
import re
from datetime import timedelta
from html import escape

import cv2
import numpy as np
import pytest
from evidence_fixtures import END, NOW

from review_app.evidence.pack import build_pack, stretches
from review_app.evidence.state import Mark
from review_app.evidence.store import file_sha256
from review_app.footage import Footage


@pytest.fixture
def pack(case, videos, tmp_path):
    ev, _ = case.add(videos["phone"], "Ana <script>", "Committee", END + timedelta(hours=3), now=NOW)
    case.mark(ev.id, [10, 12], "Referee", excusal="e2", note="mare & foal", now=NOW)
    case.mark(ev.id, [60], "Referee", excusal="e2", now=NOW)
    case.decide("forfeiture", "Chair", now=NOW)
    return case, build_pack(case, tmp_path / "pack", now=NOW)


def test_the_report_is_in_english_and_spanish_with_the_rule_text(pack):
    case, p = pack
    html = p.html.read_text("utf-8")
    assert '<section class="lang" lang="en"' in html and '<section class="lang" lang="es"' in html
    d = case.state().decision
    assert escape(d.data["rule_text"]["en"]) in html and escape(d.data["rule_text"]["es"]) in html
    assert "Pérdida del partido" in html and "Forfeiture" in html
    assert "English text prevails" in html and "21.f(5)" in html
    assert "Ana &lt;script&gt;" in html and "<script>" not in html  # names are escaped
    assert case.state().head in html


def test_stills_are_embedded_png_with_frame_numbers_and_times(pack):
    case, p = pack
    html = p.html.read_text("utf-8")
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert len(images) == 2 * 3  # three marked frames, in each language
    still = cv2.imdecode(np.frombuffer(base64.b64decode(images[0]), np.uint8), cv2.IMREAD_COLOR)
    with Footage(case.original_path(case.state().evidence["ev1"])) as v:
        assert still.shape == v.frame(10).image.shape
    assert "ev1 · frame 10 · 0.400 s" in html and "ev1 · fotograma 60 · 2.400 s" in html


def test_clips_play_in_a_browser_and_record_their_parent(pack):
    case, p = pack
    ev = case.state().evidence["ev1"]
    assert [(c.first_frame, c.last_frame, c.frames) for c in p.clips] == [(0, 74, (10, 12, 60))]
    for clip in p.clips:
        with Footage(clip.path) as v:
            assert v.info.codec == "h264" and v.info.container.startswith("mov,mp4")
        assert clip.parent_sha256 == ev.sha256
    manifest = json.loads(p.manifest.read_text())
    for f in manifest["files"]:
        assert file_sha256(p.html.parent / f["path"]) == f["sha256"]
    assert manifest["log_head"] == case.state().head and manifest["verify"]["intact"]
    assert (p.html.parent / "case.jsonl").read_bytes() == case.log.raw()


def test_stretches_merge_nearby_marks_and_split_distant_ones():
    def mark(frames):
        return Mark(1, "ev1", "x", [{"frame": f, "time_s": f / 25} for f in frames], "e2", "m", "c", "A", 1, None, "r", "t")
    assert stretches([mark([10, 20])], 1.0) == [("ev1", 0.0, 1.8, [10, 20])]
    assert stretches([mark([10, 200])], 1.0) == [("ev1", 0.0, 1.4, [10]), ("ev1", 7.0, 9.0, [200])]
