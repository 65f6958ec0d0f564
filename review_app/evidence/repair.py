"""Repairing a case log whose last append was interrupted (a crash, a kill, a full disk).

An interrupted append leaves the log's last line without its newline, and every operation refuses
to build on it. `repair_log` takes the case's lock, keeps the cut bytes in a read-only file of their
own (`repairs/case.jsonl.cut-<UTC time>`), and replaces the log, in one atomic step, by its complete
entries followed by a `repair` entry that says who repaired it, when, how many bytes were cut, their
SHA-256 and where they are kept. `verify` then reports the repair and re-hashes the kept bytes.

Only that damage is repaired: everything before the cut must be an intact chain the tool could have
written. An altered, deleted or reordered entry, or a log the tool could not have written, is refused
and stays as found, for `verify` to name.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from review_app.evidence import admit, window
from review_app.evidence.errors import EvidenceError
from review_app.evidence.log import chain_problems, split_cut
from review_app.evidence.records import CaseRecords
from review_app.evidence.state import RECEIVED, REPAIR
from review_app.ground.files import READ_ONLY, atomic_create_bytes, fsync_dir

REPAIRS = "repairs"


@dataclass(frozen=True)
class Repair:
    entry: dict  # the repair entry appended
    kept: Path  # the file holding the cut bytes
    unrecorded: list[Path]  # originals stored but in no entry: what the interrupted append may have been receiving


def _keep(folder: CaseRecords, cut: bytes, at: datetime) -> Path:
    """Write the cut bytes whole to a new read-only file of the case folder; never over another file."""
    stamp = window.utc_text(at)[:19].replace("-", "").replace(":", "") + "Z"
    for n in range(1, 1000):
        path = folder.path / REPAIRS / (f"case.jsonl.cut-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            atomic_create_bytes(path, cut)
        except FileExistsError:
            continue
        os.chmod(path, READ_ONLY)
        fsync_dir(path.parent)
        return path
    raise EvidenceError("too many repairs at the same second; try again", path=folder.path / REPAIRS)


def repair_log(folder: CaseRecords, by: str, now: datetime | None = None) -> Repair:
    """Set aside the cut last line of the case log and record that it was done (see the module)."""
    who = admit.person(by or "")
    if who is None:
        raise EvidenceError("--by is required (a person's name)" if not " ".join((by or "").split())
                            else f"--by is longer than {admit.MAX_NAME} characters")
    log = folder.log
    with log.held() as raw:
        if not raw:
            raise EvidenceError(f"nothing to repair: match {folder.match_id} has no case log here, or it is empty "
                                "(a lost log is restored from a copy such as the pack's, never repaired)",
                                path=log.path)
        complete, cut = split_cut(raw)
        entries, problems = chain_problems(complete)
        if not problems:
            state, broken = admit.replay(entries)
            problems = broken
        if problems:
            where = "before its last line" if cut else "and its last line is complete"
            raise EvidenceError(f"not repaired: the case log is damaged at {problems[0]}, {where}; only a last line "
                                "cut by an interrupted append is repaired, and this damage stays as found for "
                                "`polo-review evidence verify`", path=log.path)
        if not cut:
            raise EvidenceError(f"nothing to repair: the case log ends in a complete entry ({len(entries)} entries, "
                                "chain intact); `polo-review evidence verify` checks the originals too",
                                path=log.path)
        at = now or window.now_utc()
        kept = _keep(folder, cut, at)
        data = {"after_entry": len(entries), "cut_bytes": len(cut), "cut_sha256": hashlib.sha256(cut).hexdigest(),
                "kept_in": kept.relative_to(folder.path).as_posix()}
        why = admit.refusal(state, {"seq": len(entries) + 1, "type": REPAIR, "at": window.utc_text(at), "by": who,
                                    "data": data})
        if why is not None:  # the rules and this module disagree: a bug, said before anything is changed
            raise EvidenceError(f"not recorded: the repair entry would break the case log's rules ({why})",
                                path=log.path)
        entry = log.replace_cut(complete, entries, REPAIR, who, data, at)
    recorded = {Path(str(e["data"].get("stored", ""))).name for e in entries if e["type"] == RECEIVED}
    unrecorded = [p for p in folder.stored_originals() if p.name not in recorded]
    return Repair(entry, kept, unrecorded)
