"""Sportscode XML, which Nacsport and LongoMatch read too: `file/ALL_INSTANCES/instance` with `ID`,
`start`, `end` (seconds from the movie's start), `code` and any number of `label/{group,text}`, and
a `ROWS/row` block giving each code's colour as 16-bit `R`, `G`, `B` (8-bit x 257).

Reading is tolerant of what real files hold: children in any order and in any case, IDs that are
text, a label with no group or a group given twice, and a bare `&` (escaped before parsing). It is
safe: the parser is defusedxml's, which refuses a document that declares entities, so no external
entity is fetched and no entity expands.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from review_app.exchange.errors import ExchangeError, check_size
from review_app.exchange.formats import Format
from review_app.exchange.timeline import FrameTimes, Instance, Label, Row, Timeline

# An '&' that starts no character reference nor one of XML's five entities: written bare by some
# producers ("Fouls & Penalties"), escaped before parsing so the file reads as its author meant.
_BARE_AMPERSAND = re.compile(rb"&(?!(?:#[0-9]+|#x[0-9A-Fa-f]+|amp|lt|gt|quot|apos);)")
# What XML 1.0 cannot hold (control characters but tab, LF and CR): replaced when writing.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

# Row colours, one per situation in the rulebook's order (a colour-blind-safe palette).
PALETTE = ((0x1f, 0x77, 0xb4), (0xff, 0x7f, 0x0e), (0x2c, 0xa0, 0x2c), (0xd6, 0x27, 0x28), (0x94, 0x67, 0xbd),
           (0x8c, 0x56, 0x4b), (0xe3, 0x77, 0xc2), (0x7f, 0x7f, 0x7f), (0xbc, 0xbd, 0x22), (0x17, 0xbe, 0xcf))


def _text(value: str) -> str:
    return _NOT_XML.sub("\ufffd", value)


def _seconds(value: float) -> str:
    return repr(round(float(value), 6))


def write(timeline: Timeline) -> bytes:
    """The timeline as a Sportscode XML file (UTF-8)."""
    root = ET.Element("file")
    every = ET.SubElement(root, "ALL_INSTANCES")
    for inst in timeline.instances:
        el = ET.SubElement(every, "instance")
        ET.SubElement(el, "ID").text = _text(inst.id)
        ET.SubElement(el, "start").text = _seconds(inst.start)
        ET.SubElement(el, "end").text = _seconds(inst.end)
        ET.SubElement(el, "code").text = _text(inst.code)
        for label in inst.labels:
            lab = ET.SubElement(el, "label")
            if label.group is not None:
                ET.SubElement(lab, "group").text = _text(label.group)
            ET.SubElement(lab, "text").text = _text(label.text)
    if timeline.rows:
        rows = ET.SubElement(root, "ROWS")
        for row in timeline.rows:
            el = ET.SubElement(rows, "row")
            ET.SubElement(el, "code").text = _text(row.code)
            for name, value in zip(("R", "G", "B"), row.rgb, strict=True):
                ET.SubElement(el, name).text = str(int(value) * 257)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def rows_for(codes: list[str], order: list[str]) -> list[Row]:
    """A row per code, coloured by its place in `order` (the rulebook's), so a code keeps its colour."""
    out = []
    for code in dict.fromkeys(codes):
        n = order.index(code) if code in order else len(order) + len(out)
        out.append(Row(code, PALETTE[n % len(PALETTE)]))
    return out


# -- reading -----------------------------------------------------------------------------------------
def _children(el) -> dict[str, list]:
    out: dict[str, list] = {}
    for child in el:
        if isinstance(child.tag, str):
            out.setdefault(child.tag.strip().lower(), []).append(child)
    return out


def _first_text(found: dict[str, list], name: str) -> str | None:
    items = found.get(name)
    if not items:
        return None
    return "".join(items[0].itertext()).strip()


def _colour(value: str | None) -> int | None:
    try:
        n = int(float(value or ""))
    except ValueError:
        return None
    return max(0, min(255, round(n / 257))) if 0 <= n <= 65535 else None


def parse(raw: bytes, source: str = "<file>") -> tuple[Timeline, list[str]]:
    """The instances and rows of a Sportscode XML file, and one line for each instance that could not
    be read (no start, an end before its start ...): listed, never dropped in silence."""
    check_size(len(raw), "a Sportscode XML file", source)
    text = _BARE_AMPERSAND.sub(b"&amp;", raw)
    try:
        root = fromstring(text, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise ExchangeError(f"refused: the XML declares entities ({type(exc).__name__}); "
                            "a Sportscode file has none", path=source) from None
    except ET.ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise ExchangeError(f"not well-formed XML at line {line}, column {column + 1}", path=source) from None
    if root.tag.lower() != "file" or root.find("ALL_INSTANCES") is None and not any(
            isinstance(c.tag, str) and c.tag.lower() == "all_instances" for c in root):
        raise ExchangeError(f"not a Sportscode XML file (its root is <{root.tag}>, "
                            "expected <file> holding <ALL_INSTANCES>)", path=source)
    timeline, problems = Timeline(source=source), []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        tag = el.tag.lower()
        if tag == "instance":
            inst = _instance(el, len(timeline.instances) + len(problems) + 1, problems)
            if inst is not None:
                timeline.instances.append(inst)
        elif tag == "row":
            found = _children(el)
            code = _first_text(found, "code")
            rgb = tuple(_colour(_first_text(found, c)) for c in ("r", "g", "b"))
            if code and all(c is not None for c in rgb):
                timeline.rows.append(Row(code, rgb))  # type: ignore[arg-type]
    return timeline, problems


def _instance(el, number: int, problems: list[str]) -> Instance | None:
    found = _children(el)
    ident = _first_text(found, "id") or f"#{number}"
    code = _first_text(found, "code")
    try:
        start = float(_first_text(found, "start") or "nan")
        end = float(_first_text(found, "end") or "nan")
    except ValueError:
        start = end = float("nan")
    if not code:
        problems.append(f"instance {ident}: no code")
        return None
    if not (start == start and end == end) or start < 0 or end < start:  # NaN is not equal to itself
        problems.append(f"instance {ident} ({code}): start and end are not times in seconds, start before end")
        return None
    labels = []
    for lab in found.get("label", []):
        parts = _children(lab)
        group, value = _first_text(parts, "group"), _first_text(parts, "text")
        if value:
            labels.append(Label(group or None, value))
    return Instance(ident, start, end, code, labels)


class SportscodeFormat(Format):
    """Sportscode's XML (also read by Nacsport and LongoMatch): instances with labels, rows coloured by code."""

    name, extension, label, tool, rank = "sportscode-xml", ".xml", "Sportscode XML", "Sportscode", 10
    signature = b"<file"

    def write(self, instances: list[Instance], frames: FrameTimes, media: str | None = None) -> bytes:
        from review_app.rules import PROVISIONS

        timeline = Timeline(instances)
        timeline.rows = rows_for([i.code for i in instances], [p.id for p in PROVISIONS])
        return write(timeline)

    def read(self, path: Path) -> tuple[Timeline, list[str]]:
        return parse(path.read_bytes(), str(path))
