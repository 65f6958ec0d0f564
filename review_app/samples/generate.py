"""Render every sample clip and, if asked, write its match document next to the others."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from review_app.errors import PoloReviewError
from review_app.samples.documents import document, document_name
from review_app.samples.render import Clip, render_clip
from review_app.samples.scenarios import BUILDERS, build


@dataclass(frozen=True)
class Generated:
    name: str
    clip: Clip
    document: Path | None


def generate(out_dir: str | os.PathLike, annotations_dir: str | os.PathLike | None = None,
             only: Iterable[str] | None = None,
             progress: Callable[[Generated], None] | None = None) -> list[Generated]:
    names = list(only) if only else list(BUILDERS)
    unknown = [n for n in names if n not in BUILDERS]
    if unknown:
        raise PoloReviewError(f"unknown scenario {', '.join(unknown)}; choose from {', '.join(BUILDERS)}")
    done = []
    for name in names:
        sc = build(name)
        clip = render_clip(sc, out_dir)
        doc_path = None
        if annotations_dir is not None:
            doc_path = write_document(sc, clip.path, annotations_dir)
        item = Generated(name, clip, doc_path)
        done.append(item)
        if progress:
            progress(item)
    return done


def write_document(sc, clip_path: Path, annotations_dir: str | os.PathLike) -> Path:
    """Build, validate against the annotation schema and save (atomically) the clip's document."""
    from review_app.ground.files import atomic_write_json
    from review_app.model import validate

    annotations_dir = Path(annotations_dir)
    path = annotations_dir / document_name(sc)
    data = document(sc, clip_path, annotations_dir)
    validate(data, path)
    atomic_write_json(path, data)
    return path
