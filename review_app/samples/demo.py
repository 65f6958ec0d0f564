"""Rendering the demo into the workspace where no checkout ships it (an installed package ships no clips):
the sample scenarios rendered once, as `polo-review samples` does. What the app does with the demo once it
is there (never written; a match copied into the workspace before it is tagged) is `model.demo`'s."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from review_app.config import Demo
from review_app.ground.files import durable_replace, lock_for


def ready(demo: Demo | None) -> bool:
    return demo is not None and demo.annotations.is_dir() and any(demo.annotations.glob("*.json"))


def ensure_demo(demo: Demo | None, progress: Callable[[int, int, str], None] | None = None) -> bool:
    """Render the demo into the workspace if it is not there yet (an installed package ships no clips).
    Returns True if it was made now. Rendered into a temporary folder and renamed into place, so an
    interrupted first run leaves no half demo; under a lock, so two first runs render it once."""
    if demo is None or demo.shipped or ready(demo):
        return False
    from review_app.samples.generate import generate
    from review_app.samples.scenarios import BUILDERS

    root = demo.annotations.parent  # <workspace>/demo
    root.parent.mkdir(parents=True, exist_ok=True)
    with lock_for(root.parent / "demo-render"):
        if ready(demo):
            return False
        partial = Path(tempfile.mkdtemp(prefix=".demo.", dir=root.parent))
        try:
            total = len(BUILDERS)
            done = []

            def step(item) -> None:
                done.append(item.name)
                if progress:
                    progress(len(done), total, item.name)

            generate(partial / demo.footage.name, partial / demo.annotations.name, progress=step)
            if root.exists():  # an empty or broken earlier attempt: replaced whole
                shutil.rmtree(root)
            durable_replace(partial, root)
        finally:
            if partial.exists():
                shutil.rmtree(partial, ignore_errors=True)
    return True
