"""The Streamlit app: entry point `app.py`, pages in `app_pages/`, strings in `i18n.py`.

Only the page files and the entry point import streamlit; helpers here stay plain."""
