"""What a case holds now, read off its log: the evidence received, the frames marked, the decision.

The log is the only record; this is a fold over it, recomputed on every read, so nothing can
drift between "the state" and "the history". Corrections are folded in order: a withdrawn mark
stops counting, a corrected decision replaces the one in force, and the entries stay as written.
A repair entry (an interrupted append's cut last line, set aside) is listed and changes nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from review_app.evidence.window import from_utc_text

# Entry types, in the order a case usually meets them.
OPENED = "case_opened"
RECEIVED = "evidence_received"
RECEIVED_AGAIN = "evidence_received_again"
WORKING_COPY = "working_copy"
MARKED = "frames_marked"
DECISION = "decision"
CORRECTION = "correction"
REPAIR = "repair"  # an interrupted append's cut last line, set aside (see `repair`)
# A receipt's claimed earlier time, attested by an identified Umpire, Referee or committee member: from then on
# the 24 hours are judged by the claim, not by the time the receipt was recorded.
ATTESTED = "receipt_attested"
ENTRY_TYPES = (OPENED, RECEIVED, RECEIVED_AGAIN, WORKING_COPY, MARKED, DECISION, CORRECTION, REPAIR, ATTESTED)
# Log format 2: a receipt's `received_at` is its entry's own (server) time; an earlier time someone states is kept
# as `claimed_at` and counts only once attested. Format 1 (before) judged the typed time itself.
LOG_FORMAT = 2

FORFEITURE, NOT_PROVEN, OUT_OF_TIME = "forfeiture", "not-proven", "out-of-time"
DECISIONS = (FORFEITURE, NOT_PROVEN, OUT_OF_TIME)


RECEIPT_KEYS = ("presented_by", "received_by", "received_at", "in_time", "margin_s")


@dataclass
class Evidence:
    """One video received, perhaps presented more than once. `presented_by`, `received_by`,
    `received_at`, `in_time` and `margin_s` are those of its earliest presentation on record: the one
    the 24-hour window is judged by, whichever entry recorded it (a receipt recorded after the fact
    keeps its own entry time, `recorded`, so a backdated receipt shows as such)."""

    id: str
    seq: int
    sha256: str
    ext: str
    stored: str  # relative to the case folder
    size: int
    presented_name: str
    presented_by: str
    received_by: str
    received_at: str
    in_time: bool
    margin_s: int
    video: dict
    receipts: list[dict] = field(default_factory=list)  # every presentation in log order, the first included
    # 21.f(5) "the Umpire(s), a Referee, or the Host Tournament Committee is presented with": whom the earliest
    # presentation was made to (umpire, referee, committee or other; None where the receipt did not say).
    presented_to: str | None = None

    @property
    def received(self) -> datetime:
        return from_utc_text(self.received_at)

    @property
    def earliest(self) -> dict:
        return min(self.receipts, key=lambda r: (from_utc_text(r["received_at"]), r["seq"]))

    @property
    def recorded(self) -> str:
        """When the earliest presentation was recorded: the server's own time, which nobody types."""
        return self.earliest["recorded"]

    @property
    def claimed_at(self) -> str | None:
        """An earlier receipt time someone stated for the earliest presentation (None: none stated)."""
        return self.earliest.get("claimed_at")

    @property
    def attested(self) -> dict | None:
        """The attestation that makes the claimed time count ({by, as, identified, at, seq}), or None."""
        return self.earliest.get("attested")

    def _settle(self) -> None:
        first = self.earliest
        for key in RECEIPT_KEYS:
            setattr(self, key, first[key])
        self.presented_to = first.get("presented_to")


@dataclass
class Mark:
    seq: int
    evidence: str
    sha256: str
    frames: list[dict]  # [{"frame": n, "time_s": t}]
    excusal: str | None  # the event id of the excusal in the mount register, None if the mount was never excused
    mount: str | None
    clause: str | None
    team: str | None
    number: int | None
    note: str | None
    by: str
    at: str
    withdrawn_by: int | None = None  # seq of the correction that withdrew it


@dataclass
class Decision:
    seq: int
    decision: str
    reason: str | None
    by: str
    at: str
    data: dict
    correction: bool = False  # given by a correction entry
    identified: str | None = None  # how `by` was identified (`ground.roles.IDENTIFIED`); None: not recorded


@dataclass
class CaseState:
    match_id: str | None = None
    opened: dict | None = None
    evidence: dict[str, Evidence] = field(default_factory=dict)
    marks: list[Mark] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    corrections: list[dict] = field(default_factory=list)
    working_copies: list[dict] = field(default_factory=list)
    repairs: list[dict] = field(default_factory=list)
    entries: list[dict] = field(default_factory=list)

    @property
    def log_format(self) -> int:
        return int((self.opened or {}).get("log_format", 1))

    def receipt(self, seq: object) -> tuple[Evidence, dict] | None:
        """The evidence and the receipt that entry `seq` recorded, or None if it recorded none."""
        for ev in self.evidence.values():
            for r in ev.receipts:
                if r["seq"] == seq:
                    return ev, r
        return None

    @property
    def locked(self) -> bool:
        """A decision has been recorded: from now on only corrections are appended."""
        return bool(self.decisions)

    @property
    def decision(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    @property
    def live_marks(self) -> list[Mark]:
        return [m for m in self.marks if m.withdrawn_by is None]

    @property
    def head(self) -> str | None:
        return self.entries[-1]["hash"] if self.entries else None

    def by_sha(self, sha256: str) -> Evidence | None:
        return next((e for e in self.evidence.values() if e.sha256 == sha256), None)

    def entry(self, seq: int) -> dict | None:
        return self.entries[seq - 1] if 1 <= seq <= len(self.entries) else None


def _mark(entry: dict, data: dict) -> Mark:
    return Mark(entry["seq"], data["evidence"], data["sha256"], list(data["frames"]), data.get("excusal"),
                data.get("mount"), data.get("clause"), data.get("team"), data.get("number"), data.get("note"),
                entry["by"], entry["at"])


def _receipt(e: dict, data: dict) -> dict:
    """A presentation as the case keeps it: `recorded` is its entry's time (the server's clock); `attested` says who
    made an earlier `claimed_at` count, in the receipt itself (its receiver) or in a later entry."""
    attested = data.get("attested")
    return {**{k: data[k] for k in RECEIPT_KEYS}, "seq": e["seq"], "recorded": e["at"],
            "presented_name": data.get("presented_name"), "presented_to": data.get("presented_to"),
            "claimed_at": data.get("claimed_at"),
            "attested": {"by": e["by"], "as": attested.get("as"), "identified": attested.get("identified"),
                         "at": e["at"], "seq": e["seq"]} if isinstance(attested, dict) else None}


def fold(entries: list[dict]) -> CaseState:
    state = CaseState()
    for e in entries:
        state.entries.append(e)
        apply(state, e)
    return state


def apply(state: CaseState, e: dict) -> None:
    """Fold one entry into `state` (already listed in `state.entries`). The entry is taken as written:
    whether the tool could have written it is `admit.refusal`'s question, asked before."""
    kind, data = e["type"], e["data"]
    if kind == OPENED:
        state.opened, state.match_id = data, data["match_id"]
    elif kind == RECEIVED:
        state.evidence[data["evidence"]] = Evidence(
            data["evidence"], e["seq"], data["sha256"], data["ext"], data["stored"], data["size"],
            data["presented_name"], data["presented_by"], data["received_by"], data["received_at"],
            data["in_time"], data["margin_s"], data["video"], [_receipt(e, data)], data.get("presented_to"))
    elif kind == RECEIVED_AGAIN:
        ev = state.evidence.get(data["evidence"])
        if ev:
            ev.receipts.append(_receipt(e, data))
            ev._settle()
    elif kind == ATTESTED:
        found = state.receipt(data["receipt"])
        if found:
            ev, r = found
            r.update(received_at=data["claimed_at"], in_time=data["in_time"], margin_s=data["margin_s"],
                     attested={"by": e["by"], "as": data["as"], "identified": data["identified"], "at": e["at"],
                               "seq": e["seq"]})
            ev._settle()
    elif kind == WORKING_COPY:
        state.working_copies.append({**data, "seq": e["seq"]})
    elif kind == MARKED:
        state.marks.append(_mark(e, data))
    elif kind == DECISION:
        state.decisions.append(Decision(e["seq"], data["decision"], data.get("reason"), e["by"], e["at"], data,
                                        identified=data.get("identified")))
    elif kind == CORRECTION:
        state.corrections.append({**data, "seq": e["seq"], "by": e["by"], "at": e["at"]})
        if data.get("withdraw"):
            for m in state.marks:
                if m.seq == data["corrects"] and m.withdrawn_by is None:
                    m.withdrawn_by = e["seq"]
        if data.get("marks"):
            state.marks.append(_mark(e, data["marks"]))
        if data.get("decision"):
            d = data["decision"]
            state.decisions.append(Decision(e["seq"], d["decision"], d.get("reason"), e["by"], e["at"], d, True,
                                            data.get("identified")))
    elif kind == REPAIR:
        state.repairs.append({**data, "seq": e["seq"], "by": e["by"], "at": e["at"]})
