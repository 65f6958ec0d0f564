"""F7 of the security review, replayed as the review did it: a browser signs in; a second client with no cookie and no
passphrase connects to the running app's WebSocket (`/_stcore/stream`) presenting the first one's session id (which
crossed the network in clear) and reruns the page. Streamlit hands it the session; the sign-in does not come with it
(it is bound to the browser's own cookie, `people_parts.browser_binding`): it is told the session was opened by another
browser, never shown the signed-in reviewer."""

from __future__ import annotations

import time

import pytest
from browser_app import CHROMIUM, chromium_page, name_the_reviewer, running_app

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


def session_id_of(page, url: str) -> str:
    """The session id the server gave the page (its new_session message), as someone on the network reads it."""
    from google.protobuf.message import DecodeError
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    seen: list[str] = []

    def frame(payload) -> None:
        if isinstance(payload, (bytes, bytearray)):
            try:
                msg = ForwardMsg.FromString(bytes(payload))
            except DecodeError:  # a frame of another kind
                return
            if msg.HasField("new_session") and msg.new_session.initialize.session_id:
                seen.append(msg.new_session.initialize.session_id)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    page.goto(f"{url}/evidence")
    return seen


def replay(url: str, session_id: str, seconds: float = 120) -> bytes:
    """Connect to /_stcore/stream with `session_id` and no cookie, rerun the page, and return what the server sent
    (every ForwardMsg, as bytes) until the run finished."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
    got = []
    with connect(ws_url, subprotocols=["streamlit", "PLACEHOLDER_AUTH_TOKEN", session_id], origin=url,
                 max_size=None, open_timeout=30) as ws:
        ws.send(BackMsg(rerun_script=ClientState(query_string="", page_name="evidence")).SerializeToString())
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                data = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            got.append(data)
            msg = ForwardMsg.FromString(data)
            # the end of its own run (not the end of the run it interrupted, "finished early for rerun")
            if msg.HasField("script_finished") and msg.script_finished in (
                    ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR):
                break
    return b"".join(got)


def test_a_second_client_presenting_the_session_id_on_the_stream_does_not_get_the_sign_in(tmp_path):
    env = {"POLO_REVIEW_CACHE": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "home")}
    ws = tmp_path / "ws"
    with running_app(["--workspace", str(ws)], env, tmp_path / "server.log") as url, chromium_page() as page:
        ids = session_id_of(page, url)
        name_the_reviewer(page, "Com Mary")
        assert ids, "the page's session id was not seen on its WebSocket"
        sent = replay(url, ids[-1])
        log = (tmp_path / "server.log").read_text(errors="replace")
    assert b"Post-game evidence" in sent  # the second client did run the page in that session
    assert "is already connected" in log or "Reconnecting to existing session" in log  # the session was taken over
    assert b"Com Mary" not in sent and b"Signed in as" not in sent
    assert b"this session was opened by another browser" in sent
