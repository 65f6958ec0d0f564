"""Review page, right: the tag form at the current position (clause, facts, call, players,
umpire, notes) and the list of tags (jump, edit, delete). What follows a save (verdict, undo,
conflict) is in saves.py."""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from review_app.checker.run import WRONG_CALL
from review_app.footage.viewer import format_time
from review_app.model import (
    MatchDocument,
    next_event_id,
)
from review_app.model.angles import recording_label
from review_app.model.coding import OPPONENTS, prefilled_call, resolved_call
from review_app.model.document import DERIVED_FACTS
from review_app.model.edits import (
    TagError,
    build_event,
    delete_event,
    moments_for,
    put_event,
)
from review_app.model.event import Event, read_event, read_events, read_events_in_order
from review_app.model.last_tagged import last_umpire
from review_app.model.match_setup import with_new_mounts
from review_app.model.periods import period_starts
from review_app.model.schema_build import NOTES_MAX, OVERTIME_PERIODS_MAX, TEXT_MAX
from review_app.model.tag_draft import EDIT, FIRST_SITUATION, NEW, Draft, TagForm
from review_app.rules import provision
from review_app.rules.implied import TO_THE_OPPONENTS
from review_app.rules.labels import (
    call_field_label,
    severity_label,
    value_label,
    verdict_label,
)
from review_app.rules.provision import CALL_FIELDS, DECISIONS, Fact
from review_app.rules.search import clause_label
from review_app.rules.timing import WAIT_MOMENTS, measure
from review_app.textsafe import md
from review_app.ui.clause_search import forget_search, searched_clauses
from review_app.ui.context import _, error_line, fixed, lang, rendered, reviewer
from review_app.ui.review.angle import tagging_on
from review_app.ui.review.coding import CODED, describe_keys
from review_app.ui.review.form_view import (
    describe,
    fact_label,
    mount_strings,
    offender_choice_of,
    player_label,
    sent_tag,
    tag_form_view,
)
from review_app.ui.review.pick import writable
from review_app.ui.review.saves import FORM, LAST_VERDICT, clause_text, moved_on, save_change, shown_save
from review_app.ui.review.sounds import prefill

# -- opening the form ---------------------------------------------------------------

def open_form(doc: MatchDocument, frame: int, time_s: float, event: Event | None = None) -> None:
    """Open the tag form on a copy of the match as it is now (the base its save is checked against).
    On a demo match, the form opens on the workspace's copy of it, made now (the page switches to it)."""
    own = writable(doc)
    if own is not doc:
        open_form(own, frame, time_s, read_event(own, event.id) if event else None)
        st.rerun()
    moved_on()
    form = st.session_state.get(FORM)
    if event is None and form and form.mode == NEW and form.base.path == doc.path:
        # Tag here again while a new tag is open: the same tag, moved to this frame; what was typed stays
        form.frame, form.time_s, form.angle = frame, time_s, tagging_on()
        prefill(form, doc)  # the whistle after the incident's new place, unless set by hand
        return
    base = doc.copy()
    if event is None:
        previous = [e for e in read_events_in_order(doc) if e.position.frame <= frame]
        last = previous[-1] if previous else None
        form = TagForm(
            NEW, next_event_id(doc), frame, time_s, base,
            # the period from the match's period starts when it has any (pre-filled on the form), else the last tag's
            Draft(situation=last.situation if last else FIRST_SITUATION,
                  period=None if period_starts(doc) or last is None else last.period),
            angle=tagging_on(),  # the recording the reviewer is tagging on, when not the footage
            # the umpire of the tag saved last (not the tag before by position): pre-filled, shown as such
            umpire=last_umpire(read_events(doc), saved_last(doc)))
    else:
        form = TagForm(EDIT, event.id, event.position.frame, event.position.time_s, base, Draft.of(event),
                       saved=event)
    form.opened = time.time_ns()  # this opening: the browser's form starts anew with it
    st.session_state[FORM] = form
    forget_search("review.form.search")
    st.session_state.pop("review.form.situation", None)
    if form.tag.moments.whistle is None:  # a whistle moment tagged stays as it is
        form.taken_moments()
        prefill(form, doc)


# -- widgets for facts and call fields ----------------------------------------------------

def _value_text(field: str | None = None):
    """How a value of `field` (a call field or a fact) reads on the form: in that field's own words."""
    return lambda value: _("not recorded") if value is None else value_label(value, lang(), field)


def _tri_state(label: str, key: str, value):
    options = [None, True, False]
    return st.radio(label, options, index=options.index(value) if value in options else 0, key=key,
                    horizontal=True, format_func=fixed(options, _value_text()))


def _choice(label: str, key: str, choices, value, field: str | None = None):
    options = [None, *choices]
    return st.selectbox(label, options, index=options.index(value) if value in options else 0, key=key,
                        format_func=fixed(options, _value_text(field)))


def fact_widget(fact: Fact, key: str, value):
    label = fact_label(fact)
    if fact.kind == "bool":
        return _tri_state(label, key, value)
    if fact.kind == "enum":
        return _choice(label, key, fact.choices, value, fact.name)
    if fact.kind == "number":
        return st.number_input(label, min_value=0.0, value=None if value is None else float(value), key=key)
    return st.text_input(label, value=value or "", key=key, max_chars=TEXT_MAX)


def reading_widget(form: TagForm, situation: str, derived: tuple[str, ...], base_key: str) -> dict | None:
    """A fact the tool derives (21.f(5)'s excusal, from the mount register) is shown, not asked; a reviewer
    who reads it otherwise says so here, and the report shows both while the verdict follows the register."""
    reading = form.tag.readings()
    for name in derived:
        fact = provision(situation).fact_named(name)
        found = form.derived_facts(situation).get(name)
        st.caption(md(_("{fact}: {value}, from the mount register (derived, not typed; it follows the mount the "
                        "situation concerns, once saved).", fact=rendered(fact.label),
                        value=_("not yet known") if found is None else found)))
        options = [None, *fact.choices]
        now = reading.get(name)
        chosen = st.selectbox(_("Your reading, only if you read the register otherwise"), options,
                              index=options.index(now) if now in options else 0, key=f"{base_key}.reading.{name}",
                              format_func=fixed(options, lambda x: _("(the register's)") if x is None else x))
        if chosen is None:
            reading.pop(name, None)
        else:
            reading[name] = chosen
    return reading or None


def call_widget(name: str, spec, key: str, value, doc: MatchDocument):
    label = call_field_label(name, lang())
    teams = doc.match["teams"]
    if spec == "team":
        names = doc.team_names()
        options = [None, *names] + ([OPPONENTS] if name in TO_THE_OPPONENTS else [])
        return st.selectbox(label, options, index=options.index(value) if value in options else 0, key=key,
                            format_func=fixed(options, lambda x: _("not recorded") if x is None else
                                              _("The team other than the offender's") if x == OPPONENTS
                                              else names[x]))
    if spec == "player":
        options = [None, *[f"{tm['id']}#{n}" for tm in teams for n in range(1, 5)]]
        now = f"{value.get('team')}#{value.get('number')}" if isinstance(value, dict) else None
        chosen = st.selectbox(label, options, index=options.index(now) if now in options else 0, key=key,
                              format_func=fixed(options, lambda x: _("not recorded") if x is None else
                                                player_label(teams, x)))
        if chosen is None:
            return None
        team, number = chosen.split("#")
        return {"team": team, "number": int(number)}
    if spec == "bool":
        return _tri_state(label, key, value)
    if spec == "number":
        return st.number_input(label, min_value=0.0, value=None if value is None else float(value), key=key)
    if spec == "text":
        return st.text_input(label, value=value or "", key=key, max_chars=TEXT_MAX)
    return _choice(label, key, spec, value, name)


def _prefilled_text(name: str, value) -> str:
    return _("the team other than the offender's") if value == OPPONENTS else value_label(value, lang(), name)





# -- the form ------------------------------------------------------------------------------

def _situation(draft: Draft):
    """The clause the tag is under, found by a search of the clauses, with its summary and text shown."""
    found = searched_clauses("review.form.search", "review.form.situation", keep=draft.situation)
    if st.session_state.get("review.form.situation") not in found:
        now = draft.situation
        st.session_state["review.form.situation"] = now if now in found else found[0]
    situation = st.selectbox(_("Situation (Rule 21 clause)"), found, key="review.form.situation", filter_mode=None,
                             format_func=fixed(found, lambda c: clause_label(provision(c), lang())))
    p = provision(situation)
    st.caption(md(rendered(p.summary)))
    clause_text(p)
    return situation, p


def _who_was_involved(form: TagForm, base_key: str) -> tuple:
    """The players (team, number, mount ridden), the offender, the umpire and the mount concerned."""
    involved = form.tag.involved
    players_now = involved.players
    teams = form.base.match["teams"]
    st.markdown("**" + _("Who was involved") + "**")
    players = []
    strings = mount_strings(form.base)
    names = form.base.team_names()
    team_ids = [None, *names]
    team_label = fixed(team_ids, lambda x: _("(none)") if x is None else names.get(x, x))
    for n in range(2):
        row = players_now[n] if n < len(players_now) else None
        team_now = row.team if row else None
        c1, c2 = st.columns([3, 2])
        team = c1.selectbox(_("Player {n}: team", n=n + 1), team_ids, key=f"{base_key}.team{n}",
                            index=team_ids.index(team_now) if team_now in team_ids else 0,
                            format_func=team_label)
        number = c2.selectbox(_("Number"), [1, 2, 3, 4], key=f"{base_key}.number{n}",
                              index=(row.number if row else 1) - 1)
        # on its own line, wide enough to show whose string each mount is in
        mount = mount_picker(_("Mount ridden"), f"{base_key}.mount{n}", row.mount if row else None, strings, st)
        players.append({"team": team, "number": number, "mount": mount})
    offender_options = [None, *names, *[f"{team}#{n}" for team in names for n in range(1, 5)]]
    offender_key = offender_choice_of(involved.offender)
    offender_choice = st.selectbox(
        _("Offence committed by (who the penalty or card is against)"), offender_options,
        index=offender_options.index(offender_key) if offender_key in offender_options else 0,
        key=f"{base_key}.offender", format_func=fixed(offender_options, lambda x: _("not recorded") if x is None
                                                       else (player_label(teams, x) if "#" in x else names[x])))
    umpires = form.base.match.get("umpires") or []
    c1, c2 = st.columns(2)
    umpire_now = involved.umpire or form.umpire  # the umpire last tagged, pre-filled on a new tag
    umpire_options = [None, *umpires] + ([umpire_now] if umpire_now and umpire_now not in umpires else [])
    umpire = c1.selectbox(_("Umpire who made the call"), umpire_options, key=f"{base_key}.umpire",
                          index=umpire_options.index(umpire_now) if umpire_now in umpire_options else 0,
                          accept_new_options=True,
                          format_func=fixed(umpire_options, lambda x: _("(none)") if x is None else x))
    mount_concerned = mount_picker(_("Mount the situation concerns"), f"{base_key}.mount_concerned",
                                   involved.mount, strings, c2)
    return players, offender_choice, umpire, mount_concerned


def _save_tag(form: TagForm, frame: int, time_s: float, name: str | None, offender_choice, entered: dict) -> None:
    """Save what the form holds (`entered`: what the reviewer filled in) as the tag at `frame`."""
    draft = form.tag
    try:
        new_event = build_event(
            event_id=form.id, frame=frame, time_s=time_s,
            # a new tag is the signed-in reviewer's; the last person to change a tag answers for it
            reviewer=name if form.mode == NEW or name else draft.reviewer,
            window=draft.written_window(), drawings=draft.written_drawings(), offender=_offender(offender_choice),
            **entered, angle=form.made_on)
    except (TagError, KeyError) as exc:
        error_line(exc)
        return
    base, added = with_new_mounts(form.base, entered["players"])  # a mount typed in: into the rider's string
    names = form.base.team_names()
    for mount, team, number in added:
        st.toast(md(_("{mount} added to the string of {team} #{number}.", mount=mount, team=names.get(team, team),
                      number=number)))
    save_change(base, put_event(base, new_event))


def _call_parts(p, form: TagForm, moments: dict, base_key: str) -> dict:
    """The call's parts on the form, each starting from what is known (`prefilled_call`) where the tag does not
    record it, said to be pre-filled; the widget's key names the value, so it follows a moment moved (W) until
    the reviewer changes it."""
    situation = p.id
    call_now = form.tag.call.given()
    st.markdown("**" + _("The call made") + "**")
    asked = [(name, spec) for name, spec in CALL_FIELDS.items() if name not in DECISIONS or name in p.decisions]
    known = {name: value for name, value in prefilled_call(situation, form.time_s, moments).items()
             if call_now.get(name) is None and name in dict(asked)}
    if known:
        st.caption(_("Pre-filled from what is known (change any before saving): {parts}.",
                     parts="; ".join(f"{call_field_label(name, lang())}: {_prefilled_text(name, value)}"
                                     for name, value in known.items())))
    cols = st.columns(2)
    call = {}
    for n, (name, spec) in enumerate(asked):
        with cols[n % 2]:
            key = (f"{base_key}.pre-{known[name]}" if name in known else base_key) + f".call.{name}"
            call[name] = call_widget(name, spec, key, known.get(name, call_now.get(name)), form.base)
    return call


def _period_and_clock(form: TagForm, base_key: str) -> tuple:
    """The period and game clock, each pre-filled from the match's period starts (model.periods) where the tag
    does not record it, said to be so and changeable; the widget's key names the value, so it follows the tag
    moved (T again) until the reviewer changes it."""
    draft = form.tag
    pre_period, pre_clock = form.period_prefilled()
    parts = [f"{label}: {value}" for label, value in ((_("Period"), pre_period), (_("Game clock"), pre_clock))
             if value is not None]
    if parts:
        st.caption(_("Pre-filled from the period starts (change either before saving): {parts}.",
                     parts="; ".join(parts)))
    c1, c2 = st.columns(2)
    periods = int(form.base.match.get("periods") or 8)
    period = c1.number_input(_("Period"), min_value=1, max_value=periods + OVERTIME_PERIODS_MAX, step=1,
                             value=draft.period if pre_period is None else pre_period,
                             key=f"{base_key}.pre-{pre_period}.period",
                             help=_("Past {periods}: an overtime period ({first} is the first).",
                                    periods=periods, first=periods + 1))
    clock = c2.text_input(_("Game clock (m:ss)"), value=(draft.clock or "") if pre_clock is None else pre_clock,
                          key=f"{base_key}.pre-{pre_clock}.clock", placeholder="6:30", max_chars=5,
                          help=_("Pre-filled as the footage's time since the period's start, stoppages included; "
                                 "correct it to the game clock where they differ."))
    return period, clock


FULL = "review.form.full"  # the full form, answered field by field (on), or the form in the browser (off)
PREFER_FULL = "review.form.prefer_full"  # the reviewer's choice, kept while the form is closed
SENT = "review.form.sent"  # the browser's Save, until this run saves it


def saved_last(doc: MatchDocument) -> str | None:
    """The id of the tag this reviewer saved last in `doc`'s match, from the form or a code key."""
    saves = [s for s in (st.session_state.get(LAST_VERDICT), st.session_state.get(CODED))
             if s and s.path == str(doc.path)]
    return max(saves, key=lambda s: s.seq).tag if saves else None


def tag_form(doc: MatchDocument, current_frame: int, current_time: float) -> None:
    """The open tag's form: in the browser until Save (form_view), or the full form with one round trip a field."""
    form = st.session_state.get(FORM)
    if not form:
        return
    if form.base.path != doc.path:
        st.session_state.pop(FORM, None)
        return
    where = {"id": form.id, "frame": form.frame, "time": format_time(form.time_s, 2)}
    st.subheader(_("New tag {id} at frame {frame} ({time})", **where) if form.mode == NEW else
                 _("Edit tag {id} at frame {frame} ({time})", **where))
    angle = form.made_on
    if angle:
        st.caption(md(_("Made on the second angle {name}; its frames are the footage's.",
                        name=recording_label(doc, angle))))
    full = st.toggle(_("Full form"), key=FULL, value=bool(st.session_state.get(PREFER_FULL)),
                     on_change=lambda: st.session_state.update({PREFER_FULL: st.session_state[FULL]}),
                     help=_("Off: the form is filled in the browser, from the keyboard, and the app hears it once, "
                            "with Save. On: every field as the app's own widget, each answered by the app as it is "
                            "chosen (with the reading of a fact derived from the mount register)."))
    if full:
        _full_form(form, current_frame, current_time)
    else:
        _browser_form(form, current_frame, current_time)


def _browser_form(form: TagForm, current_frame: int, current_time: float) -> None:
    """The form in the browser (form_view): one round trip, on Save, answered with the verdict."""
    situation = st.session_state.get("review.form.situation") or form.tag.situation
    st.session_state["review.form.situation"] = situation  # the frame view's moment keys follow it
    moments = moments_bar(form, current_frame, current_time, situation)
    description = describe(form, situation, moments, bool(reviewer()))

    def on_save(value: dict) -> None:
        st.session_state[SENT] = value

    def on_situation(chosen: str) -> None:
        st.session_state["review.form.situation"] = chosen

    def on_cancel() -> None:
        st.session_state.pop(FORM, None)

    tag_form_view(description, on_save, on_situation, on_cancel)
    sent = st.session_state.pop(SENT, None)
    if not isinstance(sent, dict) or sent.get("token") != description.token:  # none, or a form closed since
        return
    try:
        tag = sent_tag(sent, description)
    except TagError as exc:
        error_line(exc)
        return
    frame, time_s = (current_frame, current_time) if tag.move else (form.frame, form.time_s)
    teams = form.base.match["teams"]
    _save_tag(form, frame, time_s, reviewer(), tag.offender, dict(
        situation=tag.situation, facts=tag.facts, call=resolved_call(tag.call, _offender(tag.offender), teams),
        period=tag.period, clock=tag.clock, players=tag.players, umpire=tag.umpire, mount=tag.mount,
        notes=tag.notes, moments=moments, reading=tag.reading))


def _full_form(form: TagForm, current_frame: int, current_time: float) -> None:
    """The form of Streamlit widgets, each field answered by the app as it is chosen."""
    draft = form.tag
    situation, p = _situation(draft)
    hints = describe_keys(situation, form.base)
    if hints:  # the same parts from the keyboard, while the footage plays (model.coding.described)
        st.caption(_("While playing, right after this situation's code key: {keys}.",
                     keys=" · ".join(f"{h['keys'].upper()} {h['label']}" for h in hints)))
    moments = moments_bar(form, current_frame, current_time, situation)
    base_key = f"review.f.{form.id}.{situation}"
    with st.form(base_key, border=True):
        st.markdown("**" + _("Facts seen") + "**")
        derived = DERIVED_FACTS.get(situation, ())
        facts = {f.name: fact_widget(f, f"{base_key}.fact.{f.name}", draft.facts.get(f.name))
                 for f in p.facts if f.name not in derived}
        reading = reading_widget(form, situation, derived, base_key)
        call = _call_parts(p, form, moments, base_key)
        players, offender_choice, umpire, mount_concerned = _who_was_involved(form, base_key)
        period, clock = _period_and_clock(form, base_key)
        notes = st.text_area(_("Notes"), value=draft.notes or "", key=f"{base_key}.notes", max_chars=NOTES_MAX)
        move = form.mode == EDIT and current_frame != form.frame and st.checkbox(
            _("Move the tag to the current frame ({frame})", frame=current_frame), key=f"{base_key}.move")
        name = reviewer()
        if not name:
            st.warning(_("Sign in first (in the sidebar): every change is recorded under the person signed in; "
                         "reading needs no sign-in."))
        c1, c2 = st.columns(2)
        save = c1.form_submit_button(_("Save"), type="primary", disabled=not name, key="review.form.save")
        cancel = c2.form_submit_button(_("Cancel"), key="review.form.cancel")
    if cancel:
        st.session_state.pop(FORM, None)
        st.rerun()
    if not save:
        return
    frame, time_s = (current_frame, current_time) if move else (form.frame, form.time_s)
    call = resolved_call(call, _offender(offender_choice), form.base.match["teams"])
    _save_tag(form, frame, time_s, name, offender_choice, dict(
        situation=situation, facts=facts, call=call, period=period, clock=clock, players=players, umpire=umpire,
        mount=mount_concerned, notes=notes, moments=moments, reading=reading))


def findings_banner(doc: MatchDocument, findings: list) -> None:
    """Beside the verdict of the tag just saved: every mandatory or error finding of the match that names it
    (an excused mount ridden again, a second courtesy change...), at once, not only in the report."""
    saved = shown_save(doc)
    if not saved:
        return
    for f in findings:
        if f.severity in WRONG_CALL and saved.tag in f.events:
            st.error(md(_("Match finding naming {id} ({severity}, {clause}): {explanation} Tags concerned: {events}.",
                          id=saved.tag, severity=severity_label(f.severity, lang()), clause=f.clause,
                          explanation=rendered(f.explanation), events=", ".join(f.events))),
                     icon=":material/report:")


def mount_picker(label: str, key: str, value: str | None, strings: dict[str, str], where) -> str | None:
    """A mount from the players' strings (shown with whose string it is in), or a new one typed in."""
    options = [None, *strings] + ([value] if value and value not in strings else [])
    return where.selectbox(label, options, index=options.index(value) if value in options else 0, key=key,
                           accept_new_options=True, placeholder=_("Choose or type a new mount"),
                           help=_("From the players' strings of mounts; a new name typed here is added to the "
                                  "string of the player in this row when the tag is saved."),
                           format_func=fixed(options, lambda m: _("(none)") if m is None else
                                             strings[m] if m in strings else m))


def _offender(choice: str | None) -> dict | None:
    if not choice:
        return None
    team, _sep, number = choice.partition("#")
    return {"team": team, "number": int(number)} if number else {"team": team}


def _set_moment(form: TagForm, moment: str, frame: int, time_s: float) -> None:
    # The frame on screen when the key was pressed: the page's position at this moment, not the one the
    # button was drawn with (a step key may have moved it since, in the same run that drew the form).
    viewer = st.session_state.get("review.viewer")
    if viewer is not None and "review.pos" in st.session_state:
        frame = viewer.clamp(st.session_state["review.pos"])
        time_s = viewer.time_of(frame)
    form.set_moment(moment, frame, time_s)


def _clear_moments(form: TagForm) -> None:
    form.moments = {}


def moments_bar(form: TagForm, current_frame: int, current_time: float, situation: str | None = None) -> dict:
    """The tag's moments, each set to the frame on screen with one key (W, E, N, and the events the clause's
    wait ends at: A, M, X, S), and what they measure: the whistle's delay after the incident and the time play
    stood."""
    moments = form.taken_moments()
    st.markdown("**" + _("Moments (step to each, then press its key)") + "**")
    offered = moments_for(situation, moments)
    # the four every tag has two by two, the waits a clause adds a row each: their labels stay whole in the side
    # column ("Player able to resume, or substitute on" was cut to "Player able to resume, or s…" in half of it)
    common = len([m for m in offered if m[0] not in WAIT_MOMENTS])  # MOMENT_KEYS puts the waits last
    cols = [c for _row in range((common + 1) // 2) for c in st.columns(2)]
    cols += [st.container() for _wait in offered[common:]]
    for col, (moment, label, shortcut) in zip(cols, offered, strict=False):
        at = {"frame": form.frame} if moment == "incident" else moments.get(moment)
        shown = _("{what}: frame {frame}", what=_(label), frame=at["frame"]) if at else \
            _("{what}: not set", what=_(label))
        col.button(shown, key=f"review.moment.{moment}", width="stretch",
                   on_click=_set_moment, args=(form, moment, current_frame, current_time),
                   help=_("Set the {what} to the frame on screen ({shortcut})", what=_(label).lower(),
                          shortcut=shortcut) if shortcut else _("Set the incident to the frame on screen"))
    st.button(_("Clear"), key="review.moment.clear", on_click=_clear_moments, args=(form,), width="stretch",
                    help=_("Clear the whistle, restart and neutral-play moments, and those the restart waits for"))
    heard = form.whistle_heard
    if heard is not None and (moments.get("whistle") or {}).get("frame") == heard:
        st.info(_("Whistle pre-filled from the sound track: frame {frame}. Saving confirms it; to move it, step to "
                  "the whistle and press W.", frame=heard), icon=":material/campaign:")
    measured = measure(form.time_s, moments)
    parts = []
    if measured.whistle_before_incident:
        parts.append(_("whistle {early:.2f} s before the incident (play already stopped: not this call's whistle)",
                       early=-(measured.whistle_delay_s or 0.0)))
    elif measured.whistle_delay_s is not None:
        parts.append(_("whistle {delay:.2f} s after the incident ({timing})", delay=measured.whistle_delay_s,
                       timing=value_label(measured.whistle, lang())))
    if measured.stopped_for_s is not None:
        parts.append(_("play stood {seconds:.1f} s", seconds=measured.stopped_for_s))
    for moment, label, _key in offered:
        after = measured.after(moment) if moment in WAIT_MOMENTS else None
        if after is not None:
            parts.append(_("restart {seconds:.1f} s after: {what}", seconds=after, what=_(label).lower()) if after >= 0
                         else _("restart {seconds:.1f} s before: {what}", seconds=-after, what=_(label).lower()))
    if parts:
        st.caption(_("Measured: {what}", what="; ".join(parts)))
    return dict(moments)


# -- the list ------------------------------------------------------------------------------------

def settle_pick(doc: MatchDocument, position: int = 0) -> str | None:
    """The tag picked in the list, settled before anything on the page uses it: the tag a save or a link asked
    for, else the one picked, else the tag at or before the current frame. The drawing layer asks this too,
    before the list is drawn, so a shape always goes to the tag the list shows picked."""
    records = read_events_in_order(doc)
    ids = [e.id for e in records]
    pending = st.session_state.pop("review.tag_pick_next", None)
    if pending in ids:
        st.session_state["review.tag_pick"] = pending
    if st.session_state.get("review.tag_pick_doc") != str(doc.path):
        # Another match: set the choice anew even when the same id exists there (e1 in both), or
        # the browser keeps showing the other match's label for it.
        st.session_state["review.tag_pick_doc"] = str(doc.path)
        if pending not in ids:
            st.session_state.pop("review.tag_pick", None)
    if ids and st.session_state.get("review.tag_pick") not in ids:  # the tag at or before the current frame
        before = [e.id for e in records if e.position.frame <= position]
        st.session_state["review.tag_pick"] = before[-1] if before else ids[0]
    return st.session_state.get("review.tag_pick") if ids else None


def tag_details(doc: MatchDocument, event: Event) -> None:
    """What the side table leaves out, for the tag picked: its period and clock, frame and time, umpire (whose
    column a long name fills), reviewer, the recording it was made on (where not the footage) and its notes."""
    parts = [_("Period {n}", n=event.period) if event.period else _("no period"),
             *([event.clock] if event.clock else []),
             _("frame {frame} ({time})", frame=event.position.frame, time=format_time(event.position.time_s, 2)),
             _("umpire {name}", name=event.involved.umpire or "—"),
             _("tagged by {name}", name=event.reviewer or "—"),
             *([_("made on {recording}", recording=recording_label(doc, event.angle))] if event.angle else [])]
    st.caption(md(" · ".join(parts)))
    if event.notes:
        st.caption(md(_("Notes: {notes}", notes=event.notes)))


# The side table's widths in px: the panel beside the frame at 1500 px, the longest verdict (Discretionary,
# Discrecional) whole, what a character of the table's font takes at most in an id or a heading, and the clause
# column's widest (21.general.dangerous-fouls).
SIDE_PX, VERDICT_PX = 400, 98
CHAR_PX, PAD_PX, CLAUSE_MAX_PX, TAG_MAX_PX = 6.5, 18, 168, 80


def _text_width(texts: list[str], most: int = SIDE_PX) -> int:
    """A column's width for these cells and heading: the longest whole, at most `most`."""
    return min(most, round(max(map(len, texts)) * CHAR_PX) + PAD_PX)


def tag_list(doc: MatchDocument, results: dict[str, dict], jump, position: int = 0) -> None:
    events = read_events_in_order(doc)
    st.subheader(_("Tags ({n})", n=len(events)))
    if not events:
        st.caption(_("No tags yet. Step to a stoppage and press Tag here (T)."))
        return
    # The columns a coach scans the list by, narrow enough to read whole in the side panel beside the frame (at
    # 1500 px the walk found period, reviewer and notes cut off with no way to reach them); the rest is on the tag
    # picked below (`tag_details`).
    rows = [{
        _("Tag"): e.id,
        _("Clause"): e.situation,
        _("Verdict"): verdict_label(results.get(e.id, {}).get("verdict", ""), lang()),
        _("Umpire"): e.involved.umpire or "—",
    } for e in events]
    # "Etiqueta" was cut to "Etique" in 40 px; a hand-edited id of any length leaves the umpire's column its room
    tag_px = _text_width([e.id for e in events] + [_("Tag")], TAG_MAX_PX)
    clause_px = _text_width([e.situation for e in events] + [_("Clause")], CLAUSE_MAX_PX)
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="review.tag_table",
                 # SIDE_PX in all, the side panel's width at 1500 px: the clause column as wide as this match's
                 # longest clause id, the umpire's name given the rest (a fixed 168 px for the longest id of all,
                 # 21.general.dangerous-fouls, cut "Pedro Zavaleta" on a match of short ones); a name longer than its
                 # column is whole on the tag's line below
                 column_config={_("Tag"): st.column_config.TextColumn(width=tag_px),
                                _("Clause"): st.column_config.TextColumn(width=clause_px),
                                _("Verdict"): st.column_config.TextColumn(width=VERDICT_PX),
                                _("Umpire"): st.column_config.TextColumn(
                                    width=SIDE_PX - tag_px - VERDICT_PX - clause_px)})
    by_id = {e.id: e for e in reversed(events)}  # an id given twice (a hand-edited file): its first in this list
    ids = [e.id for e in events]
    settle_pick(doc, position)
    chosen = st.selectbox(_("Tag"), ids, key="review.tag_pick", on_change=moved_on,
                          format_func=fixed(ids, lambda i: f"{i} · {by_id[i].situation} · f{by_id[i].position.frame}"))
    event = by_id[chosen]
    tag_details(doc, event)
    # A row that wraps: each button as wide as its words (in Spanish, or beside an open sidebar, three
    # equal columns cut them to "Ju…", "Del…").
    row = st.container(horizontal=True, gap="small")
    c2 = c3 = c4 = row
    if jump is not None:  # no footage open: nothing to jump to
        if c2.button(_("Jump to"), key="review.tag_jump", icon=":material/my_location:", width="content"):
            moved_on()
            jump(event.position.frame)
            st.rerun()
    if c3.button(_("Edit"), key="review.tag_edit", icon=":material/edit:", width="content"):
        if jump is not None:  # the tag edited is the tag on screen, as Jump to shows it
            jump(event.position.frame)
        open_form(doc, event.position.frame, event.position.time_s, event)
        st.rerun()
    if c4.button(_("Delete"), key="review.tag_delete", icon=":material/delete:", width="content"):
        own = writable(doc)
        save_change(own, delete_event(own, chosen))
