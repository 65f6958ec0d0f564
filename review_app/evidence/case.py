"""One match's evidence case: receiving evidence, marking frames, deciding, correcting.

Every operation takes the case lock, reads the log, checks what it is asked against what the log
and the match document say, and appends one entry. Nothing is ever rewritten: after a decision
the case is locked, and a change is a correction entry that names the entry it corrects.

The log is read through `admit.replay` (a log the tool could not have written is refused like one
whose chain is broken), and every entry passes `admit.refusal` before it is appended: the rules
`verify` replays are the ones the operations obey, so the two cannot disagree.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from review_app.errors import PoloReviewError
from review_app.evidence import admit, grounds, window
from review_app.evidence.errors import CaseLocked, EvidenceError, LogDamaged
from review_app.evidence.records import CaseRecords, EvidenceStore
from review_app.evidence.state import (
    ATTESTED,
    CORRECTION,
    DECISION,
    FORFEITURE,
    LOG_FORMAT,
    MARKED,
    OPENED,
    RECEIVED,
    RECEIVED_AGAIN,
    WORKING_COPY,
    CaseState,
    Decision,
    Evidence,
    Mark,
    fold,
)
from review_app.ground.files import file_sha256, safe_extension
from review_app.ground.roles import COMMAND_LINE, VERIFIED
from review_app.model import MatchDocument
from review_app.model.event import read_event
from review_app.model.mounts import MountRegister, mount_register
from review_app.rules.mounts import EXCUSING_CLAUSES
from review_app.rules.parameters import RULEBOOK_EDITION

if TYPE_CHECKING:
    from review_app.footage.footage import FootageInfo

MAX_NAME = admit.MAX_NAME
MAX_NOTE = admit.MAX_NOTE


def _person(value: str | None, what: str) -> str:
    name = admit.person(value or "")
    if name is None:
        if " ".join((value or "").split()):
            raise EvidenceError(f"{what} is longer than {MAX_NAME} characters")
        raise EvidenceError(f"{what} is required (a person's name)")
    return name


def checked(entries: list[dict], path: Path | str | None = None) -> CaseState:
    """The case read off `entries` (an intact chain), refused as damaged if the tool could not have written it."""
    state, problems = admit.replay(entries)
    if problems:
        raise LogDamaged(f"case log is damaged at {problems[0]}; run `polo-review evidence verify`", path=path)
    return state


def evidence_extension(name: str) -> str:
    """The presented name's extension if it is a plain one (it helps players pick a demuxer), else 'bin'."""
    return (safe_extension(name) or ".bin").lstrip(".")


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _video_info(src: Path, presented_name: str | None) -> FootageInfo:
    """The facts of the video presented, `presented_name` being an upload's name (None for a file on disk)."""
    from review_app.footage import Footage

    try:
        with Footage(src) as video:  # refuses a missing file or anything that is not a video, in one line
            return video.info
    except PoloReviewError as exc:
        if presented_name is None:
            raise
        # An upload is read from a temporary file: say what was presented, not where the server put it.
        detail = str(exc).removeprefix(f"{exc.path}: ") if exc.path else str(exc)
        raise EvidenceError(detail, path=presented_name[:MAX_NAME]) from None


class EvidenceCase:
    """The 21.f(5) case of one match, kept in `<store>/<match-id>/`."""

    def __init__(self, doc: MatchDocument, store: EvidenceStore):
        """`store`: the evidence store the case is kept in (`evidence.records.EvidenceStore`), opened by the caller
        (`store.open_evidence`, `store.open_store().evidence`): the case's storage is the store's alone."""
        if not hasattr(store, "case"):
            raise TypeError(f"an evidence store is needed (store.open_evidence), not {type(store).__name__}")
        self.doc = doc
        self.folder: CaseRecords = store.case(doc.match_id)
        self.log = self.folder.log

    # -- reading ----------------------------------------------------------------------------
    def state(self) -> CaseState:
        return checked(self.log.entries(), self.log.path)

    def _append(self, entries: list[dict], type_: str, by: str, data: dict, at: datetime) -> dict:
        """Append one entry, if the log's rules (`admit`) admit it after `entries`: never one verify would refuse."""
        why = admit.refusal(fold(entries), {"seq": len(entries) + 1, "type": type_, "at": window.utc_text(at),
                                            "by": by, "data": data})
        if why is not None:
            raise EvidenceError(f"not recorded: the {type_} entry would break the case log's rules ({why})")
        return self.log.append(entries, type_, by, data, at)

    def register(self) -> MountRegister:
        return mount_register(self.doc)

    def game_end(self) -> datetime:
        return window.game_end(self.doc)

    def deadline(self) -> datetime:
        return window.deadline_after(self.game_end())

    def original_path(self, evidence: Evidence) -> Path:
        return self.folder.path / evidence.stored

    def evidence(self, state: CaseState, evidence_id: str) -> Evidence:
        ev = state.evidence.get(evidence_id)
        if ev is None:
            known = ", ".join(state.evidence) or "none yet"
            raise EvidenceError(f"unknown evidence {evidence_id!r} in match {self.doc.match_id} (received: {known})")
        return ev

    # -- receiving ------------------------------------------------------------------------------
    def add(self, src: str | os.PathLike, presented_by: str, received_by: str,
            received_at: datetime | None = None, now: datetime | None = None,
            presented_name: str | None = None, presented_to: str | None = None,
            attest: tuple[str, str] | None = None) -> tuple[Evidence, bool]:
        """Receive a video: store the original read-only under its hash and record the receipt.

        Returns (evidence, duplicate): a file received before is recognised by its hash, and the new
        presentation is recorded against the first evidence id. `presented_name` (an upload's name)
        is recorded as a fact; the stored file is named by its hash only. `presented_to`: whom it was presented
        to (21.f(5): umpire, referee, committee; or other), `received_by` being who, by name.

        The receipt counts from `now`, the server's clock. A `received_at` before it is kept as a claim beside the
        true time; it counts for the 24 hours only when attested: `attest` = (as whom, how `received_by` was
        identified), `received_by` being an Umpire, the Referee or a committee member (`attest_receipt`).
        """
        presented_by, received_by = _person(presented_by, "--from"), _person(received_by, "--received-by")
        if presented_to is not None and presented_to not in grounds.PRESENTED_TO:
            raise EvidenceError(f"--presented-to {presented_to!r}: say whom it was presented to: "
                                f"{', '.join(grounds.PRESENTED_TO)}")
        now = now or window.now_utc()
        received, claim, attested = self._receipt_time(received_by, received_at, now, attest)
        end = self.game_end()
        src = Path(src)
        info = _video_info(src, presented_name)
        timing = window.timing(end, received)
        receipt = {"presented_by": presented_by, "received_by": received_by,
                   "received_at": window.utc_text(received), "in_time": timing.in_time, "margin_s": timing.margin_s,
                   "presented_name": (presented_name or src.name)[:MAX_NAME],
                   **({"presented_to": presented_to} if presented_to else {}),
                   **({"claimed_at": claim} if claim else {}), **({"attested": attested} if attested else {})}
        with self.log.locked() as entries:
            self._open(checked(entries, self.log.path), entries, received_by, end, now)
            return self._record_receipt(entries, src, presented_name or src.name, info, timing, receipt, now)

    def _receipt_time(self, received_by: str, received_at: datetime | None, now: datetime,
                      attest: tuple[str, str] | None) -> tuple[datetime, str | None, dict | None]:
        """(the time the receipt counts from, the earlier time claimed or None, its attestation or None): a claim
        counts only when attested; otherwise the receipt counts from `now`, the server's clock."""
        claimed = (received_at or now).astimezone(window.UTC)
        window.check_not_future(claimed, now)
        window.check_not_before_match_day(claimed, self.doc)
        claim = window.utc_text(claimed) if claimed < now else None
        attested = None
        if attest is not None and claim:  # the receiver, identified, attests the time they say it was received
            attested = {"as": self._attester(received_by, *attest), "identified": attest[1]}
        return (claimed if attested else now), claim, attested

    def _record_receipt(self, entries: list[dict], src: Path, name: str, info: FootageInfo, timing: window.Timing,
                        receipt: dict, now: datetime) -> tuple[Evidence, bool]:
        """Store the original under its hash and append the receipt to the locked log's `entries`: against the
        evidence already received with these bytes, or as new evidence. `name`: the name it was presented under."""
        state = fold(entries)

        def recorded(sha: str) -> str | None:
            ev = state.by_sha(sha)
            return ev.stored if ev else None

        sha, size, stored, restored = self.folder.ingest(src, evidence_extension(name), recorded)
        if sha != info.sha256:
            raise EvidenceError("the file changed while it was being received; receive it again", path=src)
        received_by = receipt["received_by"]
        known = state.by_sha(sha)
        if known is not None:
            data = {"evidence": known.id, "sha256": sha, **receipt}
            if restored:  # the recorded original had gone; these bytes have its hash and took its place
                data["restored_original"] = known.stored
            self._append(entries, RECEIVED_AGAIN, received_by, data, now)
            return fold(entries).evidence[known.id], True
        evidence_id = f"ev{len(state.evidence) + 1}"
        video_facts = {"frame_count": info.frame_count, "fps": round(info.fps, 6),
                       "duration_s": round(info.duration_s, 6), "width": info.width, "height": info.height,
                       "codec": info.codec, "container": info.container}
        self._append(entries, RECEIVED, received_by, {
            "evidence": evidence_id, "sha256": sha, "size": size, "ext": stored.suffix.lstrip("."),
            "stored": str(stored.relative_to(self.folder.path)), "deadline_utc": window.utc_text(timing.deadline),
            "video": video_facts, **receipt}, now)
        return fold(entries).evidence[evidence_id], False

    # -- attesting a claimed receipt time ---------------------------------------------------------------
    def _attester(self, by: str, authority: str | None, identified: str) -> str:
        """Whom `by` attests as (an Umpire or the Referee of this match, or a committee member), refused in one line
        otherwise; once roles exist, a committee member must hold the role. Always an identified person."""
        from review_app.ground.roles import COMMITTEE, Rules

        try:
            authority = grounds.checked_authority(authority, by, self.doc.match)
        except EvidenceError as exc:
            raise EvidenceError(str(exc).replace("decision refused", "attestation refused")) from None
        if identified not in VERIFIED:
            raise EvidenceError(f"attestation refused: {by} is not identified; the time a receipt claims counts only "
                                "when an Umpire, the Referee or a committee member signed in (or on the server's "
                                "command line) attests it")
        roster = getattr(self.log, "roster", None)
        if roster is not None and authority == COMMITTEE:
            Rules(roster).require(by, COMMITTEE, "attest a receipt time as the committee")
        return authority

    def _attest(self, entries: list[dict], seq: int, by: str, authority: str, identified: str,
                now: datetime) -> dict:
        state = checked(entries, self.log.path)
        found = state.receipt(seq)
        if found is None or not found[1].get("claimed_at"):
            raise EvidenceError(f"entry {seq} records no receipt with a claimed earlier time; nothing to attest")
        ev, r = found
        if r.get("attested"):
            raise EvidenceError(f"entry {seq} was attested already (entry {r['attested']['seq']})")
        self._refuse_if_locked(state, "a receipt time is attested")
        timing = window.timing(self.game_end(), window.from_utc_text(r["claimed_at"]))
        return self._append(entries, ATTESTED, by, {
            "receipt": seq, "evidence": ev.id, "claimed_at": r["claimed_at"], "as": authority,
            "identified": identified, "in_time": timing.in_time, "margin_s": timing.margin_s}, now)

    def attest_receipt(self, seq: int, by: str, authority: str | None, identified: str,
                       now: datetime | None = None) -> dict:
        """`by`, identified as `identified` says, attests as `authority` (umpire, referee or committee) that the
        receipt of entry `seq` was made at the time it claims: from then on the 24 hours are judged by that time."""
        by = _person(by, "--by")
        authority = self._attester(by, authority, identified)
        with self.log.locked() as entries:
            return self._attest(entries, seq, by, authority, identified, now or window.now_utc())

    def _open(self, state: CaseState, entries: list[dict], by: str, end: datetime, now: datetime) -> None:
        """The first entry of a case pins the game's end and the deadline every receipt is judged by
        (only a repair of an interrupted first append can come before it)."""
        opened = state.opened
        if opened is not None:
            if opened.get("end_time_utc") != window.utc_text(end):
                raise EvidenceError(
                    f"the match document now gives the game's end as {window.utc_text(end)}, but this case was opened "
                    f"with {opened.get('end_time_utc')}; the window cannot move once evidence is judged against it",
                    path=self.doc.path)
            return
        limit = window.window_after(end)
        self._append(entries, OPENED, by, {
            "match_id": self.doc.match_id, "match_name": self.doc.match.get("name"),
            "match_date": self.doc.match["date"],
            "end_time_utc": window.utc_text(end), "deadline_utc": window.utc_text(window.deadline_after(end)),
            "window": {"seconds": limit.value, "clause": limit.clause, "quote": limit.quote},
            "rulebook": RULEBOOK_EDITION, "log_format": LOG_FORMAT,
        }, now)

    def working_copy(self, evidence_id: str, by: str, now: datetime | None = None) -> Path:
        """A copy to view in other tools; the log records that it derives from the original's hash."""
        by = _person(by, "--by")
        with self.log.locked() as entries:
            ev = self.evidence(checked(entries, self.log.path), evidence_id)
            out = self.folder.make_working_copy(self.original_path(ev), ev.sha256)
            self._append(entries, WORKING_COPY, by, {
                "evidence": ev.id, "parent_sha256": ev.sha256, "sha256": ev.sha256, "derivation": "byte copy",
                "path": str(out.relative_to(self.folder.path))}, now or window.now_utc())
        return out

    def repair(self, by: str, now: datetime | None = None):
        """Set aside the cut last line an interrupted append left, and record it (see `repair.repair_log`)."""
        from review_app.evidence.repair import repair_log

        return repair_log(self.folder, by, now)

    # -- reviewing ------------------------------------------------------------------------------
    def link(self, excusal: str | None, mount: str | None) -> dict:
        """The register entry the marked frames are about: an excusal (by event id) or a mount by name."""
        reg = self.register()
        if excusal:
            event = read_event(self.doc, excusal)
            if event is None:
                raise EvidenceError(f"unknown event {excusal!r} in match {self.doc.match_id}")
            exc = next((e for e in reg.excusals if e.event == excusal), None)
            if exc is None:
                listed = ", ".join(f"{e.event} ({e.mount}, {e.clause})" for e in reg.excusals) or "none"
                raise EvidenceError(f"event {excusal} ({event.situation}) did not excuse a mount under "
                                    f"{', '.join(EXCUSING_CLAUSES)}; the excusals in this match: {listed}")
            if mount and _key(mount) != _key(exc.mount):
                raise EvidenceError(f"event {excusal} excused {exc.mount!r}, not {mount!r}")
            return {"excusal": exc.event, "mount": exc.mount, "clause": exc.clause, "team": exc.team,
                    "number": exc.number}
        if not mount:
            raise EvidenceError("say what the frames show: --excusal EVENT_ID (an excusal in the mount register) "
                                "or --mount NAME")
        excs = [e for e in reg.excusals if _key(e.mount) == _key(mount)]
        if len(excs) > 1:
            raise EvidenceError(f"mount {mount!r} was excused more than once ({', '.join(e.event for e in excs)}); "
                                "name the excusal with --excusal EVENT_ID")
        if excs:
            return self.link(excs[0].event, None)
        record = reg.mounts.get(_key(mount))
        if record is None:
            known = ", ".join(sorted(m.mount for m in reg.mounts.values())) or "none"
            raise EvidenceError(f"unknown mount {mount!r} in match {self.doc.match_id} "
                                f"(mounts in the register: {known})")
        # Known but never excused: the marks are kept, and they cannot ground a forfeiture.
        return {"excusal": None, "mount": record.mount, "clause": None, "team": None, "number": None}

    def _mark_data(self, state: CaseState, evidence_id: str, frames: list[int], excusal: str | None,
                   mount: str | None, note: str | None) -> dict:
        from review_app.footage import Footage

        ev = self.evidence(state, evidence_id)
        if not frames:
            raise EvidenceError("mark at least one frame (--frame N)")
        link = self.link(excusal, mount)
        note = (note or "").strip() or None
        if note and len(note) > MAX_NOTE:
            raise EvidenceError(f"the note is longer than {MAX_NOTE} characters")
        path = self.original_path(ev)
        if not path.is_file() or file_sha256(path) != ev.sha256:
            # Frames read from altered bytes would be recorded against the hash of the original as received.
            raise EvidenceError(f"the original of {ev.id} is missing or no longer matches its hash, so no frame of it "
                                "can be marked; run `polo-review evidence verify`", path=path)
        with Footage(path) as video:
            # The time is the frame's own presentation time, read from the footage, never computed from a rate.
            marked = [{"frame": f, "time_s": round(video.time_of(f), 6)} for f in sorted(set(frames))]
        return {"evidence": ev.id, "sha256": ev.sha256, "frames": marked, "note": note, **link}

    def mark(self, evidence_id: str, frames: list[int], by: str, *, excusal: str | None = None,
             mount: str | None = None, note: str | None = None, now: datetime | None = None) -> Mark:
        by = _person(by, "--by")
        with self.log.locked() as entries:
            state = checked(entries, self.log.path)
            self._refuse_if_locked(state, "frames are marked")
            data = self._mark_data(state, evidence_id, frames, excusal, mount, note)
            entry = self._append(entries, MARKED, by, data, now or window.now_utc())
        return next(m for m in fold(entries).marks if m.seq == entry["seq"])

    # -- deciding ---------------------------------------------------------------------------------
    def _refuse_if_locked(self, state: CaseState, what: str) -> None:
        d = state.decision
        if d is not None:
            first = state.decisions[0]
            raise CaseLocked(
                f"the case of match {self.doc.match_id} is decided ({d.decision} by {d.by}, {d.at}, entry {d.seq}) and "
                f"locked; {what} now only as a correction: polo-review evidence correct {self.doc.match_id} "
                f"--entry {first.seq} --reason TEXT ...")

    def _decision(self, state: CaseState, decision: str, reason: str | None) -> dict:
        data = grounds.decision_data(state, self.register(), decision, reason,
                                     self.doc.team_names())
        if decision == FORFEITURE:
            for g in data["grounds"]:  # a forfeiture rests on the originals as received: prove they still are
                ev = state.evidence[g["evidence"]]
                path = self.original_path(ev)
                if not path.exists() or file_sha256(path) != ev.sha256:
                    raise EvidenceError(f"forfeiture refused: the original of {ev.id} no longer matches its hash; "
                                        "run `polo-review evidence verify`", path=path)
        return data

    def decide(self, decision: str, by: str, reason: str | None = None, now: datetime | None = None,
               authority: str | None = "committee", *, identified: str = COMMAND_LINE) -> Decision:
        """`authority`: as whom `by` decides, one 21.f(5) names (umpire, referee, committee); anyone else is
        refused (`grounds.checked_authority`). `identified`: how `by` was identified (`ground.roles.IDENTIFIED`),
        recorded with the decision."""
        by = _person(by, "--by")
        authority = grounds.checked_authority(authority, by, self.doc.match)
        now = now or window.now_utc()
        window.check_game_over(self.game_end(), now)
        with self.log.locked() as entries:
            state = checked(entries, self.log.path)
            if state.opened is None:
                if decision != "not-proven":
                    raise EvidenceError(f"no evidence has been received for match {self.doc.match_id}")
                self._open(state, entries, by, self.game_end(), now)
                state = fold(entries)
            self._refuse_if_locked(state, "a decision changes")
            data = {**self._decision(state, decision, reason), "authority": authority, "identified": identified}
            self._append(entries, DECISION, by, data, now)
        return fold(entries).decision

    def correct(self, entry: int, by: str, reason: str, *, decision: str | None = None, withdraw: bool = False,
                evidence_id: str | None = None, frames: list[int] | None = None, excusal: str | None = None,
                mount: str | None = None, note: str | None = None, now: datetime | None = None,
                authority: str | None = "committee", identified: str = COMMAND_LINE) -> dict:
        """Append a correction of entry `entry`: its reason, and optionally a withdrawal of the marks it
        made, new marks, and a corrected decision (checked like any decision, its `authority` too)."""
        by = _person(by, "--by")
        if decision:
            authority = grounds.checked_authority(authority, by, self.doc.match)
        reason = (reason or "").strip()
        if not reason:
            raise EvidenceError("a correction needs its reason (--reason TEXT)")
        now = now or window.now_utc()
        if decision:
            window.check_game_over(self.game_end(), now)
        with self.log.locked() as entries:
            state = checked(entries, self.log.path)
            target = state.entry(entry)
            if target is None:
                raise EvidenceError(f"no entry {entry} in the case log of match {self.doc.match_id} "
                                    f"(it has {len(entries)} entries)")
            if not (frames or evidence_id) and (excusal or mount or (note or "").strip()):
                # Without new marks these would be dropped without a word; an entry's note cannot be edited.
                raise EvidenceError("--excusal, --mount and --note describe new marks: give them with --evidence "
                                    "EVIDENCE_ID and --frame N "
                                    "(to change what an entry marked, withdraw it and mark again)")
            data: dict = {"corrects": entry, "corrects_type": target["type"], "reason": reason, "withdraw": withdraw,
                          "identified": identified}
            if withdraw:
                mark = next((m for m in state.marks if m.seq == entry), None)
                if mark is None:
                    raise EvidenceError(f"entry {entry} ({target['type']}) marked no frames; nothing to withdraw")
                if mark.withdrawn_by is not None:
                    raise EvidenceError(f"the marks of entry {entry} were already withdrawn "
                                        f"(entry {mark.withdrawn_by})")
            if frames or evidence_id:
                if not evidence_id:
                    raise EvidenceError("new marks in a correction need --evidence EVIDENCE_ID")
                if not frames:
                    raise EvidenceError("new marks in a correction need their frames (--frame N)")
                data["marks"] = self._mark_data(state, evidence_id, list(frames or []), excusal, mount, note)
            if decision:
                # Judge the corrected decision on the case as it stands once this correction is in.
                provisional = fold(entries + [{"seq": len(entries) + 1, "type": CORRECTION, "by": by, "at": "",
                                               "data": data}])
                provisional.decisions = []
                data["decision"] = {**self._decision(provisional, decision, reason), "authority": authority}
            elif withdraw and state.decision and state.decision.decision == FORFEITURE and any(
                    g["mark_entry"] == entry for g in state.decision.data.get("grounds", [])):
                raise EvidenceError(f"entry {entry} grounds the forfeiture in force (entry {state.decision.seq}); "
                                    "give the corrected decision in the same correction (--decision)")
            self._append(entries, CORRECTION, by, data, now)
            return entries[-1]
