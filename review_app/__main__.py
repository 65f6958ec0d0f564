"""`python -m review_app` runs the command line."""
import sys

from review_app.cli import command

sys.exit(command())
