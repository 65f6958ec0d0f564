"""The tag form in the browser: situation, facts, call parts and who was involved are chosen there, from the
keyboard, with no round trip per field; Save hands the app the whole tag at once.

A custom component (Streamlit components v2, like the frame view; form_view.js and form_view.css beside this
file, no build step, the page built with DOM calls and textContent, never HTML from here). The app hands it one
description of the form (`describe`, a typed FormDescription): every situation with its clause, name and the
words `rules.search.search_provisions` matches it on (the browser runs the same steps on them, so "21.b" and
"foul" pick what the app's search picks), each situation's facts and call parts with their choices and their
key (the descriptor keys of model.coding where there is one: P3, U1, O1; else 1-9 within the field), what is
pre-filled and which parts are. The browser keeps what is typed across the page's reruns (the frame view's
playback reruns parts of the page) and sends the tag once, with Save; `sent_tag` reads it back into the
fields the tag form saves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import msgspec
import streamlit as st

from review_app.model import MatchDocument
from review_app.model.coding import OPPONENTS, descriptors, prefilled_call
from review_app.model.document import DERIVED_FACTS
from review_app.model.edits import TagError, moments_for
from review_app.model.event import Someone
from review_app.model.roster import shown_mount
from review_app.model.schema_build import NOTES_MAX, OVERTIME_PERIODS_MAX, TEXT_MAX
from review_app.model.tag_draft import NEW, Draft, TagForm
from review_app.rules import PROVISIONS
from review_app.rules.implied import FOLLOWS, TO_THE_OPPONENTS
from review_app.rules.labels import call_field_label, value_label
from review_app.rules.provision import CALL_FIELDS, DECISIONS, Fact, Provision
from review_app.rules.search import clause_label, searchable
from review_app.ui.context import _, lang, page_run, rendered

_HERE = Path(__file__).resolve().parent
_component = st.components.v2.component(
    "polo_review_tag_form",
    js="\n".join((path / name).read_text("utf-8") for path, name in ((_HERE.parent, "page_runs.js"),
                                                                       (_HERE, "form_view.js"))),
    css=(_HERE / "form_view.css").read_text("utf-8"),
)
KEY = "review.tagform"  # the component's key: its Save lands in st.session_state[KEY].save
PLAYERS = 2  # rows of "who was involved", as the full form has
# The call parts most calls record, shown open; the others (the restart's direction and point, the penalty's
# timing, the time allowed, a mount's excusal...) folded under "More parts of the call", with the decisions a
# clause rules on shown open beside the first.
FIRST_PARTS = ("stopped_by", "whistle", "restart", "penalty", "penalty_to", "card", "card_to")
NUMBERS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Choice:
    value: object  # as the tag records it (a team's id, "team#3" for a player, True/False, an enum's value)
    label: str
    key: str = ""  # shown beside it: "P3", "U1", "O1" (model.coding.descriptors) or "1"-"9" within its field


@dataclass(frozen=True)
class Field:
    name: str  # "facts.<fact>", "call.<part>", "offender", "umpire", "player1.team", "mount", "period", "notes"...
    label: str
    kind: str  # "choice", "number", "text" (one line), "notes" (lines), "flag" (a check box)
    choices: tuple[Choice, ...] = ()
    required: bool = False  # the checker asks it of every tag of the situation
    max: float | None = None  # the longest text, or the largest number
    hint: str = ""
    # (field, its value for none): shown once that field records something else, or where this one holds a value
    # (`rules.implied.FOLLOWS`): no Tab stop for who a card went to while no card is shown
    follows: tuple[str, str] | None = None


@dataclass(frozen=True)
class Situation:
    id: str
    label: str  # "21.b — Foul"
    summary: str
    tokens: tuple[str, ...]  # what rules.search matches it on (`searchable`)
    names: str
    words: str
    fields: tuple[str, ...]  # its facts and call parts, in the form's order
    facts: tuple[Field, ...]  # its facts (one name may be asked otherwise by another clause: its own here), and
    # for a fact the tool derives (21.f(5)'s excusal, from the mount register) the reviewer's own reading of it
    prefilled: dict  # the call parts known before the reviewer says them (model.coding.prefilled_call)
    moments: tuple[str, ...]  # the moments the frame view offers keys for with this situation
    more: tuple[str, ...] = ()  # its call parts shown folded (FIRST_PARTS)


@dataclass(frozen=True)
class FormDescription:
    token: str  # this opening of the form: what the browser keeps its typing under
    mode: str  # "new" or "edit"
    situation: str
    situations: tuple[Situation, ...]
    fields: dict[str, Field]
    common: tuple[str, ...]  # the fields of every situation, after its own: who, period, clock, notes
    values: dict  # each field's value as the form opens
    prefilled: dict  # the fields pre-filled (not the tag's own), with their values
    signed_in: bool
    text: dict[str, str] = field(default_factory=dict)


def fact_label(fact: Fact) -> str:
    """A fact's label on the form. A fact not asked of every tag is asked by the checker when the call needs
    it (21.h's neutral play when the whistle came at once): "if the call needs it", never "optional"."""
    return rendered(fact.label) + (f" ({fact.unit})" if fact.unit else "") + \
        ("" if fact.required else " ({})".format(_("if the call needs it")))


def offender_choice_of(offender: Someone | None) -> str | None:
    """Who offended as the form's choice of them: a team's id, or "team#number" for a player."""
    if offender is None:
        return None
    return f"{offender.team}#{offender.number}" if offender.number else offender.team


def player_label(teams, choice: str) -> str:
    """A player as the roster names them: 'Ana Alpha (Alpha #3)', else 'Alpha #3'."""
    team_id, _sep, number = choice.partition("#")
    team = next((tm for tm in teams if tm["id"] == team_id), {"name": team_id})
    where = f"{team['name']} #{number}"
    name = next((p.get("name") for p in team.get("players") or [] if str(p.get("number")) == number), None)
    return f"{name} ({where})" if name else where


def mount_strings(doc: MatchDocument) -> dict[str, str]:
    """Every mount in the match's strings, with its marks and whose string it is in
    ('Lucero' -> 'Lucero (grey) · Red #2')."""
    out: dict[str, str] = {}
    for team in doc.match["teams"]:
        for p in team.get("players") or []:
            marks = p.get("mount_marks") or {}
            whose = "{} #{}".format(team["name"], p["number"])
            for mount in p.get("mounts") or []:
                out.setdefault(mount, _("{mount} · string of {player}", mount=shown_mount(mount, marks.get(mount)),
                                        player=whose))
    return out


def _said(value, name: str | None) -> str:
    return _("not recorded") if value is None else value_label(value, lang(), name)


def _keyed(choices: Sequence[tuple[object, str]], codes: dict) -> tuple[Choice, ...]:
    """Each choice with its key: its descriptor code where model.coding has one, else its place: 1-9, then 0 for a
    tenth (the keyboard's row; an offender is one of two teams or eight players, 21.g's item one of ten), unless a
    code shown ends in that digit (a digit alone picks the choice whose key ends in it)."""
    taken = {code[-1] for code in codes.values()}

    def place(n: int) -> str:
        digit = str(n % 10) if n <= 10 else ""
        return "" if digit in taken else digit

    return tuple(Choice(value, label, codes.get(value) or place(n)) for n, (value, label) in enumerate(choices, 1))


def _codes(situation: str, match: dict, part: str) -> dict:
    return {d.value: d.keys.upper() for d in descriptors(situation, match) if d.part == part}


def fact_field(fact: Fact, situation: str, match: dict) -> Field:
    name, label = f"facts.{fact.name}", fact_label(fact)
    if fact.kind == "bool":
        return Field(name, label, "choice", _keyed([(True, _said(True, None)), (False, _said(False, None))], {}),
                     fact.required)
    if fact.kind == "enum":
        return Field(name, label, "choice", _keyed([(c, _said(c, fact.name)) for c in fact.choices],
                                                   _codes(situation, match, name)), fact.required)
    return Field(name, label, "number" if fact.kind == "number" else "text", required=fact.required,
                 max=None if fact.kind == "number" else TEXT_MAX)


def call_field(part: str, spec, situation: str, doc: MatchDocument) -> Field:
    """The call part's field, following the part it answers where it answers one (`rules.implied.FOLLOWS`)."""
    field = _call_field(part, spec, situation, doc)
    if part not in FOLLOWS:
        return field
    parent, none = FOLLOWS[part]
    return replace(field, follows=(f"call.{parent}", none))


def _call_field(part: str, spec, situation: str, doc: MatchDocument) -> Field:
    name, label = f"call.{part}", call_field_label(part, lang())
    if spec == "team":
        choices = list(doc.team_names().items())
        if part in TO_THE_OPPONENTS:
            choices.append((OPPONENTS, _("The team other than the offender's")))
        return Field(name, label, "choice", _keyed(choices, {}))
    if spec == "player":
        teams = doc.match.get("teams") or []
        players = [f"{t['id']}#{n}" for t in teams for n in NUMBERS]
        return Field(name, label, "choice", _keyed([(p, player_label(teams, p)) for p in players], {}))
    if spec == "bool":
        return Field(name, label, "choice", _keyed([(True, _said(True, None)), (False, _said(False, None))], {}))
    if spec in ("number", "text"):
        return Field(name, label, spec, max=None if spec == "number" else TEXT_MAX)
    return Field(name, label, "choice", _keyed([(v, _said(v, part)) for v in spec],
                                               _codes(situation, doc.match, f"call.{part}")))


def asked_parts(p: Provision) -> list[str]:
    """The call parts the form asks of a tag of `p`: every part, and the officials' decisions its clause rules on."""
    return [name for name in CALL_FIELDS if name not in DECISIONS or name in p.decisions]


def _situation(p: Provision, form: TagForm, moments: dict) -> Situation:
    doc = form.base
    call_now = form.tag.call.given()
    derived = DERIVED_FACTS.get(p.id, ())
    facts = tuple(fact_field(f, p.id, doc.match) for f in p.facts if f.name not in derived) + \
        tuple(reading_field(form, p, name) for name in derived)
    fields = tuple(f.name for f in facts) + tuple(f"call.{name}" for name in asked_parts(p))
    known = {f"call.{name}": value for name, value in prefilled_call(p.id, form.time_s, moments).items()
             if call_now.get(name) is None and f"call.{name}" in fields}
    words = searchable(p)
    return Situation(p.id, clause_label(p, lang()), rendered(p.summary), tuple(words["tokens"]), words["names"],
                     words["words"], fields, facts, known,
                     tuple(m for m, _label, key in moments_for(p.id, moments) if key),
                     tuple(f"call.{n}" for n in asked_parts(p) if n not in FIRST_PARTS and n not in p.decisions))


def reading_field(form: TagForm, p: Provision, name: str) -> Field:
    """A fact the tool derives is shown, not asked; a reviewer who reads the register otherwise says so here,
    and the report shows both while the verdict follows the register (as the full form's reading_widget)."""
    fact = p.fact_named(name)
    assert fact is not None, (p.id, name)  # DERIVED_FACTS names facts of the clause
    found = form.derived_facts(p.id).get(name)
    said = _("{fact}: {value}, from the mount register (derived, not typed; it follows the mount the situation "
             "concerns, once saved).", fact=rendered(fact.label), value=_("not yet known") if found is None else found)
    return Field(f"reading.{name}", _("Your reading, only if you read the register otherwise"), "choice",
                 _keyed([(c, c) for c in fact.choices], {}), hint=said)


def _who_fields(doc: MatchDocument, situation: str, umpire_now: str | None) -> dict[str, Field]:
    match, teams = doc.match, doc.match.get("teams") or []
    names = doc.team_names()
    mounts = _keyed(list(mount_strings(doc).items()), {})  # offered as they are typed; a new one is kept too
    fields: list[Field] = []
    for n in range(1, PLAYERS + 1):
        fields += [Field(f"player{n}.team", _("Player {n}: team", n=n), "choice", _keyed(list(names.items()), {})),
                   Field(f"player{n}.number", _("Number"), "choice", _keyed([(k, str(k)) for k in NUMBERS], {})),
                   Field(f"player{n}.mount", _("Mount ridden"), "text", mounts, max=TEXT_MAX)]
    offenders = [*names.items(), *[(f"{team}#{k}", player_label(teams, f"{team}#{k}")) for team in names
                                   for k in NUMBERS]]
    umpires = list(match.get("umpires") or []) + ([umpire_now] if umpire_now and umpire_now not in
                                                  (match.get("umpires") or []) else [])
    periods = int(match.get("periods") or 8)
    fields += [
        Field("offender", _("Offence committed by (who the penalty or card is against)"), "choice",
              _keyed(offenders, _codes(situation, match, "involved.offender"))),
        Field("umpire", _("Umpire who made the call"), "choice",
              _keyed([(u, u) for u in umpires], _codes(situation, match, "involved.umpire"))),
        Field("mount", _("Mount the situation concerns"), "text", mounts, max=TEXT_MAX),
        Field("period", _("Period"), "number", max=periods + OVERTIME_PERIODS_MAX,
              hint=_("Past {periods}: an overtime period ({first} is the first).", periods=periods,
                     first=periods + 1)),
        Field("clock", _("Game clock (m:ss)"), "text", max=5),
        Field("notes", _("Notes"), "notes", max=NOTES_MAX),
    ]
    return {f.name: f for f in fields}


def _values(draft: Draft) -> dict:
    """The tag's own values, by field."""
    involved = draft.involved
    out = {f"facts.{k}": v for k, v in draft.facts.items()}
    out.update({f"call.{k}": (offender_choice_of(v) if isinstance(v, Someone) else v)
                for k, v in msgspec.structs.asdict(draft.call).items()})
    for n, row in enumerate(involved.players[:PLAYERS], 1):
        out.update({f"player{n}.team": row.team, f"player{n}.number": row.number, f"player{n}.mount": row.mount})
    out["offender"] = offender_choice_of(involved.offender)
    out.update({f"reading.{k}": v for k, v in draft.readings().items()})
    out.update(umpire=involved.umpire, mount=involved.mount, period=draft.period, clock=draft.clock,
               notes=draft.notes)
    return {k: v for k, v in out.items() if v is not None}


def _prefilled(form: TagForm) -> dict:
    """What the form fills in that the tag does not record: the umpire, the period and the clock."""
    umpire = form.umpire if form.mode == NEW and not form.tag.involved.umpire else None
    period, clock = form.period_prefilled()
    return {name: value for name, value in (("umpire", umpire), ("period", period), ("clock", clock)) if value}


def describe(form: TagForm, situation: str, moments: dict, signed_in: bool) -> FormDescription:
    """The whole form for the browser: every situation with its fields, the values as the form opens, what is
    pre-filled. `form`: the tag form's state (tags.open_form); `moments`: the tag's moments as set now."""
    doc = form.base
    situations = tuple(_situation(p, form, moments) for p in PROVISIONS)
    fields: dict[str, Field] = {}  # the call parts and who was involved: the same for every situation
    for p in PROVISIONS:
        fields.update({f"call.{n}": call_field(n, CALL_FIELDS[n], p.id, doc) for n in asked_parts(p)})
    who = _who_fields(doc, situation, form.tag.involved.umpire or form.umpire)
    fields.update(who)
    return FormDescription(form_token(form), form.mode, situation, situations, fields, tuple(who),
                           _values(form.tag), _prefilled(form), signed_in, _texts())


def form_token(form: TagForm) -> str:
    return f"{form.base.path}|{form.mode}|{form.id}|{form.opened}"


def _texts() -> dict[str, str]:
    return {
        "search": _("Find the situation (clause or name)"), "searchHint": "21.b / foul / casco",
        "situation": _("Situation (Rule 21 clause)"), "noMatch": _("No clause matches that search."),
        "facts": _("Facts seen"), "call": _("The call made"), "who": _("Who was involved"),
        "more": _("Period, clock and notes"), "moreCall": _("More parts of the call ({n})"),
        "notRecorded": _("not recorded"),
        "prefilled": _("pre-filled"),
        "prefilledLine": _("Pre-filled from what is known (change any before saving): {parts}."),
        "save": _("Save"), "cancel": _("Cancel"), "saving": _("Saving…"),
        "move": _("Move the tag to the current frame"),
        "keys": _("Keys: type to search, Enter picks; in a field the key shown (1–9, then 0; P3, U1, O1) picks and "
                  "moves on, Backspace clears; Tab / Shift+Tab move between fields; Enter on the last field or "
                  "Ctrl+Enter saves; Escape cancels."),
        "signIn": _("Sign in first (in the sidebar): every change is recorded under the person signed in; "
                    "reading needs no sign-in."),
        "required": _("asked of every tag of this situation"),
    }


def tag_form_view(description: FormDescription, on_save, on_situation, on_cancel) -> None:
    """Show the form. `on_save(value)` with the whole tag when Save is pressed (one round trip);
    `on_situation(id)` when a situation is chosen whose moment keys differ from the frame view's now;
    `on_cancel()` with Escape or Cancel."""

    def saved() -> None:
        value = _value("save")
        if isinstance(value, dict) and value.get("token") == description.token:
            on_save(value)

    def chosen() -> None:
        value = _value("situation")
        if isinstance(value, dict) and value.get("token") == description.token:
            on_situation(str(value.get("id")))

    def cancelled() -> None:
        value = _value("cancel")
        if isinstance(value, dict) and value.get("token") == description.token:
            on_cancel()

    _component(key=KEY, data={**asdict(description), "run": page_run()}, on_save_change=saved,
               on_situation_change=chosen, on_cancel_change=cancelled, height="content", width="stretch")


def _value(name: str):
    value = st.session_state.get(KEY)
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


@dataclass(frozen=True)
class SentTag:
    """The tag the browser sent with Save, read back into the fields the tag form saves (tags._save_tag)."""

    situation: str
    facts: dict
    call: dict
    reading: dict | None  # the reviewer's own reading of a derived fact, where it differs from the register's
    offender: str | None  # a team's id, or "team#number"
    umpire: str | None
    players: list
    mount: str | None
    period: int | None
    clock: str | None
    notes: str | None
    move: bool


def _checked(f: Field, value):
    """`value` as field `f` takes it; TagError naming the field for anything else (a page that sent a choice
    this form does not offer, a number that is not one)."""
    if value is None or value == "":
        return None
    if f.kind == "choice":
        if any(c.value == value and type(c.value) is type(value) for c in f.choices):
            return value
        raise TagError(f"{f.label}: {value!r} is not one of its choices")
    if f.kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or \
                (f.max is not None and value > f.max):
            raise TagError(f"{f.label}: {value!r} is not a number from 0 to {f.max or 'any'}")
        return value
    if not isinstance(value, str) or (f.max is not None and len(value) > f.max):
        raise TagError(f"{f.label}: not a text of at most {f.max} characters")
    return value.strip() or None


def sent_tag(sent: dict, description: FormDescription) -> SentTag:
    """Read the browser's Save (`sent`: {situation, values: {field: value}, move}) against the form it was
    given: every value one its field offers; TagError naming the field otherwise."""
    by_id = {s.id: s for s in description.situations}
    situation = by_id.get(str(sent.get("situation")))
    values = sent.get("values")
    if situation is None or not isinstance(values, dict):
        raise TagError(f"the tag form sent a situation this form does not have: {sent.get('situation')!r}")
    fields = {**description.fields, **{f.name: f for f in situation.facts}}
    got = {name: _checked(fields[name], values.get(name)) for name in (*situation.fields, *description.common)}

    def part(prefix: str) -> dict:
        return {name.removeprefix(prefix): value for name, value in got.items() if name.startswith(prefix)}

    call = part("call.")
    for name, value in call.items():
        if isinstance(value, str) and CALL_FIELDS.get(name) == "player":
            team, _sep, number = value.partition("#")
            call[name] = {"team": team, "number": int(number)}
    players = [{"team": got[f"player{n}.team"], "number": got[f"player{n}.number"] or 1,
                "mount": got[f"player{n}.mount"]} for n in range(1, PLAYERS + 1)]
    period = got["period"]
    reading = {name: value for name, value in part("reading.").items() if value is not None}
    return SentTag(situation.id, part("facts."), call, reading or None, got["offender"], got["umpire"], players,
                   got["mount"], None if period is None else int(period), got["clock"], got["notes"],
                   sent.get("move") is True)
