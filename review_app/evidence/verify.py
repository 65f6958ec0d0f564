"""Checking a case end to end: the log's hash chain, and every original against its recorded hash.

The chain shows any entry altered, deleted, inserted or reordered, and a half-written last line.
What a chain alone cannot show is entries cut from its end; for that, compare the head hash (the
last entry's hash, printed by `status`, `verify` and in the evidence pack) with a copy kept
elsewhere: `verify --head HASH`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from review_app.evidence.log import Problem, chain_problems
from review_app.evidence.state import RECEIVED
from review_app.evidence.store import CaseFolder, file_sha256, is_read_only


@dataclass
class VerifyReport:
    folder: str
    entries: int
    originals: int
    head: str | None
    problems: list[Problem] = field(default_factory=list)  # in entry order; entry 0 = the store, not an entry
    warnings: list[str] = field(default_factory=list)

    @property
    def intact(self) -> bool:
        return not self.problems

    @property
    def first(self) -> Problem | None:
        return self.problems[0] if self.problems else None

    def summary(self) -> str:
        if self.intact:
            return (f"intact: {self.entries} entries chained, {self.originals} originals match their hashes; "
                    f"head {self.head}")
        return f"BROKEN at {self.first}"

    def to_dict(self) -> dict:
        return {"folder": self.folder, "intact": self.intact, "entries": self.entries, "originals": self.originals,
                "head": self.head, "first_broken_entry": self.first.entry if self.first else None,
                "problems": [{"entry": p.entry, "message": p.message} for p in self.problems],
                "warnings": list(self.warnings)}


def verify_case(folder: CaseFolder, head: str | None = None) -> VerifyReport:
    raw = folder.log_path.read_bytes() if folder.log_path.exists() else b""
    entries, problems = chain_problems(raw)
    recorded: set[str] = set()
    checked = 0
    for e in entries:
        if e.get("type") != RECEIVED or not isinstance(e.get("data"), dict):
            continue
        data = e["data"]
        path = folder.path / str(data.get("stored", ""))
        recorded.add(path.name)
        if not path.is_file():
            problems.append(Problem(e["seq"], f"original {data.get('stored')} of {data.get('evidence')} is missing"))
            continue
        checked += 1
        actual = file_sha256(path)
        if actual != data.get("sha256"):
            problems.append(Problem(e["seq"], f"original {data.get('stored')} of {data.get('evidence')} no longer "
                                              f"matches its recorded hash (now {actual[:16]}...)"))
    # Unaltered content is still intact evidence: a lost read-only bit is worth a warning, not a break.
    warnings = [f"original {p.name} is writable; it should be read-only (0444)"
                for p in folder.stored_originals() if p.name in recorded and p.is_file() and not is_read_only(p)]
    for p in folder.stored_originals():
        if p.name not in recorded:
            problems.append(Problem(0, f"store: {p.relative_to(folder.path)} is not recorded in the log "
                                       "(its entry was removed, or the file was put there by hand)"))
    last = entries[-1]["hash"] if entries else None
    if head:
        hashes = [e.get("hash") for e in entries]
        if head not in hashes:
            problems.append(Problem(len(entries) + 1, f"the anchored head {head[:16]}... is not in this log "
                                                      "(entries were cut from its end, or it was rewritten)"))
        elif hashes.index(head) + 1 < len(entries):
            warnings.append(f"head matches entry {hashes.index(head) + 1}; entries "
                            f"{hashes.index(head) + 2}..{len(entries)} were added since")
    if not raw and not folder.stored_originals():
        problems.append(Problem(0, f"no case here: {folder.path} holds no log and no originals"))
    problems.sort(key=lambda p: (p.entry == 0, p.entry))
    return VerifyReport(str(folder.path), len(entries), checked, last, problems, warnings)
