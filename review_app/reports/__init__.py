"""What the product shows or sends outside the app's widgets: the timeline chart (`timeline`), the
consistency report (`consistency`), the 21.f(5) evidence pack (`evidence_pack`), and
the one Jinja2 environment (`templating`) that renders every HTML report from `templates/`, with
autoescape and the gettext catalogue. Never imports streamlit."""
