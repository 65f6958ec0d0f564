"""The frames' addresses on the app's own server: Starlette routes that Streamlit serves beside its
own (`st.App(routes=...)`, see review_app/ui/server.py), so the browser fetches frames by URL from
the one port the app listens on, and nothing else has to be started, proxied or opened.

    GET {prefix}/{token}/{index}.jpg   frame `index` (.png: lossless, .preview.jpg: smaller, for playing);
                                       503 while the index is built
    GET {prefix}/{token}/times         every frame's time in seconds (float64, little-endian)

A token names one recording as it is on disk (frames.open_source); the content of an address never
changes, so the browser may keep it. Plain module: Starlette only, no streamlit.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from review_app.footage import frames
from review_app.footage.errors import FootageError, FrameOutOfRange

PATH = "/polo-review/frames"
_KEEP = {"Cache-Control": "private, max-age=86400, immutable"}


def prefix(base_url_path: str | None = "", path: str = PATH) -> str:
    """Where the frames are (`path`), under the app's base path (Streamlit's server.baseUrlPath)."""
    base = (base_url_path or "").strip("/")
    return f"/{base}{path}" if base else path


async def _source(request: Request) -> frames.FrameSource | None:
    return await run_in_threadpool(frames.find, request.path_params["token"])  # may reopen: not on the loop


def _refused(status: int, text: str, **headers) -> Response:
    return PlainTextResponse(text, status_code=status, headers={"Cache-Control": "no-store", **headers})


async def frame(request: Request) -> Response:
    source = await _source(request)
    if source is None:
        return _refused(404, "no such recording (the file changed, or the app restarted): reload the page")
    path = request.url.path
    fmt = "png" if path.endswith(".png") else "preview" if path.endswith(".preview.jpg") else "jpeg"
    try:
        data = await run_in_threadpool(source.image, request.path_params["index"], fmt)
    except frames.NotReady as exc:
        return _refused(503, str(exc), **{"Retry-After": "1"})
    except FrameOutOfRange as exc:
        return _refused(404, str(exc))
    except FootageError as exc:
        return _refused(422, str(exc))
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
        return _refused(422, str(exc))
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
