"""The app's server: Streamlit serving the app (app.py) with the frame addresses of
review_app.footage.web and the upload address of upload_route (a recording or evidence streamed to disk, never held
in memory) beside its own routes, on the one port it listens on.

`polo-review app` runs `streamlit run` on this file, with review_app on PYTHONPATH (Streamlit puts only this
folder on the path); Streamlit finds `app` (an st.App) and serves it.
Streamlit's own static-file serving was the other way to serve frames by URL; it serves only files
already written under the app's folder (inside the installed package), so every frame the browser
might ask for would have to be encoded and written beforehand. A route decodes the frame asked for.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from review_app.footage import web
from review_app.live import web as live_web
from review_app.ui import upload_route

HERE = Path(__file__).resolve().parent

_base = st.get_option("server.baseUrlPath")
app = st.App(HERE / "app.py", routes=web.routes(_base) + live_web.routes(_base) + upload_route.routes(_base))
