"""Reading and validating match documents, and the merge rule every save follows.

Validation checks a document against the schema built from the rules (Draft 2020-12): the compiled
validator (jsonschema-rs) answers valid or not; a document it rejects is validated again by jsonschema
for the message, one line naming the file and the JSON path of the bad field. Saving is the store's
(`store.matches.save`: atomic, under the lock, the revision checked); `merge_saved` here is the three-way
merge every store applies when someone saved since the copy was read, so two reviewers editing one match
never overwrite each other silently.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import jsonschema_rs

from review_app.config import MAX_DOCUMENT_BYTES
from review_app.model import jsontext
from review_app.model.document import MatchDocument
from review_app.model.errors import DocumentError, RevisionConflict
from review_app.model.merge import MergeResult, merge
from review_app.model.migrate import OLDER, migrate, needs_migration
from review_app.model.schema_build import OVERTIME_PERIODS_MAX, READS, SCHEMA_VERSION, build

if TYPE_CHECKING:  # the Python validator is needed only to name what is wrong in a document the compiled one refuses
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

log = logging.getLogger(__name__)



@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    """The Python validator: its errors carry the path of the bad field, which the user is told."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(build(), format_checker=Draft202012Validator.FORMAT_CHECKER)


@lru_cache(maxsize=1)
def fast_validator():
    """The compiled validator (jsonschema-rs), which every document read is validated by. It answers valid or not;
    a document it rejects is validated again by `validator` for the message."""
    return jsonschema_rs.Draft202012Validator(build(), validate_formats=True)


def json_path(error: ValidationError) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def _describe(error: ValidationError) -> str:
    where = json_path(error)
    if error.validator == "enum" and where.endswith("situation"):
        return f"{where}: unknown clause {jsontext.excerpt(repr(error.instance))} (see `polo-review rules`)"
    # jsonschema quotes the whole bad value; a 10 MB note must not make a 10 MB error line.
    message, shown = error.message, repr(error.instance)
    if len(shown) > jsontext.EXCERPT and shown in message:
        message = message.replace(shown, jsontext.excerpt(shown))
    return f"{where}: {jsontext.excerpt(message, 300)}"


def _version_tuple(v: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in str(v).split("."))
    except ValueError:  # not a dotted number: treated as older than any version, so the schema reports it
        log.debug("schema_version %r is not a dotted number", v)
        return (0,)


def validate(data: object, path: Path | str | None = None) -> dict:
    """Raise DocumentError naming the bad field; check the version first so a newer file says so. Returns
    the document as it was checked: an older one as the migration makes it (`data` itself is left as it is)."""
    if not isinstance(data, dict):
        raise DocumentError("not a match document (expected a JSON object)", path=path)
    version = data.get("schema_version")
    if version is None:
        raise DocumentError(f"schema_version: missing (expected \"{SCHEMA_VERSION}\")", path=path)
    if _version_tuple(version) > _version_tuple(SCHEMA_VERSION):
        raise DocumentError(
            f"schema_version {version} is newer than this polo-review reads ({SCHEMA_VERSION}); upgrade polo-review",
            path=path)
    if str(version) not in READS:
        raise DocumentError(f"schema_version {jsontext.excerpt(repr(version))}: this polo-review reads "
                            f"{', '.join(READS)}", path=path)
    if str(version) in OLDER:  # an older document is checked as the migration makes it
        data = migrate(data)
    valid = fast_validator().is_valid(data)
    if not valid and needs_migration(data):
        # A 2.1 document saved while the officials' decisions were facts: each clause's facts are closed in the
        # schema, so only a document it refuses can be one, and only such a one is looked through for them.
        data = migrate(data)
        valid = fast_validator().is_valid(data)
    if not valid:
        from jsonschema.exceptions import best_match

        error = best_match(validator().iter_errors(data), key=_relevance)
        if error is not None:
            raise DocumentError(_describe(error), path=path)
    _check_references(data, path)
    return data


def _relevance(error: ValidationError):
    # Prefer the deepest error: it names the field, not the object holding it.
    return (len(error.absolute_path), error.validator not in ("anyOf", "oneOf", "allOf", "if"))


def _check_references(data: dict, path: Path | str | None) -> None:
    """What a schema cannot say: unique ids, players on the match's teams, periods the match has (its scheduled
    ones and the overtime periods that may follow them)."""
    match = data["match"]
    teams = [t["id"] for t in match["teams"]]
    last_period = match["periods"] + OVERTIME_PERIODS_MAX
    seen: set[str] = set()
    for i, event in enumerate(data["events"]):
        if event["id"] in seen:
            raise DocumentError(f"events[{i}].id: duplicate event id {event['id']!r}", path=path)
        seen.add(event["id"])
        for j, player in enumerate((event.get("involved") or {}).get("players", [])):
            if player["team"] not in teams:
                raise DocumentError(
                    f"events[{i}].involved.players[{j}].team: unknown team {player['team']!r} "
                    f"(the match has {', '.join(teams)})", path=path)
        period = event.get("period")
        if period is not None and period > last_period:
            raise DocumentError(
                f"events[{i}].period: {period} is past the match's {match['periods']} periods and "
                f"{OVERTIME_PERIODS_MAX} overtime periods", path=path)


# What `Path.exists()` takes for "no such file" (pathlib's own list): anything else is raised as it is.
_NO_FILE = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


def load_document(path: str | Path) -> MatchDocument:
    path = Path(path)
    # One stat answers whether the file exists, whether it is a folder and how large it is, all of one file.
    try:
        found = os.stat(path)
    except OSError as exc:
        if exc.errno not in _NO_FILE:
            raise
        raise DocumentError("no such file", path=path) from None
    except ValueError:  # a name no file can have (a NUL byte), as exists() answers it
        raise DocumentError("no such file", path=path) from None
    if stat.S_ISDIR(found.st_mode):
        raise DocumentError("is a folder, not a match document", path=path)
    if found.st_size > MAX_DOCUMENT_BYTES:
        raise DocumentError(f"larger than {MAX_DOCUMENT_BYTES // 2**20} MB; not a match document", path=path)
    with open(path, "rb") as fh:
        raw = fh.read()
    return parse_document(raw, path)


def parse_document(raw: bytes, path: str | Path | None = None, origin: str | None = None) -> MatchDocument:
    """A match document from its stored bytes (a file's, or a database row's), read as strictly as a file;
    `path` names it in errors, `origin` is the store it came from when that is not the file's folder."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DocumentError(f"larger than {MAX_DOCUMENT_BYTES // 2**20} MB; not a match document", path=path)
    try:
        # The bytes as read: the document keeps them as its stored revision (`MatchDocument.source` decodes them
        # when a save merges against them).
        data = jsontext.loads(raw)
    except UnicodeDecodeError:
        raise DocumentError("not UTF-8 text", path=path) from None
    except json.JSONDecodeError as exc:
        raise DocumentError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", path=path) from None
    except jsontext.JSONTextError as exc:
        raise DocumentError(str(exc), path=path) from None
    checked = validate(data, path)  # migrated once, where it was older
    return MatchDocument(checked, path if path is None or isinstance(path, Path) else Path(path),
                         int(data.get("revision", 0)), raw, origin=origin)


def document_from_data(data: dict, path: str | Path | None = None) -> MatchDocument:
    return MatchDocument(validate(data, path), Path(path) if path else None, int(data.get("revision", 0)))


def find_documents(paths: Iterable[str | Path]) -> list[Path]:
    """The match documents named: files as given, folders searched for *.json (sorted)."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(_json_files_under(p))
        else:
            found.append(p)
    return found


def _json_files_under(folder: Path) -> list[Path]:
    """The files named *.json under `folder` (folders linked to are not entered), sorted."""
    return sorted(p for p in folder.rglob("*.json") if p.is_file())


def merge_saved(path: Path, doc: MatchDocument, on_disk: dict) -> tuple[dict, MergeResult]:
    """`doc` merged with `on_disk`, a revision saved by someone else since `doc` was read: the data
    to save (at the revision after it), or RevisionConflict naming where both changed the same thing.
    Every store implementation calls this under its lock, so the merge rules are one."""
    base = doc.base()
    if base is None or int(base.get("revision", 0)) != doc.loaded_revision:
        raise RevisionConflict(path, doc.data, on_disk, ["(the revision this copy was read at is not known)"])
    on_disk = migrate(on_disk)  # a 1.0 file merges as its 2.0 form (the save writes 2.0)
    result = merge(base, doc.data, on_disk, restored=doc.restored)
    if not result.clean:
        raise RevisionConflict(path, doc.data, on_disk, result.overlaps, base=base)
    data = {**result.data, "revision": int(on_disk.get("revision", 0)) + 1}
    try:
        validate(data, path)
    except DocumentError as exc:  # each side valid, the two together not: the reviewers must choose
        problem = str(exc).removeprefix(f"{exc.path}: ")
        raise RevisionConflict(path, doc.data, on_disk, [f"together: {problem}"], base=base) from None
    return data, result
