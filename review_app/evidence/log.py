"""The case log: one append-only JSON Lines record per case (a file, or a database's rows), each entry chained
to the one before.

An entry is one line, the canonical JSON (see `canonical`) of

    {"seq": 1, "prev": "<hash of entry seq-1, or 64 zeros>", "type": "evidence_received",
     "at": "2026-06-15T12:30:00Z", "by": "<who made the entry>", "data": {...}, "hash": "<sha256>"}

`hash` covers every other key, so changing any byte of an entry breaks it; `prev` ties it to the
entry before, so deleting or reordering entries breaks the entry after. An entry is appended with
one write of the whole line followed by fsync, under an exclusive lock; an interrupted write leaves
a last line without its newline, which `chain_problems` reports and `append` refuses to build on
until `polo-review evidence repair` sets it aside (see `repair`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from review_app.evidence.canonical import GENESIS, canonical, entry_hash
from review_app.evidence.errors import LogDamaged
from review_app.evidence.window import utc_text
from review_app.i18n import DEFAULT_LANGUAGE, Message, translate

ENTRY_KEYS = {"seq", "prev", "type", "at", "by", "data", "hash"}
CUT = "incomplete last line (an append was interrupted, or the file was cut)"


@dataclass(frozen=True)
class Problem:
    """One thing found wrong. `message` is an English line, or a `Message` translated where it is shown."""

    entry: int  # 1-based line number in the log; 0: the store around it, not an entry
    message: str | Message
    kind: str | None = None  # the entry's type, when the problem is what the entry says (see `admit`)

    @property
    def translatable(self) -> bool:
        return isinstance(self.message, Message)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        text = translate(self.message, lang) if self.translatable else str(self.message)
        if not self.entry:
            return text
        if self.kind:
            return translate(Message("entry {n} ({kind}): {problem}", n=self.entry, kind=self.kind, problem=text),
                             lang)
        return f"entry {self.entry}: {text}"

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


def _split(raw: bytes) -> list[bytes]:
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the newline that ends the last complete entry
    return lines


def split_cut(raw: bytes) -> tuple[bytes, bytes]:
    """(complete, cut): the log up to and including its last newline, and the bytes after it (a last line
    an interrupted append left without its newline; empty when the log ends as it should)."""
    end = raw.rfind(b"\n") + 1
    return raw[:end], raw[end:]


def chain_problems(raw: bytes) -> tuple[list[dict], list[Problem]]:
    """Parse and check the whole log: the entries read, and every problem in line order."""
    entries: list[dict] = []
    problems: list[Problem] = []
    prev = GENESIS
    lines = _split(raw)
    complete = raw.endswith(b"\n") or not raw
    for n, line in enumerate(lines, start=1):
        last = n == len(lines)
        if last and not complete:
            problems.append(Problem(n, CUT))
            break
        try:
            entry = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            problems.append(Problem(n, "not a JSON entry (the line was altered)"))
            prev = None
            continue
        if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
            problems.append(Problem(n, "not a log entry (keys missing or added)"))
            prev = None
            continue
        entries.append(entry)
        if entry["seq"] != n:
            problems.append(Problem(n, f"holds entry number {entry['seq']} "
                                       "(entries were deleted, inserted or reordered)"))
        if entry_hash(entry) != entry["hash"]:
            problems.append(Problem(n, "its content does not match its hash (the entry was altered)"))
        elif prev is not None and entry["prev"] != prev:
            problems.append(Problem(n, "does not follow the entry before it "
                                       "(an entry was altered, deleted or reordered)"))
        elif canonical(entry) != line:
            problems.append(Problem(n, "is not in canonical form (the line was rewritten)"))
        prev = entry["hash"]
    return entries, problems


class CaseLog:
    """What every case log keeps, whatever holds it: its entries read and checked (`entries`), the entry that
    follows them (`entry`), and who may append what (`allowed`). The storage is the store's:
    `store.filestore.evidence.FileCaseLog` (one file) and `store.postgres.evidence.DatabaseCaseLog` (rows)
    give `raw`, `locked`, `held`, `append`, `replace_cut` and `restore_raw` (`evidence.records.CaseLogStore`).

    `orphans` lists files that exist only because entries recorded them (the stored originals): with
    any of them present, a missing or empty log is a lost record, never a case to start afresh.
    """

    path: Path | str  # names the log in messages
    orphans: Callable[[], list[Path]] | None = None
    roster: object = None  # the reviewers whose roles the log enforces (`ground.roles`)

    @property
    def match_id(self) -> str:
        raise NotImplementedError

    def raw(self) -> bytes:
        raise NotImplementedError

    def entries(self) -> list[dict]:
        """The entries of an intact log; a damaged one is refused with its first problem."""
        raw = self.raw()
        if not raw and self.orphans is not None:
            stored = self.orphans()
            if stored:
                raise LogDamaged(
                    f"case log is missing or empty, but {len(stored)} original(s) are stored beside it: the record of "
                    "this case is lost, and a new case is not started over it; restore case.jsonl (an evidence "
                    "pack holds a copy) and run `polo-review evidence verify`", path=self.path)
        entries, problems = chain_problems(raw)
        if problems:
            hint = (f"an interrupted append left it: `polo-review evidence repair {self.match_id} --by NAME` "
                    "sets the cut line aside and records that it did" if [p.message for p in problems] == [CUT]
                    else "run `polo-review evidence verify`")
            raise LogDamaged(f"case log is damaged at {problems[0]}; {hint}", path=self.path)
        return entries

    @staticmethod
    def entry(entries: list[dict], type_: str, by: str, data: dict, at: datetime) -> dict:
        """The entry that follows `entries`, hashed and chained, as `append` writes it."""
        entry = {
            "seq": len(entries) + 1,
            "prev": entries[-1]["hash"] if entries else GENESIS,
            "type": type_,
            "at": utc_text(at),
            "by": by,
            "data": data,
        }
        entry["hash"] = entry_hash(entry)
        return entry

    def allowed(self, type_: str, by: str, data: dict) -> None:
        """The roles the store enforces (`ground.roles`): only a committee member decides, or corrects a decision,
        identified as the entry records (`identified`: never a name merely typed, once roles are set)."""
        if self.roster is not None and (type_ == "decision" or (type_ == "correction" and "decision" in data)):
            from review_app.ground.roles import COMMITTEE, Rules

            rules = Rules(self.roster)
            rules.require(by, COMMITTEE, "decide evidence cases")
            rules.require_identified(by, data.get("identified"), "decide evidence cases")
