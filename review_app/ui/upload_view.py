"""The upload view: a file chosen in the browser, sent by itself to the app's upload address (upload_route.py),
streamed from the browser's disk into a file on the server's, with its progress (bytes sent of the total) on the page.

A custom component (Streamlit components v2, as the frame view: the JavaScript and CSS beside this file, shipped as
they are). The page gets the file's token back once the server holds the whole file, and takes it from the disk
(`upload` returns it) to register it exactly as an upload through Streamlit's uploader was: only the file's bytes
move differently, never whole through the server's memory. Offered only to a signed-in reviewer: the address it sends
to is a ticket for that person in that browser (`upload_route.issue`).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from review_app.ui import upload_route
from review_app.ui.context import _, page_run, reviewer
from review_app.ui.people_parts import browser_binding
from review_app.ui.upload_route import Spooled

_HERE = Path(__file__).resolve().parent
_component = st.components.v2.component(
    "polo_review_upload",
    js="\n".join((_HERE / name).read_text("utf-8") for name in ("page_runs.js", "upload_view.js")),
    css=(_HERE / "upload_view.css").read_text("utf-8"),
)


class Sending:
    """A file still being sent when the page's button was pressed: the page says to wait."""

    def __init__(self, name: str):
        self.name = name


def _texts() -> dict[str, str]:
    return {
        "idle": _("Choose a file: it is sent to the server at once, with its progress shown here."),
        "sending": _("Sending {name}: {sent} of {total} MB ({percent}%)"),
        "ready": _("{name} ({size} MB) is on the server."),
        "cancel": _("Cancel"),
        "cancelled": _("Sending {name} was cancelled; nothing of it is kept."),
        "failed": _("{name} was not received: {why}"),
        "network": _("the connection to the server was lost"),
        "expired": _("this page's upload permission has ended (signed out, or the app restarted): reload the page"),
        "tooLarge": _("{name} is {size} MB; the limit is {limit} MB."),
        "tooLargeServer": _("the file is larger than the limit"),
        "wrongKind": _("{name} is not a file of an accepted kind ({kinds})."),
        "empty": _("{name} is empty."),
    }


def _keys(key: str) -> tuple[str, str]:
    """(the component's key this time, where its ticket is kept): a new generation after each file taken."""
    gen = st.session_state.setdefault(f"{key}.gen", 0)
    return f"{key}.{gen}", f"{key}.ticket"


def upload(key: str, label: str, *, folder: Path, limit_mb: int, extensions: tuple[str, ...] | None = None,
           help: str = "", disabled: bool = False) -> Spooled | Sending | None:
    """The upload view; the file sent with it once the server holds all of it (`Sending` while it is still being sent,
    None before a file is chosen). `folder`: where the file is written as it arrives (the destination's own folder,
    so that taking it in needs no other disk); `limit_mb`: refused past it. Without a signed-in reviewer the view says
    to sign in and sends nothing."""
    component_key, ticket_key = _keys(key)
    owner = reviewer()
    if owner and not disabled:
        ticket = upload_route.issue(owner, browser_binding(), Path(folder), limit_mb * 2**20, extensions,
                                    kept=st.session_state.get(ticket_key))
        st.session_state[ticket_key] = ticket
        url = upload_route.address(st.get_option("server.baseUrlPath"), ticket)
    else:
        upload_route.revoke(st.session_state.pop(ticket_key, None))
        url = None
    data = {
        "run": page_run(), "url": url, "label": label, "help": help, "limit": limit_mb * 2**20,
        "accept": ",".join(extensions or ()), "disabled": disabled, "text": _texts(),
        "reason": None if owner else _("Sign in first (in the sidebar): every change is recorded under the person "
                                       "signed in; reading needs no sign-in."),
    }
    result = _component(key=component_key, data=data, on_file_change=lambda: None, height="content", width="stretch")
    value = result.get("file") if result is not None else None
    if not isinstance(value, dict):
        return None
    if value.get("sending"):
        return Sending(str(value["sending"]))
    return upload_route.claim(st.session_state.get(ticket_key), value.get("token"))


def taken(key: str, spooled: Spooled) -> None:
    """The page has taken `spooled` (registered it, or said why not): its file goes, and the view starts empty."""
    upload_route.release(st.session_state.get(f"{key}.ticket"), spooled)
    st.session_state[f"{key}.gen"] = st.session_state.get(f"{key}.gen", 0) + 1


def component_key(key: str) -> str:
    """The component's key this time (where a test sets the state a browser would)."""
    return _keys(key)[0]
