"""Frames for browsers (footage.frames and footage.web): the first frame at once, exact frames in any
order once the index is built, one shared source per recording, bounded caches, the addresses."""

from __future__ import annotations

import asyncio
import random
import shutil
import threading
import time

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


# -- one client cannot stall the others (issue 38, F1 of the security review) ------------------------------------
async def _call(app, path: str, cookie: str = "", gone: bool = False) -> tuple[int, bytes]:
    """One GET; `gone`: the client has closed the connection by the time the server looks."""
    sent, asked = [], []

    async def receive():
        if asked and gone:
            return {"type": "http.disconnect"}
        asked.append(1)
        if asked[1:]:  # a live client sends nothing more: the server waits
            await asyncio.sleep(3600)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    headers = [(b"cookie", f"_streamlit_xsrf={cookie}".encode())] if cookie else []
    scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": headers, "scheme": "http", "server": ("test", 80), "client": ("10.0.0.9", 1), "root_path": "",
             "http_version": "1.1"}
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    return start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


@pytest.fixture
def blocked(fresh, monkeypatch):
    """A source whose frames wait for a gate (a slow decode), recording which frames were decoded."""
    source = frames.open_source(fresh)
    source.wait()
    gate, decoded = threading.Event(), []

    def image(index, fmt="jpeg", back_keep=frames.BACK_KEEP):
        gate.wait(30)
        decoded.append(index)
        return b"picture"

    monkeypatch.setattr(source, "image", image)
    return source, gate, decoded


def test_one_recordings_queue_is_bounded_and_the_rest_are_told_to_retry(blocked, monkeypatch):
    source, gate, decoded = blocked
    monkeypatch.setattr(web, "LANE_QUEUE", 3)
    app = Starlette(routes=web.routes())

    async def flood():
        calls = [asyncio.create_task(_call(app, f"{web.PATH}/{source.token}/{i}.jpg", cookie=f"c{i}"))
                 for i in range(6)]
        await asyncio.sleep(0.5)
        gate.set()
        return [status for status, _ in await asyncio.gather(*calls)]

    statuses = asyncio.run(flood())
    assert sorted(statuses) == [200, 200, 200, 503, 503, 503] and len(decoded) == 3


def test_one_client_has_a_bounded_number_of_requests_in_flight(blocked, monkeypatch):
    source, gate, decoded = blocked
    monkeypatch.setattr(web, "CLIENT_IN_FLIGHT", 2)
    app = Starlette(routes=web.routes())

    async def flood():
        calls = [asyncio.create_task(_call(app, f"{web.PATH}/{source.token}/{i}.jpg", cookie="one"))
                 for i in range(4)]
        await asyncio.sleep(0.5)
        other = asyncio.create_task(_call(app, f"{web.PATH}/{source.token}/9.jpg", cookie="another browser"))
        await asyncio.sleep(0.2)
        gate.set()
        return [s for s, _ in await asyncio.gather(*calls)], (await other)[0]

    statuses, other = asyncio.run(flood())
    assert sorted(statuses) == [200, 200, 429, 429] and other == 200


def test_a_request_whose_client_has_gone_is_never_decoded(blocked):
    source, gate, decoded = blocked
    app = Starlette(routes=web.routes())

    async def go():
        first = asyncio.create_task(_call(app, f"{web.PATH}/{source.token}/1.jpg", cookie="a"))
        await asyncio.sleep(0.3)  # frame 1 holds the recording's decoder
        gone = asyncio.create_task(_call(app, f"{web.PATH}/{source.token}/2.jpg", cookie="b", gone=True))
        status_gone = (await gone)[0]
        gate.set()
        return (await first)[0], status_gone

    first, gone = asyncio.run(go())
    assert first == 200 and gone == 499
    time.sleep(0.2)
    assert decoded == [1]  # frame 2's request was cancelled before its turn


def test_an_error_body_names_no_server_folder(fresh):
    app = Starlette(routes=web.routes())
    source = frames.open_source(fresh)
    source.wait()
    status, _, body = get(app, f"{web.PATH}/{source.token}/999.jpg")
    assert status == 404 and b"match.mp4" in body and str(fresh.parent).encode() not in body


def test_a_frame_larger_than_the_cap_after_a_small_first_frame_is_refused(tmp_path, monkeypatch):
    """F8b: an MJPEG MKV whose header and frame 0 are 320x240 and whose later frames are far larger passed the
    size cap (checked on the first frame only): one request cost 1 GB. Every frame is checked now."""
    from fractions import Fraction

    import av
    import cv2
    import numpy as np

    from review_app.footage import source as footage_source
    from review_app.footage.errors import DecodeError

    monkeypatch.setenv("POLO_REVIEW_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(footage_source, "MAX_PIXELS", 1000 * 1000)
    from review_app.footage import decoder

    monkeypatch.setattr(decoder, "MAX_PIXELS", 1000 * 1000)
    path = tmp_path / "mismatch.mkv"
    with av.open(str(path), "w") as out:
        stream = out.add_stream("mjpeg", rate=25)
        stream.width, stream.height, stream.pix_fmt = 320, 240, "yuvj420p"
        stream.time_base = Fraction(1, 25)
        for i, side in enumerate((240, 1200, 1200)):
            ok, jpeg = cv2.imencode(".jpg", np.full((side, side * 4 // 3, 3), 90, np.uint8))
            packet = av.Packet(jpeg.tobytes())
            packet.stream, packet.pts, packet.dts, packet.time_base = stream, i, i, Fraction(1, 25)
            packet.is_keyframe = True
            out.mux(packet)
    with Footage(path) as video, pytest.raises(DecodeError, match="more than the 1,000,000 pixels"):
        video.frame(2)
