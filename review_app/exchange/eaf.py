"""ELAN EAF, through pympi-ling (imported as `pympi`; the PyPI package named `pympi` is another).

Each reviewer has a set of tiers, named `<reviewer> | <what>` with the reviewer as the tier's
participant:

    <reviewer> | situation       the window, valued by the clause (controlled vocabulary "situation",
                                 each entry described in English and Spanish)
    <reviewer> | id              the event's id over the same window
    <reviewer> | call.<part>     each part of the call over the same window (a controlled vocabulary
                                 per part that takes fixed values: call.whistle, call.restart, ...)
    <reviewer> | fact.<name> ... every other label of the event over the same window
    <reviewer> | moment.<name>   the incident, whistle, restart and neutral-play moments, each an
                                 annotation as long as one frame, in the whole milliseconds inside it
                                 (ELAN has no zero-length annotation), valued by the id of the event
                                 it belongs to

ELAN does not let two annotations of one tier overlap, so a reviewer's events whose windows overlap
go on a second set of tiers, `<reviewer> #2 | ...`. Times are whole milliseconds, each rounded up so
it reads back within the same frame (never into the frame before).

Reading takes this layout back, and from any other EAF reads each tier without ` | ` in its name
as codes: each annotation an instance, its value the code, the tier's participant its reviewer.
The file is checked with defusedxml (no entity declarations) before pympi parses it.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from pympi import Elan

from review_app.exchange import codes
from review_app.exchange.errors import ExchangeError, check_size
from review_app.exchange.formats import Format
from review_app.exchange.timeline import FrameTimes, Instance, Label, Timeline
from review_app.i18n import N_, translate
from review_app.rules import PROVISIONS
from review_app.rules.labels import value_label
from review_app.rules.provision import CALL_FIELDS

SEP = " | "
CV_DESCRIPTION = N_("Rule 21 situation (clause)")
SITUATION, ID = "situation", "id"
NO_REVIEWER = "(no reviewer)"
LANGUAGES = (("eng", "en", "English"), ("spa", "es", "Spanish"))
_LAYER = re.compile(r"^(?P<who>.*) #(?P<k>[0-9]+)$")
# The parts of a call that take fixed values, each with its controlled vocabulary.
VOCABULARY_PARTS = tuple(name for name, spec in CALL_FIELDS.items() if isinstance(spec, tuple))


def _ms(seconds: float) -> int:
    """A frame's time in whole milliseconds that still falls within that frame: rounded up, not to the
    nearest (3.116322 s is 3117 ms; 3116 ms would be the frame before, on variable-rate footage). A
    time that is a whole millisecond within float error stays that millisecond."""
    return math.ceil(float(seconds) * 1000 - 1e-6)


def _frame_end_ms(seconds: float, frames: FrameTimes) -> int:
    """Where an instant at `seconds`, written as one frame long, ends: the last whole millisecond before the
    next frame (a microsecond clear of it, as times are read back to the microsecond), so the annotation's end
    reads back as the same frame; at least one millisecond after its start."""
    following = frames.end_of(seconds)
    return max(_ms(seconds) + 1, math.ceil((following - 1e-6) * 1000) - 1)


def _cve_id(value: str) -> str:
    return "cve_" + re.sub(r"[^A-Za-z0-9_.-]", "_", value)


def _vocabularies(eaf: Elan.Eaf) -> None:
    for code, _lang, name in LANGUAGES:
        eaf.add_language(code, None, name)
    eaf.add_controlled_vocabulary(SITUATION)
    for code, lang, _name in LANGUAGES:
        eaf.add_cv_description(SITUATION, code, translate(CV_DESCRIPTION, lang))
    for p in PROVISIONS:
        eaf.add_cv_entry(SITUATION, _cve_id(p.id), [(p.id, code, translate(p.title, lang))
                                                     for code, lang, _name in LANGUAGES])
    _type(eaf, SITUATION, SITUATION)
    for part in VOCABULARY_PARTS:
        cv = codes.CALL + part
        eaf.add_controlled_vocabulary(cv)
        for value in CALL_FIELDS[part]:
            eaf.add_cv_entry(cv, _cve_id(value), [(value, code, value_label(value, lang))
                                                  for code, lang, _name in LANGUAGES])
        _type(eaf, cv, cv)
    _type(eaf, "text")
    _type(eaf, "moment")


def _type(eaf: Elan.Eaf, name: str, vocabulary: str | None = None) -> None:
    params = {"LINGUISTIC_TYPE_ID": name, "TIME_ALIGNABLE": "true", "GRAPHIC_REFERENCES": "false"}
    if vocabulary:
        params["CONTROLLED_VOCABULARY_REF"] = vocabulary
    eaf.add_linguistic_type(name, param_dict=params)


def _free_layer(taken: list[list[tuple[int, int]]], start: int, end: int) -> int:
    """The first layer (0-based) none of whose annotations overlaps [start, end)."""
    for k, spans in enumerate(taken):
        if all(end <= s or start >= e for s, e in spans):
            spans.append((start, end))
            return k
    taken.append([(start, end)])
    return len(taken) - 1


def _tier_rank(group: str) -> tuple[int, int, str]:
    if group == SITUATION:
        return (0, 0, "")
    if group == ID:
        return (1, 0, "")
    if group.startswith(codes.CALL) and group[len(codes.CALL):] in CALL_FIELDS:
        return (2, list(CALL_FIELDS).index(group[len(codes.CALL):]), "")
    if group.startswith(codes.MOMENT):
        return (4, 0, group)
    return (3, 0, group)


def write(instances: list[Instance], frames: FrameTimes, media: str | None = None) -> bytes:
    """The instances (a match's events) as an EAF file (UTF-8); `frames`: where the match's frames end;
    `media`: the footage, relative to the file."""
    eaf = Elan.Eaf(author="polo-review")
    eaf.remove_tier("default")
    eaf.header = {"MEDIA_FILE": "", "TIME_UNITS": "milliseconds"}
    if media:
        eaf.add_linked_file(media, relpath=media, mimetype="video/mp4")
    _vocabularies(eaf)
    tiers: dict[tuple[str, int, str], list[tuple[int, int, str]]] = defaultdict(list)
    windows: dict[str, list[list[tuple[int, int]]]] = defaultdict(list)
    moments: dict[tuple[str, str], list[list[tuple[int, int]]]] = defaultdict(list)
    for inst in sorted(instances, key=lambda i: (i.start, i.end, i.id)):
        who = (inst.texts(codes.REVIEWER) or [NO_REVIEWER])[0]
        start, end = _ms(inst.start), _ms(inst.end)
        if end <= start:  # one frame: ELAN has no zero-length annotation
            end = _frame_end_ms(inst.start, frames)
        k = _free_layer(windows[who], start, end)
        tiers[(who, k, SITUATION)].append((start, end, inst.code))
        tiers[(who, k, ID)].append((start, end, inst.id))
        grouped: dict[str, list[str]] = defaultdict(list)
        for label in inst.labels:
            group = label.group or ""
            if group == codes.REVIEWER:
                continue
            if group.startswith(codes.MOMENT):
                seconds = float(label.text.split("(")[0])
                at, until = _ms(seconds), _frame_end_ms(seconds, frames)
                layer = _free_layer(moments[(who, group)], at, until)
                tiers[(who, layer, group)].append((at, until, inst.id))
            else:
                grouped[group].append(label.text)
        for group, texts in grouped.items():
            tiers[(who, k, group)].append((start, end, "\n".join(texts)))
    for who, k, group in sorted(tiers, key=lambda t: (t[0], t[1], _tier_rank(t[2]))):
        name = f"{who}{f' #{k + 1}' if k else ''}{SEP}{group}"
        if group == SITUATION:
            ling = SITUATION
        elif group.startswith(codes.CALL) and group[len(codes.CALL):] in VOCABULARY_PARTS:
            ling = group
        else:
            ling = "moment" if group.startswith(codes.MOMENT) else "text"
        eaf.add_tier(name, ling=ling, part=None if who == NO_REVIEWER else who)
        for start, end, value in tiers[(who, k, group)]:
            eaf.add_annotation(name, start, end, value)
    root = Elan.to_adocument(eaf, pretty=True)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


# -- reading -----------------------------------------------------------------------------------------
def _check_xml(path: Path) -> None:
    raw = path.read_bytes()
    check_size(len(raw), "an EAF file", path)
    try:
        root = fromstring(raw, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise ExchangeError(f"refused: the XML declares entities ({type(exc).__name__}); an EAF file has none",
                            path=path) from None
    except ET.ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise ExchangeError(f"not well-formed XML at line {line}, column {column + 1}", path=path) from None
    if root.tag != "ANNOTATION_DOCUMENT":
        raise ExchangeError(f"not an ELAN EAF file (its root is <{root.tag}>, expected <ANNOTATION_DOCUMENT>)",
                            path=path)


def parse(path: str | Path) -> tuple[Timeline, list[str]]:
    """The instances an EAF file holds, and one line for each annotation that could not be placed."""
    path = Path(path)
    _check_xml(path)
    try:
        eaf = Elan.Eaf(str(path), suppress_version_warning=True)
    except Exception as exc:
        raise ExchangeError(f"not a readable ELAN EAF file ({type(exc).__name__}: {exc})", path=path) from None
    timeline, problems = Timeline(source=str(path)), []
    ours: dict[str, dict[str, str]] = defaultdict(dict)  # prefix -> group -> tier
    for tier in eaf.get_tier_names():
        prefix, sep, group = tier.rpartition(SEP)
        if sep:
            ours[prefix][group] = tier
        else:
            _foreign_tier(eaf, tier, timeline, problems)
    by_id: dict[tuple[str | None, str], Instance] = {}
    for prefix, groups in ours.items():
        who = _reviewer(eaf, groups.get(SITUATION) or next(iter(groups.values())), prefix)
        if SITUATION not in groups:
            problems.append(f"tiers {prefix}{SEP}...: no {prefix}{SEP}{SITUATION} tier; not read")
            continue
        ids = {(s, e): v for s, e, v in _aligned(eaf, groups.get(ID), problems)}
        windows: dict[tuple[int, int], Instance] = {}
        for n, (start, end, code) in enumerate(_aligned(eaf, groups[SITUATION], problems), 1):
            ident = (ids.get((start, end)) or "").strip() or f"{prefix}-{n}"
            inst = Instance(ident, start / 1000, end / 1000, code.strip())
            if who:
                inst.labels.append(Label(codes.REVIEWER, who))
            windows[(start, end)] = inst
            by_id[(who, ident)] = inst
            timeline.instances.append(inst)
        for group, tier in groups.items():
            if group in (SITUATION, ID) or group.startswith(codes.MOMENT):
                continue
            for start, end, value in _aligned(eaf, tier, problems):
                inst = windows.get((start, end))
                if inst is None:
                    problems.append(f"tier {tier}: the annotation at {start / 1000:g}-{end / 1000:g} s has no "
                                    f"situation over the same times; not read ({value!r})")
                    continue
                inst.labels += [Label(group, text) for text in codes.split_values(group, value) if text]
    for prefix, groups in ours.items():
        who = _reviewer(eaf, next(iter(groups.values())), prefix)
        for group, tier in groups.items():
            if not group.startswith(codes.MOMENT):
                continue
            for start, _end, value in _aligned(eaf, tier, problems):
                inst = by_id.get((who, value.strip()))
                if inst is None:
                    problems.append(f"tier {tier}: the moment at {start / 1000:g} s names no event of "
                                    f"{who or NO_REVIEWER} ({value!r}); not read")
                    continue
                inst.labels.append(Label(group, codes.seconds(start / 1000)))
    timeline.instances.sort(key=lambda i: (i.start, i.end))
    return timeline, problems


def _reviewer(eaf: Elan.Eaf, tier: str, prefix: str) -> str | None:
    participant = (eaf.get_parameters_for_tier(tier).get("PARTICIPANT") or "").strip()
    m = _LAYER.match(prefix)
    who = participant or (m["who"] if m else prefix)
    return None if who in ("", NO_REVIEWER) else who


def _aligned(eaf: Elan.Eaf, tier: str | None, problems: list[str]) -> list[tuple[int, int, str]]:
    if tier is None:
        return []
    aligned, referring = eaf.tiers[tier][0], eaf.tiers[tier][1]
    if referring:
        problems.append(f"tier {tier}: {len(referring)} annotations refer to another tier's and are not time-"
                        "aligned; not read")
    out = []
    for slot1, slot2, value, _svg in aligned.values():
        start, end = eaf.timeslots.get(slot1), eaf.timeslots.get(slot2)
        if start is None or end is None:
            problems.append(f"tier {tier}: an annotation without a time ({value!r}); not read")
            continue
        out.append((int(start), int(end), value or ""))
    return sorted(out)


def _foreign_tier(eaf: Elan.Eaf, tier: str, timeline: Timeline, problems: list[str]) -> None:
    """A tier another tool wrote: each annotation's value is a code."""
    who = _reviewer(eaf, tier, tier) if eaf.get_parameters_for_tier(tier).get("PARTICIPANT") else None
    for n, (start, end, value) in enumerate(_aligned(eaf, tier, problems), 1):
        if not value.strip():
            problems.append(f"tier {tier}: the annotation at {start / 1000:g} s is empty; not read")
            continue
        inst = Instance(f"{tier}-{n}", start / 1000, end / 1000, value.strip())
        if who:
            inst.labels.append(Label(codes.REVIEWER, who))
        timeline.instances.append(inst)


class EafFormat(Format):
    """ELAN's annotation file: a tier per reviewer and label group, controlled vocabularies for the codes."""

    name, extension, label, tool, rank = "eaf", ".eaf", "ELAN EAF", "ELAN", 20
    signature = b"<ANNOTATION_DOCUMENT"
    links_media = True

    def write(self, instances: list[Instance], frames: FrameTimes, media: str | None = None) -> bytes:
        return write(instances, frames, media)

    def read(self, path: Path) -> tuple[Timeline, list[str]]:
        return parse(path)
