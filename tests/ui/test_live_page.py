"""The Live page's Python side, through the app's entry point (Streamlit's AppTest; the browser test
drives the frame view itself): with no live recording it says how to start one, in both languages; on a
recorded feed it lists the whistles heard and the gap, and records a review decision in the match."""

from __future__ import annotations

import json

import framecode
from ui_fixtures import make_app

from review_app.ground.files import atomic_write_json
from review_app.live import segments
from review_app.live.simulate import make_block


def _recorded_feed(folder, block, *, gap=None, whistle_s=1.0):
    """A feed folder as the recorder leaves it: the block as its one segment, logged with its frames'
    timestamps, hash and chain link, a whistle heard, and (optionally) a gap."""
    import av

    folder.mkdir(parents=True)
    seg = folder / "seg-000001.ts"
    seg.write_bytes(block.path.read_bytes())
    with av.open(str(seg)) as c:
        stream = c.streams.video[0]
        pts = sorted(p.pts for p in c.demux(stream) if p.pts is not None)
        tb = stream.time_base
    sha = segments.file_sha256(seg)
    first = float(pts[0] * tb)
    segments.append(folder, {"segment": 1, "file": seg.name, "sha256": sha,
                             "chain": segments.chain_next(segments.chain_start(folder.name), sha),
                             "frames": len(pts), "bytes": seg.stat().st_size, "first_s": first,
                             "end_s": float(pts[-1] * tb) + 0.04, "time_base": [tb.numerator, tb.denominator],
                             "pts": pts, "closed_wall": 0.0})
    segments.append(folder, {"whistle": {"start_s": first + whistle_s, "end_s": first + whistle_s + 0.3,
                                         "heard_wall": 0.0}})
    if gap:
        segments.append(folder, {"gap": {"from_s": first + gap[0], "to_s": first + gap[1], "from_wall": 0,
                                         "to_wall": 0}})


def test_no_live_recording_says_how_to_start_one(workspace):
    for lang, words in (("en", "polo-review live MATCH"), ("es", "Todavía no hay grabación en vivo")):
        at = make_app(lang=lang)
        at.switch_page("app_pages/live.py").run()
        assert not at.exception, at.exception
        assert any(words in i.value for i in at.info)


def test_a_recorded_feed_shows_its_whistles_and_gap_and_a_decision_is_recorded(workspace, tmp_path):
    block = make_block(tmp_path / "a.ts", width=160, height=90, fps=25, seconds=2.0, whistles_s=(1.0,),
                       picture=framecode.draw)
    live = workspace["footage"] / "live" / "test-match"
    _recorded_feed(live / "A", block, gap=(0.5, 0.9))
    atomic_write_json(live / "session.json", {"match_id": "test-match", "document": str(workspace["document"]),
                                              "cameras": ["A"], "zero_wall": 1.0, "state": "stopped",
                                              "updated_wall": 1.0, "feeds": []})
    at = make_app()
    at.switch_page("app_pages/live.py").run()
    assert not at.exception, at.exception
    captions = " ".join(c.value for c in at.caption)
    assert "Whistles heard: 1; the last at 0:01.00 (frame 25)" in captions
    assert "A: no signal 0:00.50–0:00.90 (0.4 s), reconnected" in captions
    at.radio[0].set_value("overturned")
    at.text_area[-1].input("Replay shows no cross")
    next(b for b in at.button if b.label == "Record the review decision").click().run()
    assert not at.exception, at.exception
    saved = json.loads(workspace["document"].read_text("utf-8"))["review_decisions"]
    assert saved == [{**saved[0], "whistle": {"frame": 25, "time_s": 1.0}, "decision": "overturned",
                      "reason": "Replay shows no cross", "by": "Tester", "event": None}]
