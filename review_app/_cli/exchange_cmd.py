"""`polo-review export MATCH --format FORMAT` and `polo-review import FILE --match ID`:
a match's events to and from the files coding tools exchange (review_app.exchange; the formats are its
registry, `exchange.formats`, read only when a command parses or prints them).

MATCH is a match document's path, or a match id looked up in the annotations folder.
"""

from __future__ import annotations

import sys

LISTED = 20  # instances named per code before "and N more"


class Names:
    """The format names as argparse's `choices`, read from the registry (`exchange.formats`) only when a command
    parses or prints them, so building the command line imports no format module (`polo-review rules` starts
    fast)."""

    def __iter__(self):
        from review_app.exchange.formats import formats

        return iter(formats())

    def __contains__(self, name) -> bool:
        from review_app.exchange.formats import formats

        return name in formats()


def register(sub) -> None:
    p = sub.add_parser("export", help="a match's events in another coding tool's format",
                       description="Write a match's events for another coding tool: each event an instance "
                                   "(its window), the situation as the code, the call's parts, facts and "
                                   "moments as labels.")
    p.add_argument("match", metavar="MATCH", help="a match document, or a match id in the annotations folder")
    p.add_argument("--format", required=True, choices=Names(), metavar="FORMAT", help="one of %(choices)s")
    p.add_argument("--out", metavar="FILE", help="write here (atomically) instead of standard output")
    p.add_argument("--reviewer", metavar="NAME", help="only this reviewer's events")
    p.add_argument("--annotations", metavar="DIR", help="where match ids are looked up (default ./annotations)")
    p.set_defaults(func=run_export)

    q = sub.add_parser("import", help="add an interchange file's instances to a match",
                       description="Add the instances of an interchange file to a match as events. Codes are "
                                   "mapped to situations by --mapping (a TOML file) and by clause ids and "
                                   "titles; whatever is not mapped or not valid is listed, never dropped in "
                                   "silence (exit status 1 when anything was not imported).")
    q.add_argument("file", metavar="FILE", help="an interchange file; its format is told by its extension")
    q.add_argument("--match", required=True, metavar="ID", help="the match to add the events to (id or document)")
    q.add_argument("--format", choices=Names(), metavar="FORMAT",
                   help="the file's format, one of %(choices)s (default: from its name)")
    q.add_argument("--mapping", metavar="FILE", help="TOML mapping of the file's codes to situations and of its "
                                                     "labels to the call's parts")
    q.add_argument("--fps", type=float, metavar="N", help="the footage's frame rate, where the match records none")
    q.add_argument("--reviewer", metavar="NAME", help="recorded on events whose file names no reviewer")
    q.add_argument("--dry-run", action="store_true", help="say what would be imported; save nothing")
    q.add_argument("--annotations", metavar="DIR", help="where match ids are looked up (default ./annotations)")
    q.set_defaults(func=run_import)


def run_export(args) -> int:
    from review_app._cli.documents import match_named
    from review_app.exchange.transfer import export_match
    from review_app.ground.files import atomic_write_bytes
    from review_app.model.event import read_events

    doc = match_named(args.match, args.annotations)
    media = None
    from review_app.exchange.formats import get

    if get(args.format).links_media and (doc.data.get("footage") or {}).get("path"):
        from review_app.errors import PoloReviewError

        try:
            media = doc.footage_path(_footage_roots(args)).as_uri()
        except PoloReviewError:
            media = None  # a footage path leading outside the project is not written anywhere
    data = export_match(doc, args.format, reviewer=args.reviewer, media=media, roots=_footage_roots(args))
    events = sum(1 for e in read_events(doc) if args.reviewer is None or e.reviewer == args.reviewer)
    if args.out:
        atomic_write_bytes(args.out, data)
        print(f"wrote {args.out}: {events} events of {doc.match_id} as {args.format}", file=sys.stderr)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def _footage_roots(args) -> tuple:
    """Where this workspace allows a match's footage besides the project: its footage folder, the demo's clips and
    the recordings registered where they lie, so times are placed on the footage's own frames (exact on variable
    frame rates) as the app places them."""
    import os

    from review_app.config import ENV_ANNOTATIONS, folders
    from review_app.model.recordings import allowed_roots
    from review_app.store import open_register

    env = dict(os.environ)
    if args.annotations:
        env[ENV_ANNOTATIONS] = args.annotations
    where = folders(env)
    return allowed_roots(where, open_register(where))


def run_import(args) -> int:
    from review_app._cli.documents import match_named
    from review_app._cli.stores import save_back
    from review_app.exchange import mapping as mapping_module
    from review_app.exchange.transfer import import_file
    from review_app.textsafe import for_terminal

    doc = match_named(args.match, args.annotations)
    mapping = mapping_module.load(args.mapping)
    report = import_file(args.file, doc, mapping=mapping, fmt=args.format, fps=args.fps, reviewer=args.reviewer,
                         roots=_footage_roots(args))
    if report.imported and not args.dry_run:
        saved = save_back(report.document)
        renamed = saved.merged.renamed if saved.merged else {}
        if renamed:  # someone saved the match meanwhile and took an id: say where the events went
            report.imported = [(i, renamed.get(e, e)) for i, e in report.imported]
    lines = _report_lines(report, args)
    for line in lines:
        print(for_terminal(line))
    return 0 if report.complete else 1


def _report_lines(report, args) -> list[str]:
    verb = "would import" if args.dry_run else "imported"
    out = [f"{report.source}: {verb} {len(report.imported)} events into {report.match_id}"]
    if report.outside:
        length = f" ({report.footage_s:.3f} s long)" if report.footage_s is not None else ""
        out.append(f"  NOTHING IMPORTED: {len(report.outside)} instances are not timed within the footage of "
                   f"{report.match_id}{length}; a time is never moved or clamped. Check that the file is of this "
                   "match's footage (or its --fps):")
        out += [f"    {inst.id} ({inst.code}): {why}" for inst, why in report.outside[:LISTED * 3]]
        if len(report.outside) > LISTED * 3:
            out.append(f"    and {len(report.outside) - LISTED * 3} more")
    renamed = [f"{i} -> {e}" for i, e in report.imported if i != e]
    if renamed:
        out.append(f"  under new ids (the file's was taken or is not an event id): {', '.join(renamed[:LISTED])}")
    if report.already:
        out.append(f"  {len(report.already)} already in the match as they are: {', '.join(report.already[:LISTED])}")
    for inst in report.left_out:
        out.append(f"  left out by the mapping: {inst.id} ({inst.code})")
    codes = report.unmapped_codes()
    if codes:
        total = sum(len(ids) for ids in codes.values())
        out.append(f"  NOT IMPORTED: {total} instances whose code no mapping names:")
        for code, ids in codes.items():
            more = f" and {len(ids) - LISTED} more" if len(ids) > LISTED else ""
            out.append(f"    {code!r}: {len(ids)} ({', '.join(ids[:LISTED])}{more})")
        from review_app.exchange.mapping import suggestion

        where = args.mapping or "a mapping file (--mapping FILE)"
        out.append(f"  map them in {where}, e.g.:")
        out += ["    " + line for line in suggestion(list(codes)).splitlines()]
    for inst, why in report.refused:
        out.append(f"  NOT IMPORTED: {inst.id} ({inst.code}): {why}")
    for line in report.unreadable:
        out.append(f"  NOT READ: {line}")
    if report.labels_kept:
        out.append(f"  {len(report.labels_kept)} labels fit no field and are kept in the event's notes:")
        for event_id, label, why in report.labels_kept[:LISTED * 3]:
            shown = f"{label.group}: {label.text}" if label.group else label.text
            out.append(f"    {event_id}: {shown!r} ({why})")
    if report.position_guessed:
        out.append(f"  {len(report.position_guessed)} events have no incident moment in the file; the window's "
                   f"start stands for it: {', '.join(report.position_guessed[:LISTED])}")
    return out
