"""Server memory across large uploads (F8a of the security review, issue 38): `polo-review app` on a free port and a
temporary workspace; three browser sessions (Debian's Chromium) each sign in and open the Matches page, and each
sends a 300 MB recording through the app's upload address as the upload view sends it (one POST streamed from the
disk with the browser's cookie and XSRF token, here scripted with http.client); the sessions end, and the server's
resident memory is measured again once Streamlit has dropped them (server.disconnectedSessionTTL, 120 s).

Prints the server's RSS before the uploads, its peak while they ran, after them, and after the sessions' end, and
PASS when the last is within --guard MB (100) of the first. Before issue 38 Streamlit's uploader held every file in
memory: the review measured 2306 -> 3209 MB for 3 x 300 MB, still 3209 MB after the session closed.

    python benchmarks/bench_upload_memory.py [--uploads 3] [--mb 300] [--settle 130] [--guard 100]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time
import urllib.parse
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "ui"))  # the browser tests' app and sign-in helpers: one home for them

from browser_app import ARGS, CHROMIUM, large_recording, name_the_reviewer, start_app, stop_app

MB = 2**20
SPOOL = ".upload-"  # ui/upload_route.SPOOL_PREFIX: a file sent, waiting for its page


def rss_mb(pid: int) -> float:
    """Resident memory of process `pid` in MB (psutil where installed, else Linux's /proc)."""
    try:
        import psutil

        return psutil.Process(pid).memory_info().rss / MB
    except ImportError:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no memory figure for process {pid}")


class Peak:
    """The highest RSS of a process, sampled every 0.2 s while the block runs."""

    def __init__(self, pid: int):
        self.pid, self.value, self._stop = pid, 0.0, threading.Event()

    def __enter__(self):
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self):
        while not self._stop.is_set():
            self.value = max(self.value, rss_mb(self.pid))
            time.sleep(0.2)

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def a_match(ws: Path) -> None:
    from review_app.model.match_setup import Details, new_match_data

    (ws / "matches").mkdir(parents=True, exist_ok=True)
    data = new_match_data("bench", Details(name="Upload bench", day=date.today()),
                          teams=[{"name": "Red", "color": "red"}, {"name": "Blue", "color": "blue"}])
    (ws / "matches" / "bench.json").write_text(json.dumps(data), "utf-8")


def ticket_of(page, small: Path) -> str:
    """The page's upload address: a small file sent by the upload view, its POST seen on its way."""
    from playwright.sync_api import expect

    page.get_by_role("tab", name="Footage").click()
    field = page.get_by_label("Recording (up to 1024 MB)", exact=True)
    expect(field).to_be_enabled()  # the page has run again for the person signed in: its view may send
    with page.expect_request(lambda r: r.method == "POST" and "/polo-review/uploads/" in r.url) as sent:
        field.set_input_files(small)
    page.get_by_text(f"{small.name} (").filter(has_text="is on the server").wait_for()
    return urllib.parse.urlsplit(sent.value.url).path


def stream(url: str, where: str, big: Path, xsrf: str) -> tuple[int, float, dict]:
    """POST `big` to `where` from the disk as the upload view does: (status, seconds, answer)."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    t0 = time.monotonic()
    with open(big, "rb") as fh:
        conn.request("POST", f"{where}?name={urllib.parse.quote(big.name)}", body=fh, headers={
            "Content-Length": str(big.stat().st_size), "Cookie": f"_streamlit_xsrf={xsrf}", "X-Xsrftoken": xsrf})
        r = conn.getresponse()
        answer = json.loads(r.read() or b"{}")
    conn.close()
    return r.status, time.monotonic() - t0, answer


def watch_session_id(page) -> list[str]:
    """The session ids the server gives `page` (its new_session messages on the WebSocket), as they come."""
    from google.protobuf.message import DecodeError
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    seen: list[str] = []

    def frame(payload) -> None:
        if isinstance(payload, (bytes, bytearray)):
            try:
                msg = ForwardMsg.FromString(bytes(payload))
            except DecodeError:
                return
            if msg.HasField("new_session") and msg.new_session.initialize.session_id:
                seen.append(msg.new_session.initialize.session_id)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    return seen


def streamlit_uploader(url: str, session_id: str, big: Path, xsrf: str) -> str:
    """`big` PUT to Streamlit's own upload route (the way of F8a) as its uploader sends a file: what the server said."""
    import uuid

    parts = urllib.parse.urlsplit(url)
    boundary = uuid.uuid4().hex
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{big.name}\"\r\n"
            "Content-Type: video/mp4\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()

    def body():
        yield head
        with open(big, "rb") as fh:
            while chunk := fh.read(MB):
                yield chunk
        yield tail

    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    try:
        conn.request("PUT", f"/_stcore/upload_file/{session_id}/{uuid.uuid4()}", body=body(), headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": f"_streamlit_xsrf={xsrf}",
            "X-Xsrftoken": xsrf, "Content-Length": str(len(head) + big.stat().st_size + len(tail))})
        r = conn.getresponse()
        return f"HTTP {r.status} {r.read().decode(errors='replace')[:80]}"
    except (BrokenPipeError, ConnectionResetError):
        return "refused: the server closed the connection"
    finally:
        conn.close()


def run(args) -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-upload-") as tmp:
        tmp = Path(tmp)
        ws = tmp / "ws"
        a_match(ws)
        small = tmp / "small.mp4"
        small.write_bytes((ROOT / "sample_clips" / "foul-at-horn.mp4").read_bytes())
        big = large_recording(ROOT / "sample_clips" / "safety.mp4", tmp / "camera-1.mp4", mb=args.mb)
        env = {"POLO_REVIEW_CACHE": str(tmp / "cache"), "XDG_DATA_HOME": str(tmp / "home")}
        proc, url = start_app(["--workspace", str(ws)], env, tmp / "server.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                sessions = []
                for i in range(args.uploads):
                    context = browser.new_context()  # a browser of its own: its own cookie and session
                    page = context.new_page()
                    page.set_default_timeout(120_000)
                    ids = watch_session_id(page)
                    page.goto(f"{url}/matches")
                    name_the_reviewer(page, "Bench Coach")
                    where = ticket_of(page, small)
                    xsrf = next(c["value"] for c in context.cookies() if c["name"] == "_streamlit_xsrf")
                    sessions.append((context, where, xsrf, ids))
                    if i == 0:
                        time.sleep(2)
                        before = rss_mb(proc.pid)
                        print(f"server RSS before the uploads (app started, one session signed in): {before:.0f} MB")
                with Peak(proc.pid) as peak:
                    for n, (_context, where, xsrf, _ids) in enumerate(sessions, 1):
                        status, seconds, answer = stream(url, where, big, xsrf)
                        print(f"upload {n}: {big.stat().st_size / MB:.0f} MB, HTTP {status}, {seconds:.1f} s "
                              f"({big.stat().st_size / MB / seconds:.0f} MB/s), server RSS {rss_mb(proc.pid):.0f} MB")
                        if status != 200:
                            print(f"  refused: {answer}")
                            return 2
                after = rss_mb(proc.pid)
                print(f"server RSS peak during the uploads: {peak.value:.0f} MB; after them: {after:.0f} MB")
                _context, _where, xsrf, ids = sessions[0]
                said = streamlit_uploader(url, ids[-1], big, xsrf) if ids else "no session id seen"
                print(f"the same file to Streamlit's own uploader route (F8a's way in): {said}; "
                      f"server RSS {rss_mb(proc.pid):.0f} MB")
                for context, _where, _xsrf, _ids in sessions:
                    context.close()  # the sessions' browsers go
                browser.close()
            print(f"sessions ended; waiting {args.settle} s (Streamlit drops a disconnected session after 120 s)")
            time.sleep(args.settle)
            end = rss_mb(proc.pid)
            left = list((ws / "footage" / "uploads").glob(f"{SPOOL}*"))
            print(f"files sent and never taken: {len(left)}, on the server's disk (not in its memory) until their "
                  "tickets end, an hour after their last use")
        finally:
            stop_app(proc)
    grew = end - before
    verdict = "PASS" if grew <= args.guard else "FAIL"
    print(f"server RSS after the sessions' end: {end:.0f} MB ({grew:+.0f} MB against before the uploads; "
          f"guard {args.guard} MB): {verdict}")
    return 0 if verdict == "PASS" else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--uploads", type=int, default=3, help="uploads, each from a session of its own (3)")
    ap.add_argument("--mb", type=int, default=300, help="size of each upload in MB (300)")
    ap.add_argument("--settle", type=float, default=130, help="seconds to wait after the sessions end (130)")
    ap.add_argument("--guard", type=float, default=100, help="MB the server may keep after the sessions' end (100)")
    if not CHROMIUM.exists():
        print("Debian chromium is not installed at /usr/bin/chromium", file=sys.stderr)
        return 2
    os.environ.setdefault("PYTHONPATH", str(ROOT))
    return run(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
