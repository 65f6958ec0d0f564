"""The plain CSV: one row per instance, `id, start, end, code`, then one column per label group (a
group that repeats, such as the players involved, holds one value per line of its cell).

Written as `polo-review check --format csv` writes: a cell a spreadsheet would run as a formula gets
a leading apostrophe (the checker's `safe_cell`), rows end in CRLF so no cell's line break splits a
row. Reading takes the apostrophe off again, and any column it does not know is a label group, so a
spreadsheet with a "Player" column imports with that column listed as not understood.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from review_app.checker.formats import FORMULA_STARTS, safe_cell
from review_app.exchange import codes
from review_app.exchange.errors import ExchangeError, check_size
from review_app.exchange.formats import Format
from review_app.exchange.timeline import FrameTimes, Instance, Label, Timeline
from review_app.rules.provision import CALL_FIELDS

FIXED = ("id", "start", "end", "code")


def _group_order(group: str) -> tuple[int, int, str]:
    """Who and when first, then the moments, the call's parts in the document's order, the facts, the rest."""
    if group in codes.PLAIN_GROUPS:
        return (0, codes.PLAIN_GROUPS.index(group), "")
    name = group.partition(".")[2]
    if group.startswith(codes.MOMENT) and name in codes.MOMENTS:
        return (1, codes.MOMENTS.index(name), "")
    if group.startswith(codes.CALL) and name in CALL_FIELDS:
        return (2, list(CALL_FIELDS).index(name), "")
    if group.startswith(codes.FACT):
        return (3, 0, group)
    return (4, 0, group)


def write(timeline: Timeline) -> str:
    groups = sorted({label.group or "" for inst in timeline.instances for label in inst.labels}, key=_group_order)
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow([*FIXED, *groups])
    for inst in timeline.instances:
        cells = {g: "\n".join(lb.text for lb in inst.labels if (lb.group or "") == g) for g in groups}
        row = [inst.id, codes.seconds(inst.start), codes.seconds(inst.end), inst.code, *(cells[g] for g in groups)]
        writer.writerow([safe_cell(c) for c in row])
    return out.getvalue()


def _unneutralised(text: str) -> str:
    """A cell as it was before `safe_cell` put an apostrophe before a formula's first character."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS) else text


def parse(raw: bytes, source: str = "<file>") -> tuple[Timeline, list[str]]:
    check_size(len(raw), "an instance table", source)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ExchangeError("not UTF-8 text", path=source) from None
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise ExchangeError(f"not a readable CSV file: {exc}", path=source) from None
    if not rows:
        raise ExchangeError("empty: expected a header row with id, start, end, code", path=source)
    header = [h.strip() for h in rows[0]]
    lower = [h.lower() for h in header]
    missing = [name for name in FIXED if name not in lower]
    if missing:
        raise ExchangeError(f"not an instance table: no {', '.join(missing)} column (expected id, start, end, "
                            "code, then one column per label group)", path=source)
    where = {name: lower.index(name) for name in FIXED}
    timeline, problems = Timeline(source=source), []
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = [_unneutralised(c) for c in row] + [""] * (len(header) - len(row))
        ident = cells[where["id"]].strip() or f"row-{line}"
        code = cells[where["code"]].strip()
        try:
            start, end = float(cells[where["start"]]), float(cells[where["end"]])
        except ValueError:
            start = end = float("nan")
        if not code:
            problems.append(f"row {line} ({ident}): no code")
            continue
        if not (start == start and end == end) or start < 0 or end < start:
            problems.append(f"row {line} ({ident}): start and end are not times in seconds, start before end")
            continue
        labels = [Label(header[i] or None, value) for i, cell in enumerate(cells[:len(header)])
                  if i not in where.values() for value in codes.split_values(header[i], cell) if value.strip()]
        timeline.instances.append(Instance(ident, start, end, code, labels))
    return timeline, problems


class CsvFormat(Format):
    """A plain CSV, one row per label, for a spreadsheet."""

    name, extension, label, rank = "csv", ".csv", "CSV", 30

    def write(self, instances: list[Instance], frames: FrameTimes, media: str | None = None) -> bytes:
        return write(Timeline(instances)).encode("utf-8")

    def read(self, path: Path) -> tuple[Timeline, list[str]]:
        return parse(path.read_bytes(), str(path))
