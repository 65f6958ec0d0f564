"""Export a match's events to an interchange file, and import a file's instances into a match.

    data = export_match(doc, "sportscode-xml")
    report = import_file(path, doc, mapping=load("map.toml"))   # report.document: the match with them

An import maps each instance's code to a situation (`mapping`), reads its labels as the event's
fields (`codes`) and places its times on the match's frames (`timebase`). Nothing it cannot use is
dropped in silence: the report lists the instances whose code nothing maps, those the mapping
leaves out on purpose, those that do not make a valid event (with the reason), the labels kept in
an event's notes because they fit no field, and whatever the file held that could not be read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from review_app.exchange import codes, formats, timebase
from review_app.exchange.errors import ExchangeError, check_size
from review_app.exchange.mapping import Mapping
from review_app.exchange.timeline import Instance, Label, Timeline
from review_app.model import DocumentError, MatchDocument, next_event_id, validate
from review_app.model.event import read_event


def export_match(doc: MatchDocument, fmt: str, *, reviewer: str | None = None,
                 media: str | None = None, roots: Iterable[str | Path] = ()) -> bytes:
    """The match's events (only `reviewer`'s, if given) in `fmt` (a name in `formats.formats()`); `roots`: where
    the caller allows the footage to be besides the project (`timebase.for_import`)."""
    target = formats.get(fmt)
    return target.write(codes.instances(doc, reviewer), timebase.for_export(doc, roots), media)


def detect(path: Path, fmt: str | None = None) -> str:
    """The format of `path`: as given, else by its extension, else by what its first 4 KB hold."""
    if fmt is not None:
        return formats.get(fmt).name
    found = formats.by_extension(path.suffix)
    if found is None:
        with path.open("rb") as fh:
            found = formats.by_content(fh.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n"))
    if found is None:
        raise ExchangeError(f"unknown format: name it {formats.extensions_text()}, or give --format", path=path)
    return found.name


def read_file(path: str | Path, fmt: str | None = None) -> tuple[Timeline, list[str]]:
    """The instances a file holds, and one line for each part of it that could not be read."""
    path = Path(path)
    if not path.exists():
        raise ExchangeError("no such file", path=path)
    if path.is_dir():
        raise ExchangeError("is a folder, not an interchange file", path=path)
    check_size(path.stat().st_size, "an interchange file", path)  # before reading it whole
    return formats.get(detect(path, fmt)).read(path)


@dataclass
class ImportReport:
    source: str
    match_id: str
    document: MatchDocument  # the match with the imported events (not saved by `import_timeline`)
    imported: list[tuple[str, str]] = field(default_factory=list)  # (instance id, event id it became)
    unmapped: list[Instance] = field(default_factory=list)  # codes nothing maps
    left_out: list[Instance] = field(default_factory=list)  # codes the mapping leaves out ("")
    refused: list[tuple[Instance, str]] = field(default_factory=list)  # not a valid event, and why
    labels_kept: list[tuple[str, Label, str]] = field(default_factory=list)  # (event id, label, why) in its notes
    unreadable: list[str] = field(default_factory=list)  # parts of the file that could not be read
    already: list[str] = field(default_factory=list)  # instances the match holds already, as they are
    position_guessed: list[str] = field(default_factory=list)  # event ids whose incident is the window's start
    # Instances timed outside the footage or not at a finite time, and why: the file does not fit this
    # match's footage, so none of it is imported (a time is never clamped nor moved).
    outside: list[tuple[Instance, str]] = field(default_factory=list)
    footage_s: float | None = None  # the footage's length the times were checked against, where known

    @property
    def complete(self) -> bool:
        """Every instance imported (or already there, or left out on purpose) and every part of the file read."""
        return not (self.unmapped or self.refused or self.unreadable or self.outside)

    def unmapped_codes(self) -> dict[str, list[str]]:
        """Each code nothing maps, with the ids of its instances."""
        out: dict[str, list[str]] = {}
        for inst in self.unmapped:
            out.setdefault(inst.code, []).append(inst.id)
        return out


def _mapped_labels(inst: Instance, mapping: Mapping) -> list[Label]:
    return [mapping.label(label) or label for label in inst.labels]


# A time this close past the footage's end is the end itself, written in whole milliseconds (ELAN).
END_TOLERANCE_S = 0.001


def _time_problem(what: str, at: float, end_s: float | None) -> str | None:
    if not math.isfinite(at):
        return f"its {what} ({at!r}) is not a finite time"
    if at < 0:
        return f"its {what}, {at:g} s, is before the footage starts"
    if end_s is not None and at > end_s + END_TOLERANCE_S:
        return f"its {what}, {at:g} s, is past the end of the footage ({end_s:.3f} s long)"
    return None


def times_outside(timeline: Timeline, tb) -> list[tuple[Instance, str]]:
    """The instances with a time (start, end or a moment) that is not finite or lies outside the
    footage `tb` times, each with why (its first such time)."""
    end_s, count = getattr(tb, "end_s", None), getattr(tb, "frame_count", None)
    out = []
    for inst in timeline.instances:
        times = [("start", inst.start), ("end", inst.end)]
        frames = []
        for label in inst.labels:
            if not (label.group or "").startswith(codes.MOMENT):
                continue
            try:  # "7.2 (frame 180)"; a text that is no number at all is a label kept in the notes
                times.append((label.group, float(label.text.split("(")[0])))
            except ValueError:
                continue
            m = codes.MOMENT_TEXT.match(label.text)
            if m and m["frame"] is not None:
                frames.append((label.group, int(m["frame"])))
        why = next((w for what, at in times if (w := _time_problem(what, at, end_s))), None)
        if why is None and count:
            why = next((f"its {group} moment is at frame {frame}, past the footage's last frame ({count - 1})"
                        for group, frame in frames if frame >= count), None)
        if why:
            out.append((inst, why))
    return out


def import_timeline(timeline: Timeline, doc: MatchDocument, mapping: Mapping, tb,
                    reviewer: str | None = None) -> ImportReport:
    """The match with the timeline's instances added as events (ids kept where free), and what was not.

    If any instance is timed outside the footage (or at no finite time), nothing is imported: the file's
    times do not fit this match's footage, and placing the rest would put them at the wrong moments too."""
    out = doc.copy()
    report = ImportReport(timeline.source or "", doc.match_id, out, footage_s=getattr(tb, "end_s", None))
    report.outside = times_outside(timeline, tb)
    if report.outside:
        report.document = doc
        return report
    for inst in timeline.instances:
        situation = mapping.situation(inst.code)
        if situation is None:
            report.unmapped.append(inst)
            continue
        if situation == "":
            report.left_out.append(inst)
            continue
        mapped = Instance(inst.id, inst.start, inst.end, inst.code, _mapped_labels(inst, mapping))
        decoded = codes.from_instance(mapped, situation, doc, tb, reviewer)
        event, event_id = decoded.event, inst.id
        existing = read_event(out, inst.id) if codes.EVENT_ID.match(inst.id) else None
        if existing is not None and existing.situation == situation and existing.position.frame == decoded.frame:
            differ = _differences(out.event(inst.id), event)
            if not differ:
                report.already.append(inst.id)
            else:  # the file's copy of an event the match holds, changed since: never a second copy
                report.refused.append((inst, f"the match holds {inst.id} at this moment under {situation}, with "
                                             f"other {', '.join(differ)}; not imported (delete or change it in "
                                             "the app first)"))
            continue
        if existing is not None or not codes.EVENT_ID.match(inst.id):
            event["id"] = event_id = next_event_id(out)
        try:
            validate({**out.data, "events": [*out.events, event]}, out.path)
        except DocumentError as exc:
            problem = str(exc).removeprefix(f"{exc.path}: ") if exc.path else str(exc)
            report.refused.append((inst, problem))
            continue
        out.events.append(event)
        out.forget_records()
        report.imported.append((inst.id, event_id))
        report.labels_kept += [(event_id, label, why) for label, why in decoded.left]
        if decoded.guessed_position:
            report.position_guessed.append(event_id)
    return report


def _present(value):
    """A value with what records nothing (None, empty) left out: a moment not tagged is no moment."""
    if isinstance(value, dict):
        value = {k: p for k, v in value.items() if (p := _present(v)) is not None}
    return value if value not in (None, "", [], {}) else None


def _differences(existing: dict, event: dict) -> list[str]:
    """The fields in which the file's event differs from the match's (a window the file adds, where the
    event had none, is no difference: every instance is a window)."""
    keys = (set(existing) | set(event)) - {"id"}
    if "window" not in existing:
        keys.discard("window")
    out = []
    for key in sorted(keys):
        if _present(existing.get(key)) != _present(event.get(key)):
            out.append(key)
    return out


def import_file(path: str | Path, doc: MatchDocument, *, mapping: Mapping | None = None, fmt: str | None = None,
                fps: float | None = None, reviewer: str | None = None,
                roots: Iterable[str | Path] = ()) -> ImportReport:
    """Read `path` and add its instances to (a copy of) `doc`; the caller saves `report.document`. `roots`: where
    the caller allows the footage to be besides the project (`timebase.for_import`)."""
    timeline, problems = read_file(path, fmt)
    report = import_timeline(timeline, doc, mapping or Mapping(), timebase.for_import(doc, fps, roots=roots),
                             reviewer)
    report.source = str(path)
    report.unreadable = problems
    return report
