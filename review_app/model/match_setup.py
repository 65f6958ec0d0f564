"""Setting up and editing a match: its details (name, venue, date, start and end in its time zone,
periods, goal level, Referee and umpires, announcements), its teams (from a roster or edited),
renaming and archiving. Each function returns a changed copy of the document; saving it is the
store's (`store.open_matches(...).save`), which raises the revision and merges a concurrent edit as it
does for tags. Times are given as the venue's clocks showed them and stored in UTC, with the zone.
Plain module.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from review_app.i18n import Message
from review_app.model.document import MATCH_ID, MatchDocument
from review_app.model.errors import DocumentError
from review_app.model.io import validate
from review_app.model.roster import MOUNT_SEPARATORS, split_mount
from review_app.model.schema_build import NAME_MAX, SCHEMA_VERSION, TEXT_MAX

TEAM_IDS = ("A", "B")
PERIODS = (1, 8)
GOAL_LEVEL = (-10, 40)


class MatchSetupError(DocumentError):
    """A match detail that cannot be recorded, said as one line the page can translate."""

    def __init__(self, message: Message, path: object | None = None):
        self.message = message
        super().__init__(str(message), path=path)


def zone_names() -> list[str]:
    """The IANA time zones, UTC first (for a picker)."""
    return ["UTC", *sorted(z for z in available_timezones() if z != "UTC")]


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise MatchSetupError(Message("unknown time zone {zone!r} (use an IANA name such as "
                                      "America/Argentina/Buenos_Aires)", zone=name)) from None


def to_utc(day: date, clock: time, zone: str, what: Message | None = None) -> datetime:
    """`day` at `clock` on the zone's clocks, in UTC; a time the clocks skip or show twice (a
    daylight-saving change) is refused as unclear rather than guessed."""
    what = what or Message("start")
    tz = _zone(zone)
    wall = datetime.combine(day, clock.replace(tzinfo=None, microsecond=0))
    early, late = wall.replace(tzinfo=tz, fold=0), wall.replace(tzinfo=tz, fold=1)
    if early.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != wall:
        raise MatchSetupError(Message("the {what} time {at} does not exist in {zone} (the clocks go forward then)",
                                      what=what, at=wall.isoformat(sep=" ", timespec="minutes"), zone=zone))
    if early.utcoffset() != late.utcoffset():
        raise MatchSetupError(Message("the {what} time {at} happens twice in {zone} (the clocks go back then); "
                                      "give it in UTC", what=what, at=wall.isoformat(sep=" ", timespec="minutes"),
                                      zone=zone))
    return early.astimezone(UTC)


def utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def local(text: str | None, zone: str) -> datetime | None:
    """A stored UTC time as the zone's clocks showed it (None if not recorded or unreadable)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(_zone(zone))
    except MatchSetupError:
        return moment.astimezone(UTC)


@dataclass
class Details:
    """What the match setup form edits (everything of `match` but the teams)."""

    name: str
    day: date
    periods: int = 6
    venue: str | None = None
    time_zone: str = "UTC"
    start: time | None = None
    end: time | None = None
    upper_handicap: float | None = None
    referee: str | None = None
    umpires: list[str] = field(default_factory=list)
    courtesy_changes: bool | None = None
    tack_6_goal: bool | None = None
    other_announcements: str | None = None


def details_of(doc: MatchDocument) -> Details:
    m = doc.match
    zone = m.get("time_zone") or "UTC"
    start, end = local(m.get("start_time_utc"), zone), local(m.get("end_time_utc"), zone)
    try:
        day = date.fromisoformat(m.get("date") or "")
    except ValueError:
        day = start.date() if start else date.today()
    ann = m.get("announcements") or {}
    return Details(
        name=m.get("name") or m["id"], day=day, periods=int(m.get("periods") or 6), venue=m.get("venue"),
        time_zone=zone, start=start.time().replace(tzinfo=None) if start else None,
        end=end.time().replace(tzinfo=None) if end else None, upper_handicap=m.get("upper_handicap"),
        referee=m.get("referee"), umpires=list(m.get("umpires") or []),
        courtesy_changes=ann.get("courtesy_changes_allowed"), tack_6_goal=ann.get("tack_provision_6_goal"),
        other_announcements=ann.get("other"))


def _name(value: str | None, what: Message, required: bool = False, limit: int = NAME_MAX) -> str | None:
    text = " ".join((value or "").split())
    if required and not text:
        raise MatchSetupError(Message("the {what} is empty", what=what))
    if len(text) > limit:
        raise MatchSetupError(Message("the {what} is longer than {max} characters", what=what, max=limit))
    return text or None


def _required_name(value: str | None, what: Message, limit: int = NAME_MAX) -> str:
    """A name that must be given: the text, or MatchSetupError saying it is empty."""
    return _name(value, what, required=True, limit=limit) or ""


def ends_next_day(d: Details) -> bool:
    """An end before the start is the next day's (a game past midnight)."""
    return d.start is not None and d.end is not None and d.end < d.start


def match_fields(d: Details) -> dict:
    """The `match` fields the details set (teams and id apart)."""
    if not PERIODS[0] <= int(d.periods) <= PERIODS[1]:
        raise MatchSetupError(Message("periods: {n} is not from {low} to {high}", n=d.periods, low=PERIODS[0],
                                      high=PERIODS[1]))
    if d.upper_handicap is not None and not GOAL_LEVEL[0] <= d.upper_handicap <= GOAL_LEVEL[1]:
        raise MatchSetupError(Message("goal level: {n:g} is not from {low} to {high} goals", n=d.upper_handicap,
                                      low=GOAL_LEVEL[0], high=GOAL_LEVEL[1]))
    umpires = [u for u in (_name(u, Message("umpire's name")) for u in d.umpires) if u]
    if len({u.casefold() for u in umpires}) != len(umpires):
        raise MatchSetupError(Message("an umpire is named twice"))
    _zone(d.time_zone)
    out: dict = {"name": _name(d.name, Message("match name"), required=True),
                 "venue": _name(d.venue, Message("venue")),
                 "date": d.day.isoformat(), "time_zone": d.time_zone, "periods": int(d.periods),
                 "upper_handicap": d.upper_handicap, "referee": _name(d.referee, Message("Referee's name")),
                 "umpires": umpires}
    start = to_utc(d.day, d.start, d.time_zone, Message("start")) if d.start else None
    end = None
    if d.end is not None:
        end_day = d.day + timedelta(days=1) if ends_next_day(d) else d.day
        end = to_utc(end_day, d.end, d.time_zone, Message("end"))
    out["start_time_utc"] = utc_text(start) if start else None
    out["end_time_utc"] = utc_text(end) if end else None
    announcements = {"courtesy_changes_allowed": d.courtesy_changes, "tack_provision_6_goal": d.tack_6_goal,
                     "other": _name(d.other_announcements, Message("announcements"), limit=TEXT_MAX)}
    out["announcements"] = {k: v for k, v in announcements.items() if v is not None}
    return out


def with_details(doc: MatchDocument, d: Details) -> MatchDocument:
    """A copy of `doc` with its details set (fields left empty are removed, not stored as null)."""
    changed = doc.copy()
    match = changed.data["match"]
    for key, value in match_fields(d).items():
        if value is None or value == {}:
            match.pop(key, None)
        else:
            match[key] = value
    _check(changed)
    return changed


def renamed(doc: MatchDocument, name: str) -> MatchDocument:
    changed = doc.copy()
    changed.data["match"]["name"] = _name(name, Message("match name"), required=True)
    return changed


def archived(doc: MatchDocument, archive: bool = True) -> MatchDocument:
    """Set aside (kept, not offered for review), or back."""
    changed = doc.copy()
    if archive:
        changed.data["match"]["archived"] = True
    else:
        changed.data["match"].pop("archived", None)
    return changed


# -- teams ------------------------------------------------------------------------------------------

def with_roster(doc: MatchDocument, roster) -> MatchDocument:
    """A copy of `doc` with the teams of a roster (`model.roster.parse`). A roster team takes the id of
    the match's team of the same name, else of the team in its place, so the tags keep their teams."""
    changed = doc.copy()
    old = [t["id"] for t in changed.data["match"]["teams"]]
    by_name = {t["name"].casefold(): t["id"] for t in changed.data["match"]["teams"]}
    ids: list[str | None] = [by_name.get(team.name.casefold()) for team in roster]
    if len(set(filter(None, ids))) != len(list(filter(None, ids))):
        ids = [None] * len(roster)
    for place, given in enumerate(ids):
        if given is None:
            ids[place] = next(i for i in (*old, *TEAM_IDS) if i not in ids)
    teams = []
    for team_id, team in zip(ids, roster, strict=True):
        entry = {"id": team_id, "name": team.name, "players": copy.deepcopy(team.players)}
        if team.colour:
            entry["color"] = team.colour
        teams.append(entry)
    changed.data["match"]["teams"] = teams
    _check(changed)
    return changed


def with_teams(doc: MatchDocument, teams: list[dict]) -> MatchDocument:
    """A copy of `doc` with its teams as edited (names, colours, players): each player's name trimmed,
    mounts a list without repeats, numbers 1 to 4 once per team."""
    changed = doc.copy()
    changed.data["match"]["teams"] = [_edited_team(n, old, team) for n, (old, team)
                                      in enumerate(zip(changed.data["match"]["teams"], teams, strict=True), 1)]
    _check(changed)
    return changed


def _edited_team(n: int, old: dict, team: dict) -> dict:
    """Team `n` as edited, keeping the id of the team it was (`old`); its players in the order of their numbers."""
    # which team: "the team name is empty" on a match with two left the user to guess
    name = _required_name(team.get("name"), Message("name of team {n}", n=n))
    entry = {"id": old["id"], "name": name}
    colour = _name(team.get("color"), Message("team colour"))
    if colour:
        entry["color"] = colour
    players: list[dict] = []
    seen: set[int] = set()
    for p in team.get("players") or []:
        if p.get("number") in (None, ""):
            continue  # a row left empty
        players.append(_edited_player(p, name, seen))
    entry["players"] = sorted(players, key=lambda p: p["number"])
    return entry


def _player_number(value, team: str, seen: set[int]) -> int:
    """The player's number, from 1 to 4 and not one already `seen` in the team (added to it)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise MatchSetupError(Message("{team}: player number {n!r} is not from 1 to 4", team=team,
                                      n=value)) from None
    if not 1 <= number <= 4:
        raise MatchSetupError(Message("{team}: player number {n} is not from 1 to 4", team=team, n=number))
    if number in seen:
        raise MatchSetupError(Message("{team}: number {n} is given twice", team=team, n=number))
    seen.add(number)
    return number


def _edited_player(p: dict, team: str, seen: set[int]) -> dict:
    """A player row of team `team` as edited: its number checked, name trimmed, mounts and marks read, handicap a
    number, and an id made from the name where it has none."""
    number = _player_number(p.get("number"), team, seen)
    player = {k: v for k, v in p.items()
              if k in ("id", "name", "handicap", "mounts", "mount_marks") and v not in (None, "", {})}
    player["number"] = number
    if "name" in player:
        player["name"] = _name(player["name"], Message("player's name"))
    if "mounts" in player:
        _read_mounts(player)
    else:
        player.pop("mount_marks", None)
    if player.get("handicap") is not None:
        try:
            player["handicap"] = float(player["handicap"])
        except (TypeError, ValueError):
            raise MatchSetupError(Message("{team} #{n}: handicap {value!r} is not a number", team=team,
                                          n=number, value=player["handicap"])) from None
        if player["handicap"] == int(player["handicap"]):
            player["handicap"] = int(player["handicap"])
    if "id" not in player and player.get("name"):
        from review_app.model.migrate import person_id

        player["id"] = person_id(player["name"])
    return player


def _read_mounts(player: dict) -> None:
    """The player's mounts as a list without repeats, with the marks of those that have any (in place)."""
    # Written as text (the Matches page, a roster), the marks are those in brackets there;
    # given as a list, the marks given beside it.
    marks = (player.get("mount_marks") or {}) if isinstance(player["mounts"], list) \
        else mount_marks(player["mounts"])
    player["mounts"] = mount_list(player["mounts"])
    marks = {m: _name(marks[m], Message("mount's marks")) for m in player["mounts"] if marks.get(m)}
    player.pop("mount_marks", None)
    if marks:
        player["mount_marks"] = marks
    if not player["mounts"]:
        del player["mounts"]


def mount_list(value) -> list[str]:
    """A string of mounts from a list or from text separated by ; , or |, without repeats; in text, the
    marks in brackets after a name are not part of it (`mount_marks` reads them)."""
    items = value if isinstance(value, list) else MOUNT_SEPARATORS.split(str(value or ""))
    out: list[str] = []
    for item in items:
        name = split_mount(item)[0] if not isinstance(value, list) else " ".join(str(item).split())
        if name and name.casefold() not in (m.casefold() for m in out):
            out.append(_required_name(name, Message("mount's name")))
    return out


def mount_marks(value) -> dict[str, str]:
    """The marks written in brackets after the names in a string of mounts given as text."""
    if isinstance(value, list):
        return {}
    pairs = (split_mount(item) for item in MOUNT_SEPARATORS.split(str(value or "")))
    return {name: marks for name, marks in pairs if name and marks}


def string_of(doc_or_match, team: str | None, number: int | None) -> list[str]:
    """The player's string of mounts, as the match's roster gives it."""
    match = doc_or_match.match if isinstance(doc_or_match, MatchDocument) else doc_or_match
    for t in match.get("teams") or []:
        if t["id"] == team:
            for p in t.get("players") or []:
                if p.get("number") == number:
                    return list(p.get("mounts") or [])
    return []


def with_mount(doc: MatchDocument, team: str, number: int, mount: str) -> MatchDocument:
    """A copy of `doc` with `mount` added to the string of the player `team` #`number` (unchanged if it is
    already in it). A player the roster does not list yet is added with only the number."""
    name = " ".join((mount or "").split())
    if not name or name.casefold() in (m.casefold() for m in string_of(doc, team, number)):
        return doc
    changed = doc.copy()
    for t in changed.data["match"]["teams"]:
        if t["id"] != team:
            continue
        players = t.setdefault("players", [])
        player = next((p for p in players if p.get("number") == number), None)
        if player is None:
            player = {"number": number}
            players.append(player)
            players.sort(key=lambda p: p["number"])
        player["mounts"] = [*player.get("mounts", []), _name(name, Message("mount's name"))]
    return changed


def with_new_mounts(doc: MatchDocument, players: list[dict]) -> tuple[MatchDocument, list[tuple[str, str, int]]]:
    """`doc` with each mount the tag's rows name that is in no player's string added to the string of
    the player riding it (a mount in someone else's string is a borrowed one, left where it is);
    and what was added, as (mount, team, number)."""
    known = {m.casefold() for t in doc.match["teams"] for p in t.get("players") or [] for m in p.get("mounts") or []}
    added = []
    for row in players:
        mount = " ".join((row.get("mount") or "").split())
        if mount and row.get("team") and row.get("number") and mount.casefold() not in known:
            doc = with_mount(doc, row["team"], int(row["number"]), mount)
            known.add(mount.casefold())
            added.append((mount, row["team"], int(row["number"])))
    return doc, added


# -- a new match ------------------------------------------------------------------------------------

def suggest_id(name: str, day: date) -> str:
    """A match id from its name and date: 'Copa Oro final', 2026-06-14 -> '2026-06-14-copa-oro-final'."""
    plain = unicodedata.normalize("NFKD", " ".join((name or "").split())).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:80]
    return f"{day.isoformat()}-{slug}" if slug else f"{day.isoformat()}-match"


def new_match_data(match_id: str, d: Details, teams: list[dict] | None = None, roster=None) -> dict:
    """The document of a new match (not saved): its details, and its teams from a roster or as given
    (two names at least)."""
    match_id = (match_id or "").strip()
    if not MATCH_ID.match(match_id):
        raise MatchSetupError(Message("match id {id!r}: use letters, digits, '.', '_' or '-' (no spaces)",
                                      id=match_id))
    fields = {k: v for k, v in match_fields(d).items() if v not in (None, {})}
    data = {"schema_version": SCHEMA_VERSION, "revision": 0,
            "match": {"id": match_id, **fields,
                      "teams": [{"id": i, "name": f"Team {i}", "players": []} for i in TEAM_IDS]},
            "events": []}
    doc = MatchDocument(data)
    if roster is not None:
        doc = with_roster(doc, roster)
    elif teams is not None:
        doc = with_teams(doc, [{"players": [], **t} for t in teams])
    else:
        raise MatchSetupError(Message("give the two teams, or a roster"))
    _check(doc)
    return doc.data


def _check(doc: MatchDocument) -> None:
    validate({**doc.data, "revision": doc.data.get("revision", 0)}, doc.path)
