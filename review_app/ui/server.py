"""The app's server: Streamlit serving the app (app.py) with the frame addresses of
review_app.footage.web beside its own routes, on the one port it listens on.

`polo-review app` runs `streamlit run` on this file; Streamlit finds `app` (an st.App) and serves it.
Streamlit's own static-file serving was the other way to serve frames by URL; it serves only files
already written under the app's folder (inside the installed package), so every frame the browser
might ask for would have to be encoded and written beforehand. A route decodes the frame asked for.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

HERE = Path(__file__).resolve().parent
if str(HERE.parents[1]) not in sys.path:  # `streamlit run` on a source checkout
    sys.path.insert(0, str(HERE.parents[1]))

from review_app.footage import web  # noqa: E402  (after the path is set)
from review_app.live import web as live_web  # noqa: E402

_base = st.get_option("server.baseUrlPath")
app = st.App(HERE / "app.py", routes=web.routes(_base) + live_web.routes(_base))
