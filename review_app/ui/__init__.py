"""The Streamlit app: entry point `app.py`, pages in `app_pages/`; the words go
through `context._()` to the gettext catalogue in `review_app/locale/`.

Only the page files and the entry point import streamlit; helpers here stay plain."""
