"""The match document: load, validate, merge, edit. Saving is the store's (`review_app.store`): nothing
here opens one."""

from review_app.model.document import MATCH_ID, MatchDocument, next_event_id  # noqa: F401
from review_app.model.errors import DocumentError, RevisionConflict  # noqa: F401
from review_app.model.io import (  # noqa: F401
    document_from_data,
    find_documents,
    load_document,
    validate,
)
