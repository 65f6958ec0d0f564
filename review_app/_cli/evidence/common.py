"""What every `polo-review mounts` and `polo-review evidence` subcommand shares: the options naming the
annotations folder and the evidence store, one-line errors, and finding MATCH's case."""

from __future__ import annotations

import argparse

ALSO = 5  # problems listed after the first; a deleted entry makes every later one a problem too


def annotations_option() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--annotations", metavar="DIR", help="where match ids are looked up (default ./annotations)")
    return p


def edge(func):
    """The store's file system refusing (permissions, a full disk) is the user's to fix: one line."""
    import functools

    @functools.wraps(func)
    def run(args) -> int:
        from review_app.errors import PoloReviewError

        try:
            return func(args)
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            raise PoloReviewError(exc.strerror or str(exc), path=exc.filename) from None

    return run


def one_line_errors(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """A wrong or missing argument is one line on stderr and exit 2, like every other user error here."""
    name = parser.prog.removeprefix("polo-review ")

    def error(message: str):
        parser.exit(2, f"polo-review: error: {name}: {message} (see {parser.prog} --help)\n")

    parser.error = error
    return parser


def common_options() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False, parents=[annotations_option()])
    p.add_argument("--store", metavar="LOCATION",
                   help="evidence store: a folder, or a postgresql:// URL (then MATCH ids are looked up there too; "
                        "default: the store $POLO_REVIEW_STORE names, else $POLO_REVIEW_EVIDENCE, else "
                        "./evidence_store)")
    return p



def mark_options(p, required: bool) -> None:
    p.add_argument("--frame", dest="frames", type=int, action="append", required=required, metavar="N",
                   help="a frame number (0-based); repeat for more")
    what = p.add_mutually_exclusive_group(required=required)
    what.add_argument("--excusal", metavar="EVENT_ID", help="the excusal in the mount register the frames show")
    what.add_argument("--mount", metavar="NAME", help="the mount the frames show, by name")
    p.add_argument("--note", metavar="TEXT")


def database_of(args) -> str | None:
    """The database the evidence is kept in, if it is one: --store URL, else a $POLO_REVIEW_STORE URL."""
    from review_app.store import configured, is_database

    where = getattr(args, "store", None) or configured()
    return where if where and is_database(where) else None


def where_matches(args):
    """Where MATCH ids are looked up: the database's documents when the store is one, else --annotations."""
    from review_app._cli.stores import store_at

    url = database_of(args)
    if url and not getattr(args, "annotations", None):
        return store_at(url).matches
    return args.annotations


def case_of(args):
    from review_app._cli.documents import match_named
    from review_app.evidence import EvidenceCase
    from review_app.store import open_evidence

    return EvidenceCase(match_named(args.match, where_matches(args)), open_evidence(args.store))


def table(rows: list[list[str]], indent: str = "  ") -> str:
    if not rows:
        return ""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows)



def case_folder(args):
    """The case folder of MATCH: found through its match document, or by the id its folder carries."""
    from pathlib import Path

    from review_app._cli.documents import match_named
    from review_app.errors import PoloReviewError
    from review_app.model.document import MATCH_ID
    from review_app.store import open_evidence
    from review_app.store.filestore.evidence import store_root

    try:
        match_id = match_named(args.match, where_matches(args)).match_id
    except PoloReviewError:
        # A case can be checked (or repaired) without its match document, by the id its folder carries (a match
        # id as the schema allows it: a plain folder name, never a path).
        if not MATCH_ID.match(args.match) or Path(args.match).suffix.lower() == ".json":
            raise
        if database_of(args):
            if args.match not in open_evidence(args.store).cases():
                raise
        elif not (store_root(args.store) / args.match).is_dir():
            raise
        match_id = args.match
    return open_evidence(args.store).case(match_id)
