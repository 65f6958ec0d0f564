"""`polo-review migrate PATH... [--dry-run]`: match documents from schema 1.0 or 2.0 to 2.1, in place."""

from __future__ import annotations

import sys


def register(sub) -> None:
    p = sub.add_parser("migrate", help="move match documents to the current schema (2.1)",
                       description="Rewrite schema 1.0 and 2.0 match documents (files or folders) as 2.1, in place "
                                   "and atomically, losing nothing. What an older version could not record is listed "
                                   "in each event's not_recorded, never guessed. `check` reads older documents "
                                   "without this.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="match documents or folders of them")
    p.add_argument("--dry-run", action="store_true", help="say what would change; write nothing")
    p.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from review_app._cli.stores import save_back
    from review_app.errors import PoloReviewError
    from review_app.model import find_documents, jsontext, load_document
    from review_app.model.event import read_events
    from review_app.model.migrate import TO, needs_migration
    from review_app.textsafe import for_terminal

    failed = 0
    for path in args.paths:
        if not Path(path).exists():
            raise PoloReviewError("no such file or folder", path=path)
    for path in find_documents(args.paths):
        try:
            doc = load_document(path)
        except PoloReviewError as exc:
            print(for_terminal(f"polo-review: error: {exc}"), file=sys.stderr)
            failed += 1
            continue
        on_disk = jsontext.loads(doc.source or "{}")
        if not needs_migration(on_disk):
            print(for_terminal(f"{path}: already {TO}"))
            continue
        open_parts = sum(len(e.not_recorded) for e in read_events(doc))
        what = (f"{on_disk.get('schema_version')} -> {TO}: {len(doc.events)} events, {open_parts} parts not recorded "
                "(to complete from footage)")
        if args.dry_run:
            print(for_terminal(f"{path}: would migrate {what}"))
            continue
        try:
            save_back(doc)
        except PoloReviewError as exc:
            print(for_terminal(f"polo-review: error: {exc}"), file=sys.stderr)
            failed += 1
            continue
        print(for_terminal(f"{path}: migrated {what}"))
    return 2 if failed else 0
