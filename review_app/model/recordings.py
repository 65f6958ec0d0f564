"""The footage of a match: every recording attached to it and how, and the one it is reviewed on.

Footage comes in only by an explicit step that names the match:
- an upload, stored read-only under its SHA-256 with the footage received (`store.open_footage`);
- a file already on the server's disk, of any size, registered where it lies: never copied, its
  SHA-256 and size recorded, its write permission removed, and the path added to the workspace's
  register of footage (`FootageRegister`). A match document alone cannot make the app open a file
  outside the workspace (a shared document could name any file); the register, written only when a
  user registers a file, is what allows it (`allowed_roots`).

The document's `recordings` list keeps each attachment (path, SHA-256, size, the name it came with,
how, when, by whom); `footage` is the recording the tags' frames refer to. Plain module.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from review_app.config import VIDEO_EXTENSIONS, Folders
from review_app.errors import PoloReviewError
from review_app.ground.files import file_sha256
from review_app.i18n import Message
from review_app.model.document import MatchDocument, recordings, utc_now_text

log = logging.getLogger(__name__)

REGISTER_VERSION = 1
HOW = ("upload", "registered", "folder", "demo")


class RecordingError(PoloReviewError):
    """A file that cannot be registered or attached (missing, a folder, not a video file name)."""


@dataclass(frozen=True)
class Registered:
    path: Path
    sha256: str
    size: int
    mtime_ns: int
    registered_utc: str
    by: str | None
    read_only: bool  # its write permission was removed (False: the owner would not allow it)

    def changed(self) -> Message | None:
        """What differs on disk since it was registered, or None (size and modification time: a
        re-hash of a large file on every open would cost minutes)."""
        try:
            st = self.path.stat()
        except OSError:
            return Message("the registered file is no longer at {path}", path=str(self.path))
        if st.st_size != self.size or st.st_mtime_ns != self.mtime_ns:
            return Message("{path} changed since it was registered (size or time differ); register it again to "
                           "record its new SHA-256", path=str(self.path))
        return None


class FootageRegister:
    """Footage registered by path in one workspace: a small record changed under its lock. `records`: the
    record store that keeps it (`store.base.RecordStore`, opened by the caller: `store.open_register`)."""

    def __init__(self, records):
        self.records = records
        self.path = getattr(records, "path", None)  # names the register in errors

    def _data(self) -> dict:
        try:
            data = self.records.read()
        except (OSError, ValueError) as exc:
            raise RecordingError(f"cannot read the register of footage ({exc})", path=self.path) from None
        if data is None:
            return {"version": REGISTER_VERSION, "files": []}
        if not isinstance(data, dict) or not isinstance(data.get("files"), list):
            raise RecordingError("not a register of footage", path=self.path)
        return data

    def entries(self) -> list[Registered]:
        out = []
        for f in self._data()["files"]:
            try:
                out.append(Registered(Path(f["path"]), f["sha256"], int(f["size"]), int(f["mtime_ns"]),
                                      f.get("registered_utc", ""), f.get("by"), bool(f.get("read_only"))))
            except (KeyError, TypeError, ValueError):
                continue  # a damaged entry allows nothing
        return out

    def find(self, path: str | os.PathLike) -> Registered | None:
        path = Path(path).resolve()
        return next((e for e in self.entries() if e.path == path), None)

    def register(self, path: str | os.PathLike, by: str | None = None, *, sha256: str | None = None,
                 progress: Callable[[float], None] | None = None) -> Registered:
        """Hash the file where it lies (never copied; `sha256` if the caller hashed it already), remove
        its write permission, and record it."""
        target = checked_path(path)
        try:
            sha = sha256 or file_sha256(target, progress)
        except OSError as exc:
            raise RecordingError(f"cannot be read ({exc.strerror or exc})", path=target) from None
        read_only = _make_read_only(target)
        st = target.stat()
        entry = {"path": str(target), "sha256": sha, "size": st.st_size, "mtime_ns": st.st_mtime_ns,
                 "registered_utc": utc_now_text(), "by": by, "read_only": read_only}

        def add(data: object | None) -> dict:
            listed = data["files"] if isinstance(data, dict) and isinstance(data.get("files"), list) else []
            files = [f for f in listed if not (isinstance(f, dict) and f.get("path") == str(target))]
            return {"version": REGISTER_VERSION, "files": [*files, entry]}

        self.records.update(add)
        found = self.find(target)
        if found is None:  # the register as read back does not list what was just added to it
            raise RecordingError("was not kept in the footage register", path=target)
        return found


def checked_path(path: str | os.PathLike) -> Path:
    """The file a user typed the path of, if it can be registered: one line saying why not otherwise."""
    given = str(path).strip().strip('"').strip("'")
    if not given:
        raise RecordingError("give the path of a video file on this computer")
    target = Path(given).expanduser()
    if not target.is_absolute():
        raise RecordingError("give the full path (starting with /), as the server sees it", path=given)
    target = target.resolve()
    if not target.exists():
        raise RecordingError("no such file on this computer", path=given)
    if not target.is_file():
        raise RecordingError("is not a file", path=given)
    if target.suffix.lower() not in VIDEO_EXTENSIONS:
        raise RecordingError(f"not a video file extension ({target.suffix or 'none'}); accepted: "
                             f"{', '.join(VIDEO_EXTENSIONS)}", path=given)
    return target


def _make_read_only(path: Path) -> bool:
    """Remove every write permission; False if the file's owner does not allow it."""
    try:
        mode = path.stat().st_mode
        os.chmod(path, stat.S_IMODE(mode) & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    except OSError:
        return False
    return True


def allowed_roots(folders: Folders, register: FootageRegister) -> tuple[Path, ...]:
    """Where a match document's footage may be: the footage folder, the demo's clips, and each file
    registered by path in this workspace (`register`, `store.open_register(folders)`)."""
    roots = [folders.footage]
    if folders.demo is not None:
        roots.append(folders.demo.footage)
    try:
        roots += [e.path for e in register.entries()]
    except RecordingError as exc:
        # an unreadable register allows nothing more; the page that registers says why to the user
        log.warning("footage register not read, no registered path allowed: %s", exc)
    return tuple(roots)


# -- the document's side ---------------------------------------------------------------------------

def stored_path(doc: MatchDocument, footage: Path) -> str:
    """How the document names a recording: relative to its folder inside the workspace, absolute outside."""
    from review_app.model.catalog import relative_footage

    if doc.path is not None and footage.resolve().is_relative_to(doc.path.resolve().parent.parent):
        return relative_footage(doc.path, footage)
    return str(footage.resolve())


def attach(doc: MatchDocument, footage: Path, *, how: str, sha256: str, size: int | None = None,
           name: str | None = None, by: str | None = None, info=None, review_on: bool | None = None,
           ) -> MatchDocument:
    """A copy of `doc` with `footage` among its recordings (once: the same SHA-256 again updates the
    entry). It becomes the footage reviewed on if `review_on`, or by default when the match has none."""
    if how not in HOW:
        raise ValueError(how)
    changed = doc.copy()
    path = stored_path(doc, footage)
    entry: dict[str, object] = {"path": path, "sha256": sha256, "how": how, "added_utc": utc_now_text()}
    if size is not None:
        entry["size"] = int(size)
    if name:
        entry["name"] = " ".join(os.path.basename(name).split())[:200] or None
    if by:
        entry["added_by"] = by
    if info is not None:
        entry.update(frame_count=info.frame_count, fps=round(info.fps, 6))
    kept = [r for r in recordings(doc) if r.get("sha256") != sha256]
    changed.data["recordings"] = [*kept, {k: v for k, v in entry.items() if v is not None}]
    if review_on or (review_on is None and not (doc.data.get("footage") or {}).get("path")):
        _review_on(changed, entry)
    return changed


def _review_on(changed: MatchDocument, entry: dict) -> None:
    """`changed` reviewed on `entry`, its other recordings' offsets measured from it where they can be."""
    from review_app.model.angles import rebased

    old = (changed.data.get("footage") or {}).get("sha256")
    changed.data["footage"] = reviewed_on(entry)
    rebased(changed, old, entry.get("sha256"))


def reviewed_on(entry: dict) -> dict:
    """The document's `footage` for a recording: the path, its SHA-256 and frame count."""
    return {k: entry[k] for k in ("path", "sha256", "frame_count", "fps") if entry.get(k) is not None}


def review_on(doc: MatchDocument, sha256: str) -> MatchDocument:
    """A copy of `doc` reviewed on its recording `sha256`."""
    entry = next((r for r in recordings(doc) if r.get("sha256") == sha256), None)
    if entry is None:
        raise RecordingError(f"no recording {sha256[:12]} is attached to this match", path=doc.path)
    changed = doc.copy()
    _review_on(changed, entry)
    return changed


def recording_path(doc: MatchDocument, entry: dict, roots: tuple[Path, ...]) -> Path | None:
    """Where an attached recording is, if it is there and allowed (None otherwise)."""
    probe = MatchDocument({"match": doc.match, "footage": {"path": entry["path"]}}, doc.path)
    try:
        path = probe.footage_path(roots)
    except PoloReviewError:
        return None
    return path if path.is_file() else None
