"""Review page, top: choose the match document and its footage (folder or upload), or start a
new match; open the recording once per session and keep its decoder."""

from __future__ import annotations

import contextlib
from datetime import date
from pathlib import Path

import streamlit as st

from review_app.config import MAX_UPLOAD_MB, VIDEO_EXTENSIONS, footage_files
from review_app.errors import PoloReviewError
from review_app.footage.uploads import remember_name, shown_name, store_upload
from review_app.footage.viewer import FrameViewer
from review_app.model import MatchDocument, RevisionConflict
from review_app.model.catalog import (
    Listed,
    footage_of,
    link_footage,
    new_match,
)
from review_app.textsafe import md
from review_app.ui import frame_view
from review_app.ui.context import _, error_line, fixed, folders, lang, listing, progress_bar, store
from review_app.ui.review_frame import VIEW

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


def choose_match() -> MatchDocument | None:
    listed = listing()
    _apply_link_params(listed)
    if not listed:
        st.info(md(_("No match documents in {folder}.", folder=folders().annotations)))
        new_match_form()
        return None
    options = [str(x.path) for x in listed]
    pending = st.session_state.pop("review.match_next", None)
    if pending in options:
        st.session_state["review.match"] = pending
    if st.session_state.get("review.match") not in options:
        with_footage = [str(x.path) for x in listed if x.has_footage]
        st.session_state["review.match"] = (with_footage or options)[0]
    by_path = {str(x.path): x for x in listed}
    chosen = st.selectbox(_("Match"), options, format_func=fixed(options, lambda p: by_path[p].label()),
                          key="review.match")
    try:
        return current_document(Path(chosen))
    except PoloReviewError as exc:
        st.error(_("Cannot open this document: {message}", message=md(exc)), icon=":material/warning:")
        return None


def current_document(path: Path) -> MatchDocument:
    """The match as saved on disk, re-read whenever the file changed (a reload after a crash
    shows the last save). An open tag form keeps its own copy, so a change made meanwhile by
    someone else is found by the revision check when it saves."""
    doc = st.session_state.get("review.doc")
    matches = store().matches
    now = matches.stamp_of(str(path))
    if doc is None or doc.path != path or st.session_state.get("review.doc_stamp") != now:
        doc = matches.load(str(path))
        st.session_state["review.doc"] = doc
        st.session_state["review.doc_stamp"] = now
    return doc


def remember(doc: MatchDocument) -> None:
    st.session_state["review.doc"] = doc
    st.session_state["review.doc_stamp"] = store().matches.stamp_of(str(doc.path))


def choose_footage(doc: MatchDocument) -> Path | None:
    try:
        own = footage_of(doc, (folders().footage,))
    except PoloReviewError as exc:
        error_line(exc)
        own = None
    files = [p for p in footage_files(folders().footage) if own is None or p.resolve() != own.resolve()]
    # A match without its own footage opens on none: another match's recording, shown unasked,
    # would put its frames (and a link's frame number) under this match's tags.
    options = (["doc"] if own else ["none"]) + [str(p) for p in files] + ["upload"]
    if st.session_state.get("review.footage_for") != str(doc.path):
        st.session_state["review.footage_for"] = str(doc.path)
        st.session_state["review.footage"] = options[0]
    pending = st.session_state.pop("review.footage_next", None)
    if pending in options:
        st.session_state["review.footage"] = pending
    if st.session_state.get("review.footage") not in options:
        st.session_state["review.footage"] = options[0]
    root = folders().footage

    uploads = folders().uploads

    def label(option: str) -> str:
        if option == "doc":
            return _("The match's footage: {name}", name=shown_name(own, store().footage))
        if option == "upload":
            return _("Upload a recording…")
        if option == "none":
            return _("No footage (tags only)")
        p = Path(option)
        if p.parent == uploads:
            return shown_name(p, store().footage)
        return str(p.relative_to(root)) if p.is_relative_to(root) else p.name

    if own is None:
        st.info(_("This match has no footage file (a rulebook worked example, a new match, or the file is missing). "
                  "Its tags can be read and edited without it; choose or upload a recording to tag on it."))
    choice = st.selectbox(_("Footage"), options, format_func=fixed(options, label), key="review.footage")
    if choice == "upload":
        _upload()
        return None
    if choice == "none":
        return None
    path = own if choice == "doc" else Path(choice)
    if own is None or path.resolve() != own.resolve():
        st.caption(_("This footage is not the match's own; tags are saved to the match document either way."))
        if st.button(_("Use this footage for the match (saves the document)"), key="review.link"):
            viewer = open_viewer(path)
            if viewer is not None:  # the document records the file's checksum: wait for it
                update, done = progress_bar(_("Reading {name} (frame index and checksum)", name=shown_name(path)))
                viewer.source.wait(progress=update)
                done()
            try:
                remember(link_footage(doc, path, viewer.info if viewer and viewer.error is None else None))
                st.session_state["review.footage_next"] = "doc"
                st.toast(md(_("The match now points at {name}.", name=shown_name(path, store().footage))))
                st.rerun()
            except RevisionConflict as exc:
                error_line(exc)
    return path


def _upload() -> None:
    kinds = [e.lstrip(".") for e in VIDEO_EXTENSIONS]
    got = st.file_uploader(_("Recording to upload (up to {mb} MB; larger files go in the footage folder)",
                             mb=MAX_UPLOAD_MB), type=kinds, key="review.upload")
    if got is None or st.session_state.get("review.upload_done") == got.file_id:
        return
    update, done = progress_bar(_("storing upload"))
    try:
        stored = store_upload(got, got.name, got.size, store().footage, max_bytes=MAX_UPLOAD_MB * 2**20,
                              progress=lambda f: update("upload", f))
    except PoloReviewError as exc:
        error_line(exc)
        return
    finally:
        done()
    st.session_state["review.upload_done"] = got.file_id
    if open_viewer(stored, shown_as=got.name) is None:  # not a recording after all: keep nothing of it
        stored.unlink(missing_ok=True)
        return
    with contextlib.suppress(OSError):  # only a label: the upload itself is stored
        remember_name(stored, got.name, store().footage)
    st.session_state["review.footage_next"] = str(stored)
    st.toast(md(_("Uploaded: {name}", name=shown_name(stored, store().footage))))
    st.rerun()


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
    with st.expander(_("New match document")):
        with st.form("review.new_form"):
            match_id = st.text_input(_("Match id (letters, digits, . _ -)"), key="review.new_id", max_chars=100)
            name = st.text_input(_("Match name"), key="review.new_name", max_chars=200)
            c1, c2 = st.columns(2)
            day = c1.date_input(_("Date"), value=date.today(), key="review.new_date")
            periods = c2.number_input(_("Periods"), 1, 8, 6, key="review.new_periods")
            team_a = c1.text_input(_("Team A"), key="review.new_team_a", max_chars=100)
            team_b = c2.text_input(_("Team B"), key="review.new_team_b", max_chars=100)
            umpires = st.text_input(_("Umpires (comma-separated)"), key="review.new_umpires", max_chars=400)
            files = footage_files(folders().footage)
            root = folders().footage
            choices = [None, *map(str, files)]
            received, uploads = store().footage, folders().uploads
            footage = st.selectbox(_("Footage file"), choices, key="review.new_footage",
                                   format_func=fixed(choices, lambda p: _("(none)") if p is None else
                                                     shown_name(Path(p), received) if Path(p).parent == uploads
                                                     else str(Path(p).relative_to(root))))
            if not st.form_submit_button(_("Create match"), key="review.new_create"):
                return
        try:
            doc = new_match(store().matches, match_id=match_id, name=name, day=day, periods=int(periods),
                            teams=(team_a, team_b), umpires=umpires.split(","),
                            footage=Path(footage) if footage else None)
        except PoloReviewError as exc:
            error_line(exc)
            return
        st.session_state["review.match_next"] = str(doc.path)
        st.rerun()


__all__ = ["choose_footage", "choose_match", "current_document", "lang", "open_viewer", "remember"]
