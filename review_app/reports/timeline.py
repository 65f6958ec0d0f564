"""The match timeline's data, drawn by the frame view in the browser (ui/frame_timeline.js): each tag
with its frame, its window, its clause, its umpire and its verdict, and how each verdict is drawn.

Verdicts are told apart by shape as well as colour, and the colours are Okabe and Ito's set, which
stays distinct under the common colour-vision deficiencies; none of them is the cursor's (near black
with a white edge, a head on the ruler where no tag is drawn). Plain module: no streamlit."""

from __future__ import annotations

from collections.abc import Iterable

from review_app.model.coding import TO_COMPLETE
from review_app.model.event import Event
from review_app.rules.labels import verdict_label
from review_app.rules.vocabulary import VerdictKind

# verdict -> (colour, shape); the shapes are drawn by the timeline (frame_timeline.js, SHAPES). The four
# of Okabe and Ito's colours that stay furthest apart under protan, deutan and tritan vision.
VERDICT_STYLES = {
    VerdictKind.CONSISTENT: ("#56B4E9", "circle"),  # sky blue
    VerdictKind.INCONSISTENT: ("#D55E00", "cross"),  # vermillion
    VerdictKind.DISCRETIONARY: ("#0072B2", "diamond"),  # blue
    VerdictKind.INCOMPLETE: ("#F0E442", "triangle"),  # yellow
}
CURSOR_COLOR = "#111111"  # with a white edge; a line and a head on the ruler, never a shape


def marks(events: Iterable[Event], results: dict[str, dict]) -> list[dict]:
    """The tags as the timeline draws them. `events`: the match's events; `results`: the checker's
    result for each event id (its `verdict`). A tag without a window gets none (a mark at its frame)."""
    return [{
        "id": e.id, "frame": e.position.frame,
        "start": e.window.start.frame if e.window else None, "end": e.window.end.frame if e.window else None,
        "clause": e.situation, "umpire": e.umpire or "",
        "verdict": str((results.get(e.id) or {}).get("verdict") or VerdictKind.INCOMPLETE),
        "toComplete": TO_COMPLETE in e.not_recorded,
    } for e in events]


# Whistles and horns heard: their own row of downward triangles above the tags' rows, in colours apart
# from the verdicts' (none of VERDICT_STYLES), so a sound is never read as a verdict.
SOUND_COLORS = {"whistle": "#1e88e5", "horn": "#6d4c41"}  # blue, brown


def sound_marks(sounds: list[dict] | None) -> list[dict]:
    """`sounds`: dicts with kind ("whistle" | "horn"), label (its word in the page's language), frame."""
    return [{"kind": s["kind"], "label": s["label"], "frame": int(s["frame"]),
             "color": SOUND_COLORS.get(s["kind"], SOUND_COLORS["whistle"])} for s in sounds or []]


def styles(lang: str) -> dict[str, dict]:
    """Each verdict's colour, shape and name in `lang` (the legend and the tags' hints)."""
    return {str(v): {"color": color, "shape": shape, "label": verdict_label(v, lang)}
            for v, (color, shape) in VERDICT_STYLES.items()}


def data(events: Iterable[Event], results: dict[str, dict], lang: str, revision: int = 0,
         sounds: list[dict] | None = None) -> dict:
    """What the frame view's timeline draws: the tags, the whistles and horns heard (`sounds`, see
    sound_marks), the verdicts' styles, the cursor's colour, and the revision of the match they are
    from (a drag names it: the base its save is checked against)."""
    return {"marks": marks(events, results), "sounds": sound_marks(sounds), "styles": styles(lang),
            "cursor": CURSOR_COLOR, "revision": revision}
