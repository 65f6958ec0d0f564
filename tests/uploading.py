"""A file sent through the upload view, for AppTest (which runs no JavaScript): the bytes go through the same intake
the upload address runs (`upload_route.receive`, into the page's ticket's folder, within its limit), and the view's
state is then what the browser sets once the server has the file."""

from __future__ import annotations

from pathlib import Path


def send_file(at, key: str, path: Path | None = None, *, name: str | None = None, data: bytes | None = None):
    """Send `path` (or `data` named `name`) with the upload view `key` of the page AppTest `at` last ran; the
    Spooled file. The next run of `at` (a button's click) finds it."""
    import io

    from review_app.ui import upload_route

    ticket_id = at.session_state[f"{key}.ticket"]
    ticket = upload_route.ticket(ticket_id)
    assert ticket is not None, "the page issued no upload ticket (nobody signed in?)"
    name = name or path.name
    with (open(path, "rb") if data is None else io.BytesIO(data)) as stream:
        sent = upload_route.receive(ticket_id, ticket, stream, name)
    gen = at.session_state[f"{key}.gen"]
    at.session_state[f"{key}.{gen}"] = {"file": {"token": sent.token, "name": sent.name, "size": sent.size}}
    return sent
