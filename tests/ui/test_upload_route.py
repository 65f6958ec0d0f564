"""The upload address (F8a of the security review, issue 38) over real HTTP: a file streamed to it lands on disk with
its bytes and hash; past the limit it is refused (413) and nothing of it stays on disk, whether the size was announced
or not, as when the client goes away mid-way; without the browser's XSRF token, from another browser, or with an
ended ticket nothing is written. Served by uvicorn (as Streamlit serves the app) in this process, where the tickets
are issued as the pages issue them."""

from __future__ import annotations

import hashlib
import http.client
import os
import socket
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
import uvicorn
from starlette.applications import Starlette
from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string

from review_app.ui import upload_route

MB = 2**20


@pytest.fixture(scope="module")
def server():
    """The upload routes served by uvicorn on a free port: its (host, port)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(Starlette(routes=upload_route.routes("")), host="127.0.0.1", port=port,
                            log_level="warning", lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    yield "127.0.0.1", port
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser():
    """A browser's XSRF token, as two of the cookie values Streamlit hands it (masked differently each time)."""
    token = os.urandom(16)
    return generate_xsrf_token_string(token), generate_xsrf_token_string(token)


def post(server, ticket: str, body, *, name: str = "clip.mp4", cookie: str | None = None, header: str | None = None,
         length: int | None = None) -> tuple[int, dict | str]:
    """POST `body` (bytes, a file, or an iterable of chunks sent chunked) as the upload view does."""
    import json

    conn = http.client.HTTPConnection(*server, timeout=60)
    headers = {}
    if cookie:
        headers["Cookie"] = f"{upload_route.BROWSER_COOKIE}={cookie}"
    if header:
        headers[upload_route.XSRF_HEADER] = header
    if length is not None:
        headers["Content-Length"] = str(length)
    chunked = not isinstance(body, (bytes, bytearray)) and length is None
    try:
        conn.request("POST", f"/polo-review/uploads/{ticket}?name={urllib.parse.quote(name)}", body=body,
                     headers=headers, encode_chunked=chunked)
        r = conn.getresponse()
        text = r.read().decode()
    except (BrokenPipeError, ConnectionResetError) as exc:  # refused before the body was all sent
        return -1, str(exc)
    finally:
        conn.close()
    try:
        return r.status, json.loads(text)
    except ValueError:
        return r.status, text


def spool(folder: Path) -> list[str]:
    """What the uploads left in `folder`: files sent and kept, and partial ones."""
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def random_file(path: Path, size: int) -> Path:
    with open(path, "wb") as out:
        for _ in range(size // MB):
            out.write(os.urandom(MB))
        out.write(os.urandom(size % MB))
    return path


def test_a_streamed_upload_lands_on_disk_with_its_bytes_and_hash(server, browser, tmp_path):
    folder = tmp_path / "uploads"
    src = random_file(tmp_path / "camera 1.mp4", 24 * MB + 123)
    ticket = upload_route.issue("Ana Coach", browser[0], folder, 32 * MB, (".mp4",))
    with open(src, "rb") as fh:  # streamed from the disk, its size announced, as a browser sends a File
        status, answer = post(server, ticket, fh, name=src.name, cookie=browser[1], header=browser[1],
                              length=src.stat().st_size)
    assert status == 200, answer
    sent = upload_route.claim(ticket, answer["file"])
    assert sent is not None and sent.name == "camera 1.mp4" and sent.size == src.stat().st_size
    assert sent.sha256 == answer["sha256"] == hashlib.sha256(src.read_bytes()).hexdigest()
    assert sent.path.parent == folder and sent.path.read_bytes() == src.read_bytes()
    assert spool(folder) == [sent.path.name] and sent.path.name.startswith(".upload-")  # a dot-file, nothing else
    assert upload_route.claim(ticket, "not-the-token") is None
    # a second file sent with the same page takes the first one's place
    status, answer = post(server, ticket, b"x" * 1000, cookie=browser[0], header=browser[0])
    assert status == 200 and spool(folder) == [upload_route.claim(ticket, answer["file"]).path.name]
    upload_route.revoke(ticket)
    assert spool(folder) == []


@pytest.mark.parametrize("announced", [True, False], ids=["size-announced", "chunked-size-unknown"])
def test_a_file_over_the_limit_is_refused_and_nothing_of_it_stays(server, browser, tmp_path, announced):
    folder = tmp_path / "uploads"
    src = random_file(tmp_path / "big.mp4", 6 * MB)
    ticket = upload_route.issue("Ana Coach", browser[0], folder, 4 * MB, (".mp4",))
    if announced:
        with open(src, "rb") as fh:
            status, answer = post(server, ticket, fh, cookie=browser[0], header=browser[0], length=6 * MB)
    else:  # a client that does not say how much it sends is cut off at the limit
        chunks = (src.read_bytes()[i:i + 256 * 1024] for i in range(0, 6 * MB, 256 * 1024))
        status, answer = post(server, ticket, chunks, cookie=browser[0], header=browser[0])
    assert status in (413, -1), answer  # -1: the server answered 413 and closed while the body was still sent
    if status == 413:
        assert "larger than the 4 MB limit" in answer["error"]
    deadline = time.monotonic() + 10
    while spool(folder) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert spool(folder) == []
    upload_route.revoke(ticket)


def test_a_client_that_goes_away_mid_way_leaves_nothing(server, browser, tmp_path):
    folder = tmp_path / "uploads"
    ticket = upload_route.issue("Ana Coach", browser[0], folder, 64 * MB, (".mp4",))
    sock = socket.create_connection(server)
    head = (f"POST /polo-review/uploads/{ticket}?name=clip.mp4 HTTP/1.1\r\nHost: x\r\n"
            f"Cookie: {upload_route.BROWSER_COOKIE}={browser[0]}\r\n{upload_route.XSRF_HEADER}: {browser[0]}\r\n"
            f"Content-Length: {40 * MB}\r\n\r\n")
    sock.sendall(head.encode())
    for _ in range(10):
        sock.sendall(os.urandom(MB))
    deadline = time.monotonic() + 10
    while not spool(folder) and time.monotonic() < deadline:  # the partial file is being written
        time.sleep(0.05)
    assert [n for n in spool(folder) if n.startswith(".incoming.")]
    sock.close()
    deadline = time.monotonic() + 10
    while spool(folder) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert spool(folder) == []
    upload_route.revoke(ticket)


def test_nothing_is_written_without_the_browsers_token_or_a_valid_ticket(server, browser, tmp_path):
    folder = tmp_path / "uploads"
    ticket = upload_route.issue("Ana Coach", browser[0], folder, 4 * MB, (".mp4",))
    other = generate_xsrf_token_string(os.urandom(16))
    assert post(server, ticket, b"x" * 100, cookie=browser[0])[0] == 403  # no header: another site's form
    assert post(server, ticket, b"x" * 100, cookie=browser[0], header=other)[0] == 403
    # another browser (a second client that took the session's id: F7) has its own cookie, not this one
    status, answer = post(server, ticket, b"x" * 100, cookie=other, header=other)
    assert status == 403 and "another browser" in answer["error"]
    assert post(server, "no-such-ticket", b"x" * 100, cookie=browser[0], header=browser[0])[0] == 404
    status, answer = post(server, ticket, b"x" * 100, name="notes.exe", cookie=browser[0], header=browser[0])
    assert status == 415 and ".mp4" in answer["error"]
    assert post(server, ticket, b"", cookie=browser[0], header=browser[0])[0] == 400  # empty
    upload_route.revoke(ticket)  # signed out: the page's ticket ends
    assert post(server, ticket, b"x" * 100, cookie=browser[0], header=browser[0])[0] == 404
    assert spool(folder) == []


def test_a_ticket_is_kept_for_the_same_person_and_browser_and_renewed_otherwise(browser, tmp_path):
    folder = tmp_path / "uploads"
    first = upload_route.issue("Ana Coach", browser[0], folder, 4 * MB, None)
    assert upload_route.issue("Ana Coach", browser[1], folder, 4 * MB, None, kept=first) == first  # same token
    other = upload_route.issue("Bea Umpire", browser[0], folder, 4 * MB, None, kept=first)  # someone else signed in
    assert other != first and upload_route.ticket(first) is None
    upload_route.revoke(other)
