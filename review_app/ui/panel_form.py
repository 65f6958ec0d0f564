"""Panel page parts: a member's entry form (the situation, its facts, the call they would make), the
entries and the majority per field, and the two verdicts side by side."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from review_app.model import MatchDocument
from review_app.panels.panel import SITUATION, Outcome, PanelEntry, SideBySide
from review_app.rules import PROVISIONS, provision
from review_app.rules.labels import VERDICT_ICONS, call_field_label, value_label, verdict_label
from review_app.rules.provision import CALL_FIELDS
from review_app.textsafe import md
from review_app.ui.context import _, fixed, lang, rendered

UNSET = "__unset__"  # a select box's "(not recorded)"


def _pick(label: str, options: list, key: str, words) -> object:
    shown = [UNSET, *options]
    choice = st.selectbox(label, shown, key=key,
                          format_func=fixed(shown, lambda v: _("(not recorded)") if v == UNSET else words(v)))
    return None if choice == UNSET else choice


# The parts of a call every panel member is asked for; the rest (time allowed, announcements...) fold away.
MAIN_PARTS = ("whistle", "restart", "restart_direction", "restart_point", "penalty", "penalty_to", "card", "card_to",
              "stopped_by")


def _call_part(name: str, spec, teams: dict[str, str], key: str):
    label = call_field_label(name, lang())
    if spec == "team":
        return _pick(label, list(teams), key, teams.get)
    if spec == "player":
        left, right = st.columns([3, 2])
        with left:
            team = _pick(label, list(teams), key, teams.get)
        with right:
            number = st.selectbox(_("Player number"), [None, 1, 2, 3, 4], key=f"{key}.number",
                                  format_func=lambda v: _("(team only)") if v is None else f"#{v}",
                                  disabled=team is None)
        return None if team is None else {"team": team, **({"number": number} if number else {})}
    if spec == "number":
        return st.number_input(label, min_value=0.0, value=None, key=key)
    if spec == "bool":
        return _pick(label, [True, False], key, lambda v: value_label(v, lang()))
    if spec == "text":
        return st.text_input(label, key=key, max_chars=2000)
    return _pick(label, list(spec), key, lambda v: value_label(v, lang()))


def _call_rows(names: list[str], call: dict, teams: dict[str, str], prefix: str) -> None:
    """Two parts a row, so each row's fields line up."""
    for k in range(0, len(names), 2):
        for column, name in zip(st.columns(2), names[k:k + 2], strict=False):
            with column:
                call[name] = _call_part(name, CALL_FIELDS[name], teams, f"{prefix}.call.{name}")


def situation_label(clause: str) -> str:
    return f"{clause} — {rendered(provision(clause).title)}"


def entry_form(doc: MatchDocument, event_id: str) -> dict | None:
    """The member's entry; returned when they submit it, else None."""
    prefix = f"panel.entry.{doc.match_id}.{event_id}"
    clauses = [p.id for p in PROVISIONS]
    situation = st.selectbox(_("Situation"), clauses, key=f"{prefix}.situation", index=None,
                             placeholder=_("Choose the situation (type to search)"),
                             format_func=fixed(clauses, situation_label))
    if situation is None:
        st.caption(_("Choose the situation first: its facts follow."))
        return None
    p = provision(situation)
    facts: dict = {}
    if p.facts:
        st.markdown("**" + _("Facts") + "**")
        for k in range(0, len(p.facts), 2):
            for column, fact in zip(st.columns(2), p.facts[k:k + 2], strict=False):
                label, key = rendered(fact.label), f"{prefix}.fact.{situation}.{fact.name}"
                with column:
                    if fact.kind == "bool":
                        facts[fact.name] = _pick(label, [True, False], key, lambda v: value_label(v, lang()))
                    elif fact.kind == "enum":
                        facts[fact.name] = _pick(label, list(fact.choices), key, lambda v: value_label(v, lang()))
                    elif fact.kind == "number":
                        facts[fact.name] = st.number_input(label, min_value=0.0, value=None, key=key)
                    else:
                        facts[fact.name] = st.text_input(label, key=key, max_chars=2000)
    st.markdown("**" + _("The call you would make") + "**")
    teams = doc.team_names()
    call: dict = {}
    main = [n for n in MAIN_PARTS if n in CALL_FIELDS]
    _call_rows(main, call, teams, prefix)
    with st.expander(_("More parts of the call")):
        _call_rows([n for n in CALL_FIELDS if n not in main], call, teams, prefix)
    notes = st.text_area(_("Notes (optional)"), key=f"{prefix}.notes", max_chars=20000)
    st.caption(_("Once submitted, your entry is final; then you see the other members' entries."))
    if st.button(_("Submit my entry"), key=f"{prefix}.submit", type="primary", icon=":material/how_to_vote:"):
        return {"situation": situation, "facts": facts, "call": call, "notes": notes}
    return None


def _value(name: str, value, teams: dict[str, str]) -> str:
    if value is None:
        return _("(not recorded)")
    if name == SITUATION:
        return situation_label(value)
    if isinstance(value, dict):
        team = teams.get(value.get("team"), value.get("team"))
        return f"{team} #{value['number']}" if value.get("number") else str(team)
    if name in ("penalty_to",):
        return teams.get(value, str(value))
    return value_label(value, lang())


def _field_name(name: str, situation: str | None) -> str:
    if name == SITUATION:
        return _("Situation")
    if name in CALL_FIELDS:
        return call_field_label(name, lang())
    fact = provision(situation).fact_named(name) if situation else None
    return rendered(fact.label) if fact else name


def entries_table(entries: dict[str, PanelEntry], teams: dict[str, str], key: str = "panel.entries") -> None:
    rows = {}
    for member, entry in entries.items():
        column = {_("Situation"): _value(SITUATION, entry.situation, teams)}
        for name, value in entry.facts.items():
            column[_field_name(name, entry.situation)] = _value(name, value, teams)
        for name, value in entry.call.items():
            column[_field_name(name, None)] = _value(name, value, teams)
        if entry.notes:
            column[_("Notes")] = entry.notes
        rows[member] = column
    st.dataframe(pd.DataFrame(rows).fillna("—"), width="stretch", key=key)


def outcome_table(result: Outcome, teams: dict[str, str]) -> None:
    situation = result.situation.value if result.situation and result.situation.majority else None
    fields = [f for f in ([result.situation] if result.situation else []) + result.facts + result.call]
    data = [{_("Field"): _field_name(f.name, situation), _("Panel's majority"): _value(f.name, f.value, teams)
             if f.majority else _("no majority"), _("Members"): f.tally, _("Agreement"): rendered(f.words())}
            for f in fields]
    st.dataframe(pd.DataFrame(data), hide_index=True, width="stretch", key="panel.outcome")


def side_by_side(side: SideBySide, teams: dict[str, str]) -> None:
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown("**" + _("The original reviewer") + "**")
        v = side.original
        st.markdown(f"{VERDICT_ICONS.get(v.verdict, '')} **{verdict_label(v.verdict, lang())}** · {md(v.clause)}")
        st.markdown(md(rendered(v.explanation)))
    with right:
        st.markdown("**" + _("The panel") + "**")
        if side.panel is None:
            st.warning(_("The panel has no majority on the situation: the umpire's call is not judged on its "
                         "reading."))
            return
        v = side.panel
        st.markdown(f"{VERDICT_ICONS.get(v.verdict, '')} **{verdict_label(v.verdict, lang())}** · {md(v.clause)}")
        st.markdown(md(rendered(v.explanation)))
        if side.panel_call is not None and side.panel_call.verdict == "inconsistent":
            st.caption(md(_("The rules find the panel's own call inconsistent too: {why}",
                            why=rendered(side.panel_call.explanation))))
    if side.differences:
        st.markdown("**" + _("Where the umpire’s call differs from the panel’s") + "**")
        st.dataframe(pd.DataFrame([{_("Part"): call_field_label(part, lang()),
                                    _("The umpire"): _value(part, mine, teams),
                                    _("The panel"): _value(part, theirs, teams)}
                                   for part, mine, theirs in side.differences]),
                     hide_index=True, width="stretch", key="panel.differences")

