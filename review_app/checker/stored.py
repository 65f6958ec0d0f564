"""The check of the matches a store keeps (files or a database), as `store.matches.scan()` gives them: each
readable document checked with its evidence case, each unreadable one named in the result's errors, as
`check_paths` names a broken file."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from review_app.checker.run import CheckResult, check_documents
from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument

if TYPE_CHECKING:  # the store's evidence interface, named in signatures; the process itself is not needed to check
    from review_app.evidence.records import EvidenceStore


def check_scanned(scanned: Iterable[tuple[str, MatchDocument | PoloReviewError]],
                  evidence: EvidenceStore | None = None, progress: Callable[[int, int], None] | None = None, *,
                  total: int | None = None, keep_documents: bool = False) -> CheckResult:
    """Every document of a store's `scan()` (or pairs like them), checked (`check_documents`) with the store's
    `evidence`; `progress`: called with (documents done, `total`), where `total` (else the pairs are counted
    first) says how many there are."""
    if total is None:
        scanned = list(scanned)
        total = len(scanned)
    errors: list[str] = []

    def readable() -> Iterator[MatchDocument]:
        for i, (_key, doc) in enumerate(scanned, 1):
            if isinstance(doc, MatchDocument):
                yield doc
            else:
                errors.append(str(doc))
            if progress:
                progress(i, total)

    result = check_documents(readable(), evidence, keep_documents=keep_documents)
    result.errors.extend(errors)
    return result
