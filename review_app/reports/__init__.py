"""What the product shows or sends outside the app's widgets: the timeline chart, and (from
templates with autoescape) every HTML and CSV report. Never imports streamlit."""
