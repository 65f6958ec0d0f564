"""Large uploads streamed to disk: the address the upload view (upload_view.py) sends a chosen file to, on the app's
own server beside the frame addresses (ui/server.py), and the permissions ("tickets") the pages hand out for it.

    POST {prefix}/{ticket}?name=FILE   the file's bytes as the body (no form encoding); answers
                                       {"file": TOKEN, "name": ..., "size": ..., "sha256": ...}

Streamlit's own uploader keeps every uploaded file whole in the server's memory for the session (F8a of the security
review: three 300 MB uploads held 900 MB, never given back). Here the body is written as it arrives into a temporary
file in the destination folder (the one intake, `ground.files.incoming`: hashed, flushed, removed unless kept), so
the server holds one chunk of it at a time. More than the ticket's limit is refused (413) and what was written is
removed, as it is when the client goes away mid-way.

A ticket is made by a page for the reviewer signed in (`issue`), and bound to the browser the page runs in (the token
of Streamlit's XSRF cookie, `_streamlit_xsrf`, which a second client holding only the session id lacks: F7). A POST
must carry that cookie and the same token in its X-Xsrftoken header (as Streamlit's own upload does), so another site
cannot make the browser send one. The file stays a dot-file beside the destination's files (never listed as footage or
evidence) until the page takes it (`claim`) and registers it as an upload is registered; an unused ticket ends after
an hour without use, with its file.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from streamlit.web.server.server_util import is_xsrf_enabled
from streamlit.web.server.starlette.starlette_app_utils import decode_xsrf_token_string, validate_xsrf_token

from review_app.errors import PoloReviewError
from review_app.footage.web import prefix
from review_app.ground.files import incoming, safe_extension

log = logging.getLogger(__name__)

PATH = "/polo-review/uploads"
BROWSER_COOKIE = "_streamlit_xsrf"  # Streamlit's, set in each browser
XSRF_HEADER = "X-Xsrftoken"  # the header Streamlit's own uploads carry the cookie's token in
TICKET_IDLE_S = 60 * 60  # a ticket (and the file sent with it) unused this long ends
SPOOL_PREFIX = ".upload-"  # a file sent and not yet taken by its page: a dot-file, never listed as footage


class UploadRefused(PoloReviewError):
    """An upload the server does not take: too large, empty, or of a kind the page does not accept."""


@dataclass(frozen=True)
class Spooled:
    """A file sent by the browser and written whole to disk, waiting for its page to take it."""

    token: str
    path: Path
    name: str  # the name it came with: a label, never a path
    size: int
    sha256: str

    def open(self):
        return open(self.path, "rb")

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass
class Ticket:
    """Leave for one page of one signed-in reviewer, in one browser, to send one file at a time into `folder`."""

    owner: str
    browser: bytes | None  # the token of the browser's XSRF cookie; None where the session had none (no browser)
    folder: Path
    limit: int  # bytes
    extensions: tuple[str, ...] | None  # accepted (".mp4", ...); None: any plain extension
    touched: float = field(default_factory=time.monotonic)
    file: Spooled | None = None
    busy: bool = False


_tickets: dict[str, Ticket] = {}
_lock = threading.Lock()


def browser_token(cookie: str | None) -> bytes | None:
    """The token in a value of Streamlit's XSRF cookie (its masked form changes from one response to the next)."""
    return decode_xsrf_token_string(cookie)[0] if cookie else None


def _drop(ticket_id: str) -> None:
    """Forget a ticket and remove the file sent with it (the caller holds the lock)."""
    gone = _tickets.pop(ticket_id, None)
    if gone is not None and gone.file is not None:
        gone.file.discard()


def _sweep(now: float) -> None:
    for ticket_id in [t for t, v in _tickets.items() if not v.busy and now - v.touched > TICKET_IDLE_S]:
        _drop(ticket_id)


def _remove_stale_files(folder: Path) -> None:
    """Files sent before a restart of the server, which no ticket holds any more (their pages are gone). The caller
    holds the lock."""
    now, held = time.time(), {t.file.path for t in _tickets.values() if t.file is not None}
    try:
        stale = [p for p in folder.glob(f"{SPOOL_PREFIX}*")
                 if p not in held and now - p.stat().st_mtime > TICKET_IDLE_S]
    except OSError:
        return
    for path in stale:
        path.unlink(missing_ok=True)
        log.info("removed %s, sent with an upload permission that has ended", path.name)


def issue(owner: str, cookie: str | None, folder: Path, limit: int, extensions: tuple[str, ...] | None,
          kept: str | None = None) -> str:
    """A ticket for `owner` in the browser whose XSRF cookie is `cookie`: `kept` (the one the page had) while it still
    holds for the same person, browser, folder and limit, else a new one (the old one ends, with its file)."""
    browser = browser_token(cookie)
    now = time.monotonic()
    with _lock:
        _sweep(now)
        old = _tickets.get(kept) if kept else None
        if old is not None and (old.owner, old.browser, old.folder, old.limit, old.extensions) == (
                owner, browser, Path(folder), limit, extensions):
            old.touched = now
            return kept
        if kept:
            _drop(kept)
        _remove_stale_files(Path(folder))
        ticket_id = secrets.token_urlsafe(24)
        _tickets[ticket_id] = Ticket(owner, browser, Path(folder), limit, extensions, now)
        return ticket_id


def ticket(ticket_id: str | None) -> Ticket | None:
    with _lock:
        return _tickets.get(ticket_id) if ticket_id else None


def revoke(ticket_id: str | None) -> None:
    """End a ticket (its page is no longer signed in, or has taken its file), removing any file sent with it."""
    if ticket_id:
        with _lock:
            _drop(ticket_id)


def claim(ticket_id: str | None, token: str | None) -> Spooled | None:
    """The file sent with `ticket_id` under `token`, if it is still there."""
    with _lock:
        ticket = _tickets.get(ticket_id) if ticket_id else None
        spooled = ticket.file if ticket is not None else None
        if spooled is None or not token or not hmac.compare_digest(spooled.token, str(token)):
            return None
        ticket.touched = time.monotonic()
    return spooled if spooled.path.is_file() else None


def release(ticket_id: str | None, spooled: Spooled) -> None:
    """The page has taken `spooled` (registered, or refused it with its line): its file goes."""
    with _lock:
        ticket = _tickets.get(ticket_id) if ticket_id else None
        if ticket is not None and ticket.file is spooled:
            ticket.file = None
    spooled.discard()


class _Body:
    """A request's body as the blocking stream the one intake reads (in a worker thread), one chunk at a time as it
    arrives on the event loop: nothing more than a chunk is held. Counts what was read."""

    def __init__(self, request: Request, loop: asyncio.AbstractEventLoop):
        self._chunks = request.stream().__aiter__()
        self._loop = loop
        self._left = b""
        self.count = 0

    def read(self, n: int = -1) -> bytes:
        while not self._left:
            try:
                self._left = asyncio.run_coroutine_threadsafe(self._chunks.__anext__(), self._loop).result()
            except StopAsyncIteration:
                return b""
        n = len(self._left) if n is None or n < 0 else n
        out, self._left = self._left[:n], self._left[n:]
        self.count += len(out)
        return out


def receive(ticket_id: str, ticket: Ticket, stream, name: str) -> Spooled:
    """Write `stream` into the ticket's folder as a dot-file (refused past its limit, the partial file removed) and
    keep it as the ticket's file, in place of any sent before."""
    ext = safe_extension(name, ticket.extensions) or ""
    token = secrets.token_urlsafe(18)
    with incoming(stream, ticket.folder, ext, limit=ticket.limit, refuse=UploadRefused) as got:
        kept = got.place(ticket.folder / f"{SPOOL_PREFIX}{token}{ext}")
        spooled = Spooled(token, kept, name, got.size, got.sha256)
    with _lock:
        if _tickets.get(ticket_id) is not ticket:  # ended while it was sent: nobody will take it
            spooled.discard()
            raise UploadRefused("this page's upload permission ended while the file was sent; reload the page")
        before, ticket.file = ticket.file, spooled
    if before is not None:
        before.discard()
    return spooled


def _answer(status: int, text: str) -> Response:
    return JSONResponse({"error": text}, status_code=status, headers={"Cache-Control": "no-store"})


def _refusal(request: Request, ticket: Ticket | None) -> Response | None:
    """Why this POST may not send a file with this ticket, or None."""
    if ticket is None:
        return _answer(404, "no such upload permission (it ended, or the app restarted): reload the page")
    cookie = request.cookies.get(BROWSER_COOKIE)
    if is_xsrf_enabled() and not validate_xsrf_token(request.headers.get(XSRF_HEADER), cookie):
        return _answer(403, "the request did not carry this browser's XSRF token")
    if ticket.browser is not None and not hmac.compare_digest(browser_token(cookie) or b"", ticket.browser):
        return _answer(403, "this upload permission belongs to another browser")
    name = request.query_params.get("name", "")
    if ticket.extensions is not None and safe_extension(name, ticket.extensions) is None:
        return _answer(415, f"not a file of an accepted kind ({', '.join(ticket.extensions)})")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > ticket.limit):
        return _answer(413, f"the file is larger than the {ticket.limit / 2**20:.0f} MB limit")
    if length == "0":
        return _answer(400, "the file is empty")
    return None


async def upload(request: Request) -> Response:
    ticket_id = request.path_params["ticket"]
    with _lock:
        ticket = _tickets.get(ticket_id)
        refused = _refusal(request, ticket)
        if refused is None and ticket.busy:
            refused = _answer(409, "a file is being sent with this page already")
        if refused is None:
            ticket.busy, ticket.touched = True, time.monotonic()
    if refused is not None:
        return refused
    body = _Body(request, asyncio.get_running_loop())
    try:
        spooled = await run_in_threadpool(receive, ticket_id, ticket, body, request.query_params.get("name", ""))
    except UploadRefused as exc:
        return _answer(413 if body.count > ticket.limit else 400, str(exc))
    except ClientDisconnect:
        log.info("an upload was given up by its browser after %d bytes; its partial file is removed", body.count)
        return _answer(499, "the client closed the request")
    except OSError as exc:  # the disk is full, say: the partial file is removed, the line names no folder
        log.warning("an upload could not be written: %s", exc)
        return _answer(507, f"the server could not write the file ({exc.strerror or 'error'})")
    finally:
        with _lock:
            ticket.busy = False
            ticket.touched = time.monotonic()
    return JSONResponse({"file": spooled.token, "name": spooled.name, "size": spooled.size,
                         "sha256": spooled.sha256}, headers={"Cache-Control": "no-store"})


def address(base_url_path: str | None, ticket_id: str) -> str:
    return f"{prefix(base_url_path, PATH)}/{ticket_id}"


def routes(base_url_path: str | None = "") -> list[Route]:
    return [Route(prefix(base_url_path, PATH) + "/{ticket}", upload, methods=["POST"])]
