"""The evidence pack: one self-contained HTML report in English and Spanish, with the clips of the
marked stretches beside it, and a manifest of every file's hash.

    <out>/evidence-<match>.html   summary, register, evidence, timeline, stills (base64 PNG),
                                  decision with its clause, the full log
    <out>/clips/*.mp4             H.264, a couple of seconds around each marked frame, overlay on
    <out>/case.jsonl              a byte copy of the case log
    <out>/manifest.json           each file's SHA-256, and for clips the original they derive from
"""

from __future__ import annotations

import base64
import json
import math
import shutil
from dataclasses import dataclass
from datetime import datetime
from html import escape
from pathlib import Path

from review_app.evidence import window
from review_app.evidence.case import EvidenceCase
from review_app.evidence.errors import EvidenceError
from review_app.evidence.pack_strings import tr
from review_app.evidence.state import CaseState, Mark
from review_app.evidence.store import file_sha256
from review_app.evidence.verify import VerifyReport, verify_case
from review_app.store.files import atomic_write_json, atomic_write_text

CLIP_MARGIN_S = 1.0  # seconds of play kept either side of a marked frame
MAX_MARGIN_S = 60.0
STILL_MAX_WIDTH = 640
LANGS = ("en", "es")


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
    shutil.copyfile(case.folder.log_path, out / "case.jsonl")
    html_path = out / f"evidence-{case.doc.match_id}.html"
    generated = now or window.now_utc()
    files = [{"path": f"clips/{c.path.name}", "sha256": file_sha256(c.path), "parent_sha256": c.parent_sha256,
              "evidence": c.evidence, "source_frames": [c.first_frame, c.last_frame], "marked_frames": list(c.frames)}
             for c in clips]
    files.append({"path": "case.jsonl", "sha256": file_sha256(out / "case.jsonl")})
    atomic_write_text(html_path, render_html(case, state, report, stills, files, generated))
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
    except (OSError, ValueError):
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


def _still_png(image) -> str:
    import cv2

    h, w = image.shape[:2]
    if w > STILL_MAX_WIDTH:
        image = cv2.resize(image, (STILL_MAX_WIDTH, round(h * STILL_MAX_WIDTH / w)), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".png", image)
    return base64.b64encode(data.tobytes()).decode("ascii") if ok else ""


# -- HTML -----------------------------------------------------------------------------------------
CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#111}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.3em .5em;text-align:left;
vertical-align:top;font-size:.92em}th{background:#eee}code,.hash{font-family:ui-monospace,monospace;font-size:.85em;
word-break:break-all}.late{color:#a00;font-weight:bold}.ok{color:#060;font-weight:bold}figure{display:inline-block;
margin:.4em}figcaption{font-size:.85em}blockquote{border-left:4px solid #888;margin:.5em 0;padding:.3em 1em;
background:#f6f6f6}pre{white-space:pre-wrap;word-break:break-all;font-size:.75em;background:#f6f6f6;padding:.5em}
nav a{margin-right:1em}section.lang{border-top:3px solid #333;margin-top:2em}
"""


def _e(value) -> str:
    return escape("" if value is None else str(value))


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _kv_table(rows: list[list[str]]) -> str:
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return f"<table><tbody>{body}</tbody></table>"


def _decision_name(d: str, lang: str) -> str:
    return tr(d, lang) if d in ("forfeiture", "not-proven", "out-of-time") else d


def _timeline(case: EvidenceCase, state: CaseState, lang: str) -> list[tuple[str, str]]:
    opened = state.opened or {}
    items = []
    if opened:
        items += [(opened["end_time_utc"], tr("ev_game_end", lang)), (opened["deadline_utc"], tr("ev_deadline", lang))]
    for e in state.entries:
        d, who = e["data"], _e(e["by"])
        if e["type"] in ("evidence_received", "evidence_received_again"):
            items.append((d["received_at"], tr("ev_received", lang, ev=d["evidence"], who=_e(d["presented_by"]))))
        elif e["type"] == "frames_marked":
            items.append((e["at"], tr("ev_marked", lang, n=len(d["frames"]), ev=d["evidence"], who=who)))
        elif e["type"] == "decision":
            items.append((e["at"], tr("ev_decision", lang, d=_decision_name(d["decision"], lang), who=who)))
        elif e["type"] == "correction":
            items.append((e["at"], tr("ev_correction", lang, n=d["corrects"], who=who)))
    return sorted(items, key=lambda item: item[0])  # stable: equal times keep the log's order


def _section(case: EvidenceCase, state: CaseState, report: VerifyReport, stills: dict, files: list[dict],
             generated: datetime, lang: str) -> str:
    doc, opened = case.doc, state.opened or {}
    reg = case.register()
    parts = [f'<section class="lang" lang="{lang}" id="{lang}"><h1>{_e(tr("title", lang, match=doc.match_id))}</h1>',
             f"<p><em>{tr('prevails', lang)}</em></p>", f"<h2>{tr('summary', lang)}</h2>"]
    d = state.decision
    decision = (f"<b>{_e(_decision_name(d.decision, lang))}</b> — {tr('by', lang)} {_e(d.by)}, {_e(d.at)}"
                if d else tr("undecided", lang))
    integrity = (f'<span class="ok">{tr("intact", lang)}</span>' if report.intact
                 else f'<span class="late">{tr("broken", lang)}: {_e(report.first)}</span>')
    teams = ", ".join(f"{_e(t['name'])} ({_e(t['id'])})" for t in doc.match["teams"])
    w = window.WINDOW
    parts.append(_kv_table([
        [tr("match", lang), f"{_e(doc.match_id)} {_e(doc.match.get('name') or '')}"],
        [tr("date", lang), _e(doc.match["date"])], [tr("teams", lang), teams],
        [tr("game_end", lang), _e(opened.get("end_time_utc"))], [tr("deadline", lang), _e(opened.get("deadline_utc"))],
        [tr("window", lang), f"{_e(w.label[lang])}: {w.value / 3600:g} h ({_e(w.clause)}, “{_e(w.quote)}”)"],
        [tr("decision", lang), decision], [tr("integrity", lang), f"{integrity}<br><small>{tr('integrity_note', lang)}</small>"],
        [tr("head", lang), f'<span class="hash">{_e(state.head)}</span>'],
        [tr("generated", lang), _e(window.utc_text(generated))]]))
    # the register
    parts.append(f"<h2>{tr('register', lang)}</h2>")
    if reg.excusals:
        parts.append(_table([tr("event", lang), tr("mount", lang), tr("clause", lang), tr("player", lang),
                             tr("moment", lang), tr("seen_again", lang)],
                            [[_e(x.event), _e(x.mount), _e(x.clause), _e(f"{x.team} #{x.number}" if x.team else ""),
                              _e(f"P{x.period or '?'} {x.clock or ''} · {tr('frame', lang)} {x.frame} · {x.time_s:.3f} s"),
                              _e(", ".join(f"{s.event} ({tr('frame', lang)} {s.frame})" for s in x.returned))]
                             for x in reg.excusals]))
    else:
        parts.append(f"<p>{tr('no_excusals', lang)}</p>")
    # the evidence
    parts.append(f"<h2>{tr('evidence', lang)}</h2>")
    rows = []
    for ev in state.evidence.values():
        timing = (f'<span class="ok">{tr("in_time", lang)}</span> — {tr("left_before", lang, d=window.duration_text(ev.margin_s))}'
                  if ev.in_time else
                  f'<span class="late">{tr("late", lang)}</span> — {tr("late_by", lang, d=window.duration_text(ev.margin_s))}')
        others = [r for r in ev.receipts if r["seq"] != ev.earliest["seq"]]
        again = "".join(
            f"<br>{tr('again', lang)}: {_e(r['received_at'])}, {_e(r['presented_by'])} → {_e(r['received_by'])} "
            f"({tr('in_time_short' if r['in_time'] else 'late_short', lang)}; {tr('recorded', lang, n=r['seq'], at=_e(r['recorded']))})"
            for r in others)
        first = ev.earliest
        received = f"{_e(ev.received_at)}<br><small>{tr('recorded', lang, n=first['seq'], at=_e(first['recorded']))}</small>"
        v = ev.video
        rows.append([_e(ev.id), received + again, _e(ev.presented_by), _e(ev.received_by), timing,
                     _e(f"{v['codec']} {v['width']}x{v['height']}, {v['frame_count']} frames, {v['duration_s']:.2f} s"),
                     f'<span class="hash">{_e(ev.sha256)}</span>'])
    parts.append(_table([tr("id", lang), tr("received", lang), tr("from", lang), tr("received_by", lang),
                         tr("window", lang), tr("video", lang), "SHA-256"], rows))
    # timeline
    parts.append(f"<h2>{tr('timeline', lang)}</h2><ul>")
    parts += [f"<li><code>{_e(t)}</code> {text}</li>" for t, text in _timeline(case, state, lang)]
    parts.append("</ul>")
    # marked frames
    parts.append(f"<h2>{tr('marked', lang)}</h2>")
    if not state.marks:
        parts.append(f"<p>{tr('no_marks', lang)}</p>")
    for m in state.marks:
        what = (f"{_e(m.mount)} — {tr('event', lang)} {_e(m.excusal)} ({_e(m.clause)})" if m.excusal
                else f"{_e(m.mount)} — {tr('never_excused', lang)}")
        status = f" <span class='late'>[{tr('withdrawn', lang, n=m.withdrawn_by)}]</span>" if m.withdrawn_by else ""
        parts.append(f"<h3>#{m.seq}: {_e(m.evidence)} {tr('shows', lang)} {what}{status}</h3>"
                     f"<p>{tr('by', lang)} {_e(m.by)}, {_e(m.at)}"
                     + (f" — {tr('note', lang)}: {_e(m.note)}" if m.note else "") + "</p>")
        for f in m.frames:
            png = stills.get((m.evidence, f["frame"]))
            cap = tr("frame_caption", lang, ev=m.evidence, frame=f["frame"], time=f"{f['time_s']:.3f}")
            if png:
                parts.append(f'<figure><img alt="{_e(cap)}" src="data:image/png;base64,{png}">'
                             f"<figcaption>{_e(cap)}</figcaption></figure>")
            elif m.evidence in report.altered:
                parts.append(f"<p>{_e(cap)} — <span class='late'>{tr('no_still_altered', lang)}</span></p>")
            else:
                parts.append(f"<p>{_e(cap)}</p>")
    clips = [f for f in files if f["path"].startswith("clips/")]
    if clips:
        parts.append(f"<h3>{tr('clips', lang)}</h3>")
        for c in clips:
            parts.append(f'<figure><video controls preload="metadata" width="480" src="{_e(c["path"])}"></video>'
                         f"<figcaption>{_e(c['path'])} · {_e(c['evidence'])} · {tr('frames', lang)} {c['source_frames'][0]}–"
                         f"{c['source_frames'][1]}</figcaption></figure>")
    # decision
    parts.append(f"<h2>{tr('decision', lang)}</h2>")
    if d:
        data = d.data
        parts.append(f"<p><b>{_e(_decision_name(d.decision, lang))}</b> ({_e(data['clause'])}) — {tr('by', lang)} "
                     f"{_e(d.by)}, {_e(d.at)} ({tr('entry', lang, n=d.seq)})</p>")
        if data.get("reason"):
            parts.append(f"<p>{tr('reason', lang)}: {_e(data['reason'])}</p>")
        if data.get("forfeiting_teams"):
            parts.append(f"<p>{tr('forfeiting', lang)}: " + ", ".join(_e(t['name']) for t in data["forfeiting_teams"]) + "</p>")
        if data.get("grounds"):
            parts.append(_table([tr("grounds", lang), tr("mount", lang), tr("clause", lang), tr("marked", lang)],
                                [[_e(f"{tr('entry', lang, n=g['mark_entry'])}, {g['evidence']}"), _e(g["mount"]),
                                  _e(f"{g['clause']} ({tr('event', lang)} {g['excusal']})"),
                                  _e(", ".join(str(f["frame"]) for f in g["frames"]))] for g in data["grounds"]]))
        if data.get("mandatory"):
            parts.append(f"<p><b>{tr('mandatory', lang)}</b></p>")
        parts.append(f"<p>{tr('rule_text', lang)} (21.f(5)):</p><blockquote>{_e(data['rule_text'][lang])}</blockquote>")
    else:
        parts.append(f"<p>{tr('undecided', lang)}</p>")
    if state.corrections:
        parts.append(f"<h3>{tr('corrections', lang)}</h3><ul>")
        parts += [f"<li>{tr('entry', lang, n=c['seq'])}: {tr('corrects', lang, n=c['corrects'])} — {_e(c['reason'])} "
                  f"({tr('by', lang)} {_e(c['by'])}, {_e(c['at'])})</li>" for c in state.corrections]
        parts.append("</ul>")
    # hashes and log
    parts.append(f"<h2>{tr('hashes', lang)}</h2>")
    hrows = [[_e(f"{tr('original', lang)} ({ev.id})"), f'<span class="hash">{_e(ev.stored)}</span>'
              + (f" <span class='late'>{tr('altered', lang)}</span>" if ev.id in report.altered else ""),
              f'<span class="hash">{_e(ev.sha256)}</span>'] for ev in state.evidence.values()]
    hrows += [[_e(f["path"]), (f"{tr('derived_from', lang)} <span class='hash'>{_e(f['parent_sha256'])}</span>"
                               if f.get("parent_sha256") else ""), f'<span class="hash">{_e(f["sha256"])}</span>'] for f in files]
    parts.append(_table([tr("file", lang), "", "SHA-256"], hrows))
    parts.append(f"<h2>{tr('log', lang)}</h2><p>{tr('canonical', lang)}</p>")
    parts.append(_table(["#", "UTC", tr("type", lang), tr("by", lang), "prev", "hash"],
                        [[str(e["seq"]), _e(e["at"]), _e(e["type"]), _e(e["by"]), f'<span class="hash">{e["prev"][:16]}…</span>',
                          f'<span class="hash">{e["hash"][:16]}…</span>'] for e in state.entries]))
    parts.append("</section>")
    return "\n".join(parts)


def render_html(case: EvidenceCase, state: CaseState, report: VerifyReport, stills: dict, files: list[dict],
                generated: datetime) -> str:
    sections = [_section(case, state, report, stills, files, generated, lang) for lang in LANGS]
    raw_log = "\n".join(json.dumps(e, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for e in state.entries)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{_e(tr("title", "en", match=case.doc.match_id))}'
            f'</title><style>{CSS}</style></head><body><nav><a href="#en">English</a><a href="#es">Español</a>'
            f'<a href="#log">case.jsonl</a></nav>{"".join(sections)}'
            f'<section id="log"><h2>case.jsonl</h2><pre>{_e(raw_log)}</pre></section></body></html>\n')


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
