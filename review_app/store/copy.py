"""`polo-review store copy`: everything one store keeps, into another (files to a database and back),
losing nothing: each match document byte for byte under its name, each evidence case's log byte for
byte (so it verifies the same before and after, damage included) with its originals, working copies and
repair files, the footage received with the names it came with, training records, reviewers and roles.

The destination must not already hold something else under the same name: nothing is ever overwritten
(the same bytes already there are left as they are, so a copy interrupted can be run again).
A document (or record, or reviewer) the destination refuses to keep, such as text with a NUL character
a database cannot hold (`ground.text`), is named in the report with why, and everything else is copied.
"""

from __future__ import annotations

import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.ground.files import READ_ONLY, durable_replace, file_sha256

log = logging.getLogger(__name__)


class CopyRefused(PoloReviewError):
    """The destination holds something else under a name the copy would write."""


@dataclass
class CopyReport:
    documents: int = 0
    footage: int = 0
    cases: dict[str, tuple[str, str]] = field(default_factory=dict)  # match id -> (verify before, verify after)
    trainees: int = 0
    approved: int = 0
    people: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)  # (what was not copied, why), one line each

    @property
    def same(self) -> bool:
        return all(before == after for before, after in self.cases.values())

    @property
    def complete(self) -> bool:
        """Everything copied, and every case verifies as it did."""
        return self.same and not self.refused


def _refusal(exc: PoloReviewError) -> bool:
    """Whether `exc` is about one thing copied (it is named and the copy goes on), not the store itself."""
    from review_app.store import StoreError

    return not isinstance(exc, StoreError)


def _copy_file(src: Path, dst: Path) -> bool:
    """`src` to `dst` with its mode (originals stay read-only); the same bytes already there: left."""
    if src.resolve() == dst.resolve():
        return False
    if dst.exists():
        if file_sha256(dst) == file_sha256(src):
            return False
        raise CopyRefused("holds other bytes under this name; nothing is overwritten", path=dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(f".{dst.name}.copying")
    shutil.copyfile(src, tmp)
    os.chmod(tmp, os.stat(src).st_mode & 0o777)
    durable_replace(tmp, dst)
    return True


def _footage_files(footage) -> list[tuple[str, Path, str | None]]:
    """(stored name, where its bytes are, the name it came with) of every footage received."""
    if hasattr(footage, "located"):
        return [(name, Path(where), given) for name, where, given in footage.located()]
    names = footage.names()
    folder = Path(footage.folder)
    if not folder.is_dir():
        return []
    return [(p.name, p, names.get(p.name)) for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.startswith(".")]


def _case_files(case) -> list[Path]:
    """The files of a case's folder besides its log and locks: originals, working copies, repairs."""
    if not case.path.is_dir():
        return []
    return sorted(p for p in case.path.rglob("*") if p.is_file() and not p.name.startswith(".")
                  and p.name != "case.jsonl")


def _preflight(src, dst) -> None:
    theirs = dict(dst.matches.texts())
    for key, body in src.matches.texts():
        if key in theirs and theirs[key] != body:
            raise CopyRefused(f"the destination holds another document named {key}; nothing was copied")
    for match_id in src.evidence.cases():
        raw = dst.evidence.case(match_id).log.raw()
        if raw and raw != src.evidence.case(match_id).log.raw():
            raise CopyRefused(f"the destination holds another case log of match {match_id}; nothing was copied")


def copy_store(src, dst) -> CopyReport:
    """Copy everything `src` keeps into `dst` (two `store.base.Store`s); see the module."""
    _preflight(src, dst)
    report = CopyReport()
    _copy_documents(src, dst, report)
    _copy_footage(src, dst, report)
    _copy_cases(src, dst, report)
    _copy_training(src, dst, report)
    _copy_people(src, dst, report)
    return report


def _copy_documents(src, dst, report: CopyReport) -> None:
    """Each match document byte for byte under its name; one the destination refuses is named in `report`."""
    theirs = dict(dst.matches.texts())
    for key, body in src.matches.texts():
        if theirs.get(key) != body:
            try:
                dst.matches.put_text(key, body)
            except PoloReviewError as exc:
                if not _refusal(exc):
                    raise
                report.refused.append((f"match document {key}", str(exc)))
                continue
        report.documents += 1


def _copy_footage(src, dst, report: CopyReport) -> None:
    """The footage received, under its hash, with the name it came with."""
    for name, where, given in _footage_files(src.footage):
        suffix = "".join(Path(name).suffixes)
        with open(where, "rb") as fh:
            stored = dst.footage.receive(fh, suffix)
        if stored.name != name:
            raise CopyRefused(f"footage {name} no longer has the bytes of its name (now {stored.name}); "
                              "it was copied under its true hash", path=where)
        if given:
            dst.footage.remember_name(stored, given)
        report.footage += 1


def _copy_cases(src, dst, report: CopyReport) -> None:
    """Each evidence case: its files, its log byte for byte, its originals registered; verified before and after."""
    from review_app.evidence.verify import verify_case

    for match_id in src.evidence.cases():
        mine, other = src.evidence.case(match_id), dst.evidence.case(match_id)
        before = verify_case(mine).summary()
        for f in _case_files(mine):
            _copy_file(f, other.path / f.relative_to(mine.path))
        raw = mine.log.raw()
        if raw and not other.log.raw():
            other.log.restore_raw(raw)
        if hasattr(dst.evidence, "register_originals"):
            _register(dst.evidence, other, raw)
        report.cases[match_id] = (before, verify_case(other).summary())


def _copy_training(src, dst, report: CopyReport) -> None:
    """The training records, whole; refused by the destination, they are named in `report`."""
    records = src.training.export()
    try:
        if (records.get("trainees") or records.get("approved")) and dst.training.export() != records:
            dst.training.import_(records)
    except PoloReviewError as exc:
        if not _refusal(exc):
            raise
        report.refused.append(("the training records", str(exc)))
    else:
        report.trainees = len(records.get("trainees") or {})
        report.approved = len(records.get("approved") or {})


def _copy_people(src, dst, report: CopyReport) -> None:
    """Each reviewer with their roles and passphrase hash; one the destination refuses is named in `report`."""
    for person in src.people.people():
        try:
            dst.people.set_roles(person.name, person.roles)
        except PoloReviewError as exc:
            if not _refusal(exc):
                raise
            report.refused.append((f"reviewer {person.name!r}", str(exc)))
            continue
        secret = src.people.passphrase(person.name)
        if secret is not None:  # the hash moves as it is: nobody needs to choose a passphrase again
            dst.people.set_passphrase(person.name, secret)
        report.people += 1


def _register(evidence, case, raw: bytes) -> None:
    """The originals a copied log records, in a database's registry (sha256, where, size)."""
    import json

    found = []
    for line in raw.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a damaged line: verify names it; the registry lists what can be read
        data = entry.get("data") if isinstance(entry, dict) else None
        if isinstance(data, dict) and entry.get("type") == "evidence_received" and data.get("stored"):
            path = case.path / str(data["stored"])
            if path.is_file():
                found.append((str(data.get("sha256")), str(data["stored"]), path.stat().st_size))
    evidence.register_originals(case.match_id, found)


__all__ = ["READ_ONLY", "CopyRefused", "CopyReport", "copy_store"]
