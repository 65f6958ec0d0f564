"""`polo-review match new|edit|show|archive|template`: set up and edit matches from the command line,
as the app's Matches page does, in the same workspace (`--workspace DIR`, else the platform's data
folder) or a folder of match documents (`--annotations DIR`). Every change is a new revision."""

from __future__ import annotations

import json
import sys
from datetime import date, time
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("match", help="set up and edit matches (details, teams, rosters, footage, archive)",
                       description="Create, edit, show and archive match documents: details, teams from a roster "
                                   "CSV, footage registered by path. Times are given on the venue's clocks (--tz) "
                                   "and stored in UTC.")
    ops = p.add_subparsers(dest="match_command", metavar="ACTION", required=True)

    q = ops.add_parser("new", help="create a match")
    q.add_argument("match_id", metavar="ID", nargs="?", help="the match id (default: made from the date and name)")
    _details_options(q, True)
    _where_options(q)
    q.set_defaults(func=run_new)
    q = ops.add_parser("edit", help="change what is given; everything else stays")
    q.add_argument("match_id", metavar="ID")
    _details_options(q, False)
    _where_options(q)
    q.set_defaults(func=run_edit)
    q = ops.add_parser("show", help="the match's details, teams, strings of mounts and footage")
    q.add_argument("match_id", metavar="ID")
    q.add_argument("--json", action="store_true", help="the match and its recordings as JSON")
    _where_options(q)
    q.set_defaults(func=run_show)
    q = ops.add_parser("archive", help="set a match aside (kept, no longer offered for review)")
    q.add_argument("match_id", metavar="ID")
    q.add_argument("--undo", action="store_true", help="restore an archived match")
    _where_options(q)
    q.set_defaults(func=run_archive)
    q = ops.add_parser("template", help="print a roster template (CSV) to fill in a spreadsheet")
    q.add_argument("--lang", choices=("en", "es"), default="en", help="the headings' language")
    q.set_defaults(func=run_template)


def _where_options(q) -> None:
    """Where the matches are: the options every action but `template` takes."""
    q.add_argument("--workspace", metavar="DIR", help="the app's workspace (default: the platform's data folder)")
    q.add_argument("--annotations", metavar="DIR", help="a folder of match documents (default: WORKSPACE/matches)")
    q.add_argument("--store", metavar="LOCATION",
                   help="the store the app runs on: a postgresql:// URL or a store folder (default "
                        "$POLO_REVIEW_STORE, else the workspace)")
    q.add_argument("--files", metavar="DIR", help="with a database store: its shared folder of files "
                                                  "(default $POLO_REVIEW_FILES)")


def _details_options(q, new: bool) -> None:
    """The match's details, required for `new`, each optional for `edit`."""
    q.add_argument("--name", required=new, help="the match's name (edit: renames it; the id stays)")
    q.add_argument("--date", required=new, type=_date, metavar="YYYY-MM-DD", help="the day of the match")
    q.add_argument("--venue", help="where it is played")
    q.add_argument("--tz", metavar="ZONE",
                   help="IANA time zone of --start and --end (default: the match's, else UTC)")
    q.add_argument("--start", type=_time, metavar="HH:MM", help="start on the venue's clocks ('' clears)")
    q.add_argument("--end", type=_time, metavar="HH:MM",
                   help="end on the venue's clocks; before the start: the next day ('' clears)")
    q.add_argument("--periods", type=int, help="number of periods (1-8; new: 6)")
    q.add_argument("--goal-level", type=_number, metavar="N", help="the upper handicap level ('' clears)")
    q.add_argument("--referee", help="the Referee ('' clears)")
    q.add_argument("--umpire", action="append", metavar="NAME", help="an umpire (repeat; edit: replaces the list)")
    q.add_argument("--courtesy-changes", choices=("yes", "no", "unknown"),
                   help="announced: courtesy changes allowed")
    q.add_argument("--tack-6-goal", choices=("yes", "no", "unknown"), help="announced: 21.g's 6-goal provision")
    q.add_argument("--announcement", metavar="TEXT", help="anything else announced ('' clears)")
    q.add_argument("--roster", metavar="CSV", help="teams and players from a roster file (see `match template`)")
    q.add_argument("--team", action="append", metavar="NAME[=COLOUR]", help="a team, without a roster (twice)")
    q.add_argument("--footage", metavar="PATH",
                   help="register a recording where it lies (hashed, made read-only, never copied) and attach it")
    q.add_argument("--by", metavar="NAME", help="who attaches the footage (recorded with it)")


def _date(text: str) -> date:
    import argparse

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _time(text: str) -> time | str:
    import argparse

    if text == "":
        return ""
    try:
        return time.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time (HH:MM, 24 hours)") from None


def _number(text: str) -> float | str:
    import argparse

    if text == "":
        return ""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    return int(value) if value.is_integer() else value


def _folders(args):
    from review_app._cli.stores import workspace_folders

    return workspace_folders(args.workspace, args.annotations)


def _store(args):
    """The match documents where the app keeps them: --store / $POLO_REVIEW_STORE (a database or a store
    folder), else the workspace's (or --annotations) folder, as `polo-review app` opens them."""
    from review_app._cli.stores import matches_at, store_at
    from review_app.store import configured

    location = getattr(args, "store", None) or (None if args.annotations or args.workspace else configured())
    if location:
        return store_at(location, files=getattr(args, "files", None)).matches
    return matches_at(_folders(args).annotations)


def _find(args):
    from review_app.errors import PoloReviewError

    doc = _store(args).find(args.match_id)
    if doc is None:
        raise PoloReviewError(f"no match {args.match_id!r} in {_store(args).folder}")
    return doc


def _tri(value: str | None, now):
    return now if value is None else {"yes": True, "no": False, "unknown": None}[value]


def _given(value, now):
    """An option's value: not given keeps what is there, '' clears it."""
    if value is None:
        return now
    return None if value == "" else value


def _apply(args, d):
    d.name = args.name if args.name is not None else d.name
    d.day = args.date or d.day
    d.venue = _given(args.venue, d.venue)
    d.time_zone = args.tz or d.time_zone
    d.start = _given(args.start, d.start)
    d.end = _given(args.end, d.end)
    d.periods = args.periods if args.periods is not None else d.periods
    d.upper_handicap = _given(args.goal_level, d.upper_handicap)
    d.referee = _given(args.referee, d.referee)
    d.umpires = args.umpire if args.umpire is not None else d.umpires
    d.courtesy_changes = _tri(args.courtesy_changes, d.courtesy_changes)
    d.tack_6_goal = _tri(args.tack_6_goal, d.tack_6_goal)
    d.other_announcements = _given(args.announcement, d.other_announcements)
    return d


def _roster(args):
    from review_app.errors import PoloReviewError
    from review_app.model import roster as rosters

    if not args.roster:
        return None
    try:
        data = Path(args.roster).read_bytes()
    except OSError as exc:
        raise PoloReviewError(f"cannot read the roster ({exc.strerror or exc})", path=args.roster) from None
    return rosters.parse(data, path=args.roster)


def _teams(args) -> list[dict] | None:
    from review_app.errors import PoloReviewError

    if not args.team:
        return None
    if len(args.team) != 2:
        raise PoloReviewError(f"--team: give two teams, not {len(args.team)}")
    out = []
    for given in args.team:
        name, _sep, colour = given.partition("=")
        out.append({"name": name, "color": colour})
    return out


def _with_footage(args, doc, folders):
    if not args.footage:
        return doc
    from review_app.footage import Footage
    from review_app.model.recordings import attach, checked_path
    from review_app.store import open_register

    path = checked_path(args.footage)
    with Footage(path) as video:
        info = video.info
    open_register(folders).register(path, args.by, sha256=info.sha256)
    print(f"registered {path} (SHA-256 {info.sha256}, {info.frame_count} frames; made read-only, not copied)",
          file=sys.stderr)
    return attach(doc, path, how="registered", sha256=info.sha256, size=info.file_size, name=path.name, by=args.by,
                  info=info)


def _lines(fn):
    """Run `fn`; a refused roster or detail is printed one line per problem (exit 2)."""
    from review_app.model.match_setup import MatchSetupError
    from review_app.model.roster import RosterError
    from review_app.textsafe import for_terminal

    try:
        return fn()
    except RosterError as exc:
        for problem in exc.problems:
            where = f"{exc.path}: " if exc.path else ""
            print(for_terminal(f"polo-review: error: {where}{problem}"), file=sys.stderr)
        return 2
    except MatchSetupError as exc:
        print(for_terminal(f"polo-review: error: {exc}"), file=sys.stderr)
        return 2


def run_new(args) -> int:
    def go() -> int:
        from review_app.errors import PoloReviewError
        from review_app.model import MatchDocument
        from review_app.model.match_setup import Details, new_match_data, suggest_id

        folders = _folders(args)
        d = _apply(args, Details(name=args.name, day=args.date))
        roster, teams = _roster(args), _teams(args)
        if roster is None and teams is None:
            raise PoloReviewError("give the teams: --roster CSV, or --team NAME twice")
        match_id = args.match_id or suggest_id(d.name, d.day)
        data = new_match_data(match_id, d, teams=teams, roster=roster)
        store = _store(args)
        if store.find(match_id) is not None:
            raise PoloReviewError(f"a match with the id {match_id} exists already")
        doc = _with_footage(args, MatchDocument(data, Path(store.folder) / f"{match_id}.json"), folders)
        made = store.create(doc.data)
        print(f"{made.path}: created {made.match_id} (revision {made.revision})")
        return 0

    return _lines(go)


def run_edit(args) -> int:
    def go() -> int:
        from review_app.model.match_setup import details_of, with_details, with_roster, with_teams

        doc = _find(args)
        changed = with_details(doc, _apply(args, details_of(doc)))
        roster, teams = _roster(args), _teams(args)
        if roster is not None:
            changed = with_roster(changed, roster)
        elif teams is not None:
            changed = with_teams(changed, [{**old, **new} for old, new in zip(changed.match["teams"], teams,
                                                                              strict=True)])
        changed = _with_footage(args, changed, _folders(args))
        if changed.data == doc.data:
            print(f"{doc.path}: nothing to change (revision {doc.revision})")
            return 0
        saved = _store(args).save(changed)
        print(f"{saved.path}: saved (revision {saved.revision})")
        return 0

    return _lines(go)


def run_archive(args) -> int:
    from review_app.model.match_setup import archived

    doc = _find(args)
    if bool(doc.match.get("archived")) != args.undo:
        print(f"{doc.path}: already {'archived' if not args.undo else 'not archived'}")
        return 0
    saved = _store(args).save(archived(doc, not args.undo))
    print(f"{saved.path}: {'restored' if args.undo else 'archived'} (revision {saved.revision})")
    return 0


def run_template(args) -> int:
    from review_app.model.roster import template

    sys.stdout.write(template(args.lang).replace("\r\n", "\n"))
    return 0


def run_show(args) -> int:
    from review_app.model.match_setup import local
    from review_app.model.recordings import allowed_roots, recording_path, recordings
    from review_app.model.roster import string_text
    from review_app.store import open_register
    from review_app.textsafe import for_terminal

    doc = _find(args)
    if args.json:
        print(json.dumps({"match": doc.match, "footage": doc.data.get("footage"), "recordings": recordings(doc),
                          "revision": doc.revision, "events": len(doc.events)}, ensure_ascii=False, indent=2))
        return 0
    m = doc.match
    zone = m.get("time_zone") or "UTC"

    def at(key: str) -> str:
        moment = local(m.get(key), zone)
        return f"{moment:%Y-%m-%d %H:%M} {zone} ({m[key]})" if moment else "—"

    ann = m.get("announcements") or {}
    yn = {True: "yes", False: "no", None: "not recorded"}
    lines = [f"{m.get('name') or m['id']} ({m['id']}){' [archived]' if m.get('archived') else ''}",
             f"  date {m['date']} · venue {m.get('venue') or '—'} · periods {m['periods']} · goal level "
             f"{m.get('upper_handicap') if m.get('upper_handicap') is not None else '—'}",
             f"  start {at('start_time_utc')}", f"  end   {at('end_time_utc')}",
             f"  Referee {m.get('referee') or '—'} · umpires {', '.join(m.get('umpires') or []) or '—'}",
             f"  announced: courtesy changes {yn[ann.get('courtesy_changes_allowed')]}, 6-goal tack provision "
             f"{yn[ann.get('tack_provision_6_goal')]}" + (f"; {ann['other']}" if ann.get("other") else "")]
    for team in m["teams"]:
        lines.append(f"  {team['name']} [{team['id']}]" + (f" ({team['color']})" if team.get("color") else ""))
        for p in team.get("players") or []:
            hcp = f", {p['handicap']:g}" if p.get("handicap") is not None else ""
            lines.append(f"    #{p['number']} {p.get('name') or '—'}{hcp}: {string_text(p) or '—'}")
    roots = allowed_roots(_folders(args), open_register(_folders(args)))
    current = (doc.data.get("footage") or {}).get("sha256")
    for r in recordings(doc):
        found = "" if recording_path(doc, r, roots) else " [missing]"
        mark = "* " if r["sha256"] == current else "  "
        lines.append(f"  {mark}{r.get('name') or r['path']} ({r['how']}, {r['sha256'][:12]}){found}")
    if not recordings(doc) and (doc.data.get("footage") or {}).get("path"):
        lines.append(f"  * {doc.footage['path']}")
    lines.append(f"  {len(doc.events)} tags · revision {doc.revision} · {doc.path}")
    print(for_terminal("\n".join(lines)))
    return 0
