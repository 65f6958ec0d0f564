"""Checking a case end to end: the log's hash chain, its rules, and every original against its recorded hash.

The rules: the entries are replayed through `admit`, the rules every operation obeys before it appends,
so a log whose chain is whole but which the tool could not have written (a second decision after the
case was locked, frames marked on evidence never received, ...) is broken at that entry, named with its
type. A repair entry (an interrupted append's cut last line, set aside by `repair`) is said as a warning,
and the bytes it kept are re-hashed.

What the chain shows on its own: any entry altered, deleted, inserted or reordered, a half-written
last line, an original altered, missing or put there by hand. What it cannot show on its own: entries
cut from its end, or a log rewritten whole with every hash recomputed (and originals swapped with
their recorded hashes changed to match). Anyone who can write the store can do that, and the result is
as self-consistent as the real one. Only something kept outside the store tells them apart: the head
hash (printed by `status`, `verify` and the evidence pack) with `verify --head HASH`, or an earlier
copy of the log (the pack holds one) with `verify --against FILE`; everything up to that anchor is then
fixed, since changing any of it changes the anchored hash. The entry times (`at`) are the recording
computer's clock and the receipt times are what the committee entered: the chain proves their order
and that they were not changed after an anchor was taken, never that they are true.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from review_app.evidence import admit
from review_app.evidence.errors import EvidenceError
from review_app.evidence.log import Problem, _split, chain_problems
from review_app.evidence.records import CaseRecords
from review_app.evidence.state import RECEIVED, REPAIR, CaseState
from review_app.ground.files import file_sha256, is_read_only
from review_app.i18n import Message

_HASH = re.compile(r"^[0-9a-f]{64}$")

LIMITS = ("the chain shows any entry altered, removed or reordered and any original changed; a log cut at its end "
          "or rewritten whole with new hashes passes it too: check the head against a copy kept outside the store "
          "(verify --head HASH, or --against an earlier case.jsonl such as the pack's)")


def check_head(head: str) -> str:
    """A head hash as typed: 64 hexadecimal digits (either case); anything else is a typing mistake."""
    text = (head or "").strip().lower()
    if not _HASH.match(text):
        raise EvidenceError(f"--head {head!r} is not a log head: give the full SHA-256 (64 hexadecimal digits) "
                            "that `evidence status`, `verify` or the pack printed")
    return text


@dataclass
class VerifyReport:
    folder: str
    entries: int
    originals: int
    head: str | None
    problems: list[Problem] = field(default_factory=list)  # in entry order; entry 0: not an entry (store, anchor)
    warnings: list[str | Message] = field(default_factory=list)  # a Message: translated where it is shown
    empty: bool = False  # no log and no originals: nothing recorded here (or all of it removed)
    anchor: str | None = None  # what the log was checked against, if anything: "head" or the copy's name
    anchored_entries: int = 0  # entries 1..this are fixed by the anchor
    altered: list[str] = field(default_factory=list)  # evidence ids whose original is missing or fails its hash
    # every decision and corrected decision: (entry, its type, who, how they were identified or None)
    deciders: list[tuple[int, str, str, str | None]] = field(default_factory=list)
    # every receipt's two times: {entry, evidence, recorded (the server's), claimed_at, attested_by, counted}
    receipts: list[dict] = field(default_factory=list)

    def receipt_lines(self) -> list[str]:
        """Each receipt's time recorded by the server, and the earlier time it claims (attested or not)."""
        lines = []
        for r in self.receipts:
            line = f"entry {r['entry']} ({r['evidence']}) recorded {r['recorded']}"
            if r["claimed_at"]:
                line += (f", claimed {r['claimed_at']} attested by {r['attested_by']}" if r["attested_by"] else
                         f", claimed {r['claimed_at']} NOT attested")
            lines.append(f"{line}; the 24 hours count from {r['counted']}")
        return lines

    def decider_lines(self) -> list[str]:
        """Who made each decision and how they were identified (`ground.roles.IDENTIFIED`), one line each."""
        from review_app.ground.roles import IDENTIFIED

        return [f"entry {seq} ({kind}) by {by}, identified by "
                f"{IDENTIFIED.get(how, how) if how else 'nothing recorded (decided before the tool recorded it)'}"
                for seq, kind, by, how in self.deciders]

    @property
    def intact(self) -> bool:
        return not self.problems

    @property
    def first(self) -> Problem | None:
        return self.problems[0] if self.problems else None

    @property
    def first_broken_entry(self) -> int | None:
        return next((p.entry for p in self.problems if p.entry > 0), None)

    def summary(self) -> str:
        if not self.intact:
            return f"BROKEN at {self.first}" if self.first.entry else f"BROKEN: {self.first}"
        line = (f"intact: {self.entries} entries chained, {self.originals} originals match their hashes; "
                f"head {self.head}")
        if self.anchor == "head":
            line += (f"; the anchored head is entry {self.anchored_entries}, "
                     f"so entries 1..{self.anchored_entries} are as anchored")
        elif self.anchor:
            line += f"; entries 1..{self.anchored_entries} are byte for byte those of {self.anchor}"
        return line

    def note(self) -> str | None:
        """What an intact result does not prove, when nothing outside the store was checked."""
        return None if (self.anchor or not self.intact) else f"note: {LIMITS}"

    def to_dict(self) -> dict:
        return {"folder": self.folder, "intact": self.intact, "entries": self.entries, "originals": self.originals,
                "head": self.head, "first_broken_entry": self.first_broken_entry,
                "problems": [{"entry": p.entry, "type": p.kind, "message": str(p.message)} for p in self.problems],
                "warnings": [str(w) for w in self.warnings], "anchor": self.anchor,
                "anchored_entries": self.anchored_entries,
                "deciders": [{"entry": seq, "type": kind, "by": by, "identified": how}
                             for seq, kind, by, how in self.deciders],
                "receipts": self.receipts,
                "limits": None if self.anchor else LIMITS}


def _against(raw: bytes, copy: Path) -> tuple[list[Problem], list[str], int]:
    """The log against an earlier copy of it: the first entry that differs, or the entries cut."""
    try:
        theirs_raw = copy.read_bytes()
    except OSError as exc:
        raise EvidenceError(f"--against: {exc.strerror or exc}", path=copy) from None
    theirs = _split(theirs_raw)
    warnings = []
    if theirs_raw and not theirs_raw.endswith(b"\n"):
        theirs = theirs[:-1]
        warnings.append(f"the copy {copy.name} ends in a half-written line; it was left out of the comparison")
    if not theirs:
        raise EvidenceError("--against: the copy holds no entries", path=copy)
    _, copy_problems = chain_problems(b"".join(line + b"\n" for line in theirs))
    if copy_problems:
        warnings.append(f"the copy {copy.name} itself fails its chain at {copy_problems[0]}")
    mine = _split(raw)
    for n, (a, b) in enumerate(zip(mine, theirs, strict=False), start=1):
        if a != b:
            return [Problem(n, f"differs from entry {n} of the earlier copy {copy.name}: the log was changed after "
                               "that copy was made")], warnings, n - 1
    if len(theirs) > len(mine):
        cut = f"entry {len(theirs)}" if len(theirs) == len(mine) + 1 else f"entries {len(mine) + 1}..{len(theirs)}"
        return [Problem(len(mine) + 1, f"{cut} of the earlier copy {copy.name} missing here (cut from the end)")], \
            warnings, len(mine)
    if len(mine) > len(theirs):
        warnings.append(f"entries {len(theirs) + 1}..{len(mine)} were added after the copy {copy.name} was made")
    return [], warnings, len(theirs)


def _repairs(folder: CaseRecords, state: CaseState, entries: list[dict]) -> tuple[list[Problem], list[Message]]:
    """Each repair said, and its kept bytes re-hashed; a file in repairs/ that no entry records is said too."""
    problems: list[Problem] = []
    warnings: list[Message] = []
    for r in state.repairs:
        kept = folder.path / r["kept_in"]  # a plain name under repairs/: `admit` refused anything else
        warnings.append(Message("entry {n} is a repair: {bytes} bytes of an interrupted append were cut at {at} by "
                                "{by} and kept in {file}", n=r["seq"], bytes=r["cut_bytes"], at=r["at"], by=r["by"],
                                file=r["kept_in"]))
        if not kept.is_file():
            problems.append(Problem(r["seq"], Message("the {bytes} bytes this repair cut, kept in {file}, are missing",
                                                      bytes=r["cut_bytes"], file=r["kept_in"]), kind=REPAIR))
            continue
        actual = file_sha256(kept)
        if actual != r["cut_sha256"]:
            problems.append(Problem(r["seq"], Message(
                "the bytes this repair cut, kept in {file}, no longer match the SHA-256 it recorded (now {actual}...)",
                file=r["kept_in"], actual=actual[:16]), kind=REPAIR))
    named = {str(e["data"].get("kept_in")) for e in entries
             if e.get("type") == REPAIR and isinstance(e.get("data"), dict)}
    folder_of_repairs = folder.path / "repairs"
    if folder_of_repairs.is_dir():
        for p in sorted(folder_of_repairs.iterdir()):
            name = f"repairs/{p.name}"
            if not p.name.startswith(".") and name not in named:
                warnings.append(Message("{file} is recorded by no repair entry (a repair was interrupted before "
                                        "its entry was written, or the file was put there by hand)", file=name))
    return problems, warnings


def verify_case(folder: CaseRecords, head: str | None = None, against: str | Path | None = None) -> VerifyReport:
    head = check_head(head) if head is not None else None
    raw = folder.log.raw()
    entries, problems = chain_problems(raw)
    # The log's own rules, over the entries before the first break of the chain (after it, entries are
    # not where they were written): an entry the tool could not have written is named with its type.
    chained = min((p.entry for p in problems if p.entry), default=len(entries) + 1) - 1
    state, refused = admit.replay(entries[:chained])
    problems += refused
    stored = folder.stored_originals()
    warnings: list[str | Message] = []
    repairs, repair_warnings = _repairs(folder, state, entries)
    problems += repairs
    if not raw and stored:
        problems.append(Problem(1, f"the case log is missing or empty, yet {len(stored)} original(s) are stored: the "
                                   "record of this case was deleted"))
    found, altered, recorded, checked = _originals(folder, entries)
    problems += found
    # Unaltered content is still intact evidence: a lost read-only bit is worth a warning, not a break.
    warnings += [f"original {p.name} is writable; it should be read-only (0444)"
                 for p in stored if p.name in recorded and p.is_file() and not is_read_only(p)]
    if raw:  # without a log every original is unrecorded; the missing log is the problem reported
        problems += [Problem(0, f"store: {p.relative_to(folder.path)} is not recorded in the log (its entry was "
                                "removed, or the file was put there by hand)")
                     for p in stored if p.name not in recorded]
    warnings += repair_warnings
    anchor, anchored = None, 0
    if head:
        anchor = "head"
        found, more, anchored = _head_anchor(head, entries)
        problems += found
        warnings += more
    if against is not None:
        found, more, anchored = _against(raw, Path(against))
        problems += found
        warnings += more
        anchor = Path(against).name
    last = entries[-1]["hash"] if entries else None
    # Entries in order; then what concerns no one entry: a missing anchor before files found in the store.
    problems.sort(key=lambda p: (p.entry == 0, p.entry, str(p.message).startswith("store:")))
    receipts, typed = _receipt_times(state)
    warnings += typed + _left_behind(folder)
    return VerifyReport(str(folder.path), len(entries), checked, last, problems, warnings,
                        empty=not raw and not stored, anchor=anchor, anchored_entries=anchored, altered=altered,
                        deciders=_deciders(entries), receipts=receipts)


def _originals(folder: CaseRecords, entries: list[dict]) -> tuple[list[Problem], list[str], set[str], int]:
    """Each received original re-hashed against its entry: (problems, the evidence ids missing or altered, the
    stored names the log records, how many originals were hashed)."""
    problems: list[Problem] = []
    recorded: set[str] = set()
    altered: list[str] = []
    checked = 0
    for e in entries:
        if e.get("type") != RECEIVED or not isinstance(e.get("data"), dict):
            continue
        data = e["data"]
        path = folder.path / str(data.get("stored", ""))
        recorded.add(path.name)
        if not path.is_file():
            problems.append(Problem(e["seq"], f"original {data.get('stored')} of {data.get('evidence')} is missing"))
            altered.append(str(data.get("evidence")))
            continue
        checked += 1
        actual = file_sha256(path)
        if actual != data.get("sha256"):
            altered.append(str(data.get("evidence")))
            problems.append(Problem(e["seq"], f"original {data.get('stored')} of {data.get('evidence')} no longer "
                                              f"matches its recorded hash (now {actual[:16]}...)"))
    return problems, altered, recorded, checked


def _head_anchor(head: str, entries: list[dict]) -> tuple[list[Problem], list[str], int]:
    """The log against a head hash written down earlier: (problems, warnings, the entries it anchors)."""
    hashes = [e.get("hash") for e in entries]
    if head not in hashes:
        # Not an entry number: after a rewrite no entry can be named as the first changed from a head alone.
        return [Problem(0,
                        f"the anchored head {head[:16]}... is not in this log: "
                        "entries were cut from its end, "
                        "or it was rewritten (which entry changed cannot be told from a head alone; "
                        "--against an earlier copy of the log names it)")], [], 0
    anchored = hashes.index(head) + 1
    warnings = []
    if anchored < len(entries):
        warnings.append(f"head matches entry {anchored}; "
                        f"entries {anchored + 1}..{len(entries)} were added since")
    return [], warnings, anchored


def _deciders(entries: list[dict]) -> list[tuple[int, str, str, str | None]]:
    """(entry, type, by, how identified) of each entry that decides: a decision, or a correction of one."""
    return [(e["seq"], e["type"], str(e.get("by")), e["data"].get("identified"))
            for e in entries if isinstance(e.get("data"), dict) and (
                e.get("type") == "decision" or (e.get("type") == "correction" and e["data"].get("decision")))]


def _receipt_times(state: CaseState) -> tuple[list[dict], list[str]]:
    """Each receipt's two times, and a warning for each receipt of a log format 1 case counted from a typed time
    earlier than its entry's (before format 2 such a time counted without attestation)."""
    out, warnings = [], []
    for ev in state.evidence.values():
        for r in ev.receipts:
            a = r.get("attested")
            out.append({"entry": r["seq"], "evidence": ev.id, "recorded": r["recorded"],
                        "claimed_at": r.get("claimed_at"), "attested_by": f"{a['by']} as {a['as']} (entry {a['seq']})"
                        if a else None, "counted": r["received_at"]})
            if not r.get("claimed_at") and r["received_at"] < r["recorded"]:
                warnings.append(f"entry {r['seq']} ({ev.id}) counts the 24 hours from the typed time "
                                f"{r['received_at']}, earlier than when it was recorded ({r['recorded']}), with no "
                                "attestation (a case opened before log format 2)")
    return out, warnings


def _left_behind(folder: CaseRecords) -> list[str]:
    """Temporary files an interrupted receipt (a crash, a kill) left beside the originals: no entry records them."""
    found = sorted((folder.path / "originals").glob(".incoming*")) if (folder.path / "originals").is_dir() else []
    return [f"originals/{p.name} ({p.stat().st_size} bytes) was left by an interrupted receipt; no entry records "
            "it, so it is not evidence: delete it" for p in found if p.is_file()]
