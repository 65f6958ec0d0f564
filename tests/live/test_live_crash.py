"""`polo-review live` killed mid-recording (SIGKILL, as a power cut would): what it logged verifies and
decodes, at most the segment being written is lost, and recording again continues the same chain with
the time it was down logged as a gap."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import framecode
from live_cases import free_port
from match_docs import base_document

from review_app.live import segments
from review_app.live.feed import LiveFeed
from review_app.live.simulate import Sender, make_block


def _live(doc, port, footage, *extra):
    return subprocess.Popen([sys.executable, "-m", "review_app", "live", str(doc), "--camera",
                             f"A=udp://127.0.0.1:{port}", "--footage", str(footage), "--no-finish", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _started(folder) -> float:
    try:
        return json.loads((folder / "session.json").read_text("utf-8"))["updated_wall"]
    except (OSError, ValueError, KeyError):
        return 0.0


def _listening(folder, proc, since: float = 0.0):
    """Wait for this run of the recorder to have written its session state (it listens then)."""
    deadline = time.monotonic() + 60
    while _started(folder) <= since:
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.1)
    time.sleep(0.5)


def test_a_killed_recorder_loses_at_most_one_segment_and_continues_its_chain(tmp_path):
    block = make_block(tmp_path / "a.ts", width=192, height=108, fps=25, seconds=3.0, whistles_s=(),
                       picture=framecode.draw)
    doc = tmp_path / "m.json"
    doc.write_text(json.dumps({**base_document("crash-match"), "events": []}), "utf-8")
    footage, port = tmp_path / "footage", free_port()
    feed_dir = footage / "live" / "crash-match" / "A"
    proc = _live(doc, port, footage)
    _listening(feed_dir.parent, proc)
    sender = Sender(block, f"udp://127.0.0.1:{port}?pkt_size=1316", loops=3)
    sender.start()
    time.sleep(4.5)
    sent = sender.sent.frames
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    sender.join()

    checks = segments.verify(feed_dir)
    assert checks and all(c.ok for c in checks)
    feed = LiveFeed(feed_dir)
    assert sent - feed.frame_count <= 2 * 25  # the segment being written (a second, to the next keyframe)
    assert framecode.read(feed.picture(feed.frame_count - 1)) == (feed.frame_count - 1) % 75
    before = len(checks)

    since = time.time()
    proc = _live(doc, port, footage, "--duration", "8")
    _listening(feed_dir.parent, proc, since)
    again = Sender(block, f"udp://127.0.0.1:{port}?pkt_size=1316", loops=1)
    again.start()
    again.join()
    assert proc.wait(30) == 0
    checks = segments.verify(feed_dir)
    assert len(checks) > before and all(c.ok for c in checks)  # one chain across both runs
    gaps = LiveFeed(feed_dir).gaps()
    assert len(gaps) == 1 and gaps[0].to_s - gaps[0].from_s >= 1.0
