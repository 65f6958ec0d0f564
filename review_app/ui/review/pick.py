"""Review page, top: choose the match and the footage to review it on (its own, another attached to it,
or one attached now); open the recording once per session and keep its decoder. A demo match is
read-only: changing it first makes the workspace's copy (`writable`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from review_app.config import footage_files
from review_app.errors import PoloReviewError
from review_app.footage.uploads import shown_name
from review_app.footage.viewer import FrameViewer
from review_app.model import MatchDocument, RevisionConflict, load_document
from review_app.model.catalog import Listed, footage_of, stamp
from review_app.model.demo import copy_to_workspace, is_demo
from review_app.model.recordings import attach, recording_path, recordings
from review_app.store import DatabaseError
from review_app.textsafe import md
from review_app.ui import frame_view
from review_app.ui.context import (
    _,
    error_line,
    fixed,
    folders,
    lang,
    listing,
    progress_bar,
    reviewer,
    roots,
    shown_in_language,
    signed_in_reviewer,
    store,
)
from review_app.ui.footage_intake import intake_forms

# The Review page's frame view (drawn by review.frame; picking another match rewinds it). Kept here, where
# the page starts, so review.frame and the modules it draws with can import this one without a cycle.
VIEW = "review.frame"
OPEN_WAIT_S = 0.15  # how long opening waits for the index before showing the first frame alone


def _apply_link_params(listed: list[Listed]) -> None:
    """`?match=<id>&frame=<n>` (the Report page's links) open that match at that frame."""
    qp = st.query_params
    wanted = qp.get("match")
    if not wanted:
        return
    hit = next((x for x in listed if x.match_id == wanted), None)
    if hit is not None:
        st.session_state["review.match"] = str(hit.path)
        frame = qp.get("frame")
        if frame is not None and str(frame).isdigit():
            st.session_state["review.goto"] = (str(hit.path), int(frame))
        if qp.get("event"):
            st.session_state["review.tag_pick_next"] = qp.get("event")  # the tag, with or without footage
    for name in ("match", "frame", "event"):
        if name in qp:
            del qp[name]


def match_label(x: Listed) -> str:
    """A match in the pickers: the demo's marked read-only."""
    return _("Demo (read-only) · {match}", match=x.label()) if x.demo else x.label()


def choose_match() -> MatchDocument | None:
    listed = listing()
    _apply_link_params(listed)
    if not listed:
        st.info(md(_("No matches yet in {folder}.", folder=folders().annotations)))
        st.page_link("app_pages/matches.py", label=_("Set up a match"), icon=":material/add:")
        return None
    options = [str(x.path) for x in listed]
    pending = st.session_state.pop("review.match_next", None)
    if pending in options:
        st.session_state["review.match"] = pending
    if st.session_state.get("review.match") not in options:
        with_footage = [str(x.path) for x in listed if x.has_footage]
        st.session_state["review.match"] = (with_footage or options)[0]
    by_path = {str(x.path): x for x in listed}
    chosen = st.selectbox(_("Match"), options, format_func=fixed(options, lambda p: match_label(by_path[p])),
                          key="review.match")
    if by_path[chosen].demo:
        st.caption(md(_("A demo match: read-only. Tagging on it first copies it into your workspace ({folder}); "
                        "the demo itself never changes.", folder=folders().annotations)))
    copied = st.session_state.get("review.demo_copy")
    if copied and copied == chosen:
        st.info(md(_("This is your own copy of the demo match, saved in your workspace: {path}. Your tags go "
                     "here; the demo is unchanged.", path=chosen)), icon=":material/content_copy:")
    try:
        return current_document(Path(chosen))
    except PoloReviewError as exc:
        st.error(_("Cannot open this document: {message}", message=md(exc)), icon=":material/warning:")
        return None


def writable(doc: MatchDocument) -> MatchDocument:
    """The match to change: `doc` itself, or for a demo match the workspace's copy of it, made now
    (the page then switches to the copy, at the same frame)."""
    if not is_demo(doc.path, folders()):
        return doc
    copy = copy_to_workspace(doc, store(), folders().demo, by=reviewer())
    st.session_state["review.match_next"] = str(copy.path)
    st.session_state["review.demo_copy"] = str(copy.path)
    st.session_state["review.goto"] = (str(copy.path), int(st.session_state.get("review.pos", 0)))
    return copy


def current_document(path: Path) -> MatchDocument:
    """The match as saved on disk, re-read whenever the file changed (a reload after a crash
    shows the last save). An open tag form keeps its own copy, so a change made meanwhile by
    someone else is found by the revision check when it saves."""
    doc = st.session_state.get("review.doc")
    demo = is_demo(path, folders())  # the demo's documents are files beside the package, never the store's
    try:
        now = stamp(path) if demo else store().matches.stamp_of(str(path))
    except DatabaseError as exc:
        if doc is None or doc.path != path:
            raise
        error_line(exc)  # the database is away: the match as last read, so the open form keeps what was typed
        return doc
    if doc is None or doc.path != path or st.session_state.get("review.doc_stamp") != now:
        doc = load_document(path) if demo else store().matches.load(str(path))
        st.session_state["review.doc"] = doc
        st.session_state["review.doc_stamp"] = now
    return doc


def remember(doc: MatchDocument) -> None:
    st.session_state["review.doc"] = doc
    st.session_state["review.doc_stamp"] = store().matches.stamp_of(str(doc.path))


def choose_footage(doc: MatchDocument) -> Path | None:
    """The recording to review on: the match's own (the one its tags were made on), another attached to
    it, or a file in the footage folder; footage comes in only attached to this match (upload or path)."""
    own, options, names = _footage_options(doc)
    if st.session_state.get("review.footage_for") != str(doc.path):
        st.session_state["review.footage_for"] = str(doc.path)
        st.session_state["review.footage"] = options[0]
    pending = st.session_state.pop("review.footage_next", None)
    if pending in options:
        st.session_state["review.footage"] = pending
    if st.session_state.get("review.footage") not in options:
        st.session_state["review.footage"] = options[0]
    if own is None:
        st.info(_("This match has no footage yet (a rulebook worked example, a new match, or the file is missing). "
                  "Its tags can be read and edited without it; attach a recording to tag on it."))
    shown_in_language("review.footage")
    choice = st.selectbox(_("Footage"), options, format_func=fixed(options, _footage_label(own, names)),
                          key="review.footage")
    if choice == "attach":
        target = writable(doc) if is_demo(doc.path, folders()) else doc
        intake_forms(target, "review.intake", _save_attached)
        return None
    if choice == "none":
        return None
    path = own if choice == "doc" else Path(choice)
    if own is None or path.resolve() != own.resolve():
        _offer_to_review_on(doc, path)
    return path


def _footage_options(doc: MatchDocument) -> tuple[Path | None, list[str], dict[str, str | None]]:
    """(the match's own footage or None, the footage picker's options, the names the attached files came with by
    path): "doc" (or "none"), the other recordings attached, the footage folder's files, then "attach"."""
    where = roots()
    try:
        own = footage_of(doc, where)
    except PoloReviewError as exc:
        error_line(exc)
        own = None
    attached = []
    for entry in recordings(doc):
        path = recording_path(doc, entry, where)
        if path is not None and (own is None or path.resolve() != own.resolve()):
            attached.append(path)
    uploads = folders().uploads
    folder_files = [p for p in footage_files(folders().footage) if not p.is_relative_to(uploads)
                    and (own is None or p.resolve() != own.resolve()) and p not in attached]
    names = {str(recording_path(doc, e, where)): e.get("name") for e in recordings(doc)}
    options = (["doc"] if own else ["none"]) + [str(p) for p in (*attached, *folder_files)] + ["attach"]
    return own, options, names


def _footage_label(own: Path | None, names: dict[str, str | None]):
    """How the footage picker shows an option of `_footage_options`."""
    root = folders().footage

    def label(option: str) -> str:
        if option == "doc":
            return _("The match's footage: {name}", name=names.get(str(own)) or shown_name(own, store().footage))
        if option == "attach":
            return _("Attach footage to this match…")
        if option == "none":
            return _("No footage (tags only)")
        p = Path(option)
        if option in names and names[option]:
            return _("Attached: {name}", name=names[option])
        return str(p.relative_to(root)) if p.is_relative_to(root) else p.name

    return label


def _offer_to_review_on(doc: MatchDocument, path: Path) -> None:
    """Footage other than the match's own on screen: a button that makes it the footage the match is reviewed on
    (attached with its checksum, and saved)."""
    st.caption(_("This footage is not the one the match is reviewed on; tags are saved to the match document "
                 "either way, with frames of the footage on screen."))
    if not (st.button(_("Review the match on this footage (saves the document)"), key="review.link")
            and signed_in_reviewer()):
        return
    viewer = open_viewer(path)
    if viewer is None:
        return
    # the document records the file's checksum: wait for it
    update, done = progress_bar(_("Reading {name} (frame index and checksum)",
                                  name=shown_name(path, store().footage)))
    viewer.source.wait(progress=update)
    done()
    try:
        target = writable(doc)
        how = "registered" if not path.is_relative_to(folders().footage) else "folder"
        remember(store().matches.save(attach(target, path, how=how, sha256=viewer.info.sha256,
                                      size=viewer.info.file_size, name=path.name, by=reviewer(),
                                      info=viewer.info, review_on=True)))
        st.session_state["review.footage_next"] = "doc"
        st.toast(md(_("The match is now reviewed on {name}.", name=shown_name(path, store().footage))))
        st.rerun()
    except PoloReviewError as exc:
        error_line(exc)


def save_change(doc: MatchDocument, change: Callable[[MatchDocument], MatchDocument], note: str,
                conflict: str) -> MatchDocument | None:
    """Save `change(doc)` (a demo match: on its copy in the workspace) through the store, its revision check and
    merge, for the reviewer signed in: None with no one signed in (a change is someone's, checked where it is
    written), or when it was not saved, the page's next run saying why from `st.session_state[note]`, a
    (kind, text): `conflict` (a message id) when someone else saved the match meanwhile, else the error."""
    if not signed_in_reviewer():
        return None
    target = writable(doc)
    try:
        saved = store().matches.save(change(target))
    except RevisionConflict:
        st.session_state[note] = ("error", _(conflict))
        return None
    except PoloReviewError as exc:
        st.session_state[note] = ("error", _("Error: {message}", message=md(exc)))
        return None
    remember(saved)
    return saved


def _save_attached(changed: MatchDocument) -> MatchDocument:
    saved = store().matches.save(changed)
    remember(saved)
    st.session_state["review.match_next"] = str(saved.path)
    st.session_state["review.footage_next"] = "doc"
    return saved


def open_viewer(path: Path, shown_as: str | None = None) -> FrameViewer | None:
    """The session's viewer of `path`, opened the first time it is asked for: its first frame at
    once, its index built in the background (the frame area shows the progress). A file that is no
    video is one line on the page. `shown_as`: the name the reviewer knows the file by (an upload's
    own name, not its stored one)."""
    viewer = st.session_state.get("review.viewer")
    if viewer is not None and viewer.path == path:
        return viewer
    st.session_state.pop("review.viewer", None)
    try:
        viewer = FrameViewer(path, wait=False)
        viewer.source.wait(OPEN_WAIT_S)  # a small or known file is ready by then: no progress shown
    except PoloReviewError as exc:
        if shown_as:
            exc = PoloReviewError(problem_of(exc), path=shown_as)
        error_line(exc)
        return None
    st.session_state["review.viewer"] = viewer
    st.session_state["review.pos"] = 0
    frame_view.seek(VIEW, 0)
    return viewer


def problem_of(exc: PoloReviewError) -> str:
    """The error's message without the path it starts with."""
    text = str(exc)
    return text[len(exc.path) + 2:] if exc.path and text.startswith(f"{exc.path}: ") else text


def new_match_form() -> None:
    # short: a page link is one line, cut with "…" where the panel is narrow
    st.page_link("app_pages/matches.py", label=_("New match: Matches page"), icon=":material/add:",
                 help=_("New match, teams, rosters and footage: the Matches page"))


__all__ = ["choose_footage", "choose_match", "current_document", "lang", "open_viewer", "remember", "writable"]
