"""The consistency checker: tagged calls against Rule 21, per event and per match."""

from review_app.checker.run import (  # noqa: F401
    CheckResult,
    EventResult,
    check_document,
    check_documents,
    check_paths,
)
from review_app.checker.sequence import Finding, check_match  # noqa: F401
from review_app.checker.stored import check_scanned  # noqa: F401
