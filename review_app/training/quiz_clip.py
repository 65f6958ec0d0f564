"""The footage a question is shown on. A sample clip carries its clause and its running captions on
screen ("Rule 21.a - Safety", "... whistle at once"), which would give the answer away; a question on
one is shown on the quiz version of the same scenario, drawn without them (`samples.render`, quiz=True),
frame for frame the same otherwise. Rendered once into the cache. Any other footage is shown as it is.
Plain module.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from review_app.ground.files import lock_for
from review_app.model.document import MatchDocument

SAMPLE_PREFIX = "sample-"


# What the quiz version leaves out changed (2: the cue boxes too), so a version cached before is made again.
QUIZ_RENDER = 2


def sample_scenarios(demo: Iterable[MatchDocument]) -> dict[str, str]:
    """{the SHA-256 of a demo clip: its scenario}, from the demo's own documents."""
    from review_app.samples.scenarios import BUILDERS

    out = {}
    for doc in demo:
        name = doc.match_id.removeprefix(SAMPLE_PREFIX)
        sha = (doc.data.get("footage") or {}).get("sha256")
        if doc.match_id.startswith(SAMPLE_PREFIX) and name in BUILDERS and sha:
            out[sha] = name
    return out


def quiz_footage(footage: str | Path, sha256: str | None, scenarios: dict[str, str], cache: Path) -> Path:
    """The footage to show a question on: the quiz version of a sample clip, else the footage itself."""
    name = scenarios.get(sha256 or "")
    if name is None:
        return Path(footage)
    folder = cache / "quiz" / f"v{QUIZ_RENDER}-{sha256[:16]}"
    target = folder / f"{name}.mp4"
    if target.is_file():
        return target
    from review_app.samples.render import render_clip
    from review_app.samples.scenarios import build

    folder.mkdir(parents=True, exist_ok=True)
    with lock_for(folder / "render"):  # two sessions asking at once render it once
        if not target.is_file():
            render_clip(build(name), folder, quiz=True)  # written whole under another name, then renamed
    return target
