"""`polo-review reel MATCH (--tags e1,e2,... | --verdict V --clause C --umpire NAME --period N) [--slow e2:0.25]
[--lang es] --out FILE`: a reel of a match's tags in one H.264 MP4 a browser plays (review_app.reels).

MATCH is a match document's path, or a match id looked up in the annotations folder. Tags are shown in
the order given, or, chosen by the filters, in the order of the match."""

from __future__ import annotations

import sys

from review_app.i18n import LANGUAGES


def register(sub) -> None:
    p = sub.add_parser("reel", help="a reel of tags: title cards, drawings and slow motion, in one MP4",
                       description="Render tags' windows one after another, each after a title card (situation, "
                                   "call, verdict, clause) in the reader's language, with the tags' drawings, as "
                                   "one H.264 MP4 that browsers play.")
    p.add_argument("match", metavar="MATCH", help="a match document, or a match id in the annotations folder")
    p.add_argument("--tags", metavar="IDS", help="the tags, comma-separated, in the order to show them")
    p.add_argument("--verdict", action="append", default=[], metavar="V",
                   help="tags with this verdict (consistent, inconsistent, discretionary, incomplete); repeatable")
    p.add_argument("--clause", action="append", default=[], metavar="C", help="tags of this clause; repeatable")
    p.add_argument("--umpire", action="append", default=[], metavar="NAME", help="tags of this umpire; repeatable")
    p.add_argument("--period", action="append", default=[], metavar="N", help="tags of this period; repeatable")
    p.add_argument("--slow", action="append", default=[], metavar="TAG:FACTOR[:FROM-TO]",
                   help="slow motion for a tag: its whole window (e2:0.25) or a stretch in footage seconds "
                        "(e2:0.5:41.0-43.5); repeatable")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the title cards' language")
    p.add_argument("--out", required=True, metavar="FILE", help="the reel, an .mp4 file (written whole or not at all)")
    p.add_argument("--annotations", metavar="DIR", help="where match ids are looked up (default ./annotations)")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    p.set_defaults(func=run)


def _progress(quiet: bool):
    if quiet or not sys.stderr.isatty():
        last = [-1]

        def plain(stage: str, fraction: float) -> None:  # a log or a pipe: a line every tenth
            step = int(fraction * 10)
            if not quiet and step != last[0]:
                last[0] = step
                print(f"polo-review: {stage} {fraction:.0%}", file=sys.stderr)

        return plain

    def bar(stage: str, fraction: float) -> None:
        print(f"\rpolo-review: {stage} {fraction:6.1%}", end="" if fraction < 1 else "\n", file=sys.stderr)

    return bar


def run(args) -> int:
    from review_app._cli.documents import match_named
    from review_app.checker import check_document
    from review_app.checker.filters import Filters
    from review_app.reels import ReelError, make_reel, parse_slow
    from review_app.reels.reel import items_for

    doc = match_named(args.match, args.annotations)
    slow = dict(parse_slow(s) for s in args.slow)
    filters = Filters(tuple(args.umpire), tuple(args.clause), tuple(args.verdict), tuple(args.period))
    if args.tags and filters.active():
        raise ReelError("give --tags, or filters (--verdict, --clause, --umpire, --period), not both")
    if args.tags:
        tags = [t.strip() for t in args.tags.split(",") if t.strip()]
    elif filters.active():
        results = check_document(doc)[0]
        tags = [r.event for r in sorted(results, key=lambda r: (r.frame, r.event)) if filters.keeps(r)]
        if not tags:
            raise ReelError(f"no tag of match {doc.match_id} passes these filters")
    else:
        raise ReelError("say which tags: --tags e1,e2 or filters such as --verdict inconsistent")
    items = items_for(doc, tags, slow=slow)
    result = make_reel(items, args.out, lang=args.lang, progress=_progress(args.quiet))
    print(f"wrote {result.path}: {len(result.tags)} tags, {result.duration_s:.1f} s at {result.width}x{result.height}, "
          f"rendered in {result.render_s:.1f} s ({result.render_s / max(result.duration_s, 1e-9):.2f} s per second "
          "of reel)", file=sys.stderr)
    return 0
