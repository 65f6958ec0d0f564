"""The checker's report in each format: a text table for the terminal, JSON, CSV, and one
self-contained HTML file (inline styles, no scripts or links) that a coach can send by e-mail."""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime

from review_app.checker.run import CheckResult, clause_title
from review_app.checker.summary import counts_by, events_frame, summary
from review_app.rules.rulebook import TRANSLATION_NOTICE

FORMATS = ("table", "json", "csv", "html")


def to_json(result: CheckResult) -> str:
    return json.dumps({
        "events": [e.to_dict() for e in result.events],
        "findings": [f.to_dict() for f in result.findings],
        "errors": list(result.errors),
        "summary": summary(result),
    }, ensure_ascii=False, indent=2) + "\n"


def to_csv(result: CheckResult) -> str:
    return events_frame(result).to_csv(index=False)


def to_table(result: CheckResult, lang: str = "en") -> str:
    frame = events_frame(result)
    lines = []
    if len(frame):
        shown = frame[["match", "event", "period", "clock", "clause", "verdict"]].copy()
        shown["why"] = frame[f"explanation_{lang}"].str.slice(0, 90)
        lines.append(shown.to_string(index=False))
        lines.append("")
        lines.append(counts_by(frame, "clause").to_string())
    else:
        lines.append("No events.")
    for f in result.findings:
        lines.append(f"[{f.severity.upper()}] {f.match} {f.clause} {','.join(f.events)}: {f.explanation[lang]}")
    s = summary(result)
    lines.append("")
    lines.append(f"{s['documents']} documents, {s['events']} events: " +
                 ", ".join(f"{n} {v}" for v, n in s["verdicts"].items()) +
                 f"; {s['findings']} findings ({s['mandatory_findings']} mandatory)")
    return "\n".join(lines) + "\n"


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#1b1b1b}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%;font-size:.9rem;margin:.5rem 0}
th,td{border:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f3f3f3}
.consistent{color:#1b5e20}.inconsistent{color:#b71c1c;font-weight:600}.discretionary{color:#0d47a1}
.incomplete{color:#8d6e00}.mandatory{background:#ffebee;font-weight:700}.es{color:#555;font-style:italic}
.note{color:#555;font-size:.85rem}
"""


def _e(x) -> str:
    return html.escape("" if x is None else str(x))


def to_html(result: CheckResult) -> str:
    s = summary(result)
    frame = events_frame(result)
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           "<title>polo-review: Rule 21 consistency report</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>Rule 21 consistency report <span class='es'>/ Informe de coherencia con la Regla 21</span></h1>",
           f"<p class='note'>Generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by polo-review. "
           f"{_e(TRANSLATION_NOTICE['en'])} <span class='es'>{_e(TRANSLATION_NOTICE['es'])}</span></p>",
           "<h2>Summary <span class='es'>/ Resumen</span></h2>",
           f"<p>{s['documents']} matches, {s['events']} events: " +
           ", ".join(f"<span class='{v}'>{n} {v}</span>" for v, n in s["verdicts"].items()) +
           f". {s['findings']} match findings, {s['mandatory_findings']} mandatory.</p>"]
    if result.errors:
        out.append("<h2>Documents not checked <span class='es'>/ Documentos no revisados</span></h2><ul>")
        out += [f"<li>{_e(err)}</li>" for err in result.errors]
        out.append("</ul>")
    if result.findings:
        out.append("<h2>Match findings <span class='es'>/ Hallazgos del partido</span></h2><table>"
                   "<tr><th>Match</th><th>Clause</th><th>Severity</th><th>Events</th><th>Explanation</th></tr>")
        for f in result.findings:
            cls = " class='mandatory'" if f.severity == "mandatory" else ""
            out.append(f"<tr{cls}><td>{_e(f.match)}</td><td>{_e(f.clause)}</td><td>{_e(f.severity)}</td>"
                       f"<td>{_e(', '.join(f.events))}</td><td>{_e(f.explanation['en'])}"
                       f"<br><span class='es'>{_e(f.explanation['es'])}</span></td></tr>")
        out.append("</table>")
    for key, title in (("clause", "By clause / Por disposición"), ("umpire", "By umpire / Por Umpire"),
                       ("match", "By match / Por partido"), ("period", "By period / Por período")):
        if len(frame):
            table = counts_by(frame, key)
            out.append(f"<h2>{_e(title)}</h2><table><tr><th>{_e(key)}</th>" +
                       "".join(f"<th>{_e(c)}</th>" for c in table.columns) + "</tr>")
            for idx, row in table.iterrows():
                label = f"{idx} — {clause_title(idx)}" if key == "clause" else idx
                out.append(f"<tr><td>{_e(label)}</td>" + "".join(f"<td>{int(n)}</td>" for n in row) + "</tr>")
            out.append("</table>")
    out.append("<h2>Events <span class='es'>/ Eventos</span></h2><table><tr><th>Match</th><th>Event</th>"
               "<th>Period</th><th>Clock</th><th>Frame</th><th>Time (s)</th><th>Umpire</th><th>Clause</th>"
               "<th>Verdict</th><th>Explanation</th></tr>")
    for e in result.events:
        cls = " class='mandatory'" if e.mandatory and e.verdict == "inconsistent" else ""
        out.append(f"<tr{cls}><td>{_e(e.match)}</td><td>{_e(e.event)}</td><td>{_e(e.period)}</td><td>{_e(e.clock)}</td>"
                   f"<td>{e.frame}</td><td>{e.time_s:.3f}</td><td>{_e(e.umpire)}</td>"
                   f"<td>{_e(e.clause)}<br><span class='note'>{_e(clause_title(e.clause))}</span></td>"
                   f"<td class='{_e(e.verdict)}'>{_e(e.verdict)}</td>"
                   f"<td>{_e(e.explanation['en'])}<br><span class='es'>{_e(e.explanation['es'])}</span></td></tr>")
    out.append("</table></body></html>\n")
    return "\n".join(out)


def render(result: CheckResult, fmt: str, lang: str = "en") -> str:
    if fmt == "json":
        return to_json(result)
    if fmt == "csv":
        return to_csv(result)
    if fmt == "html":
        return to_html(result)
    return to_table(result, lang)
