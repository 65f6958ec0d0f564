"""Frames for browsers (footage.frames and footage.web): the first frame at once, exact frames in any
order once the index is built, one shared source per recording, bounded caches, the addresses."""

from __future__ import annotations

import asyncio
import random
import shutil
import threading

import framecode
import pytest
from starlette.applications import Starlette

from review_app.footage import Footage, VideoWriter, frames, web
from review_app.footage import footage as footage_module
from review_app.footage.errors import FrameOutOfRange, VideoOpenFailure

GOP = 25


@pytest.fixture(scope="module")
def coded(tmp_path_factory):
    """200 frames, each showing its own number (framecode), 25-frame GOPs with B-frames."""
    path = tmp_path_factory.mktemp("frames") / "coded.mp4"
    with VideoWriter(path, 320, 192, fps=25, gop=GOP, bframes=2) as out:
        for i in range(200):
            out.write(framecode.draw(i, 320, 192))
    return path


@pytest.fixture
def fresh(coded, tmp_path, monkeypatch):
    """A copy nobody has opened, with its own index cache."""
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "match.mp4"
    shutil.copy(coded, path)
    return path


def shown(jpeg: bytes) -> int | None:
    import cv2
    import numpy as np

    return framecode.read(cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR))


def test_the_first_frame_comes_before_the_index_and_the_rest_after(fresh, monkeypatch):
    gate = threading.Event()
    real = footage_module.scan_file

    def slow_scan(*args, **kwargs):
        gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(footage_module, "scan_file", slow_scan)
    source = frames.open_source(fresh)
    assert not source.ready and shown(source.image(0)) == 0  # at once, from the file itself
    with pytest.raises(frames.NotReady, match="still being indexed"):
        source.image(5)
    gate.set()
    assert source.wait(10) and source.error is None
    assert shown(source.image(5)) == 5 and source.footage.info.sha256


def test_every_frame_is_exact_in_any_order(fresh):
    source = frames.open_source(fresh)
    source.wait()
    order = [0, 1, 2, 3, 120, 60, 59, 58, 51, 50, 49, 48, 30, 31, 199, 198, 100, 102, 101, 103]
    order += random.Random(3).sample(range(200), 40)
    for i in order:
        assert shown(source.image(i)) == i, i
    assert shown(source.image(77, "png")) == 77 and source.image(77, "png")[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(FrameOutOfRange):
        source.image(200)


def test_requests_arriving_together_each_get_their_frame(fresh):
    source = frames.open_source(fresh)
    source.wait()
    wanted = list(range(140, 170)) + list(range(139, 110, -1))
    got = {}

    def fetch(i):
        got[i] = shown(source.image(i))

    threads = [threading.Thread(target=fetch, args=(i,)) for i in wanted]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == {i: i for i in wanted}


def test_the_frame_cache_stays_within_its_bound(fresh, monkeypatch):
    monkeypatch.setattr(frames, "CACHE", frames._Cache(60_000))
    source = frames.open_source(fresh)
    source.wait()
    for i in list(range(0, 200, 3)) + list(range(199, 100, -1)):
        source.image(i)
        assert frames.CACHE.size <= 60_000


def test_one_source_per_recording_a_changed_file_is_another(fresh):
    first = frames.open_source(fresh)
    assert frames.open_source(fresh) is first and frames.find(first.token) is first
    first.wait()
    with open(fresh, "ab") as fh:
        fh.write(b"\0")  # edited: new size, new identity
    again = frames.open_source(fresh)
    assert again is not first and again.token != first.token
    assert frames.find(first.token) is None  # the old address no longer names it


def test_a_closed_source_opens_again_from_its_address(fresh, monkeypatch):
    monkeypatch.setattr(frames, "MAX_OPEN", 1)
    source = frames.open_source(fresh)
    source.wait()
    other = fresh.with_name("other.mp4")
    shutil.copy(fresh, other)
    frames.open_source(other).wait()  # the first is closed to keep one open
    source.close()
    assert source.closed
    reopened = frames.find(source.token)
    assert reopened is not None and reopened is not source and reopened.wait(10)
    assert shown(reopened.image(42)) == 42


def test_no_video_fails_at_once(tmp_path):
    bad = tmp_path / "notes.mp4"
    bad.write_text("not a video")
    with pytest.raises(VideoOpenFailure, match="text file"):
        frames.open_source(bad)


def test_a_preview_is_the_same_frame_smaller(tmp_path, monkeypatch):
    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "wide.mp4"
    with VideoWriter(path, 1280, 720, fps=25, gop=GOP) as out:
        for i in range(30):
            out.write(framecode.draw(i, 1280, 720))
    source = frames.open_source(path)
    source.wait()
    import cv2
    import numpy as np

    preview = cv2.imdecode(np.frombuffer(source.image(17, "preview"), np.uint8), cv2.IMREAD_COLOR)
    assert preview.shape[:2] == (540, 960) and framecode.read(preview) == 17


# -- the addresses -------------------------------------------------------------------------------

def get(app, path: str) -> tuple[int, dict, bytes]:
    """One GET through the ASGI app (no HTTP client needed)."""
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [], "scheme": "http", "server": ("test", 80), "client": ("test", 1), "root_path": "",
             "http_version": "1.1"}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def test_frames_by_address(fresh):
    app = Starlette(routes=web.routes("/base/"))
    source = frames.open_source(fresh)
    source.wait()
    at = f"/base{web.PATH}/{source.token}"
    status, headers, body = get(app, f"{at}/123.jpg")
    assert status == 200 and headers["content-type"] == "image/jpeg" and shown(body) == 123
    assert "immutable" in headers["cache-control"]  # an address always holds the same picture
    status, headers, body = get(app, f"{at}/times")
    assert status == 200 and len(body) == 8 * 200
    with Footage(fresh) as video:
        assert body == video.times().astype("<f8").tobytes()
    assert get(app, f"{at}/999.jpg")[0] == 404
    status, _, body = get(app, f"{web.PATH}/{'0' * 32}/1.jpg".replace(web.PATH, f"/base{web.PATH}"))
    assert status == 404 and b"reload the page" in body
