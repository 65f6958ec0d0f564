"""The one configuration: where the app finds footage and match documents, where it keeps uploads,
scores and caches, and the limits it works within. Used by the command line and the app alike.

`polo-review app` passes its folders to the Streamlit process in environment variables; with
none given the app opens on the bundled `sample_clips/` and `annotations/` (in the current
directory if they are there, else next to the package). The user's data and cache folders are the
platform's (`platformdirs`), with $XDG_DATA_HOME / $XDG_CACHE_HOME honoured on every platform.
Plain module: no streamlit.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "polo-review"
ENV_FOOTAGE = "POLO_REVIEW_FOOTAGE"
ENV_ANNOTATIONS = "POLO_REVIEW_ANNOTATIONS"
ENV_DATA = "POLO_REVIEW_DATA"  # training scores live here
ENV_CACHE = "POLO_REVIEW_CACHE"  # frame indexes and exported clips: safe to delete
ENV_EVIDENCE = "POLO_REVIEW_EVIDENCE"  # evidence cases (see review_app.evidence.store.store_root)
ENV_STORE = "POLO_REVIEW_STORE"  # the store: a folder laid out as `Folders.rooted` gives, or a postgresql:// URL
ENV_FILES = "POLO_REVIEW_FILES"  # with a database store: the shared folder of footage and evidence files
DEFAULT_EVIDENCE = "evidence_store"  # relative to the current directory, as the committee runs `polo-review evidence`

# The browser uploads a file whole into the server's memory; larger recordings belong in
# the footage folder. Passed to Streamlit as server.maxUploadSize and stated on the page.
MAX_UPLOAD_MB = 1024
# A match document is a few hundred KB; anything past this is not one, and is not read into memory.
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024

REPO_ROOT = Path(__file__).resolve().parents[1]
SAMPLE_FOOTAGE = "sample_clips"
SAMPLE_ANNOTATIONS = "annotations"


def bundled(name: str, cwd: Path | None = None) -> Path:
    """`name` in the current directory if it is a folder there, else next to the package."""
    here = (cwd or Path.cwd()) / name
    return here.resolve() if here.is_dir() else REPO_ROOT / name


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_DATA_HOME/polo-review, else the platform's user data folder (~/.local/share/polo-review)."""
    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME")
    return Path(xdg) / APP_NAME if xdg else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$POLO_REVIEW_CACHE, else $XDG_CACHE_HOME/polo-review, else the platform's user cache folder
    (~/.cache/polo-review)."""
    environ = os.environ if environ is None else environ
    explicit = environ.get(ENV_CACHE)
    if explicit:
        return Path(explicit)
    xdg = environ.get("XDG_CACHE_HOME")
    return Path(xdg) / APP_NAME if xdg else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class Folders:
    footage: Path
    annotations: Path
    data: Path
    evidence: Path | None = None  # the evidence cases; None: --store's fallbacks ($POLO_REVIEW_EVIDENCE, ...)

    @classmethod
    def rooted(cls, root: str | os.PathLike) -> Folders:
        """One folder holding everything, as `--store DIR` and `store copy` lay it out:
        annotations/, footage/ (uploads/ in it), evidence/, data/."""
        root = Path(root).expanduser().resolve()
        return cls(root / "footage", root / "annotations", root / "data", root / "evidence")

    @property
    def reviewers(self) -> Path:
        """The reviewers and their roles (`polo-review people`), on a file store."""
        return self.data / "reviewers.json"

    @property
    def uploads(self) -> Path:
        """Uploaded footage, stored under content-derived names beside the footage folder's files."""
        return self.footage / "uploads"

    @property
    def scores(self) -> Path:
        return self.data / "training-scores.json"

    @property
    def code_windows(self) -> Path:
        """Each reviewer's code window (model.coding): one record, kept with the store's other data."""
        return self.data / "code-windows.json"

    @property
    def clips(self) -> Path:
        """Short clips exported for playback: a cache, safe to delete."""
        return cache_dir() / "clips"


def folders(environ: Mapping[str, str] | None = None) -> Folders:
    environ = os.environ if environ is None else environ

    def pick(var: str, fallback: Path) -> Path:
        value = environ.get(var)
        return Path(value).expanduser().resolve() if value else fallback

    return Folders(
        footage=pick(ENV_FOOTAGE, bundled(SAMPLE_FOOTAGE)),
        annotations=pick(ENV_ANNOTATIONS, bundled(SAMPLE_ANNOTATIONS)),
        data=pick(ENV_DATA, default_data_dir(environ)),
    )


VIDEO_EXTENSIONS = (".mp4", ".m4v", ".mov", ".mkv", ".webm", ".avi", ".ts")


def footage_files(folder: Path) -> list[Path]:
    """Video files in the footage folder and its subfolders (uploads included), sorted."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in VIDEO_EXTENSIONS
                  and not p.name.startswith("."))
