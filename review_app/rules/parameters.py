"""Every number Rule 21 sets, as typed values read from data (`data/parameters.toml`): each parameter with its
unit, the clause that sets it, the rulebook's words and its value in each edition, keyed by the date the edition
takes effect (OpenFisca's dated parameters: numbers are data, formulas are code).

A judge never reads a number from a module: it is handed the `Parameters` of the edition in force on the match's
day (`rules.parameters_on(day)`, `rules.judge_on(day)`) and reads `values["INJURY_RECOVERY"].value`, citing its
`clause`. A new rulebook number is a new entry in the data file, under the name its judge asks for.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from review_app.errors import PoloReviewError
from review_app.i18n import Message

PARAMETERS_FILE = Path(__file__).resolve().parent / "data" / "parameters.toml"
RULEBOOK_EDITION = "USPA Rulebook 2026, Rule 21"


@dataclass(frozen=True, order=True)
class Edition:
    """A rulebook edition and the day it takes effect."""

    effective: date
    name: str

    def __str__(self) -> str:
        return self.name


# The edition whose words the packaged rulebook text holds (`rulebook.py`), which every provision encodes; the data
# file keys its numbers by this date (a test checks it does).
USPA_2026 = Edition(date(2026, 1, 1), "USPA 2026")


class ParameterError(PoloReviewError):
    """A parameters file that cannot be read as one: said in one line, naming the file and the problem."""


@dataclass(frozen=True)
class Parameter:
    """One number as one edition of the rulebook sets it."""

    name: str
    value: float  # as the file gives it: an integer stays one
    unit: str
    clause: str
    label: Message
    quote: str  # the English words of the rulebook that set it (the edition's own)
    edition: Edition  # the edition that set this value (an earlier one, where a later edition keeps it)

    def __str__(self) -> str:
        return f"{self.value:g} {self.unit} ({self.clause})"


@dataclass(frozen=True)
class Parameters:
    """Every number of Rule 21 as one edition has it, by name: what a judge is handed."""

    edition: Edition
    by_name: Mapping[str, Parameter]

    def __getitem__(self, name: str) -> Parameter:
        try:
            return self.by_name[name]
        except KeyError:
            raise KeyError(f"{name}: no such parameter in {self.edition}") from None

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __iter__(self) -> Iterator[Parameter]:
        return iter(self.by_name.values())

    def changed_by(self, edition: Edition, values: Mapping[str, float]) -> Parameters:
        """The numbers of a later `edition` that sets `values` (by name) and keeps the rest of these."""
        unknown = sorted(set(values) - set(self.by_name))
        if unknown:
            raise ParameterError(f"{edition}: no such parameter: {', '.join(unknown)}")
        return Parameters(edition, {name: replace(p, value=values[name], edition=edition) if name in values else p
                                    for name, p in self.by_name.items()})


def load(path: Path = PARAMETERS_FILE) -> tuple[Parameters, ...]:
    """Every edition the file holds, oldest first, each with every parameter's value in force on its day (set by it
    or by the latest edition before it). ParameterError names the file and the problem."""
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ParameterError(f"{path}: cannot be read as TOML: {exc}") from None
    editions = {_day(path, "editions", key): Edition(_day(path, "editions", key), str(name))
                for key, name in (data.pop("editions", None) or {}).items()}
    if not editions:
        raise ParameterError(f"{path}: no [editions] table naming the rulebook's editions by the day each takes effect")
    dated = {name: _dated(path, name, spec, editions) for name, spec in data.items()}
    return tuple(Parameters(e, {name: p for name, values in dated.items() if (p := _in_force(values, e)) is not None})
                 for _, e in sorted(editions.items()))


def _dated(path: Path, name: str, spec: Any, editions: dict[date, Edition]) -> list[Parameter]:
    """A parameter's value in each edition that sets it, oldest first."""
    where = f"{path}: [{name}]"
    if not isinstance(spec, dict) or not isinstance(spec.get("values"), dict) or not spec["values"]:
        raise ParameterError(f"{where}: needs clause, unit, label and values keyed by edition date")
    missing = [k for k in ("clause", "unit", "label") if not isinstance(spec.get(k), str)]
    if missing:
        raise ParameterError(f"{where}: missing {', '.join(missing)}")
    out = []
    for key, entry in spec["values"].items():
        day = _day(path, name, key)
        if day not in editions:
            raise ParameterError(f"{where}: {key} is the date of no edition in [editions]")
        if not isinstance(entry, dict) or not isinstance(entry.get("value"), int | float) \
                or isinstance(entry.get("value"), bool) or not isinstance(entry.get("quote"), str):
            raise ParameterError(f"{where}: the value of {key} needs a number (value) and the rulebook's words (quote)")
        out.append(Parameter(name, entry["value"], spec["unit"], spec["clause"], Message(spec["label"]),
                             entry["quote"], editions[day]))
    return sorted(out, key=lambda p: p.edition)


def _in_force(values: list[Parameter], edition: Edition) -> Parameter | None:
    found = [p for p in values if p.edition <= edition]
    return found[-1] if found else None


def _day(path: Path, table: str, key: str) -> date:
    try:
        return date.fromisoformat(key)
    except ValueError:
        raise ParameterError(f"{path}: [{table}]: {key!r} is not a date (YYYY-MM-DD)") from None


@functools.cache
def shipped() -> tuple[Parameters, ...]:
    """The packaged file's editions, read once (on first use, not on import)."""
    return load()


def newest() -> Parameters:
    """The newest shipped edition's numbers: for what judges no match (the Rules page, the evidence process's
    deadline, a coded tag's suggested call); a judge is handed the numbers of its match's day."""
    return shipped()[-1]
