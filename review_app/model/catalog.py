"""The match documents the app offers, and the footage a match document points at.

A new match is made in one place, `model.match_setup.new_match_data` (the app's form and `polo-review match
new` both), and saved with the store's `create`.

Documents are listed from the annotations folder (the workspace's matches), then the demo's that the
workspace holds no copy of, and read from disk whenever the file changed, so a reload after a crash
always shows the last saved state. Plain module.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.model.document import MatchDocument


@dataclass(frozen=True)
class Listed:
    path: Path
    match_id: str
    name: str
    has_footage: bool
    events: int
    error: str | None = None
    footage_error: str | None = None  # the footage path is refused; the document itself is fine
    demo: bool = False  # one of the read-only demo's; tagging on it makes a copy in the workspace
    archived: bool = False  # set aside: kept, not offered for review

    def label(self) -> str:
        if self.error:
            return f"⚠ {self.path.name}"
        return f"{self.name} ({self.match_id})" if self.name and self.name != self.match_id else self.match_id


def stamp(path: Path) -> tuple[int, int] | None:
    """What changes when a file is saved again: (mtime_ns, size)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def match_documents(matches) -> list[MatchDocument]:
    """Every readable match document of `matches` (a `store.base.MatchStore`, opened by the caller), in key
    order (unreadable ones are left out)."""
    return matches.documents()


def folder_stamp(folder: Path) -> tuple:
    """What changes when any match document in `folder` is saved, added or removed."""
    files = sorted(folder.rglob("*.json")) if folder.is_dir() else []
    return tuple((str(p), stamp(p)) for p in files)


def list_matches(matches, roots: tuple[Path, ...] = (), *, demo: bool = False) -> list[Listed]:
    """The match documents the app offers: every document of `matches` (a match store), a broken one with its
    error."""
    out = []
    for key, doc in matches.scan():
        path = Path(key)
        if not isinstance(doc, MatchDocument):
            out.append(Listed(path, path.stem, path.stem, False, 0, str(doc), demo=demo))
            continue
        name, archived = doc.match.get("name") or doc.match_id, bool(doc.match.get("archived"))
        try:
            has_footage = footage_of(doc, roots) is not None
        except PoloReviewError as exc:
            out.append(Listed(path, doc.match_id, name, False, len(doc.events), footage_error=str(exc), demo=demo,
                              archived=archived))
            continue
        out.append(Listed(path, doc.match_id, name, has_footage, len(doc.events), demo=demo, archived=archived))
    return out


def list_all(matches, demo=None, roots: tuple[Path, ...] = (), *, archived: bool = False) -> list[Listed]:
    """The store's matches (`matches`: a match store), then those of the read-only `demo` (the match store
    of the demo's folder, `config.Demo.annotations`) the store holds no copy of (a copy made by tagging on a
    demo match takes its place). Archived matches only when asked for. The caller opens both stores."""
    own = list_matches(matches, roots)
    shown = []
    folder = getattr(matches, "folder", None)
    if demo is not None and (folder is None or Path(demo.folder).resolve() != Path(folder).resolve()):
        ids = {x.match_id for x in own}
        shown = [x for x in list_matches(demo, roots, demo=True) if x.match_id not in ids]
    return [x for x in own + shown if archived or not x.archived]


def footage_of(doc: MatchDocument, roots: tuple[Path, ...] = ()) -> Path | None:
    """The document's footage file if it exists; DocumentError if its path leads outside the project."""
    if not (doc.data.get("footage") or {}).get("path"):
        return None
    path = doc.footage_path(roots)
    return path if path.is_file() else None


def relative_footage(document: Path, footage: Path) -> str:
    """The footage path as the document stores it: relative to the document's folder."""
    return Path(os.path.relpath(footage.resolve(), document.resolve().parent)).as_posix()


def link_footage(doc: MatchDocument, footage: Path, info=None, *, matches) -> MatchDocument:
    """Save `doc` pointing at `footage` (with its hash and frame count when known) in `matches`, the match
    store it was read from. A document with a file names its footage relative to its folder; one kept in a database
    has no folder, and names it by its full path."""
    changed = doc.copy()
    entry: dict[str, object] = {"path": relative_footage(doc.path, footage) if doc.path else str(footage.resolve())}
    if info is not None:
        entry.update(sha256=info.sha256, frame_count=info.frame_count, fps=round(info.fps, 6))
    changed.data["footage"] = entry
    return matches.save(changed)
