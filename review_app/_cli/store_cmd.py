"""`polo-review store migrate|copy`, `polo-review people` and `polo-review season`: the store itself
(a folder, or a PostgreSQL database shared by several servers), its reviewers and roles, and the
verdict counts of a season, asked of the store (one query in a database).

A store is named by `--workspace DIR` (the app's workspace, as `polo-review app --workspace DIR` reads it),
`--store LOCATION` (a folder laid out as annotations/, footage/, evidence/, data/, or an app's workspace,
or a postgresql:// URL), else $POLO_REVIEW_STORE, else the configured folders (the default workspace).
"""

from __future__ import annotations

import json
import sys


def _store_option(p) -> None:
    p.add_argument("--workspace", metavar="DIR",
                   help="the workspace of `polo-review app --workspace DIR`: the files that app reads "
                        "(default: the platform's data folder)")
    p.add_argument("--store", metavar="LOCATION",
                   help="a store folder (an app's workspace is read as the app reads it) or a postgresql:// URL "
                        "(default $POLO_REVIEW_STORE, else the workspace)")
    p.add_argument("--files", metavar="DIR",
                   help="with a database: the shared folder of its footage and evidence files "
                        "(default $POLO_REVIEW_FILES)")


def register(sub) -> None:
    st = sub.add_parser("store", help="set up a database store, or copy a store into another",
                        description="Bring a PostgreSQL database to this polo-review's schema, or copy everything "
                                    "a store keeps into another (a folder to a database and back), losing nothing.")
    stsub = st.add_subparsers(dest="store_command", metavar="SUBCOMMAND", required=True)
    p = stsub.add_parser("migrate", help="create or upgrade the database's schema (additive: servers keep running)")
    p.add_argument("--to", required=True, metavar="URL", help="the database, postgresql://USER@HOST/NAME")
    p.set_defaults(func=cmd_migrate)
    p = stsub.add_parser("copy", help="copy everything from one store into another, losing nothing")
    p.add_argument("--from", dest="source", required=True, metavar="LOCATION", help="a store folder or database URL")
    p.add_argument("--to", dest="target", required=True, metavar="LOCATION", help="a store folder or database URL")
    p.add_argument("--files", metavar="DIR",
                   help="the shared folder of the database's footage and evidence files (default $POLO_REVIEW_FILES)")
    p.set_defaults(func=cmd_copy)

    p = sub.add_parser("people", help="reviewers and their roles (coach, committee, trainee)",
                       description="List the reviewers and their roles, or set a reviewer's roles. With nobody "
                                   "registered nothing is enforced; once anyone is, only committee members decide "
                                   "evidence cases, only coaches approve teaching examples, and trainees see only "
                                   "their own training record, each signed in with their passphrase. A role given "
                                   "here to someone without a passphrase prints a one-time code that sets it, once, "
                                   "in the app (or give it with --passphrase-stdin).")
    p.add_argument("name", nargs="?", metavar="NAME", help="the reviewer whose roles are set")
    p.add_argument("--role", action="append", default=None, choices=("coach", "committee", "trainee"),
                   help="a role to give NAME (repeat for more); NAME's roles become exactly these")
    p.add_argument("--remove", action="store_true", help="take NAME off the roster")
    p.add_argument("--passphrase-stdin", action="store_true",
                   help="set NAME's passphrase to the first line of standard input (at least 8 characters)")
    p.add_argument("--new-code", action="store_true",
                   help="print a new one-time code for NAME (a forgotten passphrase); the old one stops working")
    p.add_argument("--json", action="store_true")
    _store_option(p)
    p.set_defaults(func=cmd_people)

    p = sub.add_parser("season", help="verdict counts by clause and umpire across a season",
                       description="How many events of each clause each umpire's calls got each verdict, across "
                                   "the matches dated in the season; a database answers with one query.")
    p.add_argument("--from", dest="start", metavar="DATE", help="first match day, YYYY-MM-DD")
    p.add_argument("--to", dest="end", metavar="DATE", help="last match day, YYYY-MM-DD")
    p.add_argument("--json", action="store_true")
    _store_option(p)
    p.set_defaults(func=cmd_season)

    from review_app._cli.evidence.common import one_line_errors

    for parser in (st, *stsub.choices.values(), sub.choices["people"], sub.choices["season"]):
        one_line_errors(parser)


def _open(args):
    from review_app._cli.stores import store_at, workspace_folders
    from review_app.errors import PoloReviewError

    if args.workspace and args.store:
        raise PoloReviewError("give --workspace or --store, not both")
    if args.workspace:
        return store_at(workspace_folders(args.workspace), files=args.files)
    return store_at(args.store or None, files=args.files)


def cmd_migrate(args) -> int:
    from review_app.store import StoreError, is_database, shown
    from review_app.store.postgres.schema import migrate

    if not is_database(args.to):
        raise StoreError(f"--to {shown(args.to)}: not a database URL (postgresql://USER@HOST/NAME); a folder needs no "
                         "migration")
    before, after = migrate(args.to)
    if before == after:
        print(f"{shown(args.to)}: schema {after}, nothing to do")
    else:
        print(f"{shown(args.to)}: schema {before or '(none)'} -> {after}")
    return 0


def cmd_copy(args) -> int:
    from review_app._cli.stores import store_at
    from review_app.store.copy import copy_store

    src = store_at(args.source, files=args.files)
    dst = store_at(args.target, files=args.files)
    report = copy_store(src, dst)
    print(f"copied {report.documents} match documents (byte for byte), {report.footage} footage files, "
          f"{len(report.cases)} evidence cases, the training records of {report.trainees} trainees "
          f"({report.approved} teaching examples), {report.people} reviewers with their roles")
    for match_id, (before, after) in report.cases.items():
        said = "verifies the same" if before == after else "VERIFIES DIFFERENTLY"
        print(f"  case {match_id}: {said}: {after}")
    from review_app.textsafe import for_terminal

    for what, why in report.refused:  # named one by one; everything else was copied
        print(for_terminal(f"polo-review: NOT COPIED: {what}: {why}"), file=sys.stderr)
    return 0 if report.complete else 1


def cmd_people(args) -> int:
    from review_app.errors import PoloReviewError
    from review_app.textsafe import for_terminal

    store = _open(args)
    if args.name is None:
        if args.role or args.remove:
            raise PoloReviewError("--role and --remove need the reviewer's NAME")
        people = store.people.people()
        if args.json:
            print(json.dumps([p.to_dict() for p in people], indent=2, ensure_ascii=False))
        elif not people:
            print("nobody registered: roles are not enforced (anyone may decide, approve and see every record)")
        for p in people:
            print(for_terminal(f"{p.name}: {', '.join(sorted(p.roles))}"))
        return 0
    secret_asked = args.passphrase_stdin or args.new_code
    if args.passphrase_stdin and args.new_code:
        raise PoloReviewError("give --passphrase-stdin or --new-code, not both")
    if (args.remove and (args.role or secret_asked)) or not (args.remove or args.role or secret_asked):
        raise PoloReviewError("give NAME's roles (--role ROLE, repeat for more), --remove, or a passphrase "
                              "(--passphrase-stdin, --new-code)")
    from review_app.training.people import People

    people = People(store.people)
    if args.remove:
        person = store.people.set_roles(args.name, [])
        print(for_terminal(f"{person.name}: off the roster"))
        return 0
    voided = None
    if args.role:
        person, voided = people.give_roles(args.name, args.role)
    else:
        person = people.find(args.name)
        if person is None:
            raise PoloReviewError(f"{' '.join(args.name.split())} is not on the roster of reviewers (give --role)")
    if args.passphrase_stdin:
        people.set_on_server(person.name, sys.stdin.readline().rstrip("\r\n"))
        said = "passphrase set"
    elif args.new_code or voided or not people.has_passphrase(person.name):
        code = voided or people.issue_code(person.name)
        said = (f"one-time code {code} (give it to {person.name} alone: in the app, \"I have a one-time code\" on "
                "the Coach or Evidence page sets their passphrase with it, once)")
        if voided:
            said += ("; the passphrase this name had no longer opens anything: it was chosen before the new role was "
                     "given, perhaps by someone else")
    else:
        said = "passphrase kept (no role added)"
    print(for_terminal(f"{person.name}: {', '.join(sorted(person.roles))}; {said}"))
    return 0


def _day(text: str | None, option: str):
    from datetime import date

    from review_app.errors import PoloReviewError

    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise PoloReviewError(f"{option} {text!r}: not a date (YYYY-MM-DD)") from None


def cmd_season(args) -> int:
    from review_app.textsafe import for_terminal

    start, end = _day(args.start, "--from"), _day(args.end, "--to")
    counts = _open(args).matches.verdict_counts(start, end)
    if args.json:
        print(json.dumps([c.to_dict() for c in counts], indent=2, ensure_ascii=False))
        return 0
    if not counts:
        print("no events in that season")
        return 0
    rows = [["CLAUSE", "UMPIRE", "VERDICT", "EVENTS"]] + [[c.clause, c.umpire or "-", c.verdict, str(c.events)]
                                                          for c in counts]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        sys.stdout.write(for_terminal("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()) + "\n")
    print(f"{sum(c.events for c in counts)} events")
    return 0
