"""A match's roster from a CSV file a club fills in a spreadsheet: one row per player.

    team,colour,number,name,handicap,mounts
    Red,#c62828,1,Tomás Ferreyra,4,Tormenta; Lucero; Bandolera

Columns may come in any order, with English or Spanish headings (equipo, color, número, nombre,
hándicap, caballos) and an optional `id` (the person: the same id in every match recognises the same
player). A spreadsheet's CSV is read whether it is separated by commas, semicolons (a Spanish
spreadsheet's own) or tabs, in UTF-8 (with or without the mark some spreadsheets write) or Windows
Latin-1. Mounts are separated by `;`, `|` or `,` within their cell, each with its distinguishing marks in
brackets after its name if the club gives them: `Mora (white blaze); Alondra (bay, two white socks)`.

Nothing is half-imported: the whole file is checked first, and each bad row gets one line naming its
row (as the spreadsheet numbers it, the headings being row 1) and its column. Plain module.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from review_app.i18n import Message, Plural
from review_app.model.errors import DocumentError
from review_app.model.migrate import person_id
from review_app.model.schema_build import NAME_MAX
from review_app.rules.mounts import mount_key

# The columns, each with the headings it is known by (lower case, accents as typed or not).
COLUMNS = {
    "team": ("team", "equipo"),
    "colour": ("colour", "color", "team colour", "team color", "color del equipo"),
    "number": ("number", "número", "numero", "no", "no.", "nº", "#"),
    "name": ("name", "nombre", "player", "jugador"),
    "handicap": ("handicap", "hándicap", "hcp"),
    "mounts": ("mounts", "caballos", "string", "string of mounts", "horses"),
    "id": ("id", "person id", "player id"),
}
REQUIRED = ("team", "number", "name")
HEADINGS = {  # the template's headings in each language
    "en": ("team", "colour", "number", "name", "handicap", "mounts"),
    "es": ("equipo", "color", "número", "nombre", "hándicap", "caballos"),
}
EXAMPLE = (
    ("Red", "#c62828", 1, "Tomás Ferreyra", 4, "Tormenta; Lucero; Bandolera"),
    ("Red", "#c62828", 2, "Lucía Arana", 2, "Mora (white blaze); Alondra (bay, two white socks)"),
    ("Red", "#c62828", 3, "Mateo Ibarra", 6, "Gaucha; Hornero; India"),
    ("Red", "#c62828", 4, "Owen Hale", 3, "Malbec; Nube"),
    ("Blue", "#1565c0", 1, "Sofia Brandt", 1, "Salina; Tala"),
    ("Blue", "#1565c0", 2, "Jack Whitcombe", 5, "Aurora; Bruma; Cierzo"),
    ("Blue", "#1565c0", 3, "Diego Salvat", 7, "Chiquita; Gitana"),
    ("Blue", "#1565c0", 4, "Hannah Pryor", 2, "Lola; Milonga; Nieve"),
)
HANDICAP_RANGE = (-2, 10)
MAX_MOUNTS = 40
MAX_ROWS = 200
MAX_BYTES = 1 << 20  # a roster is a few hundred bytes; a megabyte is not one
# Mounts in a string are separated by ; , | or a line break, except inside the brackets that hold a
# mount's distinguishing marks: "Mora (white blaze, two socks); Reina".
MOUNT_SEPARATORS = re.compile(r"[;|,\n](?![^()]*\))")
# A mount's distinguishing marks (coat, blaze, socks, brand) follow its name in brackets, in a roster's
# cell and on the Matches page; the name alone identifies the mount in tags and the mount register.
_MARKED = re.compile(r"^(?P<name>[^()]*?)\s*\((?P<marks>[^()]*)\)$")


def split_mount(text: str) -> tuple[str, str | None]:
    """'Mora (white blaze)' -> ('Mora', 'white blaze'); a name without brackets has no marks."""
    text = " ".join(str(text).split())
    found = _MARKED.match(text)
    if not found or not found["name"]:
        return text, None
    return found["name"], (" ".join(found["marks"].split()) or None)


def shown_mount(name: str, marks: str | None) -> str:
    """A mount as a string of mounts writes it: its name, then its marks in brackets."""
    return f"{name} ({marks})" if marks else name


def string_text(player: dict) -> str:
    """A player's string of mounts as text (the roster's cell, the Matches page's column)."""
    marks = player.get("mount_marks") or {}
    return "; ".join(shown_mount(m, marks.get(m)) for m in player.get("mounts") or [])
SHOWN = 40  # characters of a bad value quoted in its line


class RosterError(DocumentError):
    """A roster that cannot be imported: one line per problem, each naming its row and column."""

    def __init__(self, problems: list[Message], path: object | None = None):
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems), path=path)


@dataclass
class RosterTeam:
    name: str
    colour: str | None = None
    players: list[dict] = field(default_factory=list)


def template(lang: str = "en") -> str:
    """A roster to fill in (two teams of four), with the headings in `lang`; CRLF rows as spreadsheets write."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADINGS.get(lang, HEADINGS["en"]))
    writer.writerows(EXAMPLE)
    return out.getvalue()


def _text(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise RosterError([Message("the file is not text (save the spreadsheet as CSV)")])


def _delimiter(first_line: str) -> str:
    counts = {d: first_line.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","


def _column_of(heading: str) -> str | None:
    key = " ".join(heading.strip().lower().split())
    return next((name for name, known in COLUMNS.items() if key in known), None)


def _shown(value: str) -> str:
    return value if len(value) <= SHOWN else value[:SHOWN] + "…"


def _rows(data: bytes) -> list[list[str]]:
    """The file's rows, as a spreadsheet wrote them (its delimiter found from the first line)."""
    if len(data) > MAX_BYTES:
        raise RosterError([Message("the file is larger than {kb} KB; a roster is one row per player",
                                   kb=MAX_BYTES // 1024)])
    text = _text(data)
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise RosterError([Message("the file is empty; download the template to see the columns")])
    try:
        return list(csv.reader(io.StringIO(text), delimiter=_delimiter(lines[0])))
    except csv.Error as exc:  # an unterminated quoted field, say: one line, never a traceback
        raise RosterError([Message("the file is not a CSV a spreadsheet writes: {problem}; save it again as CSV",
                                   problem=str(exc))]) from None


def _columns(header: list[str]) -> dict[str, int]:
    """Where each of the roster's columns is in the file; RosterError for an unknown, doubled or missing one."""
    where: dict[str, int] = {}
    for i, heading in enumerate(header):
        column = _column_of(heading)
        if column is None:
            if heading.strip():
                raise RosterError([Message("row 1: column {heading!r} is not one of the roster's columns ({known})",
                                           heading=_shown(heading.strip()), known=", ".join(HEADINGS["en"]))])
            continue
        if column in where:
            raise RosterError([Message("row 1: column {column} is given twice", column=column)])
        where[column] = i
    missing = [c for c in REQUIRED if c not in where]
    if missing:
        raise RosterError([Message("row 1: column {column} is missing (the template's columns: {known})",
                                   column=missing[0], known=", ".join(HEADINGS["en"]))])
    return where


def _player_fields(cell, bad) -> tuple:
    """One row's fields, each checked; `bad(column, problem)` records what is wrong with one."""
    team_name, name = cell("team"), cell("name")
    if not team_name:
        bad("team", Message("empty; every player needs a team"))
    elif len(team_name) > NAME_MAX:
        bad("team", Message("longer than {max} characters", max=NAME_MAX))
    number = _number_field(cell("number"), bad)
    if not name:
        bad("name", Message("empty; give the player's name"))
    elif len(name) > NAME_MAX:
        bad("name", Message("longer than {max} characters", max=NAME_MAX))
    handicap = _handicap_field(cell("handicap"), bad)
    mounts, marks = _mounts_field(cell("mounts"), bad)
    person = cell("id")
    if person and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}", person):
        bad("id", Message("{value!r}: use letters, digits, '.', '_' or '-'", value=_shown(person)))
    colour = cell("colour")
    if len(colour) > NAME_MAX:
        bad("colour", Message("longer than {max} characters", max=NAME_MAX))
    return team_name, name, number, handicap, mounts, marks, person, colour


def _number_field(raw: str, bad) -> int | None:
    """The player's number, 1 to 4; None when it is not one."""
    if not raw:
        bad("number", Message("empty; give the player's number, 1 to 4"))
        return None
    try:
        number = int(raw)
    except ValueError:
        bad("number", Message("{value!r} is not a number from 1 to 4", value=_shown(raw)))
        return None
    if not 1 <= number <= 4:
        bad("number", Message("{value} is not a number from 1 to 4", value=number))
        return None
    return number


def _handicap_field(raw: str, bad) -> float | int | None:
    """The handicap in goals (whole goals as an int), a decimal comma read as a point; None when none is given."""
    if not raw:
        return None
    try:
        handicap = float(raw.replace(",", "."))
    except ValueError:
        bad("handicap", Message("{value!r} is not a handicap ({low} to {high} goals)", value=_shown(raw),
            low=HANDICAP_RANGE[0], high=HANDICAP_RANGE[1]))
        return None
    if not HANDICAP_RANGE[0] <= handicap <= HANDICAP_RANGE[1]:
        bad("handicap", Message("{value:g} is outside {low} to {high} goals", value=handicap,
            low=HANDICAP_RANGE[0], high=HANDICAP_RANGE[1]))
        return None
    return int(handicap) if handicap == int(handicap) else handicap


def _mounts_field(raw: str, bad) -> tuple[list[str], dict[str, str]]:
    """The string of mounts in the cell, each once, and the marks of those that have them."""
    mounts: list[str] = []
    marks: dict[str, str] = {}
    for mount, mark in (split_mount(m) for m in MOUNT_SEPARATORS.split(raw)):
        if not mount:
            continue
        if len(mount) > NAME_MAX or (mark and len(mark) > NAME_MAX):
            bad("mounts", Message("a mount's name or marks are longer than {max} characters", max=NAME_MAX))
        elif mount_key(mount) in (mount_key(m) for m in mounts):
            bad("mounts", Message("{mount!r} is listed twice", mount=_shown(mount)))
        else:
            mounts.append(mount)
            if mark:
                marks[mount] = mark
    if len(mounts) > MAX_MOUNTS:
        bad("mounts", Message("{n} mounts; a string holds at most {max}", n=len(mounts), max=MAX_MOUNTS))
    return mounts, marks


def parse(data: bytes, path: object | None = None) -> list[RosterTeam]:
    """The two teams of a roster file, in the order they first appear; RosterError naming every bad row (and
    `path`, the file as the user named it)."""
    try:
        return _parse(data)
    except RosterError as exc:
        raise RosterError(exc.problems, path=path) from None


def _parse(data: bytes) -> list[RosterTeam]:
    rows = _rows(data)
    reading = _Reading(rows[0], _columns(rows[0]))
    if len(rows) - 1 > MAX_ROWS:
        raise RosterError([Message("the file has {n} rows; a roster has at most {max}", n=len(rows) - 1,
                                   max=MAX_ROWS)])
    for n, row in enumerate(rows[1:], start=2):
        if any(cell.strip() for cell in row):  # not a blank line a spreadsheet leaves at the end
            reading.read(n, row)
    problems, teams = reading.problems, reading.teams
    if not problems and len(teams) != 2:
        problems.append(Plural("the roster names {n} team; a match has two",
                               "the roster names {n} teams; a match has two", n=len(teams)))
    if problems:
        raise RosterError(problems)
    for team in teams.values():
        team.players.sort(key=lambda p: p["number"])
    return list(teams.values())


@dataclass
class _Reading:
    """A roster's rows read one by one: the teams so far (by the casefolded name), the row each team's colour and
    each team's number was first given in, and every problem found."""

    header: list[str]
    where: dict[str, int]  # the file's column of each roster column (`_columns`)
    problems: list[Message] = field(default_factory=list)
    teams: dict[str, RosterTeam] = field(default_factory=dict)
    colour_row: dict[str, int] = field(default_factory=dict)
    numbers: dict[tuple[str, int], int] = field(default_factory=dict)

    def read(self, n: int, row: list[str]) -> None:
        """Row `n`: its player joins its team, or each of the row's problems is recorded."""
        def cell(column: str) -> str:
            i = self.where.get(column)
            return " ".join(row[i].split()) if i is not None and i < len(row) else ""

        def bad(column: str, problem: Message) -> None:
            # the column as the file names it
            heading = self.header[self.where[column]].strip() if column in self.where else column
            self.problems.append(Message("row {row}, column {column}: {problem}", row=n, column=heading,
                                         problem=problem))

        extra = [c for c in row[len(self.header):] if c.strip()]
        if extra:
            # an unquoted separator in a value (`Alba (bay, star)`) splits it: refused, never imported cut short
            self.problems.append(Message("row {row}: {n} values under {columns} columns (from {value!r} on); a value "
                                         "holding the separator, as the mounts' marks \"Alba (bay, star)\", must be "
                                         "in double quotes", row=n, n=len(self.header) + len(extra),
                                         columns=len(self.header), value=_shown(extra[0])))
            return
        before = len(self.problems)
        team_name, name, number, handicap, mounts, marks, person, colour = _player_fields(cell, bad)
        if not team_name or len(team_name) > NAME_MAX:
            return
        team = self._team(team_name, bad)
        if team is None:
            return
        self._colour(team, n, colour, bad)
        if number is not None:
            key = (team_name.casefold(), number)
            if key in self.numbers:
                bad("number", Message("{team} #{number} is given twice (also in row {at})", team=team.name,
                                      number=number, at=self.numbers[key]))
                return
            self.numbers[key] = n
        if len(self.problems) > before:
            return
        player = {"number": number, "id": person or person_id(name), "name": name}
        if handicap is not None:
            player["handicap"] = handicap
        if mounts:
            player["mounts"] = mounts
        if marks:
            player["mount_marks"] = marks
        team.players.append(player)

    def _team(self, team_name: str, bad) -> RosterTeam | None:
        """The team of that name, new if it is the first or second; None (and a problem) for a third."""
        key = team_name.casefold()
        if key not in self.teams:
            if len(self.teams) == 2:
                bad("team", Message("{team!r} would be a third team; a match has two ({teams})", team=_shown(team_name),
                    teams=", ".join(t.name for t in self.teams.values())))
                return None
            self.teams[key] = RosterTeam(team_name)
        return self.teams[key]

    def _colour(self, team: RosterTeam, n: int, colour: str, bad) -> None:
        """The team's colour, given in row `n`: the first one given, and a problem for a different one later."""
        if not colour or len(colour) > NAME_MAX:
            return
        key = team.name.casefold()
        if team.colour is None:
            team.colour, self.colour_row[key] = colour, n
        elif team.colour.casefold() != colour.casefold():
            bad("colour", Message("{colour!r} differs from {first!r} given for {team} in row {at}",
                                  colour=_shown(colour), first=team.colour, team=team.name, at=self.colour_row[key]))


def to_csv(teams: list[dict], lang: str = "en") -> str:
    """A match's teams as a roster file (the same columns as the template), to edit and import again."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow((*HEADINGS.get(lang, HEADINGS["en"]), "id"))
    for team in teams:
        for p in team.get("players") or []:
            handicap = p.get("handicap")
            writer.writerow((team["name"], team.get("color") or "", p["number"], p.get("name") or "",
                             "" if handicap is None else f"{handicap:g}", string_text(p),
                             p.get("id") or ""))
    return out.getvalue()
