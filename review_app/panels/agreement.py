"""Agreement between reviewers on a match or a season: how often do they tag the same incidents, name
the same situation and record the same call?

1. Matching by time. Each reviewer's tags (events with their name in `reviewer`) are matched to the
   other reviewers' by the incident's time: in footage order, a tag joins the nearest *unit* (an
   incident as the reviewers saw it) whose first tag is within the tolerance and which this reviewer
   has not tagged yet; else it starts a unit of its own. The tolerance is stated with every result.
2. Unmatched tags count. For the situation, a reviewer who reviewed the match (tagged anything in
   it) but has no tag in a unit gave the category "(no tag)", so tagging an incident another
   reviewer missed is a disagreement, not a gap; a reviewer who did not review the match at all is
   missing there. For a part of the call, only reviewers who tagged the unit and recorded that part
   rate it; the rest is missing.
3. Statistics by maintained libraries: Cohen's kappa (`sklearn.metrics.cohen_kappa_score`) where
   exactly two reviewers take part; Krippendorff's alpha, nominal (`krippendorff.alpha`, whose
   default, interval, would treat clauses as numbers), for any number of reviewers and missing
   ratings. Raw agreement beside them: of every pair of ratings within a unit, the share that agree
   (with two reviewers, the share of units where both say the same).

Rows come for the situation and each part of the call over every unit, then per situation over the
units someone tagged with that clause. Plain module: no streamlit.
"""

from __future__ import annotations

import csv
import io
import math
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from review_app.checker.formats import safe_cell
from review_app.i18n import N_
from review_app.model import MatchDocument
from review_app.model.event import read_events

DEFAULT_TOLERANCE_S = 2.0  # two reviewers marking one incident differ by a reaction time or two, not more
NO_TAG = "(no tag)"
ALL = "all"  # the scope of a row over every unit
SITUATION = "situation"
# The parts of a call compared: those with a fixed set of values (a number or free text is not a category).
PARTS = ("stopped_by", "whistle", "restart", "restart_direction", "restart_point", "penalty", "penalty_to", "card",
         "card_to", "penalty_timing", "mount_excused", "decided_by")
FIELDS = (SITUATION, *PARTS)
FIELD_NAMES = {SITUATION: N_("Situation")}  # the parts' own names are the call's (rules.labels)


@dataclass(frozen=True)
class Rating:
    """One reviewer's tag of one incident."""

    match: str
    reviewer: str
    event: str
    time_s: float
    situation: str
    call: dict

    def value(self, name: str) -> str | None:
        if name == SITUATION:
            return self.situation
        value = self.call.get(name)
        if isinstance(value, dict):  # a player: {"team", "number"}
            return f"{value.get('team')} #{value['number']}" if value.get("number") else str(value.get("team"))
        if isinstance(value, bool):
            return "true" if value else "false"
        return None if value is None else str(value)


@dataclass
class Unit:
    """One incident as the reviewers saw it: at most one tag per reviewer."""

    match: str
    time_s: float  # the first tag's time
    ratings: dict[str, Rating] = field(default_factory=dict)
    reviewers: frozenset[str] = frozenset()  # who reviewed the match (tagged anything in it)

    def situations(self) -> set[str]:
        return {r.situation for r in self.ratings.values()}


@dataclass(frozen=True)
class Row:
    scope: str  # ALL or a clause
    field: str  # SITUATION or a part of the call
    units: int  # units in which at least two reviewers rated this field
    pairs: int
    agreeing: int
    kappa: float | None  # Cohen's kappa (two reviewers only)
    alpha: float | None  # Krippendorff's alpha, nominal

    @property
    def raw(self) -> float | None:
        return self.agreeing / self.pairs if self.pairs else None


@dataclass
class Agreement:
    tolerance_s: float
    reviewers: list[str]
    matches: list[str]
    units: list[Unit]
    rows: list[Row]
    untagged_by: list[str] = field(default_factory=list)  # events with no reviewer: not compared

    def tags(self, reviewer: str) -> int:
        """The reviewer's tags in the matches compared (those two or more of the reviewers tagged)."""
        return sum(reviewer in u.ratings and len(u.reviewers) > 1 for u in self.units)

    def unmatched(self, reviewer: str) -> int:
        """The reviewer's tags no other reviewer tagged within the tolerance, in matches others reviewed too."""
        return sum(reviewer in u.ratings and len(u.ratings) == 1 and len(u.reviewers) > 1 for u in self.units)

    @property
    def compared_matches(self) -> list[str]:
        """The matches two or more of the reviewers tagged: the only ones that say anything about agreement."""
        return sorted({u.match for u in self.units if len(u.reviewers) > 1})

    @property
    def compared_units(self) -> list[Unit]:
        """The incidents of the matches compared."""
        return [u for u in self.units if len(u.reviewers) > 1]

    @property
    def matched_units(self) -> int:
        return sum(len(u.ratings) >= 2 for u in self.units)

    @property
    def complete_units(self) -> int:
        """Units every reviewer tagged."""
        return sum(len(u.ratings) == len(self.reviewers) for u in self.units)

    def row(self, scope: str, name: str) -> Row | None:
        return next((r for r in self.rows if r.scope == scope and r.field == name), None)


def ratings_of(docs: Iterable[MatchDocument]) -> tuple[list[Rating], list[str]]:
    """Every tag with a reviewer; and, as "match/event", those with none (they cannot be compared)."""
    out, unnamed = [], []
    for doc in docs:
        for e in read_events(doc):
            who = (e.reviewer or "").strip()
            if not who:
                unnamed.append(f"{doc.match_id}/{e.id}")
                continue
            out.append(Rating(doc.match_id, who, e.id, e.position.time_s, e.situation, e.call.given()))
    return out, unnamed


def match_units(ratings: Iterable[Rating], tolerance_s: float = DEFAULT_TOLERANCE_S) -> list[Unit]:
    """Tags matched across reviewers by time, one unit per incident (see the module's docstring)."""
    if not (isinstance(tolerance_s, (int, float)) and math.isfinite(tolerance_s) and tolerance_s >= 0):
        raise ValueError(f"tolerance {tolerance_s!r}: give seconds, 0 or more")
    units: list[Unit] = []
    by_match: dict[str, list[Rating]] = {}
    for r in ratings:
        by_match.setdefault(r.match, []).append(r)
    for match in sorted(by_match):
        open_units: list[Unit] = []
        reviewed = frozenset(r.reviewer for r in by_match[match])
        for r in sorted(by_match[match], key=lambda r: (r.time_s, r.reviewer, r.event)):
            near = [u for u in open_units if r.reviewer not in u.ratings and r.time_s - u.time_s <= tolerance_s]
            if near:
                min(near, key=lambda u: (r.time_s - u.time_s, u.time_s)).ratings[r.reviewer] = r
                continue
            unit = Unit(match, r.time_s, {r.reviewer: r}, reviewed)
            units.append(unit)
            open_units = [u for u in open_units if r.time_s - u.time_s <= tolerance_s] + [unit]
    return units


def _values(units: list[Unit], reviewers: list[str], name: str) -> list[list[str | None]]:
    """Per reviewer, per unit: the value rated, NO_TAG for a situation not tagged, None for missing."""
    rows = []
    for who in reviewers:
        row = []
        for u in units:
            r = u.ratings.get(who)
            if r is None:
                row.append(NO_TAG if name == SITUATION and who in u.reviewers else None)
            else:
                row.append(r.value(name))
        rows.append(row)
    return rows


def _pairs(table: list[list[str | None]]) -> tuple[int, int, int]:
    """(units with two or more ratings, pairs of ratings within units, pairs that agree)."""
    units = pairs = agreeing = 0
    for column in zip(*table, strict=True):
        given = [v for v in column if v is not None]
        if len(given) < 2:
            continue
        units += 1
        for i in range(len(given)):
            for j in range(i + 1, len(given)):
                pairs += 1
                agreeing += given[i] == given[j]
    return units, pairs, agreeing


def _kappa(table: list[list[str | None]]) -> float | None:
    from sklearn.metrics import cohen_kappa_score

    both = [(a, b) for a, b in zip(table[0], table[1], strict=True) if a is not None and b is not None]
    if len(both) < 2:
        return None
    first, second = zip(*both, strict=True)
    with warnings.catch_warnings():  # a single category: kappa is undefined, and said so as None
        warnings.simplefilter("ignore")
        value = cohen_kappa_score(list(first), list(second))
    return None if value is None or not math.isfinite(value) else float(value)


def _alpha(table: list[list[str | None]]) -> float | None:
    import krippendorff

    codes: dict[str, int] = {}
    data = np.array([[np.nan if v is None else codes.setdefault(v, len(codes)) for v in row] for row in table],
                    dtype=float)
    pairable = {v for column in zip(*table, strict=True) if sum(v is not None for v in column) >= 2
                for v in column if v is not None}
    if len(pairable) < 2:
        # the ratings that pair hold one value (or none pair): alpha is undefined (0/0), said as None
        # rather than computed into a numpy warning
        return None
    try:
        value = krippendorff.alpha(reliability_data=data, level_of_measurement="nominal")
    except ValueError:  # no pairable values
        return None
    return float(value) if math.isfinite(value) else None


def _row(scope: str, name: str, units: list[Unit], reviewers: list[str]) -> Row:
    table = _values(units, reviewers, name)
    n, pairs, agreeing = _pairs(table) if units else (0, 0, 0)
    kappa = _kappa(table) if len(reviewers) == 2 and units else None
    alpha = _alpha(table) if units else None
    return Row(scope, name, n, pairs, agreeing, kappa, alpha)


def agreement(docs: Iterable[MatchDocument], tolerance_s: float = DEFAULT_TOLERANCE_S,
              reviewers: Iterable[str] | None = None) -> Agreement:
    """Agreement among `reviewers` (default: everyone who tagged) over the matches of `docs` together."""
    docs = list(docs)
    ratings, unnamed = ratings_of(docs)
    chosen = sorted(set(reviewers) if reviewers is not None else {r.reviewer for r in ratings})
    ratings = [r for r in ratings if r.reviewer in chosen]
    units = match_units(ratings, tolerance_s)
    rows = [_row(ALL, name, units, chosen) for name in FIELDS]
    clauses = sorted({r.situation for r in ratings})
    for clause in clauses:
        scoped = [u for u in units if clause in u.situations()]
        rows += [_row(clause, name, scoped, chosen) for name in FIELDS]
    return Agreement(float(tolerance_s), chosen, sorted({d.match_id for d in docs}), units, rows, unnamed)


# -- output ------------------------------------------------------------------------------------------
def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def to_csv(result: Agreement) -> str:
    """One row per (scope, field), then one per reviewer's tag count; CRLF rows. Text cells a spreadsheet
    would run as a formula are neutralised; the numbers are written as numbers (a negative kappa too)."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    head = ["scope", "field", "units", "pairs", "agreeing_pairs", "raw_agreement", "cohen_kappa",
            "krippendorff_alpha_nominal", "reviewers", "tolerance_s", "matches"]
    writer.writerow(head)
    reviewers, matches = safe_cell("; ".join(result.reviewers)), safe_cell("; ".join(result.matches))
    for r in result.rows:
        writer.writerow([safe_cell(r.scope), safe_cell(r.field), r.units, r.pairs, r.agreeing, _number(r.raw),
                         _number(r.kappa), _number(r.alpha), reviewers, f"{result.tolerance_s:g}", matches])
    writer.writerow([])
    writer.writerow(["reviewer", "tags", "unmatched_tags"])
    for who in result.reviewers:
        writer.writerow([safe_cell(who), result.tags(who), result.unmatched(who)])
    return out.getvalue()


def units_csv(result: Agreement) -> str:
    """Each unit: its match and time, and per reviewer the tag (event id) and situation, for checking the matching."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(["match", "time_s", *(f"{who}: {what}" for who in result.reviewers for what in ("tag", SITUATION))])
    for u in result.units:
        cells = [u.match, f"{u.time_s:g}"]
        for who in result.reviewers:
            r = u.ratings.get(who)
            cells += [r.event, r.situation] if r else ["", NO_TAG]
        writer.writerow([safe_cell(c) for c in cells])
    return out.getvalue()
