"""Footage coming in, always to a match the user names: an upload (streamed to the server's disk by the upload view,
then stored read-only under its SHA-256), or a file already on the server's disk registered by its path (any size,
never copied, hashed and made read-only). Used by the Matches page (also for a new match, in the same step) and by
the Review page. The logic is `model.recordings`; this module adds the widgets and progress bars."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from review_app.config import MAX_UPLOAD_MB, VIDEO_EXTENSIONS
from review_app.errors import PoloReviewError
from review_app.footage import Footage
from review_app.footage.uploads import remember_name, store_upload
from review_app.i18n import Message
from review_app.model import MatchDocument
from review_app.model.document import recordings
from review_app.model.recordings import attach, checked_path, stored_path
from review_app.store import open_register
from review_app.textsafe import md
from review_app.ui import upload_view
from review_app.ui.context import _, error_line, flash, folders, progress_bar, reviewer, signed_in_reviewer, store
from review_app.ui.upload_route import Spooled

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Received:
    """A recording received and opened: where it is, what it holds, how it came."""

    path: Path
    info: object  # footage.FootageInfo
    how: str
    name: str


def _open(path: Path, shown_as: str):
    update, done = progress_bar(_("Opening {name}", name=shown_as))
    try:
        with Footage(path, progress=update) as video:
            return video.info
    finally:
        done()


def upload_folder() -> Path:
    """Where an upload is written as it arrives: the store's footage folder (files or a database's shared folder)."""
    return Path(store().footage.folder)


def recording_upload(key: str, label: str, help: str = "") -> Spooled | upload_view.Sending | None:
    """The upload view for a recording (a video file, up to MAX_UPLOAD_MB)."""
    return upload_view.upload(key, label, folder=upload_folder(), limit_mb=MAX_UPLOAD_MB,
                              extensions=VIDEO_EXTENSIONS, help=help)


def receive_upload(got: Spooled) -> Received:
    """Store an upload the server has on its disk (read-only, under its SHA-256) and open it; a file that is not a
    recording is not kept."""
    received = store().footage  # the store's footage, on files or a database's shared folder
    uploads = Path(received.folder)
    before = {p for p in uploads.glob("*") if p != got.path} if uploads.is_dir() else set()
    update, done = progress_bar(_("storing upload"))
    try:
        with got.open() as stream:
            stored = store_upload(stream, got.name, got.size, received, max_bytes=MAX_UPLOAD_MB * 2**20,
                                  progress=lambda f: update("upload", f))
    finally:
        done()
    existed = stored in before  # content-addressed: the same bytes received before land on the same name
    try:
        info = _open(stored, got.name)
    except PoloReviewError as exc:
        if not existed:
            stored.unlink(missing_ok=True)
        raise PoloReviewError(str(exc).replace(str(stored), got.name)) from None
    try:
        remember_name(stored, got.name, received)
    except OSError as exc:
        # only a label: the upload itself is stored, so a failure here costs the original name alone
        log.warning("original name of %s not remembered: %s", stored.name, exc)
    return Received(stored, info, "upload", got.name)


class IntakeRefused(PoloReviewError):
    """Registering a file by its path refused, said as one line the page translates."""

    def __init__(self, message: Message):
        self.message = message
        super().__init__(str(message))


REGISTER_FROM = "POLO_REVIEW_REGISTER_FROM"  # more folders (os.pathsep between) files may be registered from


def registration_roots() -> tuple[Path, ...]:
    """The folders a file may be registered from by its path: the footage folder and those the operator names in
    POLO_REVIEW_REGISTER_FROM; nothing else on the server's disk is opened, served or made read-only."""
    import os

    more = [Path(p).expanduser() for p in os.environ.get(REGISTER_FROM, "").split(os.pathsep) if p.strip()]
    return tuple(p.resolve() for p in (folders().footage, *more))


def may_register_by_path() -> None:
    """Registering by path opens, serves and makes read-only a file already on the server: a coach's step."""
    from review_app.ui.people_parts import signed_in

    person = signed_in("app")
    if person is None or not person.is_coach:
        raise IntakeRefused(Message("registering a file by its path needs a coach signed in; anyone signed in may "
                                    "upload"))


def receive_path(text: str) -> Received:
    """Register a file where it lies (hashed while it is opened, made read-only) and open it: a coach's step, and
    only for a file inside the configured footage folders (`registration_roots`), checked before anything else
    about it is said, so the page tells nothing of the rest of the disk."""
    may_register_by_path()
    given = Path(str(text).strip().strip('"').strip("'")).expanduser()
    roots = registration_roots()
    if not given.is_absolute() or not any(given.resolve().is_relative_to(r) for r in roots):
        # The coach is told where to put the file (the folders are the workspace's, which the sidebar shows, and
        # the operator's own); nothing is said of the path given, so the page tells nothing of the rest of the disk.
        raise IntakeRefused(Message("only a file inside the footage folders is registered by its path ({folders}: "
                                    "the footage folder, then any named in POLO_REVIEW_REGISTER_FROM when the app "
                                    "started); move it there, or upload it instead",
                                    folders=", ".join(str(r) for r in roots)))
    path = checked_path(text)
    info = _open(path, path.name)
    open_register(folders()).register(path, reviewer(), sha256=info.sha256)
    return Received(path, info, "registered", path.name)


def attached(doc: MatchDocument, got: Received, review_on: bool | None = None) -> MatchDocument:
    return attach(doc, got.path, how=got.how, sha256=got.info.sha256, size=got.info.file_size, name=got.name,
                  by=reviewer(), info=got.info, review_on=review_on)


def intake_forms(doc: MatchDocument, key: str, save: Callable[[MatchDocument], MatchDocument | None]) -> None:
    """Upload a recording to `doc`, or register one by its path; `save` stores the changed match."""
    name = doc.match.get("name") or doc.match_id
    left, right = st.columns(2, gap="medium")
    with left, st.form(f"{key}.upload_form", border=True):
        st.markdown("**" + md(_("Upload a recording to {match}", match=name)) + "**")
        got = recording_upload(f"{key}.upload", _("Recording (up to {mb} MB)", mb=MAX_UPLOAD_MB))
        st.caption(_("Stored read-only in the workspace under its SHA-256; the name it came with is kept as a label."))
        if st.form_submit_button(_("Upload and attach"), key=f"{key}.upload_go"):
            if not isinstance(got, Spooled):
                upload_missing(got, _("Choose a recording first."))
            else:
                _take(doc, lambda: receive_upload(got), save, lambda: upload_view.taken(f"{key}.upload", got))
    with right, st.form(f"{key}.path_form", border=True):
        st.markdown("**" + md(_("Register a file already on this computer for {match}", match=name)) + "**")
        text = st.text_input(_("Full path of the recording on the server"), key=f"{key}.path",
                             placeholder="/media/recordings/final.mp4", max_chars=1000)
        st.caption(_("Any size. The file stays where it is and is never copied; its SHA-256 is recorded and "
                     "its write permission removed."))
        if st.form_submit_button(_("Register and attach"), key=f"{key}.path_go"):
            _take(doc, lambda: receive_path(text), save)


def upload_missing(got: upload_view.Sending | None, choose: str) -> None:
    """The page's button was pressed with no file on the server yet: still being sent, or none chosen."""
    if isinstance(got, upload_view.Sending):
        st.warning(_("{name} is still being sent: press again once the view says it is on the server.",
                     name=md(got.name)))
    else:
        st.warning(choose)


def _take(doc: MatchDocument, receive: Callable[[], Received], save, done: Callable[[], None] = lambda: None) -> None:
    if not signed_in_reviewer():  # checked where the recording is written, whatever the page showed
        return
    try:
        got = receive()
        # the same bytes already attached under another name: attaching moves that entry here (one entry a hash)
        same = next((r for r in recordings(doc) if r.get("sha256") == got.info.sha256
                     and r.get("path") != stored_path(doc, got.path)), None)
        saved = save(attached(doc, got))
    except PoloReviewError as exc:
        error_line(exc)  # a file sent is kept for another try (or replaced by the next one chosen)
        return
    done()  # the file sent is stored under its hash: its copy as sent goes
    if saved is not None:
        match, sha = saved.match.get("name") or saved.match_id, got.info.sha256[:16] + "…"
        if same is not None:
            flash("info", _("{name} is the same recording as {before} (SHA-256 {sha}): its entry in {match} now "
                            "names {name}.", name=got.name, before=same.get("name") or Path(str(same["path"])).name,
                            match=match, sha=sha))
        else:
            flash("success", _("{name} is attached to {match} (SHA-256 {sha}).", name=got.name, match=match, sha=sha))
        st.rerun()
