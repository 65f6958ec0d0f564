"""Review page: saving a tag change, and what follows a save: the verdict banner, the undo of a
delete, and the side-by-side view when a save meets someone else's save (the revision conflict)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import msgspec
import pandas as pd
import streamlit as st

from review_app.errors import PoloReviewError
from review_app.i18n import DEFAULT_LANGUAGE
from review_app.model import (
    MatchDocument,
    RevisionConflict,
)
from review_app.model.edits import (
    Change,
    Difference,
    changed_fields,
    commit,
    differences,
    overlapping_parts,
    pretty,
    replay,
    undo_of,
)
from review_app.model.event import Event, decode_event
from review_app.rules import provision
from review_app.rules.labels import (
    VERDICT_ICONS,
    call_field_label,
    value_label,
    verdict_label,
)
from review_app.rules.provision import Provision
from review_app.rules.rulebook import TRANSLATION_NOTICE
from review_app.textsafe import md
from review_app.ui import scroll
from review_app.ui.context import N_, _, error_line, lang, rendered, signed_in_reviewer, store
from review_app.ui.review.pick import remember, writable

FORM = "review.form"  # the open tag form's state in the session (model.tag_draft.TagForm)
LAST_VERDICT = "review.last_verdict"  # the SavedTag the form saved last: its verdict is shown
MOVED_ON = "review.moved_on"  # when the reviewer last did something else: a save's banner before it is gone


@dataclass(frozen=True)
class SavedTag:
    """A tag this reviewer just saved (from the form, or with a code key)."""

    tag: str  # its id as saved
    path: str  # its match
    seq: int  # when: the later of two is the one saved last; a new one scrolls to its verdict once


def clause_text(p: Provision) -> None:
    """The rulebook's words for a clause, in the chosen language (English prevails)."""
    with st.expander(_("What the rulebook says")):
        st.markdown(md(rendered(p.text)))
        if lang() != DEFAULT_LANGUAGE:  # the notice that the Spanish is a translation
            st.caption(rendered(TRANSLATION_NOTICE))


# -- saving, conflicts, undo ----------------------------------------------------------------------

def hold_conflict(base: MatchDocument, change: Change, exc: RevisionConflict) -> None:
    """Keep a save that met someone else's for the side-by-side view (conflict_panel)."""
    st.session_state["review.conflict"] = {"path": str(base.path), "change": change, "mine": exc.mine,
                                           "theirs": exc.theirs, "base": exc.base, "overlaps": exc.overlaps,
                                           "mine_rev": base.loaded_revision}
    st.session_state.pop(FORM, None)


def save_change(base: MatchDocument, change: Change, *, undo: bool = False) -> None:
    # Every change of the Review page (a tag, a drawing, an undo) lands here: a demo match is never
    # written, its copy in the workspace is made first and takes the change.
    if not signed_in_reviewer():  # every change is someone's: checked where it is written
        return
    base = writable(base)
    try:
        saved = commit(base, change, store().matches)
    except RevisionConflict as exc:
        hold_conflict(base, change, exc)
        st.rerun()
    except PoloReviewError as exc:
        error_line(exc)
        return
    _after_save(saved, change, undo)
    st.rerun()


def _after_save(saved: MatchDocument, change: Change, undo: bool = False) -> None:
    remember(saved)
    if saved.merged is not None:  # someone else saved meanwhile, elsewhere in the match: both kept
        st.toast(_("Saved together with changes someone else made meanwhile (revision {rev}).", rev=saved.revision))
    if saved.renamed(change.event_id) != change.event_id:
        st.toast(_("{old} was taken meanwhile: your tag was saved as {new}.", old=change.event_id,
                   new=saved.renamed(change.event_id)))
        change = Change(change.kind, saved.renamed(change.event_id), change.event, change.index, change.previous)
    st.session_state.pop(FORM, None)
    st.session_state.pop("review.conflict", None)
    if change.kind == "put" and not undo:
        # The verdict itself is the checker's, read from the page's one check of the saved match.
        st.session_state[LAST_VERDICT] = SavedTag(change.event_id, str(saved.path), time.time_ns())
        st.session_state["review.tag_pick_next"] = change.event_id
        st.session_state.pop("review.undo", None)
    elif change.kind == "delete" and not undo:
        # The undo is saved against this revision (the one the delete made), like any other change.
        st.session_state["review.undo"] = (str(saved.path), undo_of(change), saved)
        st.session_state.pop(LAST_VERDICT, None)
    else:
        st.session_state.pop("review.undo", None)
        if change.kind == "put":
            st.session_state["review.tag_pick_next"] = change.event_id  # the restored tag
        st.toast(_("Restored tag {id}.", id=change.event_id))


def _field(value, dotted: str):
    for part in dotted.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


# A field of a tag, named as the tag form names it (translated where shown).
FIELD_NAMES = {"position.frame": N_("Frame"), "position.time_s": N_("Time"),
               "situation": N_("Situation (Rule 21 clause)"), "period": N_("Period"),
               "clock": N_("Game clock (m:ss)"), "involved.umpire": N_("Umpire who made the call"),
               "involved.players": N_("Who was involved"), "involved.mount": N_("Mount the situation concerns"),
               "reviewer": N_("Reviewer"), "notes": N_("Notes")}


def field_label(dotted: str, situation: str | None) -> str:
    """A changed field in the reviewer's words: 'call.whistle' -> 'Whistle', 'facts.x' -> the fact's label
    (the fact of `situation`, the clause of the event it is a field of)."""
    if dotted in FIELD_NAMES:
        return _(FIELD_NAMES[dotted])
    part, _sep, name = dotted.partition(".")
    if part == "call" and name:
        return call_field_label(name, lang())
    if part == "facts" and name and situation is not None:
        try:
            fact = next((f for f in provision(situation).facts if f.name == name), None)
        except (KeyError, TypeError):
            fact = None
        if fact is not None:
            return rendered(fact.label)
    return dotted


def _brief(value, dotted: str = "") -> str:
    """A field's value on one line, escaped for the table (which renders Markdown); a call's or a
    fact's value in the reviewer's words."""
    if value is None:
        return "—"
    if dotted.startswith(("call.", "facts.")) and isinstance(value, (str, bool)):
        field = dotted.split(".")[1] if dotted.startswith("call.") and dotted.count(".") == 1 else None
        return md(value_label(value, lang(), field))  # a call field's own word ("Ninguna" for a card)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return md(text)


def _as_event(version) -> Event | None:
    """One side of a difference as the event it is; None for the match's or the footage's header (or a version
    that is no whole event)."""
    if not isinstance(version, dict):
        return None
    try:
        return decode_event(version)
    except msgspec.ValidationError:
        return None


def _event_brief(event: Event) -> str:
    call = ", ".join(f"{k}={v}" for k, v in event.call.given().items())
    notes = f" · {event.notes}" if event.notes else ""
    return md(f"{event.situation} · f{event.position.frame} · {call}{notes}")


def conflict_panel(doc: MatchDocument) -> bool:
    """Shown when a save met someone else's, on that match; True while it is open. Each difference
    is a row per field with both values; the whole of both versions is one click away."""
    conflict = st.session_state.get("review.conflict")
    if not conflict or conflict["path"] != str(doc.path):
        return False
    if conflict.get("overlaps"):
        st.error(_("Not saved: someone else saved this match meanwhile (revision {theirs} on disk; you started from "
                   "revision {mine}), and you both changed the same thing. Nothing was overwritten. You differ here:",
                   theirs=conflict["theirs"].get("revision"), mine=conflict["mine_rev"]), icon=":material/warning:")
    else:
        st.error(_("Not saved: someone else saved this match meanwhile (revision {theirs} on disk; you started from "
                   "revision {mine}). Nothing was overwritten. The versions differ here:",
                   theirs=conflict["theirs"].get("revision"), mine=conflict["mine_rev"]), icon=":material/warning:")
    overlapping = overlapping_parts(conflict.get("overlaps") or [])
    diffs = [d for d in differences(conflict["mine"], conflict["theirs"])
             if not overlapping or d.what in overlapping]
    if overlapping:
        st.caption(_("Only where you both changed the same thing is shown; everything else of both versions is "
                     "kept when you make your change on the saved version."))
    elif conflict.get("overlaps"):  # the two together would not be a valid match document
        st.caption(md(" · ".join(conflict["overlaps"])))
    for diff in diffs:
        _difference(diff)
    if st.button(_("Make my change on the saved version"), key="review.conflict.apply", type="primary",
                 width="stretch"):
        _make_change_on_saved(conflict)  # reruns the page, unless the save failed (said on the page)
        return True
    if st.button(_("Discard my change"), key="review.conflict.discard", width="stretch"):
        st.session_state.pop("review.conflict", None)
        remember(store().matches.load(conflict["path"]))
        st.rerun()
    return True


def _difference(diff: Difference) -> None:
    """One difference between the two versions: what is only in one, or a table of the fields that differ with
    both values; both versions in full in an expander."""
    yours, theirs = _("Your version"), _("Saved version (on disk)")
    if diff.mine is None or diff.theirs is None:
        what = _("only in your version") if diff.theirs is None else _("only in the saved version")
        st.markdown(f"**{md(diff.what)}** · {md(what)}")
        present = _as_event(diff.mine if diff.theirs is None else diff.theirs)
        if present is not None:
            st.caption(_event_brief(present))
    else:
        fields = changed_fields(diff.mine, diff.theirs)
        mine = _as_event(diff.mine)
        names = {f: field_label(f, mine.situation if mine else None) for f in fields}
        differs = _("differs in {fields}", fields=", ".join(names.values()))
        st.markdown(f"**{md(diff.what)}** · {md(differs)}")
        st.table(pd.DataFrame([{_("Field"): md(names[f]), yours: _brief(_field(diff.mine, f), f),
                                theirs: _brief(_field(diff.theirs, f), f)} for f in fields])
                 .set_index(_("Field")))
    with st.expander(_("Both versions of {what} in full", what=md(diff.what))):
        left, right = st.columns(2)
        left.caption(yours)
        left.code(pretty(diff.mine), language="json", wrap_lines=True)
        right.caption(theirs)
        right.code(pretty(diff.theirs), language="json", wrap_lines=True)


def _make_change_on_saved(conflict: dict) -> None:
    """Replay the change on the version saved meanwhile and rerun the page; saved again meanwhile, the conflict
    shows the newest. Returns only when the save failed, said in one line."""
    try:
        saved, made = replay(conflict["path"], conflict["change"], mine=conflict["mine"],
                             base=conflict.get("base"), matches=store().matches)
    except RevisionConflict as exc:  # saved again meanwhile: show the newest
        conflict.update(mine=exc.mine, theirs=exc.theirs, base=exc.base, overlaps=exc.overlaps,
                        mine_rev=exc.mine.get("revision"))
        st.rerun()
    except PoloReviewError as exc:
        error_line(exc)
        return
    if made.event_id != conflict["change"].event_id:
        st.toast(_("{old} was taken meanwhile: your tag was saved as {new}.", old=conflict["change"].event_id,
                   new=made.event_id))
    _after_save(saved, made, undo=conflict["change"].kind == "put" and conflict["change"].index is not None)
    st.rerun()


def moved_on() -> None:
    """The reviewer went on to something else (a tag opened, a moment coded, another tag picked or jumped to):
    the last save's confirmation is no longer about what they are doing, and shown on, it reads as if the new
    action had saved (the coach's walk)."""
    st.session_state[MOVED_ON] = time.time_ns()


def shown_save(doc: MatchDocument) -> SavedTag | None:
    """The tag saved last in `doc`'s match, while nothing else was done since: its banners are shown."""
    saved = st.session_state.get(LAST_VERDICT)
    if not saved or saved.path != str(doc.path) or st.session_state.get(MOVED_ON, 0) > saved.seq:
        return None
    return saved


def verdict_banner(doc: MatchDocument, results: dict[str, dict]) -> None:
    """The verdict of the tag just saved, while its match is the one open and nothing else was done since, as
    the page's check of the match gave it (`results`: the checker's result per event id)."""
    saved = shown_save(doc)
    if not saved or saved.tag not in results:
        return
    v = results[saved.tag]
    text = "**" + _("Saved {id}: {verdict}", id=saved.tag, verdict=verdict_label(v["verdict"], lang())) + "**"
    body = md(rendered(v["explanation"]))
    box = {"consistent": st.success, "inconsistent": st.error, "discretionary": st.info}.get(v["verdict"], st.warning)
    with st.container(key="review-verdict"):
        box(f"{text} — {md(v['clause'])}: {body}", icon=VERDICT_ICONS.get(v["verdict"]))
        clause_text(provision(v["clause"]))
    # The Save button is at the foot of a long form: the verdict, at the top of the panel, is brought
    # into view once for each save (not on the runs after it, which would pull the page back up).
    scroll.into_view("review-verdict", saved.seq)


def undo_bar(doc: MatchDocument) -> None:
    """Undo the last delete, offered only on the match it was made in (undone elsewhere, the tag
    would land in another match's document)."""
    pending = st.session_state.get("review.undo")
    if not pending or pending[0] != str(doc.path):
        return
    change = pending[1]
    c1, c2 = st.columns([3, 1], vertical_alignment="center")
    c1.info(_("Deleted tag {id}.", id=change.event_id))
    if c2.button(_("Undo"), key="review.undo_button", icon=":material/undo:"):
        save_change(pending[2], change, undo=True)
