"""The Matches page's parts: a new match in one step (details, teams or a roster CSV, footage), and
for an existing one its details, teams and players with their strings of mounts, its footage, renaming
and archiving. The logic is in `model.match_setup`, `model.roster` and `model.recordings`; every
change is saved through the store, which raises the revision and merges a concurrent edit."""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path

import pandas as pd
import streamlit as st

from review_app.config import MAX_ROSTER_MB, MAX_UPLOAD_MB
from review_app.errors import PoloReviewError
from review_app.model import MatchDocument, RevisionConflict, load_document
from review_app.model import roster as rosters
from review_app.model.catalog import stamp
from review_app.model.demo import is_demo
from review_app.model.match_setup import (
    Details,
    archived,
    details_of,
    ends_next_day,
    new_match_data,
    suggest_id,
    with_details,
    with_roster,
    with_teams,
    zone_names,
)
from review_app.model.recordings import recording_path, recordings, review_on
from review_app.rules.labels import MATCH_FIELD_NAMES
from review_app.textsafe import md
from review_app.ui import upload_view
from review_app.ui.context import (
    N_,
    _,
    error_line,
    fixed,
    flash,
    folders,
    lang,
    page_run,
    roots,
    signed_in_reviewer,
    store,
)
from review_app.ui.footage_intake import (
    attached,
    intake_forms,
    receive_path,
    receive_upload,
    recording_upload,
    upload_missing,
)
from review_app.ui.upload_route import Spooled

HELD = "matches.held"  # the match as read when its forms were drawn: the base a save merges against
GEN = "matches.gen"  # bumped after a save, so the forms are drawn again from what was saved
DRAWN = "matches.drawn_run"  # the run of the app that last drew this page's forms (`context.page_run`)
TRI = (None, True, False)


def _gen() -> int:
    return st.session_state.setdefault(GEN, 0)


def _load(path: Path) -> MatchDocument:
    """The match from the store (the demo's from its read-only folder)."""
    return load_document(path) if is_demo(path, folders()) else store().matches.load(str(path))


def held(path: Path) -> MatchDocument:
    """The match the forms are drawn from: read again when another match is picked, or when the page comes back
    from another one (its forms were not on screen, so nothing was edited on them) and the match was saved since,
    by this reviewer elsewhere (tags on the Review page) or anyone: a copy held from before would be taken for
    someone else's older version."""
    doc = st.session_state.get(HELD)
    run = page_run()["number"]
    came_back = st.session_state.get(DRAWN) != run - 1
    st.session_state[DRAWN] = run
    if doc is None or doc.path != path or (came_back and changed_on_disk(doc)):
        doc = _load(path)
        st.session_state[HELD] = doc
        st.session_state[GEN] = _gen() + 1
    return doc


def changed_on_disk(doc: MatchDocument) -> bool:
    try:
        now = _load(doc.path)
    except PoloReviewError:
        return False
    return now.revision != doc.revision


def save(changed: MatchDocument) -> MatchDocument | None:
    """Save through the store (merged with anyone else's save since the forms were drawn); the forms
    are then drawn from what was saved."""
    if not signed_in_reviewer():  # every change is someone's: checked where it is written
        return None
    try:
        saved = store().matches.save(changed)
    except RevisionConflict as exc:
        st.error(md(_("Not saved: someone else changed the same thing meanwhile ({where}). Reload the match to see "
                      "their version, then make your change again.", where=", ".join(exc.overlaps) or "?")),
                 icon=":material/warning:")
        return None
    except PoloReviewError as exc:
        error_line(exc)
        return None
    st.session_state[HELD] = saved
    st.session_state[GEN] = _gen() + 1
    if saved.merged is not None:
        flash("info", _("Saved together with changes someone else made meanwhile (revision {rev}).",
                        rev=saved.revision))
    return saved


def _saved_and_rerun(changed: MatchDocument, what: str) -> None:
    saved = save(changed)
    if saved is not None:
        flash("success", _("{what}: saved (revision {rev}).", what=what, rev=saved.revision))
        st.rerun()


def _yes_no(value) -> str:
    return _("not recorded") if value is None else _("yes") if value else _("no")


# -- the details form ------------------------------------------------------------------------------

def details_fields(key: str, d: Details) -> Details:
    """The match's details as widgets (inside a form), initialised from `d`."""
    c1, c2 = st.columns([2, 1])
    name = c1.text_input(_("Match name"), d.name, key=f"{key}.name", max_chars=200)
    day = c2.date_input(_("Date"), d.day, key=f"{key}.day", format="YYYY-MM-DD")
    c1, c2, c3 = st.columns([2, 2, 1])
    venue = c1.text_input(_("Venue"), d.venue or "", key=f"{key}.venue", max_chars=200)
    zones = zone_names()
    zone = c2.selectbox(_("Time zone of the times"), zones, index=zones.index(d.time_zone) if d.time_zone in zones
                        else 0, key=f"{key}.zone", help=_("The times are stored in UTC; they are shown in this zone."))
    periods = c3.number_input(_("Periods"), 1, 8, int(d.periods), key=f"{key}.periods")
    c1, c2, c3 = st.columns(3)
    start = c1.time_input(_("Start time"), d.start, key=f"{key}.start", step=60)
    end = c2.time_input(_("End time"), d.end, key=f"{key}.end", step=60,
                        help=_("The 24 hours of 21.f(5) run from it. An end before the start is taken as the next "
                               "day."))
    goal = c3.number_input(_(MATCH_FIELD_NAMES["match.upper_handicap"]), -10.0, 40.0,
                           None if d.upper_handicap is None else float(d.upper_handicap), step=1.0,
                           key=f"{key}.goal", format="%g", help=_("The event's upper handicap level; 21.g's "
                                                                  "6-goal provision depends on it."))
    c1, c2 = st.columns(2)
    referee = c1.text_input(_("Referee"), d.referee or "", key=f"{key}.referee", max_chars=200)
    umpires = c2.text_input(_("Umpires (separated by commas)"), ", ".join(d.umpires), key=f"{key}.umpires",
                            max_chars=420)
    st.markdown("**" + _("Announced before the game") + "**")
    c1, c2 = st.columns(2)
    label = fixed(TRI, _yes_no)
    courtesy = c1.radio(_(MATCH_FIELD_NAMES["match.announcements.courtesy_changes_allowed"]), TRI,
                        TRI.index(d.courtesy_changes), key=f"{key}.courtesy", horizontal=True, format_func=label)
    tack = c2.radio(_(MATCH_FIELD_NAMES["match.announcements.tack_provision_6_goal"]), TRI, TRI.index(d.tack_6_goal),
                    key=f"{key}.tack", horizontal=True, format_func=label)
    other = st.text_area(_("Other announcements"), d.other_announcements or "", key=f"{key}.other", max_chars=2000,
                         height=80)
    return Details(name=name, day=day, periods=int(periods), venue=venue, time_zone=zone, start=start, end=end,
                   upper_handicap=None if goal is None else float(goal), referee=referee,
                   umpires=[u for u in umpires.split(",") if u.strip()], courtesy_changes=courtesy, tack_6_goal=tack,
                   other_announcements=other)


def details_tab(doc: MatchDocument) -> None:
    d = details_of(doc)
    key = f"matches.d.{_gen()}"
    with st.form(key):
        new = details_fields(key, d)
        st.caption(md(_("Match id: {id} (kept when the match is renamed: links and evidence cases use it).",
                        id=doc.match_id)))
        submitted = st.form_submit_button(_("Save the details"), type="primary", key="matches.details_save")
    if submitted:
        if ends_next_day(new):
            flash("info", _("The end time is before the start: it was taken as the next day."))
        try:
            changed = with_details(doc, new)
        except PoloReviewError as exc:
            error_line(exc)
            return
        _saved_and_rerun(changed, _("Details"))


# -- teams and players -----------------------------------------------------------------------------

def _players_frame(team: dict) -> pd.DataFrame:
    rows = [{"number": p["number"], "name": p.get("name") or "", "handicap": p.get("handicap"),
             "mounts": rosters.string_text(p), "id": p.get("id") or ""} for p in team.get("players") or []]
    return pd.DataFrame(rows, columns=["number", "name", "handicap", "mounts", "id"])


def _players(frame: pd.DataFrame) -> list[dict]:
    out = []
    for row in frame.to_dict("records"):
        number = row.get("number")
        if number is None or (isinstance(number, float) and math.isnan(number)):
            continue
        handicap = row.get("handicap")
        if isinstance(handicap, float) and math.isnan(handicap):
            handicap = None
        out.append({"number": int(number), "name": (row.get("name") or "").strip() or None, "handicap": handicap,
                    "mounts": row.get("mounts") or "", "id": (row.get("id") or "").strip() or None})
    return out


def teams_tab(doc: MatchDocument) -> None:
    key = f"matches.t.{_gen()}"
    with st.form(key):
        edited = []
        for n, team in enumerate(doc.match["teams"]):
            c1, c2 = st.columns([3, 1])
            name = c1.text_input(_("Team {n}", n=n + 1), team["name"], key=f"{key}.{n}.name", max_chars=200)
            colour = c2.text_input(_("Colour"), team.get("color") or "", key=f"{key}.{n}.colour", max_chars=200,
                                   placeholder="#c62828")
            frame = st.data_editor(
                _players_frame(team), key=f"{key}.{n}.players", num_rows="dynamic", hide_index=True, width="stretch",
                column_config={
                    "number": st.column_config.NumberColumn(_("Number"), min_value=1, max_value=4, step=1,
                                                            required=True),
                    "name": st.column_config.TextColumn(_("Player"), max_chars=200),
                    "handicap": st.column_config.NumberColumn(_("Handicap"), min_value=-2, max_value=10, step=1),
                    "mounts": st.column_config.TextColumn(_("String of mounts (separated by ;)"),
                        help=_("Each mount's distinguishing marks in brackets after its name: Mora (white blaze); "
                               "Reina (bay, two white socks)"), width="large"),
                    "id": None})
            edited.append({"name": name, "color": colour, "players": _players(frame)})
        submitted = st.form_submit_button(_("Save the teams"), type="primary", key="matches.teams_save")
    if submitted:
        try:
            changed = with_teams(doc, edited)
        except PoloReviewError as exc:
            error_line(exc)
            return
        _saved_and_rerun(changed, _("Teams"))
    roster_import(doc)


def template_button(key: str) -> None:
    st.download_button(_("Download the roster template (CSV)"), rosters.template(lang()).encode("utf-8-sig"),
                       file_name="roster-template.csv", mime="text/csv", key=key, icon=":material/download:")


def roster_import(doc: MatchDocument) -> None:
    st.markdown("**" + _("Import a roster") + "**")
    st.caption(_("A CSV file from a spreadsheet, one row per player: team, colour, number, name, handicap, mounts "
                 "(separated by ;). It replaces both teams and their players; a file with a bad row imports "
                 "nothing."))
    c1, c2 = st.columns(2)
    with c1:
        template_button("matches.template")
    c2.download_button(_("Download this match's roster (CSV)"),
                       rosters.to_csv(doc.match["teams"], lang()).encode("utf-8-sig"),
                       file_name=f"roster-{doc.match_id}.csv", mime="text/csv", key="matches.roster_export",
                       icon=":material/download:")
    with st.form(f"matches.roster.{_gen()}"):
        got = st.file_uploader(_("Roster (CSV)"), type=["csv", "txt"], key=f"matches.roster_file.{_gen()}",
                               max_upload_size=MAX_ROSTER_MB)
        if st.form_submit_button(_("Import the roster"), key="matches.roster_go"):
            if got is None:
                st.warning(_("Choose the roster file first."))
                return
            try:
                changed = with_roster(doc, rosters.parse(got.getvalue(), path=got.name))
            except PoloReviewError as exc:
                error_line(exc)
                return
            _saved_and_rerun(changed, _("Roster"))


# -- footage ------------------------------------------------------------------------------------------

HOW_LABELS = {"upload": N_("uploaded"), "registered": N_("registered by path"),
              "folder": N_("from the footage folder"), "demo": N_("copied with the demo")}


def footage_tab(doc: MatchDocument) -> None:
    entries = recordings(doc)
    current = (doc.data.get("footage") or {}).get("sha256")
    if entries:
        where = roots()
        st.dataframe(pd.DataFrame([{
            _("Recording"): e.get("name") or Path(e["path"]).name,
            _("How"): _(HOW_LABELS.get(e["how"], e["how"])),
            _("Reviewed on"): "✓" if e["sha256"] == current else "",
            _("Size (MB)"): round((e.get("size") or 0) / 2**20, 1),
            _("Frames"): e.get("frame_count"),
            _("Added"): e.get("added_utc"),
            _("By"): e.get("added_by"),
            _("Found"): "✓" if recording_path(doc, e, where) else "✗",
            "SHA-256": e["sha256"]} for e in entries]), hide_index=True, width="stretch", key="matches.recordings")
        shas = [e["sha256"] for e in entries]
        names = {e["sha256"]: e.get("name") or Path(e["path"]).name for e in entries}
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        pick = c1.selectbox(_("The tags' frames refer to"), shas, index=shas.index(current) if current in shas else 0,
                            key=f"matches.review_on.{_gen()}", format_func=fixed(shas, lambda s: names[s]))
        if c2.button(_("Review on this one"), key="matches.review_on_go", disabled=pick == current):
            _saved_and_rerun(review_on(doc, pick), _("Footage"))
    elif (doc.data.get("footage") or {}).get("path"):
        st.caption(md(_("Reviewed on {path} (attached before recordings were listed).", path=doc.footage["path"])))
    else:
        st.info(_("No footage attached yet."))
    intake_forms(doc, "matches.intake", save)


# -- archive -------------------------------------------------------------------------------------------

def archive_tab(doc: MatchDocument) -> None:
    if doc.match.get("archived"):
        st.info(_("This match is archived: kept with its tags, but not offered on the Review, Report and Training "
                  "pages."))
        if st.button(_("Restore the match"), key="matches.restore", icon=":material/unarchive:"):
            _saved_and_rerun(archived(doc, False), _("Restored"))
    else:
        st.caption(_("Archiving keeps the match and its tags; it is no longer offered on the Review, Report and "
                     "Training pages. It can be restored here (show archived matches)."))
        if st.button(_("Archive the match"), key="matches.archive", icon=":material/archive:"):
            _saved_and_rerun(archived(doc, True), _("Archived"))


# -- a new match ------------------------------------------------------------------------------------

def new_match_panel() -> None:
    st.subheader(_("New match"))
    template_button("matches.new_template")
    gen = st.session_state.setdefault("matches.new_gen", 0)
    key = f"matches.new.{gen}"
    zone = st.context.timezone if st.context.timezone in zone_names() else "UTC"
    with st.form(key):
        d = details_fields(key, Details(name="", day=date.today(), time_zone=zone))
        st.markdown("**" + _("Teams") + "**")
        roster_file = st.file_uploader(_("Roster (CSV): sets both teams and their players"), type=["csv", "txt"],
                                       key=f"{key}.roster", max_upload_size=MAX_ROSTER_MB)
        c1, c2, c3, c4 = st.columns([3, 1, 3, 1])
        team_a = c1.text_input(_("Team 1 (without a roster)"), key=f"{key}.team_a", max_chars=200)
        colour_a = c2.text_input(_("Colour"), key=f"{key}.colour_a", max_chars=200)
        team_b = c3.text_input(_("Team 2 (without a roster)"), key=f"{key}.team_b", max_chars=200)
        colour_b = c4.text_input(_("Colour"), key=f"{key}.colour_b", max_chars=200)
        st.markdown("**" + _("Footage (optional, attached to this match only)") + "**")
        c1, c2 = st.columns(2)
        with c1:
            upload = recording_upload(f"{key}.upload", _("Upload a recording"),
                                      help=_("Up to {mb} MB.", mb=MAX_UPLOAD_MB))
        path = c2.text_input(_("Or the full path of a recording already on the server"), key=f"{key}.path",
                             max_chars=1000, placeholder="/media/recordings/final.mp4")
        match_id = st.text_input(_("Match id (letters, digits, . _ -; empty: made from the date and name)"),
                                 key=f"{key}.id", max_chars=100)
        submitted = st.form_submit_button(_("Create the match"), type="primary", key="matches.create")
    if not submitted:
        return
    if isinstance(upload, upload_view.Sending):
        upload_missing(upload, "")
        return
    try:
        roster = rosters.parse(roster_file.getvalue(), path=roster_file.name) if roster_file is not None else None
        teams = None if roster else [{"name": team_a, "color": colour_a}, {"name": team_b, "color": colour_b}]
        data = new_match_data(match_id.strip() or suggest_id(d.name, d.day), d, teams=teams, roster=roster)
        matches = store().matches
        if matches.find(data["match"]["id"]) is not None:  # said before any footage is taken in
            raise PoloReviewError(f"a match with the id {data['match']['id']} exists already")
        doc = MatchDocument(data, Path(matches.folder) / f"{data['match']['id']}.json")
        if isinstance(upload, Spooled):
            doc = attached(doc, receive_upload(upload))
        if path.strip():
            doc = attached(doc, receive_path(path), review_on=not isinstance(upload, Spooled))
        made = matches.create(doc.data)
    except PoloReviewError as exc:
        error_line(exc)  # a recording sent is kept for another try
        return
    if isinstance(upload, Spooled):
        upload_view.taken(f"{key}.upload", upload)
    if ends_next_day(d):
        flash("info", _("The end time is before the start: it was taken as the next day."))
    flash("success", _("Match {name} created ({path}).", name=made.match["name"], path=made.path))
    st.session_state["matches.pick_next"] = str(made.path)
    st.session_state["review.match_next"] = str(made.path)
    st.session_state["matches.new_gen"] = gen + 1
    st.rerun()


__all__ = ["archive_tab", "changed_on_disk", "details_tab", "footage_tab", "held", "new_match_panel", "stamp",
           "teams_tab"]
