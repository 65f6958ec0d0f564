"""The frames' addresses on the app's own server: Starlette routes that Streamlit serves beside its
own (`st.App(routes=...)`, see review_app/ui/server.py), so the browser fetches frames by URL from
the one port the app listens on, and nothing else has to be started, proxied or opened.

    GET {prefix}/{token}/{index}.jpg   frame `index` (.png: lossless, .preview.jpg: smaller, for playing);
                                       503 while the index is built
    GET {prefix}/{token}/times         every frame's time in seconds (float64, little-endian)

A token names one recording as it is on disk (frames.open_source); the content of an address never
changes, so the browser may keep it. Plain module: Starlette only, no streamlit.

One client cannot stall the others (F1 of the security review): each recording's frames are decoded on a lane
of their own (one thread, `Lane`) with a bounded queue, so a flood of requests for one recording waits on that
recording alone and never fills the server's shared thread pool; each client (by address) has a bounded number
of requests in flight; a request whose client has gone is cancelled before it is decoded; and while requests
wait, a step back encodes only the frame asked for.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from review_app.footage import frames
from review_app.footage.errors import FootageError, FrameOutOfRange

PATH = "/polo-review/frames"
_KEEP = {"Cache-Control": "private, max-age=86400, immutable"}
LANE_QUEUE = 8  # requests waiting for one recording's decoder, at most; more are told to retry (503)
CLIENT_IN_FLIGHT = 12  # one client's requests in flight, all recordings together; more are refused (429)
DISCONNECT_POLL = 0.1  # seconds between looks at whether a waiting request's client has gone
REFUSAL_DELAY_S = 1.0  # a refusal (busy, too many) is answered after this: a flood slows to its own pace, cheaply


class Lane:
    """One recording's frame work: a thread of its own and a bounded queue. A cancelled request (its client
    gone) is skipped when its turn comes (`Future.set_running_or_notify_cancel`, in the executor)."""

    def __init__(self, name: str):
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"polo-review frames {name[:8]}")
        self._lock = threading.Lock()
        self.waiting = 0

    def submit(self, fn, *args) -> Future | None:
        """The future of `fn(*args)`, or None when the queue is full."""
        with self._lock:
            if self.waiting >= LANE_QUEUE:
                return None
            self.waiting += 1
        future = self._pool.submit(fn, *args)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _future: Future) -> None:
        with self._lock:
            self.waiting -= 1


_lanes: dict[str, Lane] = {}
_clients: Counter[str] = Counter()
_state_lock = threading.Lock()


def lane(token: str) -> Lane:
    with _state_lock:
        found = _lanes.get(token)
        if found is None:
            found = _lanes[token] = Lane(token)
            if len(_lanes) > 4 * frames.MAX_OPEN:  # lanes of recordings long closed go (their threads end)
                for old in [t for t, v in _lanes.items() if v.waiting == 0 and t != token][: len(_lanes) // 2]:
                    _lanes.pop(old)._pool.shutdown(wait=False)
        return found


async def _served(request: Request, future: Future) -> bytes | None:
    """The frame, or None if the client went away first (its request is then cancelled, not decoded)."""
    waiting = asyncio.wrap_future(future)
    while True:
        done, _ = await asyncio.wait({waiting}, timeout=DISCONNECT_POLL)
        if done:
            return waiting.result()
        if await request.is_disconnected():
            future.cancel()  # skipped when its turn comes; one already decoding finishes, bounded by one frame
            return None


def prefix(base_url_path: str | None = "", path: str = PATH) -> str:
    """Where the frames are (`path`), under the app's base path (Streamlit's server.baseUrlPath)."""
    base = (base_url_path or "").strip("/")
    return f"/{base}{path}" if base else path


async def _source(request: Request) -> frames.FrameSource | None:
    return await run_in_threadpool(frames.find, request.path_params["token"])  # may reopen: not on the loop


BROWSER_COOKIE = "_streamlit_xsrf"  # set by Streamlit for each browser: tells browsers behind one address apart


def client_key(request: Request) -> str:
    """Whose request this is, for the in-flight bound: the browser's own cookie where it sends one (several
    browsers behind one proxy or NAT are several clients), else its address."""
    host = request.client.host if request.client else "?"
    return f"{host} {request.cookies.get(BROWSER_COOKIE, '')}"


def _said(exc: Exception) -> str:
    """An error's line for the browser without the server's folders (the file's name is enough)."""
    text, path = str(exc), getattr(exc, "path", None)
    if path:
        text = text.replace(str(path), Path(str(path)).name)
    return text


def _refused(status: int, text: str, **headers) -> Response:
    return PlainTextResponse(text, status_code=status, headers={"Cache-Control": "no-store", **headers})


async def frame(request: Request) -> Response:
    source = await _source(request)
    if source is None:
        return _refused(404, "no such recording (the file changed, or the app restarted): reload the page")
    path = request.url.path
    fmt = "png" if path.endswith(".png") else "preview" if path.endswith(".preview.jpg") else "jpeg"
    client = client_key(request)
    with _state_lock:
        over = _clients[client] >= CLIENT_IN_FLIGHT
        if not over:
            _clients[client] += 1
    if over:
        await asyncio.sleep(REFUSAL_DELAY_S)
        return _refused(429, "too many frame requests from this client at once; retry", **{"Retry-After": "1"})
    try:
        return await _frame(request, source, fmt)
    finally:
        with _state_lock:
            _clients[client] -= 1
            if _clients[client] <= 0:
                del _clients[client]


async def _frame(request: Request, source: frames.FrameSource, fmt: str) -> Response:
    work = lane(source.token)
    # While others wait for this recording, a step back encodes the frame asked for alone (not 48 around it).
    keep = frames.BACK_KEEP if work.waiting == 0 else 0
    future = work.submit(source.image, request.path_params["index"], fmt, keep)
    if future is None:
        await asyncio.sleep(REFUSAL_DELAY_S)
        return _refused(503, "this recording is busy; retry", **{"Retry-After": "1"})
    try:
        data = await _served(request, future)
    except frames.NotReady as exc:
        return _refused(503, _said(exc), **{"Retry-After": "1"})
    except FrameOutOfRange as exc:
        return _refused(404, _said(exc))
    except FootageError as exc:
        return _refused(422, _said(exc))
    if data is None:
        return _refused(499, "the client closed the request")
    # the first frame shown while the index is built is checked against it: not kept until then
    keep = _KEEP if source.ready else {"Cache-Control": "no-store"}
    return Response(data, media_type=frames.FORMATS[fmt], headers=keep)


async def times(request: Request) -> Response:
    source = await _source(request)
    if source is None:
        return _refused(404, "no such recording (the file changed, or the app restarted): reload the page")
    if not source.ready:
        return _refused(503, "the frame index is still being built", **{"Retry-After": "1"})
    try:
        data = await run_in_threadpool(source.times)
    except FootageError as exc:
        return _refused(422, _said(exc))
    return Response(data, media_type="application/octet-stream", headers=_KEEP)


def frame_routes(at: str, frame, times) -> list[Route]:
    """A recording's addresses under `at`: its frames in three formats and its times (review_app.live.web
    serves a live feed's at the same addresses under its own path)."""
    return [
        Route(at + "/{token}/{index:int}.jpg", frame, methods=["GET"]),
        Route(at + "/{token}/{index:int}.png", frame, methods=["GET"]),
        Route(at + "/{token}/{index:int}.preview.jpg", frame, methods=["GET"]),
        Route(at + "/{token}/times", times, methods=["GET"]),
    ]


def routes(base_url_path: str | None = "") -> list[Route]:
    return frame_routes(prefix(base_url_path), frame, times)
