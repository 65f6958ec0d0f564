"""The live feeds' frames on the app's own server, beside review_app.footage.web's:

    GET /polo-review/live/{token}/{index}.jpg   (.png, .preview.jpg)   a recorded frame
    GET /polo-review/live/{token}/times          the frames' times so far (float64, little-endian)
    GET /polo-review/live/clock                  the server's wall clock (seconds, text)

A frame's picture never changes once recorded (kept by the browser); the times grow (never kept).
Plain module: Starlette only, no streamlit.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from review_app.footage import frames
from review_app.footage import web as footage_web
from review_app.footage.errors import FootageError, FrameOutOfRange
from review_app.live.feed import LiveFeed

PATH = "/polo-review/live"
_SECRET = secrets.token_bytes(16)
_lock = threading.Lock()
_feeds: dict[str, LiveFeed] = {}
WATCH_S = 0.2


def prefix(base_url_path: str | None = "") -> str:
    return footage_web.prefix(base_url_path, PATH)


def token_of(folder: Path) -> str:
    return hmac.new(_SECRET, str(Path(folder).resolve()).encode(), hashlib.sha256).hexdigest()[:32]


def open_feed(folder: str | Path) -> tuple[str, LiveFeed]:
    """The shared reader of the feed in `folder` (opened once per server), refreshed, and its token."""
    folder = Path(folder)
    token = token_of(folder)
    with _lock:
        feed = _feeds.get(token)
        if feed is None:
            feed = _feeds[token] = LiveFeed(folder, warm=True)
            threading.Thread(target=_watch, args=(feed,), name=f"watch-{feed.name}", daemon=True).start()
    feed.refresh()
    return token, feed


def _watch(feed: LiveFeed) -> None:
    """The feed's log read every WATCH_S for the server's life: a whistle's pictures are then made as soon as
    it is logged (LiveFeed's warming), not when the page next runs (every half second, later when busy)."""
    while True:
        time.sleep(WATCH_S)
        try:
            feed.refresh()
        except OSError:  # the folder went away (a session deleted): the page says so when it next reads
            continue


def _refused(status: int, text: str) -> Response:
    return PlainTextResponse(text, status_code=status, headers={"Cache-Control": "no-store"})


async def frame(request: Request) -> Response:
    feed = _feeds.get(request.path_params["token"])
    if feed is None:
        return _refused(404, "no such live feed (the app restarted): reload the page")
    path = request.url.path
    fmt = "png" if path.endswith(".png") else "preview" if path.endswith(".preview.jpg") else "jpeg"
    index = request.path_params["index"]
    try:
        if index >= feed.frame_count:
            await run_in_threadpool(feed.refresh)
        data = await run_in_threadpool(feed.image, index, fmt, request.path_params["token"])
    except FrameOutOfRange as exc:
        return _refused(404, str(exc))
    except FootageError as exc:
        return _refused(422, str(exc))
    return Response(data, media_type=frames.FORMATS[fmt], headers={"Cache-Control": "private, max-age=86400"})


async def times(request: Request) -> Response:
    feed = _feeds.get(request.path_params["token"])
    if feed is None:
        return _refused(404, "no such live feed (the app restarted): reload the page")
    await run_in_threadpool(feed.refresh)
    return Response(feed.times().astype("<f8").tobytes(), media_type="application/octet-stream",
                    headers={"Cache-Control": "no-store"})


async def clock(request: Request) -> Response:
    """The server's wall clock (seconds): the live page sets its own clock by it, so that M marks the instant
    it was pressed on the recorder's clock whatever the page's machine's clock says (frame_live.js)."""
    return PlainTextResponse(f"{time.time():.4f}", headers={"Cache-Control": "no-store"})


def routes(base_url_path: str | None = "") -> list[Route]:
    return [*footage_web.frame_routes(prefix(base_url_path), frame, times),
            Route(prefix(base_url_path) + "/clock", clock, methods=["GET"])]
