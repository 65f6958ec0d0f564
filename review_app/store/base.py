"""The interfaces of what the product keeps. Callers hold one of these, got from the factories in
`review_app.store` (`open_store`, `open_matches`, ...), and never know which implementation it is:
files on disk (`store.filestore`) are the default; a database can implement the same protocols.

- `MatchStore`: the match documents (list, load, save with a revision check, create under a new id).
- `FootageStore`: footage received, content-addressed by SHA-256, with the names it came with kept
  as data (never as paths).
- `EvidenceStore` / `CaseRecords`: per match, the originals as received (read-only, under their hash),
  the working copies derived from them, and the append-only case log (declared in `evidence.records`).
- `VerdictJudge`: handed in at `open_store(..., verdicts=...)`, for verdict rows and season counts.
- `RecordStore`: one small mutable record, changed under the lock.
- `TrainingRecords`, `Roster`: training attempts and teaching examples; reviewers and their roles,
  which every implementation enforces the same way (`ground.roles`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Protocol, runtime_checkable

# The evidence interface is declared below the store, where the evidence process and the checker, which are
# handed one, name it without importing the store; it is the store's all the same.
from review_app.evidence.records import CaseLogStore, CaseRecords, EvidenceStore

if TYPE_CHECKING:
    from datetime import date

    from review_app.config import Folders
    from review_app.errors import PoloReviewError
    from review_app.model.document import MatchDocument


__all__ = ["CaseLogStore", "CaseRecords", "EvidenceStore", "FootageStore", "MatchStore", "RecordStore", "Roster",
           "Store", "TrainingRecords", "VerdictJudge", "judge_of"]


class VerdictJudge(Protocol):
    """What a store is handed to keep verdict rows and season counts without knowing the rules
    (`checker.season.SEASON`): `open_store(location, verdicts=SEASON)`. `evidence`: the store's own cases,
    whose 21.f(5) evidence and decisions settle the verdicts of their matches."""

    def rows(self, doc: MatchDocument, evidence: EvidenceStore | None = None) -> list: ...

    def count_documents(self, docs: Iterable[MatchDocument], start: date | None = None, end: date | None = None,
                        evidence: EvidenceStore | None = None) -> list: ...

    def counted(self, rows: Iterable[tuple[str, str | None, str, int]]) -> list: ...


def judge_of(verdicts: VerdictJudge | None, location: str) -> VerdictJudge:
    """The judge a store was opened with; StoreError (one line) where it was opened without one."""
    if verdicts is None:
        from review_app.store.errors import StoreError

        raise StoreError(f"{location}: this store was opened without a verdict judge, so it counts no season "
                         "(open it with open_store(..., verdicts=review_app.checker.season.SEASON))")
    return verdicts


@runtime_checkable
class MatchStore(Protocol):
    """The match documents of one collection (the file store: one annotations folder)."""

    def scan(self) -> Iterator[tuple[str, MatchDocument | PoloReviewError]]:
        """Every stored document, in a stable order, as (key, document) or (key, why it cannot be read)."""
        ...

    def documents(self) -> list[MatchDocument]:
        """Every readable document (the unreadable ones are left out; `scan` names them)."""
        ...

    def load(self, key: str) -> MatchDocument: ...

    def find(self, match_id: str) -> MatchDocument | None:
        """The document whose match.id is `match_id`, if one is stored."""
        ...

    def save(self, doc: MatchDocument, key: str | None = None) -> MatchDocument:
        """Store `doc` at revision+1 if what is stored is still at the revision `doc` was read at, else
        RevisionConflict (checked and written with no other save in between)."""
        ...

    def create(self, data: dict) -> MatchDocument:
        """Store a new document under its match id; DocumentError if that id is taken (also in a race)."""
        ...

    def stamp(self) -> tuple:
        """What changes when any document is saved, added or removed (a cache key)."""
        ...

    def stamp_of(self, key: str) -> tuple | None:
        """What changes when the document `key` is saved again (None: no such document)."""
        ...

    def texts(self) -> Iterator[tuple[str, bytes]]:
        """Every stored document as (its name in the collection, its bytes), readable or not (for copying)."""
        ...

    def put_text(self, key: str, body: bytes) -> None:
        """Store `body` under `key` as it is: a copy from another store, no revision raised, no merge."""
        ...

    def verdict_counts(self, start: date | None = None, end: date | None = None) -> list:
        """Events by clause, umpire and verdict across the matches dated in [start, end]
        (`checker.season.VerdictCount`s)."""
        ...


@runtime_checkable
class FootageStore(Protocol):
    """Footage received: each file stored once under its content's SHA-256, read-only."""

    def receive(self, stream: BinaryIO, ext: str, *, limit: int | None = None, expected: int | None = None,
                refuse: Callable[[str], Exception] = OSError,
                progress: Callable[[float], None] | None = None) -> Path:
        """Store the bytes of `stream` under `<sha256><ext>` (the same bytes twice: one file)."""
        ...

    def receive_file(self, path: Path, ext: str, name: str | None = None) -> Path:
        """Store a copy of the file at `path`, remembering `name` (the name it came with) if given."""
        ...

    def remember_name(self, stored: Path, given: str) -> None: ...

    def names(self) -> dict[str, str]:
        """{stored file name: the name it came with}."""
        ...

    def name_of(self, stored: Path) -> str | None: ...


@runtime_checkable
class RecordStore(Protocol):
    """One small record changed as a whole (the training scores)."""

    def read(self) -> object | None:
        """The record, or None if nothing is stored yet; ValueError/OSError if it cannot be read."""
        ...

    def update(self, change: Callable[[object | None], object]) -> object:
        """Read, `change` into the new record, write: no other update in between. Returns the new record."""
        ...

@runtime_checkable
class Roster(Protocol):
    """Reviewers and their roles (coach, committee, trainee); see `ground.roles`."""

    def people(self) -> list: ...

    def set_roles(self, name: str, roles) -> object:
        """Give `name` exactly `roles` (none: off the roster, passphrase and all)."""
        ...

    def passphrase(self, name: str) -> dict | None:
        """`name`'s passphrase as stored (a salted hash, `training.people`), or None."""
        ...

    def set_passphrase(self, name: str, secret: dict) -> None:
        """Keep `secret` (a salted hash) as the passphrase of `name`, who must be on the roster."""
        ...


@runtime_checkable
class TrainingRecords(Protocol):
    """Each trainee's attempts and the teaching examples coaches approved, with the roles enforced:
    a trainee sees only their own attempts, only a coach approves."""

    def attempts(self, trainee: str, *, viewer: str | None = None) -> list[dict]: ...

    def trainees(self, *, viewer: str | None = None) -> list[str]: ...

    def record(self, trainee: str, attempt: dict) -> None: ...

    def has_attempts(self, trainee: str) -> bool:
        """Whether attempts are kept under `trainee` (and no more: who may read them is `attempts`')."""
        ...

    def approve(self, question: str, by: str, fingerprint: str | None = None) -> None:
        """A coach makes `question` a teaching example, as the tag stands (`fingerprint`)."""
        ...

    def withdraw(self, question: str, by: str) -> None:
        """A coach takes `question` out of the quiz (a demo's expert tag too) until approved again."""
        ...

    def approved(self) -> dict[str, str]:
        """{question: the coach who approved it}, withdrawn ones left out."""
        ...

    def approvals(self) -> dict[str, dict]:
        """{question: {"by", "at", "fingerprint", "withdrawn"}}, withdrawn ones included."""
        ...


@runtime_checkable
class Store(Protocol):
    """Everything the product keeps, as one object (see `review_app.store.open_store`); read-only."""

    @property
    def location(self) -> str: ...

    @property
    def matches(self) -> MatchStore: ...

    @property
    def footage(self) -> FootageStore: ...

    @property
    def evidence(self) -> EvidenceStore: ...

    @property
    def training(self) -> TrainingRecords: ...

    @property
    def people(self) -> Roster: ...

    @property
    def folders(self) -> Folders:
        """Where the parts kept as files are (a database's shared storage)."""
        ...
