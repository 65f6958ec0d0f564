"""The recorder's arrival clock puts each picture at the instant the camera's stream made it showable, for a
camera whose encoder uses B-frames as for one that does not (issue 36: marks leaned early on feeds with
B-frames, and a frame early on every MPEG-TS feed).

A relay between each simulated camera and the recorder (`benchmarks.live_feeds.Relay`, the live benchmark's own)
notes when each video frame went through (the wire).
A stream is sent in decoding order: by the time its k-th video packet came, its first k pictures (in the
order shown) could be shown, whatever the camera's own delays. So the k-th picture's time on the arrival
clock (the recording's time less the connection's lag) is when the k-th packet came, for the packets the
camera sent soonest."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pytest
from live_cases import free_port

from review_app.live.feed import LiveFeed
from review_app.live.session import LiveSession
from review_app.live.simulate import Sender, make_block

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the checkout, where benchmarks/ lives
    sys.path.insert(0, str(ROOT))

from benchmarks.live_feeds import Relay  # noqa: E402  (the live benchmark's relay: one wire, measured alike)

SECONDS = 4.0
CAMERAS = {"bframes": (25, 2), "plain": (30, 0)}  # name: (fps, consecutive B-frames)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    where = tmp_path_factory.mktemp("arrival")
    made = {name: make_block(where / f"{name}.ts", width=320, height=180, fps=fps, seconds=SECONDS, whistles_s=(),
                             bframes=bframes, seed=k + 1)
            for k, (name, (fps, bframes)) in enumerate(CAMERAS.items())}
    wires = {name: Relay(free_port()) for name in made}
    session = LiveSession("arrival", None, where / "footage",
                          [(name, f"udp://127.0.0.1:{wire.to[1]}") for name, wire in wires.items()])
    session.start()
    for wire in wires.values():
        wire.start()
    time.sleep(0.4)  # listening before the cameras send, as at a field
    senders = {name: Sender(made[name], f"udp://127.0.0.1:{wires[name].port}?pkt_size=1316") for name in made}
    for s in senders.values():
        s.start()
    for s in senders.values():
        s.join(SECONDS + 10)
    time.sleep(1.2)  # the last packets through
    session.stop.set()
    session.run(0.001)
    for wire in wires.values():
        wire.stop.set()
    return session, senders, wires


@pytest.mark.parametrize("name", list(CAMERAS))
def test_each_picture_is_on_the_arrival_clock_when_the_stream_made_it_showable(recorded, name):
    session, senders, wires = recorded
    fps, _bframes = CAMERAS[name]
    feed = LiveFeed(session.folder / name)
    sent = senders[name].sent.frames
    assert sent == round(SECONDS * fps) == len(wires[name].sent)
    # every picture, in order, but the last two: the demuxer hands a frame over only once the next has begun
    assert sent - 2 <= feed.frame_count <= sent
    arrival = feed.times() + feed.arrival_first_s  # each picture on the arrival clock (seconds since the start)
    came = np.asarray([wall for wall, _pts, _dts in wires[name].sent[:feed.frame_count]]) - session.zero_wall
    lean = arrival - came
    # A sender's own delays (a camera's encoding, this simulator's muxer waiting for sound) put a picture on the
    # wire after it could have been: the arrival clock is the soonest pictures' (its lag a high percentile),
    # so at the 95th percentile it is where they came; the median says how much later the rest came.
    edge, middle = float(np.percentile(lean, 95)), float(np.median(lean))
    assert abs(edge) < 0.25 / fps, (f"{name}: the arrival clock puts the soonest pictures {edge * 1000:+.1f} ms from "
                                    f"when they came (median {middle * 1000:+.1f} ms; lag {feed.arrival_lag_s:.3f} s)")
