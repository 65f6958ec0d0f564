"""The evidence pack: one self-contained HTML report in English and Spanish, with the clips of the
marked stretches beside it, and a manifest of every file's hash.

    <out>/evidence-<match>.html   summary, register, evidence, timeline, stills (base64 PNG),
                                  decision with its clause, the full log
    <out>/clips/*.mp4             H.264, a couple of seconds around each marked frame, overlay on
    <out>/case.jsonl              a byte copy of the case log
    <out>/manifest.json           each file's SHA-256, and for clips the original they derive from

The report is rendered from `review_app/reports/templates/evidence_*.html`, its words from the
gettext catalogue: one section per language, each in that language.
"""

from __future__ import annotations

import base64
import json
import logging
import math
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from review_app.evidence import window
from review_app.evidence.case import EvidenceCase
from review_app.evidence.errors import EvidenceError
from review_app.evidence.state import CaseState, Mark
from review_app.evidence.verify import VerifyReport, verify_case
from review_app.ground.files import atomic_write_json, atomic_write_text, file_sha256
from review_app.i18n import LANGUAGE_NAMES, LANGUAGES, N_, Message, Plural
from review_app.model.event import read_events_in_order
from review_app.reports import templating

log = logging.getLogger(__name__)

CLIP_MARGIN_S = 1.0  # seconds of play kept either side of a marked frame
MAX_MARGIN_S = 60.0
STILL_MAX_WIDTH = 640


@dataclass(frozen=True)
class Clip:
    evidence: str
    parent_sha256: str
    first_frame: int
    last_frame: int
    frames: tuple[int, ...]  # the marked frames it shows
    path: Path


@dataclass(frozen=True)
class Pack:
    html: Path
    clips: list[Clip]
    manifest: Path
    verify: VerifyReport


def stretches(marks: list[Mark], margin: float) -> list[tuple[str, float, float, list[int]]]:
    """Per evidence, the time ranges around marked frames, overlapping ones merged."""
    by_ev: dict[str, list[dict]] = {}
    for m in marks:
        by_ev.setdefault(m.evidence, []).extend(m.frames)
    out = []
    for ev, frames in by_ev.items():
        current = None
        for f in sorted({(x["frame"], x["time_s"]) for x in frames}):
            start, end = max(0.0, f[1] - margin), f[1] + margin
            if current and start <= current[2]:
                current[2] = max(current[2], end)
                current[3].append(f[0])
            else:
                current = [ev, start, end, [f[0]]]
                out.append(current)
    return [tuple(c) for c in out]


def build_pack(case: EvidenceCase, out: str | Path, *, margin: float = CLIP_MARGIN_S,
               now: datetime | None = None) -> Pack:
    from review_app.footage import Footage, export_clip

    if not (isinstance(margin, (int, float)) and math.isfinite(margin) and 0 < margin <= MAX_MARGIN_S):
        raise EvidenceError(f"--margin {margin}: give the seconds of play either side of a marked frame, "
                            f"more than 0 and at most {MAX_MARGIN_S:g}")
    out = Path(out)
    state = case.state()
    if not state.entries:
        raise EvidenceError(f"no case for match {case.doc.match_id} yet: no evidence received, nothing decided")
    _prepare_out(case, out)
    (out / "clips").mkdir(parents=True, exist_ok=True)
    report = verify_case(case.folder)
    marks = state.live_marks
    clips: list[Clip] = []
    stills: dict[tuple[str, int], str] = {}
    for ev_id, start, end, frames in stretches(marks, margin):
        ev = state.evidence[ev_id]
        if ev_id in report.altered:
            continue  # a clip of altered bytes would claim to derive from the hash of the original as received
        with Footage(case.original_path(ev)) as video:
            end = min(end, video.info.duration_s)
            target = out / "clips" / f"{case.doc.match_id}-{ev_id}-f{frames[0]}-{frames[-1]}.mp4"
            clip = export_clip(video, target, start, end, overlay=True,
                               caption=f"{case.doc.match_id} {ev_id} marked frames {frames[0]}-{frames[-1]}")
            clips.append(Clip(ev_id, ev.sha256, clip.first_frame, clip.last_frame, tuple(frames), target))
            for f in frames:
                stills[(ev_id, f)] = _still_png(video.frame(f).image)
    drawn = _drawn(case.doc)
    (out / "case.jsonl").write_bytes(case.log.raw())
    html_path = out / f"evidence-{case.doc.match_id}.html"
    generated = now or window.now_utc()
    files = [{"path": f"clips/{c.path.name}", "sha256": file_sha256(c.path), "parent_sha256": c.parent_sha256,
              "evidence": c.evidence, "source_frames": [c.first_frame, c.last_frame], "marked_frames": list(c.frames)}
             for c in clips]
    files.append({"path": "case.jsonl", "sha256": file_sha256(out / "case.jsonl")})
    atomic_write_text(html_path, render_html(case, state, report, stills, files, generated, drawn))
    manifest = out / "manifest.json"
    atomic_write_json(manifest, {"match": case.doc.match_id, "generated_utc": window.utc_text(generated),
                                 "log_head": state.head, "verify": report.to_dict(),
                                 "files": files + [{"path": html_path.name, "sha256": file_sha256(html_path)}]})
    for written in (html_path, manifest):
        written.chmod(0o644)  # temp files are created private; a pack is meant to be handed on
    return Pack(html_path, clips, manifest, report)


def _prepare_out(case: EvidenceCase, out: Path) -> None:
    """The pack goes outside the evidence store, into a new or empty folder or over an earlier pack of the
    same match, whose files are removed first (a clip of a mark since withdrawn must not stay beside it)."""
    target = out.resolve()
    store = case.folder.root.resolve()
    if target == store or store in target.parents:
        raise EvidenceError("a pack must be written outside the evidence store (it would mix with the case's own "
                            "files); choose another --out folder", path=out)
    if out.exists() and not out.is_dir():
        raise EvidenceError("--out is a file; give a folder for the pack", path=out)
    if not out.is_dir() or not any(out.iterdir()):
        return
    manifest = out / "manifest.json"
    try:
        earlier = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.info("no earlier pack's manifest readable in %s (%s): the folder is not taken for one", out, exc)
        earlier = None
    if not isinstance(earlier, dict) or earlier.get("match") != case.doc.match_id:
        raise EvidenceError(f"--out is not empty and holds no earlier evidence pack of match {case.doc.match_id}; "
                            "give a new or empty folder", path=out)
    ours = {target / str(f.get("path", "")) for f in earlier.get("files", []) if isinstance(f, dict)}
    ours |= {p.resolve() for p in (out / "clips").glob(f"{case.doc.match_id}-ev*-f*.mp4")}
    ours.add(manifest.resolve())
    foreign = [p for p in out.rglob("*") if p.is_file() and p.resolve() not in ours]
    if foreign:
        raise EvidenceError(f"--out holds an earlier pack and {len(foreign)} other file(s) (e.g. "
                            f"{foreign[0].relative_to(out)}); give a new or empty folder", path=out)
    for path in ours:
        if target in path.parents and path.is_file():
            path.unlink()


def _drawn(doc) -> list[dict]:
    """The match's 21.f(5) tags drawn on (review_app.drawings), each with stills of its frames from the match
    footage with the drawings painted in, or the one line saying why there are none."""
    from review_app.drawings.stills import StillMaker

    tagged = [e for e in read_events_in_order(doc) if e.situation == "21.f(5)" and e.drawings]
    out = []
    with StillMaker() as maker:
        for event in tagged:
            out.append({"event": event, "stills": maker.stills(doc, event.drawings, event.position.frame, tag=event.id),
                        "problem": maker.problems.get(doc.match_id)})
    return out


def _still_png(image) -> str:
    import cv2

    h, w = image.shape[:2]
    if w > STILL_MAX_WIDTH:
        image = cv2.resize(image, (STILL_MAX_WIDTH, round(h * STILL_MAX_WIDTH / w)), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".png", image)
    if not ok:
        log.warning("a still could not be encoded as PNG; the pack shows its caption without it")
        return ""
    return base64.b64encode(data.tobytes()).decode("ascii")


# -- HTML -----------------------------------------------------------------------------------------
# The decisions of 21.f(5) by name; one the code does not know shows as it is stored.
DECISIONS = {"forfeiture": Message("Forfeiture"), "not-proven": Message("Not proven"),
             "out-of-time": Message("Out of time")}


# Whom 21.f(5) names, and anyone else (a receipt's `presented_to`, a decision's `authority`).
AUTHORITY = {"umpire": Message("Umpire"), "referee": Message("Referee"),
             "committee": Message("Host Tournament Committee"), "other": Message("Someone else")}
# How a decider was identified (`ground.roles.IDENTIFIED`), said in each language of the pack.
IDENTIFIED = {"passphrase": Message("passphrase"), "sign-in": Message("sign-in ([auth])"),
              "command-line": Message("command line on the server"),
              "name-given": Message("name given, not verified (no roles were set)")}
NOT_RECORDED = Message("not recorded (decided before the tool recorded it)")


def identified(how: str | None) -> Message | str:
    return NOT_RECORDED if how is None else IDENTIFIED.get(how, how)


def _timeline(state: CaseState) -> list[tuple[str, Message | str]]:
    """The case's moments, oldest first: (UTC time, what happened, to be translated where shown)."""
    opened = state.opened or {}
    items: list[tuple[str, Message | str]] = []
    if opened:
        items += [(opened["end_time_utc"], N_("Game ended")), (opened["deadline_utc"], N_("24-hour window closes"))]
    for e in state.entries:
        d, who = e["data"], e["by"]
        if e["type"] in ("evidence_received", "evidence_received_again"):
            received = Message("{ev} received from {who}", ev=d["evidence"], who=d["presented_by"])
            if d.get("presented_to") in AUTHORITY:  # schema 2.1: whom it was presented to, 21.f(5)
                received = Message("{ev} received from {who} by {to} ({authority})", ev=d["evidence"],
                                   who=d["presented_by"], to=d["received_by"], authority=AUTHORITY[d["presented_to"]])
            items.append((d["received_at"], received))
        elif e["type"] == "frames_marked":
            items.append((e["at"], Plural("{n} frame of {ev} marked by {who}", "{n} frames of {ev} marked by {who}",
                                          n=len(d["frames"]), ev=d["evidence"], who=who)))
        elif e["type"] == "decision":
            decision = DECISIONS.get(d["decision"], d["decision"])
            how = identified(d.get("identified"))
            if d.get("authority") in AUTHORITY:
                items.append((e["at"], Message("Decision: {d}, by {who} ({authority}; identified by {how})", d=decision,
                                               who=who, authority=AUTHORITY[d["authority"]], how=how)))
            else:
                items.append((e["at"], Message("Decision: {d}, by {who} (identified by {how})", d=decision, who=who,
                                               how=how)))
        elif e["type"] == "correction" and d.get("decision"):
            items.append((e["at"], Message("Correction of entry {n} by {who} (identified by {how})", n=d["corrects"],
                                           who=who, how=identified(d.get("identified")))))
        elif e["type"] == "correction":
            items.append((e["at"], Message("Correction of entry {n} by {who}", n=d["corrects"], who=who)))
        elif e["type"] == "repair":
            items.append((e["at"], Message("Case log repaired by {who}: {n} bytes of an interrupted entry set aside",
                                           n=d["cut_bytes"], who=who)))
    return sorted(items, key=lambda item: item[0])  # stable: equal times keep the log's order


def render_html(case: EvidenceCase, state: CaseState, report: VerifyReport, stills: dict, files: list[dict],
                generated: datetime, drawn: list[dict] = ()) -> str:
    """The pack's report (templates `evidence_pack.html`, `evidence_section.html`): a section in each
    language, English first, then the log as it is stored."""
    context = {
        "doc": case.doc, "opened": state.opened or {}, "register": case.register(), "state": state,
        "decision": state.decision, "report": report, "stills": stills, "files": files,
        "clips": [f for f in files if f["path"].startswith("clips/")], "generated": window.utc_text(generated),
        "window": window.window_after(case.game_end()), "decisions": DECISIONS, "timeline": _timeline(state),
        "duration_text": window.duration_text, "drawn": list(drawn),
        "team_names": case.doc.team_names(),  # a player is "Aurora #2", as the findings name them; ids are the record's
        "identified": identified(state.decision.identified) if state.decision else None,
    }
    sections = [templating.render_markup("evidence_section.html", lang, **context) for lang in LANGUAGES]
    raw_log = "\n".join(json.dumps(e, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for e in state.entries)
    return templating.render(
        "evidence_pack.html", "en", sections=sections, raw_log=raw_log, match_id=case.doc.match_id,
        languages=[(lang, LANGUAGE_NAMES[lang]) for lang in LANGUAGES])


def zip_folder(folder: str | Path) -> bytes:
    """The pack as one zip, for a download button."""
    import io
    import zipfile

    folder = Path(folder)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(folder).as_posix())
    return buf.getvalue()
