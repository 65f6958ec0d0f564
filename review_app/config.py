"""The one configuration: where the app finds footage and match documents, where it keeps uploads,
scores and caches, and the limits it works within. Used by the command line and the app alike.

Everything the app writes goes to one workspace folder: `--workspace DIR` ($POLO_REVIEW_WORKSPACE),
else the platform's user data folder (`platformdirs`; $XDG_DATA_HOME honoured on every platform):

    <workspace>/matches/              match documents
    <workspace>/footage/uploads/      footage received, read-only, under its SHA-256
    <workspace>/evidence/             21.f(5) evidence cases (unless $POLO_REVIEW_EVIDENCE says otherwise)
    <workspace>/*.json                training scores, trainees' passphrases, teaching examples,
                                      footage registered by path
    <workspace>/demo/                 the demo, generated on first run where no checkout ships it
    <workspace>/cache/                frame indexes, sounds heard, clips, quiz versions, the compiled
                                      catalogue: safe to delete
                                      (unless $POLO_REVIEW_CACHE names another folder)

The bundled `sample_clips/` and `annotations/` beside the package are a read-only demo: the app lists
them, and tagging on one first copies it into the workspace (`model.demo`). `--footage`,
`--annotations` and `--data` still name folders of the user's own, which the app then writes to (and
no demo is shown). `polo-review app` passes its choices to the Streamlit process in environment
variables. Plain module: no streamlit.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "polo-review"
ENV_WORKSPACE = "POLO_REVIEW_WORKSPACE"  # the folder the app keeps everything it writes in
ENV_FOOTAGE = "POLO_REVIEW_FOOTAGE"
ENV_ANNOTATIONS = "POLO_REVIEW_ANNOTATIONS"
ENV_DATA = "POLO_REVIEW_DATA"  # training scores live here
ENV_CACHE = "POLO_REVIEW_CACHE"  # frame indexes, sounds, clips, quiz versions, catalogues: safe to delete
CACHE_FOLDER = "cache"  # in the workspace, where the app keeps its cache unless $POLO_REVIEW_CACHE says
ENV_EVIDENCE = "POLO_REVIEW_EVIDENCE"  # evidence cases (see review_app.store.filestore.evidence.store_root)
ENV_STORE = "POLO_REVIEW_STORE"  # the store: a folder laid out as `Folders.rooted` gives, or a postgresql:// URL
ENV_FILES = "POLO_REVIEW_FILES"  # with a database store: the shared folder of footage and evidence files
DEFAULT_EVIDENCE = "evidence_store"  # relative to the current directory, as the committee runs `polo-review evidence`

# A recording or a piece of evidence is streamed to the server's disk as it is uploaded (review_app/ui/upload_route.py),
# never held whole in its memory; larger recordings belong in the footage folder. Stated on the page.
MAX_UPLOAD_MB = 1024
# A roster is a small CSV, the one file still taken by Streamlit's own uploader, which holds it in the server's memory:
# its limit, and Streamlit's server.maxUploadSize (`polo-review app`), so no large file can go that way.
MAX_ROSTER_MB = 2
# A match document is a few hundred KB; anything past this is not one, and is not read into memory.
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024

REPO_ROOT = Path(__file__).resolve().parents[1]
SAMPLE_FOOTAGE = "sample_clips"
SAMPLE_ANNOTATIONS = "annotations"


def package_samples() -> tuple[Path, Path] | None:
    """The sample clips and their documents shipped beside the package (a checkout), if they are there."""
    footage, annotations = REPO_ROOT / SAMPLE_FOOTAGE, REPO_ROOT / SAMPLE_ANNOTATIONS
    if footage.is_dir() and annotations.is_dir() and any(annotations.glob("*.json")):
        return footage, annotations
    return None


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$XDG_DATA_HOME/polo-review, else the platform's user data folder (~/.local/share/polo-review)."""
    environ = os.environ if environ is None else environ
    xdg = environ.get("XDG_DATA_HOME")
    return Path(xdg) / APP_NAME if xdg else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$POLO_REVIEW_CACHE; else, with a workspace ($POLO_REVIEW_WORKSPACE, which `polo-review app`
    always sets), its `cache/` folder, so the app writes nothing outside its workspace; else (a
    command run on its own) $XDG_CACHE_HOME/polo-review, else the platform's user cache folder
    (~/.cache/polo-review)."""
    environ = os.environ if environ is None else environ
    explicit = environ.get(ENV_CACHE)
    if explicit:
        return Path(explicit)
    if environ.get(ENV_WORKSPACE):
        return workspace_dir(environ) / CACHE_FOLDER
    xdg = environ.get("XDG_CACHE_HOME")
    return Path(xdg) / APP_NAME if xdg else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def workspace_dir(environ: Mapping[str, str] | None = None) -> Path:
    """$POLO_REVIEW_WORKSPACE, else the platform's user data folder (~/.local/share/polo-review)."""
    environ = os.environ if environ is None else environ
    given = environ.get(ENV_WORKSPACE)
    return Path(given).expanduser().resolve() if given else default_data_dir(environ)


@dataclass(frozen=True)
class Demo:
    """The read-only demo: sample clips and their expert documents."""

    footage: Path
    annotations: Path
    shipped: bool  # beside the package (a checkout); False: generated into the workspace on first run


@dataclass(frozen=True)
class Folders:
    footage: Path
    annotations: Path
    data: Path
    evidence: Path | None = None  # the evidence cases; None: --store's fallbacks ($POLO_REVIEW_EVIDENCE, ...)
    workspace: Path | None = None
    demo: Demo | None = None  # None: the user named their own annotations folder, or a store

    @classmethod
    def rooted(cls, root: str | os.PathLike) -> Folders:
        """One folder holding everything, as `--store DIR` and `store copy` lay it out:
        annotations/, footage/ (uploads/ in it), evidence/, data/. A folder the app already uses as its
        workspace (`is_workspace`) is read as the app reads it (`folders`), so `polo-review people NAME
        --store WORKSPACE` gives the role the app started with `--workspace WORKSPACE` sees."""
        root = Path(root).expanduser().resolve()
        if is_workspace(root):
            return dataclasses.replace(folders({ENV_WORKSPACE: str(root)}), demo=None)
        return cls(root / "footage", root / "annotations", root / "data", root / "evidence")

    @property
    def reviewers(self) -> Path:
        """The reviewers, their roles and hashed passphrases (`polo-review people`), on a file store."""
        return self.data / "reviewers.json"

    @property
    def registered(self) -> Path:
        """Footage registered by path (never copied): where each file is, its SHA-256 and size."""
        return self.data / "registered-footage.json"

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

    workspace = workspace_dir(environ)
    return Folders(
        footage=pick(ENV_FOOTAGE, workspace / "footage"),
        annotations=pick(ENV_ANNOTATIONS, workspace / "matches"),
        data=pick(ENV_DATA, workspace),
        evidence=pick(ENV_EVIDENCE, workspace / "evidence"),
        workspace=workspace,
        demo=None if environ.get(ENV_ANNOTATIONS) else demo_folders(workspace),
    )


# What the app leaves in a workspace (`folders`) and a store folder (`Folders.rooted`) never holds at its top.
WORKSPACE_MARKS = ("matches", "reviewers.json", "training-scores.json", "registered-footage.json", "code-windows.json",
                   CACHE_FOLDER, "demo")
STORE_FOLDER_MARKS = ("annotations", "data")


def is_workspace(folder: Path) -> bool:
    """Whether `folder` is laid out as an app's workspace (matches/, reviewers.json, ... at its top) rather than
    as a store folder (annotations/, data/): a folder holding neither yet is taken for a store folder."""
    if any((folder / name).exists() for name in STORE_FOLDER_MARKS):
        return False
    return any((folder / name).exists() for name in WORKSPACE_MARKS)


def demo_folders(workspace: Path) -> Demo:
    """The samples beside the package if it is a checkout, else the workspace's generated copy."""
    shipped = package_samples()
    if shipped:
        return Demo(*shipped, shipped=True)
    return Demo(workspace / "demo" / SAMPLE_FOOTAGE, workspace / "demo" / SAMPLE_ANNOTATIONS, shipped=False)


VIDEO_EXTENSIONS = (".mp4", ".m4v", ".mov", ".mkv", ".webm", ".avi", ".ts")


def footage_files(folder: Path) -> list[Path]:
    """Video files in the footage folder and its subfolders (uploads included), sorted."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in VIDEO_EXTENSIONS
                  and not p.name.startswith("."))
