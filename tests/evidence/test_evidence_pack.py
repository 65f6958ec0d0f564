"""The evidence pack: a bilingual self-contained HTML report, playable clips, and a manifest of hashes."""

from __future__ import annotations

import base64
import json
import re
from datetime import timedelta

import cv2
import numpy as np
import pytest
from evidence_fixtures import ATTEST, END, NOW, flip_byte
from markupsafe import escape

from review_app.evidence.state import Mark
from review_app.footage import Footage
from review_app.ground.files import file_sha256
from review_app.reports.evidence_pack import build_pack, stretches


@pytest.fixture
def pack(case, videos, tmp_path):
    ev, _ = case.add(videos["phone"], "Ana <script>", "Committee", END + timedelta(hours=3), now=NOW, attest=ATTEST)
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
    assert "mare &amp; foal" in html and "Momento (período, reloj, vídeo)" in html
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
        return Mark(1, "ev1", "x", [{"frame": f, "time_s": f / 25} for f in frames], "e2", "m", "c", "A", 1, None,
                    "r", "t")
    assert stretches([mark([10, 20])], 1.0) == [("ev1", 0.0, 1.8, [10, 20])]
    assert stretches([mark([10, 200])], 1.0) == [("ev1", 0.0, 1.4, [10]), ("ev1", 7.0, 9.0, [200])]


# -- nothing in a pack claims more than it can --------------------------------------------------------------
def test_a_pack_makes_no_clip_or_still_from_an_altered_original(case, videos, tmp_path):
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=3), now=NOW, attest=ATTEST)
    case.mark("ev1", [10], "Referee", excusal="e2", now=NOW)
    flip_byte(case.original_path(ev))
    pack = build_pack(case, tmp_path / "pack", now=NOW)
    assert pack.clips == [] and not any((tmp_path / "pack" / "clips").iterdir())
    manifest = json.loads(pack.manifest.read_text())
    assert not any(f.get("parent_sha256") for f in manifest["files"]) and not manifest["verify"]["intact"]
    html = pack.html.read_text()
    assert "data:image/png" not in html and "MISSING OR ALTERED" in html and "FALTA O FUE ALTERADO" in html


def test_the_pack_says_what_intact_means_in_both_languages(pack):
    html = pack[1].html.read_text()
    assert "rewritten whole with new hashes would pass too" in html and "reescrito entero con hashes" in html
    assert "recorded in entry 2 at" in html and "registrada en la entrada 2 el" in html


def _add(run, videos):
    return run("evidence", "add", "m21", videos["phone"], "--from", "Ana", "--received-by", "Committee",
               "--received-at", "2026-06-15T09:30:00-03:00", "--attest-as", "committee")


@pytest.mark.parametrize("argv, problem", [
    (["--out", "p", "--margin", "nan"], "--margin nan"),
    (["--out", "p", "--margin", "-1"], "--margin -1"),
    (["--out", "p", "--margin", "1e9"], "at most 60"),
    (["--out", "evidence_store/m21"], "outside the evidence store"),
    (["--out", "evidence_store/m21/originals"], "outside the evidence store"),
    (["--out", "annotations"], "holds no earlier evidence pack"),
    (["--out", "annotations/m21.json"], "is a file"),
])
def test_a_pack_goes_to_a_folder_of_its_own_outside_the_store(run, videos, tmp_path, argv, problem):
    _add(run, videos)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    code, _, err = run("evidence", "pack", "m21", *argv)
    assert code == 2 and err.startswith("polo-review: error: ") and problem in err and len(err.splitlines()) == 1
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # nothing written anywhere
    assert run("evidence", "verify", "m21")[0] == 0


def test_a_repack_leaves_no_clip_of_a_withdrawn_mark(run, videos, tmp_path):
    _add(run, videos)
    run("evidence", "mark", "m21", "ev1", "--frame", "10", "--excusal", "e2", "--by", "R")
    run("evidence", "mark", "m21", "ev1", "--frame", "70", "--excusal", "e2", "--by", "R")
    assert run("evidence", "pack", "m21", "--out", tmp_path / "pack")[0] == 0
    assert len(list((tmp_path / "pack" / "clips").iterdir())) == 2
    run("evidence", "correct", "m21", "--entry", "4", "--by", "C", "--reason", "not Blue Moon", "--withdraw")
    assert run("evidence", "pack", "m21", "--out", tmp_path / "pack")[0] == 0
    assert [p.name for p in (tmp_path / "pack" / "clips").iterdir()] == ["m21-ev1-f10-10.mp4"]
    (tmp_path / "pack" / "mine.txt").write_text("the chair's notes")
    code, _, err = run("evidence", "pack", "m21", "--out", tmp_path / "pack")
    assert code == 2 and "mine.txt" in err and (tmp_path / "pack" / "mine.txt").exists()


def test_a_21f5_tag_drawn_on_shows_its_still_with_the_drawing(doc, videos, store, tmp_path):
    """The match's 21.f(5) tags drawn on (review_app.drawings) are in the pack, their stills from the match
    footage with the drawings painted in, in each language."""
    import shutil

    from review_app.evidence import EvidenceCase
    from review_app.model import validate
    from review_app.store import open_evidence

    shutil.copy(videos["drone"], doc.path.parent / "match.mp4")  # the match's own footage
    doc.data["events"].append({
        "id": "e9", "position": {"frame": 20, "time_s": 0.8}, "situation": "21.f(5)", "facts": {}, "call": {},
        "reviewer": "Coach", "drawings": [{"id": "d1", "kind": "circle", "frame": 20, "points": [[0.5, 0.5],
                                                                                              [0.7, 0.5]],
                                           "color": "#ff0000", "by": "Coach"}]})
    validate(doc.data)
    case = EvidenceCase(doc, open_evidence(store))
    ev, _ = case.add(videos["phone"], "Ana", "Committee", END + timedelta(hours=3), now=NOW, attest=ATTEST)
    case.mark(ev.id, [10], "Referee", excusal="e2", now=NOW)
    html = build_pack(case, tmp_path / "pack", now=NOW).html.read_text("utf-8")
    stills = re.findall(r'src="data:image/jpeg;base64,([A-Za-z0-9+/=]+)" data-frame="20" data-drawings="1"', html)
    assert len(stills) == 2  # English and Spanish
    picture = cv2.imdecode(np.frombuffer(base64.b64decode(stills[0]), np.uint8), cv2.IMREAD_COLOR)
    h, w = picture.shape[:2]
    ring = picture[h // 2 - 2:h // 2 + 3, int(w * 0.7) - 2:int(w * 0.7) + 3].astype(int)
    assert ((ring[..., 2] > 150) & (ring[..., 1] < 100)).any()  # the red ring at 0.7 of the width
    assert "Drawn on the match footage" in html


def test_the_pack_names_teams_by_their_names_as_the_findings_do(pack):
    """The walk: the committee's pack said "A #2" where the findings now say "Aurora #2". Every team a sentence
    or table of the pack names reads as its name, in both languages; the ids stay only beside the names in the
    case summary's list of teams."""
    _case, p = pack
    html = p.html.read_text("utf-8")
    body = html.split("<h2>", 2)[2]  # past each section's case summary, where "Aurora (A)" lists the ids
    assert not re.findall(r"(?<![\w-])[AB] #\d", html), re.findall(r".{60}(?<![\w-])[AB] #\d.{20}", html)
    assert re.search(r"Aurora #\d", body)
