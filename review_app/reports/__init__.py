"""What the product shows or sends outside the app's widgets: the timeline chart (`timeline`), and
the one Jinja2 environment (`templating`) that renders every HTML report from `templates/`, with
autoescape and the gettext catalogue. Never imports streamlit."""
